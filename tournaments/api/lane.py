"""The fast lane of online play: ``POST /api/matches/{id}/game/actions/`` answered on the event
loop, in front of Django (ASGI; ``respons_site/asgi.py``).

A player's action is the one request of online play that comes hundreds of times a second
(issue: online matches, ``bench/bench_online.py``), and all the web tier has to do with it is
record it and wake a worker. Through Django's request handling — middleware, DRF, content
negotiation, an ORM connection with its health check — that cost about 2 ms of CPU and
three round trips to PostgreSQL. Here an action sent with a token costs one prepared
statement on a pooled asynchronous connection (:func:`online_rows.action_insert_statement`:
the facts the view checks and the INSERT, together) and one Redis command to wake the drain.

Only the plain case is decided here: a token that names an active user, a JSON body with a
whole ``seq`` and an ``action`` object, and the statement inserting the action. Its answer is
the view's, byte for byte (202, the same body and headers: ``tests/site/test_lane.py``
compares them). Everything else — session cookies and CSRF, a repeated ``seq``, a gap, an
outsider, a finished match, a malformed body, a disallowed host, a database that is away —
goes on to Django with the body as it came, and the API view answers as it always has.

The lane runs only with PostgreSQL and a Redis broker; in the embedded set-up (SQLite, tasks
in-process) every request goes to Django.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Awaitable, Callable, MutableMapping
from functools import cache
from http.cookies import SimpleCookie
from types import SimpleNamespace
from typing import Any

import orjson
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.http.request import split_domain_port, validate_host
from django.utils.translation import get_language_from_request
from rest_framework.authtoken.models import Token

from tournaments.api import auth
from tournaments.selectors import online_rows

log = logging.getLogger(__name__)

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

ACTIONS = re.compile(r"/api/matches/([0-9]{1,18})/game/actions/")
MAX_BODY = 64 * 1024  # an action is a few hundred bytes; anything larger is Django's to judge
POOL_SIZE = 8  # connections per process (each statement holds one for about a millisecond)
JSON_TYPES = (b"application/json",)


class PlayLane:
    """An ASGI app: the action POST it can answer itself, everything else to ``app`` (Django)."""

    def __init__(self, app: App) -> None:
        self.app = app
        self._pools: dict[asyncio.AbstractEventLoop, Any] = {}
        self._redis: dict[asyncio.AbstractEventLoop, Any] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] != "POST" or not enabled():
            return await self.app(scope, receive, send)
        path = scope["path"]
        root = scope.get("root_path", "")
        if root and path.startswith(root):
            path = path[len(root) :]
        found = ACTIONS.fullmatch(path)
        if found is None:
            return await self.app(scope, receive, send)
        body, complete, left = await _read_body(receive)
        if left:
            return  # the client went away before it finished sending: nothing to answer
        answer = None
        if complete:
            try:
                answer = await self._submit(int(found[1]), scope, body)
            except Exception:  # the database or Redis away, say: Django says what is wrong
                log.exception("fast lane: action not recorded here; handing it to Django")
        if answer is None:
            return await self.app(scope, _replay(body, complete, receive), send)
        status, payload, headers = answer
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": payload})
        await self._wake()

    async def _submit(self, match_id: int, scope: Scope, body: bytes) -> tuple[int, bytes, list[Any]] | None:
        """Record the action if this is the plain case; return the answer (status, body,
        headers), or None for Django to answer."""
        headers = dict(scope["headers"])  # ASGI: lower-case names (a repeated one: the last)
        if not _host_allowed(headers.get(b"host", b"")) or not _secure_enough(scope, headers):
            return None
        if headers.get(b"content-type", b"").split(b";")[0].strip().lower() not in JSON_TYPES:
            return None
        accept = headers.get(b"accept", b"*/*").split(b";")[0].strip().lower()
        if accept not in (b"*/*", b"application/json"):
            return None
        key = _token(headers.get(b"authorization", b""))
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
        if type(action) is not dict or not isinstance(action.get("type"), str):
            return None
        pool = await self._pool()
        user_id = auth.cached_user_id(key)
        if user_id is None:
            async with pool.connection() as conn:
                cursor = await conn.execute(_token_sql(), [key], prepare=True)
                row = await cursor.fetchone()
            if row is None:
                return None  # unknown token or inactive user: Django's 401
            user_id = row[0]
            auth.remember_user_id(key, user_id)
        sql, params = online_rows.action_insert_statement(match_id, user_id, seq, action)
        async with pool.connection() as conn:
            cursor = await conn.execute(sql, params, prepare=True)
            row = await cursor.fetchone()
        if row is None or not row[-1]:
            return None  # unknown match, not seated, a gap, a retry, over...: Django's answer
        payload = orjson.dumps({"seq": seq, "status": "queued", "rule": "", "message": "", "log_index": None})
        return 202, payload, _answer_headers(scope, headers, len(payload))

    async def _pool(self) -> Any:
        """This event loop's pool of autocommit connections to the site's database."""
        loop = asyncio.get_running_loop()
        pool = self._pools.get(loop)
        if pool is None:
            from psycopg import AsyncConnection
            from psycopg_pool import AsyncConnectionPool

            params = {
                k: v
                for k, v in connection.get_connection_params().items()
                if k not in ("cursor_factory", "pool")
            }
            pool = AsyncConnectionPool(
                kwargs={**params, "autocommit": True},
                connection_class=AsyncConnection,
                min_size=1,
                max_size=POOL_SIZE,
                open=False,
                name="respons-lane",
            )
            self._pools[loop] = pool
            await pool.open()
        return pool

    async def _wake(self) -> None:
        """Wake a worker for the action just recorded (as ``services.online.queue_action``:
        the drain task, unless a wake-up is pending already). Never raises: the action is
        stored, and the sweep takes up an action left waiting (``LEFT_BEHIND``)."""
        from tournaments.services import live
        from tournaments.services.online import DRAIN_WOKEN, DRAIN_WOKEN_MS
        from tournaments.tasks import drain_actions

        try:
            loop = asyncio.get_running_loop()
            client = self._redis.get(loop)
            if client is None:
                import redis.asyncio

                url = live.redis_url()
                assert url is not None  # enabled() said so
                client = self._redis[loop] = redis.asyncio.Redis.from_url(url, socket_timeout=2)
            if await client.set(DRAIN_WOKEN, 1, nx=True, px=DRAIN_WOKEN_MS):
                await asyncio.to_thread(drain_actions.delay)  # kombu's publish blocks: not on the loop
        except Exception as error:
            log.warning("fast lane: could not wake a worker (%s); the sweep will", error)

    async def close(self) -> None:
        """Close this event loop's connections (tests; a server just exits)."""
        loop = asyncio.get_running_loop()
        pool, client = self._pools.pop(loop, None), self._redis.pop(loop, None)
        if pool is not None:
            await pool.close()
        if client is not None:
            await client.aclose()


