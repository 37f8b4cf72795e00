"""The Content-Security-Policy in a real browser: the live site sends it, everything a
person or a staff member does works under it, and it blocks what an attacker injects."""

import subprocess
import sys
import time
import uuid

import pytest
from csp.utils import build_policy
from django.conf import settings
from playwright.sync_api import expect

from tests.e2e.conftest import ROOT
from tests.e2e.helpers import add_bots, play_until
from tests.e2e.test_disunyer_browser import create_room
from tests.e2e.test_leaderboard_browser import sign_up
from tests.test_csp import parse_policy

PASSWORD = "s-Strong-pass-61"

# Each violation the page reports, with what was blocked and where.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => window.reportCspViolation({
  directive: event.effectiveDirective, blocked: event.blockedURI, sample: event.sample, page: location.pathname,
}));
"""


def watch_violations(context, violations: list[dict]) -> None:
    """Every page of ``context`` opened from now on appends its policy violations to ``violations``."""
    context.expose_function("reportCspViolation", lambda violation: violations.append(violation))
    context.add_init_script(REPORT_VIOLATIONS)


def wait_for(violations: list, count: int, page, seconds: float = 5) -> None:
    """Until ``count`` violations are reported (they arrive a moment after the fact)."""
    deadline = time.monotonic() + seconds
    while len(violations) < count and time.monotonic() < deadline:
        page.wait_for_timeout(50)


@pytest.fixture
def staff_name(live_env) -> str:
    """A staff account on the live site, made the way an operator makes one."""
    name = f"bea{uuid.uuid4().hex[:6]}"
    subprocess.run(
        [sys.executable, "manage.py", "createsuperuser", "--noinput", "--username", name,
         "--email", f"{name}@example.com"],
        cwd=ROOT, env={**live_env, "DJANGO_SUPERUSER_PASSWORD": PASSWORD}, check=True, capture_output=True,
    )
    return name


def log_in(page, name: str) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(name)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_test_id("who")).to_have_text(name)


def test_the_live_site_sends_the_policy_of_the_settings(new_page):
    """Pages served by uvicorn carry exactly the policy config/settings.py defines,
    which allows no inline script."""
    page = new_page("about:blank")
    expected = parse_policy(build_policy())
    assert expected["script-src"] == ["'self'"]
    for path in ("/", "/rooms/", "/accounts/login/", "/" + settings.ADMIN_URL + "login/"):
        assert parse_policy(page.goto(path).headers["content-security-policy"]) == expected, path


def test_ann_plays_reacts_and_logs_in_and_out_and_bea_uses_the_admin_without_a_violation(new_page, staff_name):
    """Ann signs up, creates a room, fills it with bots, plays over the WebSocket to
    the end of the game, sends a reaction, then logs out and in again; Bea, staff,
    opens the admin and selects a match. No page reports a policy violation (and the
    fixture fails the test on any console error, which a violation also is)."""
    violations = []
    ann = new_page("about:blank")
    watch_violations(ann.context, violations)
    ann.goto("/")
    ann_name = f"ann{uuid.uuid4().hex[:6]}"
    sign_up(ann, ann_name, PASSWORD)
    create_room(ann)
    add_bots(ann, 7)
    expect(ann.get_by_test_id("my-card").locator(".card")).to_be_visible()
    assert play_until(ann, "game-over", seconds=180) > 0
    expect(ann.get_by_test_id("results").locator("tbody tr")).to_have_count(8)
    ann.get_by_role("button", name="Send 👍").click()
    expect(ann.locator("#reactions .reaction")).to_contain_text(ann_name)
    ann.get_by_role("button", name="Log out").click()
    expect(ann.get_by_role("link", name="Log in")).to_be_visible()
    log_in(ann, ann_name)

    bea = new_page("about:blank")
    watch_violations(bea.context, violations)
    log_in(bea, staff_name)
    admin = "/" + settings.ADMIN_URL
    bea.goto(admin)
    expect(bea.locator("#site-name")).to_be_visible()
    bea.goto(admin + "rooms/match/")
    bea.locator("input.action-select").first.check()
    expect(bea.locator(".action-counter")).to_contain_text("1 of")
    bea.goto(admin + "rooms/room/")
    bea.locator("#result_list th a").first.click()
    expect(bea.locator("#content h1")).to_be_visible()
    assert violations == []


def test_an_injected_inline_script_an_eval_and_a_foreign_socket_are_blocked(browser, live_site):
    """Code an attacker slips into a page does not run: an inline <script> and a string
    compiled as code (eval) are refused, and so is a WebSocket to another origin; each
    is reported."""
    context = browser.new_context(base_url=live_site)
    try:
        violations = []
        watch_violations(context, violations)
        page = context.new_page()
        page.goto("/rooms/")
        page.evaluate("""() => {
          const script = document.createElement("script");
          script.textContent = "window.injected = true";
          document.body.append(script);
        }""")
        wait_for(violations, 1, page)
        assert page.evaluate("() => window.injected") is None
        assert [(v["directive"], v["blocked"]) for v in violations] == [("script-src-elem", "inline")]

        page.evaluate("() => { setTimeout('window.evaluated = true', 0); }")  # a string is compiled: eval
        wait_for(violations, 2, page)
        assert page.evaluate("() => window.evaluated") is None
        page.evaluate("() => { new WebSocket('ws://127.0.0.1:9/ws/'); }")
        wait_for(violations, 3, page)
        assert [(v["directive"], v["blocked"]) for v in violations] == [
            ("script-src-elem", "inline"), ("script-src", "eval"), ("connect-src", "ws://127.0.0.1:9/ws/")]
    finally:
        context.close()
