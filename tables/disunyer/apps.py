from django.apps import AppConfig


class DisunyerTableConfig(AppConfig):
    name = "tables.disunyer"
    verbose_name = "Disunyer's table"

    def ready(self):
        from games.disunyer.definition import GAME
        from rooms.tablehomes import TableHome, register
        from tables.disunyer import presenter

        register(TableHome(
            slug=GAME.slug, public=presenter.public, private=presenter.private,
            stylesheets=("disunyer/disunyer.css",),
        ))
