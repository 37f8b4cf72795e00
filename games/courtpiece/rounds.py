"""Court Piece's rounds: a new table, the deal, the end of a trick (its winner and the
pile) and the end of a round (its points, the next caller, the end of the table).

Each function changes the working state it is given (top-level keys only: nested
lists are replaced, never changed, as the state before the move shares them)."""

from __future__ import annotations

from typing import Any, cast

from games import core
from games.courtpiece.cards import (
    DECK,
    FACE_DOWN,
    RANK_OF,
    SUIT_OF,
    TAKE,
    PileRules,
    round_decided,
    round_score,
    sorted_hand,
    trick_leader,
    winning_team,
)
from games.courtpiece.state import (
    CALL,
    OVER,
    PLAY,
    SEAT_COUNT,
    CourtPieceState,
    LastTrick,
    Stats,
    TrickCard,
    team_of,
)

HISTORY_KEYS = ("round", "winning_team", "points", "kind", "all_hands", "hands", "caller", "trump", "tricks")
TEAM_COUNTERS = ("rounds_won", "courts", "goon_courts")  # what the leaderboard counts
STATS_OF_KIND = {"court": "courts", "goon_court": "goon_courts", "four": "fours", "six": "sixes"}


def new_table(options: dict[str, Any], seed: str, stack: list[str] | None) -> CourtPieceState:
    """A table before its first deal: no points, no rounds played."""
    table: dict[str, Any] = {
        "options": options,
        "seed": seed,
        "stream": 1,
        "stack": stack,
        "round": 0,
        "points": [0, 0],
        "stats": {key: [0, 0] for key in Stats.__annotations__},
        "history": [],
        "result": None,
    }
    return cast(CourtPieceState, table)


def deal(state: CourtPieceState, first: int, events: list[dict[str, Any]]) -> None:
    """Deal a new round. ``first`` calls (Rung Kaat: leads)."""
    cards = _next_deck(state)
    hands: list[list[str]] = [[], [], [], []]
    for k in range(SEAT_COUNT):
        hands[(first + k) % SEAT_COUNT] = cards[13 * k : 13 * k + 13]
    rung_kaat = state["options"]["game"] == "rung-kaat"
    for seat in range(SEAT_COUNT):
        if rung_kaat or seat != first:
            hands[seat] = sorted_hand(hands[seat])
    state["round"] += 1
    state.update(
        {
            "phase": PLAY if rung_kaat else CALL,
            "caller": None if rung_kaat else first,
            "leader": first,
            "turn": first,
            "five": None if rung_kaat else cards[:5],
            "trump": None,
            "power": False,
            "face_down": None,
            "hands": hands,
            "trick": [],
            "trick_leader": first,
            "trick_face_down": [],
            "trick_trump_from": 0,
            "asked": None,
            "tricks_played": 0,
            "pile": 0,
            "picked": False,
            "streak_winner": None,
            "streak_ace": False,
            "won": [0, 0],
            "gone": [],
            "down": [],
            "last": None,
        }
    )
    events.append({"type": "deal", "round": state["round"], "caller": state["caller"], "leader": first})


def _next_deck(state: CourtPieceState) -> list[str]:
    """The round's 52 cards: the next stacked block, else the next shuffle of the seed."""
    stack = state["stack"]
    if stack:
        state["stack"] = stack[52:] or None
        return stack[:52]
    cards = core.shuffled(DECK, state["seed"], state["stream"])
    state["stream"] += 1
    return cards


def public_trick(trick: list[str], leader: int, down: list[int]) -> list[TrickCard]:
    """The cards of a trick as everyone sees them (``??`` for those played face down)."""
    return [
        {"seat": (leader + i) % SEAT_COUNT, "card": FACE_DOWN if i in down else c}
        for i, c in enumerate(trick)
    ]


def finish_trick(state: CourtPieceState, events: list[dict[str, Any]]) -> None:
    """The fourth card is down: the trick's winner, the pile, and perhaps the round's end."""
    trick = state["trick"]
    lead_seat = state["trick_leader"]
    face_down_indexes = state["trick_face_down"]
    trump = state["trump"] if state["power"] else None
    # (cards before index trick_trump_from were played while the trump had no power)
    best_i, _ = trick_leader(trick, face_down_indexes, state["trick_trump_from"], trump, SUIT_OF, RANK_OF)
    winner = (lead_seat + best_i) % SEAT_COUNT
    wcard = trick[best_i]
    number = state["tricks_played"] + 1
    state["gone"] = state["gone"] + trick
    if face_down_indexes:
        state["down"] = state["down"] + [trick[i] for i in face_down_indexes]
    state["last"] = {"winner": winner, "lead": lead_seat, "cards": public_trick(trick, lead_seat, face_down_indexes)}
    pile = state["pile"] + 1
    events.append({"type": "trick", "number": number, "seat": winner, "card": wcard, "pile": pile})
    ace = wcard[0] == "A"
    pile = _settle_pile(state, events, number, pile, winner, ace)
    state.update(
        {
            "tricks_played": number,
            "pile": pile,
            "streak_winner": winner if state["power"] else None,
            "streak_ace": ace,
            "trick": [],
            "trick_face_down": [],
            "trick_trump_from": 0,
            "trick_leader": winner,
            "turn": winner,
        }
    )
    if round_decided(number, state["won"]):
        end_round(state, events, winner)


