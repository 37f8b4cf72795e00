"""Dayous and Court Piece on the leaderboard: points, modes, counters, boards and profiles.

Each game is played to its end by the real engine (seeded random moves) and recorded
with its real outcome and final state, as the rooms service does.
"""

import re
from collections import Counter

import pytest
from django.urls import reverse

from games.courtpiece.rules import ENGINE as COURTPIECE
from games.dayous.rules import ENGINE as DAYOUS
from leaderboard.counters import best_step, counters_for, ladder_of, ladder_record
from leaderboard.models import DailyStanding, Result, Standing
from leaderboard.modes import mode_label, mode_of
from leaderboard.services import DAILY_KEY, STANDING_KEY, recount, void_game
from tests.leaderboard.helpers import BOT, Guest, accounts, finish_engine_game, finish_game
from tests.leaderboard.test_standings import kept, recounted

pytestmark = pytest.mark.django_db

JOURNAL_KEYS = {
    "Journal of Vision": "journal_2",
    "PLoS ONE": "journal_4",
    "Cognition": "journal_6",
    "PNAS": "journal_8",
    "Science": "journal_10",
    "Nature": "journal_12",
}


def dayous_counters(state: dict, outcome: dict, seat: int) -> dict:
    """What a Dayous seat's result should carry, read straight from the engine's stats."""
    stats = state["stats"][seat]
    expected = {
        "dayous": int(outcome["dayous"] == seat),
        "defences": stats["defences"],
        "fees": stats["fees"],
        **{JOURNAL_KEYS[name]: count for name, count in stats["journals"].items()},
    }
    return {key: value for key, value in expected.items() if value}


# ----------------------------------------------------------------------------- modes


@pytest.mark.parametrize(
    "game, options, mode, label",
    [
        ("disunyer", {"mode": "stuck-king"}, "stuck-king", "Stuck King"),
        ("disunyer", {}, "standard", "Standard"),
        ("dayous", {"decks": 1, "clock": 30}, "1-deck", "1 deck"),
        ("dayous", {"decks": 3}, "3-decks", "3 decks"),
        ("dayous", {}, "1-deck", "1 deck"),
        ("courtpiece", {"game": "rung-kaat"}, "rung-kaat", "Rung Kaat"),
        ("courtpiece", {}, "double-sar", "Double Sar"),
    ],
)
def test_the_mode_of_a_room(game, options, mode, label):
    """Disunyer by its mode, Dayous by its decks, Court Piece by its game (engine defaults)."""
    assert mode_of(game, options) == mode
    assert str(mode_label(game, mode)) == label


# ----------------------------------------------------------------------------- Dayous


def test_a_dayous_game_records_points_modes_and_the_publication_record():
    """Four accounts play a 2-deck Dayous to the end: place points N + 1 - place, never
    doubled (no bot at the table); each result keeps its seat's publication record and
    whether it was the dayous; the standings (every mode and "2 decks") add them up."""
    people = accounts("Ann", "Bea", "Carl", "Dora")
    room, state = finish_engine_game("dayous", DAYOUS, people, {"decks": 2, "clock": 30}, "dayous-1")
    outcome = DAYOUS.outcome(state)
    results = list(Result.objects.filter(room=room).order_by("seat"))
    assert [r.points for r in results] == [5 - place for place in outcome["places"]]
    assert {r.mode for r in results} == {"2-decks"}
    assert sum(r.counters.get("dayous", 0) for r in results) == (outcome["dayous"] is not None)
    for seat, result in enumerate(results):
        assert result.counters == dayous_counters(state, outcome, seat)
        for mode in ("", "2-decks"):
            standing = Standing.objects.get(user=people[seat], game="dayous", mode=mode)
            assert (standing.games, standing.points, standing.counters) == (
                1,
                result.points,
                result.counters,
            )
    assert sum(state["stats"][seat]["defences"] for seat in range(4)) > 0  # a real record


