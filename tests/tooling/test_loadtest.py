"""The load test (`make loadtest`) counts right: its frame sorting and missed versions on
hand-made frames, its reading of the real table fragments, and a tiny real run whose
figures agree with each other. Correctness only: nothing here is timed."""

import asyncio
import json
import os
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.conf import settings
from django.core.management import CommandError, call_command

from games.disunyer.rules import ENGINE
from rooms.actions import play
from rooms.rendering import render_table
from rooms.store.presence import NOBODY
from rooms.store.snapshots import load_snapshot
from tests.rooms.helpers import PEOPLE, actor, fresh, person_at, playing_room
from tooling.commands.loadtest import Command as LoadTestCommand
from tooling.loadtest import analysis, frames, procfile, procstats
from tooling.loadtest.phases import RSS_STEPS
from tooling.loadtest.report import format_report
from tooling.loadtest.run import Options, run


def _connection(socket, opened, frames_, closed, planned=True, language=""):
    return {
        "socket": socket, "group": "room.1", "started_at": opened, "opened_at": opened, "closed_at": closed,
        "language": language,
        "planned": planned, "close": "" if planned else "1011", "error": "", "frames": frames_,
        "other_frames": 0, "chars": 1000 * len(frames_),
    }


def test_each_frame_is_sorted_once_and_a_version_never_received_is_missed():
    """Room 1 commits versions 5 to 8 at 10, 11, 12 and 13 s; the window is 10.5–12.5 s, so
    versions 6 and 7 are offered. Ann's socket gets 6 (20 ms), 6 again, 7 (50 ms) and 8
    (committed after the window: not timed). Bea's gets only 7 (30 ms): she misses 6.
    Carl connects at 11.5 s (his first table is 6), gets 7 (100 ms) and is dropped by the
    server at 12.2 s: one closed socket, nothing missed. Each version is heard announced
    4 ms after its commit: the frames are timed from that too."""
    commits = {"room.1": {5: 10.0, 6: 11.0, 7: 12.0, 8: 13.0}}
    heard = {"room.1": {version: at + 0.004 for version, at in commits["room.1"].items()}}
    connections = [
        _connection("ann", 9.0, [(9.1, 5), (11.02, 6), (11.5, 6), (12.05, 7), (13.01, 8)], 13.5),
        _connection("bea", 9.0, [(9.2, 5), (12.03, 7)], 13.5),
        _connection("carl", 11.5, [(11.6, 6), (12.1, 7)], 12.2, planned=False),
    ]

    figures = analysis.figures(commits, connections, start=10.5, end=12.5, heard=heard)

    assert figures["frames"] == {"connect": 1, "new": 5, "repeat": 1, "stale": 0}
    assert figures["latency_ms"]["count"] == 4
    assert figures["latency_ms"]["p50"] == pytest.approx(30)
    assert figures["latency_ms"]["p99"] == pytest.approx(100)
    assert figures["latency_ms"]["max"] == pytest.approx(100)
    assert figures["latency_from_heard_ms"]["p50"] == pytest.approx(26)
    assert figures["latency_from_heard_ms"]["count"] == 4
    assert figures["announced_ms"]["p50"] == pytest.approx(4) and figures["announced_ms"]["count"] == 2
    assert (figures["offered"], figures["pushed"]) == (2, 2)
    assert (figures["owed"], figures["missed_versions"], figures["connections_missing_versions"]) == (5, 1, 1)
    assert (figures["sockets"], figures["closed_sockets"], figures["failed_connects"]) == (3, 1, 0)


