"""The caller's game as a stream (api.md "Online play"): Server-Sent Events pushing the caller's
answer whenever the game changes, for a WSGI server (a thread per stream) and an ASGI one (the
event loop; the fast lane, ``lane.py``, serves the same stream), each user's open streams counted
(settings.STREAMS_PER_USER). The answers themselves are :mod:`tournaments.api.online`'s."""

import time
from collections.abc import AsyncGenerator, Awaitable, Callable, Iterator
from functools import partial
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers.asgi import ASGIRequest
from django.db import connection
from django.http import StreamingHttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.errors import ApiError, throttled
from tournaments.api.online import _match, _started_or_409, game_state
from tournaments.api.schema import errors
from tournaments.numbers import whole_number
from tournaments.selectors import online_rows
from tournaments.selectors.online import answer_text
from tournaments.services import limits, live
from tournaments.services import online as svc
from tournaments.users import SignedInRequest

STREAM_SECONDS = 300  # a stream ends after this (EventSource reconnects by itself)
STREAM_MAX_SECONDS = 600
STREAM_PING = 15  # a comment line while nothing happens keeps proxies from closing the stream


class EventStreamRenderer(JSONRenderer):
    """Lets a client ask for ``text/event-stream``; errors before the stream starts stay JSON."""

    media_type = "text/event-stream"
    format = "event-stream"


class EventStreamApi(APIView):
    """A view that answers with a Server-Sent Events stream: the caller's open streams counted
    (settings.STREAMS_PER_USER), errors before the stream starts in JSON."""

    renderer_classes = [JSONRenderer, EventStreamRenderer]

    def handle_exception(self, exc: Exception) -> Response:
        # Refused before the stream starts: a JSON error (api.md), whatever the client accepts.
        response = super().handle_exception(exc)
        self.request.accepted_renderer = JSONRenderer()
        self.request.accepted_media_type = JSONRenderer.media_type
        return response

    def stream_open(
        self,
        request: Request,
        *,
        who: int | str,
        read: Callable[[], Any],
        sync_stream: Callable[[Callable[[], Any], int], Iterator[bytes]],
        async_stream: Callable[[Callable[[], Awaitable[Any]], int], AsyncGenerator[bytes, None]],
    ) -> StreamingHttpResponse:
        """Return the stream of ``read``'s answers for the asked ``seconds``, in a slot of
        ``who``'s open streams given back however it ends: ``sync_stream`` under WSGI (a
        thread), ``async_stream`` under ASGI (the event loop). 400 for a bad ``seconds``,
        429 with every slot taken."""
        seconds = stream_seconds(request.query_params.get("seconds", ""))
        if seconds is None:
            raise ApiError(
                _("%(field)s: must be a whole number from %(low)d to %(high)d")
                % {"field": "seconds", "low": 1, "high": STREAM_MAX_SECONDS},
                code="invalid",
            )
        slot = limits.stream_take(user_id=who, seconds=seconds)
        if slot is None:
            raise _too_many_streams(seconds)
        give_back = partial(limits.stream_give, user_id=who, slot=slot)
        if isinstance(request._request, ASGIRequest):
            content: Any = _giving_back_async(
                async_stream(sync_to_async(read), seconds), sync_to_async(give_back)
            )
        else:
            content = _giving_back(sync_stream(read, seconds), give_back)
        response = StreamingHttpResponse(content, content_type="text/event-stream")
        response["Cache-Control"] = "no-cache"
        response["X-Accel-Buffering"] = "no"  # nginx: pass each event on at once
        return response


