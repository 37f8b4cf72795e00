"""`python manage.py recompute_ratings [--game GAME]`: every rating built again from the results."""

import time

from django.core.management.base import BaseCommand
from django.db import transaction

from games import registry
from leaderboard.rating_services import rebuild


class Command(BaseCommand):
    help = "Rate every finished game again from the results (voided games left out), game by game."

    def add_arguments(self, parser):
        parser.add_argument("--game", choices=registry.slugs(), help="only this game")

    def handle(self, *args, game=None, **options):
        for slug in [game] if game else registry.slugs():
            started = time.perf_counter()
            with transaction.atomic():
                rated = rebuild(slug)
            self.stdout.write(f"{slug}: {rated} games rated in {time.perf_counter() - started:.1f} s")
