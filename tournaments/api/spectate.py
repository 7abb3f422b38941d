"""Spectators and replays: ``GET /api/matches/{id}/spectate/`` and its stream, and
``GET /api/matches/{id}/replay/?game=N&step=K``. The rules of who may watch and what they see
are :mod:`tournaments.selectors.spectate`'s."""

import time
from collections.abc import AsyncGenerator, Iterator
from functools import partial
from typing import Any

import orjson
from django.db import connection
from django.http import Http404, StreamingHttpResponse
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.errors import ApiError
from tournaments.api.online_stream import (
    STREAM_MAX_SECONDS,
    STREAM_PING,
    EventStreamApi,
)
from tournaments.api.schema import errors
from tournaments.api.throttles import AnonThrottle
from tournaments.models import Game, Match
from tournaments.numbers import SMALL_MAX, whole_number
from tournaments.selectors import online_rows
from tournaments.selectors.online import match_is_online
from tournaments.selectors.spectate import (
    WatchAccess,
    replay_access,
    replay_answer,
    replay_full,
    spectate_answer,
    spectate_moves_at,
    watch_access,
)
from tournaments.services import live


def _refuse(access: WatchAccess) -> None:
    """401 when only signed-in users may watch, 403 when nobody may."""
    if access.refusal == "sign_in":
        raise ApiError(_("Sign in to watch this event's matches."), code="not_authenticated", status_code=401)
    if access.refusal:
        raise ApiError(_("This event's matches cannot be watched."), code="spectating_off", status_code=403)


def _online_match(match_id: int, request: Request) -> Match:
    """The match (404 when unknown, not played online, or in a round whose pairings are held)."""
    try:
        match = online_rows.match_for_play(match_id)
    except Match.DoesNotExist:
        raise Http404 from None
    if not match_is_online(match):
        raise Http404
    return match


def _watchable(request: Request, match_id: int) -> Match:
    match = _online_match(match_id, request)
    access = watch_access(event=match.round.event, user=request.user)
    if not match.round.published and not access.official:
        raise Http404  # pairings the organizer holds are nobody else's yet
    _refuse(access)
    return match


def _answer_or_409(match: Match) -> dict[str, Any]:
    answer = spectate_answer(match=match)
    if answer is None:
        raise ApiError(_("This match's first game has not started."), code="not_started", status_code=409)
    return answer


class SpectateOut(serializers.Serializer):
    match = serializers.IntegerField()
    event = serializers.IntegerField()
    game = serializers.CharField(help_text="the game's registry key (its board module)")
    names = serializers.ListField(child=serializers.CharField(), help_text="seat 0's and seat 1's usernames")
    table = serializers.IntegerField()
    round = serializers.IntegerField()
    match_status = serializers.CharField()
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()
    game_number = serializers.IntegerField()
    game_status = serializers.CharField()
    games = serializers.JSONField()
    step = serializers.IntegerField(help_text="how many of the game's actions the view shows")
    delay = serializers.JSONField(help_text='{"amount", "unit": "turns"|"minutes"|"" (finished), "turn"}')
    clock = serializers.JSONField(help_text='{"limit", "used": [seat 0, seat 1]} in seconds, as banked')
    round_ends_at = serializers.DateTimeField()
    view = serializers.JSONField(help_text="the engine's spectator view at `step`")


class SpectateApi(APIView):
    permission_classes: list[Any] = []

    @extend_schema(
        responses={200: SpectateOut, **errors(401, 403, 409)},
        operation_id="matches_spectate_retrieve",
        description=(
            "The match as a spectator sees it: the engine's spectator view of its current game (no "
            "hidden card, no seed) as it was the event's delay ago (`spectate_delay` turns or "
            "minutes; a finished game whole), the score, the names and the banked clocks. Who may "
            "watch is the event's `spectators` setting (nobody: 403, signed-in users: 401 for "
            "anonymous callers, everyone); its officials always may."
        ),
    )
    def get(self, request: Request, match_id: int) -> Response:
        return Response(_answer_or_409(_watchable(request, match_id)))


# The shortest wait between two reads of the stream: a view due to move on at an instant is
# read again no sooner than this after the last read, however near the instant looks.
MIN_WAIT = 0.05


def _read_text(match_id: int) -> tuple[str, float | None]:
    """The spectator answer as JSON text, read afresh (then the connection is let go), and in how
    many seconds it changes by itself (a delay in minutes: the next action turns N minutes old),
    or None."""
    try:
        match = online_rows.match_for_play(match_id)
        now = timezone.now()
        answer = spectate_answer(match=match, now=now)
        moves_at = spectate_moves_at(match=match, now=now)
        wait = max(MIN_WAIT, (moves_at - now).total_seconds()) if moves_at is not None else None
        return orjson.dumps(answer, option=orjson.OPT_NON_STR_KEYS).decode(), wait
    finally:
        connection.close()


def _event(text: str) -> bytes:
    return f"event: state\ndata: {text}\n\n".encode()


def _over(text: str) -> bool:
    return '"match_status":"final"' in text


def _timeout(left: float, quiet: float, moves_in: float | None) -> float:
    """How long the stream waits for a change of the match: until the next ping is due (a ping
    ``STREAM_PING`` s after the last thing sent), the view moves on by itself, or the stream ends."""
    waits = [left, STREAM_PING - quiet] + ([moves_in] if moves_in is not None else [])
    return max(MIN_WAIT, min(waits))


