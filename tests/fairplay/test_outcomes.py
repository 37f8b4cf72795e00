"""Every person's seat of every game is recorded once as how it ended: played to the
end, left (a stand-in bot finished it), stalled (their clock ran out three times or
more) or abandoned before the start (they left the waiting room); and their
reliability, the share of their last 50 games that they played to the end, is kept
with the seat they sit down in."""

import pytest
from django.utils import timezone

from accounts.identity import Player
from fairplay import outcomes, waits
from fairplay.models import SeatOutcome, Wait
from leaderboard.models import Result
from rooms.actions import lifecycle, play, seating
from rooms.actions.common import seat_end
from rooms.errors import RoomError
from rooms.models import Room
from tests.fairplay.games import dayous_room, outcomes_of, past_games, play_out, started
from tests.rooms.helpers import ANN, BEA, CARL, fresh

pytestmark = pytest.mark.django_db

FINISHED, LEFT, STALLED, ABANDONED = (str(kind) for kind in SeatOutcome.Kind.values)


def test_a_game_played_to_the_end_records_every_person_as_finished_and_no_bot():
    """Ann and Bea play a Dayous game with a bot to its end: each of them is recorded as
    having played it to the end (the bot is not recorded), and each is 100% reliable."""
    room = play_out(started([ANN, BEA]), [ANN, BEA])
    assert outcomes_of(room) == {"Ann": FINISHED, "Bea": FINISHED}
    assert outcomes.reliability(ANN.key) == outcomes.reliability(BEA.key) == 100


def test_a_player_who_leaves_is_recorded_as_left_and_their_game_counts_as_lost():
    """Ann stops playing at once: her turns time out until a stand-in bot plays her seat,
    and she never comes back. She is recorded as having left, her result is the last
    place with no win, and her reliability shows it; Bea played to the end."""
    room = play_out(started([ANN, BEA]), [ANN, BEA], gone={ANN})
    assert outcomes_of(room) == {"Ann": LEFT, "Bea": FINISHED}
    ann = Result.objects.get(room=room, seat=0)
    assert (ann.place, ann.won) == (3, False)
    assert outcomes.reliability(ANN.key) == 0


def test_a_seat_whose_clock_runs_out_again_and_again_is_recorded_as_stalled():
    """Ann lets her clock run out three times in a row (a stand-in bot plays her seat),
    then takes it back with a move and plays on to the end: she stalled, she did not
    leave, and her result is her own place."""
    room = play_out(started([ANN, BEA]), [ANN, BEA], times_out={ANN: 3})
    assert fresh(room).seats.get(index=0).timeouts >= outcomes.STALLED_AFTER_TIMEOUTS
    assert outcomes_of(room) == {"Ann": STALLED, "Bea": FINISHED}
    assert outcomes.reliability(ANN.key) == 0


def test_two_timeouts_in_a_game_are_not_stalling():
    room = play_out(started([ANN, BEA]), [ANN, BEA], times_out={ANN: 2})
    assert outcomes_of(room)["Ann"] == FINISHED


def test_leaving_a_waiting_room_is_abandoned_before_the_start_and_costs_no_reliability():
    """Bea sits down in Ann's waiting room and leaves it: she abandoned it before the
    start, which her reliability does not count (she is still new: none)."""
    room = dayous_room(ANN)
    seating.do_join(room.pk, BEA)
    seating.do_leave(room.pk, BEA)
    assert outcomes_of(room) == {"Bea": ABANDONED}
    assert outcomes.reliability(BEA.key) is None


def test_who_sits_again_and_plays_the_game_to_its_end_finished_it():
    """Bea leaves Ann's waiting room, sits down again, and the game is played to its end:
    one record of her seat, played to the end."""
    room = dayous_room(ANN)
    seating.do_join(room.pk, BEA)
    seating.do_leave(room.pk, BEA)
    seating.do_join(room.pk, BEA)
    seating.do_join(room.pk, CARL)
    room = play_out(fresh(room), [ANN, BEA, CARL])
    assert outcomes_of(room) == {"Ann": FINISHED, "Bea": FINISHED, "Carl": FINISHED}


def test_the_end_of_a_game_is_recorded_once_however_often_it_is_retried():
    """A timeout retried for a version the table has moved past does nothing, and the
    game's seats recorded again change nothing: one record per person, one wait."""
    past_games(ANN, LEFT, LEFT)
    room = play_out(started([ANN, BEA]), [ANN, BEA], gone={ANN})
    assert Wait.objects.filter(person=ANN.key).count() == 1
    assert not play.do_timeout(room.pk, room.version - 1)
    seats = list(fresh(room).seats.all())
    ends = [seat_end(fresh(room), seat) for seat in seats if not seat.is_bot]
    assert [end.outcome for end in ends] == [LEFT, FINISHED]
    outcomes.record_game(room.pk, ends)
    assert SeatOutcome.objects.filter(room=room).count() == 2
    assert Wait.objects.filter(person=ANN.key).count() == 1
    assert Result.objects.filter(room=room).count() == 3


