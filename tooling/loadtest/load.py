"""How much load a run puts on the stack under test."""

from dataclasses import dataclass


@dataclass(frozen=True)
class Load:
    game: str
    tables: int
    sockets: int
    seconds: float
    pace: tuple[float, float]  # seconds between a table's actions, from BOT_DELAY_MS
    client_processes: int
    probe_groups: int = 0  # anchor groups watched beside the site (tooling/loadtest/probe.py)
    languages: tuple[str, ...] = ()  # each table's sockets read these in turn; (): the site's language
    chat_every: float = 0  # seconds between a table's chat lines, its player's quick phrases; 0: none
    reviewed_games: int = 0  # games played to their end first, whose every seat the strong bot reviews in the window

    def language(self, socket: int) -> str:
        """The language the table's ``socket``-th viewer reads ("": the site's)."""
        return self.languages[socket % len(self.languages)] if self.languages else ""

    @property
    def nominal_per_second(self) -> float:
        """The versions the tables would offer if nothing lagged."""
        return round(self.tables / (sum(self.pace) / 2), 2)

    def spread(self, ports: list[int]) -> list[tuple[int, int, int]]:
        """(table, socket number in the table, port): a table's sockets go round the ports."""
        return [
            (t, s, ports[(t * self.sockets + s) % len(ports)]) for t in range(self.tables) for s in range(self.sockets)
        ]
