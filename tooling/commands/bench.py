"""`make bench`: how fast the hot paths are on this machine (not a test)."""

import json
import random
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, TypedDict
from unittest import mock

from django.conf import settings
from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.identity import Player
from games import core, registry
from games.simulate import simulate
from rooms.store.snapshots import Snapshot
from tooling.benchstats import byte_percentiles, percentiles_ms
from tooling.moves import play_one_move
from tooling.replaybench import replay_page
from tooling.tables import seated_table, usual_players


class BenchTable(TypedDict):
    """A game's usual table (its default options), and how many seeded games of it are played."""

    players: int
    games: int
    quick_games: int


# The tables whose pushes are measured: a seeded game each, a person at seat 0, bots
# (the rule bots) in the other seats, every seat and one spectator watching.
TABLES = {
    game.slug: BenchTable(
        players=usual_players(game),
        games=game.self_play.bench_tables,
        quick_games=game.self_play.quick_bench_tables,
    )
    for game in registry.GAMES
}
TABLE_BOTS = "normal"
# Every version's pushes are rendered in this many passes over the games and the
# fastest counts, so that other work on the machine weighs less on the figures.
RENDER_PASSES = 5


class Command(BaseCommand):
    help = "Benchmark random playouts per game, and the action and push paths."

    def add_arguments(self, parser):
        parser.add_argument("--quick", action="store_true", help="a tenth of the work")
        parser.add_argument("--fragments", action="store_true", help="only the table fragments")
        parser.add_argument("--json", type=Path, dest="json_file", help="also write the report to this file")

    def handle(self, *args, quick=False, fragments=False, json_file=None, **kwargs):
        report = {} if fragments else self._paths(quick)
        report["table_fragments"] = {
            game: _table_fragments(game, spec, spec["quick_games" if quick else "games"])
            for game, spec in TABLES.items()
        }
        text = json.dumps(report, indent=2)
        if json_file is not None:
            json_file.write_text(text + "\n")
        self.stdout.write(text)

    def _paths(self, quick: bool) -> dict[str, Any]:
        playouts = {}
        for game in registry.GAMES:
            players, games = usual_players(game), game.self_play.bench_playouts
            if quick:
                games = max(10, games // 10)
            result = simulate(game.slug, games, 7, players, {}, ["random"])
            playouts[game.slug] = {
                "players": players,
                "games": games,
                "games_per_second_per_core": result["games_per_second"],
            }
        report: dict[str, Any] = {"playouts": playouts}
        report["action_path"], report["push_path"] = _room_paths(20 if quick else 200)
        report["replay_page"] = replay_page(quick)
        return report


def _room_paths(actions: int) -> tuple[dict, dict]:
    """Time a move as a writer makes it — `do_act` or `do_bot_move`: the row lock, the
    rules, the save, then, once its transaction commits, the public fragment's render,
    the snapshot's store, the announcement and the next bot's task — and its push to
    every seat and a spectator as a web process makes it: the stored snapshot fetched,
    and each viewer's table from it, at the first game's usual table. Each move
    commits, in the bench's throw-away database."""
    from rooms.actions import play
    from rooms.models import Room
    from rooms.rendering import render_table
    from rooms.store.presence import NOBODY
    from rooms.store.snapshots import stored_snapshot
    from rooms.translations import speaking

    act_times, push_times = [], []
    game = registry.GAMES[0]
    players = usual_players(game)
    ann = Player(name="Ann", guest_id="bench-ann")
    for _ in range(max(1, actions // 20)):
        room = Room.objects.get(pk=seated_table(ann, game.slug, "easy", players, {}))
        while True:
            room.refresh_from_db()
            if room.status != room.Status.PLAYING:
                break
            state = room.match.state
            seat = game.engine.to_act(state)[0]
            started = time.perf_counter()
            if seat == 0:
                play.do_act(room.id, ann, game.engine.legal_actions(state, 0)[0], room.version)
            else:
                play.do_bot_move(room.id, room.version, seat, game.engine.default_action(state, seat))
            act_times.append(time.perf_counter() - started)
            room.refresh_from_db(fields=["version"])
            started = time.perf_counter()
            snapshot = stored_snapshot(room.id, room.version)
            if snapshot is None:
                raise RuntimeError(f"Version {room.version} of room {room.id} was not stored.")
            with speaking(settings.LANGUAGE_CODE):  # as a viewer's socket renders
                for viewer in [*range(players), None]:
                    render_table(snapshot, NOBODY, viewer)
            push_times.append(time.perf_counter() - started)
    return (
        {"actions": len(act_times), **percentiles_ms(act_times)},
        {f"pushes_to_{players + 1}_viewers": len(push_times), **percentiles_ms(push_times)},
    )


def _table_fragments(game: str, spec: BenchTable, games: int) -> dict[str, Any]:
    """Seeded games of ``game`` played through the actions; each version's pushes are
    rendered as the consumer sends them (the public fragment, rendered once for the
    version, and each viewer's private one) from a fresh snapshot: the bytes each
    viewer is sent, and the time to render them all."""
    from rooms.rendering import render_public, render_table
    from rooms.store.presence import Presence
    from rooms.translations import speaking

    presence = Presence(frozenset(range(spec["players"])), 1)
    viewers = [*range(spec["players"]), None]
    versions = [version for number in range(games) for version in _played(game, spec, number)]
    sizes = [len(render_table(v, presence, viewer).encode()) for v in versions for viewer in viewers]
    public_sizes = [len(render_public(v, presence).encode()) for v in versions]
    wall, cpu = [float("inf")] * len(versions), [float("inf")] * len(versions)
    for _ in range(RENDER_PASSES):
        for index, version in enumerate(versions):
            fresh = replace(version, rendered={})
            started, cpu_started = time.perf_counter(), time.process_time()
            with speaking(settings.LANGUAGE_CODE):  # as a viewer's socket renders
                for viewer in viewers:
                    render_table(fresh, presence, viewer)
            wall[index] = min(wall[index], time.perf_counter() - started)
            cpu[index] = min(cpu[index], time.process_time() - cpu_started)
    return {
        "players": spec["players"],
        "games": games,
        "versions": len(versions),
        "viewers": len(viewers),
        "bytes_per_viewer": byte_percentiles(sizes),
        "public_bytes": byte_percentiles(public_sizes),
        "render_per_version": percentiles_ms(wall),
        # The processor time alone: on a shared machine, what other work weighs less on.
        "render_cpu_per_version": percentiles_ms(cpu),
    }


def _played(game: str, spec: BenchTable, number: int) -> list[Snapshot]:
    """Every version's snapshot of one seeded game, from its start to its end."""
    from rooms.actions import play
    from rooms.store.snapshots import load_snapshot

    versions = []
    # The deal's seed and the bots' own randomness, so that each run plays the same games.
    bots_randomness = random.Random(f"bench-{game}-{number}")
    with transaction.atomic(), mock.patch.object(play, "bot_randomness", lambda: bots_randomness.getrandbits(128)):
        with mock.patch.object(core, "new_seed", return_value=f"bench-{game}-{number}"):
            room_id = seated_table(BENCH_HOST, game, TABLE_BOTS, spec["players"], {})
        # Rooms made before, and rolled back, had this id too: their bots' memory is not ours.
        _forget_bots(room_id, spec["players"])
        while True:
            snapshot = load_snapshot(room_id)
            if snapshot is None:
                raise RuntimeError(f"Room {room_id} is gone.")
            versions.append(snapshot)
            if snapshot.status != "playing":
                break
            play_one_move(snapshot, BENCH_HOST)
        transaction.set_rollback(True)
    return versions


BENCH_HOST = Player(name="Ann", guest_id="bench-ann")


def _forget_bots(room_id: int, players: int) -> None:
    from rooms.gamerules import BOT_LEVELS
    from rooms.store.botmemory import memory_key
    from rooms.store.redisclients import sync_client

    sync_client().delete(*(memory_key(room_id, seat, level) for seat in range(players) for level in BOT_LEVELS))
