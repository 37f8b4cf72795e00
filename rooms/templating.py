"""The table's fragments (the ``*.jinja`` templates) and the functions they call.

A table's fragments are rendered for every version a table makes, by the writer and by
each web process, and for every page load of a table: Jinja2 renders them in about half
the time Django's template engine took (docs/performance-history.md). The site's pages stay
Django templates. What both draw alike — a card, a suit, a log's line — is the same
function in both (``rooms.templatetags.tables``); what the games' partials show is
worked out by their presenters (``rooms.tablehomes``), so these only format. What
every table draws alike from a few inputs — a card, a seat's tags, the reactions, the
deal's commitment — is drawn once for each set of them and kept, and so is what a
table's versions draw alike: its header and its score sheet.
"""

import functools
import json
import pickle
from types import SimpleNamespace

from django.template.defaultfilters import add
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import SafeString, mark_safe
from jinja2 import ChainableUndefined, Environment, Undefined, pass_eval_context
from markupsafe import Markup

from games import registry
from rooms.fairness import is_open_to, of_snapshot
from rooms.neutral import changed
from rooms.presenting import action_json
from rooms.reactions import PLAYER_EMOJIS
from rooms.speech import card_name, say
from rooms.store.presence import Presence
from rooms.tablehomes import template_globals
from rooms.templatetags import tables
from rooms.templatetags.fairness import breakable
from rooms.templatetags.tables import card, log_items, pip, spanish_suit
from rooms.translations import gettext, language, ngettext, npgettext, pgettext, reading

ENGINE = "jinja2"  # its name in settings.TEMPLATES


def render(template: str, context: dict) -> SafeString:
    """A ``*.jinja`` template rendered with ``context`` in the active language: HTML,
    escaped as it was rendered."""
    with reading(language()):
        return mark_safe(render_to_string(template, context, using=ENGINE))


def url(name: str, *args, **kwargs) -> str:
    """Django's ``{% url name arg… %}``, as ``url("rooms:room", code)``."""
    return reverse(name, args=args or None, kwargs=kwargs or None)


def at(sequence, index):
    """The pages' ``at`` filter; nothing (``None``) of a name that isn't there, as Django
    hands the filter an empty string for it where Jinja2 hands it an ``Undefined``."""
    return None if isinstance(sequence, Undefined) else tables.at(sequence, index)


def turn_seconds(room) -> int:
    """How many seconds a seat has for each decision at this room's table: the length
    of the timer bar on the seats to act."""
    return room.rules.engine.turn_seconds(room.options)


def option_badges(room) -> list:
    """The room header's badges for the table's options, in the order the game declares
    them: (its ``Badge``, its words)."""
    return registry.definition(room.game).options.badges(room.options)


def signed(amount) -> str:
    """A change of coins or of a rating, signed ("+1,200", "−50", "0"); "—" for none."""
    if amount is None:
        return "—"
    return f"+{amount:,}" if amount > 0 else f"−{-amount:,}" if amount < 0 else "0"


def long_name(name: str) -> SafeString:
    """The class of a name drawn smaller at its seat, " long", or nothing."""
    return mark_safe(changed("long name", str(name)))


def drawn_once(template: str, kept: int):
    """A partial that many tables draw alike from a few inputs, as a function of them
    (keyword arguments, each hashable): rendered once for each set of inputs, as a
    table's fragments are rendered for its every version, in each language. Two more things every table
    draws alike are kept the same way: a card's face (``card`` in
    ``rooms/templatetags/tables.py``) and a log line (``_line`` there, by its event)."""

    @functools.lru_cache(maxsize=kept)
    def draw_in(language: str, **context) -> SafeString:
        return render(template, context)

    def draw(**context) -> SafeString:
        return draw_in(language(), **context)

    return draw


_reaction_bar = drawn_once("rooms/_reaction_bar.jinja", kept=12)
_reaction_menu = drawn_once("rooms/_reaction_menu.jinja", kept=1536)
_seat_badges = drawn_once("rooms/_seat_badges.jinja", kept=8192)
_fairness = drawn_once("rooms/_fairness.jinja", kept=2048)


def reaction_bar(watching) -> SafeString:
    """The reactions a viewer may send: a spectator's heart, or a player's emojis."""
    return _reaction_bar(watching=bool(watching), emojis=PLAYER_EMOJIS)


def reaction_menu(phrases=()) -> SafeString:
    """A player's reactions with the quick ``phrases`` the game offers them now, folded
    behind one button."""
    return _reaction_menu(phrases=tuple(phrases or ()))


def seat_badges(seat, host_seat: int, presence) -> SafeString:
    """A seat's tags: host, a bot and its level, a guest, connected or away, the rating,
    the reliability."""
    return _seat_badges(seat=seat, host_seat=host_seat, presence=presence)


