"""Moderation over the table's sockets: a report sent from a chat line or a seat reaches
staff's queue and the reporter is thanked; a bad one is refused and the socket stays
open. A player staff timed out through the admin has their lines and reactions refused
until the timeout ends; a suspended account's sockets are closed; a viewer whose chat is
off is sent no line and cannot write."""

import json
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from rooms.models import ModerationAction, Report
from tests.rooms.test_chat_sockets import _next_chat, _say, _table_with_two_accounts_and_a_guest
from tests.rooms.test_consumers import _connect, _drain
from tests.rooms.test_friends_sockets import _opened

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("redis_url")]


async def _report(socket, **fields) -> None:
    await socket.send_to(text_data=json.dumps({"kind": "report", **fields}))


async def _toast(socket) -> str:
    while True:
        frame = await _next_chat(socket)
        if 'class="toast"' in frame:
            return frame


def _line_id(frame: str) -> int:
    return int(frame.split('data-chat-line="', 1)[1].split('"', 1)[0])


@database_sync_to_async
def _staff_acts(report: Report, kind: str, reason: str) -> int:
    """Staff take ``kind`` on the report through the admin's action, as a browser posts it."""
    client = Client()
    client.force_login(get_user_model().objects.create_superuser(f"staff{report.pk}", password=None))
    response = client.post(
        reverse("admin:rooms_report_changelist"),
        {"action": kind, "_selected_action": [report.pk], "apply": "1", "reason": reason},
    )
    return response.status_code


@pytest.mark.asyncio
async def test_a_report_from_a_chat_line_reaches_the_queue_and_a_bad_one_is_refused():
    room, keys = await database_sync_to_async(_table_with_two_accounts_and_a_guest)()
    ada, bob, bea = [await _connect(room.code, key) for key in keys[:3]]
    try:
        await _say(bob, "players", text="you all play like bots")
        line = await _next_chat(ada)
        assert 'data-testid="chat-report"' in line and "Report bob" in line
        await _report(ada, line=str(_line_id(line)), reason="abusive_chat", note="rude")
        assert "Thank you: your report about bob has reached the moderators." in await _toast(ada)
        report = await Report.objects.select_related("room").aget()
        assert (report.reporter_name, report.reported_name, report.reason, report.note) == (
            "ada", "bob", "abusive_chat", "rude"
        )
        assert report.room.code == room.code
        assert [line["text"] for line in report.chat] == ["you all play like bots"]

        await _report(ada, seat=1, reason="cheating")
        assert "reported this player at this table already" in await _toast(ada)
        await _report(ada, seat=0, reason="cheating")
        assert "cannot report yourself" in await _toast(ada)
        await _report(ada, seat=1, line=1, reason="other")
        assert "That report is malformed." in await _toast(ada)
        await _report(ada, line=123456, reason="other")
        assert "no longer kept" in await _toast(ada)
        await _report(bea, seat=1, reason="other")
        assert "Sign up to report" in await _toast(bea)
        assert "you all play like bots" in await _next_chat(bob)
        await _say(ada, "players", text="still here")
        assert "still here" in await _next_chat(bob)  # the sockets stayed open
        assert await Report.objects.acount() == 1
    finally:
        for socket in (ada, bob, bea):
            await socket.disconnect()


@pytest.mark.asyncio
async def test_a_timeout_from_the_admin_refuses_lines_and_reactions_until_it_ends(monkeypatch):
    room, keys = await database_sync_to_async(_table_with_two_accounts_and_a_guest)()
    ada, bob = [await _connect(room.code, key) for key in keys[:2]]
    try:
        await _report(ada, seat=1, reason="abusive_chat")
        await _toast(ada)
        report = await Report.objects.aget()
        assert await _staff_acts(report, "timeout_15m", "Insults at the table.") == 302
        await _say(bob, "players", text="what did I do")
        refusal = await _toast(bob)
        assert "You are in a chat timeout for 15 more minutes." in refusal
        await _say(bob, "spectators", phrase="Good game")
        assert "chat timeout" in await _toast(bob)
        await bob.send_to(text_data=json.dumps({"kind": "react", "emoji": "👍"}))
        assert "chat timeout" in await _toast(bob)
        assert not any("what did I do" in frame or 'class="reaction' in frame for frame in await _drain(ada))

        action = await ModerationAction.objects.aget()
        later = action.ends_at + timedelta(seconds=1)
        monkeypatch.setattr(timezone, "now", lambda: later)  # the clock moves past the timeout's end
        await _say(bob, "players", text="back again")
        assert "back again" in await _next_chat(ada)
        await bob.send_to(text_data=json.dumps({"kind": "react", "emoji": "👍"}))
        assert any('class="reaction' in frame for frame in await _drain(ada))
    finally:
        await ada.disconnect()
        await bob.disconnect()


async def _closed_with(socket) -> int:
    while True:
        frame = await socket.receive_output(timeout=5)
        if frame["type"] == "websocket.close":
            return frame["code"]


@pytest.mark.asyncio
async def test_a_suspended_accounts_sockets_are_closed_the_tables_and_the_pages():
    room, keys = await database_sync_to_async(_table_with_two_accounts_and_a_guest)()
    ada, bob = [await _connect(room.code, key) for key in keys[:2]]
    bobs_page = await _opened(keys[1])
    try:
        await _report(ada, seat=1, reason="cheating")
        await _toast(ada)
        assert await _staff_acts(await Report.objects.aget(), "suspend", "A second account.") == 302
        assert await _closed_with(bob) == 4403
        assert await _closed_with(bobs_page) == 4403
        assert not (await get_user_model().objects.aget(username="bob")).is_active
    finally:
        await ada.disconnect()


@pytest.mark.asyncio
async def test_a_viewer_whose_chat_is_off_is_sent_no_line_and_cannot_write():
    room, keys = await database_sync_to_async(_table_with_two_accounts_and_a_guest)()
    await get_user_model().objects.filter(username="ada").aupdate(chat_off=True)
    ada, bob = [await _connect(room.code, key) for key in keys[:2]]
    try:
        await _say(bob, "players", text="anyone there")
        assert "anyone there" in await _next_chat(bob)
        await _say(ada, "players", text="I hear nothing")
        assert "Your chat is off" in await _toast(ada)
        assert not any("chat-players" in frame for frame in await _drain(ada))
        assert not any("I hear nothing" in frame for frame in await _drain(bob))
    finally:
        await ada.disconnect()
        await bob.disconnect()
    late = await _connect(room.code, keys[0])  # the kept lines are not sent either
    try:
        assert not any("anyone there" in frame for frame in await _drain(late))
    finally:
        await late.disconnect()
