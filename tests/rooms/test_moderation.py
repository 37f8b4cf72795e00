"""Reports and what staff do about them: a player reports another from a chat line or a
seat, the report reaches the admin's queue with its room, game and chat lines, and
staff dismiss, warn, time out, ban from chat or suspend, each action kept with who did
it and why. Chat lines never reach a public replay."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.test import Client
from django.urls import reverse
from django.utils import timezone
from django.utils.html import escape

from accounts.identity import Player
from rooms.actions import seating
from rooms.chat import lines, reports, sanctions
from rooms.errors import RoomError
from rooms.models import ChatLine, ModerationAction, Report
from tests.rooms.fairness_games import finished_room, started_room
from tests.rooms.helpers import BEA, ZED, client_for, create
from tests.rooms.test_chat import XSS

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_url")]

PLAYERS, SPECTATORS = ChatLine.Channel.PLAYERS, ChatLine.Channel.SPECTATORS
Kind = ModerationAction.Kind
PASSWORD = "a long pass phrase"


def _account(name: str) -> Player:
    user = get_user_model().objects.create_user(username=name, password=PASSWORD)
    return Player(name=name, user_id=user.id)


@pytest.fixture
def staff():
    staff = get_user_model().objects.create_superuser("Staff", password=None)
    client = Client()
    client.force_login(staff)
    return client


def _table():
    """Ada and Bob playing a game of Disunyer, Bob rude in the players' channel and Zed
    watching in the spectators'."""
    ada, bob = _account("ada"), _account("bob")
    room = started_room("disunyer", people=(ada, bob))
    said = lines.say(room.pk, bob, 1, PLAYERS, "you are <b>hopeless</b>", "")
    lines.say(room.pk, ZED, None, SPECTATORS, "", "Well played")
    return room, ada, bob, said


def _act(staff: Client, report: Report, kind: str, reason: str = "Abuse in chat."):
    return staff.post(
        reverse("admin:rooms_report_changelist"),
        {"action": kind, "_selected_action": [report.pk], "apply": "1", "reason": reason},
    )


def _refusal(room_id, player, seat, channel=PLAYERS, text="", phrase="") -> str:
    with pytest.raises(RoomError) as refused:
        lines.say(room_id, player, seat, channel, text, phrase)
    return str(refused.value.message)


def test_a_report_from_a_chat_line_keeps_the_room_the_game_and_both_channels_last_lines():
    room, ada, bob, said = _table()
    report = reports.report(ada, room.pk, "abusive_chat", "  keeps   insulting  ", said.id, None)
    assert (report.reporter_id, report.reporter_name) == (ada.user_id, "ada")
    assert (report.reported, report.reported_user_id, report.reported_name) == (bob.key, bob.user_id, "bob")
    assert (report.room_id, report.match.room_id, report.reason, report.note) == (
        room.pk, room.pk, "abusive_chat", "keeps insulting"
    )
    assert [(line["channel"], line["name"], line["text"] or line["phrase"]) for line in report.chat] == [
        ("players", "bob", "you are <b>hopeless</b>"), ("spectators", "Zed", "Well played")
    ]
    assert report.status == Report.Status.OPEN
    assert str(reports.sent(report)) == "Thank you: your report about bob has reached the moderators."


def test_a_report_from_a_seat_names_whoever_sits_there_guest_or_account():
    ada = _account("ada")
    room = create(ada)
    seating.do_join(room.pk, BEA)
    report = reports.report(ada, room.pk, "offensive_name", "", None, 1)
    assert (report.reported, report.reported_name, report.reported_user_id, report.match) == (
        BEA.key, "Bea", None, None
    )


@pytest.mark.parametrize(
    ("who", "reason", "note", "target", "refusal"),
    [
        ("guest", "other", "", {"seat": 0}, "Sign up to report"),
        ("ada", "other", "", {"seat": 0}, "cannot report yourself"),
        ("ada", "other", "", {"seat": 2}, "Nobody to report"),  # a bot
        ("ada", "other", "", {"seat": 9}, "Nobody to report"),
        ("ada", "other", "", {"line": 999999}, "no longer kept"),
        ("ada", "rudeness", "", {"seat": 1}, "Choose a reason"),
        ("ada", "other", "x" * 301, {"seat": 1}, "at most 300"),
        ("ada", "other", "bell\x07", {"seat": 1}, "cannot show"),
    ],
)
def test_a_report_that_cannot_be_made_is_refused_and_nothing_is_kept(who, reason, note, target, refusal):
    room, ada, _bob, _said = _table()
    reporter = ada if who == "ada" else BEA
    with pytest.raises(RoomError) as refused:
        reports.report(reporter, room.pk, reason, note, target.get("line"), target.get("seat"))
    assert refusal in str(refused.value.message)
    assert not Report.objects.exists()