class GameStreamApi(EventStreamApi):
    """Server-Sent Events: the caller's game answer, pushed whenever the game changes."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "seconds",
                int,
                description=f"how long to keep the stream open, 1-{STREAM_MAX_SECONDS} "
                f"(default {STREAM_SECONDS}); EventSource reconnects by itself",
            )
        ],
        responses={200: OpenApiTypes.STR, **errors(403, 409)},
        operation_id="matches_game_stream",
        description=(
            "A stream of `state` events, each the same JSON as `GET /api/matches/{id}/game/` "
            "gives the caller: the current answer at once, then every change as it is "
            "adjudicated, with `: ping` comments while nothing happens. Ends after `seconds`, "
            "or shortly after the match is final."
        ),
    )
    def get(self, request: SignedInRequest, match_id: int) -> StreamingHttpResponse:
        match, seat, _official = _match(request, match_id)
        _started_or_409(match)  # the stream reads the games themselves once subscribed
        svc.match_present(match=match, seat=seat)  # O1.1: the seated player's stream counts
        return self.stream_open(
            request,
            who=request.user.pk,
            read=partial(_read_answer_text, match.pk, seat),
            sync_stream=partial(_stream_sync, match.pk, seat),
            async_stream=partial(stream_async, match.pk, seat),
        )


def _too_many_streams(seconds: int) -> Exception:
    """429: the user has settings.STREAMS_PER_USER streams open. One may close at any moment:
    Retry-After is a ping's interval (at most the asked duration)."""
    count = settings.STREAMS_PER_USER
    detail = ngettext(
        "You have %(count)d live stream open already: close it first.",
        "You have %(count)d live streams open already: close one first.",
        count,
    ) % {"count": count}
    return throttled(detail, wait=min(seconds, STREAM_PING), code="too_many_streams")


def _giving_back(chunks: Iterator[bytes], give_back: Callable[[], None]) -> Iterator[bytes]:
    """``chunks``, then the stream's slot given back, however the stream ends."""
    try:
        yield from chunks
    finally:
        give_back()


async def _giving_back_async(
    chunks: AsyncGenerator[bytes, None], give_back: Callable[[], Awaitable[None]]
) -> AsyncGenerator[bytes, None]:
    try:
        async for chunk in chunks:
            yield chunk
    finally:
        await chunks.aclose()
        await give_back()


def stream_seconds(raw: str) -> int | None:
    """How long a stream asked to last ``?seconds=<raw>`` stays open (the default for none), or
    None when ``raw`` is not a whole number from 1 to :data:`STREAM_MAX_SECONDS`."""
    return whole_number(raw, low=1, high=STREAM_MAX_SECONDS) if raw else STREAM_SECONDS


def _read_answer_text(match_id: int, seat: int | None) -> str:
    """The caller's current answer as one line of JSON, read afresh (then the connection is let go:
    a stream holds no database connection while it waits)."""
    try:
        return answer_text(game_state(online_rows.match_for_play(match_id), seat))
    finally:
        connection.close()


def _event(text: str) -> bytes:
    return f"event: state\ndata: {text}\n\n".encode()


def _is_final(text: str) -> bool:
    return '"match_status":"final"' in text


def _stream_sync(match_id: int, seat: int | None, read: Any, seconds: int) -> Iterator[bytes]:
    """The stream for a WSGI server (a thread per stream, e.g. ``runserver``)."""
    sub = live.subscribe(match_id, seat)
    try:
        text = read()
        yield b"retry: 2000\n" + _event(text)
        until = time.monotonic() + seconds
        while not _is_final(text) and (left := until - time.monotonic()) > 0:
            changed, new = sub.get(min(STREAM_PING, left))
            if not changed:
                yield b": ping\n\n"
                continue
            text = new if new is not None else read()
            yield _event(text)
    finally:
        sub.close()


async def stream_async(
    match_id: int, seat: int | None, read: Callable[[], Awaitable[str]], seconds: int
) -> AsyncGenerator[bytes, None]:
    """The stream for an ASGI server: waits on the event loop, no thread held. ``read``: the
    caller's current answer (JSON text), read afresh; the fast lane (``lane.py``) reads it on
    its own connections, the view in a thread."""
    sub = live.subscribe(match_id, seat, asynchronous=True)
    try:
        text = await read()
        yield b"retry: 2000\n" + _event(text)
        until = time.monotonic() + seconds
        while not _is_final(text) and (left := until - time.monotonic()) > 0:
            changed, new = await sub.aget(min(STREAM_PING, left))
            if not changed:
                yield b": ping\n\n"
                continue
            text = new if new is not None else await read()
            yield _event(text)
    finally:
        sub.close()
