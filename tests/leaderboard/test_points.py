"""Points by place for Disunyer, on every example of the seed's rules."""

import pytest

from games import core
from games.disunyer.rules import ENGINE
from leaderboard.models import Result
from leaderboard.points import points_for
from tests.leaderboard.helpers import BOT, account, finish_game

pytestmark = pytest.mark.django_db

ANN, BEA, CARL, DAN = range(4)


def play_keeping(deck: list[str], players: int) -> dict:
    """A game on a stacked deck where everybody keeps their card, to its outcome."""
    state = ENGINE.start(players, {"mode": "standard"}, seed="points", deck=deck)
    outcome = ENGINE.outcome(state)
    while outcome is None:
        (seat,) = ENGINE.to_act(state)
        state, _ = ENGINE.apply(state, seat, {"type": "keep"})
        outcome = ENGINE.outcome(state)
    return outcome


def points(outcome: dict, had_bots: bool) -> list[int]:
    players = len(outcome["places"])
    return [points_for("disunyer", place, players, had_bots) for place in outcome["places"]]


@pytest.mark.parametrize(
    "had_bots, expected",
    [(True, [8, 7, 6, 5, 4, 3, 2, 1]), (False, [16, 14, 12, 10, 8, 6, 4, 2])],
)
def test_a_table_of_eight_gives_the_winner_8_and_the_first_out_1(had_bots, expected):
    """Seed: at a table of 8 the winner gets 8 and the first one out gets 1 (N + 1 - place);
    with no bot at the table the points are doubled (16 … 2)."""
    places = core.places_from_exits([[7], [6], [5], [4], [3], [2], [1]], [0], 8)
    assert places == [1, 2, 3, 4, 5, 6, 7, 8]
    assert points({"places": places}, had_bots) == expected


@pytest.mark.parametrize("had_bots, expected", [(True, [2, 2, 3]), (False, [4, 4, 6])])
def test_tie_for_the_lowest_card_shares_the_best_place(had_bots, expected):
    """Seed: Ann 3 of coins, Bea 3 of cups, Carl King: Ann and Bea are out together and
    share 2nd place (2 points each of 3), Carl wins (3); doubled without bots."""
    outcome = play_keeping(["3o", "3c", "Kb"], players=3)
    assert outcome["places"] == [2, 2, 1] and outcome["winners"] == [CARL]
    assert points(outcome, had_bots) == expected


@pytest.mark.parametrize("had_bots, expected", [(True, [2, 2]), (False, [4, 4])])
def test_the_final_tie_has_no_winner_and_shares_first_place(had_bots, expected):
    """Seed: two players left with the 5 of coins and the 5 of cups are both out and the
    game has no winner; they share 1st place and both get the winner's points."""
    outcome = play_keeping(["5o", "5c"], players=2)
    assert outcome["places"] == [1, 1] and outcome["winners"] == []
    assert points(outcome, had_bots) == expected


def test_normal_round_example_played_to_the_end():
    """Seed: Ann 5, Bea Jack, Carl 3, Dan 7 — with everybody keeping, Carl (3) goes out
    first and gets 1 point; every place gets N + 1 - place at this 4-player table."""
    outcome = play_keeping(["5o", "Jc", "3s", "7b", "6o", "2o", "4o", "Kc", "2c", "Ks"], players=4)
    places = outcome["places"]
    assert places[CARL] == 4
    assert sorted(places) == [1, 2, 3, 4]
    assert points(outcome, had_bots=True) == [5 - place for place in places]


def test_a_final_tie_after_earlier_rounds():
    """Dan goes out in round 1; Ann, Bea and Carl tie in round 2: no winner, the three share
    1st place (4 points each with bots, 8 without) and Dan, 4th, gets 1 (2 without)."""
    outcome = play_keeping(["5o", "6o", "7o", "2o", "4o", "4c", "4s"], players=4)
    assert outcome["places"] == [1, 1, 1, 4] and outcome["winners"] == []
    assert points(outcome, had_bots=True) == [4, 4, 4, 1]
    assert points(outcome, had_bots=False) == [8, 8, 8, 2]


def test_recorded_results_carry_the_points_and_doubling():
    """A recorded game stores each seat's points: doubled at a table of people only,
    not doubled as soon as one seat was a bot."""
    ann, bea, carl = account("Ann"), account("Bea"), account("Carl")
    people_only = finish_game([ann, bea, carl], [2, 2, 1])
    with_a_bot = finish_game([ann, bea, BOT], [3, 1, 2])
    assert [r.points for r in Result.objects.filter(room=people_only).order_by("seat")] == [4, 4, 6]
    assert [r.points for r in Result.objects.filter(room=with_a_bot).order_by("seat")] == [1, 3, 2]
    assert [r.had_bots for r in Result.objects.filter(room=with_a_bot)] == [True] * 3


def test_a_recorded_final_tie_is_won_by_nobody():
    """The finalists of a no-winner game get 1st-place points but no win."""
    ann, bea = account("Ann"), account("Bea")
    room = finish_game([ann, bea, BOT], [1, 1, 3])
    results = list(Result.objects.filter(room=room).order_by("seat"))
    assert [(r.place, r.points, r.won) for r in results] == [
        (1, 3, False),
        (1, 3, False),
        (3, 1, False),
    ]
