"""Real-browser tests: the site runs as it does under `make run` — uvicorn, a Celery
worker for timers and bots, one beat — on its own database and Redis database, and
Debian's chromium drives it through Playwright."""

import http.client
import os
import socket
import subprocess
import sys
import time
import urllib.parse
import uuid
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.e2e.watchdog import BrowserStoppedAnswering, Watchdog

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
WEB = ROOT / "bin" / "web"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _e2e_database(tmp_path: Path) -> tuple[str, Callable[[], None]]:
    """A fresh database for the live site, of the same kind as the suite's."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        return f"sqlite:///{tmp_path / 'e2e.sqlite3'}", lambda: None
    import psycopg

    name = f"e2e_{uuid.uuid4().hex[:10]}"
    base, _, _ = url.rpartition("/")
    with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')

    def drop():
        with psycopg.connect(f"{base}/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

    return f"{base}/{name}", drop


@pytest.fixture(scope="session")
def live_env(tmp_path_factory, redis_url):
    """The live site's environment: its own migrated database (dropped afterwards), Redis
    database, var/ and logs/ directories; no trusted proxy; no limit per client address
    that the session's tests, all from one address, would add up to."""
    tmp = tmp_path_factory.mktemp("live")
    database_url, drop_database = _e2e_database(tmp)
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url.rsplit("/", 1)[0] + "/1",
        "CARDCLUB_VAR_DIR": str(tmp / "var"),
        "CACHE_KEY_PREFIX": "e2e",
        "BOT_DELAY_MS": os.environ.get("BOT_DELAY_MS", "50,150"),
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DJANGO_TRUSTED_PROXIES": "",
        "HOST": "127.0.0.1",
        # Every browser test signs up and logs in from 127.0.0.1, for the whole session.
        "SIGNUPS_PER_ADDRESS_PER_DAY": "10000",
        "LOGIN_FAILURES_PER_ADDRESS": "10000",
        "API_REQUESTS_PER_MINUTE": "10000",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    (tmp / "logs").mkdir()
    try:
        yield env
    finally:
        drop_database()


def _log_file(env: dict, name: str):
    return open(Path(env["CARDCLUB_VAR_DIR"]).parent / "logs" / f"{name}.log", "a")  # noqa: SIM115 - the process writes it until stopped


@pytest.fixture(scope="session")
def live_site(live_env):
    """Start the whole site (the web tier through bin/web, as every way of running it
    does); yield its base URL; stop it afterwards."""
    port = _free_port()
    env = {**live_env, "WEB_PORT": str(port)}
    commands = {
        "web": [str(WEB)],
        "worker": [str(VENV_BIN / "celery"), "-A", "config", "worker", "--queues", "timers,bots,strong-bots",
                   "--concurrency", "2", "--loglevel", "WARNING", "--hostname", f"e2e-{port}@%h"],
        "beat": [str(VENV_BIN / "celery"), "-A", "config", "beat", "--loglevel", "WARNING",
                 "--schedule", str(Path(env["CARDCLUB_VAR_DIR"]).parent / "beat-schedule")],
    }
    def launch(name):
        _RUNNING[name] = subprocess.Popen(
            commands[name], cwd=ROOT, env=env, stdout=_log_file(env, name), stderr=subprocess.STDOUT
        )

    for name in commands:
        launch(name)
    base_url = f"http://127.0.0.1:{port}"
    _RUNNING["relaunch"] = launch
    try:
        _wait_for(base_url)
        yield base_url
    finally:
        _RUNNING.pop("relaunch")
        for process in _RUNNING.values():
            process.terminate()
        for process in _RUNNING.values():
            _stop(process)
        _RUNNING.clear()


@pytest.fixture
def start_web_server(live_env, live_site):
    """Start one more web process through bin/web, on the live site's database and Redis,
    with extra environment variables (``DJANGO_TRUSTED_PROXIES="127.0.0.1"``, say); its
    base URL. Stopped after the test."""
    started = []

    def start(**extra_env: str) -> str:
        port = _free_port()
        env = {**live_env, **extra_env, "WEB_PORT": str(port)}
        started.append(subprocess.Popen(
            [str(WEB)], cwd=ROOT, env=env, stdout=_log_file(env, f"web-{port}"), stderr=subprocess.STDOUT
        ))
        base_url = f"http://127.0.0.1:{port}"
        _wait_for(base_url)
        return base_url

    yield start
    for process in started:
        process.terminate()
    for process in started:
        _stop(process)


