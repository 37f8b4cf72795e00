"""What each game's table partials show, worked out in plain Python.

A presenter turns a room's snapshot and an engine view into the names a partial shows
(``public(snapshot, view)`` from the spectator's view, ``private(snapshot, view, seat)``
from the viewer's own; a game whose private partial shows its view as it is has
none), so the templates and their tags only format. Nothing here
renders a template or queries the database; ``rooms.rendering`` calls each presenter
once per fragment: the public one once per version, the private one once per viewer.
"""

from collections.abc import Callable
from dataclasses import dataclass

from rooms.presenters import courtpiece, dayous, disunyer


@dataclass(frozen=True)
class Presenter:
    public: Callable[..., dict]
    private: Callable[..., dict] | None = None


PRESENTERS = {
    "disunyer": Presenter(disunyer.public, disunyer.private),
    "dayous": Presenter(dayous.public, dayous.private),
    "courtpiece": Presenter(courtpiece.public, courtpiece.private),
}


def presenter_for(game: str) -> Presenter:
    return PRESENTERS[game]
