"""The table's fragments: the same partials for a page load and for every push.

Each fragment's context is the room's own names (``room``, ``seats``, ``names``,
``presence``, ``viewer_seat``, ``view``…) plus what the game's presenter
(``rooms.tablehomes``) works out from the view: the public presenter runs once per
version, the private one once per viewer, and the templates only format.

Fragments are rendered in the active language (the viewer's: ``translation.override``)
and kept with the snapshot per language. What every spectator is sent is rendered once
per version, by the writer, in no language (``rooms.neutral``), and put into each
language its viewers read from that.
"""

import functools
from dataclasses import replace

from django.utils.safestring import SafeString, mark_safe

from rooms.botnames import shown_name
from rooms.fairness import players_see_more
from rooms.neutral import in_language
from rooms.presenting import seat_names
from rooms.store.presence import NOBODY, Presence
from rooms.store.snapshots import Snapshot
from rooms.tablehomes import table_home
from rooms.templating import render
from rooms.translations import NEUTRAL, language, speaking

PUBLIC = "public"
PRIVATE = "private"
PRESENCE = "presence"
PUBLIC_SHOWN = "public shown"
PLAYERS = "players"
NAMED_SEATS = "named seats"
# What the writer renders for every web process, in no language (``neutral_fragments``):
# the public fragment with nobody connected, and the private fragment every spectator gets.
PUBLIC_WITH_NOBODY, SPECTATORS_PRIVATE = (PUBLIC, NOBODY), (PRIVATE, None, False)
SHARED_KEYS = (PUBLIC_WITH_NOBODY, SPECTATORS_PRIVATE)


def without_indentation(html: str) -> str:
    r"""``html`` with each run of white space that holds a line break made one line break,
    as ``re.sub(r"\s*\n\s*", "\n", html)`` does in six times the time. The partials'
    indentation and blank lines: such a run shows as one space, as a single line break
    does, so pushes need carry no more."""
    first, *rest = html.split("\n")
    if not rest:
        return html
    *middle, last = rest
    return "\n".join([first.rstrip(), *filter(None, map(str.strip, middle)), last.lstrip()])


def _fragment(template: str, context: dict) -> SafeString:
    return mark_safe(without_indentation(render(template, context)))


def _templates(snapshot: Snapshot) -> dict[str, str]:
    if snapshot.state is None:
        return {PUBLIC: "rooms/_waiting_public.jinja", PRIVATE: "rooms/_waiting_private.jinja"}
    home = table_home(snapshot.game)
    return {PUBLIC: home.public_template, PRIVATE: home.private_template}


def _context(snapshot: Snapshot, presence: Presence, seat: int | None, shown: dict) -> dict:
    return {
        "room": snapshot,
        "seats": snapshot.seats,
        "names": seat_names(snapshot),
        "presence": presence,
        "viewer_seat": seat,
        "title": snapshot.rules.title,
        **shown,
    }


def _rendered(snapshot: Snapshot) -> dict:
    """What is rendered of ``snapshot`` in the active language."""
    return snapshot.rendered.setdefault(language(), {})


def _named(snapshot: Snapshot) -> Snapshot:
    """``snapshot`` with its bots named in the active language (a seat keeps the name it
    was given in the language of whoever seated it), sharing what is rendered of it."""
    if not any(seat.is_bot for seat in snapshot.seats):
        return snapshot
    rendered = _rendered(snapshot)
    seats = rendered.get(NAMED_SEATS)
    if seats is None:
        seats = rendered[NAMED_SEATS] = [
            replace(seat, name=shown_name(seat)) if seat.is_bot else seat for seat in snapshot.seats
        ]
    return replace(snapshot, seats=seats, rendered=snapshot.rendered)


def _public_shown(snapshot: Snapshot) -> dict:
    """The spectator's view and what the public partial shows of it, once per version
    (whoever is connected) and language."""
    rendered = _rendered(snapshot)
    shown = rendered.get(PUBLIC_SHOWN)
    if shown is None:
        view = None if snapshot.state is None else snapshot.rules.engine.view(snapshot.state, None)
        presented = table_home(snapshot.game).public(_named(snapshot), view) if view is not None else {}
        shown = rendered[PUBLIC_SHOWN] = {"view": view, **presented}
    return shown


