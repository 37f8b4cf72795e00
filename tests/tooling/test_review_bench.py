import json

import pytest
from django.core.management import CommandError, call_command

from tooling.commands.review_bench import Command


def test_the_review_bench_times_every_seat_of_the_rule_bots_games(capsys):
    """Two Disunyer games of 3 players: six seats reviewed, their decisions counted and
    timed, in one JSON summary."""
    call_command(Command(), "disunyer", "--games", "2", "--players", "3")
    summary = json.loads(capsys.readouterr().out)
    assert (summary["game"], summary["players"], summary["games"], summary["seats"]) == ("disunyer", 3, 2, 6)
    assert summary["decisions_per_seat"]["max"] >= summary["decisions_per_seat"]["median"] >= 0
    assert summary["processor_seconds_per_seat"]["max"] >= summary["processor_seconds_per_seat"]["median"] >= 0
    assert {"wall_seconds_per_seat", "processor_ms_per_decision", "options"} <= summary.keys()


def test_the_review_bench_refuses_no_games():
    with pytest.raises(CommandError, match="at least 1"):
        call_command(Command(), "disunyer", "--games", "0")