def test_one_open_report_per_player_and_table_and_a_few_reports_an_hour():
    room, ada, bob, said = _table()
    reports.report(ada, room.pk, "abusive_chat", "", said.id, None)
    with pytest.raises(RoomError, match="already"):
        reports.report(ada, room.pk, "cheating", "", None, 1)
    others = [finished_room("disunyer", people=(_account(f"p{number}"),)) for number in range(5)]
    for other in others[: reports.RATE_COUNT - 1]:
        reports.report(ada, other.pk, "other", "", None, 0)
    with pytest.raises(RoomError, match="many reports"):
        reports.report(ada, others[-1].pk, "other", "", None, 0)
    assert Report.objects.filter(reporter_id=ada.user_id).count() == reports.RATE_COUNT


def test_the_queue_shows_open_reports_first_with_the_room_game_and_chat_and_the_note_escaped(staff):
    room, ada, bob, said = _table()
    closed = reports.report(ada, room.pk, "other", "", None, 1)
    closed.status = Report.Status.CLOSED
    closed.save()
    carl = _account("carl")
    opened = reports.report(carl, room.pk, "abusive_chat", "<script>alert(1)</script>", said.id, None)
    queue = staff.get(reverse("admin:rooms_report_changelist")).content.decode()
    assert queue.index(f"/admin/rooms/report/{opened.pk}/") < queue.index(f"/admin/rooms/report/{closed.pk}/")
    page = staff.get(reverse("admin:rooms_report_change", args=[opened.pk])).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>alert(1)" not in page
    assert "you are &lt;b&gt;hopeless&lt;/b&gt;" in page and "Well played" in page
    assert room.code in page and 'name="note"' not in page
    assert staff.get(reverse("admin:rooms_report_changelist"), {"q": "bob", "status__exact": "open"}).status_code == 200


def test_a_15_minute_timeout_from_the_admin_refuses_the_players_lines_until_it_ends(staff):
    room, ada, bob, said = _table()
    report = reports.report(ada, room.pk, "abusive_chat", "", said.id, None)
    asked = _act(staff, report, Kind.TIMEOUT_SHORT, reason="")
    assert asked.status_code == 200 and "This field is required" in asked.content.decode()
    assert _act(staff, report, Kind.TIMEOUT_SHORT).status_code == 302
    action = ModerationAction.objects.get()
    assert (action.kind, action.person, action.reason, action.staff.username, action.report) == (
        "timeout_15m", bob.key, "Abuse in chat.", "Staff", report
    )
    assert timedelta(minutes=14) < action.ends_at - timezone.now() <= timedelta(minutes=15)
    report.refresh_from_db()
    assert report.status == Report.Status.CLOSED
    refusal = _refusal(room.pk, bob, 1, text="sorry")
    assert "You are in a chat timeout for 15 more minutes." in refusal
    ModerationAction.objects.filter(pk=action.pk).update(ends_at=timezone.now() + timedelta(hours=23, minutes=1))
    assert "You are in a chat timeout for 24 more hours." in _refusal(room.pk, bob, 1, text="sorry")
    assert "chat timeout" in _refusal(room.pk, bob, 1, phrase="Good game")
    assert lines.say(room.pk, ada, 0, PLAYERS, "thanks", "").text == "thanks"  # others chat on
    ModerationAction.objects.filter(pk=action.pk).update(ends_at=timezone.now() - timedelta(seconds=1))
    assert lines.say(room.pk, bob, 1, PLAYERS, "sorry", "").text == "sorry"


def test_a_chat_ban_refuses_every_line_and_a_closed_report_takes_no_second_action(staff):
    room, ada, bob, said = _table()
    report = reports.report(ada, room.pk, "abusive_chat", "", said.id, None)
    _act(staff, report, Kind.CHAT_BAN)
    assert "Chat is closed to you" in _refusal(room.pk, bob, 1, text="let me talk")
    assert ModerationAction.objects.get().ends_at is None
    with pytest.raises(sanctions.ModerationError):
        sanctions.act(report.pk, Kind.DISMISS, "changed my mind", None)
    assert ModerationAction.objects.count() == 1


def test_a_warning_shows_once_on_the_players_next_page(staff):
    room, ada, bob, said = _table()
    report = reports.report(ada, room.pk, "abusive_chat", "", said.id, None)
    _act(staff, report, Kind.WARN, reason="Mind your <b>words</b>.")
    browser = Client()
    browser.force_login(get_user_model().objects.get(pk=bob.user_id))
    first = browser.get(reverse("accounts:me")).content.decode()
    assert "A warning from the moderators: Mind your &lt;b&gt;words&lt;/b&gt;." in first
    assert "A warning from the moderators" not in browser.get(reverse("accounts:me")).content.decode()
    assert lines.say(room.pk, bob, 1, PLAYERS, "ok", "").text == "ok"  # a warning closes no chat


