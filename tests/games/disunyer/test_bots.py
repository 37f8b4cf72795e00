"""The bots only see views and always answer with a legal action."""

import random

from games import registry
from games.disunyer.bots import RandomBot, RuleBot
from games.disunyer.rules import ENGINE

from .helpers import ANN, BEA, CARL, act, start

BOTS = registry.bots("disunyer")


def _play(bots, n, mode, seed):
    rng = random.Random(seed)
    st = ENGINE.start(n, {"mode": mode}, seed=seed)
    while st["phase"] != "over":
        seat = ENGINE.to_act(st)[0]
        view = ENGINE.view(st, seat)
        action = bots[seat].choose(view, rng)
        assert action in view["legal"]
        st, _ = ENGINE.apply(st, seat, action)
    return ENGINE.outcome(st)


def test_bots_registry():
    """The registry names the random and rule-based bots (the strong one is tested with search)."""
    assert BOTS["random"] is RandomBot and BOTS["rule"] is RuleBot


def test_bots_always_choose_legal_actions():
    """Across player counts and modes, both bots always return one of view['legal']."""
    for i in range(150):
        n = 2 + i % 7
        mode = "stuck-king" if i % 2 else "standard"
        bots = [BOTS["rule" if (s + i) % 3 else "random"]() for s in range(n)]
        _play(bots, n, mode, f"b{i}")


def test_rule_bot_passes_low_and_keeps_high():
    """RuleBot passes an Ace-to-4 card and keeps a Knight when nothing is known."""
    rng = random.Random(1)
    st = start(["3o", "5c", "7s"])
    assert RuleBot().choose(ENGINE.view(st, ANN), rng) == {"type": "pass"}
    st = start(["No", "5c", "7s"])
    assert RuleBot().choose(ENGINE.view(st, ANN), rng) == {"type": "keep"}


def test_rule_bot_keeps_when_someone_before_holds_a_lower_known_card():
    """Bea received Ann's Jack by a pass and gave Ann her 2; Bea's Jack is safe."""
    rng = random.Random(1)
    st = start(["Jo", "2c", "7s"])
    st, _ = act(st, ANN, "pass")
    assert RuleBot().choose(ENGINE.view(st, BEA), rng) == {"type": "keep"}


def test_rule_bot_passes_a_low_card_when_not_safe():
    """Bea, given a 3 by Ann, knows Ann now holds her old Knight (higher), so she is
    not safe; she passes her 3 to Carl."""
    rng = random.Random(1)
    st = start(["3o", "Nc", "7s"])
    st, _ = act(st, ANN, "pass")
    assert RuleBot().choose(ENGINE.view(st, BEA), rng) == {"type": "pass"}


def test_rule_bot_guess_avoids_aces_it_has_seen():
    """A rival who saw the Ace of coins shown earlier (and no reshuffle since)
    never guesses coins."""
    # Round 1: Ann's Ace of coins is guessed wrong by Dan (Dan out) and shown.
    # Round 2: Bea holds an Ace; Carl is challenged.
    deck = ["Ao", "5c", "7s", "6b", "4c", "Ac", "Jo"]
    for seed in range(20):
        st = start(deck, players=4, seed=f"g{seed}")
        bot = RuleBot()
        st, _ = act(st, ANN, "pick", rival=3)
        st, _ = act(st, 3, "guess", suit="b")
        assert st["out"] == [0, 0, 0, 1] and st["holder"] == BEA
        st, _ = act(st, BEA, "pick", rival=CARL)
        choice = bot.choose(ENGINE.view(st, CARL), random.Random(seed))
        assert choice["type"] == "guess" and choice["suit"] != "o"
