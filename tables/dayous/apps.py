from types import MappingProxyType

from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class DayousTableConfig(AppConfig):
    name = "tables.dayous"
    verbose_name = gettext_lazy("Dayous's table")

    def ready(self):
        from games.dayous.definition import GAME
        from rooms.speech import suit_name
        from rooms.tablehomes import TableHome, register
        from tables.dayous import formatting, presenter
        from tables.dayous.phrases import PHRASES

        register(TableHome(
            slug=GAME.slug, public=presenter.public, private=presenter.private,
            scripts=("dayous/dayous.js",), stylesheets=("dayous/dayous.css",), phrases=PHRASES,
            template_globals=MappingProxyType({
                "move_face": formatting.move_face, "is_trump": formatting.is_trump,
                "dy_suit_name": suit_name,
            }),
        ))
