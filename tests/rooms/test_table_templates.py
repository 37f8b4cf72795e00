"""The table's fragments are Jinja2 templates (rooms/templating.py): what people type
is escaped in them as in the site's Django pages."""

import pytest

from rooms import rendering
from rooms.gamerules import RULES
from rooms.presence import Presence
from tests.rooms.presenting import seat, snapshot

SEATS = {"disunyer": 8, "dayous": 4, "courtpiece": 4}
HOSTILE = "<b>Bea</b> \"&' co"
ESCAPED = "&lt;b&gt;Bea&lt;/b&gt; &#34;&amp;&#39; co"


def _table(game: str, started: bool):
    engine = RULES[game].engine
    seats = [seat(0, "Ann"), seat(1, HOSTILE), *(seat(i, f"Bot {i + 1}", "normal") for i in range(2, SEATS[game]))]
    state = engine.start(SEATS[game], {}, seed=f"escaping-{game}") if started else None
    return snapshot(game, seats, engine.validate_options({}, SEATS[game]), "playing" if started else "waiting",
                    state=state)


@pytest.mark.parametrize("started", [False, True], ids=["waiting", "playing"])
@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_name_with_markup_and_quotes_shows_as_typed_and_never_as_markup(game, started):
    """Bea's name holds a tag, quotes and an ampersand: every viewer's table, and the
    fragment that says who is connected, show it escaped, and nowhere as markup."""
    table = _table(game, started)
    presence = Presence(frozenset({0, 1}), 1)
    fragments = [rendering.render_table(table, presence, viewer) for viewer in (0, 1, None)]
    fragments.append(rendering.render_presence(table, presence))
    for html in fragments[:3]:
        assert ESCAPED in html
    for html in fragments:
        assert "<b>Bea</b>" not in html and HOSTILE not in html
