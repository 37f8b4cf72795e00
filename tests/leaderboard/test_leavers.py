"""A game a player left (a stand-in bot finished it for them) counts as lost for them on
the boards and in the ratings, whatever their side did."""

import pytest
from openskill.models import PlackettLuce

from leaderboard.models import Rating, Result, Standing
from leaderboard.services import void_game
from tests.leaderboard.helpers import accounts, finish_game

pytestmark = pytest.mark.django_db
OPENSKILL = PlackettLuce()


def _mu(user, game: str) -> float:
    return Rating.objects.get(user=user, game=game).mu


def test_a_court_piece_player_who_left_loses_though_their_partner_won_the_table():
    """Ann (seat 0) and Carl (seat 2) win the table against Bea and Dora, but Ann left it
    and a stand-in bot finished her hand: she is last, with a last place's points and no
    win, and her rating falls as if her side had lost; Carl wins as before."""
    ann, bea, carl, dora = accounts("Ann", "Bea", "Carl", "Dora")
    room = finish_game(
        [ann, bea, carl, dora], [1, 3, 1, 3], game="courtpiece", mode="", options={}, winners=[0, 2],
        left=frozenset({0}),
    )
    results = {result.seat: result for result in Result.objects.filter(room=room)}
    assert (results[0].place, results[0].won, results[0].points) == (4, False, 1)
    assert (results[2].place, results[2].won, results[2].points) == (1, True, 4)
    standings = {row.user_id: row for row in Standing.objects.filter(game="courtpiece", mode="")}
    assert (standings[ann.pk].wins, standings[carl.pk].wins) == (0, 1)
    def new():
        return [OPENSKILL.rating(25, 25 / 3), OPENSKILL.rating(25, 25 / 3)]

    won, lost = OPENSKILL.rate([new(), new()], ranks=[1, 3])
    as_last = OPENSKILL.rate([new(), new()], ranks=[4, 3])
    assert _mu(carl, "courtpiece") == pytest.approx(won[1].mu)
    assert _mu(bea, "courtpiece") == _mu(dora, "courtpiece") == pytest.approx(lost[0].mu)
    assert _mu(ann, "courtpiece") == pytest.approx(as_last[0][0].mu)
    assert _mu(ann, "courtpiece") < 25 < _mu(carl, "courtpiece")


def test_a_dayous_player_who_left_takes_the_last_place():
    """Ann would have been out first; she left: she is 3rd of 3 and her rating falls."""
    ann, bea, carl = accounts("Ann", "Bea", "Carl")
    room = finish_game([ann, bea, carl], [1, 2, 3], game="dayous", mode="", options={}, left=frozenset({0}))
    assert Result.objects.get(room=room, seat=0).place == 3
    assert not Result.objects.get(room=room, seat=0).won
    assert _mu(ann, "dayous") < 25 < _mu(bea, "dayous")


def test_voiding_a_game_a_player_left_takes_its_loss_out_again():
    ann, bea, carl, dora = accounts("Ann", "Bea", "Carl", "Dora")
    room = finish_game(
        [ann, bea, carl, dora], [1, 3, 1, 3], game="courtpiece", mode="", options={}, winners=[0, 2],
        left=frozenset({0}),
    )
    void_game(room.pk, "Test.")
    assert not Standing.objects.filter(user=ann).exists()
    assert not Rating.objects.filter(user=ann, game="courtpiece", games__gt=0).exists()
