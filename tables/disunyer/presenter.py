"""Disunyer's table: the engine's view is shown as it is (the moves too); the presenter
adds the score sheet (who went out in each round, and with which card), the final
places with their points (doubled when no seat was a bot), and for the viewer their own
card while they stand and whether their pass draws from the deck (the round's last
player)."""

from typing import TypedDict

from games.core import SPANISH_SUIT_NAMES, card_name
from games.disunyer.state import DisunyerView, Duel, RoundSummary
from rooms.presenting import had_bots, results, seat_names


class SheetRow(TypedDict):
    round: int
    name: str
    card: str  # the card they went out with, in words; "" when it was never shown
    how: str


def _spanish(card: str | None) -> str:
    """A card's name in words; "" for one nobody saw."""
    return card_name(card, spanish=True) if card else ""


def _duel_row(duel: Duel, names: dict) -> tuple[str, str]:
    """(card, how) for the player a Disunyer put out."""
    holder, rival = names.get(duel["holder"]), names.get(duel["rival"])
    if duel["rival"] is None:
        return "", "did not call Disunyer in time"
    if duel["out"] == duel["holder"]:
        return _spanish(duel["ace"]), f"{rival} guessed the suit"
    if duel["suit"] is None:
        return "", f"did not guess the suit of {holder}'s {_spanish(duel['ace'])} in time"
    return "", f"guessed {SPANISH_SUIT_NAMES[duel['suit']]} against {holder}'s {_spanish(duel['ace'])}"


def _round_rows(summary: RoundSummary, names: dict) -> list[SheetRow]:
    def row(seat: int, card: str, how: str) -> SheetRow:
        return SheetRow(round=summary["round"], name=names.get(seat, f"Seat {seat + 1}"), card=card, how=how)

    if summary["kind"] == "reveal":
        return [row(seat, _spanish(summary["cards"][seat]), "the lowest card") for seat in summary["out"]]
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
