"""The engine contract shared by every game, and the pieces every engine uses.

An engine is pure Python: no Django, no clock, no I/O. State, actions, views and
events are plain JSON-able data. Randomness comes only from the state's seed, so a
game started from a seed (or a stacked deck) and replayed with the same actions
ends in exactly the same state.

Card notation
-------------
A card is a short string: rank then suit.

* Spanish 40-card deck (Disunyer): ranks ``A 2 3 4 5 6 7 J N K`` (Jack, kNight,
  King), suits ``o`` coins (oros), ``c`` cups (copas), ``s`` swords (espadas),
  ``b`` clubs (bastos). ``Ao`` is the Ace of coins, ``Nb`` the Knight of clubs.
* French 52-card deck (Dayous, Court Piece): ranks ``2 3 4 5 6 7 8 9 T J Q K A``,
  suits ``s`` spades, ``h`` hearts, ``d`` diamonds, ``c`` clubs. ``Th`` is the ten of
  hearts. Jokers are ``XR`` (red) and ``XB`` (black). Several decks hold identical
  cards: they are equal strings.
"""

from __future__ import annotations

import hashlib
import random
import secrets
from collections.abc import Collection, Iterator, MutableSequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from games.words import Words, wording

# Each game types its own state and views (``games/<game>/state.py``); to the contract
# and the rooms they are plain JSON-able data of any shape, so an engine's methods take
# and return its own types without a cast on the way.
State = Any
View = Any
Action = dict[str, Any]
Event = dict[str, Any]
T = TypeVar("T")

SPANISH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "J", "N", "K")
SPANISH_SUITS = ("o", "c", "s", "b")

FRENCH_RANKS = ("2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K", "A")
FRENCH_SUITS = ("s", "h", "d", "c")
JOKERS = ("XR", "XB")


class CardDeck(StrEnum):
    """The kind of deck a game deals from (its cards' notation and names)."""

    SPANISH = "spanish"
    FRENCH = "french"


class IllegalAction(Exception):
    """An action the rules refuse. ``words``: a sentence a player can read, in any
    language (``rooms.speech.say``); ``reason`` and ``str(error)``: it in English."""

    def __init__(self, words: Words | str):
        super().__init__(words)  # said in English only when asked: the searches refuse many moves
        self.words = words

    @property
    def reason(self) -> str:
        return str(self.words)


class InvalidOptions(ValueError):
    """Table options the game cannot be played with. ``words`` say why, in any language;
    ``str(error)`` says it in English."""

    def __init__(self, words: Words | str):
        super().__init__(words)
        self.words = words


def spanish_deck() -> list[str]:
    return [rank + suit for suit in SPANISH_SUITS for rank in SPANISH_RANKS]


def french_deck(decks: int = 1, jokers: bool = False) -> list[str]:
    one = [rank + suit for suit in FRENCH_SUITS for rank in FRENCH_RANKS]
    if jokers:
        one += list(JOKERS)
    return one * decks


def rank_of(card: str) -> str:
    return card[0]


def suit_of(card: str) -> str:
    return card[1]




