"""A move at a bench's table, as play would make it."""

from rooms.actions import play


def play_one_move(snapshot, host) -> None:
    """The first awaited seat moves as its bot would; ``host``'s seat 0 as a stand-in
    would, through the person's own path."""
    seat = snapshot.rules.engine.to_act(snapshot.state)[0]
    action = play.choose_bot_move(snapshot, seat)
    if seat == 0:
        play.do_act(snapshot.room_id, host, action, snapshot.version)
    elif not play.do_bot_move(snapshot.room_id, snapshot.version, seat, action):
        raise RuntimeError(f"The {snapshot.game} bot's move at version {snapshot.version} was refused.")
