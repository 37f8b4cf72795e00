"""A fast playout of the rest of a Court Piece round, for the strong bot's search.

The engine copies its state at every move and keeps a public log; a search needs
thousands of playouts per decision. ``Playout`` holds one of the bot's sampled worlds
in a compact, mutable form (cards as numbers ``suit * 13 + rank``, hands as sorted
lists) and plays the round to its end under the same rules as ``rules.CourtPiece``:
following suit, the trump's power (Hidden: asking, face-down plays, the last card;
Rung Kaat: the trump made by the first card off suit), piles and the ace rules, the
round's end and its points. tests/games/test_courtpiece_playout.py checks that it
agrees with the engine, trick by trick, on random deals of every game.

Every seat plays the rule bot's habits (``RuleBot``, with its memory of the cards
played and the suits shown void), from what that seat may know: the trump only once
it has power, or as the caller. Showing the Hidden trump is never chosen here.
"""

from __future__ import annotations

import random

from games.courtpiece.rules import PILES, RANKS, SUITS

CARD = {r + s: si * 13 + ri for si, s in enumerate(SUITS) for ri, r in enumerate(RANKS)}
NAME = {n: c for c, n in CARD.items()}
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
ACE = 12
ASK = -2
NOBODY = -1
RANK_OF = [c % 13 for c in range(52)]
# The cards above each card in its suit, as a bit mask over the 52 cards.
HIGHER = [sum(1 << (c - c % 13 + r) for r in range(c % 13 + 1, 13)) for c in range(52)]


def _lowest(cards: list[int]) -> int:
    """The lowest ranked card (the first of equal ranks)."""
    return min(cards, key=RANK_OF.__getitem__)


