from django.apps import AppConfig


class RoomsConfig(AppConfig):
    name = "rooms"
    verbose_name = "Rooms"

    def ready(self):
        from accounts.usernames import reserve
        from games import registry
        from rooms import receivers  # noqa: F401

        reserve(registry.slugs())
