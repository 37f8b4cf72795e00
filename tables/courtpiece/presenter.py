"""Court Piece's table: the seats round the cross, the trump, the teams' hands and
points, the last trick and the last round with its coins, the score sheet of every
finished round, and the results (public);
the viewer's hand with a move on every playable card, the calls, asking for or showing
the trump (private).

The public partial reads ``t``, ``sheet`` and ``results``; the private one ``m``. Coins come from
the room's snapshot (loaded with it), never from a query.
"""

from collections.abc import Mapping, Sequence
from typing import Any, TypedDict

from games.courtpiece.options import FOUR_POINT_RANK
from games.courtpiece.state import CourtPieceView, LastTrick, team_of
from games.words import Said, Seat, Words, wording
from rooms.presenting import FRENCH_PIPS, action_json, results, seat_names

# Seats 0-3 in play order, anticlockwise: partners face each other.
POSITIONS = ("south", "east", "north", "west")
# The kinds of a round's win, as the last round's box says it.
KIND_TITLES = {
    "normal": wording("A normal win"),
    "court": wording("A Court (all 13 hands on their own trump)"),
    "goon_court": wording("A Goon Court (all 13 hands on the other team's trump)"),
    "four": wording("All 13 hands with the chosen rank"),
    "six": wording("All 13 hands with the chosen pair"),
}
# And as the score sheet's rows mark it (a normal win unmarked).
KIND_SHORT = {
    "court": wording("Court"),
    "goon_court": wording("Goon Court"),
    "four": wording("4-point win"),
    "six": wording("6-point win"),
}
# Translators: said of a seat a bot plays in the last round's coins ("Bot 4 — (bot)").
BOT = wording("bot")
# Translators: said of a seat whose player's coins did not move: a stand-in bot played it.
NO_BET = wording("no bet")


class Trump(TypedDict):
    state: str  # "known", "hidden" (face down) or "none" (not called yet); its words: cp_trump_name
    suit: str
    pip: str


class Player(TypedDict):
    index: int
    seat: object  # the room's SeatInfo (name, bot, presence badges)
    name: str
    team: int
    pos: str  # south, east, north or west
    count: int  # cards in hand
    caller: bool
    acting: bool
    card: str | None  # played to this trick ("??" face down)
    played: bool
    streak: bool  # won the last trick: a second win in a row can pick up the pile
    standin: bool  # a stand-in bot plays this person's seat


class Team(TypedDict):
    team: int
    names: Words
    hands: int  # picked up this round
    score: int  # points


class CoinRow(TypedDict):
    index: int
    name: str
    won: bool
    coins: int | None  # moved at the end of the round (the ledger's); None for a bot
    note: Words | None  # "bot"; "no bet" for a person whose seat moved nothing (it sat out)


class LastRound(TypedDict):
    event: dict  # the engine's "round_over" event
    team_names: Words  # of the winners
    kind: Words
    trump: Trump
    hands_won: int
    hands_lost: int
    coins: list[CoinRow]
    caller: str | None


class SheetRow(TypedDict):
    round: int
    caller: str | None
    trump: Trump
    hands: list[int]  # per team
    points: list[int]  # per team: the winners' points, 0 for the others
    winning_team: int
    kind: Words | None  # None for a normal win
    coins: list[int]  # what the round moved for each person of ScoreSheet.people


class ScoreSheet(TypedDict):
    teams: list[Words]  # team 0's names, team 1's
    people: list[str]  # the seats whose coins move (bots neither pay nor are paid)
    rows: list[SheetRow]  # every finished round, oldest first
    score: list[int]  # per team
    coins: list[int]  # each person's total


class Table(TypedDict):
    players: list[Player]
    trump: Trump
    teams: list[Team]
    last_round: LastRound | None
    last_trick: LastTrick | None
    four_rank: Said | None  # the rank of the 4-point option, in words
    turn_name: str | None
    calling: bool


class PlayableCard(TypedDict):
    card: str
    action: str | None  # the play's JSON, None for a card that cannot be played now


class CallSuit(TypedDict):
    suit: str
    pip: str
    action: str


class Moves(TypedDict):
    cards: list[PlayableCard]  # the hand
    extra: list[PlayableCard]  # the Hidden caller's face-down card, played last
    calling: bool
    call_suits: list[CallSuit]
    call_cards: list[PlayableCard]  # Hidden: the card to place face down
    ask: str | None
    show: str | None
    playable: bool
    face_down: str | None
    trump: Trump
    standin: bool  # a stand-in bot plays the viewer's seat


def trump(code: str | None) -> Trump:
    if code in FRENCH_PIPS:
        return Trump(state="known", suit=code, pip=FRENCH_PIPS[code])
    if code == "hidden":
        return Trump(state="hidden", suit="", pip="?")
    return Trump(state="none", suit="", pip="–")


def _last_event(log: list, kind: str) -> dict | None:
    return next((event for event in reversed(log or []) if event.get("type") == kind), None)


def _team_names(names: dict, team: int) -> Words:
    # Translators: the two partners of a team in Court Piece, by name ("Ann & Carl").
    return wording("%(first)s & %(second)s", first=_name(names, team), second=_name(names, team + 2))


def _name(names: dict, seat: int) -> Said:
    return names.get(seat) or Seat(seat)