_RUNNING: dict = {}


def _stop(process) -> None:
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture
def restart_web_server(live_site):
    """Stop the ASGI server and start a new one on the same port, as a deploy would
    (after ``down_seconds`` with nothing listening, as a slow restart would)."""

    def restart(down_seconds: float = 0):
        _RUNNING["web"].terminate()
        _stop(_RUNNING["web"])
        time.sleep(down_seconds)
        _RUNNING["relaunch"]("web")
        _wait_for(live_site)

    return restart


def _wait_for(base_url: str, seconds: float = 30) -> None:
    """Until the home page answers: 200, or 301 from a site that sends plain HTTP to HTTPS."""
    url = urllib.parse.urlsplit(base_url)
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        connection = http.client.HTTPConnection(url.netloc, timeout=2)
        try:
            connection.request("GET", "/")
            if connection.getresponse().status in (200, 301):
                return
        except OSError:
            pass  # not listening yet
        finally:
            connection.close()
        time.sleep(0.2)
    pytest.fail(f"The site did not come up at {base_url}.")


class Browsers:
    """Debian's chromium, launched once for the session and again whenever the watchdog
    had to kill it (``tests/e2e/watchdog.py``)."""

    def __init__(self, playwright):
        self._playwright = playwright
        self._browser = None
        self.watchdog = Watchdog(playwright._impl_obj._loop)

    def current(self):
        if self._browser is None or not self._browser.is_connected():
            self._browser = self._playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True
            )
        return self._browser

    def close(self) -> None:
        self.watchdog.stop()
        if self._browser is not None and self._browser.is_connected():
            self._browser.close()


@pytest.fixture(scope="session")
def browsers():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: `make test` installs it (apt-get install chromium).")
    with sync_playwright() as playwright:
        launched = _SESSION["browsers"] = Browsers(playwright)
        yield launched
        del _SESSION["browsers"]
        launched.close()


@pytest.fixture
def browser(browsers):
    return browsers.current()


_SESSION: dict = {}  # the session's Browsers, for the hooks below


def _hangs() -> list[str]:
    return _SESSION["browsers"].watchdog.hangs if "browsers" in _SESSION else []


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(items):
    """A browser test whose browser stopped answering runs once more, in a new browser;
    a test that fails in any other way fails. The browser tests run last (after
    pytest-django's own ordering): Playwright's sync API keeps an event loop running in
    the main thread for the rest of the session, where no async test can then run."""
    for item in items:
        if _is_a_browser_test(item):
            item.add_marker(pytest.mark.flaky(reruns=1, only_rerun=[BrowserStoppedAnswering]))
    items.sort(key=_is_a_browser_test)


def _is_a_browser_test(item) -> bool:
    return item.path.is_relative_to(Path(__file__).parent)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    return (yield from _failed_as_a_hang_if_the_watchdog_fired())


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    return (yield from _failed_as_a_hang_if_the_watchdog_fired())


def _failed_as_a_hang_if_the_watchdog_fired():
    hangs_before = len(_hangs())
    try:
        return (yield)
    except Exception as error:
        if len(_hangs()) > hangs_before:
            raise BrowserStoppedAnswering(f"The browser stopped answering at:\n{_hangs()[-1]}") from error
        raise


# What the browser reports while the server is down: the socket dropping, and a request
# (an htmx one, a reconnect's page) refused.
RESTART_NOISE = ("WebSocket connection to", "[object Event]", "Failed to load resource: net::ERR_CONNECTION_REFUSED")


@pytest.fixture
def new_page(browsers, live_site, request):
    """Open pages in fresh browser contexts (separate people); fail on console errors."""
    contexts = []
    errors = []

    def open_page(path: str = "/", **context_options):
        context = browsers.current().new_context(base_url=live_site, **context_options)
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(15000)
        page.goto(path)
        return page

    yield open_page
    for context in contexts:
        if context.browser.is_connected():  # else the watchdog killed it, and its contexts
            context.close()
    if "restart_web_server" in request.fixturenames:  # the socket drops while the server restarts
        errors = [error for error in errors if not error.startswith(RESTART_NOISE)]
    assert errors == [], f"The browser console reported errors: {errors}"
