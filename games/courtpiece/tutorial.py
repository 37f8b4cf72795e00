"""Court Piece's tutorial (games/tutorial.py): calling, following suit, two wins in a
row and the pile sizes, then each game's own rule (Ace Rule, Hidden, Rung Kaat; Double
Sar is the plain game) and the "ace cannot win the pile" option, each a short game
dealt from a stacked deck with you calling (or, in Rung Kaat, leading)."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from games.core import french_deck
from games.courtpiece.options import CLOCK
from games.tutorial import Lesson, Step, Tutorial
from games.words import wording

HAND = 13


def dealt(*hands: list[str]) -> tuple[str, ...]:
    """The stacked deck that deals seat s the cards ``hands[s]`` names, each hand then
    filled up to 13 from the cards left, in the deck's own order (seat 0 calls: its
    first five are the first five named)."""
    named = {card for hand in hands for card in hand}
    left = iter(card for card in french_deck() if card not in named)
    return tuple(card for hand in hands for card in [*hand, *(next(left) for _ in range(HAND - len(hand)))])


def play(card: str) -> dict[str, Any]:
    return {"type": "play", "card": card}


def options(game: str, **more: Any) -> MappingProxyType[str, Any]:
    return MappingProxyType({"game": game, "pile": "3-2-2", "clock": CLOCK.high, **more})



def call(suit: str) -> dict[str, Any]:
    return {"type": "call", "suit": suit}


PLAIN_GAME = Lesson(
    title=wording("Calling, following suit and the pile"),
    players=4,
    seat=0,
    options=options("double-sar"),
    deck=dealt(
        ["7h", "8h", "9h", "As", "2c", "Ks", "Qs", "2d", "3d", "4d", "5c", "6c", "Th"],
        ["2s", "3s", "4s", "Ac", "9d"],
        ["5s", "6s", "7s", "3c", "Td"],
        ["8s", "9s", "Ts", "4c", "Jd"],
    ),
    bots=tuple(map(play, ("2s", "5s", "8s", "3s", "6s", "9s", "4s", "7s", "Ts", "Ac", "3c", "4c", "9d", "Td", "Jd"))),
    steps=(
        Step(
            look=wording(
                "Court Piece: two teams of two, partners opposite. You are the caller: you see your "
                "first five cards and choose the trump suit; the rest are dealt after."
            ),
            do=wording("Call the suit you hold most of: hearts."),
            moves=(call("h"),),
            wrong=wording("Three of your first five are hearts: call hearts, the suit you hold most of."),
        ),
        Step(
            look=wording(
                "The caller leads. Everyone must follow suit if they can; the highest card of the suit "
                "led wins, unless a trump is played."
            ),
            do=wording("Lead your Ace of spades."),
            moves=(play("As"),),
            wrong=wording("Lead your Ace of spades: no spade can beat it."),
        ),
        Step(
            look=wording(
                "Your trick lies in the pile in the middle. To pick the pile up, the same player must "
                "win two tricks in a row, and with 3-2-2 the first pile needs at least 3 tricks."
            ),
            do=wording("Lead your King of spades: with the Ace gone, it is the highest spade."),
            moves=(play("Ks"),),
            wrong=wording("Lead your King of spades: with the Ace gone, no spade beats it."),
        ),
        Step(
            look=wording("Two wins in a row, but the pile holds only two tricks: it stays."),
            do=wording("Win a third with your Queen of spades, and you pick up all three."),
            moves=(play("Qs"),),
            wrong=wording("Lead your Queen of spades: it is the highest spade left, and wins the third trick."),
        ),
        Step(
            look=wording(
                "You picked up the pile: three hands for your team. A team needs seven. Later piles "
                "need 2 tricks (with 5-3-3: 5 first, then 3)."
            ),
            do=wording("Lead one of your low clubs."),
            moves=(play("2c"), play("5c"), play("6c")),
            wrong=wording("Lead a low club: keep your hearts, the trumps, and your diamonds for later."),
        ),
        Step(
            look=wording(
                "A rival's Ace of clubs won, and they led the 9 of diamonds. You must follow suit "
                "when you can: only your diamonds can be played."
            ),
            do=wording("Play a diamond."),
            moves=(),
        ),
    ),
)

ACE_RULE = Lesson(
    title=wording("Ace Rule"),
    players=4,
    seat=0,
    options=options("ace-rule"),
    deck=dealt(
        ["Ah", "Ac", "Ad", "Ks", "2h"],
        ["3h", "2c", "2d", "2s"],
        ["4h", "3c", "3d", "3s"],
        ["5h", "4c", "4d", "4s"],
    ),
    bots=tuple(map(play, ("3h", "4h", "5h", "2c", "3c", "4c", "2d", "3d", "4d", "2s", "3s", "4s"))),
    steps=(
        Step(
            look=wording("Ace Rule: you cannot pick up the pile with an ace on an ace."),
            do=wording("Call any suit as trump."),
            moves=(),
        ),
        Step(
            look=wording("You hold three aces."),
            do=wording("Lead your Ace of hearts."),
            moves=(play("Ah"),),
            wrong=wording("Lead your Ace of hearts: this lesson wins three tricks with aces."),
        ),
        Step(
            look=wording("One win. The first pile needs three tricks."),
            do=wording("Lead your Ace of clubs."),
            moves=(play("Ac"),),
            wrong=wording("Lead your Ace of clubs: this lesson wins three tricks with aces."),
        ),
        Step(
            look=wording("Two in a row, won with aces, and two tricks in the pile."),
            do=wording("Lead your Ace of diamonds."),
            moves=(play("Ad"),),
            wrong=wording("Lead your Ace of diamonds: this lesson wins three tricks with aces."),
        ),
        Step(
            look=wording(
                "Three in a row and three tricks in the pile, but your trick before was also won with "
                "an ace: an ace on an ace, so the pile stays. Your ace still counts as a win in a row."
            ),
            do=wording("Win with any other card and you pick up: lead your King of spades."),
            moves=(play("Ks"),),
            wrong=wording("Lead your King of spades: a win with a card that is not an ace picks up the pile."),
        ),
    ),
)

HIDDEN = Lesson(
    title=wording("Hidden"),
    players=4,
    seat=0,
    options=options("hidden"),
    deck=dealt(
        ["2h", "As", "Ks", "Qd", "5c", "7d"],
        ["3h", "9d", "4h", "5h", "6h", "2c", "3c", "4c", "6c", "7c", "8c", "9c", "Tc"],
        ["2s", "Td"],
        ["3s", "Jd"],
    ),
    bots=({"type": "ask"}, play("3h"), play("2s"), play("3s"), play("9d"), play("Td"), play("Jd")),
    steps=(
        Step(
            look=wording(
                "Hidden: the caller sets one of their first five face down. Its suit is the trump, and "
                "nobody else is told."
            ),
            do=wording("Set down your 2 of hearts: hearts will be the trump."),
            moves=({"type": "call", "card": "2h"},),
            wrong=wording(
                "Set down your 2 of hearts: a low card makes the secret trump, and you keep your high "
                "cards to win tricks."
            ),
        ),
        Step(
            look=wording(
                "Until the trump is shown it has no power, and no pile can be picked up. A player who "
                "cannot follow suit may ask to see it, and must then play a trump if they have one."
            ),
            do=wording("Lead your Ace of spades."),
            moves=(play("As"),),
            wrong=wording("Lead your Ace of spades: no spade can beat it."),
        ),
        Step(
            look=wording(
                "The next player had no spade: they asked to see the trump, your 2 of hearts was "
                "shown, and their trump took your Ace. Hearts are trumps now for everyone."
            ),
            do=wording("They led the 9 of diamonds: follow suit."),
            moves=(),
        ),
    ),
)

RUNG_KAAT = Lesson(
    title=wording("Rung Kaat"),
    players=4,
    seat=0,
    options=options("rung-kaat"),
    deck=dealt(
        ["As", "2s", "3h", "4h", "5h", "6h", "7h", "8h", "9h", "2c", "3c", "4c", "5c"],
        ["3s", "6s", "Qd"],
        ["4s", "7s", "Jd"],
        ["5s", "Ks", "Kd"],
    ),
    bots=tuple(map(play, ("3s", "4s", "5s", "6s", "7s", "Ks", "Kd", "Qd", "Jd"))),
    steps=(
        Step(
            look=wording("Rung Kaat: nobody calls. Everyone holds all 13 cards, and there is no trump yet."),
            do=wording("Lead your Ace of spades."),
            moves=(play("As"),),
            wrong=wording("Lead your Ace of spades: no spade can beat it."),
        ),
        Step(
            look=wording("You won the trick, but no pile can be picked up before there is a trump."),
            do=wording("Lead your 2 of spades."),
            moves=(play("2s"),),
            wrong=wording("Lead your 2 of spades: let a rival win this one and lead."),
        ),
        Step(
            look=wording(
                "A rival won and led the King of diamonds. You have no diamonds, and nobody has made "
                "the trump yet: the first card of another suit thrown makes its suit the trump for "
                "the round, and takes the trick unless a higher trump beats it."
            ),
            do=wording("Throw a heart, the suit you hold most of: hearts become the trump."),
            moves=tuple(play(card) for card in ("3h", "4h", "5h", "6h", "7h", "8h", "9h")),
            wrong=wording("Make the trump the suit you hold most of: throw a heart."),
        ),
    ),
)

ACE_CANNOT_WIN_THE_PILE = Lesson(
    title=wording("Ace cannot win the pile"),
    players=4,
    seat=0,
    options=options("double-sar", ace_cannot_win_pile=True),
    deck=dealt(
        ["As", "Ks", "Ah", "Qs", "2h"],
        ["2s", "5s", "3h", "8s"],
        ["3s", "6s", "4h", "9s"],
        ["4s", "7s", "5h", "Ts"],
    ),
    bots=tuple(map(play, ("2s", "3s", "4s", "5s", "6s", "7s", "3h", "4h", "5h", "8s", "9s", "Ts"))),
    steps=(
        Step(
            look=wording(
                "A table may switch on “Ace cannot win the pile”, with any of the four games: a trick "
                "won with an ace never picks up the pile."
            ),
            do=wording("Call any suit as trump."),
            moves=(),
        ),
        Step(
            look=wording("You hold the Ace, King and Queen of spades and the Ace of hearts."),
            do=wording("Lead your Ace of spades."),
            moves=(play("As"),),
            wrong=wording("Lead your Ace of spades: no spade can beat it."),
        ),
        Step(
            look=wording("One win; the first pile needs three tricks."),
            do=wording("Lead your King of spades."),
            moves=(play("Ks"),),
            wrong=wording("Lead your King of spades: with the Ace gone, no spade beats it."),
        ),
        Step(
            look=wording("Two in a row, and two tricks in the pile."),
            do=wording("Lead your Ace of hearts."),
            moves=(play("Ah"),),
            wrong=wording("Lead your Ace of hearts: see what an ace does to the pile."),
        ),
        Step(
            look=wording(
                "Three in a row and three tricks in the pile, but a trick won with an ace never picks "
                "it up: the pile stays. The ace still counts as a win in a row."
            ),
            do=wording("Win with your Queen of spades, and you pick up all four."),
            moves=(play("Qs"),),
            wrong=wording("Lead your Queen of spades: a win with a card that is not an ace picks up the pile."),
        ),
    ),
)

TUTORIAL = Tutorial(
    lessons=(PLAIN_GAME, ACE_RULE, HIDDEN, RUNG_KAAT, ACE_CANNOT_WIN_THE_PILE),
    # The slowest clock a table may have.
    practice_options=MappingProxyType({"game": "double-sar", "clock": CLOCK.high}),
)