def test_suspending_deactivates_the_account_ends_its_sessions_and_it_cannot_sign_in(staff):
    room, ada, bob, said = _table()
    user = get_user_model().objects.get(pk=bob.user_id)
    browser = Client()
    browser.force_login(user)
    assert browser.get(reverse("accounts:me")).context["user"].is_authenticated
    report = reports.report(ada, room.pk, "cheating", "", None, 1)
    _act(staff, report, Kind.SUSPEND, reason="Teaming up with a second account.")
    user.refresh_from_db()
    assert not user.is_active
    assert not browser.get(reverse("accounts:me")).context["user"].is_authenticated
    signing_in = Client().post(reverse("accounts:login"), {"username": "bob", "password": PASSWORD})
    assert signing_in.status_code == 200 and not signing_in.context["user"].is_authenticated
    assert ModerationAction.objects.get().kind == Kind.SUSPEND


def test_a_guest_is_timed_out_by_their_guest_key_but_has_no_account_to_warn(staff):
    ada = _account("ada")
    room = create(ada)
    seating.do_join(room.pk, BEA)
    report = reports.report(ada, room.pk, "abusive_chat", "", None, 1)
    _act(staff, report, Kind.WARN)
    assert not ModerationAction.objects.exists() and Report.objects.get().status == Report.Status.OPEN
    _act(staff, report, Kind.TIMEOUT_LONG)
    assert "chat timeout" in _refusal(room.pk, BEA, 1, phrase="Good game")


def test_dismissing_closes_the_report_and_keeps_the_record(staff):
    room, ada, bob, said = _table()
    report = reports.report(ada, room.pk, "other", "", None, 1)
    _act(staff, report, Kind.DISMISS, reason="Nothing wrong.")
    assert Report.objects.get().status == Report.Status.CLOSED
    log = staff.get(reverse("admin:rooms_moderationaction_changelist")).content.decode()
    assert "Nothing wrong." in log and "Dismiss" in log
    assert lines.say(room.pk, bob, 1, PLAYERS, "fine", "").text == "fine"
    # Reported again, at the same table, once the first report is closed.
    assert reports.report(ada, room.pk, "other", "", None, 1).status == Report.Status.OPEN


def test_chat_lines_never_reach_a_public_replay():
    ada, bob = _account("ada"), _account("bob")
    room = finished_room("disunyer", people=(ada, bob))
    lines.say(room.pk, ada, 0, PLAYERS, "a secret table line", "")
    lines.say(room.pk, _account("watcher"), None, SPECTATORS, "a spectator line", "")
    page = client_for(ZED).get(reverse("rooms:replay", kwargs={"code": room.code}))
    assert page.status_code == 200
    shown = page.content.decode()
    assert "a secret table line" not in shown and "a spectator line" not in shown


def test_with_chat_off_the_room_page_has_no_chat_drawer():
    ada = _account("ada")
    room = create(ada)
    lines.say(room.pk, ada, 0, PLAYERS, "hello-from-ada", "")
    user = get_user_model().objects.get(pk=ada.user_id)
    browser = Client()
    browser.force_login(user)
    page = browser.get(reverse("rooms:room", kwargs={"code": room.code})).content.decode()
    assert 'data-testid="chat"' in page and "hello-from-ada" in page
    user.chat_off = True
    user.save(update_fields=["chat_off"])
    page = browser.get(reverse("rooms:room", kwargs={"code": room.code})).content.decode()
    assert 'data-testid="chat"' not in page and 'data-testid="chat-toggle"' not in page and "hello-from-ada" not in page


@pytest.mark.parametrize("text", XSS)
def test_a_reports_note_and_chat_lines_show_in_the_admin_as_text_never_as_markup(staff, text):
    ada, bob = _account("ada"), _account("bob")
    room = create(ada)
    seating.do_join(room.pk, bob)
    said = lines.say(room.pk, bob, 1, PLAYERS, text, "")
    report = reports.report(ada, room.pk, "abusive_chat", text, said.id, None)
    page = staff.get(reverse("admin:rooms_report_change", args=[report.pk])).content.decode()
    assert page.count(escape(text)) >= 2  # the note, and the line in the chat's copy
    for markup in ("<script>alert", "<img src=x", "<svg onload", '<a href="https://evil'):
        assert markup not in page


def test_staff_who_may_only_read_reports_take_no_action():
    room, ada, bob, said = _table()
    report = reports.report(ada, room.pk, "abusive_chat", "", said.id, None)
    reader = get_user_model().objects.create_user("Reader", password=None, is_staff=True)
    reader.user_permissions.add(Permission.objects.get(codename="view_report"))
    client = Client()
    client.force_login(reader)
    assert client.get(reverse("admin:rooms_report_change", args=[report.pk])).status_code == 200
    _act(client, report, Kind.CHAT_BAN)
    assert not ModerationAction.objects.exists() and Report.objects.get().status == Report.Status.OPEN
    assert lines.say(room.pk, bob, 1, PLAYERS, "still talking", "").text == "still talking"
