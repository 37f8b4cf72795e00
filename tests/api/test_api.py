"""The read-only JSON API (docs/api/openapi.json): every answer it gives, errors and the
429 included, matches its OpenAPI description; it serves public games that are over and
never a private room's; it limits each client address."""

import json
from pathlib import Path
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import resolve as url_resolver
from openapi_spec_validator import validate as validate_spec

from accounts.identity import Player
from api import urls as api_urls
from leaderboard.history import profile_stats
from leaderboard.models import Rating
from rooms.actions import lifecycle
from rooms.replays.records import replayed
from tests.api.schemas import Invalid, resolve, validate
from tests.rooms.fairness_games import finished_room, started_room
from tests.rooms.helpers import fresh

pytestmark = pytest.mark.django_db

DESCRIPTION = json.loads((Path(__file__).resolve().parents[2] / "docs" / "api" / "openapi.json").read_text())
BASE = DESCRIPTION["servers"][0]["url"]


def documented(path: str, status: int) -> dict:
    """The description's response for ``status`` of GET ``path`` (a template)."""
    response = DESCRIPTION["paths"][path]["get"]["responses"][str(status)]
    return resolve(response["$ref"], DESCRIPTION) if "$ref" in response else response


def checked(response, path: str, seen: set | None = None):
    """``response`` (to a request for ``path``, a template of the description) after
    checking its status is documented, its body matches the documented schema, and
    every documented header is there and matches its schema."""
    answer = documented(path, response.status_code)
    assert response["Content-Type"] == "application/json"
    validate(json.loads(response.content), answer["content"]["application/json"]["schema"], DESCRIPTION)
    for name, header in answer.get("headers", {}).items():
        assert response.has_header(name), name
        value = response[name]
        kind = header["schema"].get("type")
        validate(int(value) if kind == "integer" else value, header["schema"], DESCRIPTION)
    if seen is not None:
        seen.add((path, response.status_code))
    return json.loads(response.content)


@pytest.fixture
def ann():
    return get_user_model().objects.create_user(username="Ann", password=None)


@pytest.fixture
def games(ann):
    """Ann's finished public Disunyer and Dayous games, her private Dayous game, a game
    still being played and one ended by staff."""
    player = Player(name="Ann", user_id=ann.pk)
    ended = started_room("disunyer")
    lifecycle.do_end_match(ended.pk, "Ended for the test.")
    return {
        "public": [finished_room("disunyer", (player,)), finished_room("dayous", (player,))],
        "private": finished_room("dayous", (player,), is_public=False),
        "playing": started_room("disunyer"),
        "ended": fresh(ended),
    }


def test_every_answer_of_every_endpoint_matches_the_description(games, ann, settings):
    client = Client()
    seen: set = set()
    public = games["public"][0]
    record = checked(client.get(f"{BASE}/games/{public.code}"), "/games/{id}", seen)
    assert replayed(record).passed
    checked(client.get(f"{BASE}/games/{games['ended'].code}"), "/games/{id}", seen)
    checked(client.get(f"{BASE}/games/not-a-code!"), "/games/{id}", seen)
    checked(client.get(f"{BASE}/games/{games['private'].code}"), "/games/{id}", seen)
    checked(client.post(f"{BASE}/games/{public.code}"), "/games/{id}", seen)

    checked(client.get(f"{BASE}/games"), "/games", seen)
    checked(client.get(f"{BASE}/games", {"player": "ann", "game": "dayous"}), "/games", seen)
    checked(client.get(f"{BASE}/games", {"page": "2"}), "/games", seen)
    checked(client.get(f"{BASE}/games", {"player": "nobody"}), "/games", seen)
    checked(client.delete(f"{BASE}/games"), "/games", seen)

    checked(client.get(f"{BASE}/players/ANN"), "/players/{name}", seen)
    checked(client.get(f"{BASE}/players/{'a' * 151}"), "/players/{name}", seen)
    checked(client.get(f"{BASE}/players/nobody"), "/players/{name}", seen)
    checked(client.put(f"{BASE}/players/ann"), "/players/{name}", seen)

    checked(client.get(f"{BASE}/openapi.json"), "/openapi.json", seen)
    checked(client.post(f"{BASE}/openapi.json"), "/openapi.json", seen)

    settings.API_REQUESTS_PER_MINUTE = 1
    for path, url in [("/games/{id}", f"/games/{public.code}"), ("/games", "/games"),
                      ("/players/{name}", "/players/ann"), ("/openapi.json", "/openapi.json")]:
        checked(client.get(BASE + url), path, seen)
    documented_answers = {
        (path, int(status)) for path, item in DESCRIPTION["paths"].items() for status in item["get"]["responses"]
    }
    assert seen == documented_answers


