"""`python -m tooling COMMAND [OPTIONS]`, from the checkout: runs one of tooling/commands/
with the site's settings, as manage.py runs the site's own commands.

Django is set up before the command's module is imported: the benchmarks import the
site's models at the top.
"""

import os
import pkgutil
import sys
from importlib import import_module

import django

from tooling import commands

PROGRAM = "python -m tooling"


def main(argv: list[str]) -> None:
    names = sorted(module.name for module in pkgutil.iter_modules(commands.__path__))
    if not argv or argv[0] not in names:
        sys.exit(f"usage: {PROGRAM} {{{','.join(names)}}} [options]\n"
                 f"Each command's options: {PROGRAM} COMMAND --help")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    command = import_module(f"{commands.__name__}.{argv[0]}").Command()
    command.run_from_argv([PROGRAM, *argv])


if __name__ == "__main__":
    main(sys.argv[1:])
