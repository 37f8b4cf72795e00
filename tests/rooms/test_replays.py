"""Replays (docs/replays.md): every game that is over, stepped through move by move,
recomputed from its seed and recorded moves; shown from one point of view, a seat or
the spectator, exactly as that point of view saw the table then, and every card at the
end; as public as its room. Named guests: Ann hosts, Bea plays, Zed watches."""

import html
import random
import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from accounts.identity import Player
from games.cardnames import card_name
from games.core import french_deck, spanish_deck
from rooms.actions import lifecycle, play, seating
from rooms.gamerules import rules_for
from rooms.models import MatchAction, Room
from rooms.replays import replay
from tests.rooms.fairness_games import finished_room, play_one, play_until, started_room
from tests.rooms.helpers import ANN, BEA, ZED, client_for, fresh, overdue

pytestmark = pytest.mark.django_db

DECKS = {"disunyer": spanish_deck(), "dayous": french_deck(jokers=True), "courtpiece": french_deck()}
# Each game's cards by name ("Ace of coins", "10 of hearts", "red joker"), and one
# pattern that finds any of them in a page.
NAMES = {
    game: {card_name(card, replay.spanish_cards(game)): card for card in deck} for game, deck in DECKS.items()
}
NAMED = {game: re.compile(r"\b(" + "|".join(map(re.escape, names)) + r")\b") for game, names in NAMES.items()}


def replay_page(room: Room, person=ZED, htmx: bool = False, client: Client | None = None, **params):
    headers = {"HX-Request": "true"} if htmx else {}
    client = client or client_for(person)
    return client.get(reverse("rooms:replay", kwargs={"code": room.code}), params, headers=headers)


def cards_in(value, deck: set[str]) -> set[str]:
    """Every card anywhere in an engine's view: hands, table, log, last trick…"""
    if isinstance(value, str):
        return {value} & deck
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return set().union(set(), *(cards_in(item, deck) for item in value))
    return set()


def cards_on(page: str, game: str) -> set[str]:
    """The cards a page shows or names: drawn faces, and card names in its text or labels."""
    text = html.unescape(page)
    drawn = set(re.findall(r'data-card="([^"]+)"', text))
    return drawn | {NAMES[game][name] for name in NAMED[game].findall(text)}


def hidden_court_piece(people=(ANN,), is_public=True) -> Room:
    """A Court Piece game of the Hidden variant (the caller's trump card lies face down)."""
    options = {"game": "hidden", "bet": 25}
    room = lifecycle.do_create_room(people[0], "courtpiece", options, is_public, "easy")
    for person in people[1:]:
        seating.do_join(room.pk, person)
    lifecycle.do_start(room.pk, people[0])
    return fresh(room)


# ------------------------------------------------------------ the steps themselves


def test_every_step_is_the_game_as_it_stood_after_that_many_moves():
    """Played through the actions (Ann's moves, her timeouts, the bots', the forced
    ones), the replay at step k is exactly the state the game was stored in once it had
    k moves; the last step is the final state, and says so."""
    room = started_room("dayous", people=(ANN,))
    rng = random.Random(3)
    stored = {room.match.moves: room.match.state}
    while room.status == Room.Status.PLAYING:
        if 0 in rules_for("dayous").engine.to_act(room.match.state) and rng.random() < 0.2:
            overdue(room)
            play.do_timeout(room.pk, room.version)
        else:
            play_one(room, (ANN,), rng)
        room = fresh(room)
        stored[room.match.moves] = room.match.state
    sources = set(room.match.actions.values_list("source", flat=True))
    assert sources >= {MatchAction.Source.PLAYER, MatchAction.Source.BOT, MatchAction.Source.TIMEOUT}
    for moves, state in stored.items():
        step = replay.step(room, room.match, 2, moves)
        assert replay.same_state(step.state, state), f"step {moves}"
    last = replay.step(room, room.match, 2, room.match.moves)
    assert last.is_last and last.ends_as_played is True


def test_a_replay_is_computed_from_the_recorded_moves_not_kept_from_the_game():
    """Change the first recorded move to another legal one and the replay follows the
    record: step 1 shows the other move, and the game no longer replays to the end as
    it was played (a later move is refused, or it ends elsewhere)."""
    room = finished_room("disunyer")
    first = room.match.actions.get(number=1)
    engine = rules_for("disunyer").engine
    start = engine.start(8, room.options, seed=room.match.seed)
    other = next(action for action in engine.legal_actions(start, first.seat) if action != first.action)
    MatchAction.objects.filter(pk=first.pk).update(action=other)

    assert replay.step(room, room.match, 8, 1).state == engine.apply(start, first.seat, other)[0]
    try:
        last = replay.step(room, room.match, 8, room.match.moves)
    except replay.ReplayBroken as broken:
        assert broken.number > 1
    else:
        assert last.ends_as_played is False


