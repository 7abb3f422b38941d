"""What a request may carry, and the answers for one that carries too much or what no database
column holds (anonymous memory and CPU burn, NUL bytes, the database away).

One setting bounds every request body: ``DATA_UPLOAD_MAX_MEMORY_SIZE`` (environment
``MAX_REQUEST_BODY``, bytes). It is enforced three times, each where the bytes arrive:

* :class:`BodyLimit` in front of the ASGI application (uvicorn): a ``Content-Length`` over it
  is answered 413 before a byte is read, and a body with no length (chunked) is counted as it
  comes and answered 413 once past it, so neither Django (which reads a whole ASGI body before
  anything else runs) nor the fast lane ever holds more;
* :class:`RequestLimitsMiddleware` in Django, first (WSGI, and the tests' client): a
  ``Content-Length`` over it is 413, a body without one (chunked, which the API would silently
  read as empty) is 411, and a NUL character in the address, the query string or a text body is
  400 — PostgreSQL's text and jsonb columns cannot hold one, and it broke the statements as a 500;
* the API's parsers (``tournaments/api/parsers.py``) read at most that many bytes whatever
  the headers say.

Every refusal is JSON ``{"detail", "code"}`` under ``/api/`` (api.md) and the site's own page
elsewhere, in the reader's language.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

import orjson
from django.conf import settings
from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template import loader
from django.utils import translation
from django.utils.translation import gettext as _

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
App = Callable[[Scope, Receive, Send], Awaitable[None]]

# A NUL in JSON text is the escape \u0000 (a raw control character is invalid JSON) after an even
# number of backslashes (none included); after an odd number it is the text "\u0000".
_JSON_NUL = re.compile(rb"(?<!\\)(?:\\\\)*\\u0000")


def body_limit() -> int:
    """Return the most bytes a request body may have (``DATA_UPLOAD_MAX_MEMORY_SIZE``)."""
    return int(settings.DATA_UPLOAD_MAX_MEMORY_SIZE)


def too_large_detail() -> str:
    limit = body_limit()
    return _("The request body is larger than the %(kib)s KiB this site accepts.") % {
        "kib": f"{limit / 1024:g}"
    }


def nul_detail() -> str:
    return _("The request contains a NUL character (\\0), which no text here may hold.")


def length_required_detail() -> str:
    return _("Send the request body with a Content-Length.")


def database_away(error: BaseException | None) -> bool:
    """Whether ``error`` says the database cannot be reached (connection refused, lost or closed)."""
    return isinstance(error, OperationalError | InterfaceError)


def reader_language(request: HttpRequest) -> str:
    """The reader's language (cookie, Accept-Language): these answers come before LocaleMiddleware."""
    return translation.get_language_from_request(request)


def refusal(request: HttpRequest, status: int, code: str, detail: Callable[[], str]) -> HttpResponse:
    """Return the answer refusing ``request``: JSON under /api/, the site's page elsewhere, in
    the reader's language (``detail`` says why, in the language active when called)."""
    with translation.override(reader_language(request)):
        return _refusal(request, status, code, detail())


def _refusal(request: HttpRequest, status: int, code: str, detail: str) -> HttpResponse:
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": detail, "code": code}, status=status)
    html = loader.render_to_string(
        "request_refused.html", {"status": status, "detail": detail}, request=request
    )
    return HttpResponse(html, status=status)


def unavailable(request: HttpRequest) -> HttpResponse:
    """Return the 503 for the database away: JSON under /api/, else the standalone page (which
    reads nothing from the database: no user, no session), in the reader's language."""
    with translation.override(reader_language(request)):
        return _unavailable(request)


def _unavailable(request: HttpRequest) -> HttpResponse:
    response: HttpResponse
    detail = _("The database cannot be reached just now; try again in a minute.")
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": detail, "code": "unavailable"}, status=503)
    else:
        response = HttpResponse(loader.render_to_string("503.html", {"detail": detail}), status=503)
    response["Retry-After"] = "30"
    return response


def _declared_length(meta: dict[str, Any]) -> int | None:
    raw = str(meta.get("CONTENT_LENGTH") or "").strip()
    return int(raw) if raw.isascii() and raw.isdigit() else None


