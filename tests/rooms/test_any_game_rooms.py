"""The rooms take any game of the registry: their rules come from the game's definition
(``GameDefinition.table``), and a game played for coins gets the site's table-coins
rules. High Card (tests/highcard.py) declares nothing but the defaults."""

import dataclasses
from datetime import timedelta
from types import MappingProxyType

import pytest
from django.test import override_settings
from django.urls import reverse

from accounts import coins
from accounts.identity import Player
from accounts.models import User
from games import registry
from games.definition import DIGITS, LETTERS_WITHOUT_LOOKALIKES, RoundCoins, Stakes, Table
from rooms import table_coins
from rooms.actions import lifecycle, play, seating
from rooms.gamerules import rules_for
from rooms.models import Room, Seat
from tests.highcard import ENGINE, GAME, SHOW, SWAP, HighCardBot
from tests.rooms.helpers import ANN, BEA, client_for, fresh


def test_a_game_that_declares_no_table_gets_the_defaults(high_card):
    """Four-letter codes, seats the host chooses, a start as soon as every seat is taken
    or bots after 3 minutes, no host start, no stand-ins, no partner, no pauses, no coins."""
    rules = rules_for("highcard")
    assert (rules.game, str(rules.title), rules.engine, rules.bots) == ("highcard", "High Card", ENGINE, high_card.bots)
    assert isinstance(rules.bot_for("strong"), HighCardBot)
    assert rules.code_alphabet == LETTERS_WITHOUT_LOOKALIKES and str(rules.code_shape) == "4 letters"
    assert rules.fixed_seats is None and not rules.host_can_start
    assert rules.start_when_full_after == timedelta(0) and rules.fill_with_bots_after == timedelta(minutes=3)
    assert rules.seat_order(2, 4) == [0, 1, 2, 3] and rules.partner_seat(2, 4) is None
    assert rules.pause_after([{"type": "show", "seat": 0, "card": "Ah"}]) is None
    away = Seat(index=0, name="Ann", guest_id="g-ann", timeouts_in_a_row=20)
    assert not rules.played_by_bot(away) and rules.played_by_bot(Seat(index=1, bot_level="easy"))
    assert (rules.on_events, rules.can_sit, rules.can_play, rules.snapshot_extras) == (None, None, None, None)


@override_settings(PAUSE_AFTER_TRICK_MS=1500)
def test_a_games_table_sets_its_rooms_rules(monkeypatch):
    table = Table(
        code_alphabet=DIGITS, code_length=5, fixed_seats=3, host_can_start=True, standin_after_timeouts=2,
        join_order=(1,), partner_offset=1, pauses=MappingProxyType({"show": "trick"}),
    )
    _register(monkeypatch, dataclasses.replace(GAME, table=table))
    rules = rules_for("highcard")
    assert str(rules.code_shape) == "5 digits" and rules.fixed_seats == 3 and rules.host_can_start
    assert rules.seat_order(0, 3) == [1, 0, 2] and rules.partner_seat(2, 3) == 0
    assert rules.played_by_bot(Seat(index=0, name="Ann", guest_id="g-ann", timeouts_in_a_row=2))
    assert rules.pause_after([{"type": "show"}]) == timedelta(milliseconds=1500)


def test_a_table_may_name_only_the_sites_pauses(monkeypatch):
    table = Table(pauses=MappingProxyType({"show": "reveal"}))
    _register(monkeypatch, dataclasses.replace(GAME, table=table))
    with pytest.raises(ValueError, match="names pauses the site has not: reveal"):
        rules_for("highcard")


@pytest.mark.parametrize("game", registry.GAMES, ids=lambda game: game.slug)
def test_the_clubs_rooms_have_their_definitions_table(game):
    rules = rules_for(game.slug)
    for field in dataclasses.fields(Table):
        assert getattr(rules, field.name) == getattr(game.table, field.name)
    assert rules.bots is game.bots and (rules.on_events is not None) is game.plays_for_coins


