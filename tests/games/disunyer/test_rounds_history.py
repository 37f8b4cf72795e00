"""Disunyer: every finished round stays in the views, as public as it was shown."""

from games.disunyer.rules import ENGINE

from .helpers import ANN, BEA, CARL, DAN, act, cards_in, start


def test_every_round_is_kept_in_order_for_every_viewer():
    """Round 1: Ann's Disunyer puts Dan out (wrong guess), Carl's puts Carl out (Bea
    guesses right). Round 2: a reveal, Ann's 3 of coins is the lowest. Every viewer sees
    both rounds, oldest first, each with who went out and the cards that were shown."""
    st = start(["Ao", "5c", "Ac", "7b", "3o", "4o"], players=4)
    assert ENGINE.view(st, None)["rounds"] == []
    st, _ = act(st, ANN, "pick", rival=DAN)
    st, _ = act(st, DAN, "guess", suit="s")
    st, _ = act(st, CARL, "pick", rival=BEA)
    st, _ = act(st, BEA, "guess", suit="c")
    st, _ = act(st, ANN, "keep")
    st, _ = act(st, BEA, "keep")
    first = {
        "round": 1, "kind": "disunyer", "cards": ["Ao", None, "Ac", None], "out": [CARL, DAN],
        "duels": [
            {"holder": ANN, "rival": DAN, "ace": "Ao", "suit": "s", "out": DAN},
            {"holder": CARL, "rival": BEA, "ace": "Ac", "suit": "c", "out": CARL},
        ],
    }
    second = {"round": 2, "kind": "reveal", "cards": ["3o", "4o", None, None], "out": [ANN], "duels": []}
    for viewer in (ANN, BEA, CARL, DAN, None):
        assert ENGINE.view(st, viewer)["rounds"] == [first, second]


def test_a_card_never_shown_never_reaches_the_rounds():
    """Dan loses a Disunyer with his 7 of clubs and Bea's 5 of cups is never shown; a
    caller who picks nobody keeps the Ace hidden: neither card is in anyone's rounds."""
    st = start(["Ao", "5c", "7b"], players=3)
    st, _ = act(st, ANN, "pick", rival=CARL)
    st, _ = act(st, CARL, "guess", suit="c")
    for viewer in (ANN, CARL, None):
        assert cards_in(ENGINE.view(st, viewer)["rounds"]) == {"Ao"}
    hidden = start(["Ao", "5c", "7s", "2o", "3o"], players=3)
    hidden, _ = ENGINE.apply(hidden, ANN, ENGINE.default_action(hidden, ANN))
    assert ENGINE.view(hidden, None)["rounds"][0]["out"] == [ANN]
    assert cards_in(ENGINE.view(hidden, BEA)["rounds"]) == set()
