"""The HTTP of the fast lane (``tournaments/api/lane.py``) as Django reads and writes it: the
body read up to :data:`MAX_BODY` and given back untouched when Django is to answer, the caller's
token, the Host and HTTPS checks of Django's middleware, the language LocaleMiddleware would
choose, and the headers Django's middleware and DRF add to an API answer (``api/lane_covers.py``
lists which middleware each one stands for)."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from functools import cache, lru_cache
from types import SimpleNamespace
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http.cookie import parse_cookie
from django.http.request import split_domain_port, validate_host
from django.utils.translation import get_language_from_request

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Headers = list[tuple[bytes, bytes]]

MAX_BODY = 64 * 1024  # an action is a few hundred bytes; anything larger is Django's to judge


async def read_body(receive: Receive) -> tuple[bytes, bool, bool]:
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


def replayed(body: bytes, complete: bool, receive: Receive) -> Receive:
    """A ``receive`` that gives what the lane read first, then the rest of the request."""
    sent = False

    async def again() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": not complete}
        return await receive()

    return again


async def disconnected(receive: Receive) -> None:
    """Return once the client has gone away."""
    while (await receive())["type"] != "http.disconnect":
        pass


def accepted(headers: dict[bytes, bytes]) -> bytes:
    """The media type the client asks for first (absent: any)."""
    return headers.get(b"accept", b"*/*").split(b",")[0].split(b";")[0].strip().lower()


def caller_token(scope: Scope, headers: dict[bytes, bytes]) -> str | None:
    """The caller's token, when the request is one Django would take up as it comes (an allowed
    host, no redirect to HTTPS) and sends one; None otherwise."""
    if not host_allowed(headers.get(b"host", b"")) or not secure_enough(scope, headers):
        return None
    return token_of(headers.get(b"authorization", b""))


def token_of(header: bytes) -> str | None:
    """The key of an ``Authorization: Token <key>`` header (as DRF reads it), or None."""
    parts = header.split()
    if len(parts) != 2 or parts[0].lower() != b"token":
        return None
    try:
        return parts[1].decode()
    except UnicodeError:
        return None


def host_allowed(host: bytes) -> bool:
    """Django's check of the Host header against ALLOWED_HOSTS (``HttpRequest.get_host``)."""
    try:
        domain, _port = split_domain_port(host.decode("ascii"))
    except UnicodeError:
        return False
    allowed = settings.ALLOWED_HOSTS
    if settings.DEBUG and not allowed:
        allowed = [".localhost", "127.0.0.1", "[::1]"]
    return bool(domain) and validate_host(domain, allowed)


def is_secure(scope: Scope, headers: dict[bytes, bytes]) -> bool:
    if scope.get("scheme") == "https":
        return True
    proxy = settings.SECURE_PROXY_SSL_HEADER
    if proxy:
        name, value = proxy
        header = name.removeprefix("HTTP_").replace("_", "-").lower().encode()
        return headers.get(header, b"").split(b",")[0].strip().decode("latin-1") == value
    return False


def secure_enough(scope: Scope, headers: dict[bytes, bytes]) -> bool:
    """False when Django would redirect the request to HTTPS (SECURE_SSL_REDIRECT)."""
    return not settings.SECURE_SSL_REDIRECT or is_secure(scope, headers)


def django_headers(scope: Scope, headers: dict[bytes, bytes], *, allow: bytes) -> Headers:
    """The headers DRF and Django's middleware (settings.MIDDLEWARE) add to an API view's answer."""
    language = content_language(headers.get(b"accept-language", b""), language_cookie(headers))
    return [
        (b"allow", allow),
        (b"content-language", language),
        *settings_headers(is_secure(scope, headers)),
    ]


def language_cookie(headers: dict[bytes, bytes]) -> str | None:
    """The language cookie's value (settings.LANGUAGE_COOKIE_NAME), if the request has one."""
    raw = headers.get(b"cookie", b"")
    name = settings.LANGUAGE_COOKIE_NAME
    if name.encode() not in raw:
        return None
    return parse_cookie(raw.decode("latin-1")).get(name)


@lru_cache(maxsize=512)
def content_language(accept_language: bytes, cookie: str | None) -> bytes:
    """LocaleMiddleware's choice of language (no i18n URL patterns here), as its header says it."""
    request = SimpleNamespace(
        COOKIES={} if cookie is None else {settings.LANGUAGE_COOKIE_NAME: cookie},
        META={"HTTP_ACCEPT_LANGUAGE": accept_language.decode("latin-1")},
    )
    return get_language_from_request(request).encode()  # type: ignore[arg-type]  # reads COOKIES and META only


@cache
def settings_headers(secure: bool) -> Headers:
    """The headers that depend on the settings only (and whether the request came over HTTPS)."""
    out = [(b"vary", b"Accept, Accept-Language"), (b"x-frame-options", settings.X_FRAME_OPTIONS.encode())]
    if settings.SECURE_HSTS_SECONDS and secure:
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


@receiver(setting_changed)
def _settings_changed(**_kwargs: Any) -> None:
    """Settings changed (tests): what was worked out from them is worked out again."""
    settings_headers.cache_clear()
    content_language.cache_clear()
