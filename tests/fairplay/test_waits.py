"""People who leave games again and again wait before they sit down again: 10 minutes
at first, then 1 hour, 4 hours, 24 hours and 48 hours at most, each step taken when the
wait comes less than 24 hours after the previous one ended. Staff lift a wait in the
admin, which keeps who lifted it."""

from datetime import timedelta

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import Permission
from django.urls import reverse
from django.utils import timezone, translation

from accounts.identity import Player
from accounts.models import User
from fairplay import outcomes, waits
from fairplay.models import SeatOutcome, Wait
from rooms.actions import seating
from rooms.errors import RoomError
from tests.fairplay.games import dayous_room, past_games, play_out, started
from tests.rooms.helpers import ANN, BEA, CARL, fresh

pytestmark = pytest.mark.django_db

LEFT, FINISHED = str(SeatOutcome.Kind.LEFT), str(SeatOutcome.Kind.FINISHED)


def _leaves(at, count: int = 1) -> Wait | None:
    """Ann leaves ``count`` more games; the wait the last one gives her at ``at``, if any."""
    past_games(ANN, *[LEFT] * count)
    return waits.after_leaving(ANN.key, None, "Ann", at)


def test_a_player_who_leaves_three_games_waits_before_the_next_and_their_reliability_shows_it():
    """Ann leaves three games (a stand-in bot finishes each): after the third she waits
    ten minutes, and Bea's next room refuses her with the time left. Her reliability is
    0%, and Bea's, who played each to the end, 100%."""
    for game in range(3):
        assert waits.current(ANN.key) is None
        play_out(started([ANN, BEA]), [ANN, BEA], gone={ANN}, seed=game)
    wait = waits.current(ANN.key)
    assert wait is not None and wait.step == 0
    assert timedelta(minutes=9) < wait.ends_at - timezone.now() <= timedelta(minutes=10)
    room = dayous_room(BEA)
    with pytest.raises(RoomError) as refused:
        seating.do_join(room.pk, ANN)
    assert str(refused.value.message) == "You left too many games: you can sit down at a table again in 10\xa0minutes."
    assert outcomes.reliability(ANN.key) == 0 and outcomes.reliability(BEA.key) == 100


def test_two_leaves_in_the_last_ten_games_give_no_wait():
    past_games(ANN, LEFT, LEFT, *[FINISHED] * 7)
    assert _leaves(timezone.now()) is not None  # the third of her last ten
    Wait.objects.all().delete()
    past_games(ANN, *[FINISHED] * 10)
    assert _leaves(timezone.now()) is None  # one of her last ten
    assert _leaves(timezone.now()) is None  # two


def test_waits_escalate_while_the_leaves_come_within_a_day_of_the_last_wait_and_stop_at_48_hours():
    """Each wait comes an hour after the previous one ended: 10 minutes, 1 hour, 4 hours,
    24 hours, then 48 hours and 48 hours again."""
    now = timezone.now() - timedelta(days=30)
    steps = []
    wait = _leaves(now, count=3)
    for _ in range(6):
        assert wait is not None
        steps.append(wait.ends_at - wait.starts_at)
        now = wait.ends_at + timedelta(hours=1)
        wait = _leaves(now)
    hours = [step / timedelta(hours=1) for step in steps]
    assert hours == [1 / 6, 1, 4, 24, 48, 48]


def test_a_wait_more_than_a_day_after_the_last_one_ended_starts_again_at_ten_minutes():
    now = timezone.now() - timedelta(days=10)
    first = _leaves(now, count=3)
    second = _leaves(first.ends_at + timedelta(minutes=5))
    assert second.step == 1
    third = _leaves(second.ends_at + timedelta(hours=25))
    assert (third.step, third.ends_at - third.starts_at) == (0, timedelta(minutes=10))


def test_no_second_wait_while_one_is_in_effect():
    now = timezone.now()
    assert _leaves(now, count=3) is not None
    assert _leaves(now + timedelta(minutes=1)) is None
    assert Wait.objects.count() == 1


