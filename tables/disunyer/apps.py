from django.apps import AppConfig


class DisunyerTableConfig(AppConfig):
    name = "tables.disunyer"
    verbose_name = "Disunyer's table"

    def ready(self):
        from rooms.tablehomes import TableHome, register
        from tables.disunyer import presenter

        register(TableHome(
            slug="disunyer", public=presenter.public, private=presenter.private,
            stylesheets=("disunyer/disunyer.css",),
        ))
