"""Room rules: how a room of each game is coded, filled, started and paused, built from
the game's definition (``GameDefinition.table``, games/definition.py).

The rooms core asks these questions and never names a game itself.
"""

import functools
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from datetime import timedelta
from types import MappingProxyType

from django.conf import settings

from accounts.identity import BOT_LEVEL_LABELS
from games import registry
from games.core import Engine
from games.definition import Table
from games.words import Words, plural_wording
from rooms import table_coins

BOT_LEVELS = tuple(BOT_LEVEL_LABELS)
STANDIN_LEVEL = "normal"  # how a stand-in bot plays a person's seat
# A waiting room whose host has been away this long passes the host to a person present
# or, with nobody present, closes (rooms/actions/lifecycle.py).
HOST_AWAY_LIMIT = timedelta(minutes=5)
# A strong bot searches for most of a second a move. Its moves have a worker of their own
# (the Procfile's strong-bots), so that no other bot's move waits behind a search, and
# the other bots' worker can be one process without a pool (docs/architecture.md).
BOT_QUEUES = MappingProxyType({"easy": "bots", "normal": "bots", "strong": "strong-bots"})
# The setting (in ms) of each pause a game's table names.
PAUSE_SETTINGS = MappingProxyType(
    {"knockout": "PAUSE_AFTER_KNOCKOUT_MS", "trick": "PAUSE_AFTER_TRICK_MS", "round": "PAUSE_AFTER_ROUND_MS"}
)


@dataclass(frozen=True, kw_only=True)
class RoomRules(Table):
    """A game's table (its definition's facts) with what the rooms do with them."""

    game: str
    title: Words
    engine: Engine
    bots: Mapping[str, type]  # level -> bot class
    # on_events(room, match, seats, events) -> seat indices: called inside the transaction
    # with the public events of every change; the seats it returns sit out from then on
    # (``sit_out``; at a table that plays for coins: people who can no longer cover the bet).
    on_events: Callable | None = None
    # can_sit(player, room) -> a sentence saying why the player cannot sit, or None.
    can_sit: Callable | None = None
    # can_play(player, room) -> a sentence saying why a person whose seat a stand-in bot
    # plays may not take it back with a move, or None.
    can_play: Callable | None = None
    # extras(room, seats) -> dict: more data the table partials need, loaded once per
    # snapshot (e.g. the seated people's coins).
    snapshot_extras: Callable | None = None

    def bot_for(self, level: str):
        return self.bots[level]()

    @property
    def code_shape(self) -> Words:
        """What a room's code looks like, in words: "4 letters", "6 digits"."""
        alphabet, length = self.code_alphabet, self.code_length
        if alphabet.isdigit():
            return plural_wording("%(count)s digit", "%(count)s digits", length)
        if alphabet.isalpha():
            return plural_wording("%(count)s letter", "%(count)s letters", length)
        return plural_wording("%(count)s letter and digit", "%(count)s letters and digits", length)

    def played_by_bot(self, seat) -> bool:
        """A bot's seat, or a person's seat a stand-in bot plays after their timeouts."""
        if seat.is_bot:
            return True
        limit = self.standin_after_timeouts
        return limit is not None and seat.timeouts_in_a_row >= limit

    def stood_in_for(self, seat) -> bool:
        """A person's seat that a stand-in bot plays after their timeouts."""
        return not seat.is_bot and self.played_by_bot(seat)

    def sit_out(self, seat) -> bool:
        """From now on a stand-in bot plays a person's seat, as after the timeouts, and
        the person sits out (``Seat.sitting_out``): the game's rules keep them out until
        their move takes the seat back, if ``can_play`` lets them. Whether the seat changed."""
        if seat.sitting_out:
            return False
        seat.sitting_out = True
        seat.timeouts_in_a_row = max(seat.timeouts_in_a_row, self.standin_after_timeouts or 0)
        return True

    def pause_after(self, events: list[dict]) -> timedelta | None:
        """How long the table stays still after a change with these events (the longest
        pause any of them calls for), or None."""
        called_for = (
            getattr(settings, PAUSE_SETTINGS[self.pauses[e["type"]]]) for e in events if e.get("type") in self.pauses
        )
        longest = max(called_for, default=0)
        return timedelta(milliseconds=longest) if longest else None

    def between_rounds(self, state: dict | None, paused: bool) -> bool:
        """Whether the table rests after a round: paused, for the pause of a round's end
        (the last event in its log that calls for a pause)."""
        if not paused or state is None:
            return False
        for event in reversed(state.get("log", ())):
            pause = self.pauses.get(event.get("type"))
            if pause is not None:
                return pause == "round"
        return False

    def seat_order(self, host_seat: int, seat_count: int) -> list[int]:
        """The seats in the order newcomers (and added bots) take them."""
        if self.join_order is None:
            return list(range(seat_count))
        first = [(host_seat + offset) % seat_count for offset in self.join_order]
        return list(dict.fromkeys(first + list(range(seat_count))))

    def partner_seat(self, host_seat: int, seat_count: int) -> int | None:
        if self.partner_offset is None:
            return None
        return (host_seat + self.partner_offset) % seat_count


@functools.cache
def rules_for(game: str) -> RoomRules:
    """The rules of the rooms of the registry's game ``game`` (``LookupError`` for none):
    its definition's table, with the site's rules for a table that plays for coins if it
    does. Built once per game."""
    definition = registry.definition(game)
    unknown = set(definition.table.pauses.values()) - PAUSE_SETTINGS.keys()
    if unknown:
        raise ValueError(f"{definition.title}'s table names pauses the site has not: {', '.join(sorted(unknown))}.")
    coins = definition.plays_for_coins
    return RoomRules(
        **{field.name: getattr(definition.table, field.name) for field in fields(Table)},
        game=definition.slug,
        title=definition.title,
        engine=definition.engine,
        bots=definition.bots,
        on_events=table_coins.after_events if coins else None,
        can_sit=table_coins.can_sit if coins else None,
        can_play=table_coins.can_play if coins else None,
        snapshot_extras=table_coins.extras if coins else None,
    )