def test_dayous_points_are_never_doubled():
    """Dayous with or without bots: the same place points (a table of 3: 3, 2, 1)."""
    ann, bea, carl = accounts("Ann", "Bea", "Carl")
    people_only = finish_game([ann, bea, carl], [1, 2, 3], game="dayous", options={"decks": 1})
    with_a_bot = finish_game([ann, bea, BOT], [1, 2, 3], game="dayous", options={"decks": 1})
    for room in (people_only, with_a_bot):
        assert [r.points for r in Result.objects.filter(room=room).order_by("seat")] == [3, 2, 1]


def test_dayous_counters_sum_over_games_and_a_void_takes_one_game_away_exactly():
    """Six Dayous games (1, 2 and 3 decks, with a guest and a bot): the kept standings
    equal a recount of the results; voiding one game brings every counter back."""
    people = accounts("Ann", "Bea", "Carl")
    rooms = []
    for number, decks in enumerate([1, 2, 3, 1, 2, 3]):
        players = [*people, Guest(f"Zoe{number}"), BOT][: 3 + number % 3]
        rooms.append(
            finish_engine_game("dayous", DAYOUS, players, {"decks": decks}, f"sum-{number}")[0]
        )
    standing, daily = recount(Result.objects.all())
    assert kept(Standing, STANDING_KEY) == recounted(standing)
    assert kept(DailyStanding, DAILY_KEY) == recounted(daily)
    ann_total = Standing.objects.get(user=people[0], game="dayous", mode="")
    summed = Counter()
    for result in Result.objects.filter(user=people[0]):
        summed.update(result.counters)
    assert ann_total.counters == dict(sorted(summed.items()))
    assert ann_total.games == 6

    before_last = kept(Standing, STANDING_KEY)
    extra = finish_engine_game("dayous", DAYOUS, people, {"decks": 2}, "extra")[0]
    assert kept(Standing, STANDING_KEY) != before_last
    void_game(extra.pk, "Test")
    assert kept(Standing, STANDING_KEY) == before_last


def test_the_best_journal_is_the_most_prestigious_with_a_defence():
    """Best journal from the sums: Science beats PNAS; no defence, no best journal."""
    counters = {"journal_8": 4, "journal_10": 1, "journal_2": 7}
    journals = ladder_of("dayous")
    assert str(best_step(journals, counters)) == "Science"
    assert best_step(journals, {}) is None
    assert [(str(step), count) for step, count in ladder_record(journals, counters)[:3]] == [
        ("Nature", 0), ("Science", 1), ("PNAS", 4)
    ]


def test_counters_for_reads_the_dayous_outcome():
    """counters_for gives a seat its place counters and what the engine's outcome counted
    for it, zeros left out."""
    outcome = {
        "places": [1, 2],
        "winners": [0],
        "dayous": 1,
        "counters": [
            {"dayous": 0, "defences": 2, "fees": 9, "journal_12": 1, "journal_4": 1},
            {"dayous": 1, "defences": 0, "fees": 0},
        ],
    }
    assert counters_for("dayous", 1, True, 2, seat=0, outcome=outcome) == {
        "defences": 2,
        "fees": 9,
        "journal_12": 1,
        "journal_4": 1,
    }
    assert counters_for("dayous", 2, False, 2, seat=1, outcome=outcome) == {"dayous": 1}


def board_rows(html: str) -> dict[str, list[str]]:
    """{username: [every cell after the name]} of the board's rows."""
    rows = {}
    for name, cells in re.findall(
        r'<td class="player-name"><a href="[^"]+">([^<]+)</a>.*?</td>(.*?)</tr>', html, re.DOTALL
    ):
        rows[name] = re.findall(r"<td[^>]*>([^<]*)</td>", cells)
    return rows


