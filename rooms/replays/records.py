"""A game's record: a finished game as JSON, for anyone to keep and check (docs/records.md).

``record_of`` writes a game that is over as the notation "cardclub-game-record" holds it:
its game, options and seats, its seed, salt and commitment, every move in order as the
engine takes it, and its outcome. It holds nothing the replay page does not show: once
a game is over its replay shows every seat's cards at every step, and its verify page
the seed and the salt.

``replayed`` checks a record with the verify page's own check
(``verification.checked_replay``): the commitment is SHA-256 of ``salt:seed``, every move
replays from the seed, every draw is the seed's, and the replay ends with the record's
outcome. ``MalformedRecord`` says, in a sentence, what a record that cannot be read lacks.
"""

import json
from dataclasses import dataclass, field
from typing import Any

from games import registry
from leaderboard.points import points_for
from rooms import fairness
from rooms.gamerules import rules_for
from rooms.models import MatchAction, Room
from rooms.replays.verification import checked_replay

FORMAT = "cardclub-game-record"
VERSION = 1
FINISHED = "finished"  # the game was played to its end
ENDED_BY_STAFF = "ended by staff"  # staff ended it part-way: it has no outcome
BY = tuple(MatchAction.Source.values)  # how a move was made: a person, a bot, a timeout, a single choice
# The fields every record has, and their types (``outcome`` is checked on its own).
FIELDS: dict[str, type] = {
    "game": str,
    "options": dict,
    "seats": list,
    "had_bots": bool,
    "seed": str,
    "salt": str,
    "commitment": str,
    "actions": list,
}
KIND_WORDS = {str: "a string", dict: "an object", list: "a list", bool: "true or false"}


class MalformedRecord(ValueError):
    """A record that cannot be read as the notation says: ``str(error)`` says what is wrong."""


def record_of(room: Room, match, seats: list) -> dict[str, Any]:
    """The record of ``match``, the game of ``room`` (over) with its ``seats`` rows in
    order; its moves are read in one query."""
    moves = match.actions.order_by("number").values_list("seat", "action", "source")
    outcome = rules_for(room.game).engine.outcome(match.state) if room.status == Room.Status.FINISHED else None
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": room.game,
        "room": room.code,
        "options": room.options,
        "seats": [seat_entry(s.index, s.name, s.bot_level, s.user.username if s.user_id else None) for s in seats],
        "started_at": match.started_at.isoformat(),
        "finished_at": match.finished_at.isoformat() if match.finished_at else None,
        "end": end_of(room.status),
        "had_bots": match.had_bots,
        "seed": match.seed,
        "salt": match.salt,
        "commitment": fairness.commitment(match.seed, match.salt),
        "actions": [{"seat": seat, "action": action, "by": source} for seat, action, source in moves],
        "outcome": _with_points(room.game, _as_json(outcome), match.had_bots) if outcome is not None else None,
    }


def seat_entry(index: int, name: str, bot_level: str, account: str | None) -> dict[str, Any]:
    """A seat as the notation gives it: its number, its name, a bot (with its level) or a
    person, and the account's username (none for a guest or a bot)."""
    return {
        "seat": index,
        "name": name,
        "kind": "bot" if bot_level else "person",
        "bot_level": bot_level or None,
        "account": None if bot_level else account,
    }


def end_of(status: str) -> str:
    """How a game that is over ended, from its room's status."""
    return FINISHED if status == Room.Status.FINISHED else ENDED_BY_STAFF


def _as_json(value):
    """As JSON reads it back (tuples become lists), so that a record and its replay compare."""
    return json.loads(json.dumps(value))


def _with_points(game: str, outcome: dict, had_bots: bool) -> dict:
    """The engine's outcome, with each seat's points as the leaderboard counts them."""
    places = outcome["places"]
    return {**outcome, "points": [points_for(game, place, len(places), had_bots) for place in places]}


@dataclass(frozen=True)
class Replayed:
    """A record checked: the outcome its moves lead to, and what does not match (nothing:
    it verifies)."""

    moves: int
    draws: int
    outcome: dict | None
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


