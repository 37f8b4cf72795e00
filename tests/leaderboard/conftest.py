import pytest
from django.core.cache import cache

from leaderboard.boards import board_names, count_key


@pytest.fixture(autouse=True)
def _forget_board_counts():
    """Boards cache their row counts for a while: every test starts without them."""
    keys = [count_key(name) for name in board_names()]
    cache.delete_many(keys)
    yield
    cache.delete_many(keys)
