from accounts import coins
from accounts.identity import current_player


def player(request):
    """The player at the keyboard, and their coins for the header: read only when shown,
    ``None`` while they have no wallet (a guest who has not played for coins yet)."""
    who = current_player(request)
    return {"player": who, "my_coins": lambda: coins.wallet_balance(who)}
