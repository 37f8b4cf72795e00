"""``python manage.py verify_record game-ABCD.json``: replay a game's record from its seed
and check it against its commitment, with the verify page's own check (docs/records.md).
Exits with 0 when it verifies, 1 when it does not or cannot be read."""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from rooms.replays.records import MalformedRecord, replayed


class Command(BaseCommand):
    help = "Replay a game's record (JSON, as the replay page downloads it) and check it against its commitment."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the record, a JSON file")

    def handle(self, *args, **options):
        path = Path(options["file"])
        try:
            record = json.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from None
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            raise CommandError(f"{path} is not JSON: {error}.") from None
        try:
            checked = replayed(record)
        except MalformedRecord as error:
            raise CommandError(f"{path} is not a game record that can be checked: {error}") from None
        if not checked.passed:
            problems = "".join(f"\n- {problem}" for problem in checked.problems)
            raise CommandError(f"{path} does not verify:{problems}")
        self.stdout.write(
            f"{path} verifies: its {checked.moves} moves replay from its seed, its {checked.draws} draws are the "
            f"seed's, the commitment is SHA-256 of salt:seed, and the game ends as the record says."
        )
