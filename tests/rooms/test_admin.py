"""The admin shows what the site keeps about rooms and games, and changes it only
through the one service path: staff can end a stuck game, never edit or delete one."""

import pytest
from django.urls import reverse

from rooms.models import Match, MatchAction, Room, Seat
from tests.rooms.helpers import fresh, playing_room

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("redis_url")]


@pytest.fixture
def staff_client(client, django_user_model):
    client.force_login(django_user_model.objects.create_superuser("Staff", password=None))
    return client


def _url(model, view: str, *args) -> str:
    return reverse(f"admin:rooms_{model._meta.model_name}_{view}", args=args)


def test_a_room_page_shows_status_version_and_options_with_no_field_to_edit(staff_client):
    room = playing_room()
    page = staff_client.get(_url(Room, "change", room.pk))
    assert page.status_code == 200
    html = page.content.decode()
    assert room.code in html
    for field in ("status", "version", "options", "is_public", "host_seat"):
        assert f'name="{field}"' not in html
    assert 'name="_save"' not in html


def test_posting_a_room_change_form_changes_nothing(staff_client):
    """A forged POST of the change form is refused and the game is as it was."""
    room = playing_room()
    before = fresh(room)
    response = staff_client.post(
        _url(Room, "change", room.pk),
        {"status": "finished", "version": "1", "options": "{}", "code": room.code, "game": "disunyer"},
    )
    assert response.status_code == 403
    after = fresh(room)
    assert (after.status, after.version, after.options) == (before.status, before.version, before.options)


@pytest.mark.parametrize("model", [Room, Seat, Match, MatchAction])
def test_nothing_the_site_keeps_can_be_added_or_deleted_by_hand(staff_client, model):
    room = playing_room()
    row = {Room: room, Seat: room.seats.first(), Match: room.match, MatchAction: None}[model]
    assert staff_client.get(_url(model, "add")).status_code == 403
    if row is not None:
        assert staff_client.post(_url(model, "delete", row.pk), {"post": "yes"}).status_code == 403
        assert model.objects.filter(pk=row.pk).exists()
    listing = staff_client.get(_url(model, "changelist")).content.decode()
    assert "delete_selected" not in listing


def test_staff_end_a_stuck_game_from_the_match_list(staff_client):
    """End game sits on the match list, as the README says: the game stops and counts for nobody."""
    room = playing_room()
    listing = staff_client.get(_url(Match, "changelist")).content.decode()
    assert 'value="end_game"' in listing
    response = staff_client.post(
        _url(Match, "changelist"), {"action": "end_game", "_selected_action": [room.match.pk]}, follow=True
    )
    assert f"{room.code}: game ended." in response.content.decode()
    ended = fresh(room)
    assert ended.status == Room.Status.CLOSED
    assert ended.match.ended_by_staff == "Ended by staff (Staff)."


def test_ending_a_game_that_is_over_says_so_and_changes_nothing(staff_client):
    room = playing_room()
    staff_client.post(_url(Match, "changelist"), {"action": "end_game", "_selected_action": [room.match.pk]})
    version = fresh(room).version
    response = staff_client.post(
        _url(Match, "changelist"), {"action": "end_game", "_selected_action": [room.match.pk]}, follow=True
    )
    assert "That game is not running." in response.content.decode()
    assert fresh(room).version == version
