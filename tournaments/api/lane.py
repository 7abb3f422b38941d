"""The fast lane of online play: players' actions and live streams served on the event loop, in
front of Django (ASGI; ``respons_site/asgi.py``).

Two requests make up online play at scale (issue: online matches, ``bench/bench_online.py``):
``POST /api/matches/{id}/game/actions/``, hundreds a second, and the live stream
``GET /api/matches/{id}/game/stream/`` each player keeps open. All the web tier has to do with
an action is record it and wake a worker; through Django's request handling — middleware, DRF,
content negotiation, an ORM connection with its health check — that cost about 2 ms of CPU
and three round trips to PostgreSQL, and a stream's start several milliseconds in a thread
(one per process under ASGI, so the starts queued behind each other).

Here a request sent with a token is served by a few prepared statements on pooled asynchronous
connections (``lane_pool.py``): an action by one (:func:`rows.action_insert`: the facts the view
checks and the INSERT, together) and a Redis command waking the drain; a stream's start by the
reads of the view's own answer (``online_rows``' statements, ``selectors.online.game_answer``),
then the same stream as the view's (``api.online_stream.stream_async``).

Only the plain case is decided here: a token that names an active user, a JSON body with a
whole ``seq``, an ``action`` object of a shape its game takes (``engine.actions``, the view's
check) and perhaps a whole ``decision``, the statement inserting the action; a seated player's
stream of a started online match. The answers are the view's, byte for byte (the same status,
body and headers: ``tests/site/test_lane.py`` compares them). Everything else — session cookies
and CSRF, a repeated ``seq``, a gap, a decision answered already, a bad action, an outsider
or an official, a finished match, a malformed body or query, a disallowed host, a database
that is away — goes on to Django with the request as it came, and the API views answer as
they always have.

The lane runs only with PostgreSQL and a Redis broker; in the embedded set-up (SQLite, tasks
in-process) every request goes to Django.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
from collections.abc import AsyncGenerator, Awaitable, Callable
from functools import cache
from typing import Any
from urllib.parse import parse_qsl

import orjson
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.signals import setting_changed
from django.db import connection
from django.dispatch import receiver
from django.urls import get_script_prefix, reverse
from django.utils import timezone
from rest_framework.authtoken.models import Token

from engine.actions import action_problem
from engine.registry import games_taking
from tournaments.api import auth, lane_covers, online_stream
from tournaments.api.lane_http import (
    Headers,
    Message,
    Receive,
    Scope,
    accepted,
    caller_token,
    disconnected,
    django_headers,
    read_body,
    replayed,
)
from tournaments.api.lane_pool import LanePools
from tournaments.models import Match
from tournaments.plainsql import Read, column_of
from tournaments.selectors import online_rows
from tournaments.selectors.online import (
    PRESENT_FIELDS,
    answer_text,
    game_answer,
    match_is_online,
    presence_refresh,
    seat_of_user_id,
    seen_stale,
)
from tournaments.services import limits
from tournaments.services.accounts import token_issued_after
from tournaments.services.online import rows

log = logging.getLogger(__name__)

Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

# The two routes the lane serves, by their names in the URL configuration (tournaments/api/urls.py):
# the paths are the ones Django resolves to the API views (:func:`routes`).
ACTIONS_ROUTE = "api-match-game-actions"
STREAM_ROUTE = "api-match-game-stream"
JSON_TYPES = (b"application/json",)
STREAM_ACCEPTS = (b"*/*", b"text/event-stream", b"application/json")  # all give the view's stream


class NotHere(Exception):
    """The request is not the plain case after all: Django answers it."""


class PlayLane:
    """An ASGI app: the actions and streams it can answer itself, everything else to ``app``
    (Django)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self.db = LanePools()  # the database's connections (lane_pool.py)
        self._redis: dict[asyncio.AbstractEventLoop, Any] = {}
        self._limit_clients: dict[asyncio.AbstractEventLoop, Any] = {}
        self._wake_scripts: dict[asyncio.AbstractEventLoop, Any] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("POST", "GET"):
            path = scope["path"]
            root = scope.get("root_path", "")
            if root and path.startswith(root):
                path = path[len(root) :]
            actions, stream = routes()
            if scope["method"] == "POST" and (found := actions.fullmatch(path)) and enabled():
                return await self._action(int(found[1]), scope, receive, send)
            if scope["method"] == "GET" and (found := stream.fullmatch(path)) and enabled():
                return await self._stream(int(found[1]), scope, receive, send)
        return await self.app(scope, receive, send)

    # --- POST .../game/actions/ -------------------------------------------------------------

    async def _action(self, match_id: int, scope: Scope, receive: Receive, send: Send) -> None:
        body, complete, left = await read_body(receive)
        if left:
            return  # the client went away before it finished sending: nothing to answer
        answer = None
        if complete:
            try:
                answer = await self._submit(match_id, scope, body)
            except Exception:  # the database or Redis away, say: Django says what is wrong
                log.exception("fast lane: action not recorded here; handing it to Django")
        if answer is None:
            return await self.app(scope, replayed(body, complete, receive), send)
        status, payload, headers = answer
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": payload})
        await self._wake()

    async def _submit(self, match_id: int, scope: Scope, body: bytes) -> tuple[int, bytes, Headers] | None:
        """Record the action if this is the plain case; return the answer (status, body,
        headers), or None for Django to answer."""
        headers = dict(scope["headers"])  # ASGI: lower-case names (a repeated one: the last)
        if headers.get(b"content-type", b"").split(b";")[0].strip().lower() not in JSON_TYPES:
            return None
        if accepted(headers) not in (b"*/*", b"application/json"):
            return None
        key = caller_token(scope, headers)
        if key is None:
            return None
        try:
            data = orjson.loads(body)
        except orjson.JSONDecodeError:
            return None
        if not isinstance(data, dict):
            return None
        seq, action = data.get("seq"), data.get("action")
        if type(seq) is not int or not 1 <= seq <= 1_000_000:
            return None
        decision = data.get("decision")
        if decision is not None and (type(decision) is not int or not 0 <= decision <= 1_000_000):
            return None
        # The view's check of the action's shape (O3.1); its type by the event's game, in the
        # statement (no game takes it: the view's 400).
        if type(action) is not dict or action_problem(action, types=None) is not None:
            return None
        games = games_taking(action["type"])
        if not games:
            return None
        user_id = auth.known_user_id(key)
        if user_id is None:
            user_id = await self._user_id(key)
            if user_id is None:
                return None  # unknown, expired or revoked token, inactive user: Django's 401
            auth.remember_user_id(key, user_id)
        # The same count as the view's (api.throttles.ActionThrottle); over it, the view answers
        # the 429 (with this count: the request is counted once, whoever answers).
        if not await self._within(scope, "actions", user_id):
            return None
        # The token is checked again in the statement: revoked or expired a moment ago, nothing
        # is recorded and the view answers 401.
        token = (key, token_issued_after())
        insert = rows.action_insert(
            match_id, user_id, seq, action, decision=decision, games=games, token=token
        )
        if not await self.db.fetch(insert):
            return None  # unknown match, not seated, a gap, a retry, a type its game refuses, over...
        payload = orjson.dumps({"seq": seq, "status": "queued", "rule": "", "message": "", "log_index": None})
        headers_out = [
            (b"content-type", b"application/json"),
            (b"content-length", str(len(payload)).encode()),
        ]
        return 202, payload, headers_out + django_headers(scope, headers, allow=b"POST, OPTIONS")

    # --- GET .../game/stream/ ---------------------------------------------------------------

    async def _stream(self, match_id: int, scope: Scope, receive: Receive, send: Send) -> None:
        try:
            opened = await self._open_stream(match_id, scope)
        except NotHere:
            opened = None
        except Exception:  # the database away, say: Django says what is wrong
            log.exception("fast lane: stream not opened here; handing it to Django")
            opened = None
        if opened is None:
            return await self.app(scope, receive, send)
        headers, first, chunks = opened

        async def pump() -> None:
            async with contextlib.aclosing(chunks):  # its subscription ends with it, come what may
                await send({"type": "http.response.start", "status": 200, "headers": headers})
                await send({"type": "http.response.body", "body": first, "more_body": True})
                async for chunk in chunks:
                    await send({"type": "http.response.body", "body": chunk, "more_body": True})
            await send({"type": "http.response.body", "body": b"", "more_body": False})

        # The stream ends by itself (time up, the match final) or when the client leaves.
        streaming, leaving = asyncio.create_task(pump()), asyncio.create_task(disconnected(receive))
        try:
            await asyncio.wait({streaming, leaving}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in (streaming, leaving):
                task.cancel()
            await asyncio.gather(streaming, leaving, return_exceptions=True)
            await chunks.aclose()  # a client gone before the pump started: its slot given back

    async def _open_stream(
        self, match_id: int, scope: Scope
    ) -> tuple[Headers, bytes, AsyncGenerator[bytes, None]] | None:
        """Start the stream if this is the plain case (its first chunk read already); return
        the headers, the first chunk and the rest, or None for Django to answer."""
        headers = dict(scope["headers"])
        if accepted(headers) not in STREAM_ACCEPTS:
            return None
        key = caller_token(scope, headers)
        if key is None:
            return None
        query = dict(parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True))
        seconds = online_stream.stream_seconds(query.get("seconds", ""))
        if seconds is None:
            return None
        user_id = await self._user_id(key)
        if user_id is None:
            return None
        if not await self._within(scope, "user", user_id):
            return None  # the view answers the 429
        try:
            match = await self.db.fetch(online_rows.match_for_play_read(match_id))
        except Match.DoesNotExist:
            return None
        # The API's access rule (selectors.online.match_access) for a seated player; an official
        # (the judge view) or an outsider is Django's to answer, and so is a match played offline.
        seat = seat_of_user_id(match, user_id)
        if seat is None or not match_is_online(match):
            return None
        now = timezone.now()
        if getattr(match, PRESENT_FIELDS[seat]) is None or seen_stale(match, seat, now):
            # O1.1: the seat's stream marks it present (one guarded UPDATE, once per match) and
            # is a sign of life (api.md "Presence").
            await self.db.fetch(rows.presence_mark(match_id, seat, now, presence_refresh()))

        checked = [match]  # the first answer starts from the match read above

        async def read() -> str:
            """The seat's answer now (``api.online.game_state`` for a player)."""
            current = (
                checked.pop() if checked else await self.db.fetch(online_rows.match_for_play_read(match_id))
            )
            games = (await self.db.fetch(online_rows.games_read([current])))[current.pk]
            if not games:
                raise NotHere("no game has started yet")
            next_seq = await self.db.fetch(online_rows.next_seq_read(match_id, seat))
            return answer_text(game_answer(current, games, seat, next_seq=next_seq))

        client = await self._limits()
        if client is None:
            return None
        slot = await limits.stream_take_async(client, user_id=user_id, seconds=seconds)
        if slot is None:
            return None  # all the user's streams are open: the view answers the 429
        chunks = _giving_back(
            online_stream.stream_async(match_id, seat, read, seconds), client, user_id, slot
        )
        try:
            first = await chunks.__anext__()
        except BaseException:
            await chunks.aclose()
            raise
        out = [(b"content-type", b"text/event-stream"), (b"cache-control", b"no-cache")]
        out.append((b"x-accel-buffering", b"no"))
        return out + django_headers(scope, headers, allow=b"GET, HEAD, OPTIONS"), first, chunks

    # --- shared ---------------------------------------------------------------------------

    async def _user_id(self, key: str) -> int | None:
        """The id of the active user whose unexpired token ``key`` is, or None."""
        params = [key, token_issued_after()]
        return await self.db.fetch(Read(_token_sql(), params, lambda rows: rows[0][0] if rows else None))

    async def _within(self, scope: Scope, name: str, user_id: int) -> bool:
        """Count a request of the user at the rate ``name`` (settings.THROTTLE_RATES); whether it is
        within it. The count is left in the request's scope for the view's throttle, should the
        view answer after all (``api.throttles``: counted once). False without the limit store:
        the view counts then."""
        rate = settings.THROTTLE_RATES.get(name)
        if rate is None:
            return True
        client = await self._limits()
        if client is None:
            return False
        refused = await limits.hit_async(client, scope=name, ident=str(user_id), rate=rate)
        scope.setdefault(limits.COUNTED, {})[name] = refused
        return refused is None

    async def _limits(self) -> Any:
        """This event loop's client of the limit store (the cache's Redis), or None."""
        loop = asyncio.get_running_loop()
        client = self._limit_clients.get(loop)
        if client is None and settings.CACHE_URL:
            import redis.asyncio

            client = self._limit_clients[loop] = redis.asyncio.Redis.from_url(
                settings.CACHE_URL, socket_timeout=2
            )
        return client

    async def _wake(self) -> None:
        """Wake a worker for the action just recorded, as ``services.online.drain_wake`` does:
        the drain task, unless a wake-up is pending already. Never raises: the action is
        stored, and the sweep wakes a drain for actions left waiting (``DRAIN_STALLED``)."""
        from tournaments.services import live
        from tournaments.services.online import DRAIN_WOKEN, DRAIN_WOKEN_MS, queue

        try:
            loop = asyncio.get_running_loop()
            client = self._redis.get(loop)
            if client is None:
                import redis.asyncio

                url = live.redis_url()
                assert url is not None  # enabled() said so
                client = self._redis[loop] = redis.asyncio.Redis.from_url(url, socket_timeout=2)
                self._wake_scripts[loop] = client.register_script(queue.DRAIN_WAKE_SCRIPT)
            # The flag and, if this call set it, the drain task's message: one round trip.
            key, message = queue.drain_message()
            await self._wake_scripts[loop](keys=[DRAIN_WOKEN, key], args=[DRAIN_WOKEN_MS, message])
        except Exception as error:
            log.warning("fast lane: could not wake a worker (%s); the sweep will", error)

    async def close(self) -> None:
        """Close this event loop's connections (tests; a server just exits)."""
        loop = asyncio.get_running_loop()
        await self.db.close()
        client = self._redis.pop(loop, None)
        self._wake_scripts.pop(loop, None)
        for one in (client, self._limit_clients.pop(loop, None)):
            if one is not None:
                await one.aclose()


