"""Dayous's presenter, from fixed views: who does what, the bout, the trump, the last
contribution, the results, and the viewer's moves grouped for buttons."""

import json

from tables.dayous import presenter as dayous
from tests.games.dayous.helpers import english
from tests.rooms.presenting import seat, snapshot

NAMES = ("Ann", "Bea", "Carl", "Dora")
NO_STATS = {"defences": 0, "journals": {}, "best": 0, "best_journal": None, "fees": 0}


def said(words) -> str:
    """The presenter's words in English ("" for none)."""
    return "" if words is None else english(words)


def table(bots: int = 1, bea_timeouts: int = 0):
    seats = [seat(i, n, "normal" if i >= 4 - bots else "", timeouts=bea_timeouts if i == 1 else 0)
             for i, n in enumerate(NAMES)]
    return snapshot("dayous", seats, {"decks": 1, "clock": 30})


def bout_view(**changes) -> dict:
    """Ann and Carl attack Bea: the 5 of spades beaten by the 10, the 5 of clubs and
    the queen of diamonds open; Dora (out of turn) may throw in."""
    view = {
        "players": 4, "phase": "bout", "to_act": [1, 2], "legal": [], "over": False, "outcome": None,
        "hand_counts": [5, 5, 6, 0], "deck": 0, "faceup": None, "trump": "c", "trump_change_pending": False,
        "clockwise": True, "leader": 0, "defender": 1, "attackers": [0, 2], "throwers": [0, 2], "out": [3],
        "taking": False, "table": [["5s", "Ts"], ["5c", None], ["Qd", None]], "limit": 6, "discard": 12,
        "done": [0], "stats": [dict(NO_STATS) for _ in range(4)], "log": [],
    }
    view.update(changes)
    return view


def test_a_stand_in_plays_a_seat_after_three_timeouts_in_a_row():
    """Bea's seat after three timeouts in a row: everyone is shown a bot plays it, and Bea
    is told; after two it is still hers."""
    stood_in = table(bea_timeouts=3)
    assert [p["standin"] for p in dayous.public(stood_in, bout_view())["t"]["players"]] == [False, True, False, False]
    assert dayous.private(stood_in, bout_view(), 1)["standin"] is True
    assert dayous.private(stood_in, bout_view(), 0)["standin"] is False
    assert dayous.private(table(bea_timeouts=2), bout_view(), 1)["standin"] is False


def test_whose_turn_and_what_each_seat_does_in_a_bout():
    """The defender, the attackers, the seat that is out, and who is awaited, by name."""
    t = dayous.public(table(), bout_view())["t"]
    assert [(p["role_class"], said(p["role"])) for p in t["players"]] == [
        ("attacker", "attacker"), ("defender", "defender"), ("attacker", "attacker"), ("out", "out — safe"),
    ]
    assert [p["acting"] for p in t["players"]] == [False, True, True, False]
    assert [p["done"] for p in t["players"]] == [True, False, False, False]
    assert [p["count"] for p in t["players"]] == [5, 5, 6, 0]
    assert t["waiting_for"] == ["Bea", "Carl"]


def test_a_defender_who_gives_up_and_a_thrower_in():
    t = dayous.public(table(), bout_view(taking=True, attackers=[0], throwers=[0, 2], out=[]))["t"]
    assert [said(p["role"]) for p in t["players"]] == ["attacker", "defender, taking", "thrower-in", ""]


def test_the_leader_chooses_the_direction_and_then_leads():
    direction = dayous.public(table(), bout_view(phase="direction", table=[], attackers=[]))["t"]
    assert [said(p["role"]) for p in direction["players"]] == ["chooses the direction", "", "", "out — safe"]
    lead = dayous.public(table(), bout_view(phase="lead", table=[], attackers=[], leader=2, defender=3, out=[]))["t"]
    assert [said(p["role"]) for p in lead["players"]] == ["", "", "attacker", "defender"]


def test_the_bout_display_counts_the_attack_cards_and_the_open_ones():
    t = dayous.public(table(), bout_view())["t"]
    assert (t["attack_count"], t["unbeaten"]) == (3, 2)
    assert t["trump_pip"] == "♣"