def test_the_description_is_valid_openapi():
    validate_spec(DESCRIPTION)


def test_the_checker_refuses_an_answer_that_does_not_match():
    """The schema check can fail: a record without its seed, an error with more than its
    message, a number given as a string."""
    schemas = DESCRIPTION["components"]["schemas"]
    with pytest.raises(Invalid, match="is a required property"):
        validate({"format": "cardclub-game-record"}, schemas["Record"], DESCRIPTION)
    with pytest.raises(Invalid, match="Additional properties are not allowed"):
        validate({"error": "x", "detail": "y"}, schemas["Error"], DESCRIPTION)
    with pytest.raises(Invalid, match="is not of type"):
        validate("1", {"type": "integer"}, DESCRIPTION)


def test_every_reference_of_the_description_resolves_and_every_path_is_served():
    def references(node):
        if isinstance(node, dict):
            yield from ([node["$ref"]] if "$ref" in node else [])
            for value in node.values():
                yield from references(value)
        elif isinstance(node, list):
            for value in node:
                yield from references(value)

    for reference in references(DESCRIPTION):
        assert isinstance(resolve(reference, DESCRIPTION), dict), reference
    for path, item in DESCRIPTION["paths"].items():
        assert set(item) == {"get"}, path
        url = BASE + path.replace("{id}", "ABCD").replace("{name}", "ann")
        assert url_resolver(url).namespace == "api", path
    served = {str(pattern.pattern).replace("<str:code>", "{id}").replace("<str:username>", "{name}")
              for pattern in api_urls.urlpatterns}
    assert served == {path.lstrip("/") for path in DESCRIPTION["paths"]}


def test_the_description_is_served_as_it_is_in_docs():
    assert json.loads(Client().get(f"{BASE}/openapi.json").content) == DESCRIPTION


def test_a_private_game_is_never_served(games):
    client = Client()
    private = games["private"]
    answer = client.get(f"{BASE}/games/{private.code}")
    assert answer.status_code == 404
    assert private.match.seed not in answer.content.decode()
    listed = client.get(f"{BASE}/games", {"player": "Ann"}).json()
    assert private.code not in {game["id"] for game in listed["games"]}
    everything = client.get(f"{BASE}/games").json()
    assert private.code not in {game["id"] for game in everything["games"]}


def test_a_game_still_being_played_is_not_served(games):
    playing = games["playing"]
    answer = Client().get(f"{BASE}/games/{playing.code}")
    assert answer.status_code == 404
    assert playing.match.seed not in answer.content.decode()
    assert playing.code not in {game["id"] for game in Client().get(f"{BASE}/games").json()["games"]}


def test_the_list_gives_a_players_public_games_newest_first_with_places_and_points(games):
    listed = Client().get(f"{BASE}/games", {"player": "ann"}).json()
    dayous, disunyer = (fresh(room) for room in reversed(games["public"]))
    assert [game["id"] for game in listed["games"]] == [dayous.code, disunyer.code]
    assert listed["count"] == 2 and listed["pages"] == 1 and listed["next"] is None
    first = listed["games"][0]
    assert first["record"] == f"{BASE}/games/{dayous.code}" and first["replay"] == f"/rooms/{dayous.code}/replay/"
    results = {result.seat: (result.place, result.points) for result in dayous.results.all()}
    assert {seat["seat"]: (seat["place"], seat["points"]) for seat in first["seats"]} == results
    ann_seat = next(seat for seat in first["seats"] if seat["account"] == "Ann")
    assert ann_seat["kind"] == "person" and ann_seat["bot_level"] is None
    only_disunyer = Client().get(f"{BASE}/games", {"player": "ann", "game": "disunyer"}).json()
    assert [game["id"] for game in only_disunyer["games"]] == [disunyer.code]
    every_game = Client().get(f"{BASE}/games").json()
    assert games["ended"].code in {game["id"] for game in every_game["games"]}


