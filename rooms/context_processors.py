from accounts.identity import current_player
from games import registry
from rooms.table_coins import held_by


def held_coins(request):
    """What the viewer's seats at open tables that play for coins hold, by table code:
    read only when shown (the account page)."""
    who = current_player(request)
    return {"held_coins": lambda: held_by(who)}


def game_list(request):
    """Every game the club offers, in the registry's order (the footer links their rules)."""
    return {"game_list": registry.GAMES}