def test_each_languages_sockets_are_timed_apart():
    """Room 1 commits versions 6 and 7; Ann reads English and gets each 10 ms after its
    commit, Bea and Carl read Persian and get them 30 and 50 ms after."""
    commits = {"room.1": {5: 10.0, 6: 11.0, 7: 12.0}}
    connections = [
        _connection("ann", 9.0, [(9.1, 5), (11.01, 6), (12.01, 7)], 13.0, language="en"),
        _connection("bea", 9.0, [(9.1, 5), (11.03, 6), (12.03, 7)], 13.0, language="fa"),
        _connection("carl", 9.0, [(9.1, 5), (11.05, 6), (12.05, 7)], 13.0, language="fa"),
    ]

    by_language = analysis.figures(commits, connections, start=10.5, end=12.5, heard={})["latency_by_language_ms"]

    assert sorted(by_language) == ["en", "fa"]
    assert by_language["en"]["p50"] == pytest.approx(10) and by_language["en"]["count"] == 2
    assert by_language["fa"]["p50"] == pytest.approx(30) and by_language["fa"]["p99"] == pytest.approx(50)


def test_the_site_is_started_with_its_procfiles_command_lines(tmp_path):
    """A checkout whose Procfile runs uvicorn itself, or through bin/web, is served with
    that line's uvicorn options (where it listens is the load test's choice) and with
    every worker and beat line of its Procfile, run from this virtualenv."""
    workers = (
        "timers: .venv/bin/celery -A config worker --queues timers --concurrency 2\n"
        "bots: .venv/bin/celery -A config worker --queues bots --pool solo\n"
        "strong-bots: .venv/bin/celery -A config worker --queues strong-bots --concurrency 2\n"
        "beat: .venv/bin/celery -A config beat --schedule var/celerybeat-schedule\n"
        "redis: bin/redis-if-needed\n"
    )
    (tmp_path / "Procfile").write_text(
        "web: .venv/bin/uvicorn config.asgi:application --host $HOST --port $WEB_PORT --ws-max-size 65536\n" + workers
    )
    assert procfile.uvicorn_flags(tmp_path) == ["--ws-max-size", "65536"]
    (tmp_path / "Procfile").write_text("web: bin/web\n" + workers)
    (tmp_path / "bin").mkdir()
    (tmp_path / "bin" / "web").write_text(
        'exec .venv/bin/uvicorn config.asgi:application --host "${HOST:-127.0.0.1}" --port "${WEB_PORT:-8000}" \\\n'
        '  --no-access-log "$@"\n'
    )
    assert procfile.uvicorn_flags(tmp_path) == ["--no-access-log"]
    venv_bin = tmp_path / "venv" / "bin"
    commands = procfile.worker_commands(tmp_path, venv_bin)
    celery = str(venv_bin / "celery")
    assert commands["beat"] == [celery, "-A", "config", "beat", "--schedule", "var/celerybeat-schedule"]
    assert list(commands) == ["timers", "bots", "strong-bots", "beat"]  # the load test starts its own Redis
    assert commands["bots"][-4:] == ["--queues", "bots", "--pool", "solo"]


def test_several_workers_per_queue_run_under_numbered_node_names(tmp_path):
    """``--workers 2`` runs each Celery worker line twice, as production's supervisor
    does: ``bots-1`` and ``bots-2``, their node names numbered the same way (given in
    the line or not), and still one beat."""
    (tmp_path / "Procfile").write_text(
        "web: bin/web\n"
        "timers: .venv/bin/celery -A config worker --queues timers --concurrency 2\n"
        "bots: .venv/bin/celery -A config worker --queues bots --hostname bots@%h --pool solo\n"
        "beat: .venv/bin/celery -A config beat --schedule var/celerybeat-schedule\n"
    )
    commands = procfile.worker_commands(tmp_path, tmp_path / "venv" / "bin", processes=2)
    assert list(commands) == ["timers-1", "timers-2", "bots-1", "bots-2", "beat"]
    assert commands["bots-2"][-6:] == ["--queues", "bots", "--hostname", "bots-2@%h", "--pool", "solo"]
    assert commands["bots-1"][-6:] == ["--queues", "bots", "--hostname", "bots-1@%h", "--pool", "solo"]
    assert commands["timers-2"][-2:] == ["--hostname", "timers-2@%h"]
    assert commands["beat"][-3:] == ["beat", "--schedule", "var/celerybeat-schedule"]


