from types import MappingProxyType

from django.apps import AppConfig
from django.utils.translation import gettext_lazy


class CourtPieceTableConfig(AppConfig):
    name = "tables.courtpiece"
    verbose_name = gettext_lazy("Court Piece's table")

    def ready(self):
        from games.courtpiece.definition import GAME
        from rooms.tablehomes import TableHome, register
        from tables.courtpiece import formatting, presenter

        register(TableHome(
            slug=GAME.slug, public=presenter.public, private=presenter.private,
            stylesheets=("courtpiece/courtpiece.css",),
            template_globals=MappingProxyType({
                "cp_card": formatting.cp_card,
                "cp_suit_name": formatting.cp_suit_name,
                "cp_trump_name": formatting.cp_trump_name,
            }),
        ))
