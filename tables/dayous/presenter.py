"""Dayous's table: the seats' roles, the bout, the trump, the last contribution, the
score sheet of each player's contributions and fees, and the results (public); the
viewer's legal moves grouped for buttons and the quick phrases they may send (private).

The public partial reads ``t``, ``sheet``, ``results`` and ``result_columns``; the
private one ``m`` (its moves), ``phrases`` and ``standin``.
"""

from collections.abc import Mapping
from typing import Any, TypedDict

from games.core import FRENCH_SUIT_NAMES, JOKERS, card_name
from games.dayous.cards import display_order
from games.dayous.state import DayousView, Stats
from rooms.presenting import FRENCH_PIPS, action_json, results, seat_names
from tables.dayous.phrases import ASK, OPENING, RANK_WORDS

RANKS = "23456789TJQKA"
# Beyond this many combinations of one rank, the multi-card ones fold into a <details>.
FOLD_AFTER = 6
# Beyond this many cards that beat one attack card, all but the cheapest BEATS_SHOWN fold
# into a <details>: two attack cards' beats then fit a row of a phone's action bar. Beyond
# this many open attack cards, all but the cheapest card for each fold: three to a row.
BEATS_FOLD_AFTER, BEATS_SHOWN = 4, 3
MANY_OPEN = 4


class Move(TypedDict):
    """One button: exactly one legal action."""

    action: Mapping[str, Any]
    json: str  # the action as the form sends it
    label: str  # what the button does, in words (its accessible name)
    faces: list[str]  # the cards drawn on the button
    text: str  # the words on the button, after its cards
    cls: str  # extra CSS classes
    testid: str
    cards: str  # the action's cards, space-separated (data-cards)


class RankGroup(TypedDict):
    rank: str
    word: str
    shown: list[Move]
    folded: list[Move]  # behind "n more with …"


class Beat(TypedDict):
    target: int  # the attack card's pair on the table
    attack: str
    shown: list[Move]  # the cheapest first
    folded: list[Move]  # behind "+n"


class Player(TypedDict):
    index: int
    count: int  # cards in hand
    role: str  # what the seat is doing now, in words
    role_class: str
    acting: bool
    done: bool  # said "No further questions"
    stats: Stats  # the engine's contributions and fees so far
    standin: bool  # a stand-in bot plays this person's seat


class SheetRow(TypedDict):
    seat: int
    name: str
    defences: int  # successful defences, each a contribution
    contributed: int  # cards sent to the discard pile by them
    best: int  # the largest contribution, in cards
    best_journal: str | None
    fees: int  # publication fees


class Table(TypedDict):
    players: list[Player]
    waiting_for: list[str]
    attack_count: int
    unbeaten: int
    trump_pip: str
    trump_name: str
    last_defence: dict | None  # the last "defended" event: contribution, journal, fee


class Moves(TypedDict):
    direction: list[Move]
    lead: list[RankGroup]
    beats: list[Beat]
    transfer: list[RankGroup]
    jokers: list[Move]
    take: Move | None
    throw: list[RankGroup]
    done: Move | None