def enabled() -> bool:
    """Whether the lane answers: the database is PostgreSQL and a Redis broker wakes the workers
    (not the embedded set-up, where tasks run in-process)."""
    from tournaments.services import live

    return connection.vendor == "postgresql" and live.redis_url() is not None


async def _read_body(receive: Receive) -> tuple[bytes, bool, bool]:
    """Read the request body, up to :data:`MAX_BODY`; return it, whether it is all there, and
    whether the client disconnected meanwhile."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return b"", False, True
        chunk = message.get("body", b"")
        chunks.append(chunk)
        size += len(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks), True, False
        if size > MAX_BODY:
            return b"".join(chunks), False, False


def _replay(body: bytes, complete: bool, receive: Receive) -> Receive:
    """A ``receive`` that gives what the lane read first, then the rest of the request."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": not complete}
        return await receive()

    return again


def _token(header: bytes) -> str | None:
    """The key of an ``Authorization: Token <key>`` header (as DRF reads it), or None."""
    parts = header.split()
    if len(parts) != 2 or parts[0].lower() != b"token":
        return None
    try:
        return parts[1].decode()
    except UnicodeError:
        return None


def _host_allowed(host: bytes) -> bool:
    """Django's check of the Host header against ALLOWED_HOSTS (``HttpRequest.get_host``)."""
    try:
        domain, _port = split_domain_port(host.decode("ascii"))
    except UnicodeError:
        return False
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    return bool(domain) and validate_host(domain, allowed)


