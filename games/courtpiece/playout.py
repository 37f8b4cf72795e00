"""A fast playout of the rest of a Court Piece round, for the strong bot's search.

The engine copies its state at every move and keeps a public log; a search needs
thousands of playouts per decision. ``Playout`` holds one of the bot's sampled worlds
in a compact, mutable form (cards as numbers ``suit * 13 + rank``, hands as four sorted
lists, one per suit) and plays the round to its end under the same rules as
``rules.CourtPieceEngine``, taken from ``cards.py`` as the engine takes them: following suit,
the winner of a trick, piles and the ace rules, the round's end and its points. What
is left here is the compact state's own bookkeeping of the trump's power (Hidden:
asking, face-down plays, the last card; Rung Kaat: the trump made by the first card
off suit).
tests/games/test_courtpiece_playout.py checks that it agrees with the engine, move by
move, on random deals of every game.

Every seat plays the rule bot's habits (``RuleBot``, with its memory of the cards
played and the suits shown void), from what that seat may know: the trump only once
it has power, or as the caller. Showing the Hidden trump is never chosen here.
"""

from __future__ import annotations

import random
from bisect import bisect_left, insort

from games.courtpiece.cards import (
    ACE,
    CARD,
    RANK,
    RANK_OF_NUMBER,
    SUIT_OF_NUMBER,
    SUIT_ORDER,
    TAKE,
    PileRules,
    best_suit_index,
    cards_to_play,
    round_decided,
    round_score,
    suit_strength,
    trick_leader,
    winning_team,
)
from games.courtpiece.state import TEAMS, CourtPieceState

