"""The lobby's code field and the create-room form as a new player reads them: which
codes open which games, each number's range and unit, and the creator's coins beside
the Court Piece bet."""

import html
import re

import pytest
from django.urls import reverse

from accounts.models import User
from rooms.actions import lifecycle
from tests.rooms.test_courtpiece_rooms import as_player, set_balance

pytestmark = pytest.mark.django_db


def text_of(response) -> str:
    return html.unescape(re.sub(r"\s+", " ", response.content.decode()))


def test_the_lobbys_code_field_says_what_each_games_codes_look_like(client):
    """Under "Have a code?" Ann reads that codes are 4 letters for Disunyer and Dayous
    and 6 digits for Court Piece; the field no longer suggests a 4-letter code only."""
    page = text_of(client.get(reverse("rooms:lobby")))
    assert "Codes are 4 letters for Disunyer and Dayous; 6 digits for Court Piece." in page
    assert "KTAW" not in page
    assert 'aria-describedby="code-shapes"' in page


@pytest.mark.parametrize(
    "game, ranges",
    [
        ("courtpiece", ["From 10 to 100 points.", "From 25 to 1,000 coins.", "From 5 to 30 seconds."]),
        ("dayous", ["From 10 to 60 seconds."]),
    ],
)
def test_every_number_on_the_create_form_shows_its_range_and_unit(client, game, ranges):
    """Each number box of the create form has its unit beside it and its range under it,
    the same bounds as the engine checks."""
    response = client.get(reverse("rooms:create", args=[game]))
    page = text_of(response)
    for sentence in ranges:
        assert sentence in page
    boxes = re.findall(r'<div class="number-row">(.*?)</div>', page)
    assert len(boxes) == len(ranges)
    assert all('type="number"' in box and 'inputmode="numeric"' in box for box in boxes)
    assert [re.search(r'<span class="unit">(\w+)</span>', box)[1] for box in boxes] == [
        sentence.split()[-1].rstrip(".") for sentence in ranges
    ]


def test_the_bet_shows_the_creators_coins_and_the_highest_bet_they_can_sit_at(client):
    """A guest (1,000 coins) reads "You have 1,000 coins: enough for a bet of up to 500."
    beside the bet; Ann, an account with 300 coins, reads "up to 150"; with 40 coins she
    reads that sitting down needs at least 50 free. With 1,000 coins and a seat at a table
    of bet 100 (200 held there), she reads "up to 400"."""
    url = reverse("rooms:create", args=["courtpiece"])
    assert "You have 1,000 coins: enough for a bet of up to 500." in text_of(client.get(url))
    ann = User.objects.create_user(username="Ann", password=None)
    client.force_login(ann)
    set_balance(ann, 300)
    assert "You have 300 coins: enough for a bet of up to 150." in text_of(client.get(url))
    set_balance(ann, 40)
    assert "You have 40 coins: sitting down needs at least 50 coins free." in text_of(client.get(url))
    set_balance(ann, 1000)
    lifecycle.do_create_room(as_player(ann), "courtpiece", {"bet": 100}, is_public=True, players=4)
    assert (
        "You have 1,000 coins, 200 of them held for your seats at other tables: enough for a bet of up to 400."
        in text_of(client.get(url))
    )


def test_the_checkboxes_sit_inside_their_labels(client):
    """"Ace cannot win the pile" and "6-point win" are each the label around their box,
    so the words are beside the box and tapping them ticks it."""
    page = client.get(reverse("rooms:create", args=["courtpiece"])).content.decode()
    for name, words in (("ace_cannot_win_pile", "Ace cannot win the pile"), ("six_point", "6-point win")):
        label = rf'<label class="check" for="id_{name}"><input type="checkbox" name="{name}"[^>]*> {words}</label>'
        assert re.search(label, page), name