def test_the_last_contribution_is_the_latest_defence():
    log = [
        {"type": "defended", "seat": 2, "cards": 2, "journal": "Nature", "fee": 3},
        {"type": "attack", "seat": 0, "cards": ["5s"]},
        {"type": "defended", "seat": 1, "cards": 4, "journal": None, "fee": 0},
        {"type": "attack", "seat": 2, "cards": ["5c"]},
    ]
    assert dayous.public(table(), bout_view(log=log))["t"]["last_defence"] == log[2]
    assert dayous.public(table(), bout_view())["t"]["last_defence"] is None


def test_results_in_the_order_players_went_out_with_points_and_fees():
    """The first out gets N points, the dayous 1 (tagged); each row carries the player's
    contributions, best journal and fees in Dayous's own columns, whether a guest played
    it, and an account's rating change in this game; bots at the table do not double
    anything."""
    stats = [
        {"defences": 3, "journals": {}, "best": 4, "best_journal": "Nature", "fees": 7},
        dict(NO_STATS),
        {"defences": 1, "journals": {}, "best": 2, "best_journal": "Letters", "fees": 2},
        dict(NO_STATS),
    ]
    view = bout_view(phase="over", over=True, to_act=[], table=[], out=[0, 1, 2],
                     outcome={"places": [1, 2, 2, 4], "dayous": 3}, stats=stats)
    seats = [seat(0, "Ann"), seat(1, "Bea", user_id=2), seat(2, "Carl", "normal"), seat(3, "Dora", "normal")]
    shown = dayous.public(snapshot("dayous", seats, status="finished", rating_changes={1: -12}), view)
    assert [said(column) for column in shown["result_columns"]] == ["Defences", "Best journal", "Fees"]
    assert shown["results"] == [
        {"seat": 0, "place": 1, "name": "Ann", "points": 4, "guest": True, "rating_change": None, "tag": "",
         "tag_words": None, "extra": [3, "Nature", 7]},
        {"seat": 1, "place": 2, "name": "Bea", "points": 3, "guest": False, "rating_change": -12, "tag": "",
         "tag_words": None, "extra": [0, "—", 0]},
        {"seat": 2, "place": 2, "name": "Carl", "points": 3, "guest": False, "rating_change": None, "tag": "",
         "tag_words": None, "extra": [1, "Letters", 2]},
        {"seat": 3, "place": 4, "name": "Dora", "points": 1, "guest": False, "rating_change": None, "tag": "dayous",
         "tag_words": dayous.THE_DAYOUS, "extra": [0, "—", 0]},
    ]
    assert [said(p["role"]) for p in shown["t"]["players"]] == ["out — safe", "out — safe", "out — safe", "dayous"]
    assert dayous.public(table(), bout_view())["results"] == []


def test_a_spectator_has_no_moves():
    assert dayous.private(table(), bout_view(), None) == {}


def test_the_defender_beats_each_open_card_takes_or_plays_a_joker():
    legal = [
        {"type": "beat", "card": "7c", "target": 1},
        {"type": "beat", "card": "Kd", "target": 2},
        {"type": "beat", "card": "2c", "target": 2},
        {"type": "take"},
        {"type": "joker", "card": "XR"},
    ]
    m = dayous.private(table(), bout_view(legal=legal), 1)["m"]
    assert [(b["target"], b["attack"], [move["faces"] for move in b["shown"]], b["folded"]) for b in m["beats"]] == [
        (1, "5c", [["7c"]], []), (2, "Qd", [["Kd"], ["2c"]], []),
    ]
    beat = m["beats"][0]["shown"][0]
    assert said(beat["label"]) == "Beat the 5 of clubs with the 7 of clubs"
    assert json.loads(beat["json"]) == {"type": "beat", "card": "7c", "target": 1}
    assert (beat["testid"], beat["cls"], beat["cards"]) == ("beat", "cards", "7c")
    assert (said(m["take"]["text"]), m["take"]["cls"], m["take"]["faces"]) == ("Take the cards", "secondary", [])
    joker = m["jokers"][0]
    assert (joker["faces"], said(joker["text"])) == (["XR"], "Send it back")
    assert said(joker["label"]) == "Play the red joker: send the attack back and reverse the direction"
    assert m["lead"] == m["throw"] == m["transfer"] == m["direction"] == [] and m["done"] is None


