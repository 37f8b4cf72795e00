"""Disunyer as the site offers it (games/definition.py)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from games.ceiling import seeing
from games.definition import Counter, GameDefinition, Leaderboard, Review, SelfPlay, Table, bot_levels, modes_of
from games.disunyer.bots import RandomBot, RuleBot, StrongBot
from games.disunyer.options import MAX_PLAYERS, MIN_PLAYERS, MODE, OPTIONS
from games.disunyer.rules import ENGINE
from games.disunyer.text import event_text
from games.disunyer.tutorial import TUTORIAL
from games.words import plural_wording, wording


def mode_of(options: Mapping[str, Any]) -> str:
    return str(options.get(MODE.key, MODE.default))


def place_counters(place: int, won: bool, players: int) -> dict[str, int]:
    # Finalists who tied share 1st place without winning.
    return {"final_ties": 1} if place == 1 and not won else {}


GAME = GameDefinition(
    slug="disunyer",
    # Translators: the game's name; write it in your script as it sounds.
    title=wording("Disunyer"),
    players=plural_wording("%(low)s–%(count)s player", "%(low)s–%(count)s players", MAX_PLAYERS, low=MIN_PLAYERS),
    summary=wording(
        "One card each, every round. Keep it or pass it on — the lowest card is out. "
        "Dealt an Ace? Call “Disunyer!” and dare a rival to guess its suit."
    ),
    engine=ENGINE,
    bots=bot_levels(RandomBot, RuleBot, StrongBot),
    event_text=event_text,
    bot_ratings=MappingProxyType({"easy": 19.9, "strong": 24.9}),
    options=OPTIONS,
    table=Table(
        fixed_seats=8,
        # Every knock-out: the reveal's lowest cards, a Disunyer guessed or never called.
        pauses=MappingProxyType(dict.fromkeys(("out", "guess", "no_call"), "knockout")),
    ),
    leaderboard=Leaderboard(
        points_help=wording(
            "Points by place: at a table of N the winner gets N and the first one out 1; "
            "doubled when no bot was at the table."
        ),
        doubled_without_bots=True,
        modes=modes_of(MODE),
        mode_of=mode_of,
        counters=(Counter("final_ties", wording("Final ties (no winner)")),),
        place_counters=place_counters,
    ),
    self_play=SelfPlay(
        max_decisions=2000,
        seeing=MappingProxyType({
            "seeing": seeing(StrongBot),
            # The Ace suits guessed from the view alone, as any player must.
            "seeing-fair-guess": seeing(StrongBot, RuleBot),
        }),
        bench_playouts=2000,
        bench_tables=8,
        quick_bench_tables=3,
        bench_rated_bots=("normal", "strong"),
    ),
    tutorial=TUTORIAL,
    # The strong bot plays for the round: to stay in it (at the end, for its place).
    review=Review(measure=wording("Chance to stay in"), rounds=300),
    former_state_keys=MappingProxyType({"n": "players", "seq": "round_order", "pos": "position", "nlog": "logged"}),
)
