"""A game's table options, declared once in its own package (``games/<game>/options.py``,
``OPTIONS``): what each option may be and its default, which the engine checks, and how
the site words it: the create form, the room header's badges, the lobby's list, the
leaderboard's modes. Pure Python."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games import core
from games.words import Said, Words, one_after_another, plural_wording, wording

ChoiceValue = str | int | None


def either(choices: Sequence[str]) -> str:
    """``["a", "b", "c"]`` as "a, b or c": for the refusals of options sent in code
    (the API's, the tests'), which name the values as the code writes them."""
    return choices[0] if len(choices) == 1 else f"{', '.join(choices[:-1])} or {choices[-1]}"


def either_of(choices: Sequence[Words]) -> Words:
    """Words for one of ``choices``, as the language says it ("a, b or c")."""
    if len(choices) == 1:
        return choices[0]
    return wording("%(some)s or %(last)s", some=one_after_another(choices[:-1]), last=choices[-1])


@dataclass(frozen=True)
class Badge:
    """How the room header shows an option: ``words`` with ``%(value)s`` for the value's
    words (None: the value's words alone)."""

    name: str  # the badge's data-testid
    words: Words | None = None
    mode: bool = False  # shown as the table's mode


@dataclass(frozen=True, kw_only=True)
class Option:
    """What every option has: a ``Choice``, a ``WholeNumber`` or a ``Switch``."""

    key: str  # in the stored options and the form's field
    label: Words
    help_text: Words | None = None
    badge: Badge | None = None  # None: the room header does not show it
    # The lobby's words for it, with ``%(value)s`` for the value's; None: not listed.
    # ``listed_alone``: the lobby says the value's words alone.
    lobby: Words | None = None
    listed_alone: bool = False

    def words(self, value: Any) -> Said:
        """The value as the room header and the lobby say it."""
        return value if isinstance(value, int) else str(value)

    def listed(self, value: Any) -> bool:
        return bool(self.lobby or self.listed_alone)


@dataclass(frozen=True)
class Value:
    """One of a choice's values."""

    value: ChoiceValue  # as the engine stores it; None: none at all ("Off")
    label: Words  # on the create form
    short: Words | None = None  # in the room header, the lobby and the leaderboard; None: the label
    listed: bool = True  # the lobby names it (a choice's usual value may go unsaid)

    @property
    def words(self) -> Words:
        return self.short or self.label


@dataclass(frozen=True, kw_only=True)
class Choice(Option):
    """One value of a few. The create form offers the default first, then the others
    in the order given; ``buttons``: as radio buttons, else as a drop-down list."""

    values: tuple[Value, ...]
    default: ChoiceValue
    buttons: bool = False
    missing_error: Words | None = None  # the form's words when none is chosen; None: the form's own
    invalid_error: Words | None = None  # and for a value that is not one of them

    @property
    def choices(self) -> tuple[ChoiceValue, ...]:
        return tuple(value.value for value in self.values)

    def value_of(self, value: Any) -> Value | None:
        return next((known for known in self.values if type(known.value) is type(value) and known.value == value), None)

    def accepts(self, value: Any) -> bool:
        return self.value_of(value) is not None

    def words(self, value: Any) -> Said:
        known = self.value_of(value)
        return known.words if known else super().words(value)

    def listed(self, value: Any) -> bool:
        known = self.value_of(value)
        return super().listed(value) and (known is None or known.listed)

    @property
    def accepted_words(self) -> Words:
        return either_of([value.label for value in self.offered])

    @property
    def default_words(self) -> Said:
        known = self.value_of(self.default)
        return known.label if known else super().words(self.default)

    @property
    def offered(self) -> tuple[Value, ...]:
        """The values in the order the create form offers them: the default first."""
        return tuple(sorted(self.values, key=lambda value: value.value != self.default))


@dataclass(frozen=True, kw_only=True)
class WholeNumber(Option):
    """A whole number from ``low`` to ``high``, counted in ``unit`` (points, coins, seconds)."""

    low: int
    high: int
    default: int
    # The unit's words for a number of it, as a plural with ``%(count)s``:
    # ``lambda count: plural_wording("%(count)s coin", "%(count)s coins", count)``.
    unit: Callable[[int], Words]

    def accepts(self, value: Any) -> bool:
        return core.is_whole_number(value) and self.low <= value <= self.high

    @property
    def accepted_words(self) -> Words:
        return wording("%(low)s to %(high)s", low=self.low, high=self.unit(self.high))

    @property
    def default_words(self) -> Words:
        return self.unit(self.default)


@dataclass(frozen=True, kw_only=True)
class Switch(Option):
    """On or off. ``needs``: the key of a choice that must not be None for it to be on."""

    default: bool = False
    needs: str = ""
    needs_error: Words | None = None  # the form's words when it is on without what it needs

    def accepts(self, value: Any) -> bool:
        return type(value) is bool

    @property
    def accepted_words(self) -> Words:
        return wording("On or off")

    @property
    def default_words(self) -> Words:
        return wording("On") if self.default else wording("Off")


@dataclass(frozen=True, kw_only=True)
class PlayerCount:
    """The host chooses how many play, from ``low`` to ``high``; without it the rooms
    seat a game's fixed number."""

    low: int
    high: int
    default: int
    help_text: Words | None = None

    @property
    def accepted_words(self) -> Words:
        return plural_wording("%(low)s to %(count)s player", "%(low)s to %(count)s players", self.high, low=self.low)

    @property
    def default_words(self) -> Words:
        return plural_wording("%(count)s player", "%(count)s players", self.default)


AnyOption = Choice | WholeNumber | Switch


@dataclass(frozen=True)
class OptionsSchema:
    """A game's options in the order the create form asks them and the room header
    shows them."""

    options: tuple[AnyOption, ...] = ()
    players: PlayerCount | None = None

    def __getitem__(self, key: str) -> AnyOption:
        found = next((option for option in self.options if option.key == key), None)
        if found is None:
            raise KeyError(key)
        return found

    def keys(self) -> tuple[str, ...]:
        return tuple(option.key for option in self.options)

    def defaults(self) -> dict[str, Any]:
        return {option.key: option.default for option in self.options}

    def unmet_need(self, options: Mapping[str, Any]) -> Switch | None:
        """The first switch that is on while the choice it needs is None."""
        return next(
            (
                option
                for option in self.options
                if isinstance(option, Switch) and option.needs and options.get(option.key)
                and options.get(option.needs) is None
            ),
            None,
        )

    def badges(self, options: Mapping[str, Any]) -> list[tuple[Badge, Said]]:
        """The room header's badges for a table's options, each with its words."""
        return [
            (option.badge, _in(option.badge.words, option.words(options[option.key])))
            for option in self.options
            if option.badge is not None and options.get(option.key) is not None
        ]

    def listed(self, options: Mapping[str, Any]) -> list[Said]:
        """What the lobby says of a table's options: ["Rung Kaat", "bet 300"]."""
        return [
            _in(option.lobby, option.words(options[option.key]))
            for option in self.options
            if options.get(option.key) is not None and option.listed(options[option.key])
        ]


def _in(said: Words | None, value: Said) -> Said:
    """``said`` with ``value`` for its ``%(value)s``; ``value`` alone if there is none."""
    return value if said is None else Words(said.message, (*said.values, ("value", value)), said.plural, said.count)
