"""The tutorial's pages: the real table and the coach, moves posted and answered with
fragments, a wrong move explained with the table unchanged, the practice game one tap
from the end; and a tutorial reaches no lobby, board or rating."""

import json

import pytest
from django.test import Client

from leaderboard.models import Rating, Result, Standing
from rooms.models import Match, Room
from rooms.tutorials import runner
from tests.rooms.helpers import create

pytestmark = pytest.mark.django_db(transaction=True)
HTMX = {"HTTP_HX_REQUEST": "true"}


def _move(client, action, version):
    return client.post("/learn/disunyer/move/", {"action": json.dumps(action), "version": version}, **HTMX)


def _place(client):
    return client.session[runner.PLACE_KEY]


def test_the_page_shows_the_games_own_table_and_the_first_step():
    client = Client()
    page = client.get("/learn/disunyer/").content.decode()
    assert 'id="table-public"' in page and 'id="table-private"' in page
    assert 'data-testid="your-move"' in page and 'data-action="pass"' in page
    assert 'data-testid="coach"' in page and "A 3 is low: pass it." in page
    assert 'ws-connect' not in page  # no socket: the moves are posted


def test_a_game_without_a_tutorial_has_no_page():
    assert Client().get("/learn/nosuchgame/").status_code == 404


def test_a_wrong_move_answers_the_coach_alone_with_its_explanation():
    client = Client()
    client.get("/learn/disunyer/")
    before = _place(client)
    answer = _move(client, {"type": "keep"}, before["version"]).content.decode()
    assert 'data-testid="coach-wrong"' in answer and "A 3 is one of the lowest cards" in answer
    assert "table-private" not in answer  # the table stays as it was
    assert _place(client) == before


def test_the_right_move_answers_the_table_and_the_next_step():
    client = Client()
    client.get("/learn/disunyer/")
    answer = _move(client, {"type": "pass"}, _place(client)["version"]).content.decode()
    assert 'id="table-public" hx-swap-oob="true"' in answer and 'id="table-private" hx-swap-oob="true"' in answer
    assert "you hold a Knight" in answer and 'data-testid="coach-wrong"' not in answer
    assert (_place(client)["lesson"], _place(client)["step"]) == (0, 1)
    # Loaded again, the page is where the learner left it.
    assert "you hold a Knight" in client.get("/learn/disunyer/").content.decode()


def test_a_malformed_move_is_refused_with_a_clear_error():
    client = Client()
    client.get("/learn/disunyer/")
    before = _place(client)
    answer = client.post("/learn/disunyer/move/", {"action": "{not json", "version": before["version"]}, **HTMX)
    assert "That move is malformed." in answer.content.decode()
    assert client.post("/learn/disunyer/move/", {"action": "{}", "version": "x"}, **HTMX).status_code == 200
    assert _place(client) == before
    assert client.get("/learn/disunyer/move/").status_code == 405


def _finish(client):
    client.get("/learn/disunyer/")
    while not (place := _place(client))["finished"]:
        step = runner.step_of(place)
        if step.moves is None:
            client.post("/learn/disunyer/continue/", {"version": place["version"]}, **HTMX)
        else:
            legal = runner.engine_of(place).legal_actions(place["state"], runner.lesson_of(place).seat)
            _move(client, step.moves[0] if step.moves else legal[0], place["version"])


def test_a_finished_tutorial_offers_a_practice_game_against_bots():
    client = Client()
    _finish(client)
    page = client.get("/learn/disunyer/").content.decode()
    assert 'data-testid="practice"' in page
    answer = client.post("/learn/disunyer/practice/")
    room = Room.objects.get()
    assert answer.status_code == 302 and answer.url == f"/rooms/{room.code}/"
    assert room.status == Room.Status.PLAYING and not room.is_public
    seats = list(room.seats.order_by("index"))
    assert not seats[0].is_bot and all(seat.is_bot for seat in seats[1:])
    assert room.options == {"mode": "standard"}


def test_a_tutorial_reaches_no_lobby_board_or_rating():
    client = Client()
    _finish(client)
    assert not Room.objects.exists() and not Match.objects.exists()
    assert not Result.objects.exists() and not Standing.objects.exists() and not Rating.objects.exists()
    assert "/learn/" not in Client().get("/rooms/").content.decode()


def test_the_rules_page_and_the_room_page_link_to_the_tutorial():
    client = Client()
    assert 'href="/learn/disunyer/"' in client.get("/rules/disunyer/").content.decode()
    room = create()
    assert 'href="/learn/disunyer/"' in client.get(f"/rooms/{room.code}/").content.decode()
