"""Past games for the fair play browser test, written into the live site's database
(``python -m tests.e2e.seed_fair_play RELIABLE LEAVER`` in the live site's environment):
the account RELIABLE played three of its four games to the end (75%); the account
LEAVER left three in a row and waits its first ten minutes."""

import sys

import django


def seed(reliable: str, leaver: str) -> None:
    from django.utils import timezone

    from accounts.identity import Player
    from accounts.models import User
    from fairplay import waits
    from fairplay.models import SeatOutcome
    from tests.fairplay.games import past_games

    finished, left = str(SeatOutcome.Kind.FINISHED), str(SeatOutcome.Kind.LEFT)
    for name, outcomes in ((reliable, (finished, left, finished, finished)), (leaver, (left, left, left))):
        user = User.objects.by_username(name)
        past_games(Player(name=user.username, user_id=user.pk), *outcomes)
    user = User.objects.by_username(leaver)
    waits.after_leaving(Player(name=user.username, user_id=user.pk).key, user.pk, user.username, timezone.now())


if __name__ == "__main__":
    django.setup()
    seed(sys.argv[1], sys.argv[2])
