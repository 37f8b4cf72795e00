"""What a game declares about itself, once, in its own package
(``games/<game>/definition.py``, exporting ``GAME``). ``games/registry.py`` lists the
definitions; the site reads each game's facts from there and names no game itself.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import timedelta
from types import MappingProxyType
from typing import Any

from games import core
from games.core import Engine
from games.options_schema import Choice, OptionsSchema
from games.tutorial import Tutorial
from games.words import Words, plural_wording, wording


@dataclass(frozen=True)
class Mode:
    """A way to play the game that the leaderboard and the profiles count apart."""

    slug: str
    label: Words


@dataclass(frozen=True)
class Counter:
    """A figure the leaderboard sums per account besides games, wins and points."""

    key: str  # short and fixed: the standings and the results keep it
    label: Words
    column: Words | None = None  # its column's heading on the board; None = on the profile only
    tag: Words | None = None  # shown on a past game whose result counts it; None = none


@dataclass(frozen=True)
class Ladder:
    """Counters ranked from the least prestigious to the most (Dayous's journals): the
    profile lists each one's count and names the best one reached, and the board shows
    that best one in a column of its own."""

    title: Words  # the profile's heading for the whole ladder
    step: Words  # what one step is called
    counted: Words  # what each step counts
    best: Words  # the heading of the best step reached
    best_help: Words  # that column's tooltip on the board
    steps: tuple[Counter, ...]  # the least prestigious first
    column: int  # where the best step's column goes among the counters' columns


def modes_of(choice: Choice, slug: Callable[[Any], str] = str) -> tuple[Mode, ...]:
    """A mode for each value of the option that makes the mode (``slug``: the mode's
    slug for a value), worded as the room header words it."""
    return tuple(Mode(slug(value.value), value.words) for value in choice.values)


def mode_option(options: Mapping[str, Any]) -> str:
    """The mode of a game whose ``mode`` option names it ("" without one)."""
    return str(options.get("mode", ""))


def no_place_counters(place: int, won: bool, players: int) -> dict[str, int]:
    return {}


def rated_game_count(count: int) -> Words:
    return plural_wording("%(count)s rated game", "%(count)s rated games", count)


@dataclass(frozen=True)
class Leaderboard:
    """What the leaderboard counts of a game and how its pages word it. Points are the
    place formula ``N + 1 - place`` (``games.core.place_points``)."""

    points_help: Words = wording("Points by place: at a table of N the winner gets N.")
    doubled_without_bots: bool = False  # points doubled when no seat was a bot at the start
    modes: tuple[Mode, ...] = ()
    # The mode a room's options make (one of ``modes``' slugs).
    mode_of: Callable[[Mapping[str, Any]], str] = mode_option
    # What it counts besides games, wins and points: the engine's outcome gives each
    # seat's count of those not derived from its place alone (``outcome()["counters"]``).
    counters: tuple[Counter, ...] = ()
    # What one seat's place alone counts: (place, won, players) -> {key: count}.
    place_counters: Callable[[int, bool, int], dict[str, int]] = no_place_counters
    ladder: Ladder | None = None
    games_word: Words = wording("Games")  # a board's heading for the games played
    wins_word: Words = wording("Wins")
    # The mode columns' tooltip after the mode's name: "Standard: games played / won".
    played_and_won: Words = wording("games played / won")
    # A count of rated games, in a sentence: "12 rated games".
    rated_games: Callable[[int], Words] = rated_game_count


LETTERS_WITHOUT_LOOKALIKES = "ACDEFHJKMNPRTUVWXY"
DIGITS = "0123456789"


def bot_levels(easy: type, normal: type, strong: type) -> Mapping[str, type]:
    """The bot at each level the rooms offer: random play, rules of thumb, search."""
    return MappingProxyType({"easy": easy, "normal": normal, "strong": strong})


@dataclass(frozen=True)
class Table:
    """How a room of the game is coded, filled, started and paused (the site's room
    rules, ``rooms/gamerules.py``, read it)."""

    code_alphabet: str = LETTERS_WITHOUT_LOOKALIKES
    code_length: int = 4
    fixed_seats: int | None = None  # None: the host chooses the number of seats
    # Once every seat is taken it starts after this; None: only the host or the bots start it.
    start_when_full_after: timedelta | None = timedelta(0)
    # This long after its creation bots take the empty seats and it starts; None: never.
    fill_with_bots_after: timedelta | None = timedelta(minutes=3)
    # The host may start before the room is full; bots then take the empty seats.
    host_can_start: bool = False
    # After this many timeouts in a row a bot plays the seat until its player acts.
    standin_after_timeouts: int | None = None
    # Where people sit as they join, as offsets from the host's seat (e.g. (2, 1, 3):
    # the first to join sits opposite the host). None: the first empty seat.
    join_order: tuple[int, ...] | None = None
    # The host's partner sits at this offset from the host; with it the host can propose
    # another partner, which every person in the other seats must accept.
    partner_offset: int | None = None
    # Pauses for people to read what just happened: event type -> which pause,
    # "knockout", "trick" or "round" (the site's PAUSE_AFTER_*_MS settings).
    pauses: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class RoundCoins:
    """What one round that ended moves: the bank pays ``amount`` to the person at each of
    the ``winners`` seats, and the person at each of the ``losers`` seats pays it to the
    bank (or what they have)."""

    round: int
    winners: tuple[int, ...]
    losers: tuple[int, ...]
    amount: int
    why: Words | None = None  # why the amount is not the bet, for the ledger's reasons: "doubled: all 13 hands"


@dataclass(frozen=True)
class Stakes:
    """How a game played for coins bets them; the site settles them
    (``rooms/table_coins.py``). Its options have a whole number ``bet``, the coins a
    round bets."""

    # (the public events of one change, the number of seats, the bet) -> what each
    # round that ended among those events moves.
    round_coins: Callable[[Sequence[Mapping[str, Any]], int, int], list[RoundCoins]]
    # How many rounds of this state have ended (each one's coins are on the ledger).
    rounds_over: Callable[[Mapping[str, Any]], int]


def place_scores(outcome: Mapping[str, Any] | None, players: int) -> list[float]:
    """Each seat's place points (``N + 1 - place``); nothing for an unfinished game."""
    if outcome is None:
        return [0.0] * players
    return [float(core.place_points(place, players)) for place in outcome["places"]]


@dataclass(frozen=True)
class SelfPlay:
    """How bots play the game alone, off the site: the tournaments
    (``games/simulate.py``, ``python -m tooling simulate``) and the benchmarks
    (``python -m tooling bench``)."""

    # A game stopped after this many decisions counts as unfinished (rule players can
    # chase each other round an endgame for ever).
    max_decisions: int = 2000
    # Each seat's tournament score for one game: (outcome, None if unfinished; players).
    scores: Callable[[Mapping[str, Any] | None, int], list[float]] = place_scores
    # An outcome key naming one seat (a loser, say): counted per bot kind, as times_<key>.
    tally: str = ""
    # Tournament kinds that see every card (``games/ceiling.py``): kind -> bot class.
    seeing: Mapping[str, type] = field(default_factory=lambda: MappingProxyType({}))
    # The benchmark's random playouts, and the seeded games at the usual table whose
    # pushes it times (all, and with --quick).
    bench_playouts: int = 100
    bench_tables: int = 2
    quick_bench_tables: int = 1
    # The longest game it deals, (players, options), whose replay page the benchmark
    # times; None: it times another game's.
    replay_table: tuple[int, Mapping[str, Any]] | None = None
    # The bot levels in the last seats of the usual table whose rating update the
    # leaderboard benchmark times (accounts in the others).
    bench_rated_bots: tuple[str, ...] = ()


@dataclass(frozen=True)
class Review:
    """How the strong bot reviews a finished game of it (``games/review.py``,
    docs/review.md): what its estimates mean, how hard it searches, and how much
    lost makes an inaccuracy, a mistake or a blunder."""

    # What an estimate is, in words (the chart's and the table's heading).
    measure: Words = wording("Chance to win")
    # Sampled worlds per decision, every move tried in each: a count, not a time, so that
    # a review reproduces from its seeds.
    rounds: int = 100
    # The strong bot's value of a position, turned into the estimate shown:
    # (value - offset) / scale.
    offset: float = 0.0
    scale: float = 1.0
    chance: bool = True  # the estimate is a chance (shown as a percentage), else points
    # The least loss (best estimate - the played move's) of an inaccuracy, a mistake, a blunder.
    thresholds: tuple[float, float, float] = (0.05, 0.10, 0.20)


@dataclass(frozen=True)
class GameDefinition:
    """One game as the site offers it."""

    slug: str  # in URLs and in every stored row: never changes
    title: Words
    players: Words  # who plays it, in words: "2–8 players"
    summary: Words
    engine: Engine
    # The bot that plays at each level the rooms offer (``bot_levels``).
    bots: Mapping[str, type]
    # A public event as a sentence (its text.py): seats as ``Seat``s, cards as ``Cards``;
    # None for an event that has no sentence of its own.
    event_text: Callable[[dict[str, Any]], Words | None]
    # Each bot level's fixed rating (OpenSkill's mu, docs/ratings.md), fitted by
    # ``manage.py fit_bot_ratings``. A level left out plays at a new account's, as the
    # normal bot does: it is the anchor the others are fitted against.
    bot_ratings: Mapping[str, float] = field(default_factory=dict)
    # None: every seat plays for itself. N: seat s plays in team s % N, and the team's
    # seats share its place.
    teams: int | None = None
    # Its table options (games/options_schema.py), declared in its options.py.
    options: OptionsSchema = field(default_factory=OptionsSchema)
    table: Table = field(default_factory=Table)
    # None: it is not played for coins. Else each round bets coins, and the create form
    # shows the creator's coins beside the bet.
    stakes: Stakes | None = None
    leaderboard: Leaderboard = field(default_factory=Leaderboard)
    self_play: SelfPlay = field(default_factory=SelfPlay)
    review: Review = field(default_factory=Review)
    # Keys its stored states had before they took full words, and today's name of each
    # (rooms migration 0010 renames them). History: never edited.
    former_state_keys: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    # Its tutorial (games/tutorial.py), in its own tutorial.py; None: it has none yet.
    tutorial: Tutorial | None = None

    @property
    def plays_for_coins(self) -> bool:
        return self.stakes is not None

    def team_of(self, seat: int) -> int:
        return seat % self.teams if self.teams else seat

    @property
    def outcome_counters(self) -> tuple[str, ...]:
        """The keys of the counters (its ladder's steps included) that the engine's
        outcome gives a seat, rather than its place (``Leaderboard.place_counters``)."""
        board = self.leaderboard
        engine = self.engine
        from_places = {
            key
            for players in range(engine.min_players, engine.max_players + 1)
            for place in range(1, players + 1)
            for won in (False, True)
            for key in board.place_counters(place, won, players)
        }
        steps = board.ladder.steps if board.ladder else ()
        return tuple(counter.key for counter in (*board.counters, *steps) if counter.key not in from_places)