ASK = -2
NOBODY = -1
BIT = [1 << c for c in range(52)]
# The cards above each card in its suit, as a bit mask over the 52 cards.
HIGHER = [sum(1 << (c - c % 13 + r) for r in range(c % 13 + 1, 13)) for c in range(52)]
NO_POWER = 4
# Each card's strength in a trick, by the suit led and the trump with power (NO_POWER:
# none): the rules' ``suit_strength`` plus its rank, looked up on every card played.
STRENGTH = [
    [
        [suit_strength(c // 13, lead, None if trump == NO_POWER else trump) + c % 13 for c in range(52)]
        for trump in range(NO_POWER + 1)
    ]
    for lead in range(4)
]


def _lowest(cards: list[int]) -> int:
    """The lowest ranked card (the first of equal ranks)."""
    return min(cards, key=RANK_OF_NUMBER.__getitem__)


def _by_suit(cards: list[int]) -> list[list[int]]:
    """Sorted ``cards`` as a hand: the cards of each suit, in suit order."""
    i, j, k = bisect_left(cards, 13), bisect_left(cards, 26), bisect_left(cards, 39)
    return [cards[:i], cards[i:j], cards[j:k], cards[k:]]


class Playout:
    """One sampled world, from the current trick to the end of the round."""

    __slots__ = (
        "hands", "trump", "power", "fd", "caller", "leader", "turn", "trick", "tlead", "tdown",
        "tpow", "asked", "ntrick", "pile", "picked", "prev", "prev_ace", "won", "seen", "voids",
        "best_seat", "best", "last_trick", "pile_rules", "four_rank", "six",
        "result",
    )
    # The slots' types (annotations only: the slots stay the attributes' only storage).
    hands: list[list[list[int]]]
    trump: int
    power: bool
    fd: int
    caller: int
    leader: int
    turn: int
    trick: list[int]
    tlead: int
    tdown: list[int]
    tpow: int
    asked: int
    ntrick: int
    pile: int
    picked: bool
    prev: int
    prev_ace: bool
    won: list[int]
    seen: int
    voids: list[int]
    best_seat: int
    best: int
    last_trick: list[int]
    pile_rules: PileRules
    four_rank: int | None
    six: bool
    result: tuple[int, int, list[int]] | None

    @classmethod
    def from_state(cls, state: CourtPieceState, voids: list[set[str]] | None = None) -> Playout:
        """The engine ``state`` (in its play phase); ``voids`` are the suits each seat has
        shown void in before (public knowledge the players' habits use)."""
        p = cls()
        opts = state["options"]
        p.hands = [_by_suit(sorted(map(CARD.__getitem__, hand))) for hand in state["hands"]]
        p.trump = SUIT_ORDER[state["trump"]] if state["trump"] else NOBODY
        p.power = state["power"]
        p.fd = CARD[state["face_down"]] if state["face_down"] else NOBODY
        p.caller = NOBODY if state["caller"] is None else state["caller"]
        p.leader = state["leader"]
        p.turn = NOBODY if state["turn"] is None else state["turn"]
        p.trick = [CARD[c] for c in state["trick"]]
        p.tlead = state["trick_leader"]
        p.tdown = list(state["trick_face_down"])
        p.tpow = state["trick_trump_from"]
        p.asked = NOBODY if state["asked"] is None else state["asked"]
        p.ntrick = state["tricks_played"]
        p.pile = state["pile"]
        p.picked = state["picked"]
        p.prev = NOBODY if state["streak_winner"] is None else state["streak_winner"]
        p.prev_ace = state["streak_ace"]
        p.won = list(state["won"])
        # (the cards are distinct: the sum of their bits is their union)
        p.seen = sum(map(BIT.__getitem__, map(CARD.__getitem__, state["gone"] + state["trick"])))
        p.voids = [sum(1 << SUIT_ORDER[s] for s in seat_voids) for seat_voids in voids] if voids else [0] * 4
        p.last_trick = []
        p.pile_rules = PileRules.of(opts)
        rank = opts["four_point_rank"]
        p.four_rank = RANK[rank] if rank else None
        p.six = opts["six_point"]
        p.result = None
        # The seat winning the trick so far and its card's strength.
        power_trump = p.trump if p.power else None
        index, p.best = trick_leader(p.trick, p.tdown, p.tpow, power_trump, SUIT_OF_NUMBER, RANK_OF_NUMBER)
        p.best_seat = NOBODY if index < 0 else (p.tlead + index) % 4
        return p

    # ------------------------------------------------------------------ rules
    def fd_out(self, seat: int) -> bool:
        """``seat`` is the Hidden caller whose face-down card is still out of hand."""
        return self.fd != NOBODY and not self.power and seat == self.caller

    def legal(self) -> list[int]:
        """The cards the seat to play may play, and ``ASK`` when it may ask to see the
        trump (the engine's ``show`` is left out)."""
        seat = self.turn
        hand = self.hands[seat]
        trick = self.trick
        if trick:
            asked_trump = self.trump if self.asked == seat else None
            cards = cards_to_play(hand.__getitem__, trick[0] // 13, asked_trump)
            if cards is not None:
                return list(cards)  # (a copy of the hand's own list)
        cards = [*hand[0], *hand[1], *hand[2], *hand[3]]
        if not cards:  # the Hidden caller, left with the face-down card
            return [self.fd]
        if trick and self.fd != NOBODY and not self.power and seat != self.caller:  # void in the suit led
            cards.append(ASK)
        return cards

    def ask(self) -> None:
        self._reveal()
        self.asked = self.turn

    def _reveal(self) -> None:
        caller = self.caller
        insort(self.hands[caller][self.fd // 13], self.fd)
        self.power = True
        self.prev = NOBODY
        self.prev_ace = False
        self.tpow = len(self.trick)

    def play(self, card: int) -> None:
        seat = self.turn
        if card == self.fd and self.fd_out(seat):
            self._reveal()
        trick = self.trick
        suit = card // 13
        self.hands[seat][suit].remove(card)
        lead = trick[0] // 13 if trick else suit
        face_down = suit != lead and self._play_off_suit(seat, suit)
        self.asked = NOBODY
        trick.append(card)
        if not face_down:
            # (a card's power is known when it is played: a trump shown or made later in
            # the trick gives none to the cards before)
            strength = STRENGTH[lead][self.trump if self.power else NO_POWER][card]
            if strength > self.best:
                self.best_seat, self.best = seat, strength
        self.seen |= BIT[card]
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
        streak = self.power and self.prev == winner
        taken = self.pile_rules.outcome(n, pile, self.picked, streak, ace, self.prev_ace) == TAKE
        if taken:
            self.won[winner % TEAMS] += pile
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
        # (only hands won decide the round, or the 13th trick, whose pile is always taken)
        if taken and round_decided(n, self.won):
            self._end_round(winner, last_lead)

    def _end_round(self, last_winner: int, last_lead: int) -> None:
        won = self.won
        team = winning_team(won)
        caller = self.caller if self.caller != NOBODY else self.leader
        last = self.last_trick
        _, points = round_score(
            won[team] == 13,
            caller % TEAMS == team,
            last[(last_winner - last_lead) % 4] % 13,
            last[(last_winner + 2 - last_lead) % 4] % 13,
            self.four_rank,
            self.six,
        )
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
            return self._lead(known)
        return self._follow(legal, known)

    def _lead(self, known: int) -> int:
        """The lead, worked out by suit: a suit's top card is the highest of its masters
        (the cards above it, none in the hand, all played), and an ace is a top card."""
        seat = self.turn
        hand = self.hands[seat]
        plain = [suit for suit in range(4) if hand[suit] and suit != known]
        if not plain:
            return hand[known][0]  # only trumps: the lowest
        avoid = self.voids[(seat + 1) % 4] | self.voids[(seat + 3) % 4]
        safe = [suit for suit in plain if not avoid >> suit & 1]
        unseen = ~self.seen
        masters = [top for top in (hand[suit][-1] for suit in safe) if not HIGHER[top] & unseen]
        if masters:
            return max(masters, key=RANK_OF_NUMBER.__getitem__)
        suits = safe or plain
        for suit in suits:
            if hand[suit][-1] % 13 == ACE:
                return hand[suit][-1]
        return hand[best_suit_index([c for suit in suits for c in hand[suit]])][0]

    def _follow(self, legal: list[int], known: int) -> int:
        lead = self.trick[0] // 13
        partner_wins = self.best_seat == (self.turn + 2) % 4
        if legal[0] // 13 != lead:
            return self._play_void(legal, known, partner_wins)
        if not partner_wins:  # the lowest card that wins the trick: the cards come lowest first
            strengths = STRENGTH[lead][self.trump if self.power else NO_POWER]
            best = self.best
            for c in legal:
                if strengths[c] > best:
                    return c
        return legal[0]

    def _play_void(self, legal: list[int], known: int, partner_wins: bool) -> int:
        """The move of a seat void in the suit led (``legal``: any card, or the trumps it
        asked for)."""
        plays = legal[:-1] if legal[-1] == ASK else legal
        plain = [c for c in plays if c // 13 != known] or plays
        if partner_wins:
            return _lowest(plain)
        if ASK in legal:
            return ASK
        hand = self.hands[self.turn]
        if self.trump == NOBODY:
            return hand[best_suit_index(plays)][0]
        if self.power:
            strengths = STRENGTH[self.trick[0] // 13][self.trump]
            best = self.best
            for c in hand[self.trump]:
                if strengths[c] > best:
                    return c  # the lowest trump that wins
        return _lowest(plain)

    # ------------------------------------------------------------------ run
    def run(self, rng: random.Random, epsilon: float = 0.05) -> tuple[int, int, list[int]]:
        """Play to the end of the round: (winning team, points, hands per team)."""
        choose, play = self.choose, self.play
        while self.result is None:
            move = choose(rng, epsilon)
            if move == ASK:
                self.ask()
            else:
                play(move)
        return self.result
