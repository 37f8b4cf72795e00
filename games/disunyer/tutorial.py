"""Disunyer's tutorial (games/tutorial.py): keep or pass, the last player's draw, the
reveal and its ties, a "Disunyer!" call and a guess, and a stuck King, in four short
games dealt from stacked decks."""

from __future__ import annotations

from types import MappingProxyType

from games.tutorial import Lesson, Step, Tutorial
from games.words import wording

KEEP = {"type": "keep"}
PASS = {"type": "pass"}
CONTINUE = wording("Press Continue.")

KEEP_OR_PASS = Lesson(
    title=wording("Keep or pass"),
    players=3,
    seat=0,
    # Round 1: you 3, then a King and a 6; round 2: you a Knight, the other a 4, then the 7 they draw.
    deck=("3o", "Kc", "6s", "No", "4c", "7b"),
    bots=(PASS, KEEP, PASS),
    steps=(
        Step(
            look=wording(
                "Your card is at the bottom. At the end of the round every card is shown and the "
                "lowest is out. From low to high: Ace, 2 to 7, Jack, Knight, King; suits don't count."
            ),
            do=wording("A 3 is low: pass it. You swap cards with the next player."),
            moves=(PASS,),
            wrong=wording(
                "A 3 is one of the lowest cards: keep it and you will likely be out. Pass it to swap "
                "it for the next player's card."
            ),
        ),
        Step(
            look=wording(
                "You got the next player's King. They passed your 3 on, the last player kept it, and "
                "at the reveal it was the lowest card: its holder is out (see the log)."
            ),
            do=wording("A new round: you hold a Knight, a high card. Keep it."),
            moves=(KEEP,),
            wrong=wording(
                "A Knight is the second highest card: passing it gives it away and brings you the "
                "next player's card, which is likely lower. Keep it."
            ),
        ),
        Step(
            look=wording(
                "The last player has nobody to pass to: they passed and drew a 7 from the deck, "
                "which everyone sees. Your Knight beat it: the last player standing wins."
            ),
            do=CONTINUE,
        ),
    ),
)

LAST_PLAYER = Lesson(
    title=wording("The last player, the reveal and ties"),
    players=4,
    seat=3,
    # Round 1: two 3s, a King and your 2, then the 6 you draw; round 2: two 5s, then a 5 to draw.
    deck=("3o", "3c", "Ks", "2b", "6o", "5o", "5c", "5s"),
    bots=(KEEP, KEEP, KEEP, KEEP),
    steps=(
        Step(
            look=wording("You are last this round: there is nobody after you. The others kept their cards."),
            do=wording(
                "Your 2 is very low. Pass it: as the last player you swap it for the top card of the "
                "deck, which everyone sees."
            ),
            moves=(PASS,),
            wrong=wording(
                "With a 2 you are almost surely the lowest. The last player's pass swaps the card "
                "for one drawn from the deck: take the chance."
            ),
        ),
        Step(
            look=wording(
                "You drew a 6. At the reveal two players held a 3, the lowest card: a tie, and both "
                "are out."
            ),
            do=wording("Two of you are left and you both hold a 5. Keep or pass, as you like."),
            moves=(),
        ),
        Step(
            look=wording(
                "Both finalists held a 5: a tie for the lowest card puts both out, and the game ends "
                "with no winner."
            ),
            do=CONTINUE,
        ),
    ),
)

DISUNYER = Lesson(
    title=wording("Disunyer!"),
    players=3,
    seat=0,
    # Round 1: your Ace of coins; round 2: your 4, and the Ace of clubs for your last rival.
    deck=("Ao", "5c", "Js", "4o", "Ab"),
    bots=({"type": "guess", "suit": "c"},),
    steps=(
        Step(
            look=wording(
                "You were dealt an Ace, the lowest card. A dealt Ace is a Disunyer: this round has no "
                "turns and no reveal."
            ),
            do=wording(
                "Call “Disunyer!”: pick a rival. They guess your Ace's suit: right, you are out; "
                "wrong, they are."
            ),
            moves=(),
        ),
        Step(
            look=wording(
                "Your rival guessed cups: wrong, so they are out. Now your last rival was dealt an Ace "
                "and called “Disunyer!” on you."
            ),
            do=wording(
                "Guess the suit of their Ace. The Ace of coins has been shown already, so it is not that one."
            ),
            moves=({"type": "guess", "suit": "c"}, {"type": "guess", "suit": "s"}, {"type": "guess", "suit": "b"}),
            wrong=wording("Your own Ace, the Ace of coins, was shown after the guess: theirs is another suit."),
        ),
        Step(
            look=wording(
                "A right guess puts the Ace's holder out, a wrong one the guesser. An Ace you get from "
                "a swap or from the deck is no Disunyer: it is just the lowest card."
            ),
            do=CONTINUE,
        ),
    ),
)

STUCK_KING = Lesson(
    title=wording("Stuck King"),
    players=3,
    seat=0,
    options=MappingProxyType({"mode": "stuck-king"}),
    # Round 1: your 3, a 5, and the last player's King; round 2: your King, their 2, then the 7 they draw.
    deck=("3o", "5c", "Kb", "Kc", "2s", "7o"),
    bots=(PASS,),
    steps=(
        Step(
            look=wording(
                "This table plays Stuck King: with no Ace dealt, the Kings dealt are shown and stuck. "
                "Nobody can take the last player's King, and they can't pass it."
            ),
            do=wording(
                "The next player's card is not a stuck King, so you may pass your 3 to them. Pass it."
            ),
            moves=(PASS,),
            wrong=wording(
                "Your 3 is low, and only a stuck King stops a pass: the next player holds a 5. Pass it."
            ),
        ),
        Step(
            look=wording(
                "The next player could not pass your 3 on to a stuck King: they kept it and went out. "
                "Then you were dealt a King: it was stuck and kept for you. The last player passed and "
                "drew a 7: a King from the deck is never stuck."
            ),
            do=CONTINUE,
        ),
    ),
)

TUTORIAL = Tutorial(
    lessons=(KEEP_OR_PASS, LAST_PLAYER, DISUNYER, STUCK_KING),
    # Every decision has 10 seconds, whatever the options: a practice table is a Standard one.
    practice_options=MappingProxyType({"mode": "standard"}),
)