def test_the_deal_is_step_zero_and_each_step_says_what_its_move_did():
    """Step 0 is the deal, before any move; step k names move k of the game and tells
    what it did, as the table's log does; a timeout and a single choice are marked."""
    room = finished_room("disunyer")
    page = replay_page(room).content.decode()
    assert "The deal" in page and f"{room.match.moves} moves to come" in page
    assert 'data-step="0"' in page

    action = room.match.actions.get(number=1)
    page = replay_page(room, step=1).content.decode()
    assert 'Move <b data-testid="step-number">1</b> of' in page
    name = room.seats.get(index=action.seat).name
    assert re.search(rf'<span class="replay-line"><b>{re.escape(name)}</b>', page)


# -------------------------------------------------------------- points of view


def _views_seen(room: Room, steps, pov_values) -> None:
    """At each of ``steps`` before the last, from each point of view: the page holds no
    card outside the engine's view for it then, and shows its own hand."""
    engine = rules_for(room.game).engine
    seat_count = room.seats.count()
    deck = set(DECKS[room.game])
    client = client_for(ZED)
    for number in steps:
        assert number < room.match.moves
        state = replay.step(room, room.match, seat_count, number).state
        for value in pov_values:
            seat = None if value == replay.SPECTATOR else int(value)
            view = engine.view(state, seat)
            page = replay_page(room, client=client, step=number, seat=value).content.decode()
            shown = cards_on(page, room.game)
            assert shown <= cards_in(view, deck), f"step {number}, seat {value}: {shown - cards_in(view, deck)}"
            assert set(replay.hand(room.game, state, seat)) <= shown
            assert 'data-testid="every-card"' not in page