def test_reliability_is_the_share_of_the_last_fifty_games_played_to_the_end():
    """Dora left ten games, then played fifty to the end: the ten are older than her last
    fifty, so she is 100% reliable. She then leaves one, stalls one and abandons a
    waiting room: of her last fifty games she finished 48, 96%."""
    dora = Player(name="Dora", guest_id="dora")
    past_games(dora, *[LEFT] * 10, *[FINISHED] * 50)
    assert outcomes.reliability(dora.key) == 100
    past_games(dora, LEFT, STALLED, ABANDONED)
    assert outcomes.reliability(dora.key) == 96


def test_the_seat_keeps_the_reliability_its_person_had_when_they_sat_down():
    """Bea finished three games of four: her seat in Ann's new room shows 75; Ann, with no
    game yet, shows none; a bot none."""
    past_games(BEA, FINISHED, LEFT, FINISHED, FINISHED)
    room = dayous_room(ANN, players=3)
    seating.do_join(room.pk, BEA)
    seating.do_add_bot(room.pk, ANN, "easy")
    seats = {seat.index: seat.reliability for seat in fresh(room).seats.all()}
    assert seats == {0: None, 1: 75, 2: None}


# ----------------------------------------------------------------- the host's minimum


def test_a_public_rooms_host_may_ask_for_a_minimum_reliability():
    """Ann's public room asks for 80%. Bea (75%) is refused, with both figures; Carl (new,
    no game yet) and Dora (90%) sit down."""
    dora = Player(name="Dora", guest_id="dora")
    past_games(BEA, FINISHED, LEFT, FINISHED, FINISHED)
    past_games(dora, *[FINISHED] * 9, LEFT)
    room = dayous_room(ANN, players=4, min_reliability=80)
    assert fresh(room).min_reliability == 80
    with pytest.raises(RoomError) as refused:
        seating.do_join(room.pk, BEA)
    assert str(refused.value.message) == (
        "This table's host asks for a reliability of 80% or more (the share of games played to the end); "
        "yours is 75%."
    )
    assert not fresh(room).seats.filter(guest_id=BEA.guest_id).exists()
    seating.do_join(room.pk, CARL)
    seating.do_join(room.pk, dora)
    assert fresh(room).seats_taken == 3


def test_a_private_room_asks_no_minimum():
    past_games(BEA, LEFT)
    """A private room's host chose who has its code: the minimum is a public room's."""
    room = lifecycle.do_create_room(ANN, "dayous", {"decks": 1, "clock": 30}, False, "easy", 3, min_reliability=80)
    assert fresh(room).min_reliability is None
    seating.do_join(room.pk, BEA)
    assert fresh(room).seats_taken == 2


def test_a_minimum_outside_one_to_a_hundred_is_refused():
    with pytest.raises(RoomError):
        dayous_room(ANN, min_reliability=101)
    assert not Room.objects.exists()


def test_a_person_under_a_wait_is_refused_every_seat():
    """Ann left three games and waits: she may neither sit down nor create a room."""
    past_games(ANN, LEFT, LEFT, LEFT)
    assert waits.after_leaving(ANN.key, None, "Ann", timezone.now()) is not None
    room = dayous_room(BEA)
    with pytest.raises(RoomError) as refused:
        seating.do_join(room.pk, ANN)
    assert str(refused.value.message).startswith("You left too many games: you can sit down at a table again in ")
    with pytest.raises(RoomError):
        dayous_room(ANN)


def test_the_next_game_asks_the_same_minimum_and_refuses_who_waits():
    """Ann's room asking 80% is played to its end; "Play again" opens the next one asking
    80% too. Bea, who meanwhile waits after leaving games, is refused its seat."""
    room = dayous_room(ANN, players=3, min_reliability=80)
    seating.do_join(room.pk, BEA)
    lifecycle.do_start(room.pk, ANN)
    room = play_out(fresh(room), [ANN, BEA])
    following = lifecycle.do_play_again(room.pk, ANN)
    assert fresh(following).min_reliability == 80
    past_games(BEA, LEFT, LEFT, LEFT)
    waits.after_leaving(BEA.key, None, "Bea", timezone.now())
    with pytest.raises(RoomError):
        lifecycle.do_play_again(room.pk, BEA)
    assert not fresh(following).seats.filter(guest_id=BEA.guest_id).exists()