def _round_coins(round_number: int, winning_team: int, snapshot) -> list[CoinRow]:
    """What each seat's coins did at the end of a round: the ledger's amounts for people,
    guests too (loaded with the snapshot): 0 where it has none (the seat sat out, a
    stand-in bot playing it for no coins); none for bots."""
    moved = snapshot.extras.get("moved", {}).get(round_number, {})
    rows = []
    for seat in snapshot.seats:
        won = team_of(seat.index) == winning_team
        if seat.is_bot or seat.is_empty:
            rows.append(CoinRow(index=seat.index, name=seat.name, won=won, coins=None, note=BOT))
        elif seat.index in moved:
            rows.append(CoinRow(index=seat.index, name=seat.name, won=won, coins=moved[seat.index], note=None))
        else:
            rows.append(CoinRow(index=seat.index, name=seat.name, won=won, coins=0, note=NO_BET))
    return rows


def _players(snapshot, view: CourtPieceView) -> list[Player]:
    trick = {entry["seat"]: entry["card"] for entry in view.get("trick") or []}
    to_act = view.get("to_act") or []
    counts = view.get("hand_counts") or [0, 0, 0, 0]
    return [
        Player(
            index=index, seat=snapshot.seats[index], name=snapshot.seats[index].name, team=team_of(index),
            pos=POSITIONS[index], count=counts[index], caller=view.get("caller") == index,
            acting=index in to_act, card=trick.get(index), played=index in trick,
            streak=view.get("streak") == index, standin=snapshot.stood_in_for(index),
        )
        for index in range(4)
    ]


def _teams(view: CourtPieceView, names: dict) -> list[Team]:
    hands = view.get("hands") or [0, 0]
    score = view.get("score") or [0, 0]
    return [
        Team(team=team, names=_team_names(names, team), hands=hands[team], score=score[team]) for team in (0, 1)
    ]


def _last_round(snapshot, log: list, names: dict) -> LastRound | None:
    event = _last_event(log, "round_over")
    if event is None:
        return None
    team = event["winning_team"]
    return LastRound(
        event=event,
        team_names=_team_names(names, team),
        kind=KIND_TITLES.get(event["kind"], KIND_TITLES["normal"]),
        trump=trump(event.get("trump")),
        hands_won=event["hands"][team],
        hands_lost=event["hands"][1 - team],
        coins=_round_coins(event["round"], team, snapshot),
        caller=names.get(event.get("caller")),
    )


def _sheet_row(snapshot, row: dict, names: dict) -> SheetRow:
    team = row["winning_team"]
    points = [0, 0]
    points[team] = row["points"]
    coins = _round_coins(row["round"], team, snapshot)
    return SheetRow(
        round=row["round"], caller=names.get(row["caller"]), trump=trump(row["trump"]), hands=list(row["hands"]),
        points=points, winning_team=team, kind=KIND_SHORT.get(row["kind"]),
        coins=[c["coins"] for c in coins if c["coins"] is not None],
    )


def score_sheet(snapshot, view: CourtPieceView, names: dict) -> ScoreSheet:
    """Every finished round: who called, the trump, each team's hands and points, and
    the coins it moved for each person (the ledger's, as in the last round's box)."""
    rows = [_sheet_row(snapshot, row, names) for row in view.get("history") or []]
    people = [seat.name for seat in snapshot.seats if not (seat.is_bot or seat.is_empty)]
    return ScoreSheet(
        teams=[_team_names(names, 0), _team_names(names, 1)],
        people=people,
        rows=rows,
        score=list(view.get("score") or [0, 0]),
        coins=[sum(column) for column in zip(*(row["coins"] for row in rows))] if rows else [0] * len(people),
    )


def public(snapshot, view: CourtPieceView) -> dict:
    """Everything the public partial shows, from the spectator's view."""
    names = seat_names(snapshot)
    log = view.get("log") or []
    to_act = view.get("to_act") or []
    options = view.get("options") or snapshot.options
    rank = options.get("four_point_rank")
    return {
        "t": Table(
            players=_players(snapshot, view),
            trump=trump(view.get("trump")),
            teams=_teams(view, names),
            last_round=_last_round(snapshot, log, names),
            last_trick=view.get("last_trick"),
            four_rank=FOUR_POINT_RANK.words(rank) if rank else None,
            turn_name=names.get(to_act[0]) if to_act else None,
            calling=view.get("phase") == "call",
        ),
        "sheet": score_sheet(snapshot, view, names),
        "results": results(snapshot, view),
    }


def _first(legal: Sequence[Mapping[str, Any]], kind: str) -> str | None:
    return next((action_json(a) for a in legal if a["type"] == kind), None)


def moves(snapshot, view: CourtPieceView, seat: int) -> Moves:
    """The viewer's hand and moves: every button carries exactly one legal action."""
    legal = view.get("legal") or []
    plays = {a["card"]: a for a in legal if a["type"] == "play"}
    hand = view.get("hand") or []
    calls: list[Mapping[str, Any]] = [a for a in legal if a["type"] == "call"]  # a suit's, or a card's
    return Moves(
        cards=[PlayableCard(card=c, action=action_json(plays[c]) if c in plays else None) for c in hand],
        extra=[PlayableCard(card=c, action=action_json(a)) for c, a in plays.items() if c not in hand],
        calling=view.get("phase") == "call",
        call_suits=[
            CallSuit(suit=a["suit"], pip=FRENCH_PIPS[a["suit"]], action=action_json(a))
            for a in calls if "suit" in a
        ],
        call_cards=[PlayableCard(card=a["card"], action=action_json(a)) for a in calls if "card" in a],
        ask=_first(legal, "ask"),
        show=_first(legal, "show"),
        playable=bool(plays),
        face_down=view.get("face_down"),
        trump=trump(view.get("trump")),
        standin=snapshot.stood_in_for(seat),
    )


def private(snapshot, view: CourtPieceView, seat: int | None) -> dict:
    if seat is None:
        return {}
    return {"m": moves(snapshot, view, seat)}
