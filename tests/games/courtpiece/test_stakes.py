"""What a Court Piece round moves in coins (house ruling "Coins"), as its definition
declares it: pure, the site settles it (rooms/table_coins.py)."""

from games.courtpiece.definition import GAME
from games.courtpiece.rules import ENGINE
from games.definition import RoundCoins
from games.words import wording

assert GAME.stakes is not None, "Court Piece plays for coins"
ROUND_COINS = GAME.stakes.round_coins


def test_the_winning_team_is_paid_the_bet_by_each_player_of_the_other():
    events = [
        {"type": "play", "seat": 0, "card": "Ah"},
        {"type": "trick", "number": 13, "seat": 0, "card": "Ah", "pile": 1},
        {"type": "round_over", "round": 3, "winning_team": 1, "all_hands": False},
        {"type": "deal", "round": 4, "caller": 1, "leader": 1},
    ]
    assert ROUND_COINS(events, 4, 50) == [RoundCoins(round=3, winners=(1, 3), losers=(0, 2), amount=50)]
    assert ROUND_COINS(events[:2], 4, 50) == []


def test_all_13_hands_double_the_bet():
    """A Court or a Goon Court: whichever team takes all 13 hands."""
    events = [{"type": "round_over", "round": 1, "winning_team": 0, "all_hands": True}]
    assert ROUND_COINS(events, 4, 250) == [
        RoundCoins(round=1, winners=(0, 2), losers=(1, 3), amount=500, why=wording("doubled: all 13 hands"))
    ]


def test_rounds_over_counts_the_rounds_played():
    state = ENGINE.start(4, {}, seed="stakes")
    assert GAME.stakes.rounds_over(state) == 0
    assert GAME.stakes.rounds_over({**state, "history": [{"round": 1}, {"round": 2}]}) == 2