def _is_secure(scope: Scope, headers: dict[bytes, bytes]) -> bool:
    if scope.get("scheme") == "https":
        return True
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy:
        name, value = proxy
        header = name.removeprefix("HTTP_").replace("_", "-").lower().encode()
        return headers.get(header, b"").split(b",")[0].strip().decode("latin-1") == value
    return False


def _secure_enough(scope: Scope, headers: dict[bytes, bytes]) -> bool:
    """False when Django would redirect the request to HTTPS (SECURE_SSL_REDIRECT)."""
    return not settings.SECURE_SSL_REDIRECT or _is_secure(scope, headers)


def _answer_headers(scope: Scope, headers: dict[bytes, bytes], length: int) -> list[tuple[bytes, bytes]]:
    """The headers Django's middleware and DRF give the view's 202 answer (settings.MIDDLEWARE)."""
    cookies = SimpleCookie()
    try:
        cookies.load(headers.get(b"cookie", b"").decode("latin-1"))
    except Exception:  # a malformed cookie header: Django ignores it too
        cookies = SimpleCookie()
    request = SimpleNamespace(
        COOKIES={name: morsel.value for name, morsel in cookies.items()},
        META={"HTTP_ACCEPT_LANGUAGE": headers.get(b"accept-language", b"").decode("latin-1")},
        path_info=scope["path"],
    )
    out = [
        (b"content-type", b"application/json"),
        (b"vary", b"Accept, Accept-Language"),
        (b"allow", b"POST, OPTIONS"),
        (b"x-frame-options", settings.X_FRAME_OPTIONS.encode()),
        (b"content-length", str(length).encode()),
        (b"content-language", get_language_from_request(request).encode()),
    ]
    if settings.SECURE_HSTS_SECONDS and _is_secure(scope, headers):
        hsts = f"max-age={settings.SECURE_HSTS_SECONDS}"
        if settings.SECURE_HSTS_INCLUDE_SUBDOMAINS:
            hsts += "; includeSubDomains"
        if settings.SECURE_HSTS_PRELOAD:
            hsts += "; preload"
        out.append((b"strict-transport-security", hsts.encode()))
    if settings.SECURE_CONTENT_TYPE_NOSNIFF:
        out.append((b"x-content-type-options", b"nosniff"))
    if settings.SECURE_REFERRER_POLICY:
        policy = settings.SECURE_REFERRER_POLICY
        policy = policy if isinstance(policy, str) else ",".join(policy)
        out.append((b"referrer-policy", policy.encode()))
    if settings.SECURE_CROSS_ORIGIN_OPENER_POLICY:
        out.append((b"cross-origin-opener-policy", settings.SECURE_CROSS_ORIGIN_OPENER_POLICY.encode()))
    return out


@cache
def _token_sql() -> str:
    """The user id of an active user's token (DRF's TokenAuthentication, without the rows)."""
    user = get_user_model()._meta
    token = Token._meta
    q = connection.ops.quote_name
    t_user = q(token.get_field("user").column)
    active = q(user.get_field("is_active").column)
    return (
        f"SELECT t.{t_user} FROM {q(token.db_table)} t JOIN {q(user.db_table)} u "
        f"ON u.{q(user.pk.column)} = t.{t_user} WHERE t.{q(token.pk.column)} = %s AND u.{active}"
    )
