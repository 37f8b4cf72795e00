"""The stack under test, started for one run and stopped after it: its own Redis on a
free port, a throw-away database, then the site's web processes, timers worker, bots
worker and beat with the Procfile's command lines, all in a work directory of their own.
"""

import asyncio
import contextlib
import os
import resource
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import redis

from tooling.loadtest import database, procfile
from tooling.loadtest.errors import LoadTestError
from tooling.loadtest.seeder import Seeder

VENV_BIN = Path(sys.executable).parent
SERVED = Path(__file__).resolve().parent / "served"
ANCHOR_APP = "loadtest_anchor:application"
READY_WITHIN_SECONDS = 60
STOP_WITHIN_SECONDS = 15


class StackError(LoadTestError):
    pass


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _redis_server() -> str:
    return shutil.which("redis-server") or str(VENV_BIN / "redis-server")


def _raise_open_files_limit() -> None:
    """Thousands of sockets: every process started from here may open as many files as allowed."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft < hard:
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


class Stack:
    def __init__(self, site_dir: Path, web_count: int, database_url: str | None, bot_delay_ms: tuple[int, int],
                 worker_processes: int = 1):
        self.site_dir = site_dir
        self.web_count = web_count
        self.worker_processes = worker_processes  # Celery workers per Procfile worker line
        self.database_url = database_url
        self.bot_delay_ms = bot_delay_ms
        self.workdir = Path(tempfile.mkdtemp(prefix="loadtest-"))
        self.logs = self.workdir / "logs"
        self.logs.mkdir()
        self.processes: dict[str, subprocess.Popen] = {}
        self.commands: dict[str, list[str]] = {}
        self.web_ports: list[int] = []
        self.anchor_ports: list[int] = []
        self.worker_names: list[str] = []  # the Procfile's Celery workers and beat
        self.database: database.ThrowawayDatabase | None = None
        self.seeder: Seeder | None = None
        self.env: dict[str, str] = {}
        self.redis_url = ""

    async def start(self) -> None:
        _raise_open_files_limit()
        self._start_redis()
        self.database = created = database.create(self.database_url, self.workdir)
        self.env = self._site_env(created.url)
        await asyncio.to_thread(self._migrate)
        flags = procfile.uvicorn_flags(self.site_dir)
        self.web_ports = [free_port() for _ in range(self.web_count)]
        self.anchor_ports = [free_port() for _ in range(self.web_count)]
        for port in self.web_ports:
            self._launch(f"web :{port}", procfile.uvicorn_command(VENV_BIN, procfile.WEB_APP, port, flags))
        for port in self.anchor_ports:  # as many as web processes, with the web line's flags
            self._launch(f"anchor :{port}", procfile.uvicorn_command(VENV_BIN, ANCHOR_APP, port, flags, SERVED))
        workers = procfile.worker_commands(self.site_dir, VENV_BIN, self.worker_processes)
        self.worker_names = list(workers)
        for name, command in workers.items():
            self._launch(name, command)
        self.seeder = await Seeder.start(self.env, self.workdir, self.logs / "seeder.log")
        servers = {f"web :{port}": port for port in self.web_ports} | {f"anchor :{p}": p for p in self.anchor_ports}
        await asyncio.gather(*(self._ready(name, port) for name, port in servers.items()))

    def _start_redis(self) -> None:
        port = free_port()
        self._launch("redis", [
            _redis_server(), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(self.workdir),
            "--save", "", "--appendonly", "no",
        ])
        self.redis_url = f"redis://127.0.0.1:{port}/0"
        deadline = time.time() + READY_WITHIN_SECONDS
        with redis.Redis.from_url(self.redis_url) as client:
            while True:
                try:
                    client.ping()
                    return
                except redis.ConnectionError:
                    self._check_alive("redis")
                    if time.time() > deadline:
                        raise StackError("Redis did not answer within a minute.") from None
                    time.sleep(0.05)

    @property
    def running_seeder(self) -> Seeder:
        """The seeder of a started stack."""
        if self.seeder is None:
            raise StackError("The stack has not started its seeder.")
        return self.seeder

    def _site_env(self, database_url: str) -> dict[str, str]:
        return {
            **os.environ,
            "PYTHONPATH": str(self.site_dir),
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DATABASE_URL": database_url,
            "REDIS_URL": self.redis_url,
            "CARDCLUB_VAR_DIR": str(self.workdir / "var"),
            "BOT_DELAY_MS": ",".join(map(str, self.bot_delay_ms)),
            # The pauses for reading a reveal or a trick only idle the tables: without them
            # every table keeps the load's pace, and the player is never told to wait.
            "PAUSE_AFTER_KNOCKOUT_MS": "0",
            "PAUSE_AFTER_TRICK_MS": "0",
            "PAUSE_AFTER_ROUND_MS": "0",
            "DJANGO_DEBUG": "0",
            "HOST": "127.0.0.1",
        }

    def _migrate(self) -> None:
        done = subprocess.run(
            [sys.executable, str(self.site_dir / "manage.py"), "migrate", "--noinput", "-v0"],
            cwd=self.workdir, env=self.env, capture_output=True, text=True,
        )
        if done.returncode:
            raise StackError(f"Migrating the throw-away database failed:\n{done.stderr[-2000:]}")

    def _launch(self, name: str, command: list[str], **env: str) -> None:
        """Started in the work directory (relative paths such as the beat's schedule land
        there), in a session of its own so that stopping it stops its children too."""
        log = open(self.logs / f"{name.replace(' :', '-')}.log", "ab")  # noqa: SIM115 - written until it stops
        self.commands[name] = command
        self.processes[name] = subprocess.Popen(
            command, cwd=self.workdir, env={**(self.env or os.environ), **env}, stdout=log,
            stderr=subprocess.STDOUT, start_new_session=True,
        )

    def _check_alive(self, name: str) -> None:
        if self.processes[name].poll() is not None:
            raise StackError(f"{name} exited ({self.processes[name].returncode}):\n{self.log_tail(name)}")

    def log_tail(self, name: str, chars: int = 3000) -> str:
        path = self.log_path(name)
        return path.read_text(errors="replace")[-chars:] if path.exists() else ""

    def log_path(self, name: str) -> Path:
        return self.logs / f"{name.replace(' :', '-')}.log"

    async def _ready(self, name: str, port: int) -> None:
        """Until ``port`` takes connections: uvicorn listens once its application is loaded."""
        deadline = time.time() + READY_WITHIN_SECONDS
        while True:
            try:
                _, writer = await asyncio.open_connection("127.0.0.1", port)
                writer.close()
                return
            except OSError:
                self._check_alive(name)
                if time.time() > deadline:
                    raise StackError(f"{name} did not listen within a minute:\n{self.log_tail(name)}") from None
                await asyncio.sleep(0.1)

    def stop_anchors(self) -> None:
        self._stop(*(f"anchor :{port}" for port in self.anchor_ports if f"anchor :{port}" in self.processes))

    def pids(self) -> dict[str, int]:
        running = {name: process.pid for name, process in self.processes.items() if process.poll() is None}
        if self.seeder is not None:
            running["seeder"] = self.seeder.pid
        if self.database is not None and self.database.server_pid is not None:
            running["database server"] = self.database.server_pid
        return running

    def exited(self) -> list[str]:
        """Processes of the stack that stopped by themselves."""
        return [name for name, process in self.processes.items() if process.poll() is not None]

    def _stop(self, *names: str) -> None:
        """SIGTERM to each (a Celery worker then stops its own pool), then SIGKILL to what
        is left of its session: children that outlived it, or all of it after a while."""
        stopping = [self.processes.pop(name) for name in names]
        for process in stopping:
            if process.poll() is None:
                process.terminate()
        deadline = time.time() + STOP_WITHIN_SECONDS
        for process in stopping:
            try:
                process.wait(max(0.0, deadline - time.time()))
            except subprocess.TimeoutExpired:
                pass
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()

    async def stop(self, keep: bool = False) -> None:
        if self.seeder is not None:
            await self.seeder.stop()
        self._stop(*(name for name in list(self.processes) if name != "redis"))
        if "redis" in self.processes:
            self._stop("redis")
        if self.database is not None:
            self.database.drop()
        if not keep:
            shutil.rmtree(self.workdir, ignore_errors=True)
