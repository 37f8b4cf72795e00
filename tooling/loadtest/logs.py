"""What the site's processes logged during a phase: tracebacks, by exception."""

import re
from collections import Counter
from pathlib import Path

ASGI_EXCEPTION = "Exception in ASGI application"
TRACEBACK = "Traceback (most recent call last):"
EXCEPTION_LINE = re.compile(r"^([A-Za-z_][\w.]*(?:Error|Exception|Exit|Interrupt))(?::|$)")


def mark(paths: list[Path]) -> dict[Path, int]:
    """Where each log ends now: what follows is the phase's."""
    return {path: path.stat().st_size if path.exists() else 0 for path in paths}


def _exception_names(lines: list[str]) -> Counter[str]:
    """The exception that ends each traceback (the first unindented line after it)."""
    names: Counter[str] = Counter()
    in_traceback = False
    for line in lines:
        if line.startswith(TRACEBACK):
            in_traceback = True
        elif in_traceback and line and not line.startswith(" "):
            match = EXCEPTION_LINE.match(line)
            if match:
                names[match.group(1)] += 1
                in_traceback = False
    return names


def since(marks: dict[Path, int]) -> dict:
    tracebacks, asgi, names = 0, 0, Counter[str]()
    for path, offset in marks.items():
        with path.open("rb") as file:
            file.seek(offset)
            lines = file.read().decode(errors="replace").splitlines()
        tracebacks += sum(line.startswith(TRACEBACK) for line in lines)
        asgi += sum(ASGI_EXCEPTION in line for line in lines)
        names += _exception_names(lines)
    return {"tracebacks": tracebacks, "asgi_exceptions": asgi, "by_exception": dict(names.most_common(5))}
