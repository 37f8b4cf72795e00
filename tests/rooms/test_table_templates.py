"""The table's fragments are Jinja2 templates (rooms/templating.py): what people type
is escaped in them as in the site's Django pages, names are looked up as there, and each
viewer is offered the reactions that are theirs."""

import re
from dataclasses import replace
from html import escape

import pytest
from django.template import engines
from django.utils.safestring import SafeString

from rooms import rendering
from rooms.gamerules import rules_for
from rooms.reactions import PLAYER_EMOJIS
from rooms.store.presence import NOBODY, Presence
from rooms.templating import partial, render, room_header
from rooms.translations import NEUTRAL, speaking
from tables.dayous.presenter import phrases as dayous_phrases
from tests.i18n.every_table import tables
from tests.rooms.presenting import seat, snapshot

SEATS = {"disunyer": 8, "dayous": 4, "courtpiece": 4}
HOSTILE = "<b>Bea</b> \"&' co"
ESCAPED = "&lt;b&gt;Bea&lt;/b&gt; &#34;&amp;&#39; co"


def _table(game: str, started: bool):
    engine = rules_for(game).engine
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


def test_the_rounds_last_player_is_told_a_pass_draws_from_the_deck():
    """Three players keep or pass in turn: Ann (first) and Bea are told to keep or pass
    to the next player; Carl, last of the round, is told that his pass draws a card from
    the deck, never to pass it to a next player."""
    engine = rules_for("disunyer").engine
    state = engine.start(3, {"mode": "standard"}, seed="last-player", deck="2o 3o 4o 5o 6o 7o".split())
    seats = [seat(0, "Ann"), seat(1, "Bea"), seat(2, "Carl")]
    everyone = Presence(frozenset({0, 1, 2}), 0)
    hints = []
    for turn in (0, 1, 2):
        assert engine.to_act(state) == [turn]
        table = snapshot("disunyer", seats, {"mode": "standard"}, state=state)
        hints.append(re.search(r'<p class="hint">([^<]*(?:pass|deck)[^<]*)</p>',
                               rendering.render_table(table, everyone, turn))[1])
        state, _ = engine.apply(state, turn, {"type": "keep"})
    assert hints[0] == hints[1] == "Keep your card or pass it to the next player."
    assert hints[2] == ("You are last this round: keep your card, or pass it and draw one from the deck, "
                        "which everyone sees.")


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_player_is_offered_the_emojis_and_a_spectator_the_heart(game):
    table = _table(game, started=True)
    players = rendering.render_table(table, Presence(frozenset({0}), 1), 0)
    spectators = rendering.render_table(table, Presence(frozenset({0}), 1), None)
    assert 'data-testid="reactions-menu"' in players and 'data-testid="heart"' not in players
    assert all(f'value="{emoji}"' in players for emoji in PLAYER_EMOJIS)
    assert 'data-testid="heart"' in spectators and 'data-testid="reactions-menu"' not in spectators
    assert not any(f'value="{emoji}"' in spectators for emoji in PLAYER_EMOJIS)


def test_a_dayous_player_is_offered_the_quick_phrases_of_the_ranks_on_the_table_now():
    """The phrases change as cards reach the table; each version's menu lists its own."""
    engine = rules_for("dayous").engine
    state = engine.start(2, engine.validate_options({}, 2), seed="phrases")
    offered = []
    for _ in range(12):
        seat_to_act = engine.to_act(state)[0]
        table = snapshot("dayous", [seat(0, "Ann"), seat(1, "Bo")], engine.validate_options({}, 2), state=state)
        html = rendering.render_table(table, Presence(frozenset({0, 1}), 0), seat_to_act)
        shown = re.findall(r'data-testid="phrase">([^<]*)<', html)
        assert shown == [escape(str(p)) for p in dayous_phrases(engine.view(state, seat_to_act))]
        offered.append(tuple(shown))
        state, _ = engine.apply(state, seat_to_act, engine.legal_actions(state, seat_to_act)[0])
    assert len(set(offered)) > 1


@pytest.mark.parametrize(
    ("source", "shown"),
    [
        ("{{ view.phase }}", "play"),
        ("{{ view.get }}", "a key named as a dict method"),  # as in Django's templates
        ("{{ view.missing }}|{{ view.missing.deeper }}", "|"),
        ("{{ view.items()|list|length }}", "2"),
        ("{{ seat.name }}", "Ann"),
    ],
)
def test_a_dotted_name_is_a_dicts_key_first_then_an_attribute_and_nothing_if_neither(source, shown):
    env = engines["jinja2"].env
    context = {"view": {"phase": "play", "get": "a key named as a dict method"}, "seat": seat(0, "Ann")}
    assert env.from_string(source).render(context) == shown