def _has_nul(request: HttpRequest) -> bool:
    query = request.META.get("QUERY_STRING", "")
    if "\x00" in request.path or "%00" in query or "\x00" in query:
        return True
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return False
    content_type = (request.content_type or "").lower()
    if content_type.endswith("json"):
        body = request.body
        return b"\\u0000" in body and _JSON_NUL.search(body) is not None
    if content_type == "application/x-www-form-urlencoded":
        return b"%00" in request.body or b"\x00" in request.body
    if content_type.startswith(("text/", "multipart/form-data")):
        return b"\x00" in request.body  # "%00" here is text, not a NUL
    return False


class RequestLimitsMiddleware:
    """Django's side of the limits (see the module): 413, 411 and 400 before any view runs."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        length = _declared_length(request.META)
        if length is not None and length > body_limit():
            return refusal(request, 413, "too_large", too_large_detail)
        if length is None and "HTTP_TRANSFER_ENCODING" in request.META:
            # A body with no length: WSGI hands Django none, and DRF reads none under ASGI either —
            # it would be taken as empty, silently.
            return refusal(request, 411, "length_required", length_required_detail)
        if _has_nul(request):
            return refusal(request, 400, "nul_character", nul_detail)
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        """The database away while a view ran: 503, not a 500."""
        return unavailable(request) if database_away(exception) else None


def current_exception() -> BaseException | None:
    """The exception being handled (Django calls ``handler500`` inside its ``except``)."""
    return sys.exc_info()[1]


class BodyLimit:
    """ASGI: bound every request body by :func:`body_limit` before the app (the fast lane, then
    Django) reads it. An over-long ``Content-Length`` is answered 413 at once; a body without
    one is counted as it arrives and answered 413 past the limit, the app then seeing the client
    gone (``http.disconnect``) and its own answer, if any, dropped."""

    def __init__(self, app: App) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        limit = body_limit()
        length: bytes | None = None
        for name, value in scope["headers"]:
            if name == b"content-length":
                length = value
                break
        if length is not None:
            if not length.isdigit() or int(length) <= limit:
                # The server delivers exactly the declared bytes (or refuses a bad length itself).
                return await self.app(scope, receive, send)
            return await _send_413(scope, send)
        if scope["method"] in ("GET", "HEAD"):
            return await self.app(scope, receive, send)
        received = 0
        refused = False

        async def counted() -> Message:
            nonlocal received, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            if message["type"] == "http.request":
                received += len(message.get("body", b""))
                if received > limit:
                    refused = True
                    await _send_413(scope, send)
                    return {"type": "http.disconnect"}
            return message

        async def guarded(message: Message) -> None:
            if not refused:
                await send(message)

        await self.app(scope, counted, guarded)


async def _send_413(scope: Scope, send: Send) -> None:
    language = _language_of(scope)
    with translation.override(language):
        detail = too_large_detail()
        if scope.get("path", "").startswith("/api/"):
            body, content_type = orjson.dumps({"detail": detail, "code": "too_large"}), b"application/json"
        else:
            title = _("Request too large")
            page = f'<!DOCTYPE html><html lang="{language}"><meta charset="utf-8"><title>{title}</title>'
            body = (page + f"<h1>413 · {title}</h1><p>{detail}</p></html>").encode()
            content_type = b"text/html; charset=utf-8"
    headers = [
        (b"content-type", content_type),
        (b"content-length", str(len(body)).encode()),
        (b"connection", b"close"),
    ]
    await send({"type": "http.response.start", "status": 413, "headers": headers})
    await send({"type": "http.response.body", "body": body})


def _language_of(scope: Scope) -> str:
    """The site's language the client asks for first (Accept-Language), else the default."""
    from django.utils.translation.trans_real import get_supported_language_variant, parse_accept_lang_header

    for name, value in scope.get("headers", ()):
        if name == b"accept-language":
            for code, _quality in parse_accept_lang_header(value.decode("latin-1")[:200]):
                try:
                    return str(get_supported_language_variant(code))
                except LookupError:
                    continue
    return str(settings.LANGUAGE_CODE)