@pytest.mark.parametrize("game", ["disunyer", "dayous"])
def test_until_the_last_step_each_point_of_view_sees_only_what_it_saw_then(game):
    """From every seat and from the spectator's chair, at steps all through the game,
    the replay page shows only cards the engine's view of that step lets that point of
    view see (its own hand among them), and none of the every-card panel."""
    room = finished_room(game)
    seat_count = room.seats.count()
    moves = room.match.moves
    steps = range(0, moves, max(1, moves // 15))
    _views_seen(room, steps, [replay.SPECTATOR, *map(str, range(seat_count))])


def test_a_court_piece_caller_sees_the_trump_card_face_down_and_the_others_do_not():
    """Hidden: through a round of Court Piece, the caller's replay shows the card they
    laid face down, the other seats' and the spectator's only its back."""
    room = play_until(hidden_court_piece(), lambda room: room.match.moves >= 30)
    lifecycle.do_end_match(room.pk, "Ended for the test.")
    room = fresh(room)
    _views_seen(room, range(0, 30, 2), [replay.SPECTATOR, "0", "1", "2", "3"])
    laid = next(step for n in range(30) if (step := replay.step(room, room.match, 4, n)).state["face_down"])
    caller, face_down = laid.state["caller"], laid.state["face_down"]
    for value in [replay.SPECTATOR, "0", "1", "2", "3"]:
        page = replay_page(room, step=laid.number, seat=value).content.decode()
        assert (face_down in cards_on(page, "courtpiece")) == (value == str(caller)), value


def test_at_the_last_step_every_card_is_shown():
    """Staff ended a Court Piece game mid-round: at its last step the page shows every
    hand, whoever's point of view, and says the replay ends exactly as the game did."""
    room = play_until(hidden_court_piece(), lambda room: room.match.moves >= 20)
    lifecycle.do_end_match(room.pk, "Ended for the test.")
    room = fresh(room)
    final = room.match.state
    page = replay_page(room, step=room.match.moves, seat=replay.SPECTATOR).content.decode()
    assert 'data-testid="every-card"' in page
    held = {card for hand in final["hands"] for card in hand}
    assert held and held <= cards_on(page, "courtpiece")
    assert "the game ends exactly as it was played" in page
    assert len(re.findall(r'data-testid="all-hand"', page)) == sum(1 for hand in final["hands"] if hand)


def test_a_player_sees_the_replay_from_their_own_seat_and_anyone_else_as_a_spectator():
    """Unless they choose another, a player's point of view is their own seat; anyone
    else's is the spectator's."""
    room = finished_room("dayous", people=(ANN,))
    ann_seat = room.seats.get(guest_id=ANN.guest_id).index
    assert f'data-seat="{ann_seat}"' in replay_page(room, ANN).content.decode()
    assert 'data-seat=""' in replay_page(room, ZED).content.decode()
    assert 'data-seat="1"' in replay_page(room, ZED, seat="1").content.decode()


# ------------------------------------------------------------------- the page


def test_htmx_gets_the_steps_fragments_and_a_page_load_the_whole_page():
    """Stepping asks for the step with htmx: the answer is the table and the replay's
    info, each to swap by id, with no page around them; a page load gets the page, its
    slider as long as the game."""
    room = finished_room("disunyer")
    fragment = replay_page(room, htmx=True, step=2).content.decode()
    assert "<html" not in fragment and 'id="replay-controls"' not in fragment
    assert re.search(r'<section id="table-public" hx-swap-oob="true"', fragment)
    assert re.search(r'<div id="replay-info" class="replay-info" hx-swap-oob="true" data-step="2"', fragment)
    page = replay_page(room, step=2).content.decode()
    assert "<html" in page and 'id="replay-controls"' in page
    assert f'max="{room.match.moves}" value="2"' in page


@pytest.mark.parametrize(("params", "message"), [
    ({"step": "x"}, "choose a step from 0 to"),
    ({"step": "-1"}, "choose a step from 0 to"),
    ({"step": "100000"}, "choose a step from 0 to"),
    ({"step": "²"}, "choose a step from 0 to"),
    ({"seat": "8"}, "Choose a seat from 0 to 7"),
    ({"seat": "bea"}, "Choose a seat from 0 to 7"),
])
def test_a_step_or_seat_that_is_not_there_is_a_clear_not_found(params, message):
    room = finished_room("disunyer")
    response = replay_page(room, **params)
    assert response.status_code == 404
    assert message in html.unescape(response.content.decode())


# ---------------------------------------------------------------- who may watch


def test_a_public_rooms_replay_is_for_anyone():
    room = finished_room("disunyer")
    assert replay_page(room, ZED).status_code == 200
    assert Client().get(reverse("rooms:replay", kwargs={"code": room.code})).status_code == 200


def test_a_private_rooms_replay_is_for_its_players_only():
    """Its players may watch it; anyone else gets the site's "Not allowed" page, which
    says why and shows nothing of the game."""
    room = finished_room("disunyer", people=(ANN, BEA), is_public=False)
    assert replay_page(room, ANN).status_code == 200
    assert replay_page(room, BEA).status_code == 200
    refused = replay_page(room, ZED)
    assert refused.status_code == 403
    body = html.unescape(refused.content.decode())
    assert 'data-testid="error-page"' in body
    assert "This room is private: only its players can watch its replay." in body
    assert cards_on(body, "disunyer") == set()


def test_a_game_still_being_played_has_no_replay_yet():
    room = started_room("disunyer")
    response = replay_page(room, ANN)
    assert response.status_code == 403
    assert "its replay opens once it is over" in html.unescape(response.content.decode())


def test_a_room_whose_game_never_started_or_no_room_has_no_replay():
    room = lifecycle.do_create_room(ANN, "dayous", {"decks": 1}, True, players=2)
    seating.do_leave(room.pk, ANN)
    assert fresh(room).status == Room.Status.CLOSED
    assert replay_page(room, ANN).status_code == 404
    assert Client().get(reverse("rooms:replay", kwargs={"code": "ZZZZ"})).status_code == 404


def test_a_game_ended_by_staff_has_a_replay():
    room = play_until(started_room("disunyer"), lambda room: room.match.moves >= 3)
    lifecycle.do_end_match(room.pk, "Stuck.")
    room = fresh(room)
    page = replay_page(room, step=room.match.moves).content.decode()
    assert "This game was ended by staff." in page and 'data-testid="every-card"' in page


# ----------------------------------------------------------------------- links


def test_my_games_and_the_profile_link_each_game_to_its_replay():
    """An account's finished game shows in "My games" and on its profile with a link to
    the game's replay."""
    user = get_user_model().objects.create_user("ann_r", password="l-Strong-pass-61")
    player = Player(name=user.username, user_id=user.pk)
    room = finished_room("disunyer", people=(player,))
    client = Client()
    client.force_login(user)
    link = f'href="{reverse("rooms:replay", kwargs={"code": room.code})}"'
    assert link in client.get(reverse("my_games")).content.decode()
    assert link in client.get(reverse("player_profile", kwargs={"username": user.username})).content.decode()
