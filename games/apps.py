from django.apps import AppConfig


class GamesConfig(AppConfig):  # type: ignore[misc]  # Django ships no types
    name = "games"
    verbose_name = "Games"
