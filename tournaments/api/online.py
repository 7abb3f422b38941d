"""Online play (api.md "Matches", "Online play"): the caller's game view, presence, actions,
sideboard, logs. The same answer as a stream is :mod:`tournaments.api.online_stream`'s."""

import logging
from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.errors import ApiError
from tournaments.api.schema import errors
from tournaments.api.throttles import ActionThrottle
from tournaments.label_messages import violation_text
from tournaments.labels import reader_language
from tournaments.models import Game, GameAction, Match
from tournaments.numbers import SMALL_MAX, whole_number
from tournaments.selectors import online_rows
from tournaments.selectors.cards import card_namer
from tournaments.selectors.online import (
    game_answer,
    match_access,
    match_is_online,
    match_presence,
    next_seq,
)
from tournaments.selectors.online_rows import match_games
from tournaments.selectors.play import game_events, game_log_shown
from tournaments.services import jobs
from tournaments.services import online as svc
from tournaments.services.errors import BadInput
from tournaments.users import SignedInRequest

log = logging.getLogger(__name__)


def _match(request: Request, match_id: int) -> tuple[Match, int | None, bool]:
    """Return the match, the caller's seat (or None) and whether the caller is an official.

    Raises 404 for an unknown match, 403 for anyone who is neither a player nor an official.
    The match comes with its event and players (not their decks): one query for a player.
    """
    try:
        match = online_rows.match_for_play(match_id)
    except Match.DoesNotExist:
        raise Http404 from None
    access = match_access(match=match, user=request.user)
    if not access.allowed:
        message = _("Only the players of this match, its judges and organizer can see it.")
        raise ApiError(message, code="permission_denied", status_code=403)
    return match, access.seat, access.official


def _playing_or_409(*, online: bool, started: bool, final: bool = False) -> None:
    """409 unless the match is played online (two players) and its first game has started.

    A match of a started online round whose first game a worker has not set up yet (the games of
    a large round are set up in the background, services/online round_games_start) answers
    ``no_game`` with ``setting_up`` true and says so; the play page asks again until it starts."""
    if not online:
        raise ApiError(_("This match is not played online."), code="not_online", status_code=409)
    if not started:
        if not final:
            message = _("Your game is being set up. It starts by itself in a moment.")
            raise ApiError(message, code="no_game", status_code=409, setting_up=True)
        raise ApiError(_("No game has started yet."), code="no_game", status_code=409, setting_up=False)


def _final(match: Match) -> bool:
    return bool(match.status == Match.Status.FINAL)


def _started_or_409(match: Match) -> None:
    """:func:`_playing_or_409` for a match (the game's existence in one cheap query)."""
    online = match_is_online(match)
    _playing_or_409(online=online, started=online and match.games.exists(), final=_final(match))


def _games_or_409(match: Match) -> list[Game]:
    online = match_is_online(match)
    games = match_games(match) if online else []
    _playing_or_409(online=online, started=bool(games), final=_final(match))
    return games


def _game_or_409(match: Match) -> Game:
    return _games_or_409(match)[-1]


class PresenceSeatOut(serializers.Serializer):
    seen_at = serializers.DateTimeField(allow_null=True, help_text="the seat's last sign of life")
    connected = serializers.BooleanField(help_text="a sign of life within away_after seconds (a bot always)")
    bot = serializers.BooleanField()


class PresenceOut(serializers.Serializer):
    away_after = serializers.IntegerField(help_text="seconds with no sign of life that make a seat away")
    seats = PresenceSeatOut(many=True)


class GameStateOut(serializers.Serializer):
    game_number = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    view = serializers.JSONField()
    legal_actions = serializers.ListField(child=serializers.JSONField())
    legal_described = serializers.ListField(child=serializers.CharField(), required=False)
    next_seq = serializers.IntegerField(allow_null=True)
    match_status = serializers.CharField()
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()
    game_status = serializers.CharField()
    clock = serializers.JSONField()
    games = serializers.JSONField()
    refused = serializers.JSONField()
    presence = PresenceOut()


