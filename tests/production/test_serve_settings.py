"""bin/serve (make serve) stops at once with a message naming the setting when a value
it reads is bad, before it migrates or starts anything."""

import os
import subprocess

import pytest

from tests.production.conftest import ROOT


@pytest.mark.parametrize(
    "settings, message",
    [
        ({"WEB_PROCESSES": "0"}, "WEB_PROCESSES=0 must be a whole number from 1 to 64."),
        ({"WORKER_PROCESSES": "two"}, "WORKER_PROCESSES=two must be a whole number from 1 to 64."),
        ({"PORT": "08"}, "PORT=08 must be a whole number from 1 to 65535."),
        ({"PORT": "65535", "WEB_PROCESSES": "2"}, "PORT=65535 must be a whole number from 1 to 65534."),
    ],
)
def test_a_bad_setting_stops_bin_serve_with_a_message(tmp_path, settings, message):
    env = {**os.environ, "CARDCLUB_VAR_DIR": str(tmp_path), **settings}
    result = subprocess.run(["bin/serve"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=60)
    assert result.returncode == 1
    assert result.stderr.strip() == message
    assert list(tmp_path.iterdir()) == [], "nothing was started or written"
