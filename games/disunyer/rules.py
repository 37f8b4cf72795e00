"""Disunyer: the rules engine (pure Python, no Django).

See ``games/disunyer/README.md`` for the notation, the rulings applied and the
formats of state, actions, events and views.

State (plain JSON data; ``json.loads(json.dumps(state)) == state``)::

    n          number of seats               mode     "standard" | "stuck-king"
    seed       the game's secret seed        stream   next shuffle stream number
    order      seats in play order           round    current round (1-based)
    deck       cards, top first              discard  discard pile (unordered)
    hands      card per seat (None: no card)
    known      per seat, bitmask of the seats that know the card it holds
               (bit v = seat v knows it; -1 = face up, known to everybody)
    out        per seat, the round it was knocked out in (0 = still standing)
    phase      "disunyer" | "turns" | "over"
    step       "pick" | "guess" (Disunyer phase) or None
    seq        seats standing when the round was dealt, in play order
    pos        index in ``seq`` of the seat whose turn it is (turn phase)
    holder     seat resolving a Disunyer (or None)   rival   its rival (or None)
    pending    Ace holders still to call this round, in play order (secret)
    stuck      seats holding a stuck King this round
    duels      this round's resolved Disunyers (public records)
    last       public summary of the last finished round (or None)
    rounds     the public summaries of every finished round, oldest first
    log        the most recent public events      nlog  events ever logged
    winner     the winning seat (or None)         no_winner  bool
"""

from __future__ import annotations

from typing import Any

from games import core
from games.core import IllegalAction, InvalidOptions

NAME = "disunyer"
MODES = ("standard", "stuck-king")
SUITS = core.SPANISH_SUITS
RANK_VALUE = {r: i for i, r in enumerate(core.SPANISH_RANKS)}
ALL_CARDS = frozenset(core.spanish_deck())
LOG_SIZE = 30
PUBLIC = -1

_KEEP = "keep"
_PASS = "pass"
_PICK = "pick"
_GUESS = "guess"


def _is_int(x: Any) -> bool:
    return type(x) is int


def _cardname(card: str) -> str:
    return core.card_name(card, spanish=True)


