"""Provably fair deals: the commitment a table shows, the seed and salt shown once the
game is over, and the "Verify this deal" page that replays a game and checks every
draw against its seed (docs/fairness.md). Named guests: Ann hosts, Bea plays, Zed
watches."""

import hashlib
import html as html_text
import json
import random
import re

import pytest
from django.test import Client
from django.urls import reverse

from games import core
from rooms.actions import lifecycle
from rooms.fairness import commitment
from rooms.models import Match, MatchAction, Room
from rooms.store.snapshots import load_snapshot
from rooms.templating import fairness
from tests.rooms.fairness_games import GAMES, ended_by_staff_in_round, finished_room, play_one, started_room
from tests.rooms.helpers import ANN, BEA, ZED, client_for, fresh
from tests.rooms.presenting import seat, snapshot

pytestmark = pytest.mark.django_db

HEX = re.compile(r"^[0-9a-f]+$")


def strip_tags(html: str) -> str:
    return re.sub(r"<[^>]+>", "", html)


def shown_on_the_table(room: Room) -> str:
    """The fairness panel of the (public) room's table, as every viewer gets it."""
    return strip_tags(fairness(load_snapshot(room.pk), for_players=False))


def verify_page(room: Room, person=ANN):
    return client_for(person).get(reverse("rooms:verify", kwargs={"code": room.code}))


def verdict(page) -> str:
    found = re.search(r'data-testid="verdict" data-passed="(\w+)"', page.content.decode())
    assert found is not None, "no verdict on the page"
    return found.group(1)


# ------------------------------------------------------------------ commitment


def test_each_match_has_its_own_secret_salt_and_seed():
    """Every match gets 128 random bits of salt (32 hex digits) and a 128-bit seed,
    different from any other match's."""
    matches = [started_room("disunyer").match for _ in range(3)]
    salts = [match.salt for match in matches]
    seeds = [match.seed for match in matches]
    assert all(len(salt) == 32 and HEX.match(salt) for salt in salts)
    assert all(len(seed) == 32 and HEX.match(seed) for seed in seeds)
    assert len(set(salts)) == 3 and len(set(seeds)) == 3


def test_the_commitment_is_sha256_of_salt_colon_seed():
    """As docs/fairness.md writes it out: SHA-256 of the UTF-8 text ``salt:seed``."""
    assert commitment("0123abcd", "feedbeef") == hashlib.sha256(b"feedbeef:0123abcd").hexdigest()
    assert commitment("0123abcd", "feedbeef") != commitment("0123abcd", "feedbeee")


def test_the_table_shows_the_commitment_from_the_first_deal_and_the_seed_only_at_the_end():
    """From the start the table shows SHA-256(salt:seed) of the match's own seed and salt,
    and neither of them; it never changes during the game; once the game is over the
    seed and salt are shown beside it, with the way to verify the deals."""
    room = started_room("disunyer")
    match = room.match
    promised = commitment(match.seed, match.salt)
    rng = random.Random(1)
    while (room := fresh(room)).status == Room.Status.PLAYING:
        shown = shown_on_the_table(room)
        assert promised in shown
        assert match.seed not in shown and match.salt not in shown
        play_one(room, (ANN,), rng)
    page = fairness(load_snapshot(room.pk), for_players=False)
    text = strip_tags(page)
    assert match.seed in text and match.salt in text and promised in text
    assert reverse("rooms:verify", kwargs={"code": room.code}) in page


def test_a_game_ended_by_staff_shows_its_seed_and_salt():
    """A game staff end is over too: its seed and salt are shown and can be checked."""
    room = started_room("dayous")
    lifecycle.do_end_match(room.pk, "Stuck.")
    room = fresh(room)
    text = shown_on_the_table(room)
    assert room.match.seed in text and room.match.salt in text
    assert verify_page(room).status_code == 200
    assert verdict(verify_page(room)) == "true"


def test_a_waiting_room_shows_no_commitment():
    room = lifecycle.do_create_room(ANN, "disunyer", {"mode": "standard"}, True)
    assert shown_on_the_table(room).strip() == ""


# ------------------------------------------------------------------ the verify page


def over(game: str) -> Room:
    """A whole game; Court Piece's, ended by staff in its second round (a whole one is long)."""
    return ended_by_staff_in_round(game, 2) if game == "courtpiece" else finished_room(game)


@pytest.mark.parametrize("game", GAMES)
def test_the_verify_page_replays_a_game_that_is_over_and_checks_every_draw(game):
    """For a game that is over the page shows its seed, salt and commitment, says it is
    fair, and lists every draw the engine made from the seed with the order it gave
    (each deal's deck as card faces and as text)."""
    room = over(game)
    match = room.match
    page = verify_page(room, ZED)
    assert page.status_code == 200
    html = page.content.decode()
    text = strip_tags(html)
    assert verdict(page) == "true"
    assert match.seed in text and match.salt in text and commitment(match.seed, match.salt) in text
    with core.noting_draws() as draws:
        state = core_replay(room, match)
    assert state == match.state
    assert len(re.findall(r'data-testid="draw"', html)) == len(draws) >= 1
    card_orders = [draw.result for draw in draws if draw.is_shuffle and len(draw.result) >= 40]
    assert card_orders, "a game deals at least one deck"
    for order in card_orders:
        assert f'data-testid="deck-codes">{" ".join(order)}<' in html
    assert f"{MatchAction.objects.filter(match=match).count()} moves" in text


