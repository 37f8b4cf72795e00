"""The table's fragments: the same partials for a page load and for every push."""

from django.template.loader import render_to_string

from leaderboard.points import points_for
from rooms.presence import Presence
from rooms.reactions import PLAYER_EMOJIS
from rooms.snapshots import Snapshot

PUBLIC = "public"
PRIVATE = "private"
PRESENCE = "presence"


def _templates(snapshot: Snapshot) -> dict[str, str]:
    if snapshot.state is None:
        return {PUBLIC: "rooms/_waiting_public.html", PRIVATE: "rooms/_waiting_private.html"}
    return {
        PUBLIC: f"games/{snapshot.game}/_public.html",
        PRIVATE: f"games/{snapshot.game}/_private.html",
    }


def _names(snapshot: Snapshot) -> dict[int, str]:
    return {seat.index: seat.name for seat in snapshot.seats}


def _results(snapshot: Snapshot, view: dict | None, had_bots: bool) -> list[dict]:
    if not view or not view.get("outcome"):
        return []
    places = view["outcome"]["places"]
    rows = [
        {
            "place": place,
            "name": snapshot.seats[index].name,
            "points": points_for(snapshot.game, place, len(places), had_bots),
        }
        for index, place in enumerate(places)
    ]
    return sorted(rows, key=lambda row: row["place"])


def _context(snapshot: Snapshot, presence: Presence, seat: int | None, view: dict | None) -> dict:
    had_bots = any(s.is_bot for s in snapshot.seats)
    return {
        "had_bots": had_bots,
        "results": _results(snapshot, view, had_bots),
        "emojis": PLAYER_EMOJIS,
        "room": snapshot,
        "seats": snapshot.seats,
        "names": _names(snapshot),
        "presence": presence,
        "viewer_seat": seat,
        "view": view,
        "title": snapshot.rules.title,
    }


def _view(snapshot: Snapshot, seat: int | None) -> dict | None:
    if snapshot.state is None:
        return None
    return snapshot.rules.engine.view(snapshot.state, seat)


def render_public(snapshot: Snapshot, presence: Presence) -> str:
    """Rendered once per version and presence, from the spectator's view."""
    key = (PUBLIC, presence)
    html = snapshot.rendered.get(key)
    if html is None:
        context = _context(snapshot, presence, None, _view(snapshot, None))
        html = snapshot.rendered[key] = render_to_string(_templates(snapshot)[PUBLIC], context)
    return html


def render_private(snapshot: Snapshot, presence: Presence, seat: int | None, is_host: bool = False) -> str:
    """What only this viewer may see: rendered per player, once for all spectators."""
    key = (PRIVATE, seat, is_host)
    html = snapshot.rendered.get(key)
    if html is None:
        context = _context(snapshot, presence, seat, _view(snapshot, seat))
        context["is_host"] = is_host
        html = snapshot.rendered[key] = render_to_string(_templates(snapshot)[PRIVATE], context)
    return html


def render_presence(snapshot: Snapshot, presence: Presence) -> str:
    """Who is connected, as small out-of-band swaps of the table's own presence marks:
    what a viewer is sent when only that changed."""
    key = (PRESENCE, presence)
    html = snapshot.rendered.get(key)
    if html is None:
        context = {"seats": snapshot.seats, "presence": presence}
        html = snapshot.rendered[key] = render_to_string("rooms/_presence.html", context)
    return html


def render_table(snapshot: Snapshot, presence: Presence, seat: int | None) -> str:
    is_host = seat is not None and seat == snapshot.host_seat
    return render_public(snapshot, presence) + render_private(snapshot, presence, seat, is_host)
