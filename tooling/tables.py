"""The tables the benchmarks play: a game's usual table, seated with a host and bots."""

from collections.abc import Mapping
from typing import Any

from accounts.identity import Player
from games.definition import GameDefinition


def usual_players(game: GameDefinition) -> int:
    """The seats of the game's usual table: its fixed number, or the create form's default."""
    if game.table.fixed_seats is not None:
        return game.table.fixed_seats
    if game.options.players is not None:
        return game.options.players.default
    return game.engine.max_players


def seated_table(host: Player, game: str, bot_level: str, players: int, options: Mapping[str, Any]) -> int:
    """A started room of ``game``: ``host`` at seat 0, bots of ``bot_level`` in the other seats."""
    from rooms.actions import lifecycle, seating
    from rooms.gamerules import rules_for

    room = lifecycle.do_create_room(host, game, dict(options), True, bot_level, players)
    if rules_for(game).host_can_start:
        lifecycle.do_start(room.id, host)
    else:
        seating.do_fill_with_bots(room.id, host, bot_level)
    return room.id