def spectate_stream_sync(match_id: int, read: Any, seconds: int) -> Iterator[bytes]:
    """The stream for a WSGI server. The answer is read again whenever the match changes and
    whenever the delayed view is due to move on by itself, and sent only when it differs from the
    last one sent; between sends, a ping every ``STREAM_PING`` s and at no other moment (a ping
    as the game moves on would tell a spectator when each action not shown yet was made)."""
    sub = live.subscribe(match_id, None)
    try:
        text, moves_in = read()
        yield b"retry: 2000\n" + _event(text)
        until = time.monotonic() + seconds
        sent = time.monotonic()
        while not _over(text) and (left := until - time.monotonic()) > 0:
            sub.get(_timeout(left, time.monotonic() - sent, moves_in))
            new, moves_in = read()
            if new != text:
                text, sent = new, time.monotonic()
                yield _event(text)
            elif time.monotonic() - sent >= STREAM_PING:
                sent = time.monotonic()
                yield b": ping\n\n"
    finally:
        sub.close()


async def spectate_stream_async(match_id: int, read: Any, seconds: int) -> AsyncGenerator[bytes, None]:
    """:func:`spectate_stream_sync` on the event loop (ASGI): no thread held while it waits."""
    sub = live.subscribe(match_id, None, asynchronous=True)
    try:
        text, moves_in = await read()
        yield b"retry: 2000\n" + _event(text)
        until = time.monotonic() + seconds
        sent = time.monotonic()
        while not _over(text) and (left := until - time.monotonic()) > 0:
            await sub.aget(_timeout(left, time.monotonic() - sent, moves_in))
            new, moves_in = await read()
            if new != text:
                text, sent = new, time.monotonic()
                yield _event(text)
            elif time.monotonic() - sent >= STREAM_PING:
                sent = time.monotonic()
                yield b": ping\n\n"
    finally:
        sub.close()


class SpectateStreamApi(EventStreamApi):
    """Server-Sent Events: the spectator answer, pushed when the delayed view moves on."""

    permission_classes: list[Any] = []

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "seconds", int, description=f"how long to keep the stream open, 1-{STREAM_MAX_SECONDS}"
            )
        ],
        responses={200: OpenApiTypes.STR, **errors(401, 403, 409)},
        operation_id="matches_spectate_stream",
        description=(
            "A stream of `state` events, each the JSON of `GET /api/matches/{id}/spectate/`: at "
            "once, then whenever the delayed view moves on, with `: ping` comments meanwhile. The "
            "same open-stream limit per user (per address for anonymous callers) as the game stream."
        ),
    )
    def get(self, request: Request, match_id: int) -> StreamingHttpResponse:
        match = _watchable(request, match_id)
        _answer_or_409(match)
        who = request.user.pk if request.user.is_authenticated else f"ip:{AnonThrottle().get_ident(request)}"
        return self.stream_open(
            request,
            who=who,
            read=partial(_read_text, match.pk),
            sync_stream=partial(spectate_stream_sync, match.pk),
            async_stream=partial(spectate_stream_async, match.pk),
        )


class ReplayOut(serializers.Serializer):
    match = serializers.IntegerField()
    event = serializers.IntegerField()
    game = serializers.CharField(help_text="the game's registry key (its board module)")
    names = serializers.ListField(child=serializers.CharField())
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()
    games = serializers.JSONField()
    game_number = serializers.IntegerField()
    winner = serializers.IntegerField(allow_null=True)
    reason = serializers.CharField(allow_blank=True)
    full = serializers.BooleanField(
        help_text="true: the judge view (decklists published), false: public only"
    )
    step = serializers.IntegerField()
    total = serializers.IntegerField()
    view = serializers.JSONField()
    actions = serializers.JSONField(
        help_text='[{"number", "seat", "player", "type", "text", "label"}]; `text` is "" unless `full`; '
        "`label`: what an action of that type does, in the reader's language"
    )


def replay_step(raw: str) -> int | None:
    """``?step=`` as a number, None for the end; raises 400 for anything else."""
    if not raw:
        return None
    step = whole_number(raw, low=0, high=1_000_000)
    if step is None:
        raise ApiError(_("step: a step number"), code="invalid")
    return step


class ReplayApi(APIView):
    permission_classes: list[Any] = []

    @extend_schema(
        parameters=[
            OpenApiParameter("game", int, description="game number, default 1"),
            OpenApiParameter("step", int, description="actions applied, default all (the end)"),
        ],
        responses={200: ReplayOut, **errors(401, 403, 409)},
        operation_id="matches_replay_retrieve",
        description=(
            "One step of a game of a final match: public information (the spectator view, the "
            "actions without words) until the event publishes its decklists, then everything "
            "(the judge view, each action in words). For whoever the event's `spectators` "
            "setting lets watch, the match's two players and its officials."
        ),
    )
    def get(self, request: Request, match_id: int) -> Response:
        match = _online_match(match_id, request)
        access = replay_access(match=match, user=request.user)
        _refuse(access)
        if match.status != Match.Status.FINAL:
            raise ApiError(_("A match can be replayed once it is final."), code="not_final", status_code=409)
        number = whole_number(request.query_params.get("game", "1"), high=SMALL_MAX)
        if number is None:
            raise ApiError(_("game: a game number"), code="invalid")
        game = Game.objects.filter(match=match, number=number).first()
        if game is None:
            raise Http404
        step = replay_step(request.query_params.get("step", ""))
        full = replay_full(match=match, official=access.official)
        return Response(replay_answer(match=match, game=game, step=step, full=full))
