"""How each game's table looks on the site: its table home, registered by the game's own
app (``tables/<game>/apps.py``), so that the rooms name no game.

A table home holds the game's presenters, which turn a room's snapshot and an engine
view into the names its partials show (``public(snapshot, view)`` from the spectator's
view, ``private(snapshot, view, seat)`` from the viewer's own; a game whose private
partial shows its view as it is has none), so the templates and their tags only format.
The presenters render no template and query no database; ``rooms.rendering`` calls
each once per fragment: the public one once per version, the private one once per viewer.

Its partials are ``<slug>/_public.jinja`` and ``<slug>/_private.jinja`` (the Jinja2
engine finds them in the app's ``jinja2/``), its keyboard help ``<slug>/_keys_help.html``
(in the app's ``templates/``); its scripts and stylesheets are static files.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any


@dataclass(frozen=True)
class TableHome:
    slug: str  # the game's, as the registry names it
    public: Callable[..., dict]
    private: Callable[..., dict] | None = None
    scripts: tuple[str, ...] = ()  # static paths, loaded after the table's own scripts
    stylesheets: tuple[str, ...] = ()  # static paths, loaded after the site's
    phrases: tuple[str, ...] = ()  # quick phrases its players may send besides the emojis
    # Functions its partials call beyond those every table's may (``rooms.templating``).
    template_globals: Mapping[str, Callable[..., Any]] = field(default_factory=lambda: MappingProxyType({}))

    @property
    def public_template(self) -> str:
        return f"{self.slug}/_public.jinja"

    @property
    def private_template(self) -> str:
        return f"{self.slug}/_private.jinja"

    @property
    def keys_help(self) -> str:
        return f"{self.slug}/_keys_help.html"


HOMES: dict[str, TableHome] = {}


def register(home: TableHome) -> None:
    HOMES[home.slug] = home


def table_home(slug: str) -> TableHome:
    return HOMES[slug]


def template_globals() -> dict[str, Callable[..., Any]]:
    """The functions the registered tables' partials call, each by its name: one
    environment holds them all, so two tables may not give one name two functions."""
    functions: dict[str, Callable[..., Any]] = {}
    for home in HOMES.values():
        for name, function in home.template_globals.items():
            if functions.setdefault(name, function) is not function:
                raise ValueError(f"Two tables' partials call different functions {name!r}.")
    return functions
