"""A rating's history as a small SVG line chart, drawn on the server (no script, no
inline style: colours are SVG attributes, the size comes from site.css ``.rating-chart``)."""

from __future__ import annotations

import math
from html import escape

from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

WIDTH, HEIGHT = 400, 170
LEFT, RIGHT, TOP, BOTTOM = 44, 10, 18, 26
STEPS = (10, 20, 25, 50, 100, 200, 250, 500, 1000)
MAX_TICKS = 5
LINE, GRID, TEXT, SHADE = "#0f5132", "#d9d6cf", "#5c6670", "#f1eee7"


def tick_step(low: int, high: int) -> int:
    """The smallest round step that marks the range with at most ``MAX_TICKS`` lines."""
    for step in STEPS:
        if math.ceil(high / step) - math.floor(low / step) <= MAX_TICKS - 1:
            return step
    return STEPS[-1] * math.ceil((high - low) / (STEPS[-1] * (MAX_TICKS - 1)))


def rating_chart(values: list[int], first_game: int, provisional_games: int) -> SafeString:
    """The rating after each game: ``values[i]`` after rated game ``first_game + i`` (game
    0: before the first). Games before ``provisional_games`` are shaded as provisional."""
    step = tick_step(min(values), max(values))
    low = math.floor(min(values) / step) * step
    high = max(math.ceil(max(values) / step) * step, low + step)
    last_game = first_game + len(values) - 1

    def x(game: int) -> float:
        span = max(1, last_game - first_game)
        return round(LEFT + (game - first_game) * (WIDTH - LEFT - RIGHT) / span, 1)

    def y(value: int) -> float:
        return round(TOP + (high - value) * (HEIGHT - TOP - BOTTOM) / (high - low), 1)

    # Every value below is a number computed here, every word is escaped.
    title = gettext(
        "Rating after each rated game: %(first)s after game %(first_game)s, %(last)s after game %(last_game)s"
    ) % {"first": values[0], "first_game": first_game, "last": values[-1], "last_game": last_game}
    parts = [
        f'<svg class="rating-chart" viewBox="0 0 {WIDTH} {HEIGHT}" width="100%" role="img">',
        f"<title>{escape(title)}</title>",
    ]
    if first_game < provisional_games:
        left, end = x(first_game), x(min(provisional_games, last_game))
        parts.append(
            f'<rect x="{left}" y="{TOP}" width="{round(end - left, 1)}" height="{HEIGHT - TOP - BOTTOM}" '
            f'fill="{SHADE}"/><text x="{left}" y="{TOP - 5}" font-size="10" fill="{TEXT}">'
            f'{escape(pgettext("a rating", "provisional"))}</text>'
        )
    for value in range(low, high + 1, step):
        parts.append(
            f'<line x1="{LEFT}" y1="{y(value)}" x2="{WIDTH - RIGHT}" y2="{y(value)}" stroke="{GRID}" '
            f'stroke-width="1"/><text x="{LEFT - 5}" y="{y(value) + 4}" font-size="11" text-anchor="end" '
            f'fill="{TEXT}">{value}</text>'
        )
    for game in sorted({first_game, last_game}):
        anchor = "start" if game == first_game else "end"
        label = pgettext("the rating chart's axis", "game %(number)s") % {"number": game}
        parts.append(
            f'<text x="{x(game)}" y="{HEIGHT - 8}" font-size="11" text-anchor="{anchor}" '
            f'fill="{TEXT}">{escape(label)}</text>'
        )
    points = " ".join(f"{x(first_game + i)},{y(value)}" for i, value in enumerate(values))
    parts.append(
        f'<polyline points="{points}" fill="none" stroke="{LINE}" stroke-width="2" stroke-linejoin="round"/>'
        f'<circle cx="{x(last_game)}" cy="{y(values[-1])}" r="3.5" fill="{LINE}"/></svg>'
    )
    return mark_safe("".join(parts))