def partial(template: str, **inputs) -> SafeString:
    """A partial that a table's versions draw alike, as ``{% include %}`` draws it with
    ``inputs`` for its context: drawn once for each set of inputs in each language. The
    inputs are known by their values when all of them are hashable (a seat: five times
    quicker), else by their pickle (equal pickles, equal inputs): a score sheet's rows
    change only when a round ends."""
    spoken, values = language(), tuple(inputs.items())
    try:
        hash(values)
    except TypeError:
        return _partial_pickled(template, spoken, pickle.dumps(inputs, pickle.HIGHEST_PROTOCOL))
    return _partial_hashed(template, spoken, values)


@functools.lru_cache(maxsize=8192)  # a few seats of each table in play, in each language
def _partial_hashed(template: str, spoken: str, inputs: tuple) -> SafeString:
    return render(template, dict(inputs))


@functools.lru_cache(maxsize=4096)
def _partial_pickled(template: str, spoken: str, inputs: bytes) -> SafeString:
    return render(template, pickle.loads(inputs))


def room_header(room, presence) -> SafeString:
    """The room's header: its game and code, its options' badges, whether it is public,
    the reliability it asks for and how many watch. Drawn once for each set of these,
    which a room's versions mostly share."""
    options = json.dumps(room.options, sort_keys=True)
    return _room_header(
        language(), room.game, room.code, options, room.is_public, room.min_reliability, presence.spectators
    )


@functools.lru_cache(maxsize=4096)
def _room_header(
    spoken: str, game: str, code: str, options: str, is_public: bool, min_reliability: int | None, spectators: int
) -> SafeString:
    room = SimpleNamespace(
        game=game, code=code, options=json.loads(options), is_public=is_public, min_reliability=min_reliability
    )
    context = {"room": room, "title": registry.definition(game).title, "presence": Presence(frozenset(), spectators)}
    return render("rooms/_room_header.jinja", context)


def fairness(room, for_players: bool) -> SafeString:
    """The game's commitment, and once it is over its seed (a private room's to its
    players only); nothing before it starts."""
    disclosure = of_snapshot(room, for_players)
    return _fairness(fair=disclosure, code=room.code) if disclosure else mark_safe("")


GLOBALS = {
    "card": card,
    "fairness": fairness,
    "is_open_to": is_open_to,
    "log_items": log_items,
    "option_badges": option_badges,
    "partial": partial,
    "pip": pip,
    "reaction_bar": reaction_bar,
    "reaction_menu": reaction_menu,
    "room_header": room_header,
    "seat_badges": seat_badges,
    "turn_seconds": turn_seconds,
    "url": url,
}
FILTERS = {
    "action_json": action_json,
    "add": add,
    "at": at,
    "breakable": breakable,
    "card_name": card_name,
    "long_name": long_name,
    "say": say,
    "signed": signed,
    "spanish_suit": spanish_suit,
}


def _filled(eval_context, translated: str, variables: dict) -> str:
    """As Jinja2's i18n extension fills a translation (``newstyle``): escaped as markup
    where the template escapes, and always formatted with ``%``, even with no values."""
    return (Markup(translated) if eval_context.autoescape else translated) % variables


# The i18n extension's newstyle callables, but one call through the template's context
# per message rather than three: a table asks for a hundred messages per render.
@pass_eval_context
def _template_gettext(eval_context, message: str, /, **variables) -> str:
    return _filled(eval_context, gettext(message), variables)


@pass_eval_context
def _template_ngettext(eval_context, singular: str, plural: str, count: int, /, **variables) -> str:
    variables.setdefault("num", count)
    return _filled(eval_context, ngettext(singular, plural, count), variables)


@pass_eval_context
def _template_pgettext(eval_context, context: str, message: str, /, **variables) -> str:
    variables.setdefault("context", context)
    return _filled(eval_context, pgettext(context, message), variables)


@pass_eval_context
def _template_npgettext(
    eval_context, context: str, singular: str, plural: str, count: int, /, **variables
) -> str:
    variables.setdefault("context", context)
    variables.setdefault("num", count)
    return _filled(eval_context, npgettext(context, singular, plural, count), variables)


TRANSLATING = {
    "_": _template_gettext,
    "gettext": _template_gettext,
    "ngettext": _template_ngettext,
    "pgettext": _template_pgettext,
    "npgettext": _template_npgettext,
}


_MISSING = object()


class TableEnvironment(Environment):
    def getattr(self, obj, attribute):
        """``obj.attribute`` as Django's templates look it up: a dict's key first. The
        views and what the presenters work out are dicts, and Jinja2's own lookup tries
        the attribute first, at the cost of an exception for every key."""
        if type(obj) is dict:
            value = obj.get(attribute, _MISSING)
            if value is not _MISSING:
                return value
        return super().getattr(obj, attribute)


def environment(**options) -> Environment:
    # As in Django's templates, a name or an attribute that isn't there shows nothing,
    # even one looked up on another that isn't there; and a partial's last line break
    # stays, as the fragments were written with it.
    options.update(undefined=ChainableUndefined, keep_trailing_newline=True)
    env = TableEnvironment(**options)
    # Django's own translations, in the language active for the viewer rendered for.
    env.globals.update(TRANSLATING)
    env.globals.update(GLOBALS)
    env.globals.update(template_globals())
    env.filters.update(FILTERS)
    return env
