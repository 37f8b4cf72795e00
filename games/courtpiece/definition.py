"""Court Piece as the site offers it (games/definition.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import timedelta
from types import MappingProxyType
from typing import Any, cast

from games.core import Engine
from games.courtpiece.bots import RandomBot, RuleBot, StrongBot
from games.courtpiece.options import OPTIONS, VARIANT
from games.courtpiece.rules import ENGINE
from games.courtpiece.state import TEAMS, team_of
from games.courtpiece.text import event_text
from games.courtpiece.tutorial import TUTORIAL
from games.definition import (
    DIGITS,
    Counter,
    GameDefinition,
    Leaderboard,
    Review,
    RoundCoins,
    SelfPlay,
    Stakes,
    Table,
    bot_levels,
    modes_of,
)
from games.words import plural_wording, wording


def mode_of(options: Mapping[str, Any]) -> str:
    return str(options.get(VARIANT.key, VARIANT.default))


def tournament_scores(outcome: Mapping[str, Any] | None, players: int) -> list[float]:
    """The table points won by each seat's team (none for an unfinished game)."""
    if outcome is None:
        return [0.0] * players
    return [float(outcome["team_points"][team_of(seat)]) for seat in range(players)]


def round_coins(events: Sequence[Mapping[str, Any]], seats: int, bet: int) -> list[RoundCoins]:
    """Each round that ended among ``events`` (house ruling "Coins"): the bank pays the
    bet to each player of the winning team and each player of the other team pays it;
    twice the bet when the round was won with all 13 hands (a Court or a Goon Court)."""
    moved = []
    for event in events:
        if event.get("type") != "round_over":
            continue
        team = int(event["winning_team"])
        all_hands = bool(event.get("all_hands"))
        moved.append(
            RoundCoins(
                round=int(event["round"]),
                winners=tuple(seat for seat in range(seats) if team_of(seat) == team),
                losers=tuple(seat for seat in range(seats) if team_of(seat) != team),
                amount=2 * bet if all_hands else bet,
                why=wording("doubled: all 13 hands") if all_hands else None,
            )
        )
    return moved


def rounds_over(state: Mapping[str, Any]) -> int:
    return len(state.get("history") or ())


GAME = GameDefinition(
    slug="courtpiece",
    title=wording("Court Piece"),
    players=wording("4 players, 2 teams"),
    summary=wording(
        "The classic team trick-taking game. Call the trump, win two tricks in a row "
        "to pick up the pile, and sweep all 13 hands for a Court."
    ),
    # Its actions are TypedDicts, which the contract's plain dicts do not cover for mypy.
    engine=cast(Engine, ENGINE),
    bots=bot_levels(RandomBot, RuleBot, StrongBot),
    event_text=event_text,
    bot_ratings=MappingProxyType({"easy": 13.3, "strong": 28.3}),
    teams=TEAMS,
    options=OPTIONS,
    table=Table(
        code_alphabet=DIGITS,
        code_length=6,
        fixed_seats=4,
        start_when_full_after=timedelta(seconds=5),
        fill_with_bots_after=None,
        host_can_start=True,
        standin_after_timeouts=5,
        join_order=(2, 1, 3),
        partner_offset=2,
        pauses=MappingProxyType({"trick": "trick", "round_over": "round"}),
    ),
    stakes=Stakes(round_coins=round_coins, rounds_over=rounds_over),
    leaderboard=Leaderboard(
        points_help=wording(
            "Points by place: each player of the team that wins the table gets 4, the other team 2; "
            "no doubling. Rounds won, Courts (the calling team takes all 13 hands) and Goon Courts "
            "(the other team does) are the player's team's at each table."
        ),
        modes=modes_of(VARIANT),
        mode_of=mode_of,
        counters=(
            Counter("rounds_won", wording("Rounds won"), wording("Rounds won")),
            Counter("courts", wording("Courts"), wording("Courts")),
            Counter("goon_courts", wording("Goon Courts"), wording("Goon Courts")),
        ),
        # Translators: the leaderboard's heading for the Court Piece tables played.
        games_word=wording("Tables"),
        # Translators: the leaderboard's heading for the Court Piece tables won.
        wins_word=wording("Won"),
        # Translators: Court Piece tables, as a profile counts them ("12 rated tables").
        rated_games=lambda count: plural_wording("%(count)s rated table", "%(count)s rated tables", count),
    ),
    self_play=SelfPlay(
        max_decisions=20000,
        scores=tournament_scores,
        bench_playouts=100,
        bench_rated_bots=("easy",),
    ),
    tutorial=TUTORIAL,
    # The strong bot's value of a round, 0.5 ± 0.3 per table point (bots.round_value), as
    # the table points the team expects from the round (won minus lost, plus at most 0.17
    # for the hands' margin). A plain round: a loss of 0.1 win chance costs 0.2 points.
    review=Review(
        measure=wording("Expected points this round"), rounds=150, offset=0.5, scale=0.3, chance=False,
        thresholds=(0.1, 0.2, 0.4),
    ),
    former_state_keys=MappingProxyType({
        "opts": "options",
        "fd": "face_down",
        "tlead": "trick_leader",
        "tdown": "trick_face_down",
        "tpow": "trick_trump_from",
        "ntrick": "tricks_played",
        "prev": "streak_winner",
        "prev_ace": "streak_ace",
    }),
)
