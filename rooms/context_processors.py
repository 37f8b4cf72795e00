from accounts.identity import current_player
from rooms.courtpiece_coins import held_by


def held_coins(request):
    """What the viewer's seats at open Court Piece tables hold, by table code: read only
    when shown (the account page)."""
    who = current_player(request)
    return {"held_coins": lambda: held_by(who)}
