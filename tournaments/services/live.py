"""Live updates of online games: pushed to the players, never polled (issue: online matches).

After every change a worker commits, it publishes each seat's new game answer (the JSON
text ``GET /api/matches/{id}/game/`` would return to that seat); web processes hand it to
the streams open on that match (``GET .../game/stream/``, Server-Sent Events).

- With a Redis broker the answers travel over Redis pub/sub (one channel, :data:`CHANNEL`):
  workers publish, and each web process runs one listener thread that dispatches to its
  own streams. The channel is named in the deployment's namespace (settings.REDIS_NAMESPACE):
  pub/sub ignores Redis' database numbers, and another deployment on the same Redis server
  must not receive these answers (they hold the players' hands). Nothing is stored: a
  stream always starts with the current answer read from the database, so a message lost
  while nobody listened costs nothing.
- Without a broker (the embedded default, tasks run in-process) the answers are handed
  over inside the process.

A subscriber keeps only the newest answer (a stream that falls behind skips to the present
instead of queueing every intermediate state).
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Mapping, Sequence
from typing import Any

from celery import current_app
from django.conf import settings

from tournaments.services import jobs

log = logging.getLogger(__name__)


def key(name: str) -> str:
    """The Redis name ``name`` in this deployment's namespace (settings.REDIS_NAMESPACE)."""
    return f"{settings.REDIS_NAMESPACE}:{name}"


CHANNEL = key("live")


class Subscription:
    """What one stream waits on: the newest answer for its seat (None: officials, who are only
    told that something changed and read the judge view themselves)."""

    def __init__(self, match_id: int, seat: int | None, loop: asyncio.AbstractEventLoop | None) -> None:
        self.match_id = match_id
        self.seat = seat
        self._loop = loop
        self._latest: str | None = None
        self._changed = False
        self._lock = threading.Lock()
        self._event = threading.Event() if loop is None else None
        self._aevent = asyncio.Event() if loop is not None else None

    def deliver(self, answers: Sequence[str]) -> None:
        """Called by the hub, from any thread."""
        with self._lock:
            self._latest = answers[self.seat] if self.seat is not None else None
            self._changed = True
        if self._loop is not None:
            assert self._aevent is not None
            try:
                self._loop.call_soon_threadsafe(self._aevent.set)
            except RuntimeError:  # the stream's loop is closed: it is going away
                pass
        else:
            assert self._event is not None
            self._event.set()

    def _take(self) -> tuple[bool, str | None]:
        with self._lock:
            changed, latest = self._changed, self._latest
            self._changed, self._latest = False, None
        return changed, latest

    def get(self, timeout: float) -> tuple[bool, str | None]:
        """Wait (thread) up to ``timeout`` s; return (changed, the seat's new answer or None)."""
        assert self._event is not None
        self._event.wait(timeout)
        self._event.clear()
        return self._take()

    async def aget(self, timeout: float) -> tuple[bool, str | None]:
        """Wait (asyncio) up to ``timeout`` s; return (changed, the seat's new answer or None)."""
        assert self._aevent is not None
        try:
            await asyncio.wait_for(self._aevent.wait(), timeout)
        except TimeoutError:
            pass
        self._aevent.clear()
        return self._take()

    def close(self) -> None:
        _hub.remove(self)