def _settle_pile(
    state: CourtPieceState, events: list[dict[str, Any]], number: int, pile: int, winner: int, ace: bool
) -> int:
    """The winner of trick ``number`` picks up the ``pile`` or not; the hands left on the table."""
    streak = state["power"] and state["streak_winner"] == winner
    rules = PileRules.of(state["options"])
    outcome = rules.outcome(number, pile, state["picked"], streak, ace, state["streak_ace"])
    if outcome == TAKE:
        team = team_of(winner)
        won = list(state["won"])
        won[team] += pile
        state["won"] = won
        state["picked"] = True
        events.append({"type": "pickup", "seat": winner, "team": team, "tricks": pile, "hands": won})
        return 0
    if outcome is not None:
        events.append({"type": "pile_blocked", "seat": winner, "reason": outcome})
    return pile


def end_round(state: CourtPieceState, events: list[dict[str, Any]], last_winner: int) -> None:
    """Score the round; then the table is over, or the next round is dealt."""
    options = state["options"]
    won = state["won"]
    team = winning_team(won)
    caller = state["caller"] if state["caller"] is not None else state["leader"]  # (Rung Kaat always has one)
    all_hands = won[team] == 13
    kind, points = round_score(
        all_hands,
        team_of(caller) == team,
        *_last_trick_ranks(state, last_winner),
        options["four_point_rank"],
        options["six_point"],
    )
    stats = _counted(state["stats"], team, kind, all_hands)
    totals = list(state["points"])
    totals[team] += points
    next_caller = _next_caller(caller, team, all_hands)
    summary: dict[str, Any] = {
        "type": "round_over",
        "round": state["round"],
        "winning_team": team,
        "points": points,
        "kind": kind,
        "all_hands": all_hands,
        "hands": list(won),
        "caller": caller,
        "trump": state["trump"],
        "tricks": state["tricks_played"],
        "team_points": totals,
        "next": next_caller,
        # The round's final trick, still shown beside the result after the next deal.
        "last_trick": state["last"],
    }
    events.append(summary)
    state.update(
        {
            "stats": stats,
            "points": totals,
            "history": state["history"] + [{k: summary[k] for k in HISTORY_KEYS}],
        }
    )
    if totals[team] >= options["winning_points"]:
        _end_table(state, events, team)
    else:
        deal(state, next_caller, events)


def _last_trick_ranks(state: CourtPieceState, last_winner: int) -> tuple[str, str]:
    """The ranks of the last trick's winning card and of the winner's partner's card."""
    last = state["gone"][-4:]
    lead = _last(state)["lead"]
    return (
        last[(last_winner - lead) % SEAT_COUNT][0],
        last[(last_winner + 2 - lead) % SEAT_COUNT][0],
    )


def _last(state: CourtPieceState) -> LastTrick:
    last = state["last"]
    assert last is not None  # (a round ends on a trick)
    return last


def team_counters(stats: Stats, team: int) -> dict[str, int]:
    """What the leaderboard counts for each seat of ``team`` at the end of the table:
    its rounds won, Courts and Goon Courts."""
    return {key: stats[key][team] for key in TEAM_COUNTERS}  # type: ignore[literal-required]


def _counted(stats: Stats, team: int, kind: str, all_hands: bool) -> Stats:
    """The table's stats with one more round won by ``team``."""
    counted = {k: list(v) for k, v in cast(dict[str, list[int]], stats).items()}
    counted["rounds_won"][team] += 1
    if all_hands:
        counted["all_hands"][team] += 1
    if kind in STATS_OF_KIND:
        counted[STATS_OF_KIND[kind]][team] += 1
    return cast(Stats, counted)


def _next_caller(caller: int, team: int, all_hands: bool) -> int:
    """The callers keep the call (after all 13 hands it passes to the partner); else it
    passes to the next seat."""
    if team_of(caller) == team:
        return (caller + 2) % SEAT_COUNT if all_hands else caller
    return (caller + 1) % SEAT_COUNT


def _end_table(state: CourtPieceState, events: list[dict[str, Any]], team: int) -> None:
    totals = state["points"]
    winners = [team, team + 2]
    losers = [1 - team, 3 - team]
    state["phase"] = OVER
    state["turn"] = None
    state["result"] = {
        "places": core.places_from_exits([losers], winners, SEAT_COUNT),
        "winners": winners,
        "winning_team": team,
        "team_points": totals,
        "rounds": state["round"],
        "stats": state["stats"],
    }
    events.append({"type": "game_over", "winners": winners, "winning_team": team, "team_points": totals})
