from django.apps import AppConfig


class FairPlayConfig(AppConfig):
    name = "fairplay"
    verbose_name = "Fair play"

    def ready(self):
        from fairplay import receivers  # noqa: F401  (connects the signal receivers)
