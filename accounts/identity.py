"""Who is at the keyboard: an account, or a guest known only by their session; and what
the bots at the tables are called."""

import secrets
from dataclasses import dataclass
from types import MappingProxyType

GUEST_ID_KEY = "guest_id"
GUEST_NAME_KEY = "guest_name"
GUEST_NAME_MAX = 24
GUEST_NAME_WORD = "Guest"  # a guest's first name is "Guest-1234"
# A person_key: an account's "user:12", a guest's "guest:<id>".
ACCOUNT_PREFIX = "user:"
GUEST_PREFIX = "guest:"
# A bot is called by its level and its seat's number: "Easy bot 2", "Bot 3", "Strong bot 4".
BOT_LEVEL_LABELS = MappingProxyType({"easy": "Easy bot", "normal": "Bot", "strong": "Strong bot"})


@dataclass(frozen=True)
class Player:
    """A person taking part: ``user_id`` for accounts, ``guest_id`` for guests."""

    name: str
    user_id: int | None = None
    guest_id: str | None = None

    @property
    def is_guest(self) -> bool:
        return self.user_id is None

    @property
    def key(self) -> str:
        """Who this is, whatever their name: an account's id or a guest's."""
        return person_key(self.user_id, self.guest_id)


def person_key(user_id: int | None, guest_id: str | None) -> str:
    return f"{ACCOUNT_PREFIX}{user_id}" if user_id is not None else f"{GUEST_PREFIX}{guest_id}"


def names_an_account(key: str) -> bool:
    """Whether ``key`` (a ``person_key``, or its prefix alone) is an account's."""
    return key.startswith(ACCOUNT_PREFIX)


def account_of(key: str) -> int | None:
    """The account a ``person_key`` names; None for a guest's."""
    return int(key.removeprefix(ACCOUNT_PREFIX)) if names_an_account(key) else None


def ensure_guest(session) -> tuple[str, str]:
    """The session's guest id and name, made on first use."""
    if GUEST_ID_KEY not in session:
        session[GUEST_ID_KEY] = secrets.token_hex(12)
    if GUEST_NAME_KEY not in session:
        session[GUEST_NAME_KEY] = f"{GUEST_NAME_WORD}-{secrets.randbelow(9000) + 1000}"
    return session[GUEST_ID_KEY], session[GUEST_NAME_KEY]


def bot_name(level: str, seat_index: int) -> str:
    return f"{BOT_LEVEL_LABELS[level]} {seat_index + 1}"


def player_from(user, session) -> Player:
    """The player for a request's (or a WebSocket scope's) user and session."""
    if user is not None and user.is_authenticated:
        return Player(name=user.username, user_id=user.pk)
    guest_id, guest_name = ensure_guest(session)
    return Player(name=guest_name, guest_id=guest_id)


def current_player(request) -> Player:
    return player_from(request.user, request.session)
