from collections.abc import Callable

from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext, gettext_lazy, pgettext_lazy

from accounts import coins
from games.definition import GameDefinition
from games.options_schema import AnyOption, Choice, PlayerCount, Switch, WholeNumber
from games.words import Said, Words, plural_wording, wording
from rooms.actions.lifecycle import PARTNERS_WRITE_PRIVATELY
from rooms.gamerules import BOT_LEVELS
from rooms.plaintext import plain, plain_lazily
from rooms.table_coins import held_by

BOT_LEVEL_NAMES = {
    "easy": pgettext_lazy("bots' level", "Easy"),
    "normal": pgettext_lazy("bots' level", "Normal"),
    "strong": pgettext_lazy("bots' level", "Strong"),
}
BOX = "\x00"  # where a number's box sits among its unit's words
MIN_RELIABILITIES = (50, 70, 80, 90)  # the minimums a public room's host may ask for


def _says_at_least(share: int) -> str:
    # Translators: a choice of the reliability a room asks of its players: "80% or more".
    return gettext("%(share)s%% or more") % {"share": share}


_at_least = lazy(_says_at_least, str)  # in the language of whoever is shown the form


def _text(said: Said | None):
    """What a game says, as a form's text in the language of whoever is shown it."""
    return None if said is None else plain_lazily(said)


def _whole_number(number: WholeNumber) -> forms.IntegerField:
    """A number field that says its range under it and in its errors; its unit (points,
    coins, seconds) is shown beside the box."""
    low, high, unit = number.low, number.high, number.unit
    whole_number = _text(wording("Enter a whole number from %(low)s to %(high)s.", low=low, high=unit(high)))
    field = forms.IntegerField(
        label=_text(number.label),
        min_value=low,
        max_value=high,
        initial=number.default,
        help_text=_range_and_help(number),
        error_messages={
            "required": whole_number,
            "invalid": whole_number,
            # Translators: under a number box of the create form: "It must be at least 25 coins."
            "min_value": _text(wording("It must be at least %(low)s.", low=unit(low))),
            "max_value": _text(wording("It can be at most %(high)s.", high=unit(high))),
        },
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
    )
    field.unit_before, field.unit = _unit_words(unit, number.default)
    return field


def _range_and_help(number: WholeNumber):
    said_range = _text(wording("From %(low)s to %(high)s.", low=number.low, high=number.unit(number.high)))
    if number.help_text is None:
        return said_range
    return format_lazy("{} {}", said_range, _text(number.help_text))


def _unit_words(unit: Callable[[int], Words], count: int) -> tuple[str, str]:
    """The unit's words before and after a box holding ``count`` of it, as the active
    language puts them around a number (in English "" and "coins"). The form is made
    for each request, in its language."""
    said = unit(count)
    boxed = tuple((name, BOX if name == "count" else value) for name, value in said.values)
    before, _, after = plain(Words(said.message, boxed, said.plural, said.count)).partition(BOX)
    return before.strip(), after.strip()


def _choice(choice: Choice) -> forms.TypedChoiceField:
    """The choice's values, the default first; a value None is the form's "" and makes
    the choice optional."""
    by_name = {"" if value.value is None else str(value.value): value.value for value in choice.values}
    errors = {"required": choice.missing_error, "invalid_choice": choice.invalid_error}
    return forms.TypedChoiceField(
        label=_text(choice.label),
        choices=[("" if value.value is None else str(value.value), _text(value.label)) for value in choice.offered],
        coerce=by_name.__getitem__,
        required=None not in choice.choices,
        empty_value=None,
        initial="" if choice.default is None else str(choice.default),
        help_text=_text(choice.help_text),
        error_messages={kind: _text(words) for kind, words in errors.items() if words},
        widget=forms.RadioSelect if choice.buttons else forms.Select,
    )


def _switch(switch: Switch) -> forms.BooleanField:
    # static/js/room_form.js keeps a switch that needs a choice off and disabled while
    # that choice is off.
    return forms.BooleanField(
        label=_text(switch.label),
        required=False,
        initial=switch.default,
        help_text=_text(switch.help_text),
        widget=forms.CheckboxInput(attrs={"data-needs": switch.needs} if switch.needs else None),
    )


def _field(option: AnyOption) -> forms.Field:
    if isinstance(option, Choice):
        return _choice(option)
    if isinstance(option, WholeNumber):
        return _whole_number(option)
    return _switch(option)


def _players(players: PlayerCount) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=gettext_lazy("Players"),
        choices=[(str(n), str(n)) for n in range(players.low, players.high + 1)],
        coerce=int,
        initial=str(players.default),
        help_text=_text(players.help_text),
    )