@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_seats_tags_and_the_deals_commitment_follow_each_version(game):
    """What is drawn once and kept (rooms.templating.drawn_once) is drawn again as soon
    as what it shows changes: a rating, the host, the seed once the game is over."""
    table = _table(game, started=True)
    table.salt = "pepper"
    before = rendering.render_table(table, Presence(frozenset({0, 1}), 0), None)
    assert 'data-testid="commitment"' in before and 'data-testid="seed"' not in before
    assert before.count("tag host") == 1 and 'data-testid="seat-rating"' not in before

    rated = replace(table.seats[1], rating="1234")
    after = rendering.render_table(
        replace(table, seats=[table.seats[0], rated, *table.seats[2:]], host_seat=1, status="finished", version=8,
                rendered={}),
        Presence(frozenset({0, 1}), 0), None,
    )
    assert 'data-testid="seat-rating">1234<' in after and after.count("tag host") == 1
    assert 'data-testid="seed"' in after and 'data-testid="verify-link"' in after


# What each game's public partial hands its score sheet (``partial``).
SHEET_INPUTS = {"disunyer": ("sheet", "names"), "dayous": ("sheet",), "courtpiece": ("sheet",)}


@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_header_and_the_score_sheet_read_only_what_they_are_drawn_from(game):
    """The room header and the score sheet are drawn once for each set of what they show
    (rooms.templating.room_header and partial): at a game's start, middle and end they
    read as they do drawn with the whole table's context, as an include draws them."""
    presence = Presence(frozenset({0}), 2)
    sheet = f"{game}/_score_sheet.jinja"
    for table in tables(game)[1:]:
        context = rendering._context(table, presence, None, rendering._public_shown(table))
        assert room_header(table, presence) == render("rooms/_room_header.jinja", context)
        drawn_from = {name: context[name] for name in SHEET_INPUTS[game]}
        assert partial(sheet, **drawn_from) == render(sheet, context)


def test_the_header_follows_the_room_being_public_the_reliability_it_asks_and_who_watches():
    table = _table("disunyer", started=True)
    before = rendering.render_table(table, Presence(frozenset(), 2), None)
    assert ">Public<" in before and "min-reliability" not in before and ">2 watching<" in before
    changed = replace(table, is_public=False, min_reliability=90, version=8, rendered={})
    after = rendering.render_table(changed, Presence(frozenset(), 3), None)
    assert ">Private<" in after and 'data-testid="min-reliability"' in after and ">3 watching<" in after


def test_a_partial_is_drawn_once_for_equal_inputs_and_again_for_others():
    rows = [{"round": 1, "name": "Ann", "card": None, "how": "lowest card"}]
    first = partial("disunyer/_score_sheet.jinja", sheet=rows, names={0: "Ann"})
    again = partial("disunyer/_score_sheet.jinja", sheet=[dict(rows[0])], names={0: "Ann"})
    other = partial("disunyer/_score_sheet.jinja", sheet=[{**rows[0], "round": 2}], names={0: "Ann"})
    assert again is first and other != first and "lowest card" in other


def test_a_partial_with_hashable_inputs_is_known_by_them():
    """A seat round a Disunyer table is drawn from hashable inputs: an equal seat is
    drawn once, and a seat that went out is drawn anew."""
    inputs = {"seat": seat(1, "Bea"), "standing": True, "face": "Ao", "out_round": None, "stuck": False,
              "host_seat": 0, "presence": NOBODY}
    first = partial("disunyer/_seat.jinja", **inputs)
    again = partial("disunyer/_seat.jinja", **{**inputs, "seat": seat(1, "Bea")})
    out = partial("disunyer/_seat.jinja", **{**inputs, "standing": False, "out_round": 3})
    assert again is first and 'data-card="Ao"' in first
    assert "out in round 3" in out and ">Bea<" in out and "data-card" not in out


