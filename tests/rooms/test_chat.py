"""The table's chat: who may say what in which channel, the flood rule, the lines each
channel keeps, and partners' silence during a Court Piece hand."""

import html
import json
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.template.loader import render_to_string
from django.utils import timezone

from accounts.identity import Player
from rooms.actions import lifecycle, seating
from rooms.chat import lines, mutes
from rooms.chat.phrases import COMMON
from rooms.errors import RoomError
from rooms.models import ChatLine, Room
from rooms.store.redisclients import sync_client
from tests.rooms.fairness_games import OPTIONS, finished_room, play_until, started_room
from tests.rooms.helpers import ANN, BEA, ZED, create, fresh

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("redis_url")]

PLAYERS, SPECTATORS = ChatLine.Channel.PLAYERS, ChatLine.Channel.SPECTATORS


def _account(name: str) -> Player:
    user = get_user_model().objects.create_user(username=name, password="a long pass phrase")
    return Player(name=name, user_id=user.id)


def _refused(room_id, player, seat, channel, text="", phrase="") -> str:
    with pytest.raises(RoomError) as refused:
        lines.say(room_id, player, seat, channel, text, phrase)
    return str(refused.value.message)


def test_an_account_writes_and_a_guest_sends_a_quick_phrase():
    ada = _account("ada")
    room = create(ada)
    said = lines.say(room.pk, ada, 0, PLAYERS, "  hello\n  everyone ", "")
    assert (said.name, said.text, said.channel) == ("ada", "hello everyone", "players")
    seating.do_join(room.pk, BEA)
    assert lines.say(room.pk, BEA, 1, PLAYERS, "", "Good game").phrase == "Good game"
    assert "sign up" in _refused(room.pk, BEA, 1, PLAYERS, text="hi")
    assert ChatLine.objects.filter(room=room).count() == 2


def test_spectators_write_only_in_their_channel_and_players_in_both():
    ada = _account("ada")
    room = create(ada)
    watcher = _account("watcher")
    assert "spectators" in _refused(room.pk, watcher, None, PLAYERS, text="hello")
    assert lines.say(room.pk, watcher, None, SPECTATORS, "hello", "").channel == "spectators"
    assert lines.say(room.pk, ada, 0, SPECTATORS, "welcome", "").channel == "spectators"
    assert lines.say(room.pk, ZED, None, SPECTATORS, "", "Well played").phrase == "Well played"


@pytest.mark.parametrize("text", ["", "   ", "x" * 141, "bell\x07", "mark\x02ed", "right\u202eleft"])
def test_an_empty_long_or_unprintable_line_is_refused_and_nothing_is_kept(text):
    ada = _account("ada")
    room = create(ada)
    _refused(room.pk, ada, 0, PLAYERS, text=text)
    assert not ChatLine.objects.exists()


def test_a_line_of_140_characters_is_said_and_a_link_stays_text():
    ada = _account("ada")
    room = create(ada)
    assert len(lines.say(room.pk, ada, 0, PLAYERS, "y" * 140, "").text) == 140
    assert lines.say(room.pk, ada, 0, PLAYERS, "see https://example.com", "").text == "see https://example.com"


@pytest.mark.parametrize(("text", "shown"), [
    ("you asshole", "you *******"),
    ("eres un gilipollas", "eres un **********"),
    ("ты сука", "ты ****"),
    ("تو کونی هستی", "تو **** هستی"),
    ("tu chutiya hai", "tu ******* hai"),
    ("ASSHOLE!! and сука", "*******!! and ****"),
])
def test_a_slur_of_any_of_the_sites_languages_is_masked_letter_by_letter(text, shown):
    ada = _account("ada")
    room = create(ada)
    assert lines.say(room.pk, ada, 0, PLAYERS, text, "").text == shown
    assert ChatLine.objects.get().text == shown


