"""Disunyer's table: the engine's view is shown as it is (the moves too); the presenter
adds the score sheet (who went out in each round, and with which card), the final
places with their points (doubled when no seat was a bot), and for the viewer their own
card while they stand and whether their pass draws from the deck (the round's last
player)."""

from typing import TypedDict

from games.disunyer.state import DisunyerView, Duel, RoundSummary
from games.words import Cards, Said, Seat, Words, cards, wording
from rooms.presenting import had_bots, results, seat_names


class SheetRow(TypedDict):
    round: int
    name: Said  # the player's name (their seat's, should it have none)
    card: Cards | None  # the card they went out with; None when it was never shown
    how: Words


def _spanish(card: str | None) -> Cards | None:
    return cards(card, spanish=True) if card else None


def _named(seat: int, names: dict) -> Said:
    return names.get(seat) or Seat(seat)


def _guessed(suit: str, holder: Said, ace: Cards | None) -> Words:
    """A rival's wrong guess, a sentence per suit: each is a Spanish deck's."""
    if suit == "o":
        # Translators: how a player went out, in Disunyer's score sheet; "Bea's Ace of cups".
        return wording("guessed coins against %(holder)s's %(ace)s", holder=holder, ace=ace)
    if suit == "c":
        return wording("guessed cups against %(holder)s's %(ace)s", holder=holder, ace=ace)
    if suit == "s":
        return wording("guessed swords against %(holder)s's %(ace)s", holder=holder, ace=ace)
    # Translators: clubs of the Spanish deck (bastos).
    return wording("guessed clubs against %(holder)s's %(ace)s", holder=holder, ace=ace)


def _duel_row(duel: Duel, names: dict) -> tuple[Cards | None, Words]:
    """(card, how) for the player a Disunyer put out."""
    holder, rival, ace = _named(duel["holder"], names), duel["rival"], _spanish(duel["ace"])
    if rival is None:
        # Translators: how a player went out, in Disunyer's score sheet.
        return None, wording("did not call Disunyer in time")
    if duel["out"] == duel["holder"]:
        # Translators: how a player went out, in Disunyer's score sheet.
        return ace, wording("%(rival)s guessed the suit", rival=_named(rival, names))
    if duel["suit"] is None:
        # Translators: how a player went out, in Disunyer's score sheet; "Bea's Ace of cups".
        return None, wording("did not guess the suit of %(holder)s's %(ace)s in time", holder=holder, ace=ace)
    return None, _guessed(duel["suit"], holder, ace)


def _round_rows(summary: RoundSummary, names: dict) -> list[SheetRow]:
    def row(seat: int, card: Cards | None, how: Words) -> SheetRow:
        return SheetRow(round=summary["round"], name=_named(seat, names), card=card, how=how)

    if summary["kind"] == "reveal":
        # Translators: how a player went out, in Disunyer's score sheet.
        lowest = wording("the lowest card")
        return [row(seat, _spanish(summary["cards"][seat]), lowest) for seat in summary["out"]]
    return [row(duel["out"], *_duel_row(duel, names)) for duel in summary["duels"]]


def score_sheet(snapshot, view: DisunyerView) -> list[SheetRow]:
    """Who went out in each finished round, oldest first, with the card when it was
    shown: at a reveal everyone's card, in a Disunyer only the Ace."""
    names = seat_names(snapshot)
    return [row for summary in view.get("rounds") or [] for row in _round_rows(summary, names)]


def public(snapshot, view: DisunyerView) -> dict:
    return {"results": results(snapshot, view), "had_bots": had_bots(snapshot), "sheet": score_sheet(snapshot, view)}


def private(snapshot, view: DisunyerView, seat: int | None) -> dict:
    """The viewer's own card while they stand (a player a Disunyer knocks out in the middle
    of a round holds theirs until the round ends, but is out of the game), and whether
    they decide as the round's last player, whose pass draws a card from the deck (there
    is nobody after them to pass to)."""
    standing = seat is not None and view["standing"][seat]
    in_round = view.get("in_round") or []
    return {
        "my_card": view["hand"] if standing else None,
        "passes_to_deck": standing and view.get("turn") == seat and in_round[-1:] == [seat],
    }
