"""What a viewer may send over a table's WebSocket, read strictly, and how much.

``parse`` turns any text a client sends into one of the well-formed messages below, or
raises ``RoomError`` with the reason to show the client. JSON is read with finite
numbers only and a bounded depth, so what comes out can be compared, stored (a move's
action goes into ``MatchAction``, PostgreSQL's JSON has no NaN) and rendered safely.

Each socket has a ``MessageBudget``: so many messages per window, as lila-ws gives each
of lichess's sockets (100 per 20 s for a player). A person sends a ping every 30 s, a
move a turn and a reaction every couple of seconds at most; a script that sends
thousands is refused the rest of its window, without a trip to Redis per message.
"""

import json
import math
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeGuard

from django.utils.translation import gettext_lazy

from accounts.languages import is_spoken
from rooms.errors import Refusal, RoomError

MAX_MESSAGE_CHARS = 4096
# Containers nested at most this deep: a message with htmx's HEADERS is 2 deep, an
# action at most 2 (Dayous: a list of cards).
MAX_DEPTH = 4
_VERSION = re.compile(r"[0-9]{1,18}")

NOT_TEXT = gettext_lazy("That message is too large or not text.")
NOT_JSON = gettext_lazy("That message is not valid JSON.")
NOT_UNDERSTOOD = gettext_lazy("That message is not understood.")
MALFORMED_MOVE = gettext_lazy("That move is malformed.")
NOT_HERE = gettext_lazy("You can't send that here.")
OVER_BUDGET = gettext_lazy("Too many messages at once: wait a few seconds, then try again.")
NOT_A_LANGUAGE = gettext_lazy("The site does not speak that language.")
MALFORMED_LINE = gettext_lazy("That chat line is malformed.")
MALFORMED_INVITE = gettext_lazy("That invite is malformed.")
MALFORMED_REPORT = gettext_lazy("That report is malformed.")
CHANNELS = ("players", "spectators")

BUDGET_SECONDS = 20
# Messages per window: for a seated player, a spectator, and a socket without a session
# (no browser that loaded the room's page connects without one).
PLAYER_BUDGET = 100
SPECTATOR_BUDGET = 50
STRANGER_BUDGET = 25
# For a page's socket to the site (rooms/live/site.py): a ping every 30 s.
SITE_BUDGET = 10


@dataclass(frozen=True)
class Act:
    """A move: ``action`` is any JSON value (the game's engine says whether it is a move),
    made on the table the client saw at ``version``."""

    action: object
    version: int


@dataclass(frozen=True)
class React:
    emoji: str


@dataclass(frozen=True)
class Ping:
    pass


@dataclass(frozen=True)
class Sync:
    pass


@dataclass(frozen=True)
class Language:
    """The viewer chose to read the table in another language (a code in settings.LANGUAGES)."""

    language: str


@dataclass(frozen=True)
class Chat:
    """A line for the table's chat: free ``text`` or a quick ``phrase`` (one of them
    empty), in ``channel`` (``CHANNELS``)."""

    channel: str
    text: str
    phrase: str


@dataclass(frozen=True)
class Hide:
    """The viewer mutes whoever said the chat's line ``line`` (its id), or blocks the
    account that said it (``block``)."""

    line: int
    block: bool


@dataclass(frozen=True)
class Invite:
    """The viewer invites their friend, the account ``friend`` (its id), to the table."""

    friend: int


@dataclass(frozen=True)
class Report:
    """The viewer reports whoever said the chat's ``line`` or sits at ``seat`` (one of
    them), for ``reason``, with a ``note`` (maybe empty)."""

    reason: str
    note: str
    line: int | None
    seat: int | None


Message = Act | React | Ping | Sync | Language | Chat | Hide | Invite | Report


class MessageBudget:
    """One socket's messages in its current window, which opens with the first message
    after the last one closed."""

    def __init__(self):
        self._window_ends = 0.0
        self._taken = 0
        self.refused = 0  # messages refused in this window

    def take(self, allowance: int) -> bool:
        """Whether one more message fits in the window's ``allowance`` (which follows the
        viewer: a spectator who sits down is a player); if not, it is counted refused."""
        now = time.monotonic()
        if now >= self._window_ends:
            self._window_ends, self._taken, self.refused = now + BUDGET_SECONDS, 0, 0
        if self._taken < allowance:
            self._taken += 1
            return True
        self.refused += 1
        return False