@pytest.mark.parametrize("text", [
    "Good game, well played", "Scunthorpe", "class assignment", "oros y copas, sota de bastos", "козырь черви, я пас",
    "هیچ کس نیامد", "حکم دل بود، سوپر بازی کردی", "rung court sar", "اچھا کھیل", "अच्छा खेल, कोर्ट",
])
def test_everyday_words_and_the_games_words_are_never_masked(text):
    ada = _account("ada")
    room = create(ada)
    assert lines.say(room.pk, ada, 0, PLAYERS, text, "").text == text


def test_a_phrase_the_table_does_not_offer_is_refused():
    room = create(ANN)
    assert "quick phrases" in _refused(room.pk, ANN, 0, PLAYERS, phrase="Did somebody say aces?")
    assert "quick phrases" in _refused(room.pk, ANN, 0, PLAYERS, phrase="Good game!")


def test_the_flood_rule_refuses_a_repeat_of_the_last_two_and_a_fifth_line_in_ten_seconds():
    ada = _account("ada")
    room = create(ada)
    for text in ("one", "two"):
        lines.say(room.pk, ada, 0, PLAYERS, text, "")
    assert "just said" in _refused(room.pk, ada, 0, SPECTATORS, text="one")
    for text in ("three", "four"):
        lines.say(room.pk, ada, 0, PLAYERS, text, "")
    assert "4 lines in 10 seconds" in _refused(room.pk, ada, 0, PLAYERS, text="five")
    ChatLine.objects.update(said_at=timezone.now() - timedelta(seconds=11))
    assert lines.say(room.pk, ada, 0, PLAYERS, "five", "").text == "five"
    assert lines.say(room.pk, ada, 0, PLAYERS, "one", "").text == "one"  # no longer among the last two


def test_each_channel_keeps_its_last_fifty_lines_and_redis_has_them_for_sockets():
    ada, watcher = _account("ada"), _account("watcher")
    room = create(ada)
    for number in range(55):
        ChatLine.objects.update(said_at=timezone.now() - timedelta(minutes=1))
        lines.say(room.pk, ada, 0, PLAYERS, f"line {number}", "")
    lines.say(room.pk, watcher, None, SPECTATORS, "hello", "")
    kept = ChatLine.objects.filter(room=room, channel=PLAYERS).order_by("id")
    assert [line.text for line in kept] == [f"line {number}" for number in range(5, 55)]
    stored = lines.from_history(sync_client().get(lines.history_key(room.pk)))
    assert [line.text for line in stored] == [*(f"line {number}" for number in range(5, 55)), "hello"]
    assert json.loads(sync_client().get(lines.history_key(room.pk)))[-1] == {
        "id": stored[-1].id, "channel": "spectators", "name": "watcher", "text": "hello", "phrase": "",
        "author": watcher.key,
    }


def test_court_piece_partners_send_only_phrases_during_a_hand_and_write_between_rounds(settings):
    settings.PAUSE_AFTER_ROUND_MS = 60_000
    ada = _account("ada")
    room = started_room("courtpiece", people=(ada,))
    assert "During a hand" in _refused(room.pk, ada, 0, PLAYERS, text="trump is hearts")
    assert lines.say(room.pk, ada, 0, PLAYERS, "", "One moment").phrase == "One moment"
    assert lines.say(room.pk, ada, 0, SPECTATORS, "hello watchers", "").channel == "spectators"
    room = play_until(room, lambda played: played.match.paused_until is not None and played.match.state["round"] > 1,
                      (ada,))
    assert fresh(room).match.paused_until > timezone.now()
    assert lines.say(room.pk, ada, 0, PLAYERS, "well played, partner", "").text == "well played, partner"


