"""Celery's Redis transport, with the command clients of each channel made once.

kombu's Redis channel makes a new ``redis.Redis`` client for every publish and for every
acknowledgement, and redis-py builds a client's table of ~170 response callbacks afresh
each time (redis/redis-py#3624, open): measured here, two thirds of a worker's own cost
per task (≈ 2 ms of CPU for a task that does nothing) and about half of ``delay()``. A
client is only a handle on the channel's connection pool — each command takes a pooled
connection and gives it back — so one per channel serves every call, as redis-py intends.

Only the plain clients are kept: the asynchronous one drives the consumer's BRPOP and
stays kombu's own. Chosen in settings for ``redis://`` brokers (``CELERY_BROKER_TRANSPORT``).
"""

from typing import Any

from kombu.transport import redis as kombu_redis


class Channel(kombu_redis.Channel):
    _plain_client: Any = None

    def _create_client(self, asynchronous: bool = False) -> Any:
        if asynchronous:
            return super()._create_client(asynchronous=True)
        if self._plain_client is None:
            self._plain_client = super()._create_client()
        return self._plain_client


class Transport(kombu_redis.Transport):
    Channel = Channel
