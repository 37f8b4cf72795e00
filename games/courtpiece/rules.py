"""Court Piece (Rung): the rules engine.

Four players, seats 0-3 in play order, partners 0 & 2 (team 0) and 1 & 3
(team 1). One engine state is the whole table: rounds are dealt until a team
reaches the table's winning points. See README.md in this folder for the card
notation, the rulings applied and the state / action / event / view formats.
"""

from __future__ import annotations

from typing import Any

from games import core
from games.core import IllegalAction, InvalidOptions
from games.courtpiece.cards import (
    DECK,
    PILES,
    RANK,
    RANK_OF,
    SUIT_OF,
    SUIT_ORDER,
    SUITS,
    TAKE,
    PileRules,
    best_suit,
    playable,
    round_decided,
    round_score,
    trick_leader,
    winning_team,
)

NAME = "courtpiece"
PLAYERS = 4
SUIT_NAMES = core.FRENCH_SUIT_NAMES
DECK_SET = frozenset(DECK)
FACE_DOWN = "??"
LOG_SIZE = 32  # public events kept for the views' log (this round's, most recent last)

GAMES = ("ace-rule", "double-sar", "hidden", "rung-kaat")
DEFAULTS: dict[str, Any] = {
    "game": "double-sar",
    "pile": "3-2-2",
    "ace_cannot_win_pile": False,
    "four_point_rank": None,
    "six_point": False,
    "winning_points": 10,
    "bet": 100,
    "clock": 15,
}
INT_RANGES = {"winning_points": (10, 100), "bet": (25, 1000), "clock": (5, 30)}


def card_key(card: str) -> tuple[int, int]:
    """Sort key for showing a hand: by suit (spades, hearts, diamonds, clubs), then rank."""
    return SUIT_ORDER[card[1]], RANK[card[0]]


def _sorted(cards: list[str]) -> list[str]:
    return sorted(cards, key=card_key)


def _plays(cards: list[str]) -> list[dict]:
    return [{"type": "play", "card": c} for c in cards]


def _team_name(team: int) -> str:
    return f"{{seat{team}}} and {{seat{team + 2}}}"


def _lowest_of_suit(cards: list[str], suit: str) -> str:
    return min((c for c in cards if c[1] == suit), key=lambda c: RANK[c[0]])


