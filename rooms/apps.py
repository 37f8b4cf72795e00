from django.apps import AppConfig


class RoomsConfig(AppConfig):
    name = "rooms"
    verbose_name = "Rooms"

    def ready(self):
        from rooms import receivers  # noqa: F401