@pytest.mark.parametrize("spoken", [NEUTRAL, "fa"])
@pytest.mark.parametrize("game", sorted(SEATS))
def test_each_version_gives_spectators_the_private_fragment_its_own_render_would(game, spoken):
    """Every spectator's private fragment is drawn once for each room, status and
    language (rendering._spectators_private). At a game's start, middle and end, once staff
    ended it and once its players moved on, each version reads as a render of its own,
    with its own version."""
    with speaking(spoken):
        for table in tables(game)[1:]:
            for shown in (table, replace(table, status="closed"), replace(table, next_code="NEXT")):
                for version in (shown.version, shown.version + 1):
                    at_version = replace(shown, version=version, rendered={})
                    fresh = rendering._private(at_version, NOBODY, None, False)
                    drawn = rendering.render_private(at_version, NOBODY, None)
                    assert drawn == fresh and isinstance(drawn, SafeString)  # as HTML, never escaped again
                    assert f'data-version="{version}"' in fresh


def test_a_rooms_spectators_private_fragment_is_drawn_again_only_when_its_status_changes(monkeypatch):
    table = replace(tables("disunyer")[2], code="ONCE")
    drawn = []
    draw = rendering._private
    monkeypatch.setattr(rendering, "_private", lambda shown, *rest: drawn.append(shown.version) or draw(shown, *rest))
    playing = [rendering.render_private(replace(table, version=v, rendered={}), NOBODY, None) for v in (11, 12, 13)]
    finished = rendering.render_private(replace(table, version=14, status="finished", rendered={}), NOBODY, None)
    assert drawn == [11, 14]
    assert 'data-version="13"' in playing[2] and 'data-testid="replay-link"' not in playing[2]
    assert 'data-version="14"' in finished and 'data-testid="replay-link"' in finished


def test_a_player_a_disunyer_knocks_out_in_the_middle_of_a_round_is_told_so_without_a_card():
    """Ann and Carl hold Aces; Ann challenges Bea, who guesses the suit wrong and is out,
    while the round goes on to Carl's Disunyer. Bea's action bar says she is out of the
    game, with no card of hers and no "Waiting for the others"; Dora, still standing, waits
    with her card, the 3 of cups."""
    engine = rules_for("disunyer").engine
    state = engine.start(8, {"mode": "standard"}, seed="knocked-out", deck="Ao 2c Ac 3c 4c 5c 6c 7c".split())
    state, _ = engine.apply(state, 0, {"type": "pick", "rival": 1})
    state, _ = engine.apply(state, 1, {"type": "guess", "suit": "c"})
    assert engine.view(state, 1)["standing"][1] is False and engine.to_act(state) == [2]
    names = ["Ann", "Bea", "Carl", "Dora", "Eve", "Finn", "Gus", "Hal"]
    table = snapshot("disunyer", [seat(i, name) for i, name in enumerate(names)], {"mode": "standard"}, state=state)
    beas = rendering.render_private(table, Presence(frozenset(), 0), 1)
    assert "You are out of this game" in beas
    assert "Waiting for the others" not in beas and 'data-testid="my-card"' not in beas
    doras = rendering.render_private(table, Presence(frozenset(), 0), 3)
    assert "Waiting for the others" in doras and 'data-card="3c"' in doras


TRANSLATING = [
    '{{ _("100%% of %(name)s", name=name) }}',
    '{{ gettext("Plain") }}',
    '{{ ngettext("%(num)s card", "%(num)s cards", 3) }}',
    '{{ ngettext("%(count)s of %(num)s", "%(count)s of %(num)s", 2, count=name, num=7) }}',
    '{{ pgettext("a card", "not shown") }} {{ pgettext("ctx", "%(context)s here") }}',
    '{{ npgettext("ctx", "%(num)s of %(context)s", "%(num)s of %(context)s: %(name)s", 2, name=name) }}',
]


@pytest.mark.parametrize("source", TRANSLATING)
def test_the_tables_translations_fill_and_escape_as_jinja2s_own_newstyle_ones(source):
    """The table's templates ask for translations through the site's own callables
    (one call through the template's context, not three): they give what Jinja2's i18n
    extension gives, newstyle — values escaped, ``%`` always formatted, ``num`` and
    ``context`` filled, and a value may be named ``count`` or ``context``."""
    from jinja2 import Environment

    from rooms.translations import gettext, ngettext, npgettext, pgettext

    reference = Environment(autoescape=True, extensions=["jinja2.ext.i18n"])
    reference.install_gettext_callables(gettext, ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext)
    ours = engines["jinja2"].env
    assert ours.from_string(source).render(name=HOSTILE) == reference.from_string(source).render(name=HOSTILE)
