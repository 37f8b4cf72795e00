"""Every game's options schema against its engine: the site builds its form, the room
header and the lobby from the schema, so the engine must accept what the schema offers
and refuse what lies past it."""

import pytest

from games import registry
from games.core import InvalidOptions
from games.options_schema import Badge, Choice, OptionsSchema, Switch, Value, WholeNumber, either
from games.words import plural_wording, wording

GAMES = pytest.mark.parametrize("game", registry.GAMES, ids=lambda game: game.slug)


def options_of(game, schema_option) -> list:
    return [option for option in game.options.options if isinstance(option, schema_option)]


def refused(game, options: dict) -> bool:
    try:
        game.engine.validate_options(options)
    except InvalidOptions:
        return True
    return False


@GAMES
def test_the_defaults_are_the_engines(game):
    defaults = game.options.defaults()
    assert game.engine.validate_options({}) == defaults
    assert game.engine.validate_options(dict(defaults)) == defaults


@GAMES
def test_every_choice_is_accepted_and_kept_and_no_other(game):
    for choice in options_of(game, Choice):
        assert choice.default in choice.choices
        for value in choice.choices:
            assert game.engine.validate_options({choice.key: value})[choice.key] == value
        assert refused(game, {choice.key: "none of these"}), choice.key


@GAMES
def test_each_whole_number_is_accepted_at_its_ends_and_refused_past_them(game):
    for number in options_of(game, WholeNumber):
        assert number.low <= number.default <= number.high
        for value in (number.low, number.high):
            assert game.engine.validate_options({number.key: value})[number.key] == value
        for value in (number.low - 1, number.high + 1, str(number.low), True):
            assert refused(game, {number.key: value}), (number.key, value)


@GAMES
def test_a_switch_is_on_or_off_and_on_only_with_what_it_needs(game):
    for switch in options_of(game, Switch):
        needed = {}
        if switch.needs:
            assert switch.needs_error
            assert refused(game, {switch.key: True})
            choice = game.options[switch.needs]
            needed = {switch.needs: next(value for value in choice.choices if value is not None)}
        for value in (True, False):
            assert game.engine.validate_options({**needed, switch.key: value})[switch.key] is value
        assert refused(game, {switch.key: 1})


@GAMES
def test_the_players_the_host_chooses_are_the_engines(game):
    players = game.options.players
    if players is None:
        return
    assert (players.low, players.high) == (game.engine.min_players, game.engine.max_players)
    assert players.low <= players.default <= players.high
    game.engine.validate_options({}, players.default)


@GAMES
def test_a_game_played_for_coins_has_a_bet(game):
    """The create form shows the creator's coins beside it."""
    if game.plays_for_coins:
        assert isinstance(game.options["bet"], WholeNumber)


@GAMES
def test_the_defaults_make_one_of_the_leaderboards_modes(game):
    modes = [mode.slug for mode in game.leaderboard.modes]
    if modes:
        assert game.leaderboard.mode_of(game.options.defaults()) in modes


def test_the_room_header_and_the_lobby_word_the_options_as_declared():
    stake_badge = Badge("stake", wording("Stake %(value)s"))
    schema = OptionsSchema((
        Choice(key="kind", label=wording("Kind"), values=(Value("plain", wording("Plain"), listed=False),
               Value("wild", wording("Wild cards"), wording("Wild"))), default="plain",
               badge=Badge("kind", mode=True), listed_alone=True),
        WholeNumber(key="stake", label=wording("Stake"), low=1, high=9, default=2,
                    unit=lambda count: plural_wording("%(count)s coin", "%(count)s coins", count),
                    badge=stake_badge, lobby=wording("stake %(value)s")),
        Switch(key="fast", label=wording("Fast")),
    ))
    assert schema.defaults() == {"kind": "plain", "stake": 2, "fast": False}
    badges = schema.badges({"kind": "wild", "stake": 3, "fast": True})
    assert [(badge, str(said)) for badge, said in badges] == [
        (Badge("kind", mode=True), "Wild"), (stake_badge, "Stake 3"),
    ]
    assert [str(said) for said in schema.listed({"kind": "wild", "stake": 3})] == ["Wild", "stake 3"]
    assert [str(said) for said in schema.listed({"kind": "plain", "stake": 3})] == ["stake 3"]
    assert [value.value for value in schema["kind"].offered] == ["plain", "wild"]


def test_a_choice_is_offered_with_its_default_first():
    choice = Choice(key="c", label="C", values=(Value("a", "A"), Value("b", "B"), Value("c", "C")), default="b")
    assert [value.value for value in choice.offered] == ["b", "a", "c"]
    assert choice.accepts("a") and not choice.accepts("d")


def test_either_says_the_last_with_or():
    assert (either(["a"]), either(["a", "b"]), either(["a", "b", "c"])) == ("a", "a or b", "a, b or c")
