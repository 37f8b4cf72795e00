from leaderboard.models import Result
from leaderboard.points import points_for


def record_results(room, match, seats, outcome) -> None:
    """Record every seat's place and points, inside the transaction that ends the game."""
    players = len(seats)
    finished_at = match.finished_at
    mode = room.options.get("mode", room.options.get("game", ""))
    Result.objects.bulk_create(
        [
            Result(
                room=room,
                seat=seat.index,
                user_id=seat.user_id,
                name=seat.name,
                is_bot=seat.is_bot,
                game=room.game,
                mode=mode,
                place=outcome["places"][seat.index],
                points=points_for(room.game, outcome["places"][seat.index], players, match.had_bots),
                won=seat.index in outcome["winners"],
                had_bots=match.had_bots,
                finished_at=finished_at,
            )
            for seat in seats
        ]
    )