def _best_suit(cards: list[int]) -> int:
    """The suit held most, ties to the higher cards, then to the suit order."""
    by: dict[int, list[int]] = {}
    for c in cards:
        by.setdefault(c // 13, []).append(c % 13)
    return max(by, key=lambda s: (len(by[s]), sorted(by[s], reverse=True), -s))


class Playout:
    """One sampled world, from the current trick to the end of the round."""

    __slots__ = (
        "hands", "trump", "power", "fd", "caller", "leader", "turn", "trick", "tlead", "tdown",
        "tpow", "asked", "ntrick", "pile", "picked", "prev", "prev_ace", "won", "seen", "voids",
        "best_seat", "best", "last_trick", "piles", "ace_blocks", "ace_on_ace", "four_rank", "six",
        "result",
    )

    @classmethod
    def from_state(cls, state: dict, voids: list[set[str]] | None = None) -> Playout:
        """The engine ``state`` (in its play phase); ``voids`` are the suits each seat has
        shown void in before (public knowledge the players' habits use)."""
        p = cls()
        opts = state["opts"]
        p.hands = [sorted(CARD[c] for c in hand) for hand in state["hands"]]
        p.trump = SUIT_INDEX[state["trump"]] if state["trump"] else NOBODY
        p.power = state["power"]
        p.fd = CARD[state["fd"]] if state["fd"] else NOBODY
        p.caller = NOBODY if state["caller"] is None else state["caller"]
        p.leader = state["leader"]
        p.turn = state["turn"]
        p.trick = [CARD[c] for c in state["trick"]]
        p.tlead = state["tlead"]
        p.tdown = list(state["tdown"])
        p.tpow = state["tpow"]
        p.asked = NOBODY if state["asked"] is None else state["asked"]
        p.ntrick = state["ntrick"]
        p.pile = state["pile"]
        p.picked = state["picked"]
        p.prev = NOBODY if state["prev"] is None else state["prev"]
        p.prev_ace = state["prev_ace"]
        p.won = list(state["won"])
        p.seen = 0
        for c in state["gone"] + state["trick"]:
            p.seen |= 1 << CARD[c]
        p.voids = [sum(1 << SUIT_INDEX[s] for s in seat_voids) for seat_voids in voids] if voids else [0] * 4
        p.last_trick = []
        p.piles = PILES[opts["pile"]]
        p.ace_blocks = opts["ace_cannot_win_pile"]
        p.ace_on_ace = opts["game"] == "ace-rule"
        rank = opts["four_point_rank"]
        p.four_rank = RANKS.index(rank) if rank else NOBODY
        p.six = opts["six_point"]
        p.result = None
        p._rank_trick()
        return p

    def _strength(self, index: int, card: int) -> int:
        """A card's strength in the trick, 13 × class + rank (class 2: a trump with power,
        1: the suit led, 0: thrown off); face-down cards never win."""
        if index in self.tdown:
            return -1
        suit = card // 13
        if self.power and suit == self.trump and index >= self.tpow:
            return 26 + card % 13
        return (13 if suit == self.trick[0] // 13 else 0) + card % 13

    def _rank_trick(self) -> None:
        """The seat winning the trick so far and its card's strength."""
        self.best_seat, self.best = NOBODY, -1
        for i, c in enumerate(self.trick):
            strength = self._strength(i, c)
            if strength > self.best:
                self.best_seat, self.best = (self.tlead + i) % 4, strength

    # ------------------------------------------------------------------ rules
    def fd_out(self, seat: int) -> bool:
        """``seat`` is the Hidden caller whose face-down card is still out of hand."""
        return self.fd != NOBODY and not self.power and seat == self.caller

    def legal(self) -> list[int]:
        """The cards the seat to play may play, and ``ASK`` when it may ask to see the
        trump (the engine's ``show`` is left out)."""
        seat = self.turn
        hand = self.hands[seat]
        if not hand and self.fd_out(seat):
            return [self.fd]
        if not self.trick:
            return list(hand)
        lead = self.trick[0] // 13
        follow = [c for c in hand if c // 13 == lead]
        if follow:
            return follow
        if self.asked == seat:
            return [c for c in hand if c // 13 == self.trump] or list(hand)
        if self.fd != NOBODY and not self.power and seat != self.caller:
            return list(hand) + [ASK]
        return list(hand)

    def ask(self) -> None:
        self._reveal()
        self.asked = self.turn

    def _reveal(self) -> None:
        caller = self.caller
        self.hands[caller] = sorted(self.hands[caller] + [self.fd])
        self.power = True
        self.prev = NOBODY
        self.prev_ace = False
        self.tpow = len(self.trick)

    def play(self, card: int) -> None:
        seat = self.turn
        if card == self.fd and self.fd_out(seat):
            self._reveal()
        trick = self.trick
        self.hands[seat].remove(card)
        suit = card // 13
        follows = not trick or suit == trick[0] // 13
        face_down = not follows and self._play_off_suit(seat, suit)
        self.asked = NOBODY
        trick.append(card)
        if not face_down:
            # (a card's power is known when it is played: a trump shown or made later in
            # the trick gives none to the cards before)
            strength = (26 if self.power and suit == self.trump else 13 if follows else 0) + card % 13
            if strength > self.best:
                self.best_seat, self.best = seat, strength
        self.seen |= 1 << card
        if len(trick) < 4:
            self.turn = (seat + 1) % 4
        else:
            self._finish_trick()

    def _play_off_suit(self, seat: int, suit: int) -> bool:
        """A card of ``suit`` played by a seat void in the suit led: the voids shown,
        Rung Kaat's trump made by it; True when it goes face down (the Hidden caller)."""
        index = len(self.trick)
        self.voids[seat] |= 1 << (self.trick[0] // 13)
        if self.asked == seat and suit != self.trump:
            self.voids[seat] |= 1 << self.trump
        if self.trump == NOBODY:
            self.trump = suit
            self.power = True
            self.caller = seat
            self.prev = NOBODY
            self.prev_ace = False
            self.tpow = index
            return False
        if self.fd_out(seat):
            self.tdown.append(index)
            return True
        return False

    def _finish_trick(self) -> None:
        winner = self.best_seat
        wcard = self.trick[(winner - self.tlead) % 4]
        ace = wcard % 13 == ACE
        n = self.ntrick + 1
        pile = self.pile + 1
        take = 0
        if n == 13:
            take = pile
        elif self.power and self.prev == winner and pile >= self.piles[1 if self.picked else 0]:
            blocked = ace and (self.ace_blocks or (self.ace_on_ace and self.prev_ace))
            take = 0 if blocked else pile
        if take:
            self.won[winner % 2] += take
            self.picked = True
            pile = 0
        last_lead = self.tlead
        self.last_trick = self.trick
        self.ntrick = n
        self.pile = pile
        self.prev = winner if self.power else NOBODY
        self.prev_ace = ace
        self.trick = []
        self.tdown = []
        self.tpow = 0
        self.tlead = winner
        self.turn = winner
        self.best_seat, self.best = NOBODY, -1
        won = self.won
        if n == 13 or (won[0] >= 7 and won[1]) or (won[1] >= 7 and won[0]):
            self._end_round(winner, last_lead)

    def _end_round(self, last_winner: int, last_lead: int) -> None:
        won = self.won
        team = 0 if won[0] >= 7 else 1
        caller = self.caller if self.caller != NOBODY else self.leader
        points = 1
        if won[team] == 13:
            points = 2 if caller % 2 == team else 3
            last = self.last_trick
            if self.four_rank != NOBODY and last[(last_winner - last_lead) % 4] % 13 == self.four_rank:
                partner_card = last[(last_winner + 2 - last_lead) % 4]
                points = 6 if self.six and partner_card % 13 == self.four_rank else 4
        self.result = (team, points, list(won))

    # ------------------------------------------------------------------ habits
    def choose(self, rng: random.Random, epsilon: float = 0.05) -> int:
        """The rule player's move for the seat to play (a random one with probability ``epsilon``)."""
        legal = self.legal()
        if len(legal) == 1:
            return legal[0]
        if rng.random() < epsilon:
            return rng.choice(legal)
        seat = self.turn
        known = self.trump if self.power or seat == self.caller else NOBODY
        if not self.trick:
            return self._lead(legal, known)
        return self._follow(legal, known)

    def _lead(self, cards: list[int], known: int) -> int:
        plain = [c for c in cards if c // 13 != known]
        if not plain:
            return _lowest(cards)
        seat = self.turn
        avoid = self.voids[(seat + 1) % 4] | self.voids[(seat + 3) % 4]
        safe = [c for c in plain if not avoid >> (c // 13) & 1]
        known_cards = self.seen
        for c in self.hands[seat]:
            known_cards |= 1 << c
        masters = [c for c in safe if not HIGHER[c] & ~known_cards]
        if masters:
            return max(masters, key=RANK_OF.__getitem__)
        plain = safe or plain
        for c in plain:
            if c % 13 == ACE:
                return c
        suit = _best_suit(plain)
        return _lowest([c for c in plain if c // 13 == suit])

    def _follow(self, legal: list[int], known: int) -> int:
        seat = self.turn
        lead = self.trick[0] // 13
        best = self.best
        partner_wins = self.best_seat == (seat + 2) % 4
        plays = legal[:-1] if legal[-1] == ASK else legal
        power_trump = self.trump if self.power else NOBODY
        if plays[0] // 13 == lead:  # following suit: the cards come lowest first
            if partner_wins:
                return plays[0]
            strength = 26 if lead == power_trump else 13
            for c in plays:
                if strength + c % 13 > best:
                    return c
            return plays[0]
        plain = [c for c in plays if c // 13 != known] or plays
        if partner_wins:
            return _lowest(plain)
        if ASK in legal:
            return ASK
        if self.trump == NOBODY:
            suit = _best_suit(plays)
            return _lowest([c for c in plays if c // 13 == suit])
        if power_trump != NOBODY:
            trumps = [c for c in plays if c // 13 == power_trump and 26 + c % 13 > best]
            if trumps:
                return _lowest(trumps)
        return _lowest(plain)

    # ------------------------------------------------------------------ run
    def run(self, rng: random.Random, epsilon: float = 0.05) -> tuple[int, int, list[int]]:
        """Play to the end of the round: (winning team, points, hands per team)."""
        while self.result is None:
            move = self.choose(rng, epsilon)
            if move == ASK:
                self.ask()
            else:
                self.play(move)
        return self.result
