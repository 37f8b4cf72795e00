import pytest
from django.core.cache import cache

from leaderboard.boards import RICHEST, count_key


@pytest.fixture(autouse=True)
def _forget_the_richest_count():
    """The richest players' board caches its row count for a while: every test starts
    without it. (The points boards cache under stamps that each test's database makes anew.)"""
    cache.delete(count_key(RICHEST))
    yield
    cache.delete(count_key(RICHEST))