def game_state(match: Match, seat: int | None) -> dict[str, Any]:
    """Return the api.md game answer for ``seat`` (None: an official, who gets the judge view)."""
    # A read does no work: clocks and timers are the beat's, or with no broker the
    # embedded beat's (settings.EMBEDDED_BEAT), never a GET's.
    games = _games_or_409(match)
    game = games[-1]
    if seat is None:
        judge_view = (
            svc.engine_for(game).judge_view()
            if game.actions or game.status != Game.Status.SIDEBOARDING
            else {}
        )
        return game_answer(match, games, None, next_seq=None, judge_view=judge_view)
    return game_answer(match, games, seat, next_seq=next_seq(match, seat))


class GameStateApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: GameStateOut, **errors(403, 409)}, operation_id="matches_game_retrieve")
    def get(self, request: Request, match_id: int) -> Response:
        match, seat, _official = _match(request, match_id)
        svc.match_present(match=match, seat=seat)  # O1.1: the seated player's read counts
        return Response(game_state(match, seat))


class GamePresenceApi(APIView):
    """The play page's heartbeat: a sign of life of the seated caller, and both seats' presence."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: PresenceOut, **errors(403, 409)},
        operation_id="matches_game_presence_retrieve",
        description=(
            "Whether each seat is connected (`presence` of the game answer): a seated caller's "
            "request is itself a sign of life. Nothing of the game is in it."
        ),
    )
    def get(self, request: Request, match_id: int) -> Response:
        match, seat, _official = _match(request, match_id)
        if not match_is_online(match):
            raise ApiError(_("This match is not played online."), code="not_online", status_code=409)
        svc.match_present(match=match, seat=seat)  # O1.1: the seated player's read counts
        return Response(match_presence(match=match))


class ActionIn(serializers.Serializer):
    seq = serializers.IntegerField(min_value=1, max_value=1_000_000)
    action = serializers.DictField(help_text="one of the legal actions, exactly as GET .../game/ lists it")
    decision = serializers.IntegerField(
        min_value=0,
        max_value=1_000_000,
        required=False,
        allow_null=True,
        default=None,
        help_text="the number of the decision the action answers (view.decision.seq of the game's "
        "answer): refused as stale (O3.2) once that decision is past. Absent: applied to whatever "
        "is pending when a worker takes it up (older clients)",
    )


class ActionOut(serializers.Serializer):
    seq = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["queued", "applied", "refused"])
    rule = serializers.CharField(allow_blank=True)
    message = serializers.CharField(allow_blank=True)
    log_index = serializers.IntegerField(allow_null=True)


def _action_answer(row: GameAction) -> Response:
    body = {
        "seq": row.seq,
        "status": row.status,
        "rule": row.rule,
        "message": row.message,
        "log_index": row.log_index,
    }
    if row.status == GameAction.Status.REFUSED:
        body.update({"detail": f"{row.rule}: {row.message}", "code": "illegal_action"})
        return Response(body, status=status.HTTP_400_BAD_REQUEST)
    code = status.HTTP_200_OK if row.status == GameAction.Status.APPLIED else status.HTTP_202_ACCEPTED
    return Response(body, status=code)


def _body(request: Request) -> tuple[Any, Exception | None]:
    """The request's parsed body, or what is wrong with it (a body nested past what the parser
    can follow is a 400 like any other unparsable one, not a 500)."""
    try:
        return request.data, None
    except exceptions.APIException as error:
        return {}, error
    except RecursionError:
        return {}, exceptions.ParseError(_("JSON parse error - nested too deeply"))


def _decision_of(body: Any) -> int | None:
    """The ``decision`` the body sends, if it is one the serializer takes (else None: the
    serializer says what is wrong)."""
    value = body.get("decision") if isinstance(body, dict) else None
    return value if type(value) is int and 0 <= value <= 1_000_000 else None


class GameActionApi(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [ActionThrottle]  # the fast lane counts the same (api/lane.py)

    @extend_schema(
        request=ActionIn,
        responses={200: ActionOut, 202: ActionOut, **errors(409)},
        operation_id="matches_game_actions_create",
    )
    def post(self, request: Request, match_id: int) -> Response:
        body, unreadable = _body(request)  # said after the 404 and 403, as before
        # The hot path of online play: one statement reads all it checks (then one INSERT).
        facts = online_rows.action_facts(match_id, request.user.pk, decision=_decision_of(body))
        if facts is None:
            raise Http404
        if facts.seat is None:
            _match(request, match_id)  # 403 unless an official (who may not act either: the service says)
        if unreadable is not None:
            raise unreadable
        data = ActionIn(data=body)
        data.is_valid(raise_exception=True)
        if data.validated_data["decision"] != _decision_of(body):  # sent as text, say: ask again
            facts = online_rows.action_facts(
                match_id, request.user.pk, decision=data.validated_data["decision"]
            )
            assert facts is not None  # a match is never deleted under a player's request
        _playing_or_409(online=facts.online, started=facts.started, final=facts.final)
        row = svc.game_action_submit(match_id=match_id, facts=facts, **data.validated_data)
        if jobs.in_process():
            # Applied already: the task ran in-process on commit.
            row = GameAction.objects.get(match_id=match_id, seat=row.seat, seq=row.seq)
        return _action_answer(row)


class SideboardIn(serializers.Serializer):
    deck = serializers.JSONField(
        required=False,
        allow_null=True,
        default=None,
        help_text="the deck for the next game (the game's swaps, O4.2), or null: ready as is",
    )


class SideboardApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=SideboardIn,
        responses={200: GameStateOut, **errors(409)},
        operation_id="matches_game_sideboard",
    )
    def post(self, request: SignedInRequest, match_id: int) -> Response:
        match, seat, _official = _match(request, match_id)
        data = SideboardIn(data=request.data)
        data.is_valid(raise_exception=True)
        _game_or_409(match)
        try:
            svc.sideboard_submit(match=match, by=request.user, deck=data.validated_data["deck"])
        except BadInput as error:
            namer = card_namer(game=match.round.event.game, language=reader_language())
            for violation in error.extra.get("violations", []):
                # The reader's language (the play page), cards named in it too.
                violation["text"] = violation_text(violation, card_name=namer)
            raise
        match.refresh_from_db()
        return Response(game_state(match, seat))


class MatchLogApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[OpenApiParameter("game", int, description="game number, default 1")],
        responses={200: OpenApiTypes.OBJECT, **errors(403)},
        operation_id="matches_log_retrieve",
        description=(
            "The game's match log (formats.md): complete and replayable for the event's officials; "
            "for the two players once the match is final, and until the event publishes its "
            "decklists their own redacted copy (`redacted`: no seed, the opponent's `deck` null "
            "and only what they revealed in play under `revealed`)."
        ),
    )
    def get(self, request: Request, match_id: int) -> Response:
        match, seat, official = _match(request, match_id)
        if not official and match.status != Match.Status.FINAL:
            message = _("The log is yours to download once the match is final.")
            raise ApiError(message, code="log_not_public", status_code=403)
        number = whole_number(request.query_params.get("game", "1"), high=SMALL_MAX)
        if number is None:
            raise ApiError(_("game: a game number"), code="invalid")
        game = get_object_or_404(Game, match=match, number=number)
        log = game_log_shown(game=game, seat=seat)  # a player's copy is redacted until publication
        name = f"match-{match.pk}-game-{game.number}{'-redacted' if log.get('redacted') else ''}.json"
        response = Response(log)
        response["Content-Disposition"] = f'inline; filename="{name}"'
        return response


class GameEventsOut(serializers.Serializer):
    game_number = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="the number of actions in the game's log")
    events = serializers.ListField(child=serializers.JSONField())


class GameEventsApi(APIView):
    """The recent events of a game as the caller saw them (for the play page's log)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[OpenApiParameter("game", int, description="game number, default the current game")],
        responses={200: GameEventsOut, **errors(403, 409)},
        operation_id="matches_game_events_retrieve",
    )
    def get(self, request: Request, match_id: int) -> Response:
        match, seat, _official = _match(request, match_id)
        game = _game_or_409(match)
        raw = request.query_params.get("game", "")
        if raw:
            number = whole_number(raw, high=SMALL_MAX)
            if number is None:
                raise ApiError(_("game: a game number"), code="invalid")
            game = get_object_or_404(Game, match=match, number=number)
        events = (
            game_events(game=game, seat=seat)
            if game.actions or game.status != Game.Status.SIDEBOARDING
            else []
        )
        return Response({"game_number": game.number, "seq": len(game.actions), "events": events})
