"""The site as `make serve` runs it: bin/serve, supervisord and its programs, on a
database and a Redis of its own, for tests that SIGKILL its processes and watch it heal."""

import os
import shutil
import socket
import sqlite3
import subprocess
import time
import urllib.request
import xmlrpc.client
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing, contextmanager
from pathlib import Path

import pytest
import redis
from supervisor.xmlrpc import SupervisorTransport

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, _e2e_database, _free_port

ROOT = Path(__file__).resolve().parents[2]
REDIS_SERVER = shutil.which("redis-server") or str(ROOT / ".venv" / "bin" / "redis-server")
START_SECONDS = 180  # migrations on a fresh database, on a busy two-core machine
POLL_SECONDS = 0.1


def wait_until(condition, seconds: float, what: str):
    """``condition()``'s first truthy value, polled until ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if value := condition():
            return value
        time.sleep(POLL_SECONDS)
    pytest.fail(f"Not within {seconds} s: {what}.")


def answers_http(url: str) -> bool:
    try:
        with urllib.request.urlopen(url + "/", timeout=2) as response:
            return response.status == 200
    except OSError:
        return False


def answers_redis(url: str) -> bool:
    try:
        return redis.Redis.from_url(url, socket_timeout=1).ping()
    except redis.RedisError:
        return False


class Database:
    """The served site's database, read the way a person at the SQL prompt would."""

    def __init__(self, url: str):
        self.url = url

    def rows(self, sql: str, *params) -> list[tuple]:
        if self.url.startswith("postgres"):
            import psycopg

            with psycopg.connect(self.url, autocommit=True) as connection:
                return connection.execute(sql, params).fetchall()
        path = self.url.removeprefix("sqlite:///")
        with closing(sqlite3.connect(path, timeout=20, isolation_level=None)) as connection:
            return connection.execute(sql.replace("%s", "?"), params).fetchall()

    def value(self, sql: str, *params):
        rows = self.rows(sql, *params)
        return rows[0][0] if rows else None


class Site:
    """A running bin/serve: its web URLs, database, Redis, and its supervisord's XML-RPC."""

    def __init__(self, env: dict, log: Path):
        self.env = env
        self.log = log
        first = int(env["PORT"])
        self.ports = list(range(first, first + int(env["WEB_PROCESSES"])))
        self.urls = [f"http://127.0.0.1:{port}" for port in self.ports]
        self.database = Database(env["DATABASE_URL"])
        self.redis_url = env["REDIS_URL"]
        self._socket = f"unix://{env['CARDCLUB_VAR_DIR']}/supervisord.sock"

    def _supervisor(self):
        transport = SupervisorTransport(None, None, self._socket)
        return xmlrpc.client.ServerProxy("http://127.0.0.1", transport=transport).supervisor

    def processes(self) -> dict[str, dict]:
        """Each program's process by its supervisorctl name (``web:web-8000``, ``beat``)."""
        infos = self._supervisor().getAllProcessInfo()
        return {_full_name(info): info for info in infos}

    def pid(self, name: str) -> int:
        return self.processes()[name]["pid"]

    def running_pid_other_than(self, name: str, old_pid: int) -> int | None:
        info = self.processes()[name]
        return info["pid"] if info["statename"] in ("STARTING", "RUNNING") and info["pid"] != old_pid else None

    def up(self) -> bool:
        try:
            infos = self.processes().values()
        except OSError:
            return False  # supervisord is not listening yet
        started = all(info["statename"] == "RUNNING" for info in infos if info["statename"] != "STOPPED")
        return started and all(answers_http(url) for url in self.urls)

    def workers_answering(self) -> list[str]:
        """The node names of the Celery workers that answer a ping through the site's Redis."""
        from celery import Celery

        app = Celery("probe", broker=self.redis_url, set_as_current=False)
        try:
            return [name for reply in app.control.ping(timeout=1.0) for name in reply]
        finally:
            app.close()

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])


def _full_name(info: dict) -> str:
    return info["name"] if info["group"] == info["name"] else f"{info['group']}:{info['name']}"


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Celery's pool processes, say)."""
    found = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # it ended meanwhile
        if int(fields[1]) == pid:
            found.add(int(stat.parent.name))
    return found


def _free_ports(count: int) -> int:
    """The first of ``count`` consecutive free loopback ports."""
    for _ in range(100):
        first = _free_port()
        if all(_is_free(first + offset) for offset in range(1, count)):
            return first
    raise RuntimeError(f"No {count} consecutive free ports.")


