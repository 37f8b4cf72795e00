"""Dayous: a Durak with jokers, passing and a trump that changes halfway.

Pure Python, no Django. See ``games/dayous/README.md`` for the notation, the
rulings applied and the formats of state, actions, events and views.

Seats go round in seat order: "clockwise" is seat + 1, "counterclockwise" seat - 1.
The deck is a list with its top card first.
"""

from __future__ import annotations

from collections import Counter
from itertools import product
from typing import Any

from games import core
from games.core import FRENCH_RANKS, FRENCH_SUITS, JOKERS, IllegalAction, InvalidOptions

NAME = "dayous"
RANK_VALUE = {rank: i for i, rank in enumerate(FRENCH_RANKS)}
SUIT_ORDER = {suit: i for i, suit in enumerate(FRENCH_SUITS)}
HIGH_RANKS = frozenset("JQKA")
JOKER_SET = frozenset(JOKERS)
KNOWN_CARDS = frozenset(core.french_deck(1, jokers=True))
JOURNALS = (
    (12, "Nature"),
    (10, "Science"),
    (8, "PNAS"),
    (6, "Cognition"),
    (4, "PLoS ONE"),
    (2, "Journal of Vision"),
)
JOURNAL_NAMES = tuple(name for _, name in reversed(JOURNALS))
DEFAULT_OPTIONS = {"decks": 1, "clock": 30}
LOG_LENGTH = 30
MIN_PLAYERS = 2
MAX_PLAYERS = 8


# --------------------------------------------------------------------------- helpers


def hand_size(decks: int) -> int:
    """Cards in a full hand: 7 with one deck, 10 with two or more."""
    return 7 if decks == 1 else 10


