"""The game's log in a table's public fragment (`rooms/_log.jinja`): its lines newest
first, each seat's name escaped, and no line for an event that has no sentence of its
own."""

from types import SimpleNamespace

from rooms.templatetags.tables import _line, log_items
from rooms.templating import render

EVENTS = [
    {"type": "bout", "seat": 0},  # told by the attack that follows: no line of its own
    {"type": "attack", "seat": 0, "target": 1, "cards": ["6s"]},
    {"type": "direction", "seat": 1, "clockwise": True},
]
NAMES = {0: "Ann", 1: "<b>Bea</b> & co"}


def test_the_log_lists_its_events_newest_first_with_the_names_escaped():
    items = log_items(EVENTS, NAMES, "dayous")
    assert items.count("<li>") == 2
    newest, older = items.removeprefix("<li>").removesuffix("</li>").split("</li>\n<li>")
    assert newest.startswith("<b>&lt;b&gt;Bea&lt;/b&gt; &amp; co</b> chose to play")
    assert older.startswith("<b>Ann</b> attacks <b>&lt;b&gt;Bea&lt;/b&gt; &amp; co</b> with ")
    assert "Bea</b> &" not in items


def test_a_seat_with_no_name_is_named_by_its_number():
    assert "<b>Seat 2</b> chose to play" in log_items(EVENTS[2:], {}, "dayous")


def _log_partial(log) -> str:
    room = SimpleNamespace(state=None, salt="")  # no game dealt yet: no fairness line
    return render("rooms/_log.jinja", {"room": room, "view": {"log": log}, "names": NAMES, "game": "dayous"})


def _listed(partial: str) -> str:
    return partial.split("<ol>", 1)[1].split("</ol>", 1)[0].strip()


def test_the_log_partial_shows_its_items_and_an_empty_log_shows_none():
    assert _listed(_log_partial(EVENTS)) == log_items(EVENTS, NAMES, "dayous")
    assert _listed(_log_partial(None)) == ""


def test_each_line_is_made_once_and_a_new_version_makes_only_its_new_events_lines():
    log_items(EVENTS[:2], NAMES, "dayous")
    assert _line.cache_info().misses == 2
    again = log_items(EVENTS, NAMES, "dayous")  # the next version: one event more
    assert _line.cache_info().misses == 3
    assert again == log_items(EVENTS, NAMES, "dayous") and again.count("<li>") == 2


def test_a_kept_line_is_not_shown_with_other_names_or_for_another_event():
    log_items(EVENTS, NAMES, "dayous")
    renamed = log_items(EVENTS, {0: "Cy", 1: "Di"}, "dayous")
    assert "<b>Cy</b> attacks <b>Di</b>" in renamed and "Ann" not in renamed
    other_card = [*EVENTS[:1], {**EVENTS[1], "cards": ["7s"]}, EVENTS[2]]
    assert log_items(other_card, NAMES, "dayous") != log_items(EVENTS, NAMES, "dayous")
