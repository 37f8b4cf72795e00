"""config/collector.py: the web process, once its application is loaded, has frozen what
it made at start-up (no collection walks it again) and collects its young objects less
often, so full collections no longer stall every table (docs/performance.md)."""

import json
import subprocess
import sys

from config.collector import THRESHOLDS

SHOW = "import gc, json, config.asgi; print(json.dumps([gc.get_threshold(), gc.get_freeze_count()]))"


def test_loading_the_asgi_application_tunes_the_collector():
    served = subprocess.run([sys.executable, "-c", SHOW], capture_output=True, text=True, check=True, timeout=120)
    shown = served.stdout.splitlines()[-1]
    thresholds, frozen = json.loads(shown)
    assert tuple(thresholds) == THRESHOLDS != (700, 10, 10)
    assert frozen > 10_000
