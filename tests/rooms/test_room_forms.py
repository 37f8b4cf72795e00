"""The create form each game's options schema makes (rooms/forms.py): posted as it is
first shown, it makes the table the engine makes by default."""

import pytest

from games import registry
from rooms.forms import RoomForm
from tests import highcard


def as_first_shown(form: RoomForm) -> dict:
    """What the browser posts of a form nobody changed (a box left unticked is not sent)."""
    data = {name: form[name].value() for name in form.fields}
    return {name: value for name, value in data.items() if value is not None and value is not False}


@pytest.mark.parametrize("game", [*registry.GAMES, highcard.GAME], ids=lambda game: game.slug)
def test_the_form_accepts_the_defaults(game):
    form = RoomForm(game, as_first_shown(RoomForm(game)))
    assert form.is_valid(), form.errors
    assert form.game_options() == game.options.defaults()
    assert game.engine.validate_options(form.game_options()) == form.game_options()
    players = game.options.players
    assert form.players() == (players.default if players else None)
    assert list(form.fields)[-3:] == ["is_public", "min_reliability", "bot_level", *_partners(game)][-3:]
    assert form.cleaned_data["is_public"] is True and form.cleaned_data["bot_level"] == "normal"
    assert form.cleaned_data["min_reliability"] is None  # anyone may sit down
    assert form.partners_write() is False


def _partners(game) -> list[str]:
    return ["partners_write"] if game.teams else []


def test_the_form_asks_the_options_in_the_order_the_game_declares_them():
    for game in registry.GAMES:
        players = ["players"] if game.options.players else []
        expected = [*players, *game.options.keys(), "is_public", "min_reliability", "bot_level", *_partners(game)]
        assert list(RoomForm(game).fields) == expected


def test_partners_may_write_during_hands_only_in_a_private_room_of_a_game_with_partners():
    court_piece = registry.definition("courtpiece")
    private = {**as_first_shown(RoomForm(court_piece)), "is_public": "0", "partners_write": "on"}
    form = RoomForm(court_piece, private)
    assert form.is_valid(), form.errors
    assert form.partners_write() is True
    public = RoomForm(court_piece, {**private, "is_public": "1"})
    assert not public.is_valid()
    assert "Only a private room" in public.errors["partners_write"][0]
    assert "partners_write" not in RoomForm(registry.definition("dayous")).fields
