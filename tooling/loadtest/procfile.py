"""The site's own command lines, read from its Procfile (and bin/web), so that the
load test starts exactly what `make run` starts, with this virtualenv."""

import shlex
from pathlib import Path

from tooling.loadtest.errors import LoadTestError

WEB_APP = "config.asgi:application"
WORKERS = ("timers", "bots", "beat")  # every checkout has these; newer ones may have more
NOT_WORKERS = ("web", "redis")  # the load test starts its own
_ADDRESS_FLAGS = ("--host", "--port", "--uds", "--fd")


class ProcfileError(LoadTestError):
    pass


def read_procfile(site_dir: Path) -> dict[str, str]:
    path = site_dir / "Procfile"
    if not path.exists():
        raise ProcfileError(f"{site_dir} has no Procfile: is it a checkout of the site?")
    entries = {}
    for line in path.read_text().splitlines():
        name, colon, command = line.partition(":")
        if colon and name.strip() and not name.startswith("#"):
            entries[name.strip()] = command.strip()
    missing = [name for name in ("web", *WORKERS) if name not in entries]
    if missing:
        raise ProcfileError(f"{path} has no {', '.join(missing)} line.")
    return entries


def _uvicorn_line(site_dir: Path, web_entry: str) -> str:
    """The uvicorn command: the Procfile's web line, or the one bin/web runs."""
    if WEB_APP in web_entry:
        return web_entry
    script = site_dir / shlex.split(web_entry)[0]
    if not script.is_file():
        raise ProcfileError(f"The Procfile's web line runs {script}, which is missing.")
    for line in script.read_text().replace("\\\n", " ").splitlines():
        if WEB_APP in line:
            return line
    raise ProcfileError(f"{script} runs no `uvicorn {WEB_APP}`.")


def uvicorn_flags(site_dir: Path) -> list[str]:
    """The web line's uvicorn options other than where it listens (the tool picks ports)."""
    tokens = shlex.split(_uvicorn_line(site_dir, read_procfile(site_dir)["web"]))
    flags, skip = [], False
    for token in tokens[tokens.index(WEB_APP) + 1:]:
        if skip:
            skip = False
        elif token in _ADDRESS_FLAGS:
            skip = True
        elif "$" not in token and not token.startswith(tuple(f"{flag}=" for flag in _ADDRESS_FLAGS)):
            flags.append(token)
    return flags


def uvicorn_command(venv_bin: Path, app: str, port: int, flags: list[str], app_dir: Path | None = None) -> list[str]:
    where = ["--app-dir", str(app_dir)] if app_dir else []
    return [str(venv_bin / "uvicorn"), app, *where, "--host", "127.0.0.1", "--port", str(port), *flags]


def worker_commands(site_dir: Path, venv_bin: Path, processes: int = 1) -> dict[str, list[str]]:
    """The Celery workers and the beat (every line but the web's and Redis's), as the
    Procfile runs them. With several ``processes``, each worker line runs that many times,
    named and with node names numbered as production's supervisor numbers them
    (``bots-1``, ``bots-2``, …); there is one beat whatever the number."""
    commands = {}
    for name, entry in read_procfile(site_dir).items():
        if name in NOT_WORKERS:
            continue
        program, *args = shlex.split(entry)
        command = [str(venv_bin / Path(program).name), *args]
        if processes == 1 or "worker" not in args:
            commands[name] = command
            continue
        for number in range(1, processes + 1):
            commands[f"{name}-{number}"] = _numbered(command, name, number)
    return commands


def _numbered(command: list[str], name: str, number: int) -> list[str]:
    """Worker ``number`` of a Procfile line: its Celery node name (``bots@%h``, or none
    given) made ``bots-2@%h``, so that the workers of one line do not share a name."""
    node = f"{name}-{number}@%h"
    if "--hostname" not in command:
        return [*command, "--hostname", node]
    at = command.index("--hostname") + 1
    return [*command[:at], node, *command[at + 1:]]