def test_a_private_rooms_host_lets_court_piece_partners_write_for_the_whole_game():
    ada = _account("ada")
    room = lifecycle.do_create_room(ada, "courtpiece", OPTIONS["courtpiece"], False, "easy", partners_write=True)
    assert room.partners_write
    assert lines.drawer(room.pk, "courtpiece", ada, 0, True)["hand_rule"] == lines.PARTNERS_WRITE
    assert lines.drawer(room.pk, "courtpiece", ada, 0)["hand_rule"] == lines.HAND_IN_PLAY
    assert lines.drawer(room.pk, "disunyer", ada, 0)["hand_rule"] is None
    lifecycle.do_start(room.pk, ada)
    assert fresh(room).status == room.Status.PLAYING
    assert lines.say(room.pk, ada, 0, PLAYERS, "trump is hearts", "").text == "trump is hearts"
    lifecycle.do_end_match(room.pk, "staff")
    assert lifecycle.do_play_again(room.pk, ada).partners_write


def test_only_a_private_room_of_a_game_with_partners_lets_them_write_during_hands():
    for game, is_public in (("courtpiece", True), ("dayous", False)):
        with pytest.raises(RoomError) as refused:
            lifecycle.do_create_room(ANN, game, OPTIONS[game], is_public, "easy", partners_write=True)
        assert "Only a private room" in str(refused.value.message)
    assert not Room.objects.exists()


def test_the_drawer_shows_a_player_their_table_first_and_a_spectator_theirs():
    ada = _account("ada")
    room = create(ada)
    lines.say(room.pk, ada, 0, PLAYERS, "hello", "")
    for_player = lines.drawer(room.pk, "disunyer", ada, 0)
    assert [(c.name, c.shown_first, c.writable) for c in for_player["channels"]] == [
        ("players", True, True), ("spectators", False, True)
    ]
    assert for_player["channels"][0].lines[0].text == "hello" and for_player["writes_text"]
    for_guest = lines.drawer(room.pk, "disunyer", ZED, None)
    assert [(c.name, c.shown_first, c.writable) for c in for_guest["channels"]] == [
        ("players", False, False), ("spectators", True, True)
    ]
    assert not for_guest["writes_text"] and for_guest["phrases"][:4] == COMMON


def test_free_text_opens_again_once_a_court_piece_game_is_over():
    ada = _account("ada")
    room = finished_room("courtpiece", people=(ada,))
    assert lines.say(room.pk, ada, 0, PLAYERS, "good game all", "").text == "good game all"


XSS = [
    "<script>alert(1)</script>",
    "<img src=x onerror=alert(1)>",
    "\"><svg onload=alert(1)>",
    "javascript:alert(1)",
    "<a href=\"https://evil.example\">prize</a>",
    "'; alert(1); '",
    "{{ 7*7 }} {% debug %}",
]


@pytest.mark.parametrize("text", XSS)
def test_a_line_shows_as_its_text_never_as_markup_or_a_link(text):
    ada = _account("ada")
    room = create(ada)
    said = lines.say(room.pk, ada, 0, PLAYERS, text, "")
    shown = render_to_string("rooms/_chat_line.html", {"line": said})
    assert html.unescape(shown.split('dir="auto">', 1)[1].rsplit("</span>", 1)[0]) == text
    assert "<script" not in shown and "<img" not in shown and "<svg" not in shown and "<a " not in shown


def test_a_mute_hides_a_players_lines_from_the_muter_alone_and_is_kept_for_the_sockets():
    ada, bob = _account("ada"), _account("bob")
    room = create(ada)
    seating.do_join(room.pk, bob)
    said = lines.say(room.pk, bob, 1, PLAYERS, "blah", "")
    mutes.mute(ada, room.pk, said.id)
    mutes.mute(ada, room.pk, said.id)  # twice is once
    assert mutes.hidden_from(ada.key) == {bob.key}
    assert json.loads(sync_client().get(mutes._key(ada.key))) == [bob.key]
    shown = lines.drawer(room.pk, "disunyer", ada, 0)["channels"][0].lines
    assert shown == []
    assert [line.text for line in lines.drawer(room.pk, "disunyer", bob, 1)["channels"][0].lines] == ["blah"]
    own = lines.say(room.pk, ada, 0, PLAYERS, "mine", "")
    with pytest.raises(RoomError):
        mutes.mute(ada, room.pk, own.id)
    with pytest.raises(RoomError):
        mutes.mute(ada, room.pk, own.id + 100)
