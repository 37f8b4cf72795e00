"""`make bench` compares runs, so each run plays the same games: the deal's seed and the
bots' choices are the bench's own, not the site's fresh randomness."""

import pytest

from tooling.commands import bench


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("redis_url")
@pytest.mark.parametrize("game", list(bench.TABLES))
def test_the_bench_plays_the_same_game_every_time(game):
    spec = bench.TABLES[game]
    first = [(table.version, table.state) for table in bench._played(game, spec, 1)]
    again = [(table.version, table.state) for table in bench._played(game, spec, 1)]
    assert len(first) > 10 and first == again
