"""Dayous's table: the seats' roles, the bout, the trump, the last contribution, the
score sheet of each player's contributions and fees, and the results (public); the
viewer's legal moves grouped for buttons and the quick phrases they may send (private).

The public partial reads ``t``, ``sheet``, ``results`` and ``result_columns``; the
private one ``m`` (its moves), ``phrases`` and ``standin``.

Its words are ``games.words``, said in each viewer's language as the partials render
them: the public presenter runs once per version, whoever watches.
"""

from collections.abc import Callable, Mapping
from typing import Any, TypedDict

from games.core import JOKERS
from games.dayous.cards import display_order
from games.dayous.state import DayousView, Stats
from games.words import Words, cards, wording
from rooms.presenting import FRENCH_PIPS, action_json, results, seat_names
from tables.dayous.phrases import ASK, OPENING

RANKS = "23456789TJQKA"
# Beyond this many combinations of one rank, the multi-card ones fold into a <details>.
FOLD_AFTER = 6
# Beyond this many cards that beat one attack card, all but the cheapest BEATS_SHOWN fold
# into a <details>: two attack cards' beats then fit a row of a phone's action bar. Beyond
# this many open attack cards, all but the cheapest card for each fold: three to a row.
BEATS_FOLD_AFTER, BEATS_SHOWN = 4, 3
MANY_OPEN = 4
# Each rank in the plural, as the folded moves of a rank name it ("+3 more with twos").
RANK_WORDS = {
    # Translators: a rank of cards in the plural (and the ranks that follow), as in "+3 more
    # with twos": three more moves that play twos, folded away in a Dayous table's moves.
    "2": wording("twos"), "3": wording("threes"), "4": wording("fours"), "5": wording("fives"),
    "6": wording("sixes"), "7": wording("sevens"), "8": wording("eights"), "9": wording("nines"),
    "T": wording("tens"), "J": wording("jacks"), "Q": wording("queens"), "K": wording("kings"),
    "A": wording("aces"),
}


class Move(TypedDict):
    """One button: exactly one legal action."""

    action: Mapping[str, Any]
    json: str  # the action as the form sends it
    label: Words  # what the button does (its accessible name)
    faces: list[str]  # the cards drawn on the button
    text: Words | None  # the words on the button, after its cards
    cls: str  # extra CSS classes
    testid: str
    cards: str  # the action's cards, space-separated (data-cards)


class RankGroup(TypedDict):
    rank: str
    word: Words  # the rank in the plural ("twos")
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
    role: Words | None  # what the seat is doing now
    role_class: str
    acting: bool
    done: bool  # said "No further questions"
    stats: Stats  # the engine's contributions and fees so far
    standin: bool  # a stand-in bot plays this person's seat


class SheetRow(TypedDict):
    seat: int
    name: str | Words
    defences: int  # successful defences, each a contribution
    contributed: int  # cards sent to the discard pile by them
    best: int  # the largest contribution, in cards
    best_journal: str | None
    fees: int  # publication fees


class Table(TypedDict):
    players: list[Player]
    waiting_for: list[str | Words]
    attack_count: int
    unbeaten: int
    trump_pip: str
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


def _move(action: Mapping[str, Any], label: Words, faces: list[str], text: Words | None = None, cls: str = "",
          testid: str = "") -> Move:
    played = action.get("cards") or ([action["card"]] if "card" in action else [])
    return Move(action=action, json=action_json(action), label=label, faces=faces, text=text, cls=cls,
                testid=testid or action["type"], cards=" ".join(played))


def _attack_label(codes: list[str]) -> Words:
    return wording("Attack with %(cards)s", cards=cards(*codes))


def _pass_label(codes: list[str]) -> Words:
    return wording("Pass the attack on with %(cards)s", cards=cards(*codes))


def _throw_label(codes: list[str]) -> Words:
    # Translators: throwing cards in on a Dayous attack is "asking a further question".
    return wording("Ask a further question with %(cards)s", cards=cards(*codes))


def _rank_groups(actions: list[Mapping[str, Any]], label: Callable[[list[str]], Words]) -> list[RankGroup]:
    """Card-combination moves grouped by rank, singles first; long groups fold. ``label``:
    a move's words for its cards."""
    groups: dict[str, list[Mapping[str, Any]]] = {}
    for action in actions:
        groups.setdefault(action["cards"][0][0], []).append(action)
    out = []
    for rank in sorted(groups, key=RANKS.index):
        moves = [
            _move(a, label(a["cards"]), a["cards"], cls="cards")
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
            _move(a, wording("Beat the %(attack)s with the %(card)s", attack=cards(attack), card=cards(a["card"])),
                  [a["card"]], cls="cards")
            for a in sorted((a for a in beats if a["target"] == target), key=lambda a: cheapest(a["card"]))
        ]
        shown = 1 if len(targets) > MANY_OPEN else BEATS_SHOWN if len(moves) > BEATS_FOLD_AFTER else len(moves)
        out.append(Beat(target=target, attack=attack, shown=moves[:shown], folded=moves[shown:]))
    return out


TAKE = wording("Take the cards")
# Translators: a thrower-in in Dayous has no more cards to throw in ("done").
DONE = wording("No further questions")


