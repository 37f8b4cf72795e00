from django.apps import AppConfig


class FairPlayConfig(AppConfig):
    name = "fairplay"
    verbose_name = "Fair play"