def test_the_refusal_says_the_time_left_naturally_in_the_readers_language():
    """A wait with 3 hours, 20 minutes and 30 seconds left is said "3 hours, 21 minutes", in English and in Persian
    (Django's own words for the hours and minutes), and never as "0 minutes" at its end."""
    now = timezone.now()
    ends_at = now + timedelta(hours=3, minutes=20, seconds=30)
    Wait.objects.create(person=ANN.key, name="Ann", step=2, starts_at=now, ends_at=ends_at)
    refusal = waits.refusal(ANN.key)
    with translation.override("en"):
        assert str(refusal).endswith("again in 3\xa0hours, 21\xa0minutes.")
    with translation.override("fa"):
        assert "۳" in str(refusal) or "3" in str(refusal)
        assert "ساعت" in str(refusal) and "دقیقه" in str(refusal)
    Wait.objects.update(ends_at=now + timedelta(seconds=20))
    assert str(waits.refusal(ANN.key)).endswith("again in 1\xa0minute.")


def test_a_wait_ends_by_itself():
    now = timezone.now()
    ago = now - timedelta(minutes=11)
    Wait.objects.create(person=ANN.key, name="Ann", step=0, starts_at=ago, ends_at=now - timedelta(minutes=1))
    assert waits.refusal(ANN.key) is None
    seating.do_join(dayous_room(BEA).pk, ANN)


def test_staff_lift_a_wait_in_the_admin_and_the_admin_keeps_who_did(client):
    """Staff select Ann's wait in the admin and lift it: it is marked lifted, by whom and
    when, the admin's log says so, and Ann sits down at once. Lifting it again does
    nothing."""
    now = timezone.now()
    wait = Wait.objects.create(person=ANN.key, name="Ann", step=1, starts_at=now, ends_at=now + timedelta(hours=1))
    staff = User.objects.create_superuser(username="sam", password=None, email="sam@example.org")
    client.force_login(staff)
    page = client.get(reverse("admin:fairplay_wait_changelist"))
    assert page.status_code == 200 and "Ann" in page.content.decode()
    changelist = reverse("admin:fairplay_wait_changelist")
    answer = client.post(changelist, {"action": "lift_waits", "_selected_action": [wait.pk]}, follow=True)
    assert "1 wait lifted." in answer.content.decode()
    wait.refresh_from_db()
    assert wait.lifted_by == staff and wait.lifted_at is not None
    entry = LogEntry.objects.get(object_id=str(wait.pk))
    assert (entry.user, entry.change_message) == (staff, "Lifted the wait.")
    room = dayous_room(BEA)
    seating.do_join(room.pk, ANN)
    assert fresh(room).seats.filter(guest_id=ANN.guest_id).exists()
    answer = client.post(changelist, {"action": "lift_waits", "_selected_action": [wait.pk]}, follow=True)
    assert "0 waits lifted." in answer.content.decode()
    assert LogEntry.objects.count() == 1
    assert client.get(reverse("admin:fairplay_seatoutcome_changelist")).status_code == 200


def test_only_staff_who_may_change_waits_lift_them(client):
    now = timezone.now()
    wait = Wait.objects.create(person=CARL.key, name="Carl", step=0, starts_at=now, ends_at=now + timedelta(hours=1))
    viewer = User.objects.create_user(username="vic", password=None, is_staff=True)
    viewer.user_permissions.add(*Permission.objects.filter(codename="view_wait"))
    client.force_login(viewer)
    changelist = reverse("admin:fairplay_wait_changelist")
    assert client.get(changelist).status_code == 200
    client.post(changelist, {"action": "lift_waits", "_selected_action": [wait.pk]})
    wait.refresh_from_db()
    assert wait.lifted_at is None


def test_a_guest_who_signs_up_keeps_their_wait_and_their_games(client):
    """Gil, a guest, left three games and waits; he signs up as an account: the account
    waits as he did, and its reliability counts his games as a guest."""
    client.get(reverse("rooms:lobby"))  # the session's guest is made
    gil = Player(name="Gil", guest_id=client.session["guest_id"])
    past_games(gil, FINISHED, LEFT, LEFT, LEFT)
    assert waits.after_leaving(gil.key, None, "Gil", timezone.now()) is not None
    password = "l-Strong-pass-61"
    client.post(reverse("accounts:signup"), {"username": "gil", "password1": password, "password2": password})
    account = User.objects.get(username="gil")
    as_account = Player(name="gil", user_id=account.pk)
    assert waits.current(gil.key) is None and waits.current(as_account.key) is not None
    assert outcomes.reliability(as_account.key) == 25
    with pytest.raises(RoomError):
        seating.do_join(dayous_room(BEA).pk, as_account)
