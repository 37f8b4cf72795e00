"""Dayous's tutorial (games/tutorial.py): attacking, beating, throwing in, taking,
passing on, a joker, the trump change and the end, in four short games dealt from
stacked decks (the last one arranged near its end)."""

from __future__ import annotations

from collections import Counter
from types import MappingProxyType
from typing import Any

from games.dayous.cards import full_deck
from games.dayous.options import CLOCK, hand_size
from games.dayous.state import DayousState, Phase
from games.tutorial import Lesson, Step, Tutorial
from games.words import wording

ONE_DECK = MappingProxyType({"decks": 1, "clock": CLOCK.high})


def stacked(
    players: int, hands: list[list[str]], faceup: str, upper: tuple[str, ...] = (), lower: tuple[str, ...] = ()
) -> tuple[str, ...]:
    """A one-deck table's whole deck, top first, that deals ``hands`` (a card at a time
    round the table; seats past the hands given get the next cards), turns ``faceup``
    for the first trump, and puts ``upper`` on top of the deck and ``lower`` just under
    the face-up card; the other cards in the deck's own order."""
    listed = Counter([card for hand in hands for card in hand] + [faceup, *upper, *lower])
    rest = list((Counter(full_deck(1)) - listed).elements())
    size = hand_size(1)
    filled = [list(hand) for hand in hands]
    while len(filled) < players:
        filled.append(rest[:size])
        rest = rest[size:]
    dealt = [filled[index % players][index // players] for index in range(players * size)]
    upper_size = (len(rest) + len(upper) + len(lower) + 1) // 2  # the engine's smaller upper half
    plain = [card for card in rest if card[0] != "X"][: upper_size - len(upper)]
    left = list((Counter(rest) - Counter(plain)).elements())
    return (*dealt, *upper, *plain, faceup, *lower, *left)


def attack(*cards: str) -> dict[str, Any]:
    return {"type": "attack", "cards": list(cards)}


def beat(card: str, target: int) -> dict[str, Any]:
    return {"type": "beat", "card": card, "target": target}


TAKE = {"type": "take"}
DONE = {"type": "done"}
CLOCKWISE = {"type": "direction", "clockwise": True}
CONTINUE = wording("Press Continue.")

# Spades are trumps (the Queen of spades turned up). You hold the lowest trump, the 2.
FIRST_BOUTS = Lesson(
    title=wording("Attack, beat, throw in and take"),
    players=2,
    seat=0,
    options=ONE_DECK,
    deck=stacked(
        2,
        [["9c", "9h", "Jd", "2s", "Kd", "5c", "6d"], ["Jc", "Qh", "4d", "3s", "8d", "Tc", "7h"]],
        faceup="Qs",
        upper=("Th", "3h", "4h", "7c", "7d", "As"),
    ),
    bots=(beat("Qh", 0), beat("Jc", 1), beat("3s", 2), attack("7h", "7c"), {"type": "throw", "cards": ["7d"]}, DONE),
    steps=(
        Step(
            look=wording(
                "Dayous: don't be the last one holding cards. The card turned up under the deck "
                "gives the trump suit: spades. You hold the lowest trump, so you attack first."
            ),
            do=wording("Choose the direction of play: either way is fine."),
            moves=(),
        ),
        Step(
            look=wording("You attack the next player, who must beat every card you play."),
            do=wording("Attack with your two 9s: cards of one rank may attack together."),
            moves=(attack("9h", "9c"),),
            wrong=wording(
                "Lead with your pair of 9s: the more cards you attack with, the more the defender must beat."
            ),
        ),
        Step(
            look=wording(
                "They beat each 9: a higher card of its suit, or a trump, beats it. Now any rank on "
                "the table may be thrown in: 9, Jack or Queen."
            ),
            do=wording("Throw in your Jack of diamonds: the defender must beat it too."),
            moves=({"type": "throw", "cards": ["Jd"]},),
            wrong=wording(
                "A Jack is on the table and you hold one: throw it in. Say “No further questions” "
                "only when you have nothing to add."
            ),
        ),
        Step(
            look=wording(
                "They beat your Jack with a trump, so the cards went to the discard pile and the "
                "defender attacks next: you defend against the 7 of hearts and the 7 of clubs."
            ),
            do=wording("Beat it with your 10 of hearts."),
            moves=(beat("Th", 0),),
            wrong=wording(
                "A higher heart beats the 7 of hearts: your 10. A trump would too, but keep your "
                "trumps for when nothing else will do."
            ),
        ),
        Step(
            look=wording(
                "The 7 of clubs is left. Only a higher club or a trump beats it, and your one trump "
                "is the 2 of spades."
            ),
            do=wording("Take the cards: you pick up everything on the table, and keep your trump."),
            moves=(TAKE,),
            wrong=wording(
                "Your 2 of spades would beat it, but it is your only trump. Take the cards instead."
            ),
        ),
        Step(
            look=wording(
                "Once you took, the attacker could still throw in one more 7. You picked up every "
                "card on the table and lost your turn to attack: the next player attacks."
            ),
            do=CONTINUE,
        ),
    ),
)

# Hearts are trumps (the King of hearts turned up); the player two seats on holds the
# lowest trump and attacks you first.
PASSING = Lesson(
    title=wording("Pass it on, and the joker"),
    players=3,
    seat=0,
    options=ONE_DECK,
    deck=stacked(
        3,
        [["8d", "XR", "3d", "9s", "Qd", "4c", "6s"], ["Tc", "Jd", "3c", "4s", "5d", "7s", "9d"],
         ["2h", "8c", "5s", "6c", "7c", "Ts", "Jc"]],
        faceup="Kh",
        upper=("Kc", "2d"),
    ),
    bots=(CLOCKWISE, attack("8c"), TAKE, attack("5s"), beat("Ts", 0), DONE),
    steps=(
        Step(
            look=wording(
                "Three players; hearts are trumps. The player who led attacks you with an 8 of clubs, "
                "and you hold an 8 too."
            ),
            do=wording(
                "Pass it on: add your 8 of diamonds. While nothing is beaten, cards of the attack's "
                "rank send every card on the table to the next player."
            ),
            moves=({"type": "transfer", "cards": ["8d"]},),
            wrong=wording(
                "Nothing is beaten yet and you hold an 8: add it to pass the attack on to the next player."
            ),
        ),
        Step(
            look=wording(
                "The next player took both 8s. Now the player after them attacks you with a 5 of spades."
            ),
            do=wording(
                "Play your joker: it sends the attack back to the player who led it, and play turns "
                "the other way round."
            ),
            moves=({"type": "joker", "card": "XR"},),
            wrong=wording(
                "Your joker sends the whole attack back to whoever led it, while one rank is on the table: play it."
            ),
        ),
        Step(
            look=wording(
                "The attack went back to the player who led it; they beat it. Play now goes the other "
                "way round the table, and the joker went to the discard pile."
            ),
            do=CONTINUE,
        ),
    ),
)

# Seven players and one deck: five cards are left, and the third one drawn is the
# face-up King of clubs; the Queen of diamonds under it gives the new trump.
TRUMP_CHANGE = Lesson(
    title=wording("The trump change"),
    players=7,
    seat=0,
    options=ONE_DECK,
    deck=stacked(
        7,
        [["6d", "6h", "2c", "Ts", "Jh", "8s", "4d"], ["9d", "9h", "9s", "9c", "6s", "6c", "7d"]],
        faceup="Kc",
        upper=("3s", "4s"),
        lower=("5h", "Qd"),
    ),
    bots=(beat("9h", 0), beat("9d", 1)),
    steps=(
        Step(
            look=wording(
                "Seven players, so only five cards are left in the deck: clubs are trumps, and you "
                "hold the lowest, the 2."
            ),
            do=wording("Choose the direction of play."),
            moves=(),
        ),
        Step(
            look=wording("When the face-up card under the deck is drawn, the trump changes."),
            do=wording("Attack with your two 6s."),
            moves=(attack("6h", "6d"),),
            wrong=wording("Lead with both 6s: the defender must beat two cards."),
        ),
        Step(
            look=wording(
                "Your 6s were beaten. In the refill the defender drew the face-up King of clubs, so "
                "the deck's top card was turned up: diamonds are trumps for the rest of the game. "
                "The trump changes once."
            ),
            do=CONTINUE,
        ),
    ),
)


def _near_the_end(state: DayousState) -> DayousState:
    """The dealt game with the deck used up: you hold two Queens and lead, the other
    player holds four cards, diamonds are trumps (changed already), and every other
    card is in the discard pile."""
    hands = [["Qc", "Qs"], ["Kc", "Ks", "5h", "9d"]]
    held = Counter(card for hand in hands for card in hand)
    return {
        **state,
        "hands": hands,
        "deck": [],
        "faceup_below": -1,
        "trump": "d",
        "trump_changed": True,
        "discard": list((Counter(full_deck(1)) - held).elements()),
        "phase": Phase.LEAD,
        "leader": 0,
        "defender": 1,
        "clockwise": True,
        "log": [],
    }


THE_END = Lesson(
    title=wording("The end"),
    players=2,
    seat=0,
    options=ONE_DECK,
    deck=stacked(2, [], faceup="Ad"),
    arranged=_near_the_end,
    bots=(beat("Ks", 0), beat("Kc", 1)),
    steps=(
        Step(
            look=wording(
                "Later in a game: the deck is used up, so nobody draws any more. You hold two Queens."
            ),
            do=wording("Attack with both Queens."),
            moves=(attack("Qs", "Qc"),),
            wrong=wording(
                "Attack with both Queens at once: once the deck is empty, a player with no cards left is out."
            ),
        ),
        Step(
            look=wording(
                "Both Queens were beaten, and you have no cards left with the deck empty: you are out, "
                "and safe. The last player still holding cards is the dayous."
            ),
            do=CONTINUE,
        ),
    ),
)

TUTORIAL = Tutorial(
    lessons=(FIRST_BOUTS, PASSING, TRUMP_CHANGE, THE_END),
    # The slowest clock a table may have.
    practice_options=MappingProxyType({"decks": 1, "clock": CLOCK.high}),
    practice_players=4,
)
