"""How often reactions reach a table, counted in Redis so every process agrees: one per
sender every ``REACTION_INTERVAL_SECONDS``, and ``REACTIONS_PER_ADDRESS`` from one
address (as the code guard counts clients: an IPv6 one per /64) in that time. A socket
without a session is a sender by its address alone: forty of them from one place send
one heart, not forty."""

import functools

from redis.commands.core import AsyncScript

from plumbing.clients import client_key
from rooms.reactions import REACTION_INTERVAL_SECONDS, REACTIONS_PER_ADDRESS
from rooms.store.redisclients import async_client, key

# The sender's key is set unless it is (the sender reacted within the interval); only
# then is the address's count raised. One trip to Redis, as the single SET was.
_ALLOW = """
if not redis.call('SET', KEYS[1], 1, 'NX', 'EX', ARGV[1]) then
    return 0
end
local sent = redis.call('INCR', KEYS[2])
if sent == 1 then
    redis.call('EXPIRE', KEYS[2], ARGV[1])
end
if sent > tonumber(ARGV[2]) then
    return 0
end
return 1
"""


async def may_react(room_id: int, sender: str | None, address: str | None) -> bool:
    """Whether a reaction from ``sender`` (an account's or a guest's id; None without a
    session) at ``address`` reaches the room now; counted if it does."""
    client = client_key(address)
    keys = [key("react", room_id, sender or f"address:{client}"), key("react-address", room_id, client)]
    allowed = await _script()(keys=keys, args=[REACTION_INTERVAL_SECONDS, REACTIONS_PER_ADDRESS], client=async_client())
    return allowed == 1


@functools.cache
def _script() -> AsyncScript:
    """Bound to no client: each call runs it with the caller's event loop's client."""
    # redis-py's types want a client here; a script given as bytes needs none.
    return AsyncScript(None, _ALLOW.encode())  # type: ignore[arg-type]
