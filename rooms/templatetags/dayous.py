"""Presentation helpers for the Dayous table partials (templates/games/dayous/).

They only rearrange what the engine's view already holds: the public helper gets the
spectator's view, the moves helper the viewer's own view (``view["legal"]``).
"""

from django import template
from django.utils.html import format_html, format_html_join

from games.core import FRENCH_SUIT_NAMES, JOKERS, card_name
from leaderboard.points import points_for
from rooms.reactions import DAYOUS_ASK, DAYOUS_RANK_WORDS
from rooms.templatetags.tables import FRENCH_PIPS, action_json, card

register = template.Library()

RANKS = "23456789TJQKA"
# Beyond this many combinations of one rank, the multi-card ones fold into a <details>.
FOLD_AFTER = 6


def _rank_key(card_code: str) -> int:
    return RANKS.index(card_code[0])


def _cards_html(cards) -> str:
    return format_html_join("", "{}", ((card(c, small=True),) for c in cards))


def _cards_words(cards) -> str:
    names = [card_name(c) for c in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _move(action: dict, label: str, inner, kind: str = "", testid: str = "") -> dict:
    cards = action.get("cards") or ([action["card"]] if "card" in action else [])
    return {"action": action, "json": action_json(action), "label": label, "html": inner, "cls": kind,
            "testid": testid or action["type"], "cards": " ".join(cards)}


def _rank_groups(actions: list[dict], verb: str) -> list[dict]:
    """Card-combination moves grouped by rank, singles first; long groups fold."""
    groups: dict[str, list[dict]] = {}
    for action in actions:
        groups.setdefault(action["cards"][0][0], []).append(action)
    out = []
    for rank in sorted(groups, key=RANKS.index):
        moves = [
            _move(a, f"{verb} with {_cards_words(a['cards'])}", _cards_html(a["cards"]), "cards")
            for a in sorted(groups[rank], key=lambda a: (len(a["cards"]), a["cards"]))
        ]
        shown, folded = moves, []
        if len(moves) > FOLD_AFTER:
            shown = [m for m in moves if len(m["action"]["cards"]) == 1][:FOLD_AFTER] or moves[:1]
            folded = [m for m in moves if m not in shown]
        out.append({"rank": rank, "word": DAYOUS_RANK_WORDS[rank], "shown": shown, "folded": folded})
    return out


@register.simple_tag
def dayous_moves(view: dict) -> dict:
    """The viewer's legal moves, grouped for buttons: every entry is one legal action."""
    legal = (view or {}).get("legal") or []
    by_type: dict[str, list[dict]] = {}
    for action in legal:
        by_type.setdefault(action["type"], []).append(action)
    table = view.get("table") or []
    beats = []
    for target in sorted({a["target"] for a in by_type.get("beat", [])}):
        attack = table[target][0]
        options = [a for a in by_type["beat"] if a["target"] == target]
        beats.append({
            "target": target,
            "attack": attack,
            "moves": [
                _move(a, f"Beat the {card_name(attack)} with the {card_name(a['card'])}",
                      card(a["card"], small=True), "cards")
                for a in options
            ],
        })
    directions = [
        _move(a, "Play clockwise" if a["clockwise"] else "Play counterclockwise",
              "↻ Clockwise" if a["clockwise"] else "↺ Counterclockwise",
              "" if a["clockwise"] else "secondary", "clockwise" if a["clockwise"] else "counterclockwise")
        for a in by_type.get("direction", [])
    ]
    jokers = [
        _move(a, f"Play the {card_name(a['card'])}: send the attack back and reverse the direction",
              format_html("{} Send it back", card(a["card"], small=True)), "cards joker-move")
        for a in by_type.get("joker", [])
    ]
    take = by_type.get("take")
    done = by_type.get("done")
    return {
        "count": len(legal),
        "direction": directions,
        "lead": _rank_groups(by_type.get("attack", []), "Attack"),
        "beats": beats,
        "transfer": _rank_groups(by_type.get("transfer", []), "Pass the attack on"),
        "jokers": jokers,
        "take": _move(take[0], "Take the cards", "Take the cards", "secondary") if take else None,
        "throw": _rank_groups(by_type.get("throw", []), "Ask a further question"),
        "done": _move(done[0], "No further questions", "No further questions") if done else None,
    }


def _role(view: dict, seat: int) -> tuple[str, str]:
    """(css class, words) for what ``seat`` is doing now."""
    phase = view["phase"]
    if seat in view["out"]:
        return "out", "out — safe"
    if phase == "over":
        return ("dayous", "dayous") if view["outcome"] and view["outcome"]["dayous"] == seat else ("", "")
    if phase == "direction":
        return ("attacker", "chooses the direction") if seat == view["leader"] else ("", "")
    if seat == view["defender"]:
        return ("defender", "defender, taking" if view["taking"] else "defender")
    if phase == "lead":
        return ("attacker", "attacker") if seat == view["leader"] else ("", "")
    if seat in view["attackers"]:
        return "attacker", "attacker"
    if seat in view["throwers"]:
        return "thrower", "thrower-in"
    return "", ""


@register.simple_tag
def dayous_public(view: dict, names: dict, had_bots: bool = True) -> dict:
    """What everybody sees, arranged: seats, table, trump, the last contribution, results."""
    n = view["players"]
    players = []
    for seat in range(n):
        css, role = _role(view, seat)
        stats = view["stats"][seat]
        players.append({
            "index": seat,
            "count": view["hand_counts"][seat],
            "role": role,
            "role_class": css,
            "acting": seat in view["to_act"],
            "done": seat in view["done"],
            "stats": stats,
        })
    last_defence = next((e for e in reversed(view["log"]) if e.get("type") == "defended"), None)
    ranks = sorted({c[0] for pair in view["table"] for c in pair if c and c not in JOKERS}, key=RANKS.index)
    results = []
    if view["outcome"]:
        places = view["outcome"]["places"]
        for seat in sorted(range(n), key=lambda s: (places[s], s)):
            stats = view["stats"][seat]
            results.append({
                "seat": seat,
                "place": places[seat],
                "name": names.get(seat, f"Seat {seat + 1}"),
                "points": points_for("dayous", places[seat], n, had_bots),
                "dayous": seat == view["outcome"]["dayous"],
                "defences": stats["defences"],
                "best_journal": stats["best_journal"],
                "fees": stats["fees"],
            })
    return {
        "players": players,
        "waiting_for": [names.get(s, f"Seat {s + 1}") for s in view["to_act"]],
        "attack_count": len(view["table"]),
        "unbeaten": sum(1 for _, d in view["table"] if d is None),
        "ranks": ranks,
        "trump_pip": FRENCH_PIPS[view["trump"]],
        "trump_name": FRENCH_SUIT_NAMES[view["trump"]],
        "last_defence": last_defence,
        "results": results,
    }


@register.simple_tag
def dayous_phrases(view: dict) -> list[str]:
    """Quick phrases a player may send now: "Did somebody say …?" for the ranks on the
    table, and "Can I not attack?" (all of them in rooms.reactions.DAYOUS_PHRASES)."""
    ranks = sorted({c[0] for pair in view.get("table") or [] for c in pair if c and c not in JOKERS},
                   key=RANKS.index)
    return ["Can I not attack?"] + [DAYOUS_ASK[r] for r in ranks]


@register.filter
def is_trump(card_code: str, trump: str) -> bool:
    return bool(card_code) and card_code not in JOKERS and card_code[1] == trump


@register.filter
def card_words(card_code: str) -> str:
    return card_name(card_code) if card_code else ""
