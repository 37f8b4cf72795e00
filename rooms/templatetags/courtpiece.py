"""Presentation helpers for the Court Piece table partials (templates/games/courtpiece/).

They only rearrange what the engine's view and the room's snapshot already hold: the
public helper gets the spectator's view, the private one the viewer's own view
(``view["legal"]``). Nothing here queries the database.
"""

from django import template

from games.core import FRENCH_SUIT_NAMES
from rooms.templatetags.tables import FRENCH_PIPS, action_json

register = template.Library()

# Seats 0-3 in play order, anticlockwise: partners face each other.
POSITIONS = ("south", "east", "north", "west")
GAME_TITLES = {"ace-rule": "Ace Rule", "double-sar": "Double Sar", "hidden": "Hidden", "rung-kaat": "Rung Kaat"}
KIND_TITLES = {
    "normal": "a normal win",
    "court": "a Court (all 13 hands on their own trump)",
    "goon_court": "a Goon Court (all 13 hands on the other team's trump)",
    "four": "all 13 hands with the chosen rank",
    "six": "all 13 hands with the chosen pair",
}
RANK_WORDS = {"T": "10", "J": "Jack", "Q": "Queen", "K": "King", "A": "Ace"}


def _trump(view: dict) -> dict:
    trump = view.get("trump")
    if trump in FRENCH_PIPS:
        return {"state": "known", "suit": trump, "pip": FRENCH_PIPS[trump],
                "name": FRENCH_SUIT_NAMES[trump].capitalize()}
    if trump == "hidden":
        return {"state": "hidden", "suit": "", "pip": "?", "name": "Hidden"}
    return {"state": "none", "suit": "", "pip": "–", "name": "None yet"}


def _last_event(log: list, kind: str) -> dict | None:
    return next((event for event in reversed(log or []) if event.get("type") == kind), None)


def _team_names(names: dict, team: int) -> str:
    return f"{names.get(team, f'Seat {team + 1}')} & {names.get(team + 2, f'Seat {team + 3}')}"


def _round_coins(event: dict, seats, options: dict, extras: dict) -> list[dict]:
    """What each seat's coins did at the end of ``event``'s round: the ledger's amounts
    for people, guests too (loaded with the snapshot), none for bots."""
    bet = int(options.get("bet", 0))
    amount = 2 * bet if event.get("all_hands") else bet
    moved = extras.get("moved", {}) if extras.get("moved_round") == event.get("round") else {}
    rows = []
    for seat in seats:
        won = seat.index % 2 == event["winning_team"]
        if seat.is_bot or seat.is_empty:
            rows.append({"index": seat.index, "name": seat.name, "won": won, "coins": None, "note": "bot"})
            continue
        coins = moved.get(seat.index, amount if won else -amount)
        rows.append({"index": seat.index, "name": seat.name, "won": won, "coins": coins, "note": ""})
    return rows


@register.simple_tag
def courtpiece_public(view: dict, names: dict, seats, room) -> dict:
    """Everything the public partial shows, from the spectator's view."""
    view = view or {}
    trick = {entry["seat"]: entry["card"] for entry in view.get("trick") or []}
    to_act = view.get("to_act") or []
    counts = view.get("hand_counts") or [0, 0, 0, 0]
    players = []
    for index in range(4):
        seat = seats[index]
        players.append({
            "index": index,
            "seat": seat,
            "name": seat.name,
            "team": index % 2,
            "pos": POSITIONS[index],
            "count": counts[index],
            "caller": view.get("caller") == index,
            "acting": index in to_act,
            "card": trick.get(index),
            "played": index in trick,
            "streak": view.get("streak") == index,
            "standin": room.stood_in_for(index),
        })
    hands = view.get("hands") or [0, 0]
    score = view.get("score") or [0, 0]
    teams = [
        {"team": t, "names": _team_names(names, t), "hands": hands[t], "score": score[t],
         "seats": (t, t + 2)}
        for t in (0, 1)
    ]
    log = view.get("log") or []
    round_over = _last_event(log, "round_over")
    last_round = None
    if round_over is not None:
        team = round_over["winning_team"]
        last_round = {
            "event": round_over,
            "team_names": _team_names(names, team),
            "kind": KIND_TITLES.get(round_over.get("kind"), round_over.get("kind")),
            "trump": _trump({"trump": round_over.get("trump")}),
            "hands_won": round_over["hands"][team],
            "hands_lost": round_over["hands"][1 - team],
            "coins": _round_coins(round_over, seats, room.options, room.extras),
            "caller": names.get(round_over.get("caller")),
        }
    last_trick = view.get("last_trick")
    options = view.get("options") or room.options
    rank = options.get("four_point_rank")
    return {
        "players": players,
        "by_pos": {p["pos"]: p for p in players},
        "trump": _trump(view),
        "teams": teams,
        "last_round": last_round,
        "game_over": _last_event(log, "game_over") if view.get("over") else None,
        "last_trick": last_trick,
        "game_title": GAME_TITLES.get(options.get("game"), ""),
        "four_rank": RANK_WORDS.get(rank, rank) if rank else None,
        "turn_name": names.get(to_act[0]) if to_act else None,
        "calling": view.get("phase") == "call",
    }


@register.simple_tag
def courtpiece_private(view: dict) -> dict:
    """The viewer's hand and moves: every button carries exactly one legal action."""
    view = view or {}
    legal = view.get("legal") or []
    plays = {a["card"]: a for a in legal if a.get("type") == "play"}
    hand = view.get("hand") or []
    calling = view.get("phase") == "call"
    cards = [
        {"card": c, "action": action_json(plays[c]) if c in plays else None}
        for c in hand
    ]
    # A legal card that is not in the hand: the Hidden caller's face-down card, played last.
    extra = [{"card": c, "action": action_json(a)} for c, a in plays.items() if c not in hand]
    calls = [a for a in legal if a.get("type") == "call"]
    call_suits = [
        {"suit": a["suit"], "pip": FRENCH_PIPS[a["suit"]], "name": FRENCH_SUIT_NAMES[a["suit"]].capitalize(),
         "action": action_json(a)}
        for a in calls if "suit" in a
    ]
    call_cards = [{"card": a["card"], "action": action_json(a)} for a in calls if "card" in a]
    ask = next((action_json(a) for a in legal if a.get("type") == "ask"), None)
    show = next((action_json(a) for a in legal if a.get("type") == "show"), None)
    return {
        "cards": cards,
        "extra": extra,
        "calling": calling,
        "call_suits": call_suits,
        "call_cards": call_cards,
        "ask": ask,
        "show": show,
        "playable": bool(plays),
        "face_down": view.get("face_down"),
        "trump": _trump(view),
    }


@register.filter
def signed_coins(amount) -> str:
    if amount is None:
        return "—"
    return f"+{amount:,}" if amount > 0 else f"−{-amount:,}" if amount < 0 else "0"


@register.simple_tag
def cp_card(code, small=False):
    """A card, or a card back for one played face down (``??``) or unknown."""
    from rooms.templatetags.tables import card

    if not code or code == "??":
        return card(None, small=small)
    return card(code, small=small)


@register.filter
def stood_in(seat, room) -> bool:
    """The viewer's seat is played by a stand-in bot after their timeouts."""
    return room.stood_in_for(seat)