@pytest.mark.parametrize("option", [("--workers", "0"), ("--web", "0"), ("--tables", "0"), ("--connect-rounds", "-1")])
def test_a_size_out_of_range_is_refused_before_anything_starts(option):
    with pytest.raises(CommandError, match="must be at least 1"):
        call_command(LoadTestCommand(), *option)


def test_a_negative_chat_pace_is_refused_before_anything_starts():
    with pytest.raises(CommandError, match="--chat-every must be at least 0"):
        call_command(LoadTestCommand(), "--chat-every", "-5")


@pytest.mark.django_db
def test_the_player_is_offered_exactly_the_legal_moves_the_table_renders():
    """Through a whole game of eight people, the moves the load test reads from the acting
    player's rendered table are the engine's legal moves at the table's version; a
    spectator is offered none; once the game is over the players see "Play again"."""
    room = playing_room(PEOPLE)
    for _ in range(500):
        room = fresh(room)
        if room.status != room.Status.PLAYING:
            break
        seat = actor(room)
        snapshot = load_snapshot(room.id)
        table = render_table(snapshot, NOBODY, seat)
        offered = frames.moves(table)
        assert frames.table_version(table) == snapshot.version
        assert [json.loads(move["action"]) for move in offered] == ENGINE.legal_actions(room.match.state, seat)
        assert {move["version"] for move in offered} == {str(snapshot.version)}
        assert frames.moves(render_table(snapshot, NOBODY, None)) == []
        assert not frames.is_game_over(table)
        play.do_act(room.id, person_at(room, seat), json.loads(offered[0]["action"]), snapshot.version)
    snapshot = load_snapshot(room.id)
    assert snapshot.status == "finished"
    assert frames.is_game_over(render_table(snapshot, NOBODY, 0))
    assert not frames.is_game_over(render_table(snapshot, NOBODY, None))


def test_a_tiny_run_reports_figures_that_agree_with_each_other():
    """Two tables of three sockets (Ann and Bea each hosting one), reading English and
    Persian in turn, with the strong bot reviewing a game beside them, for a few seconds,
    on this checkout, against the suite's kind of database: every socket connects and stays,
    nothing is missed, and each phase's counts agree — every version owed to a socket was
    timed once, none was pushed that was not offered, every process was measured, and the
    web process's memory was read through the window. The bare stack's group watched beside
    the site, in its window, got every version too."""
    database_url = os.environ.get("DATABASE_URL", "")
    options = Options(
        game="disunyer", tables=2, sockets=3, seconds=3, web=1, site_dir=settings.BASE_DIR,
        database_url=database_url if database_url.startswith("postgres") else None,
        bot_delay_ms=(300, 500), client_processes=0, probe_groups=1, languages=("en", "fa"), reviewed_games=1,
    )

    # A thread of its own: a session's browser tests may keep an event loop running in this one.
    with ThreadPoolExecutor(1) as thread:
        result = thread.submit(asyncio.run, run(options, say=lambda line: None)).result()

    for phase in (result["site"], result["anchor"]):
        assert (phase["sockets"], phase["sockets_not_connected"]) == (6, 0)
        assert (phase["closed_sockets"], phase["failed_connects"], phase["missed_versions"]) == (0, 0, 0)
        assert phase["offered"] > 0
        assert phase["pushed"] == phase["offered"]
        assert phase["latency_ms"]["count"] == phase["owed"]
        # Every version was heard announced after its commit, and reached its sockets after that.
        assert phase["latency_from_heard_ms"]["count"] == phase["owed"]
        assert phase["announced_ms"]["count"] >= phase["offered"]
        assert 0 <= phase["announced_ms"]["p50"] <= phase["latency_ms"]["p50"]
        assert phase["latency_from_heard_ms"]["p50"] <= phase["latency_ms"]["p50"]
        assert phase["frames"]["new"] + phase["frames"]["stale"] >= phase["latency_ms"]["count"]
        assert phase["server_errors"]["tracebacks"] == 0
        assert len(phase["web_rss_mb"]) == RSS_STEPS + 1 and all(mb > 0 for mb in phase["web_rss_mb"])
    probe = result["site"]["probe"]
    assert (probe["sockets"], probe["closed_sockets"], probe["missed_versions"]) == (3, 0, 0)
    assert probe["offered"] > 0 and probe["pushed"] == probe["offered"]
    assert probe["latency_ms"]["count"] == probe["owed"] > 0
    measured = set(result["site"]["processes"])
    assert {"redis", "timers", "bots", "strong-bots", "beat", "seeder", "conductor", "probe client 0"} <= measured
    # CI's PostgreSQL server runs on the same machine: its processes are measured too.
    assert ("database server" in measured) == (result["database"] == "PostgreSQL")
    assert all(usage["cpu_percent"] is not None and usage["waiting_percent"] is not None
               for usage in result["site"]["processes"].values())
    assert result["site"]["exited"] == []
    report = format_report(result)
    assert "latency p50" in report and "Web process RSS MB through the window" in report
    assert "from the announcement heard, p50" in report and "commit to the announcement heard, p50" in report
    assert "Beside the site, in its window: the bare stack, 1 group × 3 sockets" in report
    assert "sockets reading en, p50 / p99 (ms)" in report and "sockets reading fa, p50 / p99 (ms)" in report
    # A game was played to its end before the window, and every seat of it reviewed beside.
    reviews = result["site"]["reviews_beside"]
    assert reviews["seats"] > 1 and 0 <= reviews["seats_done"] <= reviews["seats"]
    assert reviews["games"] == 1 and "reviews beside (1 games): seats done" in report
    assert "waiting for a core" in report