class CourtPiece:
    name = NAME
    min_players = PLAYERS
    max_players = PLAYERS

    # ------------------------------------------------------------------ options
    def validate_options(
        self, options: dict[str, Any] | None, players: int | None = None
    ) -> dict[str, Any]:
        if players is not None and (type(players) is not int or players != PLAYERS):
            raise InvalidOptions("Court Piece is played by exactly 4 players.")
        if options is None:
            options = {}
        if not isinstance(options, dict):
            raise InvalidOptions("The table options must be a set of named values.")
        unknown = sorted(str(k) for k in options if k not in DEFAULTS)
        if unknown:
            raise InvalidOptions(f"Unknown option for Court Piece: {', '.join(unknown)}.")
        out = dict(DEFAULTS)
        out.update(options)
        if not isinstance(out["game"], str) or out["game"] not in GAMES:
            raise InvalidOptions(
                "The game must be one of: ace-rule, double-sar, hidden, rung-kaat."
            )
        if not isinstance(out["pile"], str) or out["pile"] not in PILES:
            raise InvalidOptions('The pile size must be "3-2-2" or "5-3-3".')
        for key in ("ace_cannot_win_pile", "six_point"):
            if type(out[key]) is not bool:
                raise InvalidOptions(f"The option {key} must be true or false.")
        rank = out["four_point_rank"]
        if rank is not None:
            if rank == "10":
                rank = "T"
            if not isinstance(rank, str) or rank.upper() not in RANK:
                raise InvalidOptions(
                    "The 4-point rank must be a card rank from 2 to A (2-9, T or 10, J, Q, K, A)."
                )
            out["four_point_rank"] = rank.upper()
        if out["six_point"] and out["four_point_rank"] is None:
            raise InvalidOptions("The 6-point win can only be switched on with a 4-point rank.")
        for key, (lo, hi) in INT_RANGES.items():
            value = out[key]
            if type(value) is not int or not lo <= value <= hi:
                raise InvalidOptions(f"The option {key} must be a whole number from {lo} to {hi}.")
        return out

    def turn_seconds(self, options: dict[str, Any]) -> int:
        return self.validate_options(options)["clock"]

    # ------------------------------------------------------------------ start
    def start(
        self,
        players: int,
        options: dict[str, Any],
        seed: str | None = None,
        deck: list[str] | None = None,
    ) -> dict:
        opts = self.validate_options(options, players)
        if seed is None:
            seed = core.new_seed()
        elif not isinstance(seed, str):
            seed = str(seed)
        stack = None
        if deck is not None:
            if not isinstance(deck, list) or not deck or len(deck) % 52:
                raise InvalidOptions(
                    "A stacked deck must be a list of 52 cards "
                    "(or several times 52, one block a round)."
                )
            for i in range(0, len(deck), 52):
                block = deck[i : i + 52]
                if not all(isinstance(c, str) for c in block) or set(block) != DECK_SET:
                    raise InvalidOptions(
                        "Each 52 cards of a stacked deck must be the full deck, every card once."
                    )
            stack = list(deck)
            first = 0
        else:
            first = core.SeededRandom(seed, 0).randrange(PLAYERS)
        s: dict[str, Any] = {
            "opts": opts,
            "seed": seed,
            "stream": 1,
            "stack": stack,
            "round": 0,
            "points": [0, 0],
            "stats": {
                "rounds_won": [0, 0],
                "courts": [0, 0],
                "goon_courts": [0, 0],
                "all_hands": [0, 0],
                "fours": [0, 0],
                "sixes": [0, 0],
            },
            "history": [],
            "result": None,
        }
        events: list[dict] = []
        self._deal(s, first, events)
        s["log"] = events
        return s

    def _deal(self, s: dict, first: int, events: list[dict]) -> None:
        """Deal a new round into ``s`` (a dict the caller owns). ``first`` calls (or leads)."""
        stack = s["stack"]
        if stack:
            cards = stack[:52]
            s["stack"] = stack[52:] or None
        else:
            cards = core.shuffled(DECK, s["seed"], s["stream"])
            s["stream"] += 1
        hands: list[list[str]] = [[], [], [], []]
        for k in range(PLAYERS):
            hands[(first + k) % PLAYERS] = cards[13 * k : 13 * k + 13]
        rung_kaat = s["opts"]["game"] == "rung-kaat"
        for seat in range(PLAYERS):
            if rung_kaat or seat != first:
                hands[seat] = _sorted(hands[seat])
        s["round"] += 1
        s.update(
            {
                "phase": "play" if rung_kaat else "call",
                "caller": None if rung_kaat else first,
                "leader": first,
                "turn": first,
                "five": None if rung_kaat else cards[:5],
                "trump": None,
                "power": False,
                "fd": None,
                "hands": hands,
                "trick": [],
                "tlead": first,
                "tdown": [],
                "tpow": 0,
                "asked": None,
                "ntrick": 0,
                "pile": 0,
                "picked": False,
                "prev": None,
                "prev_ace": False,
                "won": [0, 0],
                "gone": [],
                "down": [],
                "last": None,
            }
        )
        events.append({"type": "deal", "round": s["round"], "caller": s["caller"], "leader": first})

    # ------------------------------------------------------------------ queries
    def to_act(self, state: dict) -> list[int]:
        if state["phase"] == "over":
            return []
        return [state["turn"]]

    def _fd_out(self, s: dict, seat: int) -> bool:
        """True when ``seat`` is the Hidden caller whose face-down card is still out of hand."""
        return s["fd"] is not None and not s["power"] and seat == s["caller"]

    def legal_actions(self, state: dict, seat: int) -> list[dict]:
        s = state
        if s["phase"] == "over" or seat != s["turn"]:
            return []
        if s["phase"] == "call":
            five = s["five"]
            if s["opts"]["game"] == "hidden":
                return [{"type": "call", "card": c} for c in _sorted(five)]
            held = {c[1] for c in five}
            return [{"type": "call", "suit": x} for x in SUITS if x in held]
        hand = s["hands"][seat]
        trick = s["trick"]
        fd_out = self._fd_out(s, seat)
        if fd_out and not hand:
            return [{"type": "play", "card": s["fd"]}]
        if not trick:
            acts = _plays(hand)
            if fd_out and s["ntrick"] > 0:
                acts.append({"type": "show"})
            return acts
        lead = trick[0][1]
        cards = playable(hand, lead, s["trump"] if s["asked"] == seat else None, SUIT_OF)
        acts = _plays(cards)
        if cards[0][1] != lead and s["fd"] is not None and not s["power"] and seat != s["caller"]:
            acts.append({"type": "ask"})
        return acts

    def default_action(self, state: dict, seat: int) -> dict:
        s = state
        legal = self.legal_actions(s, seat)
        if not legal:
            raise IllegalAction("It is not your turn.")
        if s["phase"] == "call":
            five = s["five"]
            suit = best_suit(five)
            if s["opts"]["game"] == "hidden":
                return {"type": "call", "card": _lowest_of_suit(five, suit)}
            return {"type": "call", "suit": suit}
        cards = [a["card"] for a in legal if a["type"] == "play"]
        trick = s["trick"]
        if (
            s["trump"] is None
            and s["opts"]["game"] == "rung-kaat"
            and trick
            and all(c[1] != trick[0][1] for c in cards)
        ):
            # Rung Kaat: this seat makes the trump. Lowest card of the suit held most.
            return {"type": "play", "card": _lowest_of_suit(cards, best_suit(cards))}
        known = s["trump"] if (s["power"] or seat == s["caller"]) else None
        card = min(cards, key=lambda c: (c[1] == known, RANK[c[0]], SUIT_ORDER[c[1]]))
        return {"type": "play", "card": card}

    # ------------------------------------------------------------------ apply
    def apply(self, state: dict, seat: int, action: dict) -> tuple[dict, list[dict]]:
        kind = core.action_kind(action)
        s = state
        if s["phase"] == "over":
            raise IllegalAction("The table is over: no more moves.")
        if type(seat) is not int or not 0 <= seat < PLAYERS:
            raise IllegalAction("There is no such seat at this table.")
        if seat != s["turn"]:
            raise IllegalAction("It is not your turn.")
        events: list[dict] = []
        if s["phase"] == "call":
            if kind != "call":
                if kind in ("play", "ask", "show"):
                    raise IllegalAction("The trump must be called before anyone plays.")
                raise IllegalAction(f"Unknown move: {kind!r}.")
            new = self._call(s, seat, action, events)
        elif kind == "play":
            new = self._play(s, seat, action, events)
        elif kind == "ask":
            new = self._ask(s, seat, events)
        elif kind == "show":
            new = self._show(s, seat, events)
        elif kind == "call":
            raise IllegalAction("Nothing to call now: the round is being played.")
        else:
            raise IllegalAction(f"Unknown move: {kind!r}.")
        if new["round"] != s["round"]:
            # A new round was dealt: its log starts with the last round's result.
            new["log"] = events[
                next(i for i, e in enumerate(events) if e["type"] == "round_over") :
            ]
        else:
            log = s["log"] + events
            new["log"] = log[-LOG_SIZE:] if len(log) > LOG_SIZE else log
        return new, events

    def _call(self, st: dict, seat: int, action: dict, events: list[dict]) -> dict:
        five = st["five"]
        if st["opts"]["game"] == "hidden":
            card = action.get("card")
            if not isinstance(card, str):
                raise IllegalAction(
                    "Choose one of your first five cards to place face down as the trump."
                )
            if card not in five:
                raise IllegalAction("You can only place one of your first five cards face down.")
            s = dict(st)
            hands = list(st["hands"])
            hands[seat] = _sorted([c for c in hands[seat] if c != card])
            s.update(hands=hands, fd=card, trump=card[1], power=False)
            events.append({"type": "call", "seat": seat, "hidden": True})
        else:
            suit = action.get("suit")
            if not isinstance(suit, str) or suit not in SUIT_ORDER:
                raise IllegalAction(
                    "Choose a trump suit: s (spades), h (hearts), d (diamonds) or c (clubs)."
                )
            if all(c[1] != suit for c in five):
                raise IllegalAction("The trump must be a suit among your first five cards.")
            s = dict(st)
            hands = list(st["hands"])
            hands[seat] = _sorted(hands[seat])
            s.update(hands=hands, trump=suit, power=True)
            events.append({"type": "call", "seat": seat, "suit": suit})
        s["phase"] = "play"
        s["five"] = None
        return s

    def _ask(self, st: dict, seat: int, events: list[dict]) -> dict:
        if st["opts"]["game"] != "hidden":
            raise IllegalAction("Only in the Hidden game can you ask to see the trump.")
        if st["power"]:
            raise IllegalAction("The trump has already been shown.")
        if seat == st["caller"]:
            raise IllegalAction("The caller knows the trump and cannot ask to see it.")
        trick = st["trick"]
        if not trick:
            raise IllegalAction(
                "You can only ask to see the trump when you cannot follow suit, not when leading."
            )
        lead = trick[0][1]
        if any(c[1] == lead for c in st["hands"][seat]):
            raise IllegalAction("You can follow suit, so you cannot ask to see the trump.")
        s = self._reveal(st, events, "ask", seat)
        s["asked"] = seat
        return s

    def _show(self, st: dict, seat: int, events: list[dict]) -> dict:
        if st["opts"]["game"] != "hidden":
            raise IllegalAction("Only in the Hidden game is there a trump to show.")
        if st["power"]:
            raise IllegalAction("The trump has already been shown.")
        if seat != st["caller"]:
            raise IllegalAction("Only the caller can show the trump.")
        if st["trick"]:
            raise IllegalAction("The trump can only be shown before you lead.")
        if st["ntrick"] == 0:
            raise IllegalAction("The trump cannot be shown on the very first lead of the round.")
        if not st["hands"][seat]:
            raise IllegalAction("Your last card is the face-down trump: just play it.")
        return self._reveal(st, events, "show", seat)

    def _reveal(self, st: dict, events: list[dict], how: str, seat: int) -> dict:
        """Hidden: the face-down trump is shown, goes back into the caller's hand and gets power."""
        s = dict(st)
        caller = st["caller"]
        fd = st["fd"]
        hands = list(st["hands"])
        hands[caller] = _sorted(hands[caller] + [fd])
        # Cards already in this trick were played while the suit had no power.
        s.update(hands=hands, power=True, prev=None, prev_ace=False, tpow=len(st["trick"]))
        if how == "ask":
            events.append({"type": "ask", "seat": seat})
        events.append(
            {"type": "trump_shown", "seat": caller, "card": fd, "suit": fd[1], "how": how}
        )
        return s

    def _play(self, st: dict, seat: int, action: dict, events: list[dict]) -> dict:
        card = action.get("card")
        if not isinstance(card, str):
            raise IllegalAction("Say which card to play.")
        hand = st["hands"][seat]
        trick = st["trick"]
        s = None
        if card == st["fd"] and self._fd_out(st, seat):
            if hand:
                raise IllegalAction(
                    "Your face-down trump card stays out of play until the trump is shown."
                )
            s = self._reveal(st, events, "last", seat)
            hand = s["hands"][seat]
        elif card not in hand:
            raise IllegalAction("You do not hold that card.")
        lead = trick[0][1] if trick else None
        void = lead is not None and card[1] != lead
        if void:
            allowed = playable(hand, lead, st["trump"] if st["asked"] == seat else None, SUIT_OF)
            if card not in allowed:
                if allowed[0][1] == lead:
                    raise IllegalAction(f"You must follow suit: play one of your {SUIT_NAMES[lead]}.")
                raise IllegalAction(
                    "You asked to see the trump, so you must play a trump "
                    f"({SUIT_NAMES[st['trump']]})."
                )
        if s is None:
            s = dict(st)
        hands = list(s["hands"])
        hand = list(hand)
        hand.remove(card)
        hands[seat] = hand
        s["hands"] = hands
        s["asked"] = None
        face_down = void and s["fd"] is not None and not s["power"] and seat == s["caller"]
        if void and s["trump"] is None:
            # Rung Kaat: the first card thrown off suit makes the trump.
            s.update(
                trump=card[1], power=True, caller=seat, prev=None, prev_ace=False, tpow=len(trick)
            )
            events.append({"type": "trump_made", "seat": seat, "suit": card[1]})
        if face_down:
            s["tdown"] = s["tdown"] + [len(trick)]
            events.append({"type": "play", "seat": seat, "card": FACE_DOWN, "face_down": True})
        else:
            events.append({"type": "play", "seat": seat, "card": card})
        trick = trick + [card]
        s["trick"] = trick
        if len(trick) < PLAYERS:
            s["turn"] = (seat + 1) % PLAYERS
            return s
        self._finish_trick(s, events)
        return s

    def _finish_trick(self, s: dict, events: list[dict]) -> None:
        trick = s["trick"]
        tlead = s["tlead"]
        tdown = s["tdown"]
        trump = s["trump"] if s["power"] else None
        # (cards before index tpow were played while the trump had no power)
        best_i, _ = trick_leader(trick, tdown, s["tpow"], trump, SUIT_OF, RANK_OF)
        winner = (tlead + best_i) % PLAYERS
        wcard = trick[best_i]
        n = s["ntrick"] + 1
        pile = s["pile"] + 1
        opts = s["opts"]
        s["gone"] = s["gone"] + trick
        if tdown:
            s["down"] = s["down"] + [trick[i] for i in tdown]
        s["last"] = {
            "winner": winner,
            "lead": tlead,
            "cards": [
                {"seat": (tlead + i) % PLAYERS, "card": FACE_DOWN if i in tdown else c}
                for i, c in enumerate(trick)
            ],
        }
        events.append({"type": "trick", "number": n, "seat": winner, "card": wcard, "pile": pile})
        team = winner % 2
        streak = s["power"] and s["prev"] == winner
        ace = wcard[0] == "A"
        outcome = PileRules.of(opts).outcome(n, pile, s["picked"], streak, ace, s["prev_ace"])
        if outcome == TAKE:
            won = list(s["won"])
            won[team] += pile
            s["won"] = won
            s["picked"] = True
            events.append(
                {"type": "pickup", "seat": winner, "team": team, "tricks": pile, "hands": won}
            )
            pile = 0
        elif outcome is not None:
            events.append({"type": "pile_blocked", "seat": winner, "reason": outcome})
        s.update(
            ntrick=n,
            pile=pile,
            prev=winner if s["power"] else None,
            prev_ace=ace,
            trick=[],
            tdown=[],
            tpow=0,
            tlead=winner,
            turn=winner,
        )
        if round_decided(n, s["won"]):
            self._end_round(s, events, winner)

    def _end_round(self, s: dict, events: list[dict], last_winner: int) -> None:
        opts = s["opts"]
        won = s["won"]
        team = winning_team(won)
        caller = (
            s["caller"] if s["caller"] is not None else s["leader"]
        )  # (Rung Kaat always has one)
        all_hands = won[team] == 13
        last = s["gone"][-4:]
        lead = s["last"]["lead"]
        kind, points = round_score(
            all_hands,
            caller % 2 == team,
            last[(last_winner - lead) % PLAYERS][0],
            last[(last_winner + 2 - lead) % PLAYERS][0],
            opts["four_point_rank"],
            opts["six_point"],
        )
        stats = {k: list(v) for k, v in s["stats"].items()}
        stats["rounds_won"][team] += 1
        if all_hands:
            stats["all_hands"][team] += 1
        if kind == "court":
            stats["courts"][team] += 1
        elif kind == "goon_court":
            stats["goon_courts"][team] += 1
        elif kind == "four":
            stats["fours"][team] += 1
        elif kind == "six":
            stats["sixes"][team] += 1
        totals = list(s["points"])
        totals[team] += points
        if caller % 2 == team:
            nxt = (caller + 2) % PLAYERS if all_hands else caller
        else:
            nxt = (caller + 1) % PLAYERS
        summary = {
            "type": "round_over",
            "round": s["round"],
            "winning_team": team,
            "points": points,
            "kind": kind,
            "all_hands": all_hands,
            "hands": list(won),
            "caller": caller,
            "trump": s["trump"],
            "tricks": s["ntrick"],
            "team_points": totals,
            "next": nxt,
            # The round's final trick, still shown beside the result after the next deal.
            "last_trick": s["last"],
        }
        events.append(summary)
        s.update(
            stats=stats,
            points=totals,
            history=s["history"]
            + [
                {
                    k: summary[k]
                    for k in (
                        "round",
                        "winning_team",
                        "points",
                        "kind",
                        "all_hands",
                        "hands",
                        "caller",
                        "trump",
                        "tricks",
                    )
                }
            ],
        )
        if totals[team] >= opts["winning_points"]:
            winners = [team, team + 2]
            losers = [1 - team, 3 - team]
            s["phase"] = "over"
            s["turn"] = None
            s["result"] = {
                "places": core.places_from_exits([losers], winners, PLAYERS),
                "winners": winners,
                "winning_team": team,
                "team_points": totals,
                "rounds": s["round"],
                "stats": stats,
            }
            events.append(
                {
                    "type": "game_over",
                    "winners": winners,
                    "winning_team": team,
                    "team_points": totals,
                }
            )
            return
        self._deal(s, nxt, events)

    # ------------------------------------------------------------------ outcome / view
    def outcome(self, state: dict) -> dict | None:
        return state["result"]

    def view(self, state: dict, seat: int | None) -> dict:
        """What ``seat`` (None: a spectator) may know. Nested values (options, stats,
        last trick, history, outcome) are shared with the state: treat a view as read-only."""
        s = state
        if seat is not None and (type(seat) is not int or not 0 <= seat < PLAYERS):
            seat = None
        phase = s["phase"]
        caller = s["caller"]
        hidden_game = s["opts"]["game"] == "hidden"
        fd_out = s["fd"] is not None and not s["power"]
        trump = s["trump"]
        if trump is None:
            trump_v = "none yet"
        elif s["power"] or seat == caller:
            trump_v = trump
        else:
            trump_v = "hidden"
        hands = s["hands"]
        if phase == "call":
            counts = [5 if p == caller else 0 for p in range(PLAYERS)]
            hand = _sorted(s["five"]) if seat == caller else []
        else:
            counts = [len(h) for h in hands]
            if fd_out:
                counts[caller] += 1
            hand = list(hands[seat]) if seat is not None else []
        tlead = s["tlead"]
        tdown = s["tdown"]
        trick = [
            {"seat": (tlead + i) % PLAYERS, "card": FACE_DOWN if i in tdown else c}
            for i, c in enumerate(s["trick"])
        ]
        pile_need = PileRules.of(s["opts"]).need(s["picked"])
        to_act = self.to_act(s)
        return {
            "game": NAME,
            "seat": seat,
            "players": PLAYERS,
            "phase": phase,
            "to_act": to_act,
            "legal": self.legal_actions(s, seat) if seat is not None and seat in to_act else [],
            "over": phase == "over",
            "outcome": s["result"],
            "log": list(s["log"]),
            "options": s["opts"],
            "round": s["round"],
            "caller": caller,
            "leader": s["leader"],
            "trump": trump_v,
            "trump_power": s["power"],
            "face_down_placed": hidden_game and fd_out and phase == "play",
            "face_down": s["fd"] if (fd_out and seat == caller) else None,
            "hand": hand,
            "hand_counts": counts,
            "trick": trick,
            "trick_leader": tlead,
            "trick_trump_from": s["tpow"],
            "lead_suit": s["trick"][0][1] if s["trick"] else None,
            "last_trick": s["last"],
            "tricks_played": s["ntrick"],
            "pile": s["pile"],
            "pile_needed": pile_need,
            "streak": s["prev"],
            "hands": list(s["won"]),
            "score": list(s["points"]),
            "winning_points": s["opts"]["winning_points"],
            "stats": s["stats"],
            "history": s["history"],
        }


