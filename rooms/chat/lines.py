"""Saying a line at a table's chat: who may say what where, the flood rule, and the
lines each channel keeps.

Two channels per room: the players' (``Table``) and the spectators'. Players write in
both, spectators in theirs alone; everyone at the table reads both. Accounts write free
text; guests send the quick phrases (``rooms.chat.phrases``). In a team game a hand's
players have only the phrases: free text between partners would be a channel for
signals. It opens between rounds and once the game is over.
"""

import json
import re
import unicodedata
from dataclasses import asdict, dataclass, fields
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from accounts.identity import Player, person_key
from games import registry
from rooms.chat import mutes, sanctions
from rooms.chat.masking import masked
from rooms.chat.phrases import phrases_for
from rooms.errors import RoomError
from rooms.gamerules import rules_for
from rooms.models import ChatLine, Room
from rooms.store.redisclients import key, sync_client

MOST_CHARACTERS = 140
KEPT = 50  # lines per channel
FLOOD_LINES, FLOOD_WINDOW = 4, timedelta(seconds=10)
REPEATS_CHECKED = 2  # a line may not repeat one of its author's last two
HISTORY_SECONDS = 24 * 3600

EMPTY = gettext_lazy("Write something first.")
TOO_LONG = gettext_lazy("A chat line has at most 140 characters.")
NOT_PRINTABLE = gettext_lazy("That line has characters a chat line cannot show.")
NOT_A_PHRASE = gettext_lazy("That is not one of this table's quick phrases.")
GUESTS_USE_PHRASES = gettext_lazy("Guests send the quick phrases: sign up to write your own lines.")
SPECTATORS_ELSEWHERE = gettext_lazy("Spectators write in the spectators' chat.")
HAND_IN_PLAY = gettext_lazy("During a hand, partners send only the quick phrases: write again between rounds.")
PARTNERS_WRITE = gettext_lazy("The host lets partners write to each other during hands.")
REPEATED = gettext_lazy("You just said that.")
TOO_QUICK = gettext_lazy("Easy there: at most 4 lines in 10 seconds.")
_SPACES = re.compile(r"\s+")


@dataclass(frozen=True)
class Line:
    """A line as its readers are sent it: no more than the table shows."""

    id: int
    channel: str
    name: str
    text: str
    phrase: str
    author: str  # ``identity.person_key``: for mutes, never shown


LINE_FIELDS = tuple(field.name for field in fields(Line))


def say(room_id: int, player: Player, seat: int | None, channel: str, text: str, phrase: str) -> Line:
    """``player`` (at ``seat``, None: watching) says ``text`` or the quick ``phrase`` in
    ``channel`` of the room; ``RoomError`` says why not, and nothing is kept. Slurs are
    masked before the room is locked."""
    text = "" if phrase else masked(cleaned(text))
    with transaction.atomic():
        closed = sanctions.closure(player.key)
        if closed is not None:
            raise RoomError(closed.refusal())
        room = Room.objects.select_related("match").select_for_update(of=("self",)).get(pk=room_id)
        _check(room, player, seat, channel, phrase)
        _check_flood(room, player, text, phrase)
        line = ChatLine.objects.create(
            room=room, channel=channel, user_id=player.user_id, guest_id=player.guest_id or "",
            name=player.name, text=text, phrase=phrase,
        )
        _forget_older(room, channel)
        history = recent(room)
    sync_client().set(history_key(room_id), json.dumps([asdict(kept) for kept in history]), ex=HISTORY_SECONDS)
    return _line(line)


def _check(room: Room, player: Player, seat: int | None, channel: str, phrase: str) -> None:
    """Refuses the line unless every rule of who may say what here holds."""
    if seat is None and channel == ChatLine.Channel.PLAYERS:
        raise RoomError(SPECTATORS_ELSEWHERE)
    if phrase:
        if phrase not in phrases_for(room.game):
            raise RoomError(NOT_A_PHRASE)
        return
    if player.is_guest:
        raise RoomError(GUESTS_USE_PHRASES)
    if seat is not None and channel == ChatLine.Channel.PLAYERS and _hand_in_play(room):
        raise RoomError(HAND_IN_PLAY)


def cleaned(text: str) -> str:
    """``text`` with its runs of white space made one space; refused when empty, too
    long or holding what a chat line cannot show (control and format characters)."""
    text = _SPACES.sub(" ", text).strip()
    if not text:
        raise RoomError(EMPTY)
    if len(text) > MOST_CHARACTERS:
        raise RoomError(TOO_LONG)
    if not printable(text):
        raise RoomError(NOT_PRINTABLE)
    return text


