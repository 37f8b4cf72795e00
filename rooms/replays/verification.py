"""The "Verify this deal" check, done on the server once a game is over.

The game is replayed from its stored seed and actions through its engine, noting
every draw the engine makes from the seed (``games.core.noting_draws``). The game
passes when the replay ends exactly in the stored state, every draw is recomputed
from the seed and its stream number alone, and no stream was used twice. The same
draws, as a JSON record, let a player check everything again with
docs/fairness_check.py (see docs/fairness.md).
"""

from collections import Counter
from dataclasses import dataclass

from games.core import (
    FRENCH_SUITS,
    Draw,
    SeededRandom,
    french_deck,
    noting_draws,
    shuffled,
    spanish_deck,
)
from games.words import Words, plural_wording, wording
from rooms import fairness
from rooms.replays.replay import ReplayBroken, replayed, same_state

SPANISH_DECK = spanish_deck()
NEW_DECKS = {
    tuple(SPANISH_DECK): wording("Shuffle of a new Spanish deck"),
    tuple(french_deck()): wording("Shuffle of a new French deck"),
    **{
        tuple(french_deck(n, jokers=True)): plural_wording(
            "Shuffle of %(count)s new French deck with jokers", "Shuffle of %(count)s new French decks with jokers", n
        )
        for n in (1, 2, 3)
    },
}


@dataclass(frozen=True)
class CheckedDraw:
    """One draw of the game: its place in the game, what it drew and whether the seed
    gives exactly that."""

    number: int  # 1 for the game's first draw
    move: int  # the recorded move it was drawn in; 0: when the game started
    draw: Draw
    ok: bool

    @property
    def kind(self) -> str:
        """How to read it: ``cards`` (an order of cards, the first dealt first),
        ``seats`` (an order of seats), ``suits`` (the first is the new trump) or
        ``seat`` (one seat drawn, the engines' only ``randrange``)."""
        items = self.draw.given
        if not isinstance(items, list):
            return "seat"
        if all(isinstance(item, int) or str(item).isdigit() for item in items):
            return "seats"
        if all(item in FRENCH_SUITS for item in items):
            return "suits"
        return "cards"

    @property
    def shuffle(self) -> Words | None:
        """A card shuffle's words, if it started from a new deck ("Shuffle of a new French
        deck"); None for a reshuffled pile."""
        given = self.draw.given
        return NEW_DECKS.get(tuple(given)) if isinstance(given, list) and self.kind == "cards" else None


def all_ok(draws: list[CheckedDraw]) -> bool:
    """Whether the seed gives every one of ``draws``."""
    return all(checked.ok for checked in draws)


@dataclass(frozen=True)
class Verification:
    game: str
    code: str
    seats: int
    seed: str
    salt: str
    commitment: str
    moves: int  # recorded moves replayed
    replay_ends_as_played: bool
    failed_move: int | None  # the recorded move the engine refused on replay, if any
    draws: list[CheckedDraw]
    streams_distinct: bool

    @property
    def draws_ok(self) -> bool:
        return all_ok(self.draws)

    @property
    def passed(self) -> bool:
        return self.replay_ends_as_played and self.draws_ok and self.streams_distinct

    @property
    def spanish(self) -> bool:
        """The game is dealt from the Spanish deck (its cards are named that way)."""
        return any(checked.draw.given == SPANISH_DECK for checked in self.draws)


def _recomputed(draw: Draw, seed: str) -> list | int:
    """What the seed alone gives for this draw's stream."""
    if isinstance(draw.given, list):
        return shuffled(draw.given, seed, draw.stream)
    return SeededRandom(seed, draw.stream).randrange(draw.given)


@dataclass(frozen=True)
class CheckedReplay:
    """A game replayed from its seed and moves, each draw on the way checked against the
    seed: what both the verify page and a game's record (rooms/replays/records.py) check."""

    state: dict | None  # where the moves lead; None if the engine refused one
    failed_move: int | None  # the move the engine refused, if any
    draws: list[CheckedDraw]

    @property
    def draws_ok(self) -> bool:
        return all_ok(self.draws)

    @property
    def streams_distinct(self) -> bool:
        return all(count == 1 for count in Counter(checked.draw.stream for checked in self.draws).values())


def checked_replay(game: str, seat_count: int, options: dict, seed: str, moves) -> CheckedReplay:
    """The game the seed and ``moves`` (``(seat, action, source)`` in order, as
    ``MatchAction`` records them) make, noting every draw the engine makes and
    recomputing each from the seed and its stream alone."""
    state: dict | None = None
    failed_move = None
    moments: list[int] = []  # the move each draw was made in (0: at the start)
    with noting_draws() as drawn:
        try:
            for number, (after, _) in enumerate(replayed(game, seat_count, options, seed, moves)):
                moments += [number] * (len(drawn) - len(moments))
                state = after
        except ReplayBroken as broken:
            state, failed_move = None, broken.number
    draws = [
        CheckedDraw(number, move, draw, draw.seed == seed and _recomputed(draw, seed) == draw.result)
        for number, (move, draw) in enumerate(zip(moments, drawn), start=1)
    ]
    return CheckedReplay(state, failed_move, draws)


def verify(room, match, seat_count: int) -> Verification:
    """Check ``match`` (the game of ``room``, which has ``seat_count`` seats) from its
    stored seed and actions."""
    moves = list(match.actions.order_by("number").values_list("seat", "action", "source"))
    checked = checked_replay(room.game, seat_count, room.options, match.seed, moves)
    return Verification(
        game=room.game,
        code=room.code,
        seats=seat_count,
        seed=match.seed,
        salt=match.salt,
        commitment=fairness.commitment(match.seed, match.salt),
        moves=len(moves),
        replay_ends_as_played=checked.state is not None and same_state(checked.state, match.state),
        failed_move=checked.failed_move,
        draws=checked.draws,
        streams_distinct=checked.streams_distinct,
    )


def record(verification: Verification) -> dict:
    """The draws as docs/fairness_check.py reads them."""

    def entry(draw: Draw) -> dict:
        if draw.is_shuffle:
            return {"stream": draw.stream, "shuffle": draw.given, "order": draw.result}
        return {"stream": draw.stream, "below": draw.given, "drawn": draw.result}

    return {
        "game": verification.game,
        "room": verification.code,
        "seed": verification.seed,
        "salt": verification.salt,
        "commitment": verification.commitment,
        "draws": [entry(checked.draw) for checked in verification.draws],
    }