class SeededRandom(random.Random):
    """A cryptographically strong random stream that a seed reproduces exactly.

    Bits come from BLAKE2b in counter mode keyed by the seed, so nobody can predict
    a shuffle without the seed (kept in the server-side state only), and a replay
    from the same seed deals the same cards. Exactly, bit for bit (docs/fairness.md
    and the standalone docs/fairness_check.py implement the same):

    * key = BLAKE2b with a 32-byte digest, no key, of the UTF-8 text
      ``f"{seed}:{stream}"``;
    * block ``i`` (``i`` = 0, 1, 2, …) = BLAKE2b with a 64-byte digest, keyed with
      ``key``, of ``i`` as 8 bytes little-endian;
    * the bit stream is the blocks one after another, each byte read from its least
      significant bit up; ``getrandbits(k)`` takes the next ``k`` bits of the stream,
      the first of them the least significant bit of the result;
    * ``randrange(n)`` draws ``k = n.bit_length()`` bits and draws again while the
      number is ``>= n`` (rejection, so no value is favoured);
    * ``shuffle(x)`` is Fisher–Yates from the end: for ``i`` from ``len(x) - 1``
      down to 1, ``j = randrange(i + 1)`` and ``x[i]`` swaps with ``x[j]``.

    Within ``noting_draws()`` every shuffle and ``randrange`` is also noted, so that
    a game's draws can be shown and checked once it is over.
    """

    def __init__(self, seed: str, stream: int = 0):
        self._game_seed = seed
        self._stream = stream
        self._key = hashlib.blake2b(f"{seed}:{stream}".encode(), digest_size=32).digest()
        self._counter = 0
        self._pool = 0
        self._pool_bits = 0
        super().__init__(0)

    def seed(self, *args: Any, **kwargs: Any) -> None:  # random.Random.__init__ calls this
        pass

    def getrandbits(self, k: int) -> int:
        while self._pool_bits < k:
            self._refill()
        bits = self._pool & ((1 << k) - 1)
        self._pool >>= k
        self._pool_bits -= k
        return bits

    def _refill(self) -> None:
        """The next 512 bits of the stream, after the bits still in the pool."""
        block = hashlib.blake2b(self._counter.to_bytes(8, "little"), key=self._key, digest_size=64).digest()
        self._counter += 1
        self._pool |= int.from_bytes(block, "little") << self._pool_bits
        self._pool_bits += 512

    def random(self) -> float:
        return self.getrandbits(53) / (1 << 53)

    def shuffle(self, x: MutableSequence[Any]) -> None:
        notes = _noted_draws.get()
        if notes is None:
            self._fisher_yates(x)
            return
        given = list(x)
        self._fisher_yates(x)
        notes.append(Draw(self._game_seed, self._stream, given=given, result=list(x)))

    def _fisher_yates(self, x: MutableSequence[Any]) -> None:
        """``random.Random.shuffle`` exactly (each ``j`` drawn as ``randrange(i + 1)``
        is), with the stream's bits taken straight from the pool: every deal shuffles."""
        pool, pool_bits = self._pool, self._pool_bits
        for i in range(len(x) - 1, 0, -1):
            k = (i + 1).bit_length()
            mask = (1 << k) - 1
            while True:
                if pool_bits < k:
                    self._pool, self._pool_bits = pool, pool_bits
                    self._refill()
                    pool, pool_bits = self._pool, self._pool_bits
                j = pool & mask
                pool >>= k
                pool_bits -= k
                if j <= i:
                    break
            x[i], x[j] = x[j], x[i]
        self._pool, self._pool_bits = pool, pool_bits

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        drawn = super().randrange(start, stop, step)
        notes = _noted_draws.get()
        if notes is not None:
            if stop is not None or step != 1:
                raise ValueError("Only randrange(n) is noted: the engines draw no other range.")
            notes.append(Draw(self._game_seed, self._stream, given=start, result=drawn))
        return drawn


@dataclass(frozen=True)
class Draw:
    """One use of a game's seeded randomness: a shuffle (``given`` the list before it,
    ``result`` after) or a ``randrange(given)`` (``result`` the number drawn)."""

    seed: str
    stream: int
    given: list[Any] | int
    result: list[Any] | int

    @property
    def is_shuffle(self) -> bool:
        return isinstance(self.given, list)


_noted_draws: ContextVar[list[Draw] | None] = ContextVar("noted_draws", default=None)


@contextmanager
def noting_draws() -> Iterator[list[Draw]]:
    """Within it, every draw from a ``SeededRandom`` (in this context only: other
    threads and tasks are not noted) is appended, in order, to the list it yields."""
    notes: list[Draw] = []
    token = _noted_draws.set(notes)
    try:
        yield notes
    finally:
        _noted_draws.reset(token)


def new_seed() -> str:
    """A fresh secret seed for a game started without one."""
    return secrets.token_hex(16)


def game_seed(seed: Any) -> str:
    """The seed a game starts from: ``seed``, a fresh one for ``None``; anything but a
    string is refused (``InvalidOptions``), as every engine's ``start`` refuses it."""
    if seed is None:
        return new_seed()
    if not isinstance(seed, str):
        raise InvalidOptions(wording("The seed must be a string."))
    return seed


def shuffled(cards: list[T], seed: str, stream: int) -> list[T]:
    """A new list: ``cards`` shuffled by the ``stream``-th shuffle of the game ``seed``."""
    deck = list(cards)
    SeededRandom(seed, stream).shuffle(deck)
    return deck


def require(condition: bool, reason: Words | str) -> None:
    """Raise ``IllegalAction(reason)`` unless ``condition`` holds."""
    if not condition:
        raise IllegalAction(reason)


NO_SUCH_SEAT = wording("There is no such seat at this table.")
NOT_YOUR_TURN = wording("It is not your turn.")


def is_whole_number(value: Any) -> bool:
    """An ``int`` and not a ``bool`` (JSON's ``true`` is no count of seats or seconds)."""
    return type(value) is int


def is_seat(seat: Any, seat_count: int) -> bool:
    """``seat`` is one of the ``seat_count`` seats of the table (numbered from 0)."""
    return type(seat) is int and 0 <= seat < seat_count


def viewer(seat: Any, seat_count: int) -> int | None:
    """Whose view ``view(state, seat)`` is: ``seat`` if it is a seat of the table, else
    ``None``, a spectator's (every engine answers a seat outside the table so)."""
    return seat if is_seat(seat, seat_count) else None


