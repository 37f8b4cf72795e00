"""Court Piece's presenter, from fixed views: the seats round the cross, whose turn it
is, the trick, the teams' hands and points, the last round with its coins, the results,
and the viewer's hand with a move on every playable card."""

import json

from tables.courtpiece import formatting
from tables.courtpiece import presenter as courtpiece
from tests.rooms.presenting import seat, snapshot

OPTIONS = {"game": "rung-kaat", "pile": "3-2-2", "ace_cannot_win_pile": False, "four_point_rank": None,
           "six_point": False, "winning_points": 10, "bet": 100, "clock": 15}


def table(timeouts: int = 0, extras: dict | None = None, options: dict | None = None):
    """Ann and Carl (team 0) against Bea and a bot (team 1)."""
    seats = [seat(0, "Ann", timeouts=timeouts), seat(1, "Bea"), seat(2, "Carl"), seat(3, "Bot 4", "normal")]
    return snapshot("courtpiece", seats, options or OPTIONS, extras=extras)


def play_view(**changes) -> dict:
    """Round 2: Ann led the 3 of clubs, Bea threw a card face down, Carl is to play;
    Ann won the last trick."""
    view = {
        "players": 4, "phase": "play", "to_act": [2], "legal": [], "over": False, "outcome": None,
        "options": OPTIONS, "round": 2, "caller": 0, "trump": "h", "trump_power": True, "face_down": None,
        "hand": [], "hand_counts": [9, 9, 10, 10], "trick": [{"seat": 0, "card": "3c"}, {"seat": 1, "card": "??"}],
        "last_trick": {"winner": 0, "lead": 3, "cards": [{"seat": 3, "card": "6s"}, {"seat": 0, "card": "8s"}]},
        "pile": 3, "pile_needed": 3, "streak": 0, "hands": [2, 1], "score": [1, 0], "winning_points": 10,
        "log": [],
    }
    view.update(changes)
    return view


def round_over(**changes) -> dict:
    event = {"type": "round_over", "round": 1, "winning_team": 1, "points": 1, "kind": "normal",
             "all_hands": False, "hands": [4, 9], "caller": 1, "trump": "s", "team_points": [0, 1]}
    event.update(changes)
    return event


def test_the_seats_round_the_cross_whose_turn_and_the_trick():
    t = courtpiece.public(table(), play_view())["t"]
    assert [(p["pos"], p["name"], p["team"]) for p in t["players"]] == [
        ("south", "Ann", 0), ("east", "Bea", 1), ("north", "Carl", 0), ("west", "Bot 4", 1),
    ]
    assert [p["acting"] for p in t["players"]] == [False, False, True, False]
    assert t["turn_name"] == "Carl" and t["calling"] is False
    assert [(p["played"], p["card"]) for p in t["players"]] == [
        (True, "3c"), (True, "??"), (False, None), (False, None)]
    assert [p["caller"] for p in t["players"]] == [True, False, False, False]
    assert [p["streak"] for p in t["players"]] == [True, False, False, False]
    assert [p["count"] for p in t["players"]] == [9, 9, 10, 10]
    assert t["last_trick"]["winner"] == 0


def test_the_teams_hands_and_points():
    t = courtpiece.public(table(), play_view())["t"]
    assert [{**team, "names": str(team["names"])} for team in t["teams"]] == [
        {"team": 0, "names": "Ann & Carl", "hands": 2, "score": 1},
        {"team": 1, "names": "Bea & Bot 4", "hands": 1, "score": 0},
    ]


def test_the_trump_known_face_down_or_not_called_yet():
    known = courtpiece.public(table(), play_view())["t"]["trump"]
    assert known == {"state": "known", "suit": "h", "pip": "♥"}
    hidden = courtpiece.public(table(), play_view(trump="hidden"))["t"]["trump"]
    assert hidden["state"] == "hidden"
    calling = courtpiece.public(table(), play_view(phase="call", to_act=[0], trump="none yet", trick=[]))["t"]
    assert calling["trump"] == {"state": "none", "suit": "", "pip": "–"}
    assert calling["calling"] is True and calling["turn_name"] == "Ann"
    names = [formatting.cp_trump_name(trump) for trump in (known, hidden, calling["trump"])]
    assert names == ["Hearts", "Hidden", "None yet"]


def test_the_options_in_words():
    options = {**OPTIONS, "game": "ace-rule", "four_point_rank": "Q"}
    t = courtpiece.public(table(options=options), play_view(options=options))["t"]
    assert str(t["four_rank"]) == "Queen"
    assert courtpiece.public(table(), play_view())["t"]["four_rank"] is None


def test_the_last_round_with_each_seats_coins():
    """The bet moves for each person, as the ledger says, nothing for the bot."""
    extras = {"moved": {1: {0: -100, 1: 100, 2: -100}}}
    t = courtpiece.public(table(extras=extras), play_view(log=[round_over()]))["t"]
    r = t["last_round"]
    assert (str(r["team_names"]), r["hands_won"], r["hands_lost"], r["caller"]) == ("Bea & Bot 4", 9, 4, "Bea")
    assert str(r["kind"]) == "A normal win" and r["trump"]["suit"] == "s"
    assert r["coins"] == [
        {"index": 0, "name": "Ann", "won": False, "coins": -100, "note": None},
        {"index": 1, "name": "Bea", "won": True, "coins": 100, "note": None},
        {"index": 2, "name": "Carl", "won": False, "coins": -100, "note": None},
        {"index": 3, "name": "Bot 4", "won": True, "coins": None, "note": courtpiece.BOT},
    ]
    assert courtpiece.public(table(), play_view())["t"]["last_round"] is None