def replayed(record: Any) -> Replayed:
    """Replay ``record`` from its seed and check it against its commitment, its draws and
    its outcome; ``MalformedRecord`` if it is not a record."""
    _check_shape(record)
    game, seat_count = record["game"], len(record["seats"])
    engine = rules_for(game).engine
    fewest, most = engine.min_players, engine.max_players
    if not fewest <= seat_count <= most:
        raise MalformedRecord(f"{game} is played by {fewest} to {most} players, not {seat_count}.")
    try:
        engine.validate_options(record["options"], seat_count)
    except (ValueError, TypeError, LookupError) as error:  # InvalidOptions, or options of the wrong shape
        raise MalformedRecord(f"The record's options cannot be played: {error}") from None
    moves = [(move["seat"], move["action"], move["by"]) for move in record["actions"]]
    checked = checked_replay(game, seat_count, record["options"], record["seed"], moves)
    problems = []
    if fairness.commitment(record["seed"], record["salt"]) != record["commitment"]:
        problems.append("The commitment is not SHA-256 of salt:seed: the seed or the salt was changed.")
    if checked.failed_move is not None:
        problems.append(f"Move {checked.failed_move} cannot be played at that point of the game.")
    if not (checked.draws_ok and checked.streams_distinct):
        problems.append("A draw of the game is not the one its seed gives.")
    outcome = None
    if checked.state is not None:
        outcome = _replayed_outcome(game, checked.state, record["had_bots"])
        if outcome != record["outcome"]:
            problems.append(_outcome_problem(outcome, record["outcome"]))
    return Replayed(len(moves), len(checked.draws), outcome, problems)


def _replayed_outcome(game: str, state: dict, had_bots: bool) -> dict | None:
    outcome = rules_for(game).engine.outcome(state)
    return None if outcome is None else _with_points(game, _as_json(outcome), had_bots)


def _outcome_problem(replayed_outcome: dict | None, recorded: dict | None) -> str:
    if replayed_outcome is None:
        return "Replayed from its seed, the game is not over after its last move, but the record gives an outcome."
    if recorded is None:
        return "Replayed from its seed, the game is over, but the record gives no outcome."
    return (
        "Replayed from its seed, the game ends otherwise than the record says: "
        f"places {replayed_outcome['places']}, winners {replayed_outcome['winners']}."
    )


def _check_shape(record: Any) -> None:
    """``MalformedRecord`` unless ``record`` has every field of the notation, each of its type."""
    if not isinstance(record, dict):
        raise MalformedRecord("A record is a JSON object.")
    if record.get("format") != FORMAT or record.get("version") != VERSION:
        raise MalformedRecord(f'This is not a game record: it needs "format": "{FORMAT}" and "version": {VERSION}.')
    for name, kind in FIELDS.items():
        if not isinstance(record.get(name), kind):
            raise MalformedRecord(f'The record\'s "{name}" is missing or is not {KIND_WORDS[kind]}.')
    if registry.find(record["game"]) is None:
        raise MalformedRecord(f"There is no game {record['game']!r}.")
    seat_count = len(record["seats"])
    if [seat.get("seat") if isinstance(seat, dict) else None for seat in record["seats"]] != list(range(seat_count)):
        raise MalformedRecord('The record\'s "seats" must be objects numbered 0, 1, 2… in order.')
    for number, move in enumerate(record["actions"], start=1):
        if not _is_move(move, seat_count):
            raise MalformedRecord(
                f'Move {number} must be {{"seat": 0 to {seat_count - 1}, "action": …, "by": one of {", ".join(BY)}}}.'
            )
    if not isinstance(record.get("outcome", ""), dict | None):
        raise MalformedRecord('The record\'s "outcome" must be an object, or null for a game ended by staff.')


def _is_move(move: Any, seat_count: int) -> bool:
    return (
        isinstance(move, dict)
        and type(move.get("seat")) is int
        and 0 <= move["seat"] < seat_count
        and "action" in move
        and move.get("by") in BY
    )