def core_replay(room: Room, match: Match) -> dict:
    """The game replayed from its seed by its engine directly."""
    snapshot = load_snapshot(room.pk)
    assert snapshot is not None
    engine = snapshot.rules.engine
    state = engine.start(room.seats.count(), room.options, seed=match.seed)
    for recorded in MatchAction.objects.filter(match=match).order_by("number"):
        state, _ = engine.apply(state, recorded.seat, recorded.action)
    return state


def test_a_court_piece_game_draws_its_first_caller_then_a_new_deck_every_round():
    """Court Piece: stream 0 draws the first caller (one of 4 seats), then each round
    shuffles a new deck on the next stream; the page names each of them, and the JSON
    record anyone may download lists them with their input and result."""
    room = ended_by_staff_in_round("courtpiece", 3)
    match = room.match
    page = verify_page(room, ZED)
    html = page.content.decode()
    assert verdict(page) == "true"
    assert re.findall(r'data-testid="draw" data-stream="(\d+)"', html) == ["0", "1", "2", "3"]
    first = core.SeededRandom(match.seed, 0).randrange(4)
    assert f"Seat drawn: {room.seats.get(index=first).name}" in html_text.unescape(html)
    assert html.count("Shuffle of a new French deck (52 cards)") == 3
    response = client_for(ZED).get(reverse("rooms:verify_record", kwargs={"code": room.code}))
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="deals-{room.code}.json"'
    record = json.loads(response.content)
    assert (record["game"], record["room"]) == ("courtpiece", room.code)
    assert (record["seed"], record["salt"]) == (match.seed, match.salt)
    assert record["commitment"] == commitment(match.seed, match.salt)
    assert record["draws"][0] == {"stream": 0, "below": 4, "drawn": first}
    for stream, deck in enumerate(record["draws"][1:], start=1):
        assert deck == {"stream": stream, "shuffle": core.french_deck(),
                        "order": core.shuffled(core.french_deck(), match.seed, stream)}


def test_a_tampered_action_fails_the_check_at_that_move():
    """A recorded move that was changed afterwards makes the replay fail: the page says
    the game does not check out and which move the rules refuse."""
    room = finished_room("disunyer")
    recorded = MatchAction.objects.filter(match=room.match).order_by("number").first()
    recorded.action = {"type": "guess", "suit": "o"}
    recorded.save()
    page = verify_page(room)
    assert verdict(page) == "false"
    assert f"stop at move {recorded.number}: the rules refuse it." in strip_tags(page.content.decode())


def test_a_seed_changed_after_the_game_fails_the_check():
    """Another seed than the one the game was dealt from gives other deals: the replay
    does not end where the game ended."""
    room = finished_room("disunyer")
    Match.objects.filter(pk=room.match.pk).update(seed=core.new_seed())
    page = verify_page(room)
    assert verdict(page) == "false"


def test_a_state_changed_after_the_game_fails_the_check():
    """A stored end of the game that the seed and moves do not lead to fails the check."""
    room = finished_room("disunyer")
    state = room.match.state
    state["round"] += 1
    Match.objects.filter(pk=room.match.pk).update(state=state)
    page = verify_page(room)
    assert verdict(page) == "false"
    assert "do not end where the game ended." in strip_tags(page.content.decode())


# ------------------------------------------------------------------ who may see it


def test_a_game_still_being_played_cannot_be_verified_yet():
    """While the game runs its page refuses, with the site's look and the reason, and
    shows no seed."""
    room = started_room("disunyer")
    page = verify_page(room)
    assert page.status_code == 403
    html = page.content.decode()
    assert 'data-testid="error-page"' in html
    assert "This game is still being played: its deals can be checked once it is over." in html
    assert room.match.seed not in html and room.match.salt not in html
    record = client_for(ANN).get(reverse("rooms:verify_record", kwargs={"code": room.code}))
    assert record.status_code == 403


def test_a_room_whose_game_never_started_has_nothing_to_verify():
    room = lifecycle.do_create_room(ANN, "disunyer", {"mode": "standard"}, True)
    page = verify_page(room)
    assert page.status_code == 404
    assert "This room's game never started: it has no deals to check." in html_text.unescape(page.content.decode())


def test_a_private_rooms_deals_are_for_its_players_only():
    """A private room's finished game: Ann and Bea, who played, may check it; Zed, who
    did not, is refused with the site's page."""
    room = finished_room("disunyer", people=(ANN, BEA), is_public=False)
    assert verify_page(room, ANN).status_code == 200
    assert verify_page(room, BEA).status_code == 200
    refused = verify_page(room, ZED)
    assert refused.status_code == 403
    html = refused.content.decode()
    assert "This room is private: only its players can check its deals." in html
    assert room.match.seed not in html
    record = client_for(ZED).get(reverse("rooms:verify_record", kwargs={"code": room.code}))
    assert record.status_code == 403


def test_the_script_is_offered_for_download():
    response = Client().get(reverse("rooms:fairness_script"))
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="fairness_check.py"'
    assert b"def shuffle(items: list, seed: str, stream: int) -> list:" in response.content


def test_a_snapshot_not_taken_from_a_match_shows_no_commitment():
    """A replay's step has no salt: the panel shows nothing rather than a wrong commitment."""
    step = snapshot("disunyer", [seat(0, "Ann"), seat(1, "Bea")], status="finished", state={"seed": "ab" * 16})
    assert fairness(step, for_players=True).strip() == ""