def test_all_hands_double_the_bet_and_the_ledger_has_the_last_word():
    """Thirteen hands move twice the bet; who could not pay in full paid what the
    ledger says for that round, and a person the ledger moved nothing for that round (a
    stand-in bot played their seat, for no coins) shows 0, "no bet", whatever the bet."""
    event = round_over(round=3, kind="court", all_hands=True, hands=[0, 13])
    extras = {"moved": {3: {0: -40, 1: 200, 2: -200}}}
    r = courtpiece.public(table(extras=extras), play_view(log=[event]))["t"]["last_round"]
    assert [row["coins"] for row in r["coins"]] == [-40, 200, -200, None]
    assert str(r["kind"]) == "A Court (all 13 hands on their own trump)"
    sat_out = {"moved": {2: {0: -40}, 3: {1: 200, 2: -200}}}
    r = courtpiece.public(table(extras=sat_out), play_view(log=[event]))["t"]["last_round"]
    assert [(row["coins"], row["note"] and str(row["note"])) for row in r["coins"]] == [
        (0, "no bet"), (200, None), (-200, None), (None, "bot")]


def test_results_when_the_table_is_over():
    outcome = {"places": [1, 3, 1, 3], "winners": [0, 2], "winning_team": 0, "team_points": [10, 4]}
    over = play_view(phase="over", over=True, to_act=[], outcome=outcome,
                     log=[{"type": "game_over", "winners": [0, 2], "winning_team": 0, "team_points": [10, 4]}])
    shown = courtpiece.public(table(), over)
    guest = {"guest": True, "rating_change": None}
    assert shown["results"] == [
        {"seat": 0, "place": 1, "name": "Ann", "points": 4, **guest},
        {"seat": 2, "place": 1, "name": "Carl", "points": 4, **guest},
        {"seat": 1, "place": 3, "name": "Bea", "points": 2, **guest},
        {"seat": 3, "place": 3, "name": "Bot 4", "points": 2, "guest": False, "rating_change": None},
    ]
    assert shown["t"]["turn_name"] is None
    assert courtpiece.public(table(), play_view())["results"] == []


def test_a_stand_in_plays_a_seat_after_its_timeouts():
    stood_in = table(timeouts=5)
    assert [p["standin"] for p in courtpiece.public(stood_in, play_view())["t"]["players"]] == [
        True, False, False, False]
    assert courtpiece.private(stood_in, play_view(), 0)["m"]["standin"] is True
    assert courtpiece.private(table(timeouts=4), play_view(), 0)["m"]["standin"] is False


def test_a_move_on_every_playable_card_and_none_on_the_others():
    view = play_view(to_act=[2], hand=["As", "4c", "8c"],
                     legal=[{"type": "play", "card": "4c"}, {"type": "play", "card": "8c"}])
    m = courtpiece.private(table(), view, 2)["m"]
    assert [(c["card"], c["action"] and json.loads(c["action"])) for c in m["cards"]] == [
        ("As", None), ("4c", {"type": "play", "card": "4c"}), ("8c", {"type": "play", "card": "8c"}),
    ]
    assert m["playable"] is True and m["extra"] == [] and m["calling"] is False
    assert m["ask"] is None and m["show"] is None
    waiting = courtpiece.private(table(), play_view(hand=["As"]), 0)["m"]
    assert waiting["playable"] is False and waiting["cards"] == [{"card": "As", "action": None}]


def test_the_hidden_caller_plays_the_face_down_card_last_and_others_may_ask_to_see_it():
    caller = courtpiece.private(table(), play_view(
        to_act=[0], trump="d", face_down="Qd", hand=["2h"],
        legal=[{"type": "play", "card": "Qd"}, {"type": "show"}]), 0)["m"]
    assert [(c["card"], json.loads(c["action"])) for c in caller["extra"]] == [("Qd", {"type": "play", "card": "Qd"})]
    assert caller["face_down"] == "Qd" and json.loads(caller["show"]) == {"type": "show"}
    other = courtpiece.private(table(), play_view(to_act=[1], trump="hidden", hand=["3d"],
                                                  legal=[{"type": "ask"}]), 1)["m"]
    assert json.loads(other["ask"]) == {"type": "ask"} and other["trump"]["state"] == "hidden"


def test_calling_the_trump_by_suit_or_by_a_card_placed_face_down():
    legal = [{"type": "call", "suit": "s"}, {"type": "call", "suit": "h"}]
    m = courtpiece.private(table(), play_view(phase="call", to_act=[0], hand=["As", "Kh"], legal=legal), 0)["m"]
    assert m["calling"] is True and m["call_cards"] == []
    assert [(s["suit"], s["pip"], formatting.cp_suit_name(s["suit"])) for s in m["call_suits"]] == [
        ("s", "♠", "Spades"), ("h", "♥", "Hearts")]
    hidden = [{"type": "call", "card": "As"}, {"type": "call", "card": "Kh"}]
    m = courtpiece.private(table(), play_view(phase="call", to_act=[0], hand=["As", "Kh"], legal=hidden), 0)["m"]
    assert [c["card"] for c in m["call_cards"]] == ["As", "Kh"] and m["call_suits"] == []


def test_a_spectator_has_no_moves():
    assert courtpiece.private(table(), play_view(), None) == {}