def _cards_words(cards) -> str:
    names = [card_name(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _move(action: Mapping[str, Any], label: str, faces: list[str], text: str = "", cls: str = "",
          testid: str = "") -> Move:
    cards = action.get("cards") or ([action["card"]] if "card" in action else [])
    return Move(action=action, json=action_json(action), label=label, faces=faces, text=text, cls=cls,
                testid=testid or action["type"], cards=" ".join(cards))


def _rank_groups(actions: list[Mapping[str, Any]], verb: str) -> list[RankGroup]:
    """Card-combination moves grouped by rank, singles first; long groups fold."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for action in actions:
        groups.setdefault(action["cards"][0][0], []).append(action)
    out = []
    for rank in sorted(groups, key=RANKS.index):
        moves = [
            _move(a, f"{verb} with {_cards_words(a['cards'])}", a["cards"], cls="cards")
            for a in sorted(groups[rank], key=lambda a: (len(a["cards"]), a["cards"]))
        ]
        shown, folded = moves, []
        if len(moves) > FOLD_AFTER:
            shown = [m for m in moves if len(m["action"]["cards"]) == 1][:FOLD_AFTER] or moves[:1]
            folded = [m for m in moves if m not in shown]
        out.append(RankGroup(rank=rank, word=RANK_WORDS[rank], shown=shown, folded=folded))
    return out


def _beats(view: DayousView, beats: list[Mapping[str, Any]]) -> list[Beat]:
    """The beats of each open attack card, cheapest first (its suit, then trumps); a long
    list folds, and with many open attack cards all but each one's cheapest."""
    cheapest = display_order(view["trump"])
    targets = sorted({a["target"] for a in beats})
    out = []
    for target in targets:
        attack = view["table"][target][0]
        moves = [
            _move(a, f"Beat the {card_name(attack)} with the {card_name(a['card'])}", [a["card"]], cls="cards")
            for a in sorted((a for a in beats if a["target"] == target), key=lambda a: cheapest(a["card"]))
        ]
        shown = 1 if len(targets) > MANY_OPEN else BEATS_SHOWN if len(moves) > BEATS_FOLD_AFTER else len(moves)
        out.append(Beat(target=target, attack=attack, shown=moves[:shown], folded=moves[shown:]))
    return out


def _direction(action: Mapping[str, Any]) -> Move:
    if action["clockwise"]:
        return _move(action, "Play clockwise", [], "↻ Clockwise", testid="clockwise")
    return _move(action, "Play counterclockwise", [], "↺ Counterclockwise", "secondary", "counterclockwise")


def moves(view: DayousView) -> Moves:
    """The viewer's legal moves, grouped for buttons: every entry is one legal action."""
    legal = view.get("legal") or []
    by_type: dict[str, list[Mapping[str, Any]]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    take, done = by_type.get("take"), by_type.get("done")
    return Moves(
        direction=[_direction(a) for a in by_type.get("direction", [])],
        lead=_rank_groups(by_type.get("attack", []), "Attack"),
        beats=_beats(view, by_type.get("beat", [])),
        transfer=_rank_groups(by_type.get("transfer", []), "Pass the attack on"),
        jokers=[
            _move(a, f"Play the {card_name(a['card'])}: send the attack back and reverse the direction",
                  [a["card"]], "Send it back", "cards joker-move")
            for a in by_type.get("joker", [])
        ],
        take=_move(take[0], "Take the cards", [], "Take the cards", "secondary") if take else None,
        throw=_rank_groups(by_type.get("throw", []), "Ask a further question"),
        done=_move(done[0], "No further questions", [], "No further questions") if done else None,
    )


def _table_ranks(view: DayousView) -> list[str]:
    """The ranks of the cards on the table, lowest first."""
    return sorted({c[0] for pair in view["table"] for c in pair if c and c not in JOKERS}, key=RANKS.index)


def phrases(view: DayousView) -> list[str]:
    """Quick phrases a player may send now: "Can I not attack?", and "Did somebody say
    …?" for the ranks on the table (all of them in ``tables.dayous.phrases.PHRASES``)."""
    return [OPENING] + [ASK[rank] for rank in _table_ranks(view)]


def _role(view: DayousView, seat: int) -> tuple[str, str]:
    """(css class, words) for what ``seat`` is doing now."""
    phase = view["phase"]
    if seat in view["out"]:
        return "out", "out — safe"
    if phase == "over":
        return ("dayous", "dayous") if view["outcome"] and view["outcome"]["dayous"] == seat else ("", "")
    if phase == "direction":
        return ("attacker", "chooses the direction") if seat == view["leader"] else ("", "")
    if seat == view["defender"]:
        return ("defender", "defender, taking" if view["taking"] else "defender")
    if phase == "lead":
        return ("attacker", "attacker") if seat == view["leader"] else ("", "")
    if seat in view["attackers"]:
        return "attacker", "attacker"
    if seat in view["throwers"]:
        return "thrower", "thrower-in"
    return "", ""


def _players(snapshot, view: DayousView) -> list[Player]:
    players = []
    for seat in range(view["players"]):
        css, role = _role(view, seat)
        players.append(Player(
            index=seat, count=view["hand_counts"][seat], role=role, role_class=css,
            acting=seat in view["to_act"], done=seat in view["done"], stats=view["stats"][seat],
            standin=snapshot.stood_in_for(seat),
        ))
    return players


# The results' columns of Dayous's own, after the places, points and rating changes.
RESULT_COLUMNS = ("Defences", "Best journal", "Fees")


def _results(snapshot, view: DayousView) -> list[dict]:
    """Once the game is over: the places (the dayous tagged), and each player's
    contributions and fees (``RESULT_COLUMNS``)."""
    outcome = view["outcome"]
    if outcome is None:
        return []
    rows = results(snapshot, view)
    for row in rows:
        stats = view["stats"][row["seat"]]
        row["tag"] = "dayous" if row["seat"] == outcome["dayous"] else ""
        row["extra"] = [stats["defences"], stats["best_journal"] or "—", stats["fees"]]
    return rows


def score_sheet(view: DayousView, names: dict) -> list[SheetRow]:
    """Each player's contributions and publication fees so far, in seat order."""
    return [
        SheetRow(
            seat=seat, name=names.get(seat, f"Seat {seat + 1}"), defences=stats["defences"],
            contributed=stats.get("contributed", 0), best=stats["best"], best_journal=stats["best_journal"],
            fees=stats["fees"],
        )
        for seat, stats in enumerate(view["stats"])
    ]


def public(snapshot, view: DayousView) -> dict:
    """What everybody sees, arranged: seats, table, trump, the last contribution, results,
    and the score sheet."""
    names = seat_names(snapshot)
    table = Table(
        players=_players(snapshot, view),
        waiting_for=[names.get(s, f"Seat {s + 1}") for s in view["to_act"]],
        attack_count=len(view["table"]),
        unbeaten=sum(1 for _, defence in view["table"] if defence is None),
        trump_pip=FRENCH_PIPS[view["trump"]],
        trump_name=FRENCH_SUIT_NAMES[view["trump"]],
        last_defence=next((e for e in reversed(view["log"]) if e.get("type") == "defended"), None),
    )
    return {"t": table, "sheet": score_sheet(view, names), "results": _results(snapshot, view),
            "result_columns": RESULT_COLUMNS}


def private(snapshot, view: DayousView, seat: int | None) -> dict:
    if seat is None:
        return {}
    return {"m": moves(view), "phrases": phrases(view), "standin": snapshot.stood_in_for(seat)}
