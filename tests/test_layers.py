"""The rules stay pure Python: nothing under games/ imports Django, except the
management commands and the Django app's own module."""

import ast
from pathlib import Path

GAMES = Path(__file__).resolve().parents[1] / "games"
ALLOWED = {"apps.py"}


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_no_django_import_in_the_rules():
    offenders = [
        str(path.relative_to(GAMES))
        for path in GAMES.rglob("*.py")
        if "management" not in path.parts and path.name not in ALLOWED
        and any(name == "django" or name.startswith(("django.", "channels", "celery")) for name in _imports(path))
    ]
    assert offenders == []
