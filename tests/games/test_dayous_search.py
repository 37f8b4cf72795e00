"""The Dayous strong bot: root candidates, rollout horizon, the dayous model, the search rounds.

No database: positions are built with the Dayous test helpers or come from seeded
random games.
"""

from __future__ import annotations

import random

from games.dayous import bots
from games.dayous.rules import ENGINE
from tests.games.dayous.helpers import ANN, BEA, CARL, DAN, position
from tests.games.test_bots_strong import positions


def test_candidates_keep_the_cheapest_action_of_each_class():
    """Equal-count leads of one rank and beats of one suit on one card are searched
    once, with the cheapest cards; every other kind of action stays."""
    legal = [
        {"type": "attack", "cards": ["7s"]},
        {"type": "attack", "cards": ["7h"]},
        {"type": "attack", "cards": ["7s", "7h"]},
        {"type": "attack", "cards": ["9c"]},
        {"type": "beat", "card": "Ks", "target": 0},
        {"type": "beat", "card": "Qs", "target": 0},
        {"type": "beat", "card": "3h", "target": 0},
        {"type": "beat", "card": "Ah", "target": 0},
        {"type": "joker", "card": "XR"},
        {"type": "joker", "card": "XB"},
        {"type": "take"},
    ]
    kept = [legal[i] for i in bots.candidate_actions(legal, trump="h")]
    assert kept == [
        {"type": "attack", "cards": ["7s"]},
        {"type": "attack", "cards": ["7s", "7h"]},
        {"type": "attack", "cards": ["9c"]},
        {"type": "beat", "card": "Qs", "target": 0},
        {"type": "beat", "card": "3h", "target": 0},
        {"type": "joker", "card": "XR"},
        {"type": "take"},
    ]


def test_rollouts_stop_at_the_start_of_the_chosen_bout():
    """``stop_after_bouts(n)`` ends a rollout when the n-th bout after the decision starts."""
    stop = bots.stop_after_bouts(2)
    root: dict = {"start": {"deck": ["9c"]}}
    lead = {"phase": "lead"}
    bout = {"phase": "bout"}
    assert [stop(ENGINE, s, root) for s in (bout, bout, lead, bout, lead)] == [False, False, False, False, True]


def test_rollouts_from_an_empty_deck_play_to_the_end_of_the_game():
    """Once the deck is empty at the decision, no bout start ends a rollout: the
    endgame is played out and scored by who really ends as the dayous."""
    stop = bots.stop_after_bouts(1)
    root: dict = {"start": {"deck": []}}
    assert not any(stop(ENGINE, {"phase": phase}, root) for phase in ("lead", "bout", "lead", "lead"))


def test_dayous_chances_share_one_among_the_seats_still_in_the_game():
    """Seats out of cards with the deck empty cannot be the dayous; a big weak hand is
    more likely to end as the dayous than a small strong one."""
    state = position([["2s", "3s", "4c", "5d", "6c"], [], ["Ah", "Kh"], ["9s", "Td"]], trump="h")
    chances = bots.dayous_chances(state)
    assert abs(sum(chances) - 1) < 1e-9
    assert chances[BEA] == 0
    assert chances[ANN] > chances[DAN] > chances[CARL]


def test_evaluate_scores_a_finished_game_exactly():
    """A game over scores 1 for every seat but the dayous, which scores 0."""
    state = position([["2s", "9d"], [], ["3s", "4c"]], trump="h", leader=ANN)
    over = dict(state, phase="over", dayous=CARL)
    assert [bots.evaluate(ENGINE, over, seat, {}) for seat in range(3)] == [1.0, 1.0, 0.0]
    assert 0 < bots.evaluate(ENGINE, state, ANN, {}) < 1


def test_every_candidate_is_tried_in_every_round():
    """Common random numbers: each round plays every candidate once in the same world,
    so the candidates have equal visits and the pruned actions none."""
    checked = 0
    for _state, _seat, view, memory in positions("dayous", 4, {"decks": 1}, seed=4, every=3, limit=12):
        bot = bots.StrongBot(budget=None, iterations=30)
        bot.memory = memory
        action = bot.choose(view, random.Random(1))
        assert action in view["legal"]
        visits = [v for v in bot.last_stats["visits"] if v]
        rounds = bot.last_stats["rounds"]
        assert rounds >= 1 and set(visits) == {rounds}
        assert len(visits) <= len(view["legal"])
        checked += 1
    assert checked


def test_a_round_cut_short_by_the_budget_is_dropped():
    """With a clock that runs out during the second round, only the first round counts."""
    _state, _seat, view, memory = next(
        p for p in positions("dayous", 4, {"decks": 1}, seed=4, every=1, limit=40)
        if len(bots.candidate_actions(p[2]["legal"], p[2]["trump"])) >= 3
    )
    ticks = iter(i * 0.1 for i in range(10_000))
    bot = bots.StrongBot(budget=0.35)
    bot.memory = memory
    bot.clock = lambda: next(ticks)
    bot.choose(view, random.Random(0))
    assert bot.last_stats["rounds"] == 1


def test_on_a_tie_the_rule_players_choice_is_played():
    """When every candidate scores the same, the bot plays what the rule player would."""
    for _state, _seat, view, memory in positions("dayous", 4, {"decks": 1}, seed=9, every=4, limit=8):
        bot = bots.StrongBot(budget=None, iterations=20)
        bot.memory = memory
        bot.evaluate = lambda engine, state, seat, root: 0.5
        rule = bots.RuleBot(memory=False)
        rule.memory = memory
        assert bot.choose(view, random.Random(3)) == rule.choose(view, random.Random(0))
