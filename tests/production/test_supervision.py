"""Under `make serve` (bin/serve: supervisord) the site heals itself. Ann plays Court
Piece against three bots on a 5-second clock in a real browser while each kind of
process is SIGKILLed in turn, mid-game: the web process, the timers worker (its main
process, then one of its pool processes), the bots worker, beat and Redis. Each test
prints how long the site took to come back (run with -s to see it)."""

import os
import re
import signal
import subprocess
import time
from datetime import datetime

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from tests.e2e.helpers import start
from tests.production.conftest import ROOT, answers_http, answers_redis, children, wait_until

pytestmark = pytest.mark.e2e

HEAL_SECONDS = 60  # each wait below is bounded by this; what it takes is printed
CLOCK_SECONDS = 5
ANN = 0  # the host's seat
# Counted in the page before its own scripts run (Playwright's init scripts are not
# subject to the site's Content-Security-Policy).
COUNT_SOCKET_OPENS = "window.socketOpens = 0; document.addEventListener('htmx:wsOpen', () => window.socketOpens++);"
KILLS = {  # what is killed -> its supervisorctl name ({port}: the web process's)
    "web": "web:web-{port}",
    "timers": "timers:timers-1",
    "timers pool process": "timers:timers-1",
    "bots": "bots:bots-1",
    "beat": "beat",
    "redis": "redis",
}
STAYS_CONNECTED = ("timers", "timers pool process", "bots", "beat")


class Table:
    """Ann's Court Piece table: her page (in the browser's thread) and its room's rows."""

    def __init__(self, site, browser):
        self.site = site
        self.browser = browser
        self.page = browser.new_page(site.urls[0])
        self.code = browser.run(_create_and_start, self.page)
        self.room_id = site.database.value("SELECT id FROM rooms_room WHERE code = %s", self.code)

    def version(self) -> int:
        return self.site.database.value("SELECT version FROM rooms_room WHERE id = %s", self.room_id)

    def last_action_id(self) -> int:
        return self.site.database.value(
            "SELECT COALESCE(MAX(a.id), 0) FROM rooms_matchaction a JOIN rooms_match m ON m.id = a.match_id"
            " WHERE m.room_id = %s", self.room_id,
        )

    def action_after(self, action_id: int, source: str, seat: int | None = None) -> int | None:
        """The id of the first ``source`` action (at ``seat``) recorded after ``action_id``."""
        rows = self.site.database.rows(
            "SELECT a.id, a.seat FROM rooms_matchaction a JOIN rooms_match m ON m.id = a.match_id"
            " WHERE m.room_id = %s AND a.id > %s AND a.source = %s ORDER BY a.id", self.room_id, action_id, source,
        )
        return next((id_ for id_, at in rows if seat is None or at == seat), None)

    def seconds_late(self, action_id: int) -> float:
        """How long after its deadline a timeout was played."""
        played, due = self.site.database.rows(
            "SELECT created_at, due_at FROM rooms_matchaction WHERE id = %s", action_id
        )[0]
        return round((_moment(played) - _moment(due)).total_seconds(), 1)

    def page_version(self) -> int:
        return int(self.browser.run(lambda: self.page.locator("#table-public").get_attribute("data-version")))

    def socket_opens(self) -> int:
        return self.browser.run(lambda: self.page.evaluate("window.socketOpens"))

    def play_a_move(self, after: int) -> int:
        """Ann clicks a move whenever one is offered until one of hers is recorded."""

        def played():
            self.browser.run(_click_an_offered_move, self.page)
            return self.action_after(after, "player", ANN)

        return wait_until(played, HEAL_SECONDS, "Ann's move through her page is recorded")


def _moment(value) -> datetime:
    """A timestamp as PostgreSQL (a datetime) or SQLite (its text) gives it back."""
    return value if isinstance(value, datetime) else datetime.fromisoformat(value)


def _create_and_start(page) -> str:
    page.add_init_script(COUNT_SOCKET_OPENS)
    page.goto("/rooms/new/courtpiece/")
    page.get_by_label("Winning points").fill("100")  # the game lasts longer than the test
    page.get_by_label("Bet").fill("25")
    page.get_by_label("Seconds per move").fill(str(CLOCK_SECONDS))
    page.get_by_test_id("create-room").click()
    expect(page).to_have_url(re.compile(r"/rooms/\d{6}/$"))
    start(page)  # the empty seats get bots
    expect(page.locator("#table-public.table.courtpiece")).to_be_visible()
    return page.url.rstrip("/").rsplit("/", 1)[1]