def require_seat(seat: Any, seat_count: int) -> None:
    """Raise ``IllegalAction`` unless ``seat`` is a seat of the table."""
    if not is_seat(seat, seat_count):
        raise IllegalAction(NO_SUCH_SEAT)


def require_turn(seat: int, to_act: Collection[int], reason: Words | str = NOT_YOUR_TURN) -> None:
    """Raise ``IllegalAction(reason)`` unless ``seat``'s decision is awaited now."""
    if seat not in to_act:
        raise IllegalAction(reason)


def action_kind(action: Any) -> str:
    """The action's ``type``, or ``IllegalAction`` when it is not a well-formed action."""
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise IllegalAction(wording("That is not a move: an action needs a type."))
    kind: str = action["type"]
    return kind


def places_from_exits(exit_groups: list[list[int]], winners: list[int], players: int) -> list[int]:
    """Places for every seat, from the groups that left the game in order.

    ``exit_groups`` lists the seats knocked out (or gone out) together, first group
    first; ``winners`` are the seats still in at the end (sharing 1st place). Seats
    leaving in the same group share the best place of their group.
    """
    places = [0] * players
    for seat in winners:
        places[seat] = 1
    next_place = len(winners) + 1
    for group in reversed(exit_groups):
        for seat in group:
            places[seat] = next_place
        next_place += len(group)
    return places


def place_points(place: int, players: int) -> int:
    """Points for a place at a table of ``players``: ``N + 1 - place``."""
    return players + 1 - place


@dataclass(frozen=True)
class EveryCard:
    """Where every card of a game lies (a replay shows them all at the end)."""

    hands: list[list[str]]  # per seat
    face_down: list[str | None]  # per seat: a card set aside face down (Court Piece's Hidden trump)
    deck: list[str]  # in the order it would have been drawn, the top first
    discard: list[str]

    @property
    def anyone_holds_cards(self) -> bool:
        return any(self.hands) or any(self.face_down)


TIMEOUT = "timeout"  # the key that marks the event of a move a timeout made


def timed_out(event: Event) -> Event:
    """A move's own event (every move's first: the mover's), marked as made by a timeout."""
    return {**event, TIMEOUT: True}


class Engine(Protocol):
    """What every game's ``rules.ENGINE`` provides (see docs/architecture.md)."""

    name: str
    min_players: int
    max_players: int
    card_deck: CardDeck

    def validate_options(self, options: dict[str, Any], players: int | None = None) -> dict[str, Any]:
        """The options, normalised with defaults; ``InvalidOptions`` says what is wrong."""

    def turn_seconds(self, options: dict[str, Any]) -> int:
        """How long a seat has for each decision."""

    def start(
        self, players: int, options: dict[str, Any], seed: str | None = None,
        deck: list[str] | None = None,
    ) -> State:
        """A new game. ``deck`` stacks the cards (top of the deck first). ``seed``: a
        string, or ``None`` for a fresh one; anything else is ``InvalidOptions``
        (``game_seed``)."""

    def to_act(self, state: State) -> list[int]:
        """Seats whose decision is awaited now (empty when the game is over)."""

    def legal_actions(self, state: State, seat: int) -> list[Action]:
        """Every action ``seat`` may take now (empty when it is not theirs to act)."""

    def apply(self, state: State, seat: int, action: Action, timeout: bool = False) -> tuple[State, list[Event]]:
        """The state after ``seat`` takes ``action``, and the public events it caused.

        Never mutates ``state``. Raises ``IllegalAction`` for anything the rules
        refuse, malformed data included. Events carry only what every viewer may see.
        ``timeout``: the move was made for the seat because its clock ran out; the
        move's first event is then ``timed_out`` (in the log too), and nothing else
        differs.
        """

    def default_action(self, state: State, seat: int) -> Action:
        """What a timeout plays for ``seat``."""

    def view(self, state: State, seat: int | None) -> View:
        """Exactly what ``seat`` (or a spectator, ``None``) may know, with its legal
        actions. A seat outside the table sees what a spectator sees (``viewer``)."""

    def outcome(self, state: State) -> dict[str, Any] | None:
        """``None`` while playing; else ``{"places": [...], "winners": [...], ...}``.

        ``"counters"``, when the game counts more than places: per seat, what the
        leaderboard counts for it, ``{counter key: count}`` (the keys of the game's
        ``Leaderboard.counters``), the results keep them.
        """

    def every_card(self, state: State) -> EveryCard:
        """Where every card lies now: a replay shows them all once the game is over."""


def forced_move(engine: Engine, state: State) -> tuple[int, Action] | None:
    """A seat awaited now whose decision has exactly one legal choice, and that choice:
    a table plays it at once, without waiting."""
    for seat in engine.to_act(state):
        legal = engine.legal_actions(state, seat)
        if len(legal) == 1:
            return seat, legal[0]
    return None
