"""A game's record in a real browser: Ann finishes a Disunyer game with bots on a phone,
opens its replay, downloads the game's record from it, and ``manage.py verify_record``
replays the file and says it verifies; the same file with one move changed does not."""

import json
import subprocess
import sys
from pathlib import Path

from playwright.sync_api import expect

from tests.e2e.helpers import PHONE
from tests.e2e.test_fairness_browser import a_game_with_bots_played_out

ROOT = Path(__file__).resolve().parents[2]


def test_a_player_downloads_a_finished_games_record_from_its_replay_and_it_verifies(new_page, live_env, tmp_path):
    ann = new_page("/", **PHONE)
    code = a_game_with_bots_played_out(ann)

    ann.goto(f"/rooms/{code}/replay/")
    link = ann.get_by_test_id("download-record")
    expect(link).to_be_in_viewport()
    with ann.expect_download() as download:
        link.click()
    assert download.value.suggested_filename == f"game-{code}.json"
    path = tmp_path / download.value.suggested_filename
    download.value.save_as(path)

    run = [sys.executable, "manage.py", "verify_record"]
    checked = subprocess.run([*run, str(path)], cwd=ROOT, env=live_env, capture_output=True, text=True, timeout=120)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert f"{path} verifies" in checked.stdout

    record = json.loads(path.read_text())
    record["actions"][0]["seat"] = (record["actions"][0]["seat"] + 1) % len(record["seats"])
    path.write_text(json.dumps(record))
    tampered = subprocess.run([*run, str(path)], cwd=ROOT, env=live_env, capture_output=True, text=True, timeout=120)
    assert tampered.returncode == 1
    assert "Move 1 cannot be played at that point of the game." in tampered.stderr
