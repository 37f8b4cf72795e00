import json

import pytest
from django.core.management import CommandError, call_command

from tooling.commands.simulate import Command as SimulateCommand


def run_simulate(capsys, *args):
    call_command(SimulateCommand(), *args)
    return json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("mode", ["standard", "stuck-king"])
def test_simulate_disunyer_prints_one_json_summary(capsys, mode):
    """N games by bots, summarised with the agreed keys; the seed makes it repeatable."""
    summary = run_simulate(capsys, "disunyer", "--games", "40", "--seed", "5", "--mode", mode, "--bots", "rule,random")
    assert {"games", "rounds_per_game", "wins_per_seat", "no_winner", "games_per_second"} <= summary.keys()
    assert summary["games"] == 40
    assert sum(summary["wins_per_seat"]) + summary["no_winner"] == 40
    assert summary["options"] == {"mode": mode}
    again = run_simulate(capsys, "disunyer", "--games", "40", "--seed", "5", "--mode", mode, "--bots", "rule,random")
    assert again["wins_per_seat"] == summary["wins_per_seat"]


def test_simulate_refuses_bad_arguments():
    with pytest.raises(CommandError, match="Unknown bot kind"):
        call_command(SimulateCommand(), "disunyer", "--bots", "genius")
    with pytest.raises(CommandError, match="mode"):
        call_command(SimulateCommand(), "disunyer", "--mode", "blitz")
    with pytest.raises(CommandError, match="at least 1"):
        call_command(SimulateCommand(), "disunyer", "--games", "0")


def test_simulate_dayous_counts_how_often_each_kind_was_the_dayous(capsys):
    """Every finished Dayous game with a dayous is put to the kind that sat in its seat,
    and the score shares agree with those counts."""
    summary = run_simulate(capsys, "dayous", "--players", "4", "--games", "20", "--seed", "3", "--bots", "rule,random")
    kinds = summary["kinds"]
    times = kinds["rule"]["times_dayous"] + kinds["random"]["times_dayous"]
    assert summary["unfinished"] == 0
    assert 0 < times <= 20
    assert kinds["random"]["times_dayous"] > kinds["rule"]["times_dayous"]
    for kind in ("rule", "random"):
        assert kinds[kind]["score"] == 2 * 20 - kinds[kind]["times_dayous"]  # 2 seats a game, 1 a seat not the dayous