def allowance(seated: bool, has_session: bool) -> int:
    if seated:
        return PLAYER_BUDGET
    return SPECTATOR_BUDGET if has_session else STRANGER_BUDGET


def parse(text: str | None) -> Message:
    """The message ``text`` says, or ``RoomError`` saying why it is refused."""
    if text is None or len(text) > MAX_MESSAGE_CHARS:
        raise RoomError(NOT_TEXT)
    message = _json(text, NOT_JSON)
    kind = message.get("kind") if isinstance(message, dict) else None
    reader = _READERS.get(kind) if isinstance(kind, str) else None
    if reader is None:
        raise RoomError(NOT_UNDERSTOOD)
    return reader(message)


def _act(message: dict) -> Act:
    return parse_act(message.get("action"), message.get("version"))


def parse_act(action: object, version: object) -> Act:
    """A move as a table's move form sends it (over the socket, or posted at a
    tutorial): the action as JSON text, made on the table seen at ``version``."""
    if not isinstance(action, str) or len(action) > MAX_MESSAGE_CHARS:
        raise RoomError(MALFORMED_MOVE)
    return Act(_json(action, MALFORMED_MOVE), parse_version(version))


def parse_version(version: object) -> int:
    """The table's version a form names."""
    if not _is_whole_number(version):
        raise RoomError(MALFORMED_MOVE)
    return int(version)


def _is_whole_number(value: object) -> TypeGuard[str | int]:
    """A whole number as the table renders it (htmx sends the form's string) or as JSON;
    not a bool, a float or any other spelling of a number."""
    if isinstance(value, str):
        return _VERSION.fullmatch(value) is not None
    return type(value) is int and value >= 0


def _react(message: dict) -> React:
    emoji = message.get("emoji")
    if not isinstance(emoji, str):
        raise RoomError(NOT_HERE)
    return React(emoji)


def _language(message: dict) -> Language:
    language = message.get("language")
    if not isinstance(language, str) or not is_spoken(language):
        raise RoomError(NOT_A_LANGUAGE)
    return Language(language)


def _chat(message: dict) -> Chat:
    channel, text, phrase = (message.get(name, "") for name in ("channel", "text", "phrase"))
    well_formed = channel in CHANNELS and isinstance(text, str) and isinstance(phrase, str)
    if not well_formed or bool(text) == bool(phrase):  # one of them, never both
        raise RoomError(MALFORMED_LINE)
    return Chat(channel, text, phrase)


def _line_id(message: dict) -> int:
    line = message.get("line")
    if not _is_whole_number(line):
        raise RoomError(MALFORMED_LINE)
    return int(line)


def _invite(message: dict) -> Invite:
    friend = message.get("friend")
    if not _is_whole_number(friend):
        raise RoomError(MALFORMED_INVITE)
    return Invite(int(friend))


def _report(message: dict) -> Report:
    reason, note = message.get("reason"), message.get("note", "")
    targets = [message.get(name) for name in ("line", "seat")]
    one_target = sum(target is not None for target in targets) == 1
    if not (isinstance(reason, str) and isinstance(note, str) and one_target):
        raise RoomError(MALFORMED_REPORT)
    if not all(target is None or _is_whole_number(target) for target in targets):
        raise RoomError(MALFORMED_REPORT)
    line, seat = (None if target is None else int(target) for target in targets)
    return Report(reason, note, line, seat)


_READERS: dict[str, Callable[[dict], Message]] = {
    "act": _act,
    "react": _react,
    "ping": lambda message: Ping(),
    "sync": lambda message: Sync(),
    "language": _language,
    "chat": _chat,
    "mute": lambda message: Hide(_line_id(message), block=False),
    "block": lambda message: Hide(_line_id(message), block=True),
    "invite": _invite,
    "report": _report,
}


def _json(text: str, refusal: Refusal):
    """``text`` as JSON with finite numbers, nested at most ``MAX_DEPTH`` deep; else
    ``RoomError(refusal)``."""
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except (ValueError, RecursionError):  # RecursionError: nested past what json can read
        raise RoomError(refusal) from None
    if _too_deep(value):
        raise RoomError(refusal)
    return value


def _no_constant(name: str):
    raise ValueError(f"{name} is not a number JSON allows")


def _finite_float(text: str) -> float:
    number = float(text)
    if not math.isfinite(number):  # 1e999
        raise ValueError(f"{text} is too large")
    return number


def _too_deep(value) -> bool:
    pending = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            if depth == MAX_DEPTH:
                return True
            pending.extend((child, depth + 1) for child in item)
    return False