def _is_free(port: int) -> bool:
    with socket.socket() as sock:
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


@contextmanager
def serving(tmp: Path, *, web_processes: int, worker_processes: int, redis_url: str, bot_delay_ms: str):
    """Run bin/serve on a fresh database; stop it (and anything it started) afterwards."""
    database_url, drop_database = _e2e_database(tmp)
    port = _free_ports(web_processes)
    origins = ",".join(f"http://127.0.0.1:{port + offset}" for offset in range(web_processes))
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "CARDCLUB_VAR_DIR": str(tmp / "var"),
        "HOST": "127.0.0.1",
        "PORT": str(port),
        "WEB_PROCESSES": str(web_processes),
        "WORKER_PROCESSES": str(worker_processes),
        "BOT_DELAY_MS": bot_delay_ms,
        "DJANGO_CSRF_TRUSTED_ORIGINS": origins,
        "DJANGO_TRUSTED_PROXIES": "",
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    log = tmp / "serve.log"
    with open(log, "w") as output:
        process = subprocess.Popen(
            ["bin/serve"], cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT, start_new_session=True
        )
    site = Site(env, log)
    try:
        deadline = time.monotonic() + START_SECONDS
        while not site.up():
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail(f"bin/serve did not come up:\n{site.log_tail()}")
            time.sleep(0.5)
        yield site
    finally:
        _stop(process)
        drop_database()


def _stop(process: subprocess.Popen) -> None:
    """SIGTERM to supervisord stops every program; whatever is left of the session is killed."""
    process.terminate()
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        pass
    subprocess.run(["pkill", "-KILL", "-s", str(process.pid)], check=False)
    process.wait(timeout=10)


@contextmanager
def redis_server(tmp: Path):
    """A Redis of the test's own, outside the supervisor, as an external one would be."""
    port = _free_port()
    url = f"redis://127.0.0.1:{port}/0"
    process = subprocess.Popen(
        [REDIS_SERVER, "--port", str(port), "--bind", "127.0.0.1", "--dir", str(tmp), "--save", "",
         "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
    )
    try:
        wait_until(lambda: answers_redis(url), 30, f"a Redis answers at {url}")
        yield url
    finally:
        process.terminate()
        process.wait(timeout=10)


@pytest.fixture(scope="module")
def one_machine_site(tmp_path_factory):
    """`make serve` on one machine: a web process, a worker per queue, one beat, and a
    Redis under the supervisor too (none answers at REDIS_URL); bots move after 50-150 ms."""
    tmp = tmp_path_factory.mktemp("one-machine")
    redis_url = f"redis://127.0.0.1:{_free_port()}/0"
    with serving(tmp, web_processes=1, worker_processes=1, redis_url=redis_url, bot_delay_ms="50,150") as site:
        yield site


@pytest.fixture(scope="module")
def scaled_out_site(tmp_path_factory):
    """Two web processes, two workers per queue, one beat, one database and one Redis
    that answers before bin/serve starts (so it starts none); bots move after 100-200 ms."""
    tmp = tmp_path_factory.mktemp("scaled-out")
    with redis_server(tmp) as redis_url:
        with serving(tmp, web_processes=2, worker_processes=2, redis_url=redis_url, bot_delay_ms="100,200") as site:
            yield site


class BrowserThread:
    """Debian's chromium through Playwright's sync API, in a thread of its own: the
    browser tests may hold that API in the main thread already, and it runs only once
    per thread. ``run(step, *args)`` runs a function of Playwright calls there."""

    def __init__(self):
        from playwright.sync_api import sync_playwright

        self._thread = ThreadPoolExecutor(max_workers=1)
        self._playwright = self.run(lambda: sync_playwright().start())
        self._browser = self.run(
            lambda: self._playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        )

    def run(self, step, *args):
        return self._thread.submit(step, *args).result()

    def new_page(self, base_url: str):
        def open_page():
            page = self._browser.new_context(base_url=base_url).new_page()
            page.set_default_timeout(15000)
            return page

        return self.run(open_page)

    def close(self) -> None:
        self.run(self._browser.close)
        self.run(self._playwright.stop)
        self._thread.shutdown()


@pytest.fixture(scope="module")
def browser_thread():
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: `make test` installs it (apt-get install chromium).")
    browser = BrowserThread()
    yield browser
    browser.close()
