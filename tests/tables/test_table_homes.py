"""The games' table homes as a whole: one per game, its presenter plain Python and run
once per fragment."""

import ast
import dataclasses
from pathlib import Path

import pytest

from games import registry
from rooms import rendering, tablehomes
from rooms.gamerules import rules_for
from rooms.store.presence import Presence
from tests.rooms.presenting import seat, snapshot

TABLES_DIR = Path(__file__).resolve().parents[2] / "tables"
SEATS = {"disunyer": 8, "dayous": 4, "courtpiece": 4}


def test_every_game_has_a_table_home():
    assert set(tablehomes.HOMES) == set(registry.slugs())


def test_two_tables_may_not_give_one_name_two_functions(monkeypatch):
    """Every table's partials share one Jinja2 environment: a name is one function."""
    first, second = tablehomes.HOMES["dayous"], tablehomes.HOMES["courtpiece"]
    assert set(tablehomes.template_globals()) >= set(first.template_globals) | set(second.template_globals)
    clashing = dataclasses.replace(second, template_globals={**second.template_globals, "move_face": len})
    monkeypatch.setitem(tablehomes.HOMES, "courtpiece", clashing)
    with pytest.raises(ValueError, match="different functions 'move_face'"):
        tablehomes.template_globals()


@pytest.mark.parametrize("module", sorted(TABLES_DIR.glob("*/presenter.py")), ids=lambda path: path.parent.name)
def test_presenters_are_plain_python(module):
    """No Django in a presenter: a view goes in, plain data comes out."""
    tree = ast.parse(module.read_text())
    imported = [alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names]
    imported += [node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module]
    assert [name for name in imported if name.split(".")[0] in ("django", "channels")] == []


def started(game: str):
    engine = rules_for(game).engine
    seats = [seat(0, "Ann"), *(seat(i, f"Bot {i + 1}", "normal") for i in range(1, SEATS[game]))]
    return snapshot(game, seats, engine.validate_options({}, SEATS[game]),
                    state=engine.start(SEATS[game], {}, seed=f"presenters-{game}"))


@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_public_presenter_runs_once_per_version_and_the_private_once_per_viewer(monkeypatch, game):
    """Every seat and two spectators are pushed the table, then who is connected
    changes and they are pushed it again: the spectator's view is presented once, each
    player's own view once."""
    calls = {"public": 0, "private": []}
    real = tablehomes.table_home(game)

    def public(snapshot, view):
        calls["public"] += 1
        return real.public(snapshot, view)

    def private(snapshot, view, seat):
        calls["private"].append(seat)
        return real.private(snapshot, view, seat)

    monkeypatch.setitem(tablehomes.HOMES, game, dataclasses.replace(real, public=public,
                                                                    private=private if real.private else None))
    table = started(game)
    viewers = [*range(SEATS[game]), None, None]
    for presence in (Presence(frozenset({0}), 1), Presence(frozenset({0}), 2)):
        for viewer in viewers:
            rendering.render_table(table, presence, viewer)
    assert calls["public"] == 1
    assert sorted(calls["private"], key=str) == (sorted([*range(SEATS[game]), None], key=str)
                                                 if real.private else [])