def test_the_dayous_board_and_profile_show_the_publication_record(client):
    """Ann and Bea play Dayous (hand-built): Bea is the dayous once. The board shows
    points, games, wins, times the dayous, defences, best journal, fees and the
    per-deck columns; Ann's profile shows her publication record by journal."""
    ann, bea = accounts("Ann", "Bea")
    ann_record = {"defences": 3, "journal_12": 1, "journal_8": 2, "fees": 11}
    bea_record = {"defences": 1, "journal_4": 1, "fees": 2}
    finish_game(
        [ann, bea],
        [1, 2],
        game="dayous",
        options={"decks": 2},
        outcome={"dayous": 1, "counters": [ann_record, {**bea_record, "dayous": 1}]},
    )
    finish_game(
        [bea, ann, BOT],
        [1, 2, 3],
        game="dayous",
        options={"decks": 1},
        outcome={
            "dayous": 2,
            "counters": [bea_record, {"defences": 1, "journal_10": 1, "fees": 1}, {"dayous": 1}],
        },
    )
    html = client.get(reverse("leaderboard:board", args=["dayous"])).content.decode()
    assert ">Best journal<" in html and ">1 deck<" in html and ">3 decks<" in html
    rows = board_rows(html)
    # points, games, wins, dayous, defences, best journal, fees, 1 deck, 2 decks, 3 decks
    assert rows["Ann"] == ["4", "2", "1", "0", "4", "Nature", "12", "1 / 0", "1 / 1", "0 / 0"]
    assert rows["Bea"] == ["4", "2", "1", "1", "2", "PLoS ONE", "4", "1 / 1", "1 / 0", "0 / 0"]
    assert list(rows) == ["Ann", "Bea"]  # equal points and wins: fewer games, then name

    profile = client.get(reverse("player_profile", args=["Ann"])).content.decode()
    stats = profile[profile.index('data-testid="stats-dayous"') : profile.index("Recent games")]
    assert "Times the dayous: <strong>0</strong>" in stats
    assert "Successful defences: <strong>4</strong>" in stats
    assert "Total publication fees: <strong>12</strong>" in stats
    assert '<strong data-testid="best-step">Nature</strong>' in stats
    record = re.findall(r'<tr><th scope="row">([^<]+)</th><td class="num">(\d+)</td></tr>', stats)
    assert record == [
        ("Nature", "1"),
        ("Science", "1"),
        ("PNAS", "2"),
        ("Cognition", "0"),
        ("PLoS ONE", "0"),
        ("Journal of Vision", "0"),
    ]
    bea_profile = client.get(reverse("player_profile", args=["Bea"])).content.decode()
    assert '<span class="tag">the dayous</span>' in bea_profile
    assert "no bots: doubled" not in bea_profile


def test_the_dayous_30_day_board_sums_the_counters_of_the_window(client):
    """The last-30-days board sums the daily counters of the window."""
    from datetime import timedelta

    from django.utils import timezone

    (ann,) = accounts("Ann")
    for days_ago, fees in ((40, 100), (3, 5), (0, 7)):
        finish_game(
            [ann, BOT],
            [1, 2],
            game="dayous",
            options={"decks": 1},
            outcome={"dayous": 1, "counters": [{"defences": 1, "journal_6": 1, "fees": fees}, {"dayous": 1}]},
            finished_at=timezone.now() - timedelta(days=days_ago),
        )
    board = reverse("leaderboard:board", args=["dayous"])
    assert board_rows(client.get(board, {"period": "30d"}).content.decode())["Ann"][:7] == [
        "4", "2", "2", "0", "2", "Cognition", "12",
    ]
    assert board_rows(client.get(board).content.decode())["Ann"][6] == "112"


# ----------------------------------------------------------------------------- Court Piece


