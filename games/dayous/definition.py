"""Dayous as the site offers it (games/definition.py)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, cast

from games import core
from games.core import Engine
from games.dayous.bots import RandomBot, RuleBot, StrongBot
from games.dayous.bouts import JOURNALS, journal_key
from games.dayous.options import DECKS, DEFAULT_OPTIONS, MAX_PLAYERS, MIN_PLAYERS, OPTIONS
from games.dayous.rules import ENGINE
from games.dayous.text import event_text
from games.dayous.tutorial import TUTORIAL
from games.definition import (
    Counter,
    GameDefinition,
    Ladder,
    Leaderboard,
    Review,
    SelfPlay,
    Table,
    bot_levels,
    modes_of,
)
from games.words import Words, plural_wording, wording

# The least prestigious first; the keys are short and fixed (the results keep them). A
# journal's name is a name: it is said as it is, in every language.
JOURNAL_COUNTERS = tuple(Counter(journal_key(cards), Words(name)) for cards, name in sorted(JOURNALS))


def deck_mode(decks: int) -> str:
    return "1-deck" if decks == 1 else f"{decks}-decks"


def mode_of(options: Mapping[str, Any]) -> str:
    """The number of decks: the hand size and the table size change with it."""
    decks: Any = options.get(DECKS.key)
    return deck_mode(decks if core.is_whole_number(decks) else DEFAULT_OPTIONS[DECKS.key])


def tournament_scores(outcome: Mapping[str, Any] | None, players: int) -> list[float]:
    """1 for each seat that is not the dayous (every seat of an unfinished game)."""
    dayous = outcome.get("dayous") if outcome is not None else None
    return [0.0 if dayous == seat else 1.0 for seat in range(players)]


GAME = GameDefinition(
    slug="dayous",
    # Translators: the game's name: the one left holding cards is "the dayous".
    title=wording("Dayous"),
    players=plural_wording("%(low)s–%(count)s player", "%(low)s–%(count)s players", MAX_PLAYERS, low=MIN_PLAYERS),
    # Translators: Durak is the Russian card game Dayous is a variant of.
    summary=wording(
        "A Durak with jokers, passing and a trump that changes halfway. "
        "Attack, defend, pass it on — and don't be the last one holding cards."
    ),
    # Its actions are TypedDicts, which the contract's plain dicts do not cover for mypy.
    engine=cast(Engine, ENGINE),
    bots=bot_levels(RandomBot, RuleBot, StrongBot),
    event_text=event_text,
    bot_ratings=MappingProxyType({"easy": 2.6, "strong": 32.6}),
    options=OPTIONS,
    # Court Piece's stand-in rule with a smaller count for Dayous's longer clock (RULINGS.md).
    table=Table(host_can_start=True, standin_after_timeouts=3),
    leaderboard=Leaderboard(
        points_help=wording(
            "Points by place: at a table of N the first players out (safe) get N and the dayous 1; "
            "no doubling. Dayous: times left holding cards at the end. Defences, best journal and "
            "fees: the publication record of successful defences."
        ),
        modes=modes_of(DECKS, deck_mode),
        mode_of=mode_of,
        counters=(
            Counter("dayous", wording("Times the dayous"), wording("Dayous"), tag=wording("the dayous")),
            Counter("defences", wording("Successful defences"), wording("Defences")),
            Counter("fees", wording("Total publication fees"), wording("Fees")),
        ),
        ladder=Ladder(
            title=wording("Publication record"),
            step=wording("Journal"),
            counted=wording("Successful defences"),
            best=wording("Best journal"),
            best_help=wording("The most prestigious journal of a successful defence"),
            steps=JOURNAL_COUNTERS,
            column=2,  # Dayous, Defences, Best journal, Fees
        ),
    ),
    self_play=SelfPlay(
        max_decisions=3000,
        scores=tournament_scores,
        tally="dayous",
        bench_playouts=200,
        bench_tables=3,
        # Random play at the largest table with the most cards makes the longest games.
        replay_table=(8, MappingProxyType({DECKS.key: 3})),
    ),
    tutorial=TUTORIAL,
    review=Review(measure=wording("Chance not to be the dayous"), rounds=300),
)
