"""The table's WebSocket: the consumer, what it reads from its socket and its channel,
who is connected as news to the room, and the limits on what a client sends."""