def test_a_court_piece_table_records_team_points_modes_rounds_and_courts():
    """Four accounts play a Hidden Court Piece table to the end: the winning team's two
    seats get 4 points and a win, the others 2; each seat counts its team's rounds won,
    Courts and Goon Courts, in every mode and in "Hidden"."""
    people = accounts("Ann", "Bea", "Carl", "Dora")
    room, state = finish_engine_game(
        "courtpiece", COURTPIECE, people, {"game": "hidden"}, "court-1"
    )
    outcome = COURTPIECE.outcome(state)
    team = outcome["winning_team"]
    results = list(Result.objects.filter(room=room).order_by("seat"))
    assert [(r.points, r.won) for r in results] == [
        (4, True) if seat % 2 == team else (2, False) for seat in range(4)
    ]
    stats = state["stats"]
    for seat, result in enumerate(results):
        expected = {
            key: stats[key][seat % 2]
            for key in ("rounds_won", "courts", "goon_courts")
            if stats[key][seat % 2]
        }
        assert result.mode == "hidden" and result.counters == expected
        standing = Standing.objects.get(user=people[seat], game="courtpiece", mode="hidden")
        assert standing.counters == expected
    assert sum(stats["rounds_won"]) == outcome["rounds"]


def test_court_piece_standings_equal_a_recount_and_voids_come_back_out():
    """Five tables over every Court Piece game, accounts and bots: kept equals recounted;
    voiding a table removes its rounds and Courts."""
    people = accounts("Ann", "Bea", "Carl")
    games = ["ace-rule", "double-sar", "hidden", "rung-kaat", "double-sar"]
    for number, game in enumerate(games):
        finish_engine_game("courtpiece", COURTPIECE, [*people, BOT], {"game": game}, f"cp-{number}")
    standing, _ = recount(Result.objects.all())
    assert kept(Standing, STANDING_KEY) == recounted(standing)
    before = kept(Standing, STANDING_KEY)
    extra, _ = finish_engine_game("courtpiece", COURTPIECE, [*people, BOT], {}, "cp-extra")
    void_game(extra.pk, "Test")
    assert kept(Standing, STANDING_KEY) == before


def test_the_court_piece_board_and_profile_show_tables_rounds_and_courts(client):
    """A hand-built table: Ann and Carl (team 0) win 10-4 over Bea and a bot, with one
    Court and two Goon Courts against one Goon Court. The board shows tables, wins,
    rounds won, Courts and Goon Courts and the per-game columns; so does the profile."""
    ann, bea, carl = accounts("Ann", "Bea", "Carl")
    stats = {
        "rounds_won": [6, 3],
        "courts": [1, 0],
        "goon_courts": [2, 1],
        "all_hands": [3, 1],
        "fours": [0, 0],
        "sixes": [0, 0],
    }
    finish_game(
        [ann, bea, carl, BOT],
        [1, 3, 1, 3],
        game="courtpiece",
        winners=[0, 2],
        options={"game": "ace-rule"},
        outcome={
            "winning_team": 0,
            "team_points": [10, 4],
            "rounds": 9,
            "stats": stats,
            "counters": [
                {key: stats[key][seat % 2] for key in ("rounds_won", "courts", "goon_courts")} for seat in range(4)
            ],
        },
    )
    html = client.get(reverse("leaderboard:board", args=["courtpiece"])).content.decode()
    assert ">Tables<" in html and ">Goon Courts<" in html and ">Rung Kaat<" in html
    rows = board_rows(html)
    # points, tables, won, rounds won, Courts, Goon Courts, Ace Rule, Double Sar, Hidden, Rung Kaat
    assert rows["Ann"] == ["4", "1", "1", "6", "1", "2", "1 / 1", "0 / 0", "0 / 0", "0 / 0"]
    assert rows["Bea"] == ["2", "1", "0", "3", "0", "1", "1 / 0", "0 / 0", "0 / 0", "0 / 0"]
    assert list(rows) == ["Ann", "Carl", "Bea"]

    profile = client.get(reverse("player_profile", args=["Bea"])).content.decode()
    stats_html = profile[profile.index('data-testid="stats-courtpiece"') : profile.index("Recent games")]
    assert ">Tables</th>" in stats_html
    assert "Rounds won: <strong>3</strong>" in stats_html
    assert "Courts: <strong>0</strong>" in stats_html
    assert "Goon Courts: <strong>1</strong>" in stats_html
    assert re.search(r'<th scope="row">Ace Rule</th><td class="num">1</td><td class="num">0</td>', stats_html)