def _joker(action: Mapping[str, Any]) -> Move:
    label = wording(
        "Play the %(joker)s: send the attack back and reverse the direction", joker=cards(action["card"])
    )
    return _move(action, label, [action["card"]], wording("Send it back"), "cards joker-move")


def _direction(action: Mapping[str, Any]) -> Move:
    if action["clockwise"]:
        return _move(action, wording("Play clockwise"), [], wording("↻ Clockwise"), testid="clockwise")
    return _move(action, wording("Play counterclockwise"), [], wording("↺ Counterclockwise"), "secondary",
                 "counterclockwise")


def moves(view: DayousView) -> Moves:
    """The viewer's legal moves, grouped for buttons: every entry is one legal action."""
    legal = view.get("legal") or []
    by_type: dict[str, list[Mapping[str, Any]]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    take, done = by_type.get("take"), by_type.get("done")
    return Moves(
        direction=[_direction(a) for a in by_type.get("direction", [])],
        lead=_rank_groups(by_type.get("attack", []), _attack_label),
        beats=_beats(view, by_type.get("beat", [])),
        transfer=_rank_groups(by_type.get("transfer", []), _pass_label),
        jokers=[_joker(a) for a in by_type.get("joker", [])],
        take=_move(take[0], TAKE, [], TAKE, "secondary") if take else None,
        throw=_rank_groups(by_type.get("throw", []), _throw_label),
        done=_move(done[0], DONE, [], DONE) if done else None,
    )


def _table_ranks(view: DayousView) -> list[str]:
    """The ranks of the cards on the table, lowest first."""
    return sorted({c[0] for pair in view["table"] for c in pair if c and c not in JOKERS}, key=RANKS.index)


def phrases(view: DayousView) -> list[Words]:
    """Quick phrases a player may send now: "Can I not attack?", and "Did somebody say
    …?" for the ranks on the table (all of them in ``tables.dayous.phrases.PHRASES``)."""
    return [OPENING] + [ASK[rank] for rank in _table_ranks(view)]


# What a seat is doing now, on its tag at a Dayous table.
# Translators: a player's tag at a Dayous table: out of cards, so safe from being the dayous.
OUT = wording("out — safe")
# Translators: a player's tag at a Dayous table: the loser, the last one holding cards.
THE_DAYOUS = wording("dayous")
# Translators: a player's tag at a Dayous table.
CHOOSING = wording("chooses the direction")
# Translators: a player's tag at a Dayous table: the player attacking.
ATTACKER = wording("attacker")
# Translators: a player's tag at a Dayous table: the player being attacked.
DEFENDER = wording("defender")
# Translators: a player's tag at a Dayous table: the defender gave up and will take the cards.
DEFENDER_TAKING = wording("defender, taking")
# Translators: a player's tag at a Dayous table: a player who may throw in cards.
THROWER = wording("thrower-in")


def _role(view: DayousView, seat: int) -> tuple[str, Words | None]:
    """(css class, words) for what ``seat`` is doing now."""
    phase = view["phase"]
    if seat in view["out"]:
        return "out", OUT
    if phase == "over":
        return ("dayous", THE_DAYOUS) if view["outcome"] and view["outcome"]["dayous"] == seat else ("", None)
    if phase == "direction":
        return ("attacker", CHOOSING) if seat == view["leader"] else ("", None)
    if seat == view["defender"]:
        return ("defender", DEFENDER_TAKING if view["taking"] else DEFENDER)
    if phase == "lead":
        return ("attacker", ATTACKER) if seat == view["leader"] else ("", None)
    if seat in view["attackers"]:
        return "attacker", ATTACKER
    if seat in view["throwers"]:
        return "thrower", THROWER
    return "", None


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
RESULT_COLUMNS = (wording("Defences"), wording("Best journal"), wording("Fees"))


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
        row["tag_words"] = THE_DAYOUS if row["tag"] else None
        row["extra"] = [stats["defences"], stats["best_journal"] or "—", stats["fees"]]
    return rows


def _name(names: dict, seat: int) -> str | Words:
    """The name of the player at ``seat``, or the seat's number for a seat nobody has."""
    return names.get(seat) or wording("Seat %(number)s", number=seat + 1)


def score_sheet(view: DayousView, names: dict) -> list[SheetRow]:
    """Each player's contributions and publication fees so far, in seat order."""
    return [
        SheetRow(
            seat=seat, name=_name(names, seat), defences=stats["defences"],
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
        waiting_for=[_name(names, s) for s in view["to_act"]],
        attack_count=len(view["table"]),
        unbeaten=sum(1 for _, defence in view["table"] if defence is None),
        trump_pip=FRENCH_PIPS[view["trump"]],
        last_defence=next((e for e in reversed(view["log"]) if e.get("type") == "defended"), None),
    )
    return {"t": table, "sheet": score_sheet(view, names), "results": _results(snapshot, view),
            "result_columns": RESULT_COLUMNS}


def private(snapshot, view: DayousView, seat: int | None) -> dict:
    if seat is None:
        return {}
    return {"m": moves(view), "phrases": phrases(view), "standin": snapshot.stood_in_for(seat)}
