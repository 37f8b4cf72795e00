"""The tutorials' runner: a wrong move is refused with the step's explanation and
changes nothing, steps advance, each lesson starts from its own deck, and the browser's
session remembers where the learner is and which tutorials they finished."""

import copy

import pytest

from games import registry
from games.words import Words
from rooms.errors import RoomError, StaleAction
from rooms.tutorials import runner

GAMES_WITH_TUTORIALS = runner.games_with_tutorials()


def _right_move(place):
    """The first move the step takes (any legal one when it takes them all)."""
    step = runner.step_of(place)
    if step.moves:
        return step.moves[0]
    return runner.engine_of(place).legal_actions(place["state"], runner.lesson_of(place).seat)[0]


def _a_wrong_move(place):
    """A legal move the step does not take, or None when it takes them all."""
    step = runner.step_of(place)
    legal = runner.engine_of(place).legal_actions(place["state"], runner.lesson_of(place).seat)
    return next((action for action in legal if step.moves and action not in step.moves), None)


def _play_through(session, game):
    """Every step played with its right move (Continue where it awaits none); the places."""
    place = runner.current(session, game)
    places = [place]
    while not place["finished"]:
        if runner.step_of(place).moves is None:
            place = runner.go_on(session, game, place["version"])
        else:
            place = runner.act(session, game, _right_move(place), place["version"])
        places.append(place)
    return places


def test_disunyer_and_dayous_have_tutorials():
    assert {"disunyer", "dayous"} <= set(GAMES_WITH_TUTORIALS)


def _every_card(engine, state) -> list[str]:
    every = engine.every_card(state)
    held = [card for hand in every.hands for card in hand]
    return sorted([*held, *every.deck, *every.discard, *filter(None, every.face_down)])


@pytest.mark.parametrize("game", GAMES_WITH_TUTORIALS)
def test_a_lesson_arranged_later_in_a_game_keeps_every_card(game):
    """An arranged lesson moves the dealt cards, never adds or drops one."""
    engine = registry.definition(game).engine
    for lesson in registry.definition(game).tutorial.lessons:
        dealt = engine.start(lesson.players, dict(lesson.options), seed=runner.SEED, deck=list(lesson.deck))
        if lesson.arranged is not None:
            assert _every_card(engine, lesson.arranged(dealt)) == _every_card(engine, dealt)


@pytest.mark.parametrize("game", GAMES_WITH_TUTORIALS)
def test_every_step_awaits_the_learner_where_it_asks_for_a_move(game):
    """Each script fits its own games: at a step that asks for a move the learner is
    awaited and the step's moves are legal; at a Continue step nothing is awaited of them."""
    session = {}
    place = runner.current(session, game)
    while not place["finished"]:
        step, lesson, engine = runner.step_of(place), runner.lesson_of(place), runner.engine_of(place)
        awaited = lesson.seat in engine.to_act(place["state"])
        if step.moves is None:
            assert not awaited, (place["lesson"], place["step"])
            place = runner.go_on(session, game, place["version"])
        else:
            assert awaited, (place["lesson"], place["step"])
            legal = engine.legal_actions(place["state"], lesson.seat)
            assert all(move in legal for move in step.moves)
            assert len(legal) > 1  # a single legal choice would have been played at once
            if step.moves and len(step.moves) < len(legal):
                assert isinstance(step.wrong, Words)  # a wrong move is possible: it is explained
            place = runner.act(session, game, _right_move(place), place["version"])


@pytest.mark.parametrize("game", GAMES_WITH_TUTORIALS)
def test_a_wrong_move_is_refused_with_the_steps_explanation_and_changes_nothing(game):
    session = {}
    place = runner.current(session, game)
    while _a_wrong_move(place) is None:  # the first step with a move it does not take
        if runner.step_of(place).moves is None:
            place = runner.go_on(session, game, place["version"])
        else:
            place = runner.act(session, game, _right_move(place), place["version"])
    before = copy.deepcopy(session)
    with pytest.raises(runner.WrongMove) as refused:
        runner.act(session, game, _a_wrong_move(place), place["version"])
    assert refused.value.message == runner.step_of(place).wrong
    assert session == before
    # The learner tries again, and the right move is taken.
    after = runner.act(session, game, _right_move(place), place["version"])
    assert after["version"] == place["version"] + 1


