"""`make bench`: how fast the hot paths are on this machine (not a test)."""

import json
import statistics
import time

from django.core.management.base import BaseCommand
from django.db import transaction

from accounts.identity import Player
from games import registry
from games.simulate import simulate

PLAYOUTS = {
    "disunyer": {"players": 8, "options": {}, "games": 2000},
    "dayous": {"players": 4, "options": {"decks": 1}, "games": 200},
    "courtpiece": {"players": 4, "options": {}, "games": 100},
}


class Command(BaseCommand):
    help = "Benchmark random playouts per game, and the action and push paths."

    def add_arguments(self, parser):
        parser.add_argument("--quick", action="store_true", help="a tenth of the work")

    def handle(self, *args, quick=False, **kwargs):
        report = {"playouts": {}, "action_path": None, "push_path": None}
        for game, spec in PLAYOUTS.items():
            games = max(10, spec["games"] // 10) if quick else spec["games"]
            result = simulate(game, games, 7, spec["players"], spec["options"], ["random"])
            report["playouts"][game] = {
                "players": spec["players"],
                "games": games,
                "games_per_second_per_core": result["games_per_second"],
            }
        report["action_path"], report["push_path"] = _room_paths(20 if quick else 200)
        self.stdout.write(json.dumps(report, indent=2))


def _percentiles(samples: list[float]) -> dict:
    ordered = sorted(samples)
    return {
        "p50_ms": round(statistics.median(ordered) * 1000, 3),
        "p95_ms": round(ordered[int(len(ordered) * 0.95) - 1] * 1000, 3),
        "max_ms": round(ordered[-1] * 1000, 3),
    }


def _room_paths(actions: int) -> tuple[dict, dict]:
    """Time `do_act` (lock, apply, save, on-commit announce) and a push to nine viewers."""
    from rooms import services
    from rooms.presence import NOBODY
    from rooms.rendering import render_table
    from rooms.snapshots import load_snapshot

    act_times, push_times = [], []
    with transaction.atomic():
        for _ in range(max(1, actions // 20)):
            ann = Player(name="Ann", guest_id="bench-ann")
            room = services.do_create_room(ann, "disunyer", {}, True)
            for _ in range(7):
                services.do_add_bot(room.id, ann, "easy")
            engine = registry.engine("disunyer")
            while True:
                room.refresh_from_db()
                if room.status != room.Status.PLAYING:
                    break
                state = room.match.state
                seat = engine.to_act(state)[0]
                started = time.perf_counter()
                if seat == 0:
                    services.do_act(room.id, ann, engine.legal_actions(state, 0)[0], room.version)
                else:
                    services.do_bot_move(room.id, room.version, seat, engine.default_action(state, seat))
                act_times.append(time.perf_counter() - started)
                started = time.perf_counter()
                snapshot = load_snapshot(room.id)
                for viewer in [*range(8), None]:
                    render_table(snapshot, NOBODY, viewer)
                push_times.append(time.perf_counter() - started)
        transaction.set_rollback(True)
    return (
        {"actions": len(act_times), **_percentiles(act_times)},
        {"pushes_to_9_viewers": len(push_times), **_percentiles(push_times)},
    )
