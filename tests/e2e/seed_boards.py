"""A club whose leaderboards are full, written into the live site's database for the
browser tests (``python -m tests.e2e.seed_boards PASSWORD`` in the live site's
environment): every game and mode played by accounts with the widest names a username
can have, one of them (WIDE, who can log in) ranked below the first page of every board."""

import sys
from typing import Any

import django

WIDE = "W" * 20  # usernames are at most 20 characters; W is the widest letter
OTHERS = [f"M{'m' * 16}{n:03d}" for n in range(30)]  # 20 characters too


def seed(password: str) -> None:
    from accounts.models import User
    from games.courtpiece.rules import ENGINE as COURTPIECE
    from games.dayous.rules import ENGINE as DAYOUS
    from games.disunyer.rules import ENGINE as DISUNYER
    from tests.leaderboard.helpers import BOT, accounts, finish_engine_game, finish_game

    if User.objects.filter(username=WIDE).exists():
        return  # seeded already, for an earlier test of the session
    wide = User.objects.create_user(username=WIDE, password=password)
    others = accounts(*OTHERS)
    tables: list[tuple[str, Any, dict, int]] = [
        ("disunyer", DISUNYER, {"mode": "standard"}, 8), ("disunyer", DISUNYER, {"mode": "stuck-king"}, 8),
        *(("dayous", DAYOUS, {"decks": decks}, 6) for decks in (1, 2, 3)),
        *(("courtpiece", COURTPIECE, {"game": game}, 4) for game in ("ace-rule", "double-sar", "hidden", "rung-kaat")),
    ]
    for number, (game, engine, options, seats) in enumerate(tables):
        finish_engine_game(game, engine, [*others[number:][: seats - 1], BOT], options, f"boards-{number}")
    # Every other account wins a game of each against bots; WIDE loses one: WIDE's own row
    # is then below the first page of every board.
    for game, options, seats in (("disunyer", {"mode": "standard"}, 2), ("dayous", {"decks": 1}, 2),
                                 ("courtpiece", {"game": "hidden"}, 4)):
        bots = [BOT] * (seats - 1)
        for person in others:
            finish_game([person, *bots], [1, 2] if seats == 2 else [1, 3, 1, 3], game=game, options=options,
                        winners=None if seats == 2 else [0, 2])
        finish_game([wide, *bots], [2, 1] if seats == 2 else [3, 1, 3, 1], game=game, options=options,
                    winners=None if seats == 2 else [1, 3])

if __name__ == "__main__":
    django.setup()
    seed(sys.argv[1])
