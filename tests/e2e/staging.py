"""Tables staged on the live site for the layout tests: a game's state, reached by its
engine through legal moves, put on a live room as a move puts it there (under the room's
lock, a new version, stored and announced to every viewer), and people's names at its
seats. A test can then measure the table at its fullest (the most cards in a bout, the
longest names) instead of waiting for a game to get there by chance.

`stage()` runs this module in the live site's environment (its database and Redis),
as tests/e2e/test_csp_browser.py runs `manage.py createsuperuser`."""

import json
import subprocess
import sys
from pathlib import Path
from typing import cast

from games.core import Action
from games.dayous.state import DayousState

ROOT = Path(__file__).resolve().parents[2]
# Guest names of the most characters a guest may choose (24), with and without a space.
LONG_NAMES = ("Bartholomew Featherstone", "Wolfeschlegelsteinhausen", "Maximiliana Orlova-Kurtz")
STAGED_CLOCK_SECONDS = 60  # the staged turn's clock: the bots are not asked to move before it ends


def stage(live_env: dict, code: str, state: dict | None = None, names: dict[int, str] | None = None,
          status: str = "playing") -> None:
    """Put ``state`` (None: the game's own, as it is now) on room ``code`` with ``status``,
    and seat a guest of each name of ``names`` (seat index → name) where a bot sat; the
    room's viewers are sent the new table. The staged turn's clock runs a minute, and no
    bot is asked to move before it ends."""
    staged = {"code": code, "state": state, "names": names or {}, "status": status}
    done = subprocess.run([sys.executable, "-m", "tests.e2e.staging"], input=json.dumps(staged), text=True,
                          cwd=ROOT, env=live_env, capture_output=True)
    assert done.returncode == 0, f"staging failed:\n{done.stderr}"


def _stage_here(code: str, state: dict | None, names: dict[str, str], status: str) -> None:
    from datetime import timedelta

    from django.db import transaction
    from django.utils import timezone

    from rooms.models import Room
    from rooms.push import followups
    from rooms.push.changes import change_of

    with transaction.atomic():
        room = Room.objects.select_for_update(of=("self",)).select_related("match").get(code=code)
        assert state is not None or room.status == "playing", "the game is over: there is nothing to stage"
        seats = list(room.seats.order_by("index"))
        for index, name in names.items():
            seat = seats[int(index)]
            seat.name, seat.bot_level, seat.guest_id = name, "", f"staged-{index}"
            seat.save()
        match = room.match
        if state is not None:
            match.state = state
        now = timezone.now()
        match.paused_until = match.bot_due_at = None
        match.deadline = now + timedelta(seconds=STAGED_CLOCK_SECONDS) if status == "playing" else None
        match.finished_at = now if status == "finished" else None
        match.save()
        room.status = status
        room.version += 1
        room.save(update_fields=["status", "version"])
        followups.send_on_commit(change_of(room, seats))


if __name__ == "__main__":
    import django

    django.setup()
    _stage_here(**json.load(sys.stdin))


# ------------------------------------------------------------------ states, by the engines


def dayous_fullest_bout(players: int, decks: int, short: int = 0, defender: int = 0) -> DayousState:
    """A Dayous game's first bout, ``defender`` defending a full hand (ten cards with two
    or more decks) and to move, with as many attack cards on the table as the search
    finds, up to the limit less ``short``: the leader leads its most cards of a rank, the others throw
    in and the defender beats some (each beat brings a rank the others can throw). By
    legal moves, over seeds; two players rarely get far (only the leader throws in)."""
    import random

    from games.dayous.rules import ENGINE

    fullest: DayousState | None = None
    for attempt in range(400):
        choose = random.Random(attempt)
        state = ENGINE.start(players, {"decks": decks, "clock": STAGED_CLOCK_SECONDS}, seed=f"fullest-{attempt}")
        leader = ENGINE.to_act(state)[0]
        if defender not in ((leader + 1) % players, (leader - 1) % players):
            continue
        state, _ = ENGINE.apply(state, leader, {"type": "direction", "clockwise": (leader + 1) % players == defender})
        if state["phase"] != "lead":
            continue
        # The engine takes any action as a client sends it: its own moves are such actions.
        attacks = cast(list[Action], ENGINE.legal_actions(state, leader))
        lead = max(attacks, key=lambda action: len(action["cards"]))
        state, _ = ENGINE.apply(state, leader, lead)
        target = state["limit"] - short
        while state["phase"] == "bout" and len(state["table"]) < target:
            moves = [(seat, action) for seat in ENGINE.to_act(state)
                     for action in cast(list[Action], ENGINE.legal_actions(state, seat))]
            throws = [(seat, action) for seat, action in moves
                      if action["type"] == "throw" and len(state["table"]) + len(action["cards"]) <= target]
            beats = [(seat, action) for seat, action in moves if action["type"] == "beat"]
            if not throws and not beats:
                break
            seat, action = choose.choice(throws if throws and (not beats or choose.random() < 0.6) else beats)
            state, _ = ENGINE.apply(state, seat, action)
        if state["phase"] != "bout" or state["defender"] != defender or defender not in ENGINE.to_act(state):
            continue
        if fullest is None or len(state["table"]) > len(fullest["table"]):
            fullest = state
        if len(state["table"]) == target:
            break
    assert fullest is not None, f"no bout of {players} players"
    return fullest


def dealt(game: str, players: int, options: dict) -> dict:
    """A game of ``game`` just dealt, from a fixed seed."""
    from games.registry import engine as engine_of

    engine = engine_of(game)
    return engine.start(players, engine.validate_options(options, players), seed="staged")


def disunyer_ace_to_the_first_seat(players: int) -> dict:
    """A Disunyer game just dealt with the Ace of coins to seat 0, which picks a rival
    among all the others, and no other Ace."""
    from games.disunyer.cards import DECK, is_ace
    from games.registry import engine as engine_of

    deck = ["Ao", *(card for card in DECK if not is_ace(card))]
    return engine_of("disunyer").start(players, {"mode": "standard"}, deck=deck)


def played_to_the_end(game: str, players: int, options: dict) -> dict:
    """A game of ``game`` played to its end by seeded random legal moves."""
    import random

    from games.registry import engine as engine_of

    engine = engine_of(game)
    choose = random.Random(players)
    state = dealt(game, players, options)
    while engine.outcome(state) is None:
        seat = engine.to_act(state)[0]
        state, _ = engine.apply(state, seat, choose.choice(engine.legal_actions(state, seat)))
    return state