def _private_shown(snapshot: Snapshot, seat: int | None) -> dict:
    """The viewer's own view and what the private partial shows of it."""
    if snapshot.state is None:
        return {"view": None}
    view = snapshot.rules.engine.view(snapshot.state, seat)
    private = table_home(snapshot.game).private
    return {"view": view, **(private(snapshot, view, seat) if private is not None else {})}


def render_public(snapshot: Snapshot, presence: Presence, seat: int | None = None) -> str:
    """Rendered once per version, from the spectator's view, with nobody connected; for
    each viewer the marks of who is connected are then swapped in (viewers connect one
    by one, and each one changes who is connected). The swap is a few string
    replacements, cheaper than keeping a copy of the fragment per presence. A player
    (``seat``) of a private room whose game is over gets it as its players do, with the
    seed: rendered once more for all of them."""
    if seat is not None and players_see_more(snapshot):
        return _with_marks(_public_with_nobody(snapshot, for_players=True), presence)
    return _with_marks(_shared(snapshot, PUBLIC_WITH_NOBODY), presence)


def neutral_fragments(snapshot: Snapshot) -> dict:
    """What every web process would render alike, whoever watches, rendered once in no
    language: the public fragment with nobody connected and the private fragment every
    spectator gets. The writer stores them with the snapshot and announces them
    (``rooms.push.followups``); a web process puts them into each language its viewers
    read."""
    with speaking(NEUTRAL):
        return {key: _shared(snapshot, key) for key in SHARED_KEYS}


def _shared(snapshot: Snapshot, key: tuple) -> str:
    """One of the ``SHARED_KEYS`` in the active language: put into it from the neutral
    fragment the writer stored, if there is one, or else rendered."""
    rendered = _rendered(snapshot)
    html = rendered.get(key)
    if html is None:
        neutral = snapshot.rendered.get(NEUTRAL, {}).get(key)
        if neutral is not None and language() != NEUTRAL:
            html = rendered[key] = _in_language(snapshot.room_id, snapshot.version, key, neutral, language())
        elif key == PUBLIC_WITH_NOBODY:
            html = _public_with_nobody(snapshot)
        else:
            html = render_private(snapshot, NOBODY, None)
    return html


def _public_with_nobody(snapshot: Snapshot, for_players: bool = False) -> str:
    """The public fragment with nobody connected, as anyone sees it, or as its players
    do (``for_players``)."""
    key = (PUBLIC, NOBODY, PLAYERS) if for_players else PUBLIC_WITH_NOBODY
    rendered = _rendered(snapshot)
    html = rendered.get(key)
    if html is None:
        context = _context(_named(snapshot), NOBODY, None, _public_shown(snapshot))
        context["for_players"] = for_players
        html = rendered[key] = _fragment(_templates(snapshot)[PUBLIC], context)
    return html


def _with_marks(html: str, presence: Presence, spoken: str | None = None) -> SafeString:
    """``html``, rendered with nobody connected, as it renders with ``presence``, in
    ``spoken`` (the active language if not given)."""
    spoken = spoken or language()
    for index in presence.connected_seats:
        html = html.replace(_seat_mark(index, False, spoken), _seat_mark(index, True, spoken))
    if presence.spectators:
        html = html.replace(_spectators_mark(0, spoken), _spectators_mark(presence.spectators, spoken))
    return mark_safe(html)


@functools.cache  # two per seat and language
def _seat_mark(index: int, connected: bool, spoken: str) -> str:
    shown = Presence(frozenset({index} if connected else ()), 0)
    with speaking(spoken):
        return render("rooms/_seat_presence.jinja", {"seat": {"index": index}, "presence": shown}).strip()


@functools.lru_cache(maxsize=1024)
def _spectators_mark(count: int, spoken: str) -> str:
    with speaking(spoken):
        return render("rooms/_spectators.jinja", {"presence": Presence(frozenset(), count)}).strip()


def render_private(snapshot: Snapshot, presence: Presence, seat: int | None, is_host: bool = False) -> str:
    """What only this viewer may see: rendered per player, once for all spectators."""
    key = (PRIVATE, seat, is_host)
    rendered = _rendered(snapshot)
    html = rendered.get(key)
    if html is None:
        watching = seat is None and snapshot.state is not None
        html = rendered[key] = (
            _spectators_private(snapshot) if watching else _private(snapshot, presence, seat, is_host)
        )
    return html


