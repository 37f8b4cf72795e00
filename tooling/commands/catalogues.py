from argparse import ArgumentParser
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from tooling import catalogues


class Command(BaseCommand):
    help = "The translation catalogues (docs/translating.md): update them from the code, compile or check them."

    def add_arguments(self, parser: ArgumentParser) -> None:
        parser.add_argument("action", choices=["update", "compile", "check"])

    def handle(self, *args: Any, action: str, **options: Any) -> None:
        if action == "update":
            catalogues.update()
        elif action == "compile":
            catalogues.compile_all()
        else:
            source = catalogues.source_catalogue()
            languages = catalogues.languages()
            found = [problem for language in languages for problem in catalogues.problems(language, source)]
            for problem in found:
                self.stderr.write(str(problem))
            if found:
                raise CommandError(f"{len(found)} problems in the catalogues")
