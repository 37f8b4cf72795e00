"""Staff void a game's results: every total is left as if the game had never been played."""

import pytest
from django.contrib.admin.models import LogEntry
from django.urls import reverse

from leaderboard.models import DailyStanding, Result, Standing
from leaderboard.services import DAILY_KEY, STANDING_KEY, void_game
from tests.leaderboard.helpers import BOT, Guest, accounts, finish_game
from tests.leaderboard.test_standings import kept

pytestmark = pytest.mark.django_db


def totals() -> tuple[dict, dict]:
    return kept(Standing, STANDING_KEY), kept(DailyStanding, DAILY_KEY)


def test_voiding_a_game_leaves_every_total_as_if_it_had_never_been_played():
    """Ann and Bea play two games; voiding the second brings the standings (all-time and
    daily, every mode, counters too) back to what they were after the first."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea, BOT], [1, 2, 3])
    before = totals()
    second = finish_game([ann, bea], [1, 1], mode="stuck-king")
    assert totals() != before
    assert void_game(second.pk, "Played with a bug") == 2
    assert totals() == before
    assert not Standing.objects.filter(mode="stuck-king").exists()


def test_voiding_marks_every_result_with_the_reason_and_twice_does_nothing_more():
    """The voided game's results stay, marked with the reason; voiding it again changes nothing."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea], [2, 1])
    room = finish_game([ann, Guest("Zoe"), bea, BOT], [1, 2, 3, 4])
    void_game(room.pk, "Collusion")
    after_once = totals()
    assert void_game(room.pk, "Again") == 0
    assert totals() == after_once
    assert set(Result.objects.filter(room=room).values_list("voided", "void_reason")) == {
        (True, "Collusion")
    }


def test_an_accounts_only_game_voided_leaves_no_standing_behind():
    """If the voided game was Ann's only game, she has no standing row left at all."""
    (ann,) = accounts("Ann")
    room = finish_game([ann, BOT], [1, 2])
    void_game(room.pk, "Test table")
    assert not Standing.objects.exists() and not DailyStanding.objects.exists()


def void_by_admin(client, results, reason=None):
    data = {"action": "void_games", "_selected_action": [r.pk for r in results]}
    if reason is not None:
        data |= {"apply": "1", "reason": reason}
    return client.post(
        reverse("admin:leaderboard_result_changelist"), data, follow=reason is not None
    )


def test_staff_void_a_game_from_the_result_admin_with_a_reason(client, django_user_model):
    """The admin action asks for a reason first, then voids the whole game of the selected
    result (every seat), records the reason and logs who did it; running it again only warns."""
    ann, bea = accounts("Ann", "Bea")
    staff = django_user_model.objects.create_superuser("Staff", password=None)
    client.force_login(staff)
    room = finish_game([ann, bea, BOT], [1, 2, 3])
    one_result = Result.objects.filter(room=room, seat=0)
    for page in ("result", "standing", "dailystanding", "recentstanding"):
        assert client.get(reverse(f"admin:leaderboard_{page}_changelist")).status_code == 200

    confirm = void_by_admin(client, one_result)
    assert confirm.status_code == 200 and b"Void these games" in confirm.content
    assert not Result.objects.filter(voided=True).exists()

    done = void_by_admin(client, one_result, reason="Bot misbehaved")
    assert done.status_code == 200
    assert Result.objects.filter(room=room, voided=True).count() == 3
    assert Result.objects.get(room=room, seat=1).void_reason == "Bot misbehaved (voided by Staff)"
    assert not Standing.objects.exists()
    assert LogEntry.objects.filter(user=staff, change_message__contains="Bot misbehaved").exists()

    again = void_by_admin(client, one_result, reason="Twice")
    assert b"already voided" in again.content
    assert Result.objects.get(room=room, seat=1).void_reason == "Bot misbehaved (voided by Staff)"


def test_a_reason_is_required(client, django_user_model):
    """Without a reason the confirmation page comes back and nothing is voided."""
    (ann,) = accounts("Ann")
    client.force_login(django_user_model.objects.create_superuser("Staff", password=None))
    room = finish_game([ann, BOT], [1, 2])
    response = void_by_admin(client, Result.objects.filter(room=room), reason="")
    assert b"This field is required" in response.content
    assert not Result.objects.filter(voided=True).exists()


def test_deleting_a_finished_room_takes_its_game_out_of_the_standings():
    """If staff delete a finished room, its results go and so do their points: the standings
    equal those of the games that remain."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea, BOT], [2, 1, 3])
    before = totals()
    doomed = finish_game([ann, bea], [1, 2], mode="stuck-king")
    doomed.delete()
    assert totals() == before


def test_the_data_migration_builds_the_standings_from_existing_results():
    """Results recorded before standings existed: the migration's rebuild gives the same
    standings as recording them game by game (voided games left out)."""
    import importlib

    from django.apps import apps

    build = importlib.import_module(
        "leaderboard.migrations.0003_standings_from_results"
    ).build_standings
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea, Guest("Zoe")], [1, 1, 3])
    finish_game([bea, ann, BOT], [1, 2, 3], mode="stuck-king")
    void_game(finish_game([ann, bea], [1, 2]).pk, "Test")
    kept_game_by_game = totals()
    Standing.objects.all().delete()
    DailyStanding.objects.all().delete()
    build(apps, None)
    assert totals() == kept_game_by_game


def test_deleting_an_account_leaves_the_other_players_totals_alone():
    """Ann's account is deleted: her results and standings go, Bea's standings stay as they were."""
    ann, bea = accounts("Ann", "Bea")
    finish_game([ann, bea, BOT], [1, 2, 3])
    beas = {key: value for key, value in totals()[0].items() if key[0] == bea.pk}
    ann_id = ann.pk
    ann.delete()
    assert totals()[0] == beas
    assert not Result.objects.filter(user_id=ann_id).exists()