def test_a_connects_run_times_every_round_of_the_anchor_and_the_site():
    """--connect-rounds 2 with two tables of three sockets: in each round every socket
    connects to the anchor and then to the site, and the report gives each round's times,
    the servers' processor time per socket, their ratios and the medians."""
    options = Options(
        game="disunyer", tables=2, sockets=3, seconds=3, web=1, site_dir=settings.BASE_DIR, database_url=None,
        bot_delay_ms=(300, 500), client_processes=0, connect_rounds=2,
    )

    with ThreadPoolExecutor(1) as thread:
        result = thread.submit(asyncio.run, run(options, say=lambda line: None)).result()

    connects = result["connects"]
    assert "site" not in result and "anchor" not in result
    assert len(connects["rounds"]) == 2
    for one in connects["rounds"]:
        for name in ("anchor", "site"):
            assert one[name]["sockets_not_connected"] == 0
            # The processor time is read in ticks of 10 ms: six sockets' may come out 0.
            assert one[name]["seconds"] > 0 and one[name]["cpu_ms_per_socket"] >= 0
        assert one["ratio"] == round(one["site"]["seconds"] / one["anchor"]["seconds"], 2)
    median = connects["median"]
    assert median["sockets_not_connected"] == 0
    assert min(one["ratio"] for one in connects["rounds"]) <= median["ratio"] <= max(
        one["ratio"] for one in connects["rounds"])
    assert connects["server_errors"]["tracebacks"] == 0 and connects["exited"] == []
    report = format_report(result)
    assert "2 round(s) of the anchor then the site" in report
    assert "round 1" in report and "round 2" in report and "median" in report


def test_a_process_that_shares_its_one_core_with_another_busy_one_is_measured_waiting():
    """Two busy loops kept to the same core: each one runs about half the time and waits
    for the core the other half, and is always doing one or the other."""
    loop = [sys.executable, "-c", "while True: pass"]
    busy = [subprocess.Popen(loop) for _ in range(2)]
    try:
        for process in busy:
            os.sched_setaffinity(process.pid, {min(os.sched_getaffinity(0))})
        start = procstats.sample(busy[0].pid, family=False)
        time.sleep(1)
        end = procstats.sample(busy[0].pid, family=False)
    finally:
        for process in busy:
            process.kill()
            process.wait()
    usage = procstats.usage(start, end)
    assert usage["waiting_percent"] >= 20
    assert usage["cpu_percent"] + usage["waiting_percent"] >= 80