def test_beyond_four_cards_that_beat_an_attack_card_all_but_the_three_cheapest_fold():
    """Five cards beat the open 5 of clubs (trumps are clubs): the three cheapest show (the
    lowest clubs first), the two highest fold behind "+2". Four that beat the queen of
    diamonds all show: two attack cards' beats then fit a row of a phone."""
    legal = [{"type": "beat", "card": card, "target": 1} for card in ("Ac", "7c", "Kc", "9c", "6c")]
    legal += [{"type": "beat", "card": card, "target": 2} for card in ("2c", "Kd", "Ad", "3c")]
    m = dayous.private(table(), bout_view(legal=legal), 1)["m"]
    faces = [([move["faces"][0] for move in b["shown"]], [move["faces"][0] for move in b["folded"]])
             for b in m["beats"]]
    assert faces == [(["6c", "7c", "9c"], ["Kc", "Ac"]), (["Kd", "Ad", "2c", "3c"], [])]


def test_with_more_than_four_open_attack_cards_only_the_cheapest_beat_of_each_shows():
    """Five open attack cards, each beaten by two cards: for each, the cheapest shows and
    the other folds, so that three attack cards' beats fit a row of a phone."""
    bout = [["5c", None], ["6c", None], ["5d", None], ["6d", None], ["5h", None]]
    legal = [{"type": "beat", "card": card, "target": target}
             for target, cards in enumerate([("9c", "8c"), ("9c", "8c"), ("Kd", "2c"), ("Kd", "2c"), ("Ah", "Kh")])
             for card in cards]
    m = dayous.private(table(), bout_view(table=bout, legal=legal), 1)["m"]
    faces = [([move["faces"][0] for move in b["shown"]], [move["faces"][0] for move in b["folded"]])
             for b in m["beats"]]
    assert faces == [(["8c"], ["9c"]), (["8c"], ["9c"]), (["Kd"], ["2c"]), (["Kd"], ["2c"]), (["Kh"], ["Ah"])]


def test_attacks_are_grouped_by_rank_singles_first_and_long_groups_fold():
    """Eight ways to attack with fives: the four single fives show, the four pairs fold."""
    fives = ["5s", "5h", "5d", "5c"]
    pairs = [[a, b] for i, a in enumerate(fives) for b in fives[i + 1:]][:4]
    legal = [{"type": "attack", "cards": pair} for pair in pairs] + [{"type": "attack", "cards": [c]} for c in fives]
    legal.append({"type": "attack", "cards": ["Ks"]})
    m = dayous.private(table(), bout_view(phase="lead", table=[], legal=legal), 0)["m"]
    assert [group["rank"] for group in m["lead"]] == ["5", "K"]
    fives_group = m["lead"][0]
    assert said(fives_group["word"]) == "fives"
    assert [move["cards"] for move in fives_group["shown"]] == ["5c", "5d", "5h", "5s"]
    assert len(fives_group["folded"]) == 4 and all(len(move["faces"]) == 2 for move in fives_group["folded"])
    assert said(fives_group["folded"][0]["label"]) == "Attack with 5 of hearts and 5 of diamonds"
    assert said(m["lead"][1]["shown"][0]["label"]) == "Attack with King of spades"


def test_the_direction_and_no_further_questions():
    legal = [{"type": "direction", "clockwise": True}, {"type": "direction", "clockwise": False}]
    m = dayous.private(table(), bout_view(phase="direction", table=[], legal=legal), 0)["m"]
    assert [(d["testid"], said(d["text"]), d["cls"]) for d in m["direction"]] == [
        ("clockwise", "↻ Clockwise", ""), ("counterclockwise", "↺ Counterclockwise", "secondary"),
    ]
    throw = [{"type": "throw", "cards": ["5h"]}, {"type": "done"}]
    m = dayous.private(table(), bout_view(legal=throw), 2)["m"]
    assert said(m["done"]["text"]) == "No further questions" and m["done"]["testid"] == "done"
    assert said(m["throw"][0]["shown"][0]["label"]) == "Ask a further question with 5 of hearts"


def test_quick_phrases_name_the_ranks_on_the_table():
    assert [said(phrase) for phrase in dayous.private(table(), bout_view(), 2)["phrases"]] == [
        "Can I not attack?", "Did somebody say fives?", "Did somebody say tens?", "Did somebody say queens?",
    ]
    assert [said(phrase) for phrase in dayous.private(table(), bout_view(table=[]), 2)["phrases"]] == [
        "Can I not attack?"
    ]
