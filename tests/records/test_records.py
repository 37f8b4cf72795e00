"""A game's record (docs/records.md): downloaded from the replay page, it replays and
verifies with ``manage.py verify_record``, through the verify page's own check; a
tampered or malformed record fails with a sentence that says why, never a traceback.
Named guests: Ann hosts, Bea plays, Zed watches."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rooms.actions import lifecycle
from rooms.fairness import commitment
from rooms.gamerules import rules_for
from rooms.replays.records import ENDED_BY_STAFF, FORMAT, MalformedRecord, replayed
from tests.rooms.fairness_games import GAMES, ended_by_staff_in_round, finished_room, started_room
from tests.rooms.helpers import ANN, BEA, ZED, client_for, fresh

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def downloaded(room, person=ZED):
    return client_for(person).get(reverse("rooms:game_record", kwargs={"code": room.code}))


def saved(record: dict, tmp_path: Path) -> Path:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def verdict_of(path: Path) -> str:
    """What the command says of the file, or its error (``CommandError``)."""
    try:
        call_command("verify_record", str(path), stdout=(out := _Text()))
    except CommandError as error:
        return f"FAILED {error}"
    return out.text


class _Text:
    def __init__(self):
        self.text = ""

    def write(self, text):
        self.text += text


def record_of_game(game: str) -> dict:
    """A finished public game of ``game``, its record as the replay page downloads it."""
    return json.loads(downloaded(finished_room(game)).content)


@pytest.mark.parametrize("game", GAMES)
def test_a_downloaded_record_replays_and_verifies_with_the_command(game, tmp_path):
    room = finished_room(game)
    response = downloaded(room)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == f'attachment; filename="game-{room.code}.json"'
    record = json.loads(response.content)
    match = fresh(room).match
    assert record["format"] == FORMAT and record["version"] == 1 and record["game"] == game
    assert record["seed"] == match.seed and record["salt"] == match.salt
    assert record["commitment"] == commitment(match.seed, match.salt)
    stored = list(match.actions.order_by("number").values_list("seat", "action", "source"))
    assert [(move["seat"], move["action"], move["by"]) for move in record["actions"]] == stored
    assert record["outcome"]["places"] == rules_for(game).engine.outcome(match.state)["places"]
    assert [seat["name"] for seat in record["seats"]] == [seat.name for seat in room.seats.all()]
    assert {seat["kind"] for seat in record["seats"]} == {"person", "bot"}
    path = tmp_path / f"game-{room.code}.json"
    path.write_bytes(response.content)
    said = verdict_of(path)
    assert said.startswith(f"{path} verifies: its {len(stored)} moves replay from its seed"), said


def test_a_record_gives_each_seats_points_as_the_leaderboard_counts_them():
    room = finished_room("disunyer")
    record = json.loads(downloaded(room).content)
    counted = dict(room.results.values_list("seat", "points"))
    assert record["outcome"]["points"] == [counted[seat] for seat in range(len(record["seats"]))]


def test_a_changed_move_fails_with_the_move_it_breaks(tmp_path):
    for game in GAMES:
        record = record_of_game(game)
        tampered = json.loads(json.dumps(record))
        tampered["actions"][0]["action"] = {"type": "no such move"}
        assert verdict_of(saved(tampered, tmp_path)) == (
            f"FAILED {tmp_path / 'game.json'} does not verify:\n- Move 1 cannot be played at that point of the game."
        ), game
        tampered = json.loads(json.dumps(record))
        first = tampered["actions"][0]["seat"]
        tampered["actions"][0]["seat"] = (first + 1) % len(tampered["seats"])
        assert "- Move 1 cannot be played at that point of the game." in verdict_of(saved(tampered, tmp_path)), game


def test_a_changed_seed_or_salt_fails_against_the_commitment(tmp_path):
    record = record_of_game("courtpiece")
    changed_seed = {**record, "seed": "0" * 32}
    said = verdict_of(saved(changed_seed, tmp_path))
    assert said.startswith("FAILED") and "- The commitment is not SHA-256 of salt:seed" in said
    changed_salt = {**record, "salt": "f" * 32}
    assert "- The commitment is not SHA-256 of salt:seed" in verdict_of(saved(changed_salt, tmp_path))


def test_a_new_seed_with_its_own_commitment_still_fails_its_moves_or_outcome():
    """Whoever changes the seed can compute a matching commitment, but the recorded
    moves no longer replay to the recorded end."""
    for game in GAMES:
        record = record_of_game(game)
        seed = "1" * 32
        forged = {**record, "seed": seed, "commitment": commitment(seed, record["salt"])}
        checked = replayed(forged)
        assert not checked.passed, game
        assert not any("commitment" in problem for problem in checked.problems)


def test_a_changed_outcome_fails(tmp_path):
    record = record_of_game("dayous")
    places = record["outcome"]["places"]
    forged = {**record, "outcome": {**record["outcome"], "places": places[::-1]}}
    said = verdict_of(saved(forged, tmp_path))
    assert f"- Replayed from its seed, the game ends otherwise than the record says: places {places}" in said


def test_a_record_cut_short_is_not_over():
    record = record_of_game("disunyer")
    checked = replayed({**record, "actions": record["actions"][:-1]})
    assert checked.problems == [
        "Replayed from its seed, the game is not over after its last move, but the record gives an outcome."
    ]


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda record: [1, 2], "A record is a JSON object."),
        (lambda record: {**record, "format": "pgn"}, 'This is not a game record: it needs "format"'),
        (lambda record: {key: value for key, value in record.items() if key != "seed"},
         'The record\'s "seed" is missing or is not a string.'),
        (lambda record: {**record, "actions": "all of them"}, 'The record\'s "actions" is missing or is not a list.'),
        (lambda record: {**record, "game": "chess"}, "There is no game 'chess'."),
        (lambda record: {**record, "seats": record["seats"][::-1]}, 'The record\'s "seats" must be objects numbered'),
        (lambda record: {**record, "actions": [{"seat": 9, "action": {}, "by": "bot"}]}, "Move 1 must be"),
        (lambda record: {**record, "actions": [{"seat": 0, "action": {}, "by": "magic"}]}, "Move 1 must be"),
        (lambda record: {**record, "options": {"mode": "no such mode"}}, "The record's options cannot be played"),
        (lambda record: {**record, "outcome": 3}, 'The record\'s "outcome" must be an object'),
        (lambda record: {**record, "seats": [], "actions": []}, "disunyer is played by"),
        (lambda record: {**record, "options": {"mode": ["standard"]}}, "The record's options cannot be played"),
    ],
)
def test_a_malformed_record_is_refused_with_what_is_wrong(tmp_path, change, says):
    record = record_of_game("disunyer")
    with pytest.raises(MalformedRecord) as raised:
        replayed(change(json.loads(json.dumps(record))))
    assert says in str(raised.value)
    said = verdict_of(saved(change(json.loads(json.dumps(record))), tmp_path))
    assert said.startswith(f"FAILED {tmp_path / 'game.json'} is not a game record that can be checked: {says}")


def test_a_file_that_is_not_json_or_not_there_is_refused(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("{not json", encoding="utf-8")
    assert verdict_of(path).startswith(f"FAILED {path} is not JSON:")
    missing = tmp_path / "missing.json"
    assert verdict_of(missing) == f"FAILED Cannot read {missing}: No such file or directory."


def test_the_command_exits_with_1_and_a_sentence_not_a_traceback(tmp_path):
    record = record_of_game("disunyer")
    good = saved(record, tmp_path)
    run = [sys.executable, "manage.py", "verify_record"]
    passed = subprocess.run([*run, str(good)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert passed.returncode == 0 and " verifies: " in passed.stdout, passed.stderr
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps({**record, "seed": "0" * 32}), encoding="utf-8")
    failed = subprocess.run([*run, str(bad)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert failed.returncode == 1
    assert "does not verify" in failed.stderr and "Traceback" not in failed.stderr


def test_a_game_ended_by_staff_has_a_record_without_an_outcome(tmp_path):
    room = ended_by_staff_in_round("courtpiece", 2)
    record = json.loads(downloaded(room).content)
    assert record["end"] == ENDED_BY_STAFF and record["outcome"] is None
    assert verdict_of(saved(record, tmp_path)).startswith(f"{tmp_path / 'game.json'} verifies")
    assert not replayed({**record, "outcome": {"places": [1, 2, 3, 4], "winners": [0]}}).passed


def test_a_private_games_record_is_for_its_players_only():
    room = finished_room("disunyer", people=(ANN, BEA), is_public=False)
    assert downloaded(room, BEA).status_code == 200
    refused = downloaded(room, ZED)
    assert refused.status_code == 403
    assert fresh(room).match.seed not in refused.content.decode()


def test_a_game_still_being_played_has_no_record_yet():
    room = started_room("disunyer")
    refused = downloaded(room)
    assert refused.status_code == 403
    assert room.match.seed not in refused.content.decode()
    lifecycle.do_end_match(room.pk, "Ended for the test.")
    assert downloaded(room).status_code == 200


def test_the_replay_page_links_its_record():
    room = finished_room("disunyer")
    page = client_for(ZED).get(reverse("rooms:replay", kwargs={"code": room.code})).content.decode()
    link = reverse("rooms:game_record", kwargs={"code": room.code})
    assert f'href="{link}"' in page and 'data-testid="download-record"' in page


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 10) | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["type", "card", "suit", "seat"]), inner, max_size=3),
    max_leaves=6,
)


@pytest.mark.parametrize("game", GAMES)
def test_any_change_to_a_record_is_a_verdict_or_a_malformed_record_never_a_crash(game):
    """Whatever value replaces a field, a seat, a move or a move's action, checking the
    record gives a verdict or ``MalformedRecord``: the command never shows a traceback."""
    record = record_of_game(game)
    places = [
        *[(key,) for key in record],
        ("seats", 0), ("seats", 0, "seat"), *[("options", key) for key in record["options"]],
        *[("actions", number) for number in (0, 5)],
        *[("actions", number, key) for number in (0, 5) for key in ("seat", "action", "by")],
    ]

    @settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
    @given(st.sampled_from(places), JSON_VALUES)
    def check(place, value):
        changed = json.loads(json.dumps(record))
        *path, last = place
        target = changed
        for step in path:
            target = target[step]
        target[last] = value
        try:
            replayed(changed)
        except MalformedRecord:
            pass

    check()
