"""Limits shared by every process: request rates, the sign-in backoff and open
streams per user.

The counters live where every web process sees them: the Redis of the default cache
(settings.CACHES, CACHE_URL) when there is one, else this process's memory (the embedded mode
runs one process). Rates are counted in fixed windows (``N/period``: at most N requests in each
period-long window of the clock): one Redis round trip a request (``SET NX`` and ``INCR``
pipelined). The fast lane (``tournaments/api/lane.py``) counts in the same keys with its
asynchronous client (:func:`hit_async`, :func:`stream_take_async`). The windows are read on
:data:`clock` (Unix time), which a test sets to stay within one window.
"""

from __future__ import annotations

import hashlib
import math
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.utils.translation import ngettext
from rest_framework.throttling import BaseThrottle

# In the deployment's namespace (settings.REDIS_NAMESPACE), as its live channel and flags are:
# two deployments sharing a Redis database never count each other's requests.
PREFIX = f"{settings.REDIS_NAMESPACE}:limit:"
_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
STREAM_GRACE = 60  # an open stream's slot outlives its longest duration by this much
# The ASGI scope's key where the fast lane leaves the rates it has counted a request at (name ->
# Refused or None), for the view's throttles when it hands the request on.
COUNTED = "respons.counted"
# The time the rate windows are counted in (the tests set their own: a window that ends between
# two requests would let the second through).
clock: Callable[[], float] = time.time


@dataclass(frozen=True)
class Refused:
    """A request over a limit: ``wait`` whole seconds until it may be made again (Retry-After)."""

    wait: int


def parse_rate(rate: str) -> tuple[int, int]:
    """``"N/period"`` (s, min, hour, day) as (N, seconds)."""
    count, period = rate.split("/")
    return int(count), _PERIODS[period[0]]


def _wait(seconds: float) -> int:
    return max(1, math.ceil(seconds))