def test_disunyer_keep_with_a_low_card_is_explained():
    session = {}
    place = runner.current(session, "disunyer")
    assert place["state"]["hands"][0] == "3o"
    with pytest.raises(runner.WrongMove) as refused:
        runner.act(session, "disunyer", {"type": "keep"}, place["version"])
    assert "A 3 is one of the lowest cards" in str(refused.value.message)
    assert runner.current(session, "disunyer") == place


def test_an_illegal_or_stale_or_malformed_move_changes_nothing():
    session = {}
    place = runner.current(session, "disunyer")
    before = copy.deepcopy(session)
    with pytest.raises(StaleAction):
        runner.act(session, "disunyer", {"type": "pass"}, place["version"] + 1)
    with pytest.raises(RoomError):
        runner.act(session, "disunyer", {"type": "guess", "suit": "o"}, place["version"])
    with pytest.raises(RoomError):
        runner.act(session, "disunyer", "pass", place["version"])
    with pytest.raises(RoomError):  # a move step has no Continue
        runner.go_on(session, "disunyer", place["version"])
    assert session == before


def test_steps_advance_through_every_lesson_to_the_end():
    session = {}
    tutorial = registry.definition("disunyer").tutorial
    places = _play_through(session, "disunyer")
    seen = [(place["lesson"], place["step"]) for place in places if not place["finished"]]
    assert seen == [(lesson, step) for lesson, each in enumerate(tutorial.lessons) for step in range(len(each.steps))]
    assert [runner.step_number(place)[0] for place in places[:-1]] == list(range(1, tutorial.step_count + 1))
    versions = [place["version"] for place in places]
    assert versions == sorted(set(versions))  # every change is a new version
    assert places[-1]["finished"]


def test_continue_is_refused_at_a_step_that_awaits_a_move_and_a_move_at_one_that_does_not():
    session = {}
    place = runner.current(session, "disunyer")
    place = runner.act(session, "disunyer", {"type": "pass"}, place["version"])
    place = runner.act(session, "disunyer", {"type": "keep"}, place["version"])
    assert runner.step_of(place).moves is None
    with pytest.raises(RoomError):
        runner.act(session, "disunyer", {"type": "keep"}, place["version"])
    place = runner.go_on(session, "disunyer", place["version"])
    assert (place["lesson"], place["step"]) == (1, 0)
    # The second lesson is its own game, dealt from its own deck: the learner sits last.
    assert place["state"]["hands"] == ["3o", "3c", "Ks", "2b"]


def test_progress_is_remembered_in_the_session():
    session = {}
    place = runner.current(session, "disunyer")
    runner.act(session, "disunyer", {"type": "pass"}, place["version"])
    again = runner.current(session, "disunyer")  # the page loaded again: the same place
    assert (again["lesson"], again["step"]) == (0, 1)
    assert runner.finished_games(session) == []
    _play_through(session, "disunyer")
    assert runner.finished_games(session) == ["disunyer"]
    assert runner.current(session, "disunyer")["finished"]
    restarted = runner.restart(session, "disunyer")
    assert (restarted["lesson"], restarted["step"], restarted["finished"]) == (0, 0, False)
    assert runner.finished_games(session) == ["disunyer"]  # a finished tutorial stays finished


def test_the_stuck_king_lesson_plays_stuck_king():
    session = {}
    places = _play_through(session, "disunyer")
    stuck = next(place for place in places if place["lesson"] == 3)
    assert stuck["state"]["mode"] == "stuck-king"
    assert stuck["state"]["stuck"] == [2]
