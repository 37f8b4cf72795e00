"""Point this process's default database at another URL: benchmarks use it to work on a
throw-away database instead of the developer's."""

import dj_database_url
from django.conf import settings
from django.db import connections


def use_database(url: str) -> None:
    """Point the default connection at ``url`` (before anything reads the data)."""
    new = dj_database_url.parse(url)
    if new["ENGINE"] == "django.db.backends.sqlite3":
        new["OPTIONS"] = {"transaction_mode": "IMMEDIATE", "timeout": 20}
    connections.close_all()
    configured = connections.configure_settings({"default": new})["default"]
    connections.settings["default"] = configured
    settings.DATABASES["default"] = configured
    del connections["default"]