class RoomForm(forms.Form):
    """What a room of ``game`` asks at creation: the number of players where the host
    chooses it, the game's options (``GameDefinition.options``), then who can find the
    room and the bots' level. The engine checks the options again when the room is
    created (``lifecycle.do_create_room``), with its own messages."""

    is_public = forms.TypedChoiceField(
        label=gettext_lazy("Who can find it"),
        choices=[
            ("1", gettext_lazy("Public: listed in the lobby")),
            ("0", gettext_lazy("Private: by code or link only")),
        ],
        coerce=lambda value: value == "1",
        initial="1",
        widget=forms.RadioSelect,
    )
    min_reliability = forms.TypedChoiceField(
        label=gettext_lazy("Reliability asked of players"),
        choices=[("", gettext_lazy("Anyone may sit down"))]
        + [(str(share), _at_least(share)) for share in MIN_RELIABILITIES],
        coerce=int,
        empty_value=None,
        required=False,
        initial="",
        help_text=gettext_lazy(
            "Public rooms only: the share of their last 50 games a player finished. New players may always sit down."
        ),
    )
    bot_level = forms.ChoiceField(
        label=gettext_lazy("Bots that fill empty seats"),
        choices=[(level, BOT_LEVEL_NAMES[level]) for level in BOT_LEVELS],
        initial="normal",
    )

    fields: dict[str, forms.Field]  # Django's forms make it: the form's fields by name, in order

    def __init__(self, game: GameDefinition, data=None, player=None):
        """``player``: who creates the room (a game played for coins shows them theirs
        beside the bet)."""
        super().__init__(data)
        self.schema = game.options
        fields = {option.key: _field(option) for option in self.schema.options}
        if self.schema.players is not None:
            fields = {"players": _players(self.schema.players), **fields}
        self.fields = {**fields, **self.fields}
        if game.teams:
            self.fields["partners_write"] = forms.BooleanField(
                label=gettext_lazy("Partners may write to each other during hands"),
                help_text=gettext_lazy(
                    "Private rooms only. Otherwise partners send the quick phrases during a hand, and write "
                    "between rounds: free text could pass signals."
                ),
                required=False,
                widget=forms.CheckboxInput(attrs={"data-needs": "is_public", "data-needs-value": "0"}),
            )
        if game.plays_for_coins and player is not None:
            held = sum(held_by(player).values())
            bet = self.schema["bet"]
            assert isinstance(bet, WholeNumber), "a game played for coins has a number for its bet"
            self.fields["bet"].beside = _what_you_can_bet(coins.balance_of(player), held, bet.low, bet.high)

    def clean(self):
        cleaned = super().clean()
        switch = self.schema.unmet_need(cleaned)
        if switch is not None:
            self.add_error(switch.key, _text(switch.needs_error))
        if cleaned.get("partners_write") and cleaned.get("is_public"):
            self.add_error("partners_write", PARTNERS_WRITE_PRIVATELY)
        return cleaned

    def partners_write(self) -> bool:
        return self.cleaned_data.get("partners_write", False)

    def game_options(self) -> dict:
        return {key: self.cleaned_data[key] for key in self.schema.keys()}

    def players(self) -> int | None:
        """Seats at the table, where the host chooses them."""
        return self.cleaned_data["players"] if self.schema.players is not None else None


def _coins(amount: int) -> Words:
    return plural_wording("%(count)s coin", "%(count)s coins", amount)


def _what_you_can_bet(balance: int, held: int, lowest: int, highest: int) -> Words:
    """The creator's coins beside the bet, and the highest bet they can sit down at
    (sitting down needs twice the bet, beyond what their seats at other tables hold)."""
    free = max(balance - held, 0)
    have: Words = _coins(balance)
    if held:
        # Translators: the coins in "You have %(coins)s: …", when some of them are held.
        have = plural_wording(
            "%(coins)s, %(count)s of them held for your seats at other tables",
            "%(coins)s, %(count)s of them held for your seats at other tables",
            held, coins=have,
        )
    if free < 2 * lowest:
        return wording(
            "You have %(coins)s: sitting down needs at least %(needed)s free.", coins=have, needed=_coins(2 * lowest)
        )
    if free >= 2 * highest:
        return wording("You have %(coins)s: enough for any bet.", coins=have)
    return wording("You have %(coins)s: enough for a bet of up to %(most)s.", coins=have, most=free // 2)


class JoinByCodeForm(forms.Form):
    code = forms.CharField(
        max_length=8,
        min_length=4,
        error_messages={
            "required": gettext_lazy("Enter a room code."),
            "min_length": gettext_lazy("A room code has at least 4 characters."),
            "max_length": gettext_lazy("A room code has at most 8 characters."),
        },
    )

    def clean_code(self):
        code = self.cleaned_data["code"].strip().upper()
        if not code.isalnum():
            raise forms.ValidationError(gettext_lazy("A room code has only letters and digits."))
        return code
