"""The layers hold: the import-linter contracts in pyproject.toml (games/ imports no
Django; the site's wiring, its pages and the API, the games' tables, rooms, leaderboard, accounts,
games and the plumbing import downwards only; no app imports the tooling; accounts
imports no game; no game's table imports another's; no app's modules, nor the
tooling's, import each other in a cycle; rooms' jobs import downwards only (its wiring,
the pages and the socket, the actions, the push, the rendering, the Redis store), and
so do the modules of each of its packages; the follow-ups import neither the tasks nor
the actions) are kept by the code as it stands."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_import_contracts_are_kept():
    lint = subprocess.run(
        [str(Path(sys.executable).parent / "lint-imports"), "--no-cache"],
        cwd=ROOT, capture_output=True, text=True, timeout=120,
    )
    assert lint.returncode == 0, lint.stdout + lint.stderr
    assert "Contracts: 13 kept, 0 broken." in lint.stdout
