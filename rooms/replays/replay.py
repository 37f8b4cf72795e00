"""Replays: a game that is over, stepped through move by move (docs/replays.md).

Every step is recomputed: the game's engine starts again from the match's stored seed
and applies the recorded actions (``MatchAction`` rows) one by one up to the step asked
for, never from a page saved at the time. A step is drawn with the game's own public
table partial from one point of view, a seat or the spectator, through the engine's
``view`` of that step, so it shows exactly what that point of view could see then.
Only at the last step are all the cards shown (``every_card``).
"""

import json
from collections import deque
from dataclasses import dataclass

from django.utils.translation import gettext, ngettext

from games.core import TIMEOUT, CardDeck, EveryCard, IllegalAction
from games.words import Seat, wording
from rooms.botnames import shown_name
from rooms.gamerules import rules_for
from rooms.models import MatchAction
from rooms.rendering import _context as table_context
from rooms.speech import say
from rooms.store.presence import NOBODY
from rooms.store.snapshots import SeatInfo, Snapshot
from rooms.tablehomes import table_home
from rooms.templatetags.tables import event_line
from rooms.templating import render

SPECTATOR = "spectator"  # the point of view of someone watching, in a replay's URL


class ReplayBroken(Exception):
    """The record does not replay: the engine refused recorded move ``number``."""

    def __init__(self, number: int):
        super().__init__(f"The engine refuses recorded move {number}.")
        self.number = number


@dataclass(frozen=True)
class Step:
    """The game after its first ``number`` recorded moves (0: the deal, before any)."""

    number: int
    moves: int  # how many moves the game has: its last step
    state: dict
    events: list[dict]  # the public events of move ``number``
    seat: int | None  # who made move ``number`` (None at the deal)
    source: str  # how: a MatchAction.Source value ("" at the deal)
    ends_as_played: bool | None  # at the last step: the state is the stored one

    @property
    def is_last(self) -> bool:
        return self.number == self.moves


def replayed(game: str, seat_count: int, options: dict, seed: str, moves):
    """The states the seed and ``moves`` (``(seat, action, source)`` in order, as
    ``MatchAction`` records them) lead to, each with the events of the move that made it:
    first the deal (no events), then one after each move. ``ReplayBroken`` if the engine
    refuses one."""
    engine = rules_for(game).engine
    state = engine.start(seat_count, options, seed=seed)
    yield state, []
    for number, (seat, action, source) in enumerate(moves, start=1):
        try:
            state, events = engine.apply(state, seat, action, timeout=source == MatchAction.Source.TIMEOUT)
        except IllegalAction:
            raise ReplayBroken(number) from None
        yield state, events


def same_state(replayed_state: dict, stored_state: dict) -> bool:
    """Whether a replayed state is the stored one, compared as the database keeps it (JSON),
    but for the log's timeout marks: they tell how a move was made, not what it did, and a
    game stored before its log had them is the same game."""
    return _unmarked(json.loads(json.dumps(replayed_state))) == _unmarked(stored_state)


def _unmarked(state: dict) -> dict:
    log = [{key: value for key, value in event.items() if key != TIMEOUT} for event in state.get("log", ())]
    return {**state, "log": log}


def step(room, match, seat_count: int, number: int) -> Step:
    """The game of ``room`` after its first ``number`` moves (0 to ``match.moves``)."""
    if not 0 <= number <= match.moves:
        raise ValueError(f"A step is a number from 0 to {match.moves}.")
    rows = list(match.actions.order_by("number").values_list("seat", "action", "source")[:number]) if number else []
    state, events = deque(replayed(room.game, seat_count, room.options, match.seed, rows), maxlen=1)[0]
    if number == 0:
        events = rules_for(room.game).engine.view(state, None)["log"]
    seat, _, source = rows[-1] if rows else (None, None, "")
    last = number == match.moves
    return Step(number, match.moves, state, events, seat, source, same_state(state, match.state) if last else None)


def step_number(value: str, moves: int) -> int:
    """The step a replay's ``step`` parameter names; ``ValueError`` with a sentence for
    anything but a whole number from 0 to ``moves``."""
    if value.isascii() and value.isdigit() and int(value) <= moves:
        return int(value)
    raise ValueError(
        ngettext(
            "This game has %(count)s move: choose a step from 0 to %(count)s.",
            "This game has %(count)s moves: choose a step from 0 to %(count)s.",
            moves,
        ) % {"count": moves}
    )


def lines(step_: Step, game: str, names: dict[int, str]) -> list[str]:
    """What the step's move did, as the table's log tells it (one line per event that
    has a sentence of its own); if none has, who moved."""
    told = [line for event in step_.events if (line := event_line(event, (names, game)))]
    if told or step_.seat is None:
        return told
    return [say(wording("%(name)s moved.", name=Seat(step_.seat)), names)]


def point_of_view(value: str, seat_count: int) -> int | None:
    """The seat a replay's ``seat`` parameter names, or None for the spectator;
    ``ValueError`` with a sentence for anything else."""
    if value == SPECTATOR:
        return None
    if value.isascii() and value.isdigit() and int(value) < seat_count:
        return int(value)
    choose = gettext('Choose a seat from 0 to %(last)s, or "%(spectator)s".')
    raise ValueError(choose % {"last": seat_count - 1, "spectator": SPECTATOR})


def _step_snapshot(room, seats, step_: Step, ended_by_staff: str) -> Snapshot:
    """The room as its table partials read it at this step: still being played until
    the last step, with no clock, nobody connected and no stand-in bots; its bots named
    in the viewer's language."""
    return Snapshot(
        room_id=room.id,
        code=room.code,
        game=room.game,
        options=room.options,
        is_public=room.is_public,
        status=room.status if step_.is_last else "playing",
        version=step_.number,
        host_seat=room.host_seat,
        seats=[SeatInfo(s.index, shown_name(s), s.bot_level, s.user_id, s.guest_id) for s in seats],
        state=step_.state,
        deadline_ms=None,
        autostart_ms=None,
        ended_by_staff=ended_by_staff if step_.is_last else "",
    )


def board(room, seats, step_: Step, seat: int | None, ended_by_staff: str = "") -> str:
    """The game's public table partial at this step, drawn from the engine's view for
    ``seat`` (None: the spectator's), so it holds only what that seat saw then."""
    snapshot = _step_snapshot(room, seats, step_, ended_by_staff)
    view = snapshot.rules.engine.view(step_.state, seat)
    home = table_home(room.game)
    shown = {"view": view, **home.public(snapshot, view)}
    context = table_context(snapshot, NOBODY, seat, shown)
    return render(home.public_template, context)


def hand(game: str, state: dict, seat: int | None) -> list[str]:
    """The cards ``seat`` saw in their own hand at this step (none for the spectator):
    the engine's view of it, with Court Piece's face-down trump card (Hidden) last."""
    if seat is None:
        return []
    view = rules_for(game).engine.view(state, seat)
    return _cards(view.get("hand")) + _cards(view.get("face_down"))


def every_card(game: str, state: dict) -> EveryCard:
    """All the hands, the cards set aside face down, the deck and the discard pile at the
    end (only the last step may show them)."""
    return rules_for(game).engine.every_card(state)


def spanish_cards(game: str) -> bool:
    """Whether the game deals from the Spanish deck (its cards are named so)."""
    return rules_for(game).engine.card_deck is CardDeck.SPANISH


def _cards(cards) -> list[str]:
    """A hand as a list: Disunyer's is one card (or none)."""
    if not cards:
        return []
    return [cards] if isinstance(cards, str) else list(cards)
