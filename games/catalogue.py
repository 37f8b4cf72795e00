"""The games the club offers, as the site presents them."""

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    slug: str
    title: str
    players: str
    summary: str


GAMES = (
    GameInfo(
        slug="disunyer",
        title="Disunyer",
        players="2–8 players",
        summary=(
            "One card each, every round. Keep it or pass it on — the lowest card is out. "
            "Dealt an Ace? Call “Disunyer!” and dare a rival to guess its suit."
        ),
    ),
    GameInfo(
        slug="dayous",
        title="Dayous",
        players="2–8 players",
        summary=(
            "A Durak with jokers, passing and a trump that changes halfway. "
            "Attack, defend, pass it on — and don't be the last one holding cards."
        ),
    ),
    GameInfo(
        slug="courtpiece",
        title="Court Piece",
        players="4 players, 2 teams",
        summary=(
            "The classic team trick-taking game. Call the trump, win two tricks in a row "
            "to pick up the pile, and sweep all 13 hands for a Court."
        ),
    ),
)
BY_SLUG = {game.slug: game for game in GAMES}
