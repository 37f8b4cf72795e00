"""The repeated rows of the leaderboard pages (board rows, the richest players, the
ratings, the seats of a past game), built here rather than by template tags per value:
on a page of 25 rows the template engine cost more than everything else. Every value is
escaped, and said in the active language: the games' labels (``games.words.Words``) as
``rooms.speech.say`` says them (this app is below rooms: it cannot call it), numbers as
the language writes them."""

import html
from functools import lru_cache
from urllib.parse import quote

from django import template
from django.contrib.humanize.templatetags.humanize import ordinal
from django.urls import get_script_prefix, reverse
from django.utils import formats
from django.utils.http import RFC3986_SUBDELIMS
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext, npgettext, pgettext

from games.words import Words

register = template.Library()


def text(value) -> str:
    """``value`` as text in the active language: a game's label (``Words``, its values
    labels or numbers too), a number as the language writes it, anything else as it is."""
    if isinstance(value, Words):
        return words_text(value)
    if isinstance(value, int) and not isinstance(value, bool):
        return formats.localize(value)
    return str(value)


def words_text(words: Words) -> str:
    message = ngettext(words.message, words.plural, words.count) if words.plural else gettext(words.message)
    return message % {name: text(value) for name, value in words.values} if words.values else message


def escape(value) -> str:
    """``value`` for HTML, in the active language (``text``), escaped as Django's escape
    does, without its check for lazy strings, which cost more than the rows."""
    return html.escape(text(value))


MY_ROW = ' class="me" aria-current="true" data-testid="my-row"'
SELF = ' class="self"'


def you() -> str:
    return f' <span class="tag you">{html.escape(pgettext("a tag beside a name", "you"))}</span>'


@lru_cache(maxsize=8)
def profile_url_around(script_prefix: str) -> tuple[str, str]:
    """What comes before and after the username in a profile's URL: reversed once per
    script prefix (which reverse() puts in front of every URL)."""
    before, _, after = reverse("player_profile", args=["~"]).rpartition("~")
    return before, after


def profile_url(username: str) -> str:
    """``reverse("player_profile", args=[username])``, with the username quoted as reverse()
    quotes it, without reversing once per row (that cost more than the row)."""
    before, after = profile_url_around(get_script_prefix())
    return before + quote(username, safe=RFC3986_SUBDELIMS + "/~:@") + after


def profile_link(username: str) -> str:
    return f'<a href="{escape(profile_url(username))}">{escape(username)}</a>'


def player_cell(row) -> str:
    return f'<td class="player-name">{profile_link(row.username)}{you() if row.is_me else ""}</td>'


@register.simple_tag
def board_row(row, headings):
    """One row of a points board (leaderboard/boards.py ``BoardRow``). The points carry
    their unit, and each cell after them its column's heading (``headings``,
    leaderboard/views.py): a phone shows them beside the values."""
    games, wins, *others = (f' data-label="{escape(column.heading)}"' for column in headings)
    counters = "".join(
        f'<td class="num counter"{label}>{escape(value)}</td>' for label, value in zip(others, row.counters)
    )
    by_mode = "".join(
        f'<td class="num mode-count"{label} title="{escape(mode_count_title(count))}">'
        f"{escape(count.games)} / {escape(count.wins)}</td>"
        for label, count in zip(others[len(row.counters):], row.by_mode)
    )
    unit = npgettext("after a number of points", "point", "points", row.points)
    return mark_safe(
        f'<tr{MY_ROW if row.is_me else ""}>\n'
        f'  <td class="num rank">{escape(row.rank)}</td>\n'
        f"  {player_cell(row)}\n"
        f'  <td class="num points" data-unit="{escape(unit)}">{escape(row.points)}</td>\n'
        f'  <td class="num"{games}>{escape(row.games)}</td>\n'
        f'  <td class="num"{wins}>{escape(row.wins)}</td>\n'
        f"  {counters}\n"
        f"  {by_mode}\n"
        "</tr>\n"
    )


def mode_count_title(count) -> str:
    """A mode's games and wins on a board row, as its tooltip says them."""
    return gettext("%(mode)s: %(games)s played, %(wins)s won") % {
        "mode": text(count.label),
        "games": text(count.games),
        "wins": text(count.wins),
    }


@register.simple_tag
def wealth_row(row):
    """One row of the richest players (leaderboard/boards.py ``WealthRow``)."""
    return mark_safe(
        f'<tr{MY_ROW if row.is_me else ""}>\n'
        f'  <td class="num rank">{escape(row.rank)}</td>\n'
        f"  {player_cell(row)}\n"
        f'  <td class="num coins">{escape(row.balance)}</td>\n'
        "</tr>\n"
    )


def rating_cell(badge) -> str:
    """A rating, with a "?" while it is provisional."""
    provisional = html.escape(pgettext("a rating", "provisional"))
    mark = f'<abbr class="provisional" title="{provisional}">?</abbr>' if badge.provisional else ""
    return f"{escape(badge.display)}{mark}"


@register.simple_tag
def rating_row(row):
    """One row of a rating board (leaderboard/rating_boards.py ``RatingRow``)."""
    return mark_safe(
        f'<tr{MY_ROW if row.is_me else ""}>\n'
        f'  <td class="num rank">{escape(row.rank)}</td>\n'
        f"  {player_cell(row)}\n"
        f'  <td class="num rating">{rating_cell(row.badge)}</td>\n'
        f'  <td class="num">{escape(row.games)}</td>\n'
        "</tr>\n"
    )


@register.simple_tag
def rating_of(badge):
    """A rating shown on its own (a profile): the number and its "?"."""
    return mark_safe(rating_cell(badge))


@register.simple_tag
def table_places(record):
    """The places of every seat of one past game (leaderboard/history.py ``GameRecord``)."""
    return mark_safe("".join(seat_place(seat, seat.result_id == record.result.pk) for seat in record.table))


def seat_place(seat, is_self: bool) -> str:
    """One seat (leaderboard/history.py ``TableSeat``): an account links to its profile,
    a bot or a guest shows its name and a tag."""
    who = profile_link(seat.username) if seat.username is not None else f"<span>{escape(seat.name)}</span>"
    if seat.is_bot:
        tag = f'<span class="tag bot">{html.escape(pgettext("a tag beside a name", "bot"))}</span>'
    else:
        guest = f'<span class="tag">{html.escape(pgettext("a tag beside a name", "guest"))}</span>'
        tag = guest if seat.username is None else ""
    return (
        f'<li{SELF if is_self else ""}>\n'
        f'  <span class="place">{escape(ordinal(seat.place))}</span>\n'
        f"  {who}\n"
        f"  {tag}\n"
        f'  <span class="pts">{escape(seat.points)}</span>\n'
        "</li>\n"
    )
