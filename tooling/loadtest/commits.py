"""When each version was committed, and when its announcement was heard.

The commit time is the one the site's ``{"type": "room.changed", "version": v,
"committed_at": t}`` publish carries (the anchor's publisher stamps its own as it
publishes), or, from a site whose event has no ``committed_at``, the time this process
heard it. The time heard is when this process received the announcement from Redis, as
every web process does: what comes before it is the writer's part of a push, what
comes after it the web process's.

The site sends it to the group ``room.<id>`` after the commit, through
channels-redis's RedisPubSubChannelLayer, which publishes the msgpack-packed event
on the Redis channel ``asgi__group__<group>`` (prefix "asgi", see
channels_redis/pubsub.py). Subscribing to those channels times every commit without
touching the site's code.
"""

import asyncio
import random
import time
from collections import Counter, defaultdict

import msgpack
import redis.asyncio as aioredis

GROUP_CHANNEL_PREFIX = "asgi__group__"
SITE_GROUPS = "room."
ANCHOR_GROUPS = "anchor."
CHANGED = {"room.changed", "anchor.changed"}


def group_channel(group: str) -> str:
    return f"{GROUP_CHANNEL_PREFIX}{group}"


def pack(event: dict) -> bytes:
    """An event as the Pub/Sub layer's group_send puts it on the wire."""
    return msgpack.packb(event)


class CommitLog:
    """Subscribes to every room's and anchor group's channel and keeps, per group, the
    commit time of each version's first announcement and when it was heard."""

    def __init__(self, redis_url: str):
        self._redis = aioredis.from_url(redis_url)
        self._pubsub = self._redis.pubsub()
        self._task: asyncio.Task[None] | None = None
        self.commits: dict[str, dict[int, float]] = defaultdict(dict)
        self.heard: dict[str, dict[int, float]] = defaultdict(dict)
        self.other_events: Counter = Counter()

    async def start(self) -> None:
        await self._pubsub.psubscribe(*(group_channel(prefix) + "*" for prefix in (SITE_GROUPS, ANCHOR_GROUPS)))
        self._task = asyncio.create_task(self._listen())

    async def _listen(self) -> None:
        async for message in self._pubsub.listen():
            received = time.time()
            if message["type"] != "pmessage":
                continue
            group = message["channel"].decode().removeprefix(GROUP_CHANNEL_PREFIX)
            event = msgpack.unpackb(message["data"])
            if event.get("type") in CHANGED:
                if event["version"] not in self.heard[group]:
                    self.heard[group][event["version"]] = received
                    self.commits[group][event["version"]] = event.get("committed_at", received)
            else:
                self.other_events[event.get("type", "?")] += 1

    def latest(self, until: float) -> dict[str, int]:
        """Each group's newest version committed by ``until``."""
        latest = {}
        for group, versions in self.commits.items():
            committed = [version for version, at in versions.items() if at <= until]
            if committed:
                latest[group] = max(committed)
        return latest

    async def publish(self, group: str, version: int) -> None:
        """The anchor's publisher: the same message the site's group_send would put on the
        wire, stamped with the time it is published, as the site's writer stamps its commit
        before it stores and publishes."""
        event = {"type": "anchor.changed", "version": version, "committed_at": time.time()}
        await self._redis.publish(group_channel(group), pack(event))

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
        await self._pubsub.aclose()
        await self._redis.aclose()


async def publish_versions(commits: CommitLog, group: str, pace: tuple[float, float]) -> None:
    """A new version of ``group`` every ``pace`` seconds (a random draw), like a table's."""
    rng = random.Random(group)
    await asyncio.sleep(rng.uniform(0, pace[1]))
    version = 0
    while True:
        version += 1
        await commits.publish(group, version)
        await asyncio.sleep(rng.uniform(*pace))
