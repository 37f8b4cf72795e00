"""Provably fair deals: what a table shows of its game's secret seed (docs/fairness.md).

While a game is played its table shows only the commitment, SHA-256 of the text
``salt:seed``; once it is over (finished, or ended by staff) the seed and salt are
shown too, and anyone it is open to (``is_open_to``: anyone for a public room, its
players and staff for a private one) can check the commitment and every shuffle
against them.
"""

import hashlib
import secrets
from dataclasses import dataclass

OVER = ("finished", "closed")  # a room's status once its game has ended


def new_salt() -> str:
    """A match's salt: 128 random bits as 32 hex digits, from the system's CSPRNG."""
    return secrets.token_hex(16)


def commitment(seed: str, salt: str) -> str:
    """SHA-256 of the UTF-8 text ``salt:seed``, as 64 lowercase hex digits."""
    return hashlib.sha256(f"{salt}:{seed}".encode()).hexdigest()


def is_open_to(is_public: bool, is_player: bool, is_staff: bool = False) -> bool:
    """The one rule for who may see what a finished game keeps from outsiders — its
    seed and salt, and with them its deals (the replay, the verify page) — and the room
    its players moved on to: anyone, for a public room; for a private one, its players
    and staff."""
    return is_public or is_player or is_staff


@dataclass(frozen=True)
class Disclosure:
    """What a viewer may know of a game's randomness now: the commitment always, the
    seed and salt (``""`` until then) once the game is over, if it is open to them."""

    commitment: str
    over: bool
    seed: str = ""
    salt: str = ""


def disclosure(status: str, seed: str, salt: str, is_open: bool) -> Disclosure:
    """The one rule for showing a seed: only once the room's game is over, and only to
    a viewer the game ``is_open`` to."""
    if status in OVER and is_open:
        return Disclosure(commitment(seed, salt), over=True, seed=seed, salt=salt)
    return Disclosure(commitment(seed, salt), over=status in OVER)


def of_snapshot(snapshot, for_players: bool) -> Disclosure | None:
    """The disclosure of a room's snapshot to its players (``for_players``) or to
    anyone else; ``None`` before its game started, or for a snapshot not taken from a
    match (a replay's step), which has no salt."""
    if snapshot.state is None or not snapshot.salt:
        return None
    is_open = is_open_to(snapshot.is_public, for_players)
    return disclosure(snapshot.status, snapshot.state["seed"], snapshot.salt, is_open)


def players_see_more(snapshot) -> bool:
    """Whether the table's players are shown more of its randomness than anyone else:
    the seed and salt of a private room's game, once it is over."""
    return snapshot.status in OVER and not is_open_to(snapshot.is_public, is_player=False)