def test_the_list_is_paginated(games, monkeypatch):
    monkeypatch.setattr("api.games.PAGE_SIZE", 1)
    client = Client()
    first = client.get(f"{BASE}/games", {"player": "ann"}).json()
    assert first["pages"] == 2 and first["previous"] is None
    second = client.get(first["next"]).json()
    assert second["page"] == 2 and second["next"] is None and second["previous"] is not None
    assert first["games"][0]["id"] != second["games"][0]["id"]
    assert client.get(f"{BASE}/games", {"player": "ann", "page": "3"}).json() == {"error": "Choose a page from 1 to 2."}


@pytest.mark.parametrize(
    ("query", "says"),
    [
        ({"page": "0"}, "Choose a page from 1 to 1."),
        ({"page": "one"}, "Choose a page from 1 to 1."),
        ({"game": "chess"}, "There is no game 'chess': choose one of disunyer, dayous, courtpiece."),
        ({"sort": "oldest"}, "Unknown parameter 'sort': use player, game or page."),
    ],
)
def test_bad_input_is_a_400_that_says_why(query, says):
    answer = Client().get(f"{BASE}/games", query)
    assert answer.status_code == 400 and answer.json() == {"error": says}


def test_the_profile_is_what_the_profile_page_shows(games, ann):
    profile = Client().get(f"{BASE}/players/ann").json()
    page = profile_stats(ann)
    assert profile["username"] == "Ann"
    assert [game["game"] for game in profile["games"]] == [stats.slug for stats in page]
    for game, stats in zip(profile["games"], page, strict=True):
        total = stats.total
        assert (game["games"], game["wins"], game["points"]) == (total.games, total.wins, total.points)
        assert [(mode["games"], mode["wins"], mode["points"]) for mode in game["modes"]] == [
            (line.games, line.wins, line.points) for line in stats.modes
        ]
        if stats.rating is None:
            assert game["rating"] is None
        else:
            rating = Rating.objects.get(user=ann, game=game["game"])
            assert game["rating"] == {
                "rating": stats.rating.badge.display, "provisional": stats.rating.badge.provisional,
                "rated_games": rating.games,
            }
    assert any(game["rating"] for game in profile["games"])
    assert profile["games_played"] == f"{BASE}/games?player=Ann"


def test_an_inactive_account_has_no_profile(ann):
    ann.is_active = False
    ann.save()
    assert Client().get(f"{BASE}/players/ann").status_code == 404


def test_each_address_has_its_limit_per_minute_then_429_with_retry_after(settings):
    settings.API_REQUESTS_PER_MINUTE = 3
    first_client, second_client = Client(REMOTE_ADDR="203.0.113.5"), Client(REMOTE_ADDR="203.0.113.6")
    with mock.patch("api.limits.time.time", return_value=1_000_000_040.5):  # 20 s into a minute
        assert [first_client.get(f"{BASE}/openapi.json").status_code for _ in range(3)] == [200, 200, 200]
        refused = first_client.get(f"{BASE}/players/ann")
        assert refused.status_code == 429 and refused["Retry-After"] == "40"
        assert refused.json() == {"error": "Too many requests from this address: wait 40 s."}
        assert second_client.get(f"{BASE}/openapi.json").status_code == 200
    with mock.patch("api.limits.time.time", return_value=1_000_000_080.0):  # the next minute
        assert first_client.get(f"{BASE}/openapi.json").status_code == 200