def _private(snapshot: Snapshot, presence: Presence, seat: int | None, is_host: bool) -> str:
    named = _named(snapshot)
    context = _context(named, presence, seat, _private_shown(named, seat))
    context["is_host"] = is_host
    return _fragment(_templates(snapshot)[PRIVATE], context)


_VERSION_HOLE = 'data-version="?"'


def _spectators_private(snapshot: Snapshot) -> SafeString:
    """A game's private fragment as every spectator gets it: they have no move to make,
    so it says the same at each version but the one it carries, until the room's status
    changes (then it offers the replay and the room the players moved on to). Drawn once
    for each room (its game and code), status, openness, next room and language, with
    each version put in."""
    version = f'data-version="{snapshot.version}"'
    room = (snapshot.game, snapshot.code, snapshot.status, snapshot.is_public, snapshot.next_code)
    shown = (SPECTATORS, *room, language())
    drawn = _kept(*shown)
    if drawn is None:
        drawn = _keep(_private(snapshot, NOBODY, None, False).replace(version, _VERSION_HOLE, 1), *shown)
    return mark_safe(drawn.replace(_VERSION_HOLE, version, 1))


def render_presence(snapshot: Snapshot, presence: Presence) -> str:
    """Who is connected, as small out-of-band swaps of the table's own presence marks:
    what a viewer is sent when only that changed."""
    key = (PRESENCE, presence)
    rendered = _rendered(snapshot)
    html = rendered.get(key)
    if html is None:
        context = {"seats": snapshot.seats, "presence": presence}
        html = rendered[key] = _fragment("rooms/_presence.jinja", context)
    return html


def watched(room_id: int, version: int, neutral: tuple[str, str], presence: Presence, spoken: str) -> str:
    """A spectator's table of ``version`` in ``spoken`` from the ``neutral`` fragments an
    announcement carries (public, then private), with who is connected: as
    ``render_table`` renders it for a viewer with no seat. Made once in the process for
    the room's spectators who read ``spoken``."""
    table = _kept(WATCHED, room_id, version, spoken, presence)
    if table is None:
        public, private = (
            _in_language(room_id, version, key, html, spoken) for key, html in zip(SHARED_KEYS, neutral)
        )
        table = _keep(_with_marks(public, presence, spoken) + private, WATCHED, room_id, version, spoken, presence)
    return table


def _in_language(room_id: int, version: int, key: tuple, neutral: str, spoken: str) -> str:
    """One of a version's ``SHARED_KEYS`` put into ``spoken`` from ``neutral``, once in the
    process: for its spectators (``watched``) and its players (``_shared``) alike."""
    worded = _kept(key, room_id, version, spoken)
    if worded is None:
        worded = _keep(in_language(neutral, spoken), key, room_id, version, spoken)
    return worded


# The latest versions of the busiest tables, in each language their viewers read: each
# spectators' table with who is connected (``WATCHED``), and the shared fragments; and
# each room's spectators' private fragment (``SPECTATORS``).
WATCHED = "watched"
SPECTATORS = "spectators"
MOST_KEPT = 4096


def _kept(*key) -> str | None:
    return _process_kept().get(key)


def _keep(html: str, *key) -> str:
    kept = _process_kept()
    if len(kept) >= MOST_KEPT:
        kept.clear()
    kept[key] = html
    return html


@functools.cache
def _process_kept() -> dict[tuple, str]:
    return {}


def table_in(snapshot: Snapshot, presence: Presence, seat: int | None, spoken: str) -> str:
    """The table as the viewer at ``seat`` sees it in ``spoken``: as ``render_table``
    renders it, but with no language made active when all of it is rendered already (a
    socket's every push to a spectator, once another viewer had it)."""
    rendered = snapshot.rendered.get(spoken, {})
    if seat is None:
        public, private = (rendered.get(key) for key in SHARED_KEYS)
        if public is not None and private is not None:
            return _with_marks(public, presence, spoken) + private
    with speaking(spoken):
        return render_table(snapshot, presence, seat)


def render_table(snapshot: Snapshot, presence: Presence, seat: int | None) -> str:
    """The table as the viewer at ``seat`` (None: a spectator) sees it, in the active
    language."""
    if seat is None:
        public, private = (_shared(snapshot, key) for key in SHARED_KEYS)
        return _with_marks(public, presence) + private
    private = render_private(snapshot, presence, seat, seat == snapshot.host_seat)
    return render_public(snapshot, presence, seat) + private
