"""Real-browser tests: the site runs as it does under `make run` — uvicorn, a Celery
worker for timers and bots, one beat — on its own database and Redis database, and
Debian's chromium drives it through Playwright."""

import os
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = Path(sys.executable).parent
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--no-first-run", "--disable-quic",
]


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _e2e_database(tmp_path: Path) -> tuple[str, callable]:
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
def live_site(tmp_path_factory, redis_url):
    """Start the whole site; yield its base URL; stop it afterwards."""
    tmp = tmp_path_factory.mktemp("live")
    database_url, drop_database = _e2e_database(tmp)
    port = _free_port()
    env = {
        **os.environ,
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url.rsplit("/", 1)[0] + "/1",
        "CARDCLUB_VAR_DIR": str(tmp / "var"),
        "CACHE_KEY_PREFIX": "e2e",
        "BOT_DELAY_MS": os.environ.get("BOT_DELAY_MS", "50,150"),
        "DJANGO_SETTINGS_MODULE": "config.settings",
    }
    subprocess.run([sys.executable, "manage.py", "migrate", "--noinput", "-v0"], cwd=ROOT, env=env, check=True)
    logs = tmp / "logs"
    logs.mkdir()
    commands = {
        "web": [str(VENV_BIN / "uvicorn"), "config.asgi:application", "--host", "127.0.0.1",
                "--port", str(port), "--ws-max-size", "65536", "--no-access-log"],
        "worker": [str(VENV_BIN / "celery"), "-A", "config", "worker", "--queues", "timers,bots",
                   "--concurrency", "2", "--loglevel", "WARNING", "--hostname", f"e2e-{port}@%h"],
        "beat": [str(VENV_BIN / "celery"), "-A", "config", "beat", "--loglevel", "WARNING",
                 "--schedule", str(tmp / "beat-schedule")],
    }
    def launch(name):
        log = open(logs / f"{name}.log", "a")  # noqa: SIM115 - the process writes it until stopped
        _RUNNING[name] = subprocess.Popen(commands[name], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)

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
        drop_database()


_RUNNING: dict = {}


def _stop(process) -> None:
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


@pytest.fixture
def restart_web_server(live_site):
    """Stop the ASGI server and start a new one on the same port, as a deploy would."""

    def restart():
        _RUNNING["web"].terminate()
        _stop(_RUNNING["web"])
        _RUNNING["relaunch"]("web")
        _wait_for(live_site)

    return restart


def _wait_for(base_url: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base_url + "/", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    pytest.fail(f"The site did not come up at {base_url}.")


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail("Debian's chromium is missing: `make test` installs it (apt-get install chromium).")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield chromium
        chromium.close()


RESTART_NOISE = ("WebSocket connection to", "[object Event]")


@pytest.fixture
def new_page(browser, live_site, request):
    """Open pages in fresh browser contexts (separate people); fail on console errors."""
    contexts = []
    errors = []

    def open_page(path: str = "/", **context_options):
        context = browser.new_context(base_url=live_site, **context_options)
        contexts.append(context)
        page = context.new_page()
        page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.set_default_timeout(15000)
        page.goto(path)
        return page

    yield open_page
    for context in contexts:
        context.close()
    if "restart_web_server" in request.fixturenames:  # the socket drops while the server restarts
        errors = [error for error in errors if not error.startswith(RESTART_NOISE)]
    assert errors == [], f"The browser console reported errors: {errors}"
