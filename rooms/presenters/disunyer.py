"""Disunyer's table: the engine's view is shown as it is (the viewer's card and moves
too); the presenter adds the final places with their points (doubled when no seat was
a bot)."""

from rooms.presenters.common import had_bots, results


def public(snapshot, view: dict) -> dict:
    return {"results": results(snapshot, view), "had_bots": had_bots(snapshot)}