def window_key(scope: str, ident: str, rate: str, now: float) -> tuple[str, int, float]:
    """The counter of ``ident``'s requests in ``scope`` for the window ``now`` is in; return the
    key, the limit, and the seconds left in that window."""
    limit, period = parse_rate(rate)
    window = int(now // period)
    return f"{PREFIX}{scope}:{ident}:{window}", limit, (window + 1) * period - now


# --- the stores ---------------------------------------------------------------------------------


class _Memory:
    """This process's counters (the embedded mode): key -> (value, expires at)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.values: dict[str, tuple[Any, float]] = {}

    def _live(self, key: str, now: float) -> Any:
        hit = self.values.get(key)
        if hit is None or hit[1] <= now:
            self.values.pop(key, None)
            return None
        return hit[0]

    def incr(self, key: str, ttl: float, by: int = 1) -> int:
        now = time.monotonic()
        with self.lock:
            value = self._live(key, now)
            expires = self.values[key][1] if value is not None else now + ttl
            value = (value or 0) + by
            self.values[key] = (value, expires)
            if len(self.values) > 100_000:  # forget the expired ones now and then
                self.values = {k: v for k, v in self.values.items() if v[1] > now}
            return value

    def add(self, key: str, ttl: float) -> bool:
        now = time.monotonic()
        with self.lock:
            if self._live(key, now) is not None:
                return False
            self.values[key] = (1, now + ttl)
            return True

    def ttl(self, key: str) -> float | None:
        now = time.monotonic()
        with self.lock:
            return None if self._live(key, now) is None else self.values[key][1] - now

    def delete(self, *keys: str) -> None:
        with self.lock:
            for key in keys:
                self.values.pop(key, None)

    def slot_take(self, key: str, member: str, until: float, limit: int) -> bool:
        now = time.time()
        with self.lock:
            slots = {m: t for m, t in (self._live(key, time.monotonic()) or {}).items() if t > now}
            if len(slots) >= limit:
                self.values[key] = (slots, time.monotonic() + until - now + STREAM_GRACE)
                return False
            slots[member] = until
            self.values[key] = (slots, time.monotonic() + max(slots.values()) - now + STREAM_GRACE)
            return True

    def slot_give(self, key: str, member: str) -> None:
        with self.lock:
            hit = self.values.get(key)
            if hit is not None:
                hit[0].pop(member, None)

    def reset(self) -> None:
        with self.lock:
            self.values.clear()


class _Redis:
    """The counters in the default cache's Redis."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def incr(self, key: str, ttl: float, by: int = 1) -> int:
        pipe = self.client.pipeline(transaction=False)
        pipe.set(key, 0, ex=max(1, math.ceil(ttl)), nx=True)
        pipe.incrby(key, by)
        return int(pipe.execute()[1])

    def add(self, key: str, ttl: float) -> bool:
        return bool(self.client.set(key, 1, ex=max(1, math.ceil(ttl)), nx=True))

    def ttl(self, key: str) -> float | None:
        left = self.client.pttl(key)
        return None if left is None or left < 0 else left / 1000

    def delete(self, *keys: str) -> None:
        self.client.delete(*keys)

    def slot_take(self, key: str, member: str, until: float, limit: int) -> bool:
        pipe = self.client.pipeline(transaction=False)
        _slot_commands(pipe, key, member, until)
        if pipe.execute()[2] <= limit:
            return True
        self.client.zrem(key, member)
        return False

    def slot_give(self, key: str, member: str) -> None:
        self.client.zrem(key, member)

    def reset(self) -> None:
        keys = list(self.client.scan_iter(match=f"{PREFIX}*", count=1000))
        if keys:
            self.client.delete(*keys)


def _slot_commands(pipe: Any, key: str, member: str, until: float) -> None:
    """Forget the slots past their end, take one till ``until`` (Unix time), count them."""
    pipe.zremrangebyscore(key, "-inf", time.time())
    pipe.zadd(key, {member: until})
    pipe.zcard(key)
    pipe.expire(key, math.ceil(until - time.time()) + STREAM_GRACE, gt=True)
    pipe.expire(key, math.ceil(until - time.time()) + STREAM_GRACE, nx=True)


_memory = _Memory()


def _store() -> _Memory | _Redis:
    backend = caches["default"]
    if isinstance(backend, RedisCache):
        return _Redis(backend._cache.get_client(write=True))
    return _memory


def reset() -> None:
    """Forget every count (tests)."""
    _store().reset()


# --- request rates ------------------------------------------------------------------------------


def hit(*, scope: str, ident: str, rate: str) -> Refused | None:
    """Count a request of ``ident`` in ``scope``; return Refused when it is over ``rate``."""
    key, limit, left = window_key(scope, ident, rate, clock())
    if _store().incr(key, left + 1) > limit:
        return Refused(_wait(left))
    return None


async def hit_async(client: Any, *, scope: str, ident: str, rate: str) -> Refused | None:
    """:func:`hit` with an asynchronous Redis client (the fast lane): one round trip."""
    key, limit, left = window_key(scope, ident, rate, clock())
    pipe = client.pipeline(transaction=False)
    pipe.set(key, 0, ex=max(1, math.ceil(left + 1)), nx=True)
    pipe.incr(key)
    if int((await pipe.execute())[1]) > limit:
        return Refused(_wait(left))
    return None


# --- open streams per user ----------------------------------------------------------------------


def _streams_key(user_id: int | str) -> str:
    return f"{PREFIX}streams:{user_id}"


def stream_take(*, user_id: int | str, seconds: int) -> str | None:
    """Take one of the user's :data:`settings.STREAMS_PER_USER` open-stream slots for a stream of
    at most ``seconds``; return its id (give it back with :func:`stream_give`), or None when
    they are all taken. A slot a process never gave back (it died) ends with its stream's time.
    ``user_id``: a user's id, or ``"ip:<address>"`` for an anonymous spectator."""
    member = uuid.uuid4().hex
    ok = _store().slot_take(
        _streams_key(user_id), member, time.time() + seconds + STREAM_GRACE, settings.STREAMS_PER_USER
    )
    return member if ok else None


def stream_give(*, user_id: int | str, slot: str) -> None:
    """Give back the slot of a stream that has ended."""
    _store().slot_give(_streams_key(user_id), slot)


async def stream_take_async(client: Any, *, user_id: int, seconds: int) -> str | None:
    """:func:`stream_take` with an asynchronous Redis client (the fast lane)."""
    member, key = uuid.uuid4().hex, _streams_key(user_id)
    pipe = client.pipeline(transaction=False)
    _slot_commands(pipe, key, member, time.time() + seconds + STREAM_GRACE)
    if (await pipe.execute())[2] <= settings.STREAMS_PER_USER:
        return member
    await client.zrem(key, member)
    return None


async def stream_give_async(client: Any, *, user_id: int, slot: str) -> None:
    await client.zrem(_streams_key(user_id), slot)


# --- the sign-in backoff ------------------------------------------------------------------------

FAILURES_KEPT = 86_400  # failed sign-ins are forgotten a day after the first


def _login_keys(username: str, ip: str) -> list[tuple[str, str, int]]:
    """(counter, lock, free failures) for the username (case-folded) and the address."""
    name = hashlib.sha256(username.strip().casefold().encode()).hexdigest()[:32]
    return [
        (f"{PREFIX}login:user:{name}", f"{PREFIX}login:user-lock:{name}", settings.LOGIN_FREE_FAILURES),
        (f"{PREFIX}login:ip:{ip}", f"{PREFIX}login:ip-lock:{ip}", settings.LOGIN_FREE_FAILURES_PER_IP),
    ]


def login_attempt_begin(*, username: str, ip: str) -> Refused | None:
    """Count a sign-in attempt for ``username`` from ``ip`` before its password is checked;
    return Refused while either is in its backoff (the password is then not checked at all).

    Past the free failures, each attempt is let through only when the previous one's backoff
    has ended and starts the next: settings.LOGIN_BACKOFF_SECONDS, doubling with every attempt,
    at most LOGIN_BACKOFF_MAX_SECONDS. Two attempts at once cannot both pass a lock (``SET NX``).
    A successful sign-in clears the username's count (:func:`login_attempt_succeeded`)."""
    store = _store()
    keys = _login_keys(username, ip)
    for _counter, lock, _free in keys:
        left = store.ttl(lock)
        if left is not None:
            return Refused(_wait(left))
    for done, (counter, lock, free) in enumerate(keys):
        count = store.incr(counter, FAILURES_KEPT)
        if count <= free:
            continue
        backoff = min(
            settings.LOGIN_BACKOFF_SECONDS * 2 ** min(count - free - 1, 30),
            settings.LOGIN_BACKOFF_MAX_SECONDS,
        )
        if not store.add(lock, backoff):  # another attempt took this turn
            for undo, _lock, _free in keys[: done + 1]:
                store.incr(undo, FAILURES_KEPT, by=-1)
            return Refused(_wait(store.ttl(lock) or 1))
    return None


def login_attempt_succeeded(*, username: str, ip: str) -> None:
    """The password was right: forget the username's failures and backoff; the address's count
    is given back this attempt (people behind one address sign in all day)."""
    store = _store()
    (counter, lock, _free), (ip_counter, _ip_lock, _ip_free) = _login_keys(username, ip)
    store.delete(counter, lock)
    store.incr(ip_counter, FAILURES_KEPT, by=-1)


# --- what a refused client is told --------------------------------------------------------------


def client_address(request: Any) -> str:
    """The client's address as the throttles see it (REMOTE_ADDR, or X-Forwarded-For past
    THROTTLE_NUM_PROXIES proxies: DRF's NUM_PROXIES)."""
    return str(BaseThrottle().get_ident(request))


def sign_in_refused_text(wait: int) -> str:
    """Why a sign-in attempt was not even checked, in the reader's language."""
    return ngettext(
        "Too many failed sign-in attempts. Try again in %(seconds)d second.",
        "Too many failed sign-in attempts. Try again in %(seconds)d seconds.",
        wait,
    ) % {"seconds": wait}


def signup_refused_text(wait: int, *, api: bool = False) -> str:
    """Why a sign-up was refused by the per-address rate, and what to do, in the reader's language."""
    minutes = max(1, math.ceil(wait / 60))
    if api:
        text = ngettext(
            "Too many sign-ups from your address: at a venue, everyone on its network shares one. "
            "Ask the organizer for the event's sign-up code and send it as “code”, or try again in "
            "%(minutes)d minute.",
            "Too many sign-ups from your address: at a venue, everyone on its network shares one. "
            "Ask the organizer for the event's sign-up code and send it as “code”, or try again in "
            "%(minutes)d minutes.",
            minutes,
        )
    else:
        text = ngettext(
            "Too many sign-ups from your address: at a venue, everyone on its network shares one. "
            "Ask the organizer for the event's sign-up code and enter it below, or try again in "
            "%(minutes)d minute.",
            "Too many sign-ups from your address: at a venue, everyone on its network shares one. "
            "Ask the organizer for the event's sign-up code and enter it below, or try again in "
            "%(minutes)d minutes.",
            minutes,
        )
    return text % {"minutes": minutes}