def max_players_for(decks: int) -> int:
    """Most players a table of ``decks`` decks can deal (a full hand each, 2 cards left)."""
    return min(MAX_PLAYERS, (54 * decks - 2) // hand_size(decks))


def journal_for(cards: int) -> str | None:
    """The journal a contribution of ``cards`` cards reaches (highest threshold reached).

    Odd counts take the threshold below them (3 → Journal of Vision); fewer than 2 cards
    reach no journal (``None``) — a successful defence always discards at least 2.
    """
    for threshold, name in JOURNALS:
        if cards >= threshold:
            return name
    return None


def beats(attack: str, defence: str, trump: str) -> bool:
    """Whether ``defence`` beats ``attack``: higher in the same suit, or a trump on a non-trump.

    Identical cards (several decks) never beat each other; jokers never beat or are beaten.
    """
    if attack in JOKER_SET or defence in JOKER_SET:
        return False
    if defence[1] == attack[1]:
        return RANK_VALUE[defence[0]] > RANK_VALUE[attack[0]]
    return defence[1] == trump and attack[1] != trump


def is_trump(card: str, trump: str) -> bool:
    return card not in JOKER_SET and card[1] == trump


def _name(card: Any) -> str:
    return core.card_name(card) if card in KNOWN_CARDS else repr(card)


_MULTISET_CACHE: dict[tuple, tuple] = {}


def _multisets(cards: list[str], room: int) -> list[list[str]]:
    """Every distinct non-empty sub-multiset of ``cards`` with at most ``room`` cards."""
    if room <= 0 or not cards:
        return []
    key = (tuple(sorted(cards)), min(room, len(cards)))
    found = _MULTISET_CACHE.get(key)
    if found is None:
        counts = Counter(cards)
        keys = sorted(counts, key=lambda c: SUIT_ORDER[c[1]])
        out = []
        for combo in product(*(range(counts[k] + 1) for k in keys)):
            total = sum(combo)
            if 0 < total <= room:
                picked = []
                for card, many in zip(keys, combo):
                    picked.extend([card] * many)
                out.append(tuple(picked))
        out.sort(key=len)
        found = tuple(out)
        if len(_MULTISET_CACHE) < 50000:
            _MULTISET_CACHE[key] = found
    return [list(t) for t in found]


def _by_rank(hand: list[str]) -> dict[str, list[str]]:
    groups: dict[str, list[str]] = {}
    for card in hand:
        if card not in JOKER_SET:
            groups.setdefault(card[0], []).append(card)
    return groups


def _remove(hand: list[str], cards: list[str]) -> list[str]:
    """``hand`` without ``cards`` (a new list), or ``IllegalAction`` if one is not held."""
    new = list(hand)
    for card in cards:
        try:
            new.remove(card)
        except ValueError:
            raise IllegalAction(f"You do not hold the {_name(card)}.") from None
    return new


def _card_list(action: dict, what: str) -> list[str]:
    cards = action.get("cards")
    if not isinstance(cards, list) or not cards or not all(isinstance(c, str) for c in cards):
        raise IllegalAction(f"Say which cards to {what}: a non-empty list of cards.")
    for card in cards:
        if card not in KNOWN_CARDS:
            raise IllegalAction(f"{card!r} is not a card.")
    return cards


def _one_rank(cards: list[str], what: str) -> str:
    if any(c in JOKER_SET for c in cards):
        raise IllegalAction(f"A joker cannot be used to {what}; it only sends an attack back.")
    rank = cards[0][0]
    if any(c[0] != rank for c in cards):
        raise IllegalAction(f"The cards you {what} must all be of one rank.")
    return rank


def _step(state: dict) -> int:
    return 1 if state["clockwise"] else -1


def _live(state: dict, seat: int) -> bool:
    """Still in the game: holds cards, or will draw from the deck."""
    return bool(state["hands"][seat]) or bool(state["deck"])


def _next_live(state: dict, seat: int) -> int | None:
    """The next seat after ``seat`` in play order that is still in the game."""
    n = state["players"]
    step = _step(state)
    other = seat
    for _ in range(n - 1):
        other = (other + step) % n
        if _live(state, other):
            return other
    return None


def _table_ranks(table: list) -> set[str]:
    ranks = set()
    for attack, defence in table:
        ranks.add(attack[0])
        if defence is not None:
            ranks.add(defence[0])
    return ranks


def _has_open(table: list) -> bool:
    for pair in table:
        if pair[1] is None:
            return True
    return False


def _faceup(state: dict) -> str | None:
    below = state["faceup_below"]
    deck = state["deck"]
    if below < 0 or len(deck) <= below:
        return None
    return deck[len(deck) - 1 - below]


def _emit(state: dict, events: list, event: dict) -> None:
    events.append(event)
    state["log"].append(dict(event))  # the caller may annotate its events freely


def _throwers(state: dict) -> list[int]:
    """Seats that may throw in now, in play order from the bout's leader."""
    n = state["players"]
    step = _step(state)
    leader, defender, hands = state["leader"], state["defender"], state["hands"]
    out = []
    for k in range(n):
        seat = (leader + step * k) % n
        if seat != defender and hands[seat]:
            out.append(seat)
    return out


def _can_throw(state: dict, seat: int, ranks: set[str] | None = None) -> bool:
    if state["limit"] - len(state["table"]) <= 0:
        return False
    if ranks is None:
        ranks = _table_ranks(state["table"])
    for card in state["hands"][seat]:
        if card[0] in ranks:
            return True
    return False


def _waiting_throwers(state: dict) -> list[int]:
    if state["limit"] - len(state["table"]) <= 0:
        return []
    ranks = _table_ranks(state["table"])
    done = state["done"]
    return [t for t in _throwers(state) if t not in done and _can_throw(state, t, ranks)]


# --------------------------------------------------------------------------- option lists


def _lead_options(state: dict) -> list[dict]:
    room = len(state["hands"][state["defender"]])
    groups = _by_rank(state["hands"][state["leader"]])
    out = []
    for rank in sorted(groups, key=RANK_VALUE.__getitem__):
        for cards in _multisets(groups[rank], room):
            out.append({"type": "attack", "cards": cards})
    return out


def _transfer_target(state: dict) -> int | None:
    target = _next_live(state, state["defender"])
    return target


def _joker_ok(state: dict) -> bool:
    """Whether the table allows a joker now (the defender must also hold one)."""
    table = state["table"]
    leader = state["leader"]
    if leader == state["defender"] or not _has_open(table):
        return False
    ranks = _table_ranks(table)
    if len(ranks) != 1:
        return False
    on_table = sum(1 if d is None else 2 for _, d in table)
    return len(state["hands"][leader]) >= on_table


def _defender_options(state: dict) -> list[dict]:
    table = state["table"]
    hand = state["hands"][state["defender"]]
    trump = state["trump"]
    out = []
    rv = RANK_VALUE
    opens = [(i, a[1], rv[a[0]], a[1] == trump) for i, (a, d) in enumerate(table) if d is None]
    for card in sorted(set(hand), key=_sort_key(trump)):
        if card in JOKER_SET:
            continue
        suit, value = card[1], rv[card[0]]
        is_trump = suit == trump
        for i, a_suit, a_value, a_trump in opens:
            if (suit == a_suit and value > a_value) or (is_trump and not a_trump):
                out.append({"type": "beat", "card": card, "target": i})
    if all(d is None for _, d in table):
        target = _transfer_target(state)
        if target is not None:
            room = len(state["hands"][target]) - len(table)
            rank = table[0][0][0]
            matching = [c for c in hand if c[0] == rank and c not in JOKER_SET]
            for cards in _multisets(matching, room):
                out.append({"type": "transfer", "cards": cards})
    if _joker_ok(state):
        for joker in JOKERS:
            if joker in hand:
                out.append({"type": "joker", "card": joker})
    out.append({"type": "take"})
    return out


def _defender_has_choice(state: dict) -> bool:
    """Whether the defender can do anything but take (fast path of ``_defender_options``)."""
    table = state["table"]
    hand = state["hands"][state["defender"]]
    trump = state["trump"]
    rv = RANK_VALUE
    open_cards = [a for a, d in table if d is None]
    opens = [(a[1], rv[a[0]], a[1] == trump) for a in open_cards]
    joker_checked = False
    for card in hand:
        if card in JOKER_SET:
            if not joker_checked:
                joker_checked = True
                if _joker_ok(state):
                    return True
            continue
        suit, value = card[1], rv[card[0]]
        is_trump = suit == trump
        for a_suit, a_value, a_trump in opens:
            if (suit == a_suit and value > a_value) or (is_trump and not a_trump):
                return True
    if len(open_cards) == len(table):
        rank = table[0][0][0]
        if any(c[0] == rank for c in hand):
            target = _transfer_target(state)
            if target is not None and len(state["hands"][target]) > len(table):
                return True
    return False


def _throw_options(state: dict, seat: int) -> list[dict]:
    room = state["limit"] - len(state["table"])
    out = []
    if room > 0:
        ranks = _table_ranks(state["table"])
        groups = _by_rank(state["hands"][seat])
        for rank in sorted(groups, key=RANK_VALUE.__getitem__):
            if rank in ranks:
                for cards in _multisets(groups[rank], room):
                    out.append({"type": "throw", "cards": cards})
    out.append({"type": "done"})
    return out


def _card_key(card: str, trump: str) -> tuple:
    if card in JOKER_SET:
        return (2, 0, 0 if card == "XB" else 1)
    return (1 if card[1] == trump else 0, SUIT_ORDER[card[1]], RANK_VALUE[card[0]])


_SORT_KEYS = {trump: {card: _card_key(card, trump) for card in KNOWN_CARDS} for trump in FRENCH_SUITS}


def _sort_key(trump: str):
    """Display order: non-trumps by suit then rank, then trumps, then jokers."""
    return _SORT_KEYS[trump].__getitem__


# --------------------------------------------------------------------------- engine


class DayousEngine:
    name = NAME
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    # ----------------------------------------------------------------- options

    def validate_options(self, options: dict[str, Any], players: int | None = None) -> dict[str, Any]:
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise InvalidOptions("Options must be a mapping of names to values.")
        unknown = sorted(set(options) - set(DEFAULT_OPTIONS))
        if unknown:
            raise InvalidOptions(
                f"Unknown option {unknown[0]!r}: Dayous takes only 'decks' (1 to 3) and 'clock' (10 to 60 seconds)."
            )
        out = dict(DEFAULT_OPTIONS)
        out.update(options)
        decks, clock = out["decks"], out["clock"]
        if not isinstance(decks, int) or isinstance(decks, bool) or not 1 <= decks <= 3:
            raise InvalidOptions("The number of decks must be a whole number from 1 to 3.")
        if not isinstance(clock, int) or isinstance(clock, bool) or not 10 <= clock <= 60:
            raise InvalidOptions("The clock must be a whole number of seconds from 10 to 60.")
        if players is not None:
            if not isinstance(players, int) or isinstance(players, bool):
                raise InvalidOptions("The number of players must be a whole number.")
            most = max_players_for(decks)
            if not MIN_PLAYERS <= players <= most:
                plural = "deck" if decks == 1 else "decks"
                raise InvalidOptions(
                    f"Dayous with {decks} {plural} is for {MIN_PLAYERS} to {most} players "
                    f"(each needs a hand of {hand_size(decks)} and 2 cards must be left); "
                    f"{players} cannot be dealt."
                )
        return out

    def turn_seconds(self, options: dict[str, Any]) -> int:
        return self.validate_options(options)["clock"]

    # ----------------------------------------------------------------- start

    def start(self, players: int, options: dict[str, Any], seed: str | None = None,
              deck: list[str] | None = None) -> dict:
        opts = self.validate_options(options, players)
        decks = opts["decks"]
        size = hand_size(decks)
        if seed is None:
            seed = core.new_seed()
        stream = 0
        full = core.french_deck(decks, jokers=True)
        if deck is None:
            cards = core.shuffled(full, seed, stream)
            stream += 1
        else:
            if not isinstance(deck, list) or Counter(deck) != Counter(full):
                raise InvalidOptions(
                    f"A stacked deck must hold exactly the {len(full)} cards of {decks} deck(s) with jokers."
                )
            cards = list(deck)
        n = players
        dealt = n * size
        hands = [cards[seat:dealt:n] for seat in range(n)]
        rest = cards[dealt:]
        upper = rest[: len(rest) // 2]
        lower = rest[len(rest) // 2:]
        for _ in range(len(lower)):
            if lower[0] not in JOKER_SET:
                break
            lower = lower[1:] + lower[:1]
        if lower[0] in JOKER_SET:  # pragma: no cover - impossible with a full deck
            raise InvalidOptions("The lower half of the deck holds only jokers.")
        trump = lower[0][1]
        state = {
            "game": NAME,
            "players": n,
            "decks": decks,
            "clock": opts["clock"],
            "hand_size": size,
            "seed": seed,
            "stream": stream,
            "hands": hands,
            "deck": upper + lower,
            "faceup_below": len(lower) - 1,
            "trump": trump,
            "trump_changed": False,
            "discard": [],
            "clockwise": True,
            "phase": "direction",
            "leader": 0,
            "defender": None,
            "attackers": [],
            "table": [],
            "limit": 0,
            "done": [],
            "taking": False,
            "out": [],
            "last": [],
            "dayous": None,
            "stats": [
                {"defences": 0, "journals": {}, "best": 0, "best_journal": None, "fees": 0, "contributed": 0}
                for _ in range(n)
            ],
            "log": [],
        }
        events: list = []
        _emit(state, events, {"type": "trump", "suit": trump, "card": lower[0], "first": True})
        # First attacker: the lowest trump; ties go to the next-lowest trumps; else a draw.
        holdings = []
        for seat in range(n):
            ranks = sorted(RANK_VALUE[c[0]] for c in hands[seat] if is_trump(c, trump))
            if ranks:
                holdings.append((ranks, seat))
        if holdings:
            best = min(h[0] for h in holdings)
            tied = [seat for ranks, seat in holdings if ranks == best]
        else:
            tied = list(range(n))
        if len(tied) == 1:
            first, drawn = tied[0], False
        else:
            first = int(core.shuffled([str(s) for s in tied], seed, state["stream"])[0])
            state["stream"] += 1
            drawn = True
        state["leader"] = first
        _emit(state, events, {"type": "first", "seat": first, "drawn": drawn})
        return state

    # ----------------------------------------------------------------- queries

    def to_act(self, state: dict) -> list[int]:
        phase = state["phase"]
        if phase == "direction" or phase == "lead":
            return [state["leader"]]
        if phase != "bout":
            return []
        seats = []
        if not state["taking"] and _has_open(state["table"]):
            seats.append(state["defender"])
        seats.extend(_waiting_throwers(state))
        return seats

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        return self._legal(state, seat, None)

    def _legal(self, state: dict, seat: Any, waiting: list[int] | None) -> list[dict]:
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["players"]:
            return []
        phase = state["phase"]
        if phase == "direction":
            if seat != state["leader"]:
                return []
            return [{"type": "direction", "clockwise": True}, {"type": "direction", "clockwise": False}]
        if phase == "lead":
            return _lead_options(state) if seat == state["leader"] else []
        if phase != "bout":
            return []
        if seat == state["defender"]:
            if state["taking"] or not _has_open(state["table"]):
                return []
            return _defender_options(state)
        if waiting is not None:
            if seat not in waiting:
                return []
        elif seat in state["done"] or not state["hands"][seat] or not _can_throw(state, seat):
            return []
        return _throw_options(state, seat)

    def default_action(self, state: dict, seat: int) -> dict:
        phase = state["phase"]
        if seat not in self.to_act(state):
            raise IllegalAction("Nothing is awaited from that seat now.")
        if phase == "direction":
            return {"type": "direction", "clockwise": True}
        if phase == "lead":
            trump = state["trump"]
            hand = [c for c in state["hands"][seat] if c not in JOKER_SET]
            plain = [c for c in hand if c[1] != trump] or hand
            card = min(plain, key=lambda c: (RANK_VALUE[c[0]], SUIT_ORDER[c[1]]))
            return {"type": "attack", "cards": [card]}
        if seat == state["defender"]:
            return {"type": "take"}
        return {"type": "done"}

    def outcome(self, state: dict) -> dict | None:
        if state["phase"] != "over":
            return None
        groups = [list(g) for g in state["out"]]
        if state["last"]:
            groups.append(list(state["last"]))
        places = core.places_from_exits(list(reversed(groups)), [], state["players"])
        return {
            "places": places,
            "winners": [seat for seat, place in enumerate(places) if place == 1],
            "dayous": state["dayous"],
        }

    def view(self, state: dict, seat: int | None) -> dict:
        n = state["players"]
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < n):
            raise ValueError(f"No seat {seat!r} at this table.")
        phase = state["phase"]
        trump = state["trump"]
        hands = state["hands"]
        in_bout = phase == "bout"
        waiting = self.to_act(state)
        return {
            "game": NAME,
            "seat": seat,
            "players": n,
            "decks": state["decks"],
            "hand_size": state["hand_size"],
            "phase": phase,
            "to_act": waiting,
            "legal": [] if seat is None else self._legal(state, seat, waiting),
            "over": phase == "over",
            "outcome": self.outcome(state),
            "log": [dict(e) for e in state["log"]],
            "hand": None if seat is None else sorted(hands[seat], key=_sort_key(trump)),
            "hand_counts": [len(h) for h in hands],
            "deck": len(state["deck"]),
            "faceup": _faceup(state),
            "trump": trump,
            "trump_change_pending": not state["trump_changed"],
            "clockwise": state["clockwise"],
            "leader": state["leader"] if phase != "over" else None,
            "defender": state["defender"] if phase in ("lead", "bout") else None,
            "attackers": list(state["attackers"]),
            "throwers": _throwers(state) if in_bout else [],
            "out": [s for g in state["out"] for s in g],
            "taking": state["taking"],
            "table": [list(p) for p in state["table"]],
            "limit": state["limit"],
            "discard": len(state["discard"]),
            "done": list(state["done"]),
            "stats": [dict(s, journals=dict(s["journals"])) for s in state["stats"]],
        }

    # ----------------------------------------------------------------- apply

    def apply(self, state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
        kind = core.action_kind(action)
        phase = state["phase"]
        if phase == "over":
            raise IllegalAction("The game is over.")
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state["players"]:
            raise IllegalAction("There is no such seat at this table.")
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise IllegalAction(f"{kind!r} is not a Dayous move.")
        new = dict(state)
        new["hands"] = list(state["hands"])
        new["log"] = list(state["log"])
        events: list = []
        handler(new, seat, action, events)
        _settle(new, events)
        if len(new["log"]) > LOG_LENGTH:
            new["log"] = new["log"][-LOG_LENGTH:]
        return new, events


# --------------------------------------------------------------------------- handlers
# Each handler gets a shallow copy whose "hands" and "log" lists are fresh; it must
# replace (never mutate) any other container it changes, and every single hand.


def _need_bout(state: dict, what: str) -> None:
    if state["phase"] == "direction":
        raise IllegalAction(f"You cannot {what} yet: the first attacker must choose the direction.")
    if state["phase"] == "lead":
        raise IllegalAction(f"You cannot {what} yet: the attacker has not led.")


def _do_direction(s: dict, seat: int, action: dict, events: list) -> None:
    if s["phase"] != "direction":
        raise IllegalAction("The direction of play has already been chosen.")
    if seat != s["leader"]:
        raise IllegalAction("Only the first attacker chooses the direction.")
    clockwise = action.get("clockwise")
    if not isinstance(clockwise, bool):
        raise IllegalAction("Say whether play goes clockwise (true) or counterclockwise (false).")
    s["clockwise"] = clockwise
    _emit(s, events, {"type": "direction", "seat": seat, "clockwise": clockwise})
    _start_bout(s, events, seat)


def _do_attack(s: dict, seat: int, action: dict, events: list) -> None:
    if s["phase"] != "lead":
        if s["phase"] == "direction":
            raise IllegalAction("The first attacker must choose the direction before leading.")
        raise IllegalAction("The bout has already been led; throw in cards of ranks on the table instead.")
    if seat != s["leader"]:
        raise IllegalAction("It is not your turn to attack.")
    cards = _card_list(action, "attack with")
    _one_rank(cards, "attack with")
    defender = s["defender"]
    if len(cards) > len(s["hands"][defender]):
        raise IllegalAction(
            f"You may attack with at most {len(s['hands'][defender])} cards: the defender holds no more."
        )
    s["hands"][seat] = _remove(s["hands"][seat], cards)
    s["table"] = [[c, None] for c in cards]
    s["attackers"] = [seat]
    s["phase"] = "bout"
    s["done"] = []
    s["taking"] = False
    _emit(s, events, {"type": "attack", "seat": seat, "cards": list(cards), "target": defender})


def _do_throw(s: dict, seat: int, action: dict, events: list) -> None:
    _need_bout(s, "throw in")
    if seat == s["defender"]:
        raise IllegalAction("The defender cannot throw in.")
    if not s["hands"][seat]:
        raise IllegalAction("You have no cards to throw in.")
    if seat in s["done"]:
        raise IllegalAction("You said \"No further questions\"; wait until the table changes.")
    cards = _card_list(action, "throw in")
    rank = _one_rank(cards, "throw in")
    if rank not in _table_ranks(s["table"]):
        raise IllegalAction("You can only throw in cards of a rank already on the table.")
    room = s["limit"] - len(s["table"])
    if len(cards) > room:
        if room <= 0:
            raise IllegalAction("No more attacks: the defender's hand size limit has been reached.")
        raise IllegalAction(f"Only {room} more attack card(s) fit: the defender's hand size is the limit.")
    s["hands"][seat] = _remove(s["hands"][seat], cards)
    s["table"] = s["table"] + [[c, None] for c in cards]
    if seat not in s["attackers"]:
        s["attackers"] = s["attackers"] + [seat]
    s["done"] = []
    _emit(s, events, {"type": "throw", "seat": seat, "cards": list(cards)})


def _defender_turn(s: dict, seat: int, what: str) -> None:
    _need_bout(s, what)
    if seat != s["defender"]:
        raise IllegalAction(f"Only the defender can {what}.")
    if s["taking"]:
        raise IllegalAction("You have already decided to take the cards.")
    if not _has_open(s["table"]):
        raise IllegalAction("Every attack card is already beaten.")


def _do_beat(s: dict, seat: int, action: dict, events: list) -> None:
    _defender_turn(s, seat, "beat a card")
    card, target = action.get("card"), action.get("target")
    if not isinstance(card, str) or card not in KNOWN_CARDS:
        raise IllegalAction("Say which card you beat with.")
    if not isinstance(target, int) or isinstance(target, bool):
        raise IllegalAction("Say which attack card you beat (its place on the table).")
    table = s["table"]
    if not 0 <= target < len(table):
        raise IllegalAction("There is no such attack card on the table.")
    attack, defence = table[target]
    if defence is not None:
        raise IllegalAction(f"The {_name(attack)} is already beaten.")
    if card not in s["hands"][seat]:
        raise IllegalAction(f"You do not hold the {_name(card)}.")
    if card in JOKER_SET:
        raise IllegalAction("A joker cannot beat a card; it can only send the attack back.")
    if not beats(attack, card, s["trump"]):
        if card == attack:
            raise IllegalAction("Identical cards do not beat each other.")
        raise IllegalAction(
            f"The {_name(card)} does not beat the {_name(attack)}: play a higher card of the same suit or a trump."
        )
    s["hands"][seat] = _remove(s["hands"][seat], [card])
    new_table = list(table)
    new_table[target] = [attack, card]
    s["table"] = new_table
    s["done"] = []
    _emit(s, events, {"type": "beat", "seat": seat, "card": card, "target": target, "over": attack})


def _do_transfer(s: dict, seat: int, action: dict, events: list) -> None:
    _defender_turn(s, seat, "pass the attack on")
    cards = _card_list(action, "pass with")
    rank = _one_rank(cards, "pass with")
    table = s["table"]
    if any(d is not None for _, d in table):
        raise IllegalAction("You can no longer pass: defending has started.")
    if rank != table[0][0][0]:
        raise IllegalAction("To pass, play cards of the same rank as the attack.")
    hand = _remove(s["hands"][seat], cards)
    target = _transfer_target(s)
    if target is None:
        raise IllegalAction("There is nobody to pass the attack to.")
    total = len(table) + len(cards)
    if len(s["hands"][target]) < total:
        raise IllegalAction(
            f"You cannot pass: the next player holds {len(s['hands'][target])} cards, fewer than the "
            f"{total} that would be on the table."
        )
    s["hands"][seat] = hand
    s["table"] = table + [[c, None] for c in cards]
    if seat not in s["attackers"]:
        s["attackers"] = s["attackers"] + [seat]
    s["defender"] = target
    s["limit"] = len(s["hands"][target])
    s["done"] = []
    _emit(s, events, {"type": "transfer", "seat": seat, "cards": list(cards), "to": target})


def _do_joker(s: dict, seat: int, action: dict, events: list) -> None:
    _defender_turn(s, seat, "play a joker")
    card = action.get("card")
    if not isinstance(card, str) or card not in JOKER_SET:
        raise IllegalAction("Say which joker you play: XR or XB.")
    if card not in s["hands"][seat]:
        raise IllegalAction(f"You do not hold the {_name(card)}.")
    table = s["table"]
    leader = s["leader"]
    if len(_table_ranks(table)) != 1:
        raise IllegalAction("A joker cannot be used with more than one rank of cards on the table.")
    if leader == seat:
        raise IllegalAction("You led this bout: a joker would send the attack back to you.")
    cards = [c for pair in table for c in pair if c is not None]
    if len(s["hands"][leader]) < len(cards):
        raise IllegalAction(
            f"You cannot send the attack back: the player who led holds {len(s['hands'][leader])} cards, "
            f"fewer than the {len(cards)} on the table."
        )
    s["hands"][seat] = _remove(s["hands"][seat], [card])
    s["discard"] = s["discard"] + [card]
    s["table"] = [[c, None] for c in cards]
    s["clockwise"] = not s["clockwise"]
    if seat not in s["attackers"]:
        s["attackers"] = s["attackers"] + [seat]
    s["defender"] = leader
    s["limit"] = len(s["hands"][leader])
    s["done"] = []
    _emit(s, events, {"type": "joker", "seat": seat, "card": card, "to": leader, "clockwise": s["clockwise"]})


def _do_take(s: dict, seat: int, action: dict, events: list) -> None:
    _defender_turn(s, seat, "take the cards")
    s["taking"] = True
    s["done"] = []
    _emit(s, events, {"type": "take", "seat": seat})


def _do_done(s: dict, seat: int, action: dict, events: list) -> None:
    _need_bout(s, "say \"No further questions\"")
    if seat == s["defender"]:
        raise IllegalAction("The defender cannot say \"No further questions\"; beat the cards or take them.")
    if seat in s["done"]:
        raise IllegalAction("You already said \"No further questions\".")
    if seat not in _waiting_throwers(s):
        raise IllegalAction("You have nothing to throw in; nobody is waiting for you.")
    s["done"] = s["done"] + [seat]
    _emit(s, events, {"type": "done", "seat": seat})


_HANDLERS = {
    "direction": _do_direction,
    "attack": _do_attack,
    "throw": _do_throw,
    "beat": _do_beat,
    "transfer": _do_transfer,
    "joker": _do_joker,
    "take": _do_take,
    "done": _do_done,
}


# --------------------------------------------------------------------------- flow


def _settle(s: dict, events: list) -> None:
    """Play every forced step: single-choice leads, forced takes, closing the bout."""
    while True:
        phase = s["phase"]
        if phase == "lead":
            plain = [c for c in s["hands"][s["leader"]] if c not in JOKER_SET]
            if len(set(plain)) == 1 and (len(plain) == 1 or len(s["hands"][s["defender"]]) == 1):
                _do_attack(s, s["leader"], {"type": "attack", "cards": plain[:1]}, events)
                continue
            return
        if phase != "bout":
            return
        if s["taking"] or not _has_open(s["table"]):
            if _waiting_throwers(s):
                return
            _close_bout(s, events)
            continue
        if not _defender_has_choice(s):
            s["taking"] = True
            s["done"] = []
            _emit(s, events, {"type": "take", "seat": s["defender"], "forced": True})
            continue
        return


def _close_bout(s: dict, events: list) -> None:
    table = s["table"]
    defender = s["defender"]
    cards = [c for pair in table for c in pair if c is not None]
    if s["taking"]:
        s["hands"][defender] = s["hands"][defender] + cards
        _emit(s, events, {"type": "took", "seat": defender, "count": len(cards)})
        success = False
    else:
        trump = s["trump"]
        fee = sum(1 for _, d in table if d[0] in HIGH_RANKS or d[1] == trump)
        journal = journal_for(len(cards))
        s["discard"] = s["discard"] + cards
        stats = list(s["stats"])
        old = stats[defender]
        journals = dict(old["journals"])
        journals[journal] = journals.get(journal, 0) + 1
        better = len(cards) > old["best"]
        stats[defender] = {
            "defences": old["defences"] + 1,
            "journals": journals,
            "best": len(cards) if better else old["best"],
            "best_journal": journal if better else old["best_journal"],
            "fees": old["fees"] + fee,
            # A game stored before the total was kept counts from its next defence.
            "contributed": old.get("contributed", 0) + len(cards),
        }
        s["stats"] = stats
        _emit(s, events, {"type": "defended", "seat": defender, "cards": len(cards), "journal": journal, "fee": fee})
        success = True
    s["table"] = []
    s["taking"] = False
    s["done"] = []
    s["attackers"] = []
    _refill(s, events)
    _maybe_change_trump(s, events)
    hands = s["hands"]
    n = s["players"]
    if not s["deck"]:
        gone = {seat for group in s["out"] for seat in group}
        fresh = [seat for seat in range(n) if not hands[seat] and seat not in gone]
        if fresh:
            s["out"] = s["out"] + [fresh]
            _emit(s, events, {"type": "out", "seats": fresh})
    holders = [seat for seat in range(n) if hands[seat]]
    if len(holders) <= 1:
        _finish(s, events, holders)
        return
    if success and hands[defender]:
        leader = defender
    else:
        leader = _next_live(s, defender)
    _start_bout(s, events, leader)


def _refill(s: dict, events: list) -> None:
    """Draw up to a full hand: the bout's leader, the others in play order, the defender last."""
    deck = s["deck"]
    if not deck:
        return
    n = s["players"]
    step = _step(s)
    leader, defender = s["leader"], s["defender"]
    order = [(leader + step * k) % n for k in range(n)]
    order = [seat for seat in order if seat != defender] + [defender]
    size = s["hand_size"]
    hands = s["hands"]
    draws = []
    for seat in order:
        need = size - len(hands[seat])
        if need > 0 and deck:
            got = deck[:need]
            deck = deck[need:]
            hands[seat] = hands[seat] + got
            draws.append([seat, len(got)])
    s["deck"] = deck
    if draws:
        _emit(s, events, {"type": "refill", "draws": draws, "deck": len(deck)})


def _maybe_change_trump(s: dict, events: list) -> None:
    if s["trump_changed"] or len(s["deck"]) > s["faceup_below"]:
        return
    s["trump_changed"] = True
    deck = s["deck"]
    for _ in range(len(deck)):
        if deck[0] not in JOKER_SET:
            break
        deck = deck[1:] + deck[:1]
    if deck and deck[0] not in JOKER_SET:
        s["deck"] = deck
        s["faceup_below"] = len(deck) - 1
        s["trump"] = deck[0][1]
        _emit(s, events, {"type": "trump", "suit": s["trump"], "card": deck[0], "first": False})
        return
    s["deck"] = deck
    s["faceup_below"] = -1
    s["trump"] = core.shuffled(list(FRENCH_SUITS), s["seed"], s["stream"])[0]
    s["stream"] += 1
    _emit(s, events, {"type": "trump", "suit": s["trump"], "card": None, "first": False})


def _start_bout(s: dict, events: list, leader: int) -> None:
    """A new bout led by ``leader`` (or the next player able to lead)."""
    hands = s["hands"]
    n = s["players"]
    step = _step(s)
    chosen = None
    for k in range(n):
        seat = (leader + step * k) % n
        if not hands[seat]:
            continue
        if any(c not in JOKER_SET for c in hands[seat]):
            chosen = seat
            break
        _emit(s, events, {"type": "skip", "seat": seat})
    if chosen is None:
        _finish(s, events, [i for i in range(n) if hands[i]])
        return
    seat = chosen
    defender = _next_live(s, seat)
    s["phase"] = "lead"
    s["leader"] = seat
    s["defender"] = defender
    s["limit"] = len(hands[defender])
    s["table"] = []
    s["attackers"] = []
    s["done"] = []
    s["taking"] = False
    _emit(s, events, {"type": "bout", "attacker": seat, "defender": defender})


def _finish(s: dict, events: list, holders: list[int]) -> None:
    gone = {seat for group in s["out"] for seat in group}
    empty = [seat for seat in range(s["players"]) if seat not in gone and seat not in holders]
    if empty:  # seats without cards not yet counted out (only in hand-made positions)
        s["out"] = s["out"] + [empty]
    s["phase"] = "over"
    s["defender"] = None
    s["table"] = []
    s["done"] = []
    s["attackers"] = []
    s["taking"] = False
    s["last"] = list(holders)
    s["dayous"] = holders[0] if len(holders) == 1 else None
    _emit(s, events, {"type": "over", "dayous": s["dayous"], "stuck": holders if len(holders) > 1 else []})


# --------------------------------------------------------------------------- text


def _cards_text(cards: list[str]) -> str:
    names = [core.card_name(c) for c in cards]
    if len(names) == 1:
        return "the " + names[0]
    return "the " + ", ".join(names[:-1]) + " and " + names[-1]


def event_text(event: dict) -> str:
    """A short English sentence for a public event; seats as ``{seatN}`` tokens. The
    empty string for an event that makes no line of its own: a new bout is told by its
    lead ("Ann attacks Bea with …"), so the log says it once."""
    kind = event.get("type")
    seat = event.get("seat")
    who = f"{{seat{seat}}}"
    suit = core.FRENCH_SUIT_NAMES
    if kind == "trump":
        if event.get("first"):
            return f"The {core.card_name(event['card'])} is turned up: {suit[event['suit']]} are trumps."
        if event.get("card"):
            return (f"The trump changes: the {core.card_name(event['card'])} is turned up, "
                    f"{suit[event['suit']]} are trumps for the rest of the game.")
        return f"The trump changes: {suit[event['suit']]} are drawn at random for the rest of the game."
    if kind == "first":
        how = "wins the draw" if event.get("drawn") else "holds the lowest trump"
        return f"{who} {how}, attacks first and chooses the direction."
    if kind == "direction":
        return f"{who} chose to play {'clockwise' if event['clockwise'] else 'counterclockwise'}."
    if kind == "bout":
        return ""
    if kind == "attack":
        return f"{who} attacks {{seat{event['target']}}} with {_cards_text(event['cards'])}."
    if kind == "throw":
        return f"{who} asks a further question: {_cards_text(event['cards'])}."
    if kind == "beat":
        return f"{who} beats the {core.card_name(event['over'])} with the {core.card_name(event['card'])}."
    if kind == "transfer":
        return f"{who} passes the attack to {{seat{event['to']}}} with {_cards_text(event['cards'])}."
    if kind == "joker":
        way = "clockwise" if event["clockwise"] else "counterclockwise"
        return (f"{who} plays the {core.card_name(event['card'])}: the attack goes back to "
                f"{{seat{event['to']}}}, play now goes {way}.")
    if kind == "take":
        if event.get("forced"):
            return f"{who} cannot answer and will take the cards."
        return f"{who} gives up and will take the cards."
    if kind == "took":
        count = event["count"]
        return f"{who} takes {count} card{'' if count == 1 else 's'}."
    if kind == "done":
        return f"{who}: \"No further questions.\""
    if kind == "defended":
        journal = event.get("journal") or "no journal"
        return (f"{who} defended: {event['cards']} cards to the discard pile — published in {journal}, "
                f"publication fee {event['fee']}.")
    if kind == "refill":
        parts = [f"{{seat{s}}} draws {k}" for s, k in event["draws"]]
        return "Refill: " + ", ".join(parts) + f"; {event['deck']} left in the deck."
    if kind == "out":
        seats = ", ".join(f"{{seat{s}}}" for s in event["seats"])
        return f"{seats} {'is' if len(event['seats']) == 1 else 'are'} out of cards and safe."
    if kind == "skip":
        return f"{who} holds only jokers and cannot attack."
    if kind == "over":
        if event.get("dayous") is not None:
            return f"Game over: {{seat{event['dayous']}}} is the dayous."
        if event.get("stuck"):
            return "Game over: nobody left can attack, so there is no dayous."
        return "Game over: the last cards went at once, so there is no dayous."
    return f"{kind}."


ENGINE = DayousEngine()