class _Hub:
    """The subscriptions of this process, by match id, and the Redis listener feeding them."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subs: dict[int, set[Subscription]] = {}
        self._listener: threading.Thread | None = None

    def add(self, sub: Subscription) -> None:
        with self._lock:
            self._subs.setdefault(sub.match_id, set()).add(sub)
        if redis_url() is not None:
            self._listen()

    def remove(self, sub: Subscription) -> None:
        with self._lock:
            subs = self._subs.get(sub.match_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[sub.match_id]

    def watching(self, match_id: int) -> bool:
        return match_id in self._subs

    def dispatch(self, match_id: int, answers: Sequence[str]) -> None:
        with self._lock:
            subs = list(self._subs.get(match_id, ()))
        for sub in subs:
            sub.deliver(answers)

    def _listen(self) -> None:
        with self._lock:
            if self._listener is not None and self._listener.is_alive():
                return
            self._listener = threading.Thread(target=self._run, name="respons-live", daemon=True)
            self._listener.start()

    def _run(self) -> None:
        """Listener thread: dispatch every published answer to this process's subscribers."""
        import redis

        url = redis_url()
        assert url is not None
        backoff = 0.5
        while True:
            try:
                client = redis.Redis.from_url(url, health_check_interval=30)
                pubsub = client.pubsub(ignore_subscribe_messages=True)
                pubsub.subscribe(CHANNEL)
                backoff = 0.5
                for message in pubsub.listen():
                    head, _, body = message["data"].partition(b"\n")
                    match_id = int(head)
                    if self.watching(match_id):
                        self.dispatch(match_id, body.decode().split("\n"))
            except Exception as error:  # Redis restarting: streams fall back on their timeouts
                log.warning("live updates: Redis listener lost (%s); reconnecting", error)
                time.sleep(backoff)
                backoff = min(10.0, backoff * 2)


_hub = _Hub()
_client: Any = None
_client_lock = threading.Lock()


def redis_url() -> str | None:
    """The Redis broker's URL, or None when tasks run in-process (then so do live updates)."""
    url = str(current_app.conf.broker_url or settings.CELERY_BROKER_URL or "")
    if jobs.in_process() or not url.startswith("redis"):
        return None
    return url


def subscribe(match_id: int, seat: int | None, *, asynchronous: bool = False) -> Subscription:
    """Start receiving the match's new answers for ``seat``; close the subscription when done.

    ``asynchronous``: the caller waits with :meth:`Subscription.aget` on the running event loop.
    """
    loop = asyncio.get_running_loop() if asynchronous else None
    sub = Subscription(match_id, seat, loop)
    _hub.add(sub)
    return sub


def publish(match_id: int, answers: Sequence[str]) -> None:
    """Hand each seat's new answer (JSON text, one line) to the streams open on the match.

    Never raises: a live update that cannot be sent only delays what the next read shows.
    """
    publish_many({match_id: answers})


def publish_many(answers: Mapping[int, Sequence[str]]) -> None:
    """:func:`publish` for many matches (by match id), in one round trip to Redis."""
    client = redis_client()
    if client is None:
        for match_id, texts in answers.items():
            _hub.dispatch(match_id, texts)
        return
    try:
        pipe = client.pipeline(transaction=False)
        for match_id, texts in answers.items():
            pipe.publish(CHANNEL, "\n".join([str(match_id), *texts]))
        pipe.execute()
    except Exception as error:  # the broker is down: the task itself will fail and retry soon
        log.warning("live updates: could not publish matches %s (%s)", sorted(answers), error)


def redis_client() -> Any | None:
    """This process's Redis command client on the broker (thread-safe: a connection pool), or
    None when tasks run in-process or the broker is not Redis."""
    global _client
    url = redis_url()
    if url is None:
        return None
    if _client is None:
        import redis

        with _client_lock:
            _client = _client or redis.Redis.from_url(url, socket_timeout=2)
    return _client


def first_to_flag(key: str, ms: int) -> bool:
    """Set the Redis flag ``key`` for ``ms`` milliseconds unless it is set; return whether this
    call set it — or True with no Redis to keep it on (each caller then acts every time)."""
    client = redis_client()
    if client is None:
        return True
    try:
        return bool(client.set(key, 1, nx=True, px=ms))
    except Exception as error:  # Redis is the broker too: the task the caller sends will say more
        log.warning("the Redis flag %s is unavailable (%s)", key, error)
        return True


def flag_clear(key: str) -> None:
    """Take the flag ``key`` down (:func:`first_to_flag`): the next call sets it again."""
    client = redis_client()
    if client is None:
        return
    try:
        client.delete(key)
    except Exception as error:  # as first_to_flag: the flag then lapses on its own
        log.warning("the Redis flag %s is unavailable (%s)", key, error)