def printable(text: str) -> bool:
    """Whether ``text`` holds no control or format character (a chat line's rule)."""
    return not any(unicodedata.category(character) in {"Cc", "Cf", "Co", "Cs"} for character in text)


def _hand_in_play(room: Room) -> bool:
    """A team game's hand is being played: its partners may signal no free text, unless
    the private room's host let them write."""
    if room.status != Room.Status.PLAYING or not registry.definition(room.game).teams or room.partners_write:
        return False
    rules = rules_for(room.game)
    match = room.match
    paused = match.paused_until is not None and match.paused_until > timezone.now()
    return not rules.between_rounds(match.state, paused)


def _check_flood(room: Room, player: Player, text: str, phrase: str) -> None:
    own = ChatLine.objects.filter(room=room, user_id=player.user_id, guest_id=player.guest_id or "")
    latest = list(own.order_by("-id").values_list("text", "phrase", "said_at")[:FLOOD_LINES])
    if (text, phrase) in [(said, said_phrase) for said, said_phrase, _ in latest[:REPEATS_CHECKED]]:
        raise RoomError(REPEATED)
    if len(latest) == FLOOD_LINES and latest[-1][2] > timezone.now() - FLOOD_WINDOW:
        raise RoomError(TOO_QUICK)


def _forget_older(room: Room, channel: str) -> None:
    older = ChatLine.objects.filter(room=room, channel=channel).order_by("-id").values_list("id", flat=True)[KEPT:]
    ChatLine.objects.filter(id__in=list(older)).delete()


def recent(room: Room) -> list[Line]:
    """The lines both channels keep, oldest first."""
    lines = ChatLine.objects.filter(room=room).order_by("id")
    return [_line(line) for line in lines]


def _line(line: ChatLine) -> Line:
    author = person_key(line.user_id, line.guest_id or None)
    return Line(line.id, line.channel, line.name, line.text, line.phrase, author)


def history_key(room_id: int) -> str:
    """Where Redis keeps the lines both channels keep, as JSON: a socket reads them as
    it connects, in the same trip as the room's latest version."""
    return key("chat", room_id)


def from_history(stored: bytes | str | None) -> list[Line]:
    return [Line(**line) for line in json.loads(stored)] if stored else []


def by_channel(lines: list[Line]) -> list[dict]:
    """``lines`` in their channels, as the chat's lists show them."""
    return [{"name": name, "lines": kept} for name, _, kept in _channels(lines)]


def _channels(lines: list[Line]) -> list[tuple[str, str, list[Line]]]:
    """Each channel's name, label and lines of ``lines``."""
    return [
        (name, label, [line for line in lines if line.channel == name]) for name, label in ChatLine.Channel.choices
    ]


@dataclass(frozen=True)
class ShownChannel:
    """One of a room's channels as a viewer's chat drawer shows it."""

    name: str
    label: str
    lines: list[Line]
    writable: bool
    shown_first: bool


def drawer(room_id: int, game: str, player: Player | None, seat: int | None, partners_write: bool = False) -> dict:
    """What a viewer's chat drawer shows: both channels with the lines they keep but
    for those of people the viewer muted or blocked (the viewer's own channel first: the
    players' for a player), what the viewer may write in each, the table's quick phrases,
    and in a team game when its partners may write (``partners_write``: during hands too)."""
    hidden = mutes.hidden_from(player.key) if player is not None else frozenset()
    kept = [line for line in recent(Room(pk=room_id)) if line.author not in hidden]
    channels = [
        ShownChannel(
            name=name,
            label=label,
            lines=lines,
            writable=player is not None and (seat is not None or name == ChatLine.Channel.SPECTATORS),
            shown_first=(seat is not None) == (name == ChatLine.Channel.PLAYERS),
        )
        for name, label, lines in _channels(kept)
    ]
    writes_text = player is not None and not player.is_guest
    viewer = player.key if player is not None else ""
    teams = registry.definition(game).teams
    hand_rule = (PARTNERS_WRITE if partners_write else HAND_IN_PLAY) if teams else None
    return {
        "channels": channels, "phrases": phrases_for(game), "writes_text": writes_text, "viewer": viewer,
        "hand_rule": hand_rule,
    }