def the_highest_card_wins_the_bet(events, seats: int, bet: int) -> list[RoundCoins]:
    """High Card for coins: its one round ends with the last card shown."""
    if not any(event.get("type") == "show" and event["seat"] == seats - 1 for event in events):
        return []
    return [RoundCoins(round=1, winners=(0,), losers=tuple(range(1, seats)), amount=bet)]


@pytest.mark.django_db
def test_any_game_with_stakes_plays_for_coins(monkeypatch):
    """Its rooms get the table-coins rules; its rounds move what its stakes say, every coin
    kept; a seat there holds twice the bet."""
    stakes = Stakes(
        round_coins=the_highest_card_wins_the_bet, rounds_over=lambda state: int(ENGINE.outcome(state) is not None)
    )
    _register(monkeypatch, dataclasses.replace(GAME, stakes=stakes))
    rules = rules_for("highcard")
    assert (rules.on_events, rules.can_sit, rules.can_play, rules.snapshot_extras) == (
        table_coins.after_events, table_coins.can_sit, table_coins.can_play, table_coins.extras,
    )
    ann, bea, cal = (User.objects.create_user(username=name, password=None) for name in ("Ann", "Bea", "Cal"))
    room = Room.objects.create(code="HIGH", game="highcard", options={"bet": 40})
    seats = Seat.objects.bulk_create(
        [Seat(room=room, index=index, user=user, name=user.username) for index, user in enumerate((ann, bea, cal))]
    )
    assert table_coins.held_by(Player(name="Ann", user_id=ann.pk)) == {"HIGH": 80}
    assert table_coins.settle_rounds(room, seats, [{"type": "show", "seat": 1, "card": "2c"}]) == []
    entries = table_coins.settle_rounds(room, seats, [{"type": "show", "seat": 2, "card": "3c"}])
    assert sorted((entry.wallet.user.username, entry.amount, entry.reason) for entry in entries) == [
        ("Ann", 40, "Won round 1 at table HIGH (bet 40 coins)."),
        ("Bea", -40, "Lost round 1 at table HIGH (bet 40 coins)."),
        ("Cal", -40, "Lost round 1 at table HIGH (bet 40 coins)."),
    ]
    assert [coins.balance_of(seat) for seat in seats] == [1_040, 960, 960]
    assert coins.bank_balance() + 1_040 + 960 + 960 == 0


@pytest.mark.django_db
def test_its_room_shows_the_table_of_its_table_home(high_card):
    """High Card's room page, from its table home alone (tests/highcard.py): its partials
    with what its presenter works out, and its keys in the keyboard help. Ann shows her
    card, Bea swaps hers: the table shows both cards shown."""
    room = lifecycle.do_create_room(ANN, "highcard", {}, True, players=2)
    seating.do_join(room.pk, BEA)
    room = fresh(room)
    asking = client_for(ANN).get(reverse("rooms:room", args=[room.code])).content.decode()
    assert 'data-action="show"' in asking and 'data-action="swap"' in asking
    assert "<dd>Show your card</dd>" in asking and "<dd>Swap it for the next card</dd>" in asking
    play.do_act(room.pk, ANN, SHOW, room.version)
    play.do_act(room.pk, BEA, SWAP, room.version + 1)
    hands = fresh(room).match.state["hands"]
    page = client_for(ANN).get(reverse("rooms:room", args=[room.code])).content.decode()
    shown = page[page.index('data-testid="shown"'):page.index('id="table-private"')]
    assert [f'data-card="{card}"' in shown for card in hands] == [True, True]
    assert 'data-testid="my-card"' in page and 'data-action="show"' not in page


def _register(monkeypatch, game) -> None:
    """``game`` in the registry for the test, after the club's games."""
    monkeypatch.setattr(registry, "GAMES", (*registry.GAMES, game))
