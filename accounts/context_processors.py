from accounts.identity import current_player


def player(request):
    return {"player": current_player(request)}
