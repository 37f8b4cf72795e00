"""docs/fairness_check.py, the standalone script of docs/fairness.md, run as a player
would run it — with Python alone (no site-packages, not the project) — on real games'
records from their Verify pages: it reproduces the engines' deals, and refuses a
record or a commitment that does not match."""

import json
import re
import runpy
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from games import core
from rooms.fairness import commitment
from rooms.gamerules import rules_for
from rooms.replays.verification import NEW_DECKS
from tests.rooms.fairness_games import ended_by_staff_in_round, finished_room

pytestmark = pytest.mark.django_db

SCRIPT = Path(__file__).resolve().parents[2] / "docs" / "fairness_check.py"
SHUFFLE_LINE = re.compile(r"^Draw (\d+), stream (\d+), shuffle of \d+: OK\n  (.*)$", re.MULTILINE)
NUMBER_LINE = re.compile(r"^Draw (\d+), stream (\d+), a number below (\d+): (\d+)  OK$", re.MULTILINE)


def run_script(*args: str) -> subprocess.CompletedProcess:
    """The script under the bare interpreter: isolated mode, no site module."""
    return subprocess.run(
        [sys.executable, "-I", "-S", str(SCRIPT), *args], capture_output=True, text=True, timeout=60
    )


def saved_record(room, tmp_path: Path) -> tuple[Path, dict]:
    response = Client().get(reverse("rooms:verify_record", kwargs={"code": room.code}))
    assert response.status_code == 200
    path = tmp_path / f"deals-{room.code}.json"
    path.write_bytes(response.content)
    return path, json.loads(response.content)


def shuffles_printed(output: str) -> dict[int, list[str]]:
    """Each shuffle's order as the script printed it, by stream."""
    return {int(stream): order.split() for _, stream, order in SHUFFLE_LINE.findall(output)}


def started(room) -> dict:
    """The game's first state, as its engine deals it from the seed."""
    return rules_for(room.game).engine.start(room.seats.count(), room.options, seed=room.match.seed)


def checked(room, tmp_path: Path) -> str:
    """The script's output on the room's record, checked against the commitment the
    table showed; it must say everything agrees."""
    path, record = saved_record(room, tmp_path)
    shown = commitment(room.match.seed, room.match.salt)
    result = run_script(str(path), "--commitment", shown)
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"Commitment: sha256(salt:seed) = {shown}  OK" in result.stdout
    assert f"All {len(record['draws'])} draws and the commitment check out." in result.stdout
    return result.stdout


def test_the_script_reproduces_a_disunyer_games_seating_and_deal(tmp_path):
    """Stream 0 is the seating order and stream 1 the deck: the first card goes to the
    first seat in play order, and so on round the table."""
    room = finished_room("disunyer")
    printed = shuffles_printed(checked(room, tmp_path))
    first = started(room)
    assert [int(seat) for seat in printed[0]] == first["order"]
    for position, seat in enumerate(first["order"]):
        assert first["hands"][seat] == printed[1][position]


def test_the_script_reproduces_a_dayous_games_hands(tmp_path):
    """Stream 0 shuffles the deck with its jokers; the hands are dealt from it one card
    at a time round the table."""
    room = finished_room("dayous")
    deck = shuffles_printed(checked(room, tmp_path))[0]
    first = started(room)
    seats, size = room.seats.count(), first["hand_size"]
    for seat in range(seats):
        assert first["hands"][seat] == deck[seat:seats * size:seats]


def test_the_script_reproduces_a_court_piece_games_first_caller_and_every_rounds_hands(tmp_path):
    """Stream 0 draws the first caller; streams 1, 2, 3 are the rounds' decks, thirteen
    cards to each seat from the caller on."""
    room = ended_by_staff_in_round("courtpiece", 3)
    output = checked(room, tmp_path)
    [(_, stream, below, drawn)] = NUMBER_LINE.findall(output)
    first = started(room)
    assert (stream, below, int(drawn)) == ("0", "4", first["caller"])
    decks = shuffles_printed(output)
    assert sorted(decks) == [1, 2, 3]
    for seat in range(4):
        dealt = decks[1][13 * ((seat - first["caller"]) % 4):][:13]
        assert sorted(first["hands"][seat]) == sorted(dealt)


def test_by_hand_the_script_shuffles_a_new_deck_from_the_seed_salt_and_commitment():
    """With the seed, salt and commitment shown on the page, and the stream of the deal,
    the script prints the same deck as the engine dealt."""
    room = finished_room("disunyer")
    match = room.match
    result = run_script("--seed", match.seed, "--salt", match.salt,
                        "--commitment", commitment(match.seed, match.salt), "--stream", "1", "--deck", "spanish-40")
    assert result.returncode == 0, result.stdout + result.stderr
    assert " ".join(core.shuffled(core.spanish_deck(), match.seed, 1)) in result.stdout


def test_its_decks_are_the_new_decks_the_games_deal():
    """``--deck`` offers each new deck a game shuffles, named by its cards, and no other."""
    namespace = runpy.run_path(str(SCRIPT))
    assert {tuple(cards) for cards in namespace["DECKS"].values()} == set(NEW_DECKS)
    assert sorted(namespace["DECKS"]) == ["french-52", "french-54", "french-54x2", "french-54x3", "spanish-40"]


def test_a_tampered_order_or_another_commitment_does_not_check_out(tmp_path):
    """A record whose deck differs from what the seed gives, or a commitment other than
    the one the seed and salt hash to, makes the script say so and exit with 1."""
    room = finished_room("disunyer")
    path, record = saved_record(room, tmp_path)
    shown = commitment(room.match.seed, room.match.salt)
    other = run_script(str(path), "--commitment", "0" * 64)
    assert other.returncode == 1
    assert f"Commitment: sha256(salt:seed) = {shown}  MISMATCH\n  you saw: {'0' * 64}\n" in other.stdout
    order = record["draws"][1]["order"]
    order[0], order[1] = order[1], order[0]
    path.write_text(json.dumps(record))
    tampered = run_script(str(path), "--commitment", shown)
    assert tampered.returncode == 1
    assert "Draw 2, stream 1, shuffle of 40: MISMATCH" in tampered.stdout
    assert "Something does NOT check out." in tampered.stdout


def test_the_docs_describe_the_script_and_the_commitment():
    """docs/fairness.md points to the script and writes out the commitment and the shuffle."""
    docs = (SCRIPT.parent / "fairness.md").read_text(encoding="utf-8")
    assert "docs/fairness_check.py" in docs
    assert "SHA-256" in docs and "salt:seed" in docs
    assert "BLAKE2b" in docs and "Fisher–Yates" in docs
