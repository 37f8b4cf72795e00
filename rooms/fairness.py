"""Provably fair deals: what a table shows of its game's secret seed (docs/fairness.md).

While a game is played its table shows only the commitment, SHA-256 of the text
``salt:seed``; once it is over (finished, or ended by staff) the seed and salt are
shown too, and anyone can check the commitment and every shuffle against them.
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


@dataclass(frozen=True)
class Disclosure:
    """What everybody may know of a game's randomness now: the commitment always, the
    seed and salt (``""`` until then) once the game is over."""

    commitment: str
    over: bool
    seed: str = ""
    salt: str = ""


def disclosure(status: str, seed: str, salt: str) -> Disclosure:
    """The one rule for showing a seed: only once the room's game is over."""
    if status in OVER:
        return Disclosure(commitment(seed, salt), over=True, seed=seed, salt=salt)
    return Disclosure(commitment(seed, salt), over=False)


def of_snapshot(snapshot) -> Disclosure | None:
    """The disclosure of a room's snapshot; ``None`` before its game started, or for a
    snapshot not taken from a match (a replay's step), which has no salt."""
    if snapshot.state is None or not snapshot.salt:
        return None
    return disclosure(snapshot.status, snapshot.state["seed"], snapshot.salt)
