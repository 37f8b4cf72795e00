"""A game's tutorial played step by step (games/tutorial.py), its table held in the
learner's session: the server alone applies the moves, and the session remembers, per
browser, where the learner is and which tutorials they finished. No room, no clock, no
result: nothing of a tutorial reaches the lobby, the boards or the ratings.

A place in a tutorial is plain JSON data (the session stores it): the game, the lesson
and step, the engine's state, how many of the lesson's written bot moves were played,
and a version that every move names, as at a table (a move sent from an older table
is refused)."""

from __future__ import annotations

from typing import Any, TypedDict

from django.utils.translation import gettext_lazy

from games import registry
from games.core import IllegalAction, forced_move
from games.tutorial import Lesson, Step, Tutorial
from rooms.errors import RoomError, StaleAction

PLACE_KEY = "tutorial"
DONE_KEY = "tutorials_done"
SEED = "tutorial"  # every lesson's shuffles (there are none while its deck lasts) from one seed


class Place(TypedDict):
    game: str
    lesson: int
    step: int
    state: dict[str, Any]
    bots_played: int
    version: int
    finished: bool


class WrongMove(RoomError):
    """A legal move that is not the step's: nothing changes, and the step says why."""


class ScriptError(Exception):
    """A tutorial's script does not fit its own games (a test plays every script)."""


NO_MOVE_NOW = gettext_lazy("Nothing to play here: read the step, then press Continue.")
NOT_YOUR_TURN = gettext_lazy("Wait: it is not your turn yet.")


def tutorial_of(game: str) -> Tutorial | None:
    definition = registry.find(game)
    return definition.tutorial if definition is not None else None


def games_with_tutorials() -> list[str]:
    return [game.slug for game in registry.GAMES if game.tutorial is not None]


def required_tutorial(game: str) -> Tutorial:
    tutorial = tutorial_of(game)
    if tutorial is None:
        raise RoomError(gettext_lazy("This game has no tutorial yet."))
    return tutorial


def lesson_of(place: Place) -> Lesson:
    return required_tutorial(place["game"]).lessons[place["lesson"]]


def step_of(place: Place) -> Step:
    return lesson_of(place).steps[place["step"]]


def engine_of(place: Place):
    return registry.definition(place["game"]).engine


def _settled(engine, lesson: Lesson, state: dict, bots_played: int) -> tuple[dict, int]:
    """``state`` played on until the learner is awaited, the game is over or the
    lesson's bots have nothing left to play: every decision with one legal choice at
    once (as a table plays it: a bot's that was written down counts as played), and the
    bots' written moves in their order. Where
    several seats are awaited at once (Dayous's throw-ins), the learner moves first."""
    while engine.outcome(state) is None:
        forced = forced_move(engine, state)
        if forced is not None:
            state, _ = engine.apply(state, *forced)
            # A written bot move that a single legal choice made anyway is played.
            if forced[0] != lesson.seat and lesson.bots[bots_played : bots_played + 1] == (forced[1],):
                bots_played += 1
            continue
        awaited = engine.to_act(state)
        if lesson.seat in awaited or bots_played == len(lesson.bots):
            break
        action = lesson.bots[bots_played]
        seat = next((s for s in awaited if action in engine.legal_actions(state, s)), None)
        if seat is None:
            raise ScriptError(f"No seat awaited may play the written bot move {action!r}.")
        state, _ = engine.apply(state, seat, action)
        bots_played += 1
    return state, bots_played


def _lesson_place(game: str, index: int, version: int) -> Place:
    lesson = required_tutorial(game).lessons[index]
    engine = registry.definition(game).engine
    start = engine.start(lesson.players, dict(lesson.options), seed=SEED, deck=list(lesson.deck))
    if lesson.arranged is not None:
        start = lesson.arranged(start)
    state, bots_played = _settled(engine, lesson, start, 0)
    return Place(
        game=game, lesson=index, step=0, state=state, bots_played=bots_played, version=version, finished=False
    )


def current(session, game: str) -> Place:
    """Where the learner is in ``game``'s tutorial: where they left it, or its start."""
    place = session.get(PLACE_KEY)
    if place is None or place["game"] != game:
        place = _lesson_place(game, 0, 1)
        session[PLACE_KEY] = place
    return place


def restart(session, game: str) -> Place:
    place = session[PLACE_KEY] = _lesson_place(game, 0, session.get(PLACE_KEY, {}).get("version", 0) + 1)
    return place


def finished_games(session) -> list[str]:
    return list(session.get(DONE_KEY, []))


def act(session, game: str, action: Any, version: Any) -> Place:
    """The learner's move on the table they saw at ``version``. Refused, with nothing
    changed, unless it is the step's (``WrongMove``, with the step's explanation) and
    legal (the engine's reason)."""
    place = current(session, game)
    if version != place["version"]:
        raise StaleAction(gettext_lazy("The table changed before your move arrived. Look again and choose."))
    step = step_of(place)
    if step.moves is None or place["finished"]:
        raise RoomError(NO_MOVE_NOW)
    lesson, engine = lesson_of(place), engine_of(place)
    if lesson.seat not in engine.to_act(place["state"]):
        raise RoomError(NOT_YOUR_TURN)
    try:
        state, _ = engine.apply(place["state"], lesson.seat, action)
    except IllegalAction as illegal:
        raise RoomError(illegal.reason) from None
    if step.moves and action not in step.moves:
        raise WrongMove(step.wrong or gettext_lazy("Not this move: read the step again."))
    state, bots_played = _settled(engine, lesson, state, place["bots_played"])
    return _moved_on({**place, "state": state, "bots_played": bots_played}, session)


def go_on(session, game: str, version: Any) -> Place:
    """Past a step that awaits no move ("Continue")."""
    place = current(session, game)
    if version != place["version"]:
        raise StaleAction(gettext_lazy("The table changed before your move arrived. Look again and choose."))
    if place["finished"]:
        return place
    if step_of(place).moves is not None:
        raise RoomError(gettext_lazy("Make the move the step asks for first."))
    return _moved_on(place, session)


def _moved_on(place: Place, session) -> Place:
    """``place`` at its next step: the next lesson's first after its lesson's last, and
    the tutorial finished (and remembered) after the last lesson's."""
    tutorial = required_tutorial(place["game"])
    version = place["version"] + 1
    if place["step"] + 1 < len(tutorial.lessons[place["lesson"]].steps):
        place = {**place, "step": place["step"] + 1, "version": version}
    elif place["lesson"] + 1 < len(tutorial.lessons):
        place = _lesson_place(place["game"], place["lesson"] + 1, version)
    else:
        place = {**place, "finished": True, "version": version}
        session[DONE_KEY] = sorted({*finished_games(session), place["game"]})
    session[PLACE_KEY] = place
    return place


def step_number(place: Place) -> tuple[int, int]:
    """The step's number in the whole tutorial (from 1), and how many steps it has."""
    tutorial = required_tutorial(place["game"])
    before = sum(len(lesson.steps) for lesson in tutorial.lessons[: place["lesson"]])
    return before + place["step"] + 1, tutorial.step_count