_ID_SAMPLE = 918273645  # an id no other part of a route's path can spell


@cache
def routes() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """Return the paths of the actions and the stream routes as patterns of the match id,
    derived from the URL configuration (the named routes reversed), so that the lane serves
    exactly the paths Django resolves to those views (tests/site/test_lane.py checks both)."""
    return _route(ACTIONS_ROUTE), _route(STREAM_ROUTE)


def _route(name: str) -> re.Pattern[str]:
    # Without the script prefix (a deployment's root path): the lane matches the path without it.
    path = "/" + reverse(name, kwargs={"match_id": _ID_SAMPLE})[len(get_script_prefix()) :]
    head, tail = path.split(str(_ID_SAMPLE))
    # An id as the URL's converter takes it (numbers.IdConverter; a larger one finds no match).
    return re.compile(re.escape(head) + "([0-9]{1,18})" + re.escape(tail))


def enabled() -> bool:
    """Whether the lane answers: the database is PostgreSQL and a Redis broker wakes the workers
    (not the embedded set-up, where tasks run in-process), and the lane does in its own way
    everything the settings' middleware and DRF would do (``lane_covers``)."""
    from tournaments.services import live

    return connection.vendor == "postgresql" and live.redis_url() is not None and lane_covers.covered()


async def _giving_back(
    chunks: AsyncGenerator[bytes, None], client: Any, user_id: int, slot: str
) -> AsyncGenerator[bytes, None]:
    """``chunks``, then the stream's slot given back (settings.STREAMS_PER_USER), come what may."""
    try:
        async with contextlib.aclosing(chunks):
            async for chunk in chunks:
                yield chunk
    finally:
        try:
            await limits.stream_give_async(client, user_id=user_id, slot=slot)
        except Exception as error:  # the slot ends with the stream's time anyway
            log.warning("fast lane: could not give a stream's slot back (%s)", error)


@receiver(setting_changed)
def _settings_changed(**kwargs: Any) -> None:
    """The URL configuration changed (tests): the routes are worked out again."""
    if kwargs.get("setting") == "ROOT_URLCONF":
        routes.cache_clear()


@cache
def _token_sql() -> str:
    """The user id of an active user's token younger than a time (DRF's TokenAuthentication and
    the expiry, ``api.auth``, without the rows)."""
    user = get_user_model()._meta
    token = Token._meta
    q = connection.ops.quote_name
    t_user = column_of(token.get_field("user"))
    active = column_of(user.get_field("is_active"))
    return (
        f"SELECT t.{t_user} FROM {q(token.db_table)} t JOIN {q(user.db_table)} u "
        f"ON u.{column_of(user.pk)} = t.{t_user} WHERE t.{column_of(token.pk)} = %s AND u.{active} "
        f"AND t.{column_of(token.get_field('created'))} > %s"
    )