class DisunyerEngine:
    name = NAME
    min_players = 2
    max_players = 8

    # ------------------------------------------------------------------ options
    def validate_options(self, options: dict, players: int | None = None) -> dict:
        if not isinstance(options, dict):
            raise InvalidOptions('Options must be a dictionary such as {"mode": "standard"}.')
        unknown = sorted(str(k) for k in options if k != "mode")
        if unknown:
            raise InvalidOptions(
                f'Unknown option {", ".join(unknown)}: Disunyer only has the option "mode".'
            )
        mode = options.get("mode", "standard")
        if not isinstance(mode, str) or mode not in MODES:
            raise InvalidOptions(f'The mode must be "standard" or "stuck-king", not {mode!r}.')
        if players is not None and (
            not _is_int(players) or not (self.min_players <= players <= self.max_players)
        ):
            raise InvalidOptions(
                f"Disunyer is played by {self.min_players} to {self.max_players} players, "
                f"not {players!r}."
            )
        return {"mode": mode}

    def turn_seconds(self, options: dict) -> int:
        return 10

    # -------------------------------------------------------------------- start
    def start(
        self, players: int, options: dict, seed: str | None = None, deck: list[str] | None = None
    ) -> dict:
        opts = self.validate_options(options if options is not None else {}, players)
        if players is None:
            raise InvalidOptions("Say how many players sit at the table (2 to 8).")
        if seed is None:
            seed = core.new_seed()
        elif not isinstance(seed, str):
            raise InvalidOptions("The seed must be a string.")
        if deck is None:
            order = core.shuffled(list(range(players)), seed, 0)
            cards = core.shuffled(core.spanish_deck(), seed, 1)
            discard: list[str] = []
            stream = 2
        else:
            if not isinstance(deck, (list, tuple)) or not all(isinstance(c, str) for c in deck):
                raise InvalidOptions("A stacked deck must be a list of card strings.")
            bad = [c for c in deck if c not in ALL_CARDS]
            if bad:
                raise InvalidOptions(f"{bad[0]!r} is not a card of the Spanish deck.")
            if len(set(deck)) != len(deck):
                raise InvalidOptions("A stacked deck cannot hold the same card twice.")
            order = list(range(players))
            cards = list(deck)
            listed = set(deck)
            # Cards not listed start in the discard pile: they come back when the
            # stacked deck runs out and the discard pile is shuffled (seeded).
            discard = [c for c in core.spanish_deck() if c not in listed]
            stream = 0
        state = {
            "n": players,
            "mode": opts["mode"],
            "seed": seed,
            "stream": stream,
            "order": order,
            "round": 0,
            "deck": cards,
            "discard": discard,
            "hands": [None] * players,
            "known": [0] * players,
            "out": [0] * players,
            "phase": "turns",
            "step": None,
            "seq": [],
            "pos": 0,
            "holder": None,
            "rival": None,
            "pending": [],
            "stuck": [],
            "duels": [],
            "last": None,
            "rounds": [],
            "log": [],
            "nlog": 0,
            "winner": None,
            "no_winner": False,
        }
        events: list[dict] = []
        _deal(state, events)
        _log(state, events)
        return state

    # ----------------------------------------------------------------- queries
    def to_act(self, state: dict) -> list[int]:
        phase = state["phase"]
        if phase == "turns":
            return [state["seq"][state["pos"]]]
        if phase == "disunyer":
            return [state["holder"] if state["step"] == _PICK else state["rival"]]
        return []

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        phase = state["phase"]
        if phase == "turns":
            if seat != state["seq"][state["pos"]]:
                return []
            if _can_pass(state):
                return [{"type": _KEEP}, {"type": _PASS}]
            return [{"type": _KEEP}]
        if phase == "disunyer":
            if state["step"] == _PICK:
                if seat != state["holder"]:
                    return []
                out = state["out"]
                return [
                    {"type": _PICK, "rival": r} for r in state["order"] if r != seat and not out[r]
                ]
            if seat != state["rival"]:
                return []
            return [{"type": _GUESS, "suit": s} for s in SUITS]
        return []

    def default_action(self, state: dict, seat: int) -> dict:
        phase = state["phase"]
        if phase == "disunyer":
            if state["step"] == _PICK and seat == state["holder"]:
                return {"type": _PICK, "rival": None}
            if state["step"] == _GUESS and seat == state["rival"]:
                return {"type": _GUESS, "suit": None}
        elif phase == "turns" and seat == state["seq"][state["pos"]]:
            return {"type": _KEEP}
        raise IllegalAction(_not_your_turn(state, seat))

    # ------------------------------------------------------------------- apply
    def apply(self, state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
        kind = core.action_kind(action)
        phase = state["phase"]
        if phase == "over":
            raise IllegalAction("The game is over.")
        if not _is_int(seat) or not (0 <= seat < state["n"]):
            raise IllegalAction(f"There is no seat {seat!r} at this table.")
        if kind not in (_KEEP, _PASS, _PICK, _GUESS):
            raise IllegalAction(f"Unknown move {kind!r}: Disunyer has keep, pass, pick and guess.")
        if phase == "turns":
            if seat != state["seq"][state["pos"]]:
                raise IllegalAction(_not_your_turn(state, seat))
            if kind == _PICK or kind == _GUESS:
                raise IllegalAction("There is no Disunyer to resolve now: keep or pass your card.")
            if len(action) != 1:
                raise IllegalAction(f"A {kind} move takes no other data.")
            if kind == _PASS and not _can_pass(state):
                if seat in state["stuck"]:
                    raise IllegalAction("Your King is stuck: you must keep it.")
                raise IllegalAction("The next player has a stuck King: you must keep your card.")
            st = _own(state)
            events: list[dict] = []
            if kind == _KEEP:
                events.append({"type": "keep", "seat": seat})
            else:
                _pass(st, seat, events)
            st["pos"] += 1
            _advance_turns(st, events)
            _log(st, events)
            return st, events
        # Disunyer phase
        step = state["step"]
        if step == _PICK:
            if seat != state["holder"]:
                raise IllegalAction(_not_your_turn(state, seat))
            if kind != _PICK:
                raise IllegalAction("You hold a dealt Ace: call Disunyer and pick a rival.")
            if len(action) != 2 or "rival" not in action:
                raise IllegalAction('A pick names one rival: {"type": "pick", "rival": seat}.')
            rival = action["rival"]
            if rival is not None:
                if not _is_int(rival) or not (0 <= rival < state["n"]):
                    raise IllegalAction(f"There is no seat {rival!r} to pick.")
                if rival == seat:
                    raise IllegalAction("You cannot pick yourself as your rival.")
                if state["out"][rival]:
                    raise IllegalAction("That player is already out: pick a rival still standing.")
            st = _own(state)
            events = []
            _pick(st, seat, rival, events)
            _log(st, events)
            return st, events
        if seat != state["rival"]:
            raise IllegalAction(_not_your_turn(state, seat))
        if kind != _GUESS:
            raise IllegalAction("You were challenged: guess the suit of the Ace.")
        if len(action) != 2 or "suit" not in action:
            raise IllegalAction('A guess names one suit: {"type": "guess", "suit": "o"}.')
        suit = action["suit"]
        if suit is not None and (not isinstance(suit, str) or suit not in SUITS):
            raise IllegalAction(
                "Guess one of the suits: o (coins), c (cups), s (swords) or b (clubs)."
            )
        st = _own(state)
        events = []
        _guess(st, seat, suit, events)
        _log(st, events)
        return st, events

    # -------------------------------------------------------------------- view
    def view(self, state: dict, seat: int | None) -> dict:
        n = state["n"]
        if seat is not None and (not _is_int(seat) or not (0 <= seat < n)):
            seat = None
        hands = state["hands"]
        known = state["known"]
        if seat is None:
            cards = [c if k == PUBLIC else None for c, k in zip(hands, known)]
            hand = None
        else:
            bit = 1 << seat
            cards = [c if (k & bit) else None for c, k in zip(hands, known)]
            cards[seat] = hands[seat]
            hand = hands[seat]
        out = state["out"]
        phase = state["phase"]
        to_act = self.to_act(state)
        over = phase == "over"
        return {
            "game": NAME,
            "seat": seat,
            "players": n,
            "mode": state["mode"],
            "phase": phase,
            "step": state["step"],
            "round": state["round"],
            "order": list(state["order"]),
            "to_act": to_act,
            "legal": self.legal_actions(state, seat)
            if seat is not None and to_act and to_act[0] == seat
            else [],
            "over": over,
            "outcome": self.outcome(state) if over else None,
            "hand": hand,
            "cards": cards,
            "standing": [not o for o in out],
            "out_round": [o or None for o in out],
            "in_round": list(state["seq"]),
            "turn": state["seq"][state["pos"]] if phase == "turns" else None,
            "holder": state["holder"],
            "rival": state["rival"],
            "stuck": list(state["stuck"]),
            "duels": list(state["duels"]),
            "deck": len(state["deck"]),
            "discard": len(state["discard"]),
            "last_round": state["last"],
            "rounds": list(state.get("rounds", ())),
            "log": list(state["log"]),
            "log_from": state["nlog"] - len(state["log"]),
        }

    def outcome(self, state: dict) -> dict | None:
        if state["phase"] != "over":
            return None
        out = state["out"]
        rounds = state["round"]
        groups = [[s for s in range(state["n"]) if out[s] == r] for r in range(1, rounds + 1)]
        groups = [g for g in groups if g]
        winners = [] if state["winner"] is None else [state["winner"]]
        return {
            "places": core.places_from_exits(groups, winners, state["n"]),
            "winners": winners,
            "no_winner": state["no_winner"],
            "rounds": rounds,
        }


# ---------------------------------------------------------------------- helpers
def _not_your_turn(state: dict, seat: Any) -> str:
    if state["phase"] == "over":
        return "The game is over."
    if _is_int(seat) and 0 <= seat < state["n"] and state["out"][seat]:
        return "You are out of the game."
    return "It is not your turn."


def _own(state: dict) -> dict:
    """A shallow copy with its own per-seat lists (the ones nearly every move changes)."""
    st = dict(state)
    st["hands"] = list(state["hands"])
    st["known"] = list(state["known"])
    st["out"] = list(state["out"])
    return st


def _log(st: dict, events: list[dict]) -> None:
    if events:
        log = st["log"] + events
        if len(log) > LOG_SIZE:
            log = log[-LOG_SIZE:]
        st["log"] = log
        st["nlog"] = st["nlog"] + len(events)


def _can_pass(state: dict) -> bool:
    seq = state["seq"]
    pos = state["pos"]
    stuck = state["stuck"]
    if not stuck:
        return True
    if seq[pos] in stuck:
        return False
    return pos + 1 >= len(seq) or seq[pos + 1] not in stuck


def _draw(st: dict, events: list[dict]) -> str:
    """The top card of the deck; an empty deck is first rebuilt from the discard pile.

    ``st["deck"]``/``st["discard"]`` must already be lists owned by ``st``.
    """
    deck = st["deck"]
    if not deck:
        stream = st["stream"]
        deck = core.shuffled(st["discard"], st["seed"], stream)
        st["stream"] = stream + 1
        st["deck"] = deck
        st["discard"] = []
        events.append({"type": "reshuffle", "cards": len(deck)})
    return deck.pop(0)


def _deal(st: dict, events: list[dict]) -> None:
    """Start the next round: one card to every standing seat, then Disunyer or turns."""
    rnd = st["round"] + 1
    st["round"] = rnd
    out = st["out"]
    seq = [s for s in st["order"] if not out[s]]
    st["seq"] = seq
    st["deck"] = list(st["deck"])
    st["discard"] = list(st["discard"])
    hands = st["hands"]
    known = st["known"]
    events.append({"type": "deal", "round": rnd, "seats": seq})
    for s in seq:
        hands[s] = _draw(st, events)
        known[s] = 1 << s
    st["duels"] = []
    aces = [s for s in seq if hands[s][0] == "A"]
    if aces:
        st["phase"] = "disunyer"
        st["pending"] = aces
        st["stuck"] = []
        _next_disunyer(st, events)
        return
    st["phase"] = "turns"
    st["step"] = None
    st["pos"] = 0
    if st["mode"] == "stuck-king":
        stuck = [s for s in seq if hands[s][0] == "K"]
        for s in stuck:
            known[s] = PUBLIC
            events.append({"type": "stuck", "seat": s, "card": hands[s]})
        st["stuck"] = stuck
    else:
        st["stuck"] = []
    _advance_turns(st, events)


def _advance_turns(st: dict, events: list[dict]) -> None:
    """Apply forced keeps (stuck Kings); reveal once every seat has had its turn."""
    seq = st["seq"]
    stuck = st["stuck"]
    while st["pos"] < len(seq):
        if not stuck:
            return
        pos = st["pos"]
        seat = seq[pos]
        if seat in stuck:
            events.append({"type": "keep", "seat": seat, "forced": "stuck"})
        elif pos + 1 < len(seq) and seq[pos + 1] in stuck:
            events.append({"type": "keep", "seat": seat, "forced": "blocked"})
        else:
            return
        st["pos"] = pos + 1
    _reveal(st, events)


def _pass(st: dict, seat: int, events: list[dict]) -> None:
    seq = st["seq"]
    pos = st["pos"]
    hands = st["hands"]
    known = st["known"]
    if pos + 1 < len(seq):
        nxt = seq[pos + 1]
        both = (1 << seat) | (1 << nxt)
        hands[seat], hands[nxt] = hands[nxt], hands[seat]
        # Passes are public, so whatever anyone knew follows the cards; the two
        # players now both know both cards.
        k_seat = known[seat]
        known[seat] = known[nxt] | both
        known[nxt] = k_seat | both
        events.append({"type": "pass", "seat": seat, "to": nxt})
        return
    # The last player swaps with the deck: the drawn card is shown, the card let
    # go goes face down to the discard pile.
    st["deck"] = list(st["deck"])
    st["discard"] = list(st["discard"])
    card = _draw(st, events)
    st["discard"].append(hands[seat])
    hands[seat] = card
    known[seat] = PUBLIC
    events.append({"type": "draw", "seat": seat, "card": card})


def _reveal(st: dict, events: list[dict]) -> None:
    seq = st["seq"]
    hands = st["hands"]
    cards = [None] * st["n"]
    low = 99
    for s in seq:
        c = hands[s]
        cards[s] = c
        low = min(low, RANK_VALUE[c[0]])
    losers = [s for s in seq if RANK_VALUE[hands[s][0]] == low]
    rnd = st["round"]
    out = st["out"]
    for s in losers:
        out[s] = rnd
    events.append({"type": "reveal", "cards": cards})
    events.append({"type": "out", "seats": losers, "round": rnd})
    st["last"] = {"round": rnd, "kind": "reveal", "cards": cards, "out": losers, "duels": []}
    _end_round(st, events)


def _end_round(st: dict, events: list[dict]) -> None:
    # A game stored before the rounds were kept keeps them from its next round.
    st["rounds"] = st.get("rounds", []) + [st["last"]]
    hands = st["hands"]
    known = st["known"]
    discard = list(st["discard"])
    for s in st["seq"]:
        discard.append(hands[s])
        hands[s] = None
        known[s] = 0
    st["discard"] = discard
    st["holder"] = None
    st["rival"] = None
    st["step"] = None
    st["pending"] = []
    st["stuck"] = []
    st["pos"] = 0
    standing = [s for s in st["order"] if not st["out"][s]]
    if len(standing) >= 2:
        _deal(st, events)
        return
    st["phase"] = "over"
    st["seq"] = []
    if standing:
        st["winner"] = standing[0]
        events.append({"type": "win", "seat": standing[0]})
    else:
        st["no_winner"] = True
        events.append({"type": "no_winner"})


def _next_disunyer(st: dict, events: list[dict]) -> None:
    """Move to the next Disunyer still valid, or end the round."""
    out = st["out"]
    pending = st["pending"]
    standing = [s for s in st["order"] if not out[s]]
    while pending and len(standing) > 1:
        holder = pending[0]
        pending = pending[1:]
        if out[holder]:
            continue  # knocked out before their turn: cancelled, never shown
        st["pending"] = pending
        st["holder"] = holder
        st["rival"] = None
        st["step"] = _PICK
        rivals = [s for s in standing if s != holder]
        if len(rivals) == 1:
            # A decision with exactly one legal choice is applied at once.
            _pick(st, holder, rivals[0], events, forced=True)
        return
    st["pending"] = []
    rnd = st["round"]
    cards = [None] * st["n"]
    for d in st["duels"]:
        if d["ace"] is not None:
            cards[d["holder"]] = d["ace"]
    st["last"] = {
        "round": rnd,
        "kind": "disunyer",
        "cards": cards,
        "out": [s for s in st["seq"] if out[s] == rnd],
        "duels": st["duels"],
    }
    _end_round(st, events)


def _pick(
    st: dict, holder: int, rival: int | None, events: list[dict], forced: bool = False
) -> None:
    if rival is None:
        st["out"][holder] = st["round"]
        duel = {"holder": holder, "rival": None, "ace": None, "suit": None, "out": holder}
        st["duels"] = st["duels"] + [duel]
        events.append({"type": "no_call", "seat": holder})
        _next_disunyer(st, events)
        return
    st["rival"] = rival
    st["step"] = _GUESS
    ev = {"type": "call", "seat": holder, "rival": rival}
    if forced:
        ev["forced"] = True
    events.append(ev)


def _guess(st: dict, rival: int, suit: str | None, events: list[dict]) -> None:
    holder = st["holder"]
    ace = st["hands"][holder]
    right = suit is not None and ace[1] == suit
    loser = holder if right else rival
    st["out"][loser] = st["round"]
    st["known"][holder] = PUBLIC
    duel = {"holder": holder, "rival": rival, "ace": ace, "suit": suit, "out": loser}
    st["duels"] = st["duels"] + [duel]
    events.append(
        {
            "type": "guess",
            "seat": rival,
            "holder": holder,
            "suit": suit,
            "ace": ace,
            "right": right,
            "out": loser,
        }
    )
    st["holder"] = None
    st["rival"] = None
    _next_disunyer(st, events)


# ------------------------------------------------------------------ event text
def _names(seats: list[int]) -> str:
    names = [f"{{seat{s}}}" for s in seats]
    if len(names) == 1:
        return names[0]
    return ", ".join(names[:-1]) + " and " + names[-1]


def event_text(event: dict) -> str:
    """A short English sentence for a public event (seats as ``{seatN}`` tokens)."""
    t = event.get("type")
    s = event.get("seat")
    if t == "deal":
        return f"Round {event['round']}: every player still standing is dealt a card."
    if t == "reshuffle":
        return f"The deck ran out: the discard pile is shuffled into a new deck of {event['cards']} cards."
    if t == "stuck":
        return f"{{seat{s}}}'s {_cardname(event['card'])} is turned face up and stuck."
    if t == "call":
        return f"{{seat{s}}} calls \u201cDisunyer!\u201d and challenges {{seat{event['rival']}}}."
    if t == "no_call":
        return f"{{seat{s}}} did not call Disunyer in time and is out."
    if t == "guess":
        ace = _cardname(event["ace"])
        if event["suit"] is None:
            return f"{{seat{s}}} did not guess in time and is out. The Ace was the {ace}."
        named = core.SPANISH_SUIT_NAMES[event["suit"]]
        if event["right"]:
            return f"{{seat{s}}} guesses {named}: right, it is the {ace}! {{seat{event['holder']}}} is out."
        return f"{{seat{s}}} guesses {named}: wrong, it is the {ace}. {{seat{s}}} is out."
    if t == "keep":
        forced = event.get("forced")
        if forced == "stuck":
            return f"{{seat{s}}} keeps the stuck King."
        if forced == "blocked":
            return f"{{seat{s}}} must keep: the next player has a stuck King."
        return f"{{seat{s}}} keeps."
    if t == "pass":
        return f"{{seat{s}}} passes to {{seat{event['to']}}}: they swap cards."
    if t == "draw":
        return f"{{seat{s}}} passes and draws the {_cardname(event['card'])} from the deck."
    if t == "reveal":
        shown = [f"{{seat{i}}} {_cardname(c)}" for i, c in enumerate(event["cards"]) if c]
        return "Reveal: " + ", ".join(shown) + "."
    if t == "out":
        seats = event["seats"]
        verb = "is" if len(seats) == 1 else "are"
        return f"{_names(seats)} {verb} out with the lowest card."
    if t == "win":
        return f"{{seat{s}}} is the last player standing and wins!"
    if t == "no_winner":
        return "Everyone still in was knocked out together: the game ends with no winner."
    return str(t)


ENGINE = DisunyerEngine()
