"""`bin/run` (what `make run` runs after installing) serves the site at the URL it prints."""

import os
import re
import signal
import subprocess
import time
import urllib.request
from pathlib import Path

from tests.e2e.conftest import _free_port

ROOT = Path(__file__).resolve().parents[2]


def test_run_prints_its_url_and_serves_the_home_page(redis_url, tmp_path):
    env = {
        **os.environ,
        "PORT": str(_free_port()),
        "REDIS_URL": redis_url.rsplit("/", 1)[0] + "/2",
        "CARDCLUB_VAR_DIR": str(tmp_path),
        "DATABASE_URL": f"sqlite:///{tmp_path / 'run.sqlite3'}",
    }
    log_path = tmp_path / "run.log"
    with open(log_path, "w") as log:
        process = subprocess.Popen(
            ["bin/run"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
    try:
        url = _printed_url(log_path, process)
        assert url == f"http://127.0.0.1:{env['PORT']}/"
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(url, timeout=2) as response:
                    assert b"Card Club" in response.read()
                    return
            except OSError:
                time.sleep(0.3)
        raise AssertionError(f"Nothing answered at {url}.")
    finally:
        _stop_everything(process)


def _printed_url(log_path: Path, process) -> str:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and process.poll() is None:
        if match := re.search(r"Card Club is at (http://\S+)", log_path.read_text()):
            return match.group(1)
        time.sleep(0.2)
    raise AssertionError(f"No URL was printed:\n{log_path.read_text()}")


def _stop_everything(process) -> None:
    """Ctrl-C, as a person would; then make sure nothing of the session is left running."""
    os.killpg(process.pid, signal.SIGINT)
    try:
        process.wait(timeout=30)
    except subprocess.TimeoutExpired:
        pass
    subprocess.run(["pkill", "-KILL", "-s", str(process.pid)], check=False)