ENGINE = CourtPiece()


def _count(n: int, thing: str) -> str:
    return f"{n} {thing}{'' if n == 1 else 's'}"


def _card(card: str) -> str:
    if card == FACE_DOWN or not isinstance(card, str) or len(card) != 2:
        return "a card face down"
    return "the " + core.card_name(card)


def event_text(event: dict) -> str:
    """A short English sentence for a public event (seats as ``{seatN}`` tokens)."""
    t = event.get("type")
    seat = event.get("seat")
    who = f"{{seat{seat}}}"
    if t == "deal":
        if event.get("caller") is None:
            leader = f"{{seat{event['leader']}}}"
            return f"Round {event['round']}: all 13 cards dealt; {leader} leads, no trump yet."
        caller = f"{{seat{event['caller']}}}"
        return f"Round {event['round']}: {caller} sees five cards and calls the trump."
    if t == "call":
        if event.get("hidden"):
            return f"{who} placed the trump face down."
        return f"{who} called {SUIT_NAMES[event['suit']]} as trump."
    if t == "play":
        if event.get("face_down"):
            return f"{who} played a card face down."
        return f"{who} played {_card(event['card'])}."
    if t == "ask":
        return f"{who} asked to see the trump."
    if t == "trump_shown":
        how = {
            "ask": "",
            "show": f"{who} showed the trump: ",
            "last": "The last trick shows the trump: ",
        }
        prefix = how.get(event.get("how", ""), "") or "The trump is shown: "
        return f"{prefix}{_card(event['card'])}; {SUIT_NAMES[event['suit']]} are trump."
    if t == "trump_made":
        return f"{who} made {SUIT_NAMES[event['suit']]} the trump."
    if t == "trick":
        return f"{who} won trick {event['number']} with {_card(event['card'])}."
    if t == "pile_blocked":
        if event.get("reason") == "ace":
            return f"The pile stays: {who} won with an ace, and an ace cannot win the pile."
        return f"The pile stays: {who} won with an ace on an ace."
    if t == "pickup":
        team = event["team"]
        h = event["hands"]
        return (
            f"{who} picked up the {_count(event['tricks'], 'hand')} on the table: "
            f"{_team_name(team)} now have {_count(h[team], 'hand')}, {_team_name(1 - team)} {h[1 - team]}."
        )
    if t == "round_over":
        team = event["winning_team"]
        h = event["hands"]
        kinds = {
            "court": "a Court! ",
            "goon_court": "a Goon Court! ",
            "four": "all 13 with the chosen rank! ",
            "six": "all 13 with the chosen pair! ",
            "normal": "",
        }
        tp = event["team_points"]
        return (
            f"{_team_name(team)} win round {event['round']}, {h[team]} hands to {h[1 - team]}: "
            f"{kinds.get(event.get('kind', ''), '')}{_count(event['points'], 'point')}. "
            f"They now have {_count(tp[team], 'point')}, {_team_name(1 - team)} {tp[1 - team]}."
        )
    if t == "game_over":
        tp = event["team_points"]
        team = event["winning_team"]
        return f"{_team_name(team)} win the table, {tp[team]} points to {tp[1 - team]}."
    return str(t)
