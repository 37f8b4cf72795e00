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
    process = subprocess.Popen(
        ["bin/run"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        start_new_session=True,
    )
    try:
        url = None
        for line in process.stdout:
            if match := re.search(r"Card Club is at (http://\S+)", line):
                url = match.group(1)
                break
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
        os.killpg(process.pid, signal.SIGINT)
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
