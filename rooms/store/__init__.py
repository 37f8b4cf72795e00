"""What every process shares through Redis: the clients, the rooms' snapshots by
version, who is connected to each room, and what each seat's bot remembers."""
