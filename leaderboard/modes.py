"""The modes each game's leaderboard and profiles show separately."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Mode:
    slug: str
    label: str


MODES = {
    "disunyer": (Mode("standard", "Standard"), Mode("stuck-king", "Stuck King")),
}


def modes_of(game: str) -> tuple[Mode, ...]:
    return MODES.get(game, ())


def mode_label(game: str, slug: str) -> str:
    return next((mode.label for mode in modes_of(game) if mode.slug == slug), slug)
