"""The load test's own throw-away database: a SQLite file in its work directory, or
a database made for the run on a PostgreSQL server and dropped afterwards."""

import secrets
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from tooling.loadtest.errors import LoadTestError

POSTGRES_SCHEMES = ("postgres", "postgresql")
LOCAL_ADDRESSES = ("127.0.0.1", "::1", "localhost")


class DatabaseError(LoadTestError):
    pass


@dataclass
class ThrowawayDatabase:
    url: str
    kind: str  # "SQLite" or "PostgreSQL"
    server_url: str = ""  # PostgreSQL: where it was made, to drop it from
    name: str = ""
    server_pid: int | None = None  # PostgreSQL on this machine: its main process, to measure

    def drop(self) -> None:
        if self.kind != "PostgreSQL":
            return  # the file goes with the work directory
        import psycopg

        with psycopg.connect(self.server_url, autocommit=True) as connection:
            connection.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')


def check_server_url(url: str) -> None:
    if urlsplit(url).scheme not in POSTGRES_SCHEMES:
        raise DatabaseError(
            f"--database-url must be a PostgreSQL URL (postgres://user:password@host:port/database), "
            f"not {url.split(':', 1)[0]!r}; SQLite is the default."
        )


def create(server_url: str | None, workdir: Path) -> ThrowawayDatabase:
    if not server_url:
        return ThrowawayDatabase(url=f"sqlite:///{workdir / 'loadtest.sqlite3'}", kind="SQLite")
    check_server_url(server_url)
    import psycopg

    name = f"cardclub_loadtest_{secrets.token_hex(4)}"
    parts = urlsplit(server_url)
    # Made and dropped from the server's own maintenance database: the one the URL names
    # need not exist (CI's server has only the databases the tests make).
    maintenance_url = urlunsplit(parts._replace(path="/postgres"))
    try:
        with psycopg.connect(maintenance_url, autocommit=True) as connection:
            connection.execute(f'CREATE DATABASE "{name}"')
            server_pid = _local_server_pid(connection)
    except psycopg.Error as error:
        raise DatabaseError(f"Could not create a database on {_without_password(server_url)}: {error}") from None
    url = urlunsplit(parts._replace(path=f"/{name}"))
    return ThrowawayDatabase(url=url, kind="PostgreSQL", server_url=maintenance_url, name=name, server_pid=server_pid)


def _local_server_pid(connection) -> int | None:
    """The server's main process (the parent of the backend serving ``connection``),
    if the server runs on this machine; None for a server elsewhere."""
    import psutil

    info = connection.info
    if not (info.host.startswith("/") or info.host in LOCAL_ADDRESSES or info.hostaddr in LOCAL_ADDRESSES):
        return None
    backend_pid = connection.execute("SELECT pg_backend_pid()").fetchone()[0]
    try:
        backend = psutil.Process(backend_pid)
        return backend.ppid() if backend.name().startswith("postgres") else None
    except psutil.Error:
        return None  # a server in a container of its own: its process ids are not this machine's


def _without_password(url: str) -> str:
    parts = urlsplit(url)
    host = parts.hostname or ""
    port = f":{parts.port}" if parts.port else ""
    user = f"{parts.username}@" if parts.username else ""
    return urlunsplit(parts._replace(netloc=f"{user}{host}{port}"))
