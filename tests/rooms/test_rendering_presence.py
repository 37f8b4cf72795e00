"""The public fragment is rendered once per version, with nobody connected; for each
presence only its marks are swapped in, and the result is the fragment a full render
with that presence gives: a push still equals a reload."""

import pytest

from rooms import rendering
from rooms.gamerules import rules_for
from rooms.store.presence import NOBODY, Presence
from tests.rooms.presenting import seat, snapshot
from tooling.commands import bench

SEATS = [seat(0, "Ann"), seat(1, "Bot 2", bot="normal"), seat(2, "Cleo"), seat(3, "Dev")]
PRESENCES = [
    NOBODY,
    Presence(frozenset({0}), 0),
    Presence(frozenset({2, 3}), 1),
    Presence(frozenset({0, 1, 2, 3}), 12),  # seat 1 is a bot's: it shows no mark
    Presence(frozenset({7}), 0),  # a seat the table does not have
]


def _tables():
    yield snapshot("disunyer", SEATS, status="waiting")
    for game in ("disunyer", "dayous", "courtpiece"):
        engine = rules_for(game).engine
        yield snapshot(game, SEATS, state=engine.start(len(SEATS), {}, seed=f"{game}-marks"))


def _rendered_whole(table, presence: Presence) -> str:
    """The public fragment rendered from its template with ``presence``, all of it."""
    context = rendering._context(table, presence, None, rendering._public_shown(table))
    return rendering._fragment(rendering._templates(table)[rendering.PUBLIC], context)


@pytest.mark.parametrize("table", list(_tables()), ids=lambda table: f"{table.game}-{table.status}")
def test_the_public_fragment_with_marks_swapped_in_is_the_whole_render(table):
    for presence in PRESENCES:
        assert rendering.render_public(table, presence) == _rendered_whole(table, presence), presence


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("redis_url")
@pytest.mark.parametrize("game", list(bench.TABLES))
def test_every_version_of_a_whole_game_is_sent_as_a_whole_render_would_show_it(game):
    """A seeded game played from its start to its end (the bench's tables: a person and
    bots), each version with every seat and a spectator connected."""
    spec = bench.TABLES[game]
    presence = Presence(frozenset(range(spec["players"])), 1)
    for table in bench._played(game, spec, 0):
        assert rendering.render_public(table, presence) == _rendered_whole(table, presence), table.version


def test_a_version_is_rendered_once_however_many_presences_it_is_sent_with(monkeypatch):
    table = next(t for t in _tables() if t.state is not None)
    rendered, renders = rendering._fragment, []

    def counted(template: str, context: dict):
        renders.append(template)
        return rendered(template, context)

    monkeypatch.setattr(rendering, "_fragment", counted)
    for presence in PRESENCES:
        rendering.render_public(table, presence)
    assert renders == [rendering._templates(table)[rendering.PUBLIC]]


def test_a_version_keeps_one_public_fragment_however_many_presences_it_is_sent_with():
    """A snapshot kept in a process's cache holds the public fragment once, not a copy
    per presence: while a room's sockets connect one by one, each presence seen would
    otherwise add a whole fragment to each of its versions."""
    table = next(t for t in _tables() if t.state is not None)
    for presence in PRESENCES:
        rendering.render_public(table, presence)
    public = [key for key in table.rendered["en"] if key[0] == rendering.PUBLIC]
    assert public == [(rendering.PUBLIC, NOBODY)]