def _click_an_offered_move(page) -> None:
    buttons = page.locator("#table-private .actions:not(.sent) button:visible")
    try:
        if buttons.count():
            buttons.first.click(timeout=1000)
    except PlaywrightError:
        pass  # the table was replaced by a push meanwhile: the caller looks again


@pytest.fixture(scope="module")
def table(one_machine_site, browser_thread):
    table = Table(one_machine_site, browser_thread)
    wait_until(lambda: table.action_after(0, "bot"), HEAL_SECONDS, "a bot moves")
    return table


def test_servectl_shows_every_program_running(one_machine_site):
    """bin/servectl (supervisorctl with bin/serve's settings) lists the web process on
    its port, a worker per queue, beat and the Redis it started, all running."""
    result = subprocess.run(["bin/servectl", "status"], cwd=ROOT, env=one_machine_site.env,
                            capture_output=True, text=True, timeout=30, check=True)
    states = dict(line.split()[:2] for line in result.stdout.splitlines())
    port = one_machine_site.ports[0]
    programs = (f"web:web-{port}", "timers:timers-1", "bots:bots-1", "strong-bots:strong-bots-1", "beat", "redis")
    assert states == {name: "RUNNING" for name in programs}


def _kill(site, kind: str, name: str) -> float:
    """SIGKILL the process; the seconds until its replacement runs."""
    killed_at = time.monotonic()
    if kind == "timers pool process":
        main = site.pid(name)
        pool = wait_until(lambda: children(main), HEAL_SECONDS, "the timers worker has its pool")
        os.kill(min(pool), signal.SIGKILL)
        wait_until(lambda: len(children(main) - pool) == 1 and len(children(main)) == len(pool), HEAL_SECONDS,
                   "the worker replaces its pool process")
        assert site.pid(name) == main, "the worker itself went on: supervisord had nothing to do"
    else:
        old = site.pid(name)
        os.kill(old, signal.SIGKILL)
        wait_until(lambda: site.running_pid_other_than(name, old), HEAL_SECONDS,
                   f"supervisord starts a new {kind} process")
    return time.monotonic() - killed_at


def _ready(site, kind: str) -> bool:
    """The replacement does its job: the web process answers, Redis answers, a worker
    answers Celery's ping (beat cannot be asked: the game going on shows it)."""
    if kind == "redis":
        return answers_redis(site.redis_url)
    if kind in ("timers", "bots"):
        return any(name.startswith(f"{kind}-1@") for name in site.workers_answering())
    return answers_http(site.urls[0])


@pytest.mark.parametrize("kind", list(KILLS))
def test_after_a_sigkill_mid_game_the_site_comes_back_and_the_game_goes_on(one_machine_site, table, kind):
    """SIGKILL one process while Ann plays: within seconds supervisord runs a new one
    (a Celery worker replaces a pool process itself) and it does its job; the home page
    answers; a bot moves and Ann's page shows that table or a newer one (it reconnects
    by itself when its web process died, and stays connected through a worker's or
    beat's death); Ann's 5-second timer still fires and plays her default; and her next
    move goes through."""
    site = one_machine_site
    name = KILLS[kind].format(port=site.ports[0])
    mark = table.last_action_id()
    opens = table.socket_opens()
    killed_at = time.monotonic()

    def since_kill() -> float:
        return round(time.monotonic() - killed_at, 1)

    respawn = round(_kill(site, kind, name), 1)
    wait_until(lambda: _ready(site, kind), HEAL_SECONDS, f"the new {kind} process does its job")
    ready = since_kill()
    wait_until(lambda: answers_http(site.urls[0]), HEAL_SECONDS, "the home page answers")
    wait_until(lambda: table.action_after(mark, "bot"), HEAL_SECONDS, "a bot moves")
    bot_moved = since_kill()
    current = table.version()
    wait_until(lambda: table.page_version() >= current, HEAL_SECONDS,
               f"Ann's page shows version {current} or later")
    page_whole = since_kill()
    timeout = wait_until(lambda: table.action_after(mark, "timeout", ANN), HEAL_SECONDS, "Ann's turn times out")
    late = table.seconds_late(timeout)
    if kind == "web":
        assert table.socket_opens() > opens, "the page reconnected by itself"
    elif kind in STAYS_CONNECTED:
        assert table.socket_opens() == opens, "the page stayed connected"
    table.play_a_move(after=mark)  # also keeps a stand-in bot from taking Ann's seat
    print(f"\nSIGKILL {kind}: a new process after {respawn} s, doing its job after {ready} s; a bot moved "
          f"after {bot_moved} s; Ann's page was whole after {page_whole} s; her next timeout fired {late} s "
          "after its deadline")
