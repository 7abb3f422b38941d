"""Online play (api.md "Matches", "Online play"): the caller's game view, actions, logs."""

from typing import Any

from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from respons_site.celery import app as celery_app
from tournaments.api.errors import ApiError
from tournaments.models import Game, GameAction, Match
from tournaments.selectors.events import event_role, is_official
from tournaments.selectors.play import game_events
from tournaments.services import online as svc


def _match(request: Request, match_id: int) -> tuple[Match, int | None, bool]:
    """Return the match, the caller's seat (or None) and whether the caller is an official.

    Raises 404 for an unknown match, 403 for anyone who is neither a player nor an official.
    """
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player_a__player", "player_b__player"), pk=match_id
    )
    seat = svc.seat_of(match, request.user)
    official = is_official(event_role(event=match.round.event, user=request.user))
    if seat is None and not official:
        message = "Only the players of this match, its judges and organizer can see it."
        raise ApiError(message, code="permission_denied", status_code=403)
    return match, seat, official


def _game_or_409(match: Match) -> Game:
    if not match.round.event.online or match.player_b is None:
        raise ApiError("This match is not played online.", code="not_online", status_code=409)
    game = svc.current_game(match)
    if game is None:
        raise ApiError("No game has started yet.", code="no_game", status_code=409)
    return game


class GameStateOut(serializers.Serializer):
    game_number = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    view = serializers.JSONField()
    legal_actions = serializers.ListField(child=serializers.JSONField())
    next_seq = serializers.IntegerField(allow_null=True)
    match_status = serializers.CharField()
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()
    game_status = serializers.CharField()
    clock = serializers.JSONField()
    games = serializers.JSONField()
    refused = serializers.JSONField()


def game_state(match: Match, seat: int | None) -> dict[str, Any]:
    """Return the api.md game answer for ``seat`` (None: an official, who gets the judge view)."""
    game = _game_or_409(match)
    if celery_app.conf.task_always_eager and match.pk in svc.matches_due():
        # No worker and no beat: enforce clocks and timers lazily, on read.
        svc.match_adjudicate(match_id=match.pk)
        match.refresh_from_db()
        game = _game_or_409(match)
    snapshot = game.snapshot or {}
    deciding = (snapshot.get("decision") or {}).get("seat")
    if seat is None:
        view = (
            svc.engine_for(game).judge_view()
            if game.actions or game.status != Game.Status.SIDEBOARDING
            else {}
        )
        legal: list[Any] = []
    else:
        view = (snapshot.get("views") or [{}, {}])[seat]
        legal = (snapshot.get("legal") or [[], []])[seat] if deciding == seat else []
    refused: list[Any] = []
    if seat is not None:
        rows = GameAction.objects.filter(match=match, seat=seat, status=GameAction.Status.REFUSED)
        refused = list(rows.order_by("-id").values("seq", "action", "rule", "message")[:5])
    return {
        "game_number": game.number,
        "seat": seat,
        "view": view,
        "legal_actions": legal,
        "next_seq": svc.next_seq(match, seat) if seat is not None else None,
        "match_status": match.status,
        "wins_a": match.wins_a,
        "wins_b": match.wins_b,
        "draws": match.draws,
        "game_status": game.status,
        "clock": {
            "limit": svc.clock_limit(match.round.event),
            "used": game.clock_used,
            "deciding": game.decision_seat,
            "since": game.decision_since.isoformat() if game.decision_since else None,
            "round_ends_at": match.round.ends_at.isoformat(),
            "sideboard_until": game.sideboard_until.isoformat() if game.sideboard_until else None,
        },
        "games": [
            {"number": g.number, "status": g.status, "winner": g.winner, "reason": g.reason}
            for g in match.games.order_by("number")
        ],
        "refused": refused,
    }


class GameStateApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: GameStateOut}, operation_id="matches_game_retrieve")
    def get(self, request: Request, match_id: int) -> Response:
        match, seat, _official = _match(request, match_id)
        return Response(game_state(match, seat))


class ActionIn(serializers.Serializer):
    seq = serializers.IntegerField(min_value=1, max_value=1_000_000)
    action = serializers.DictField(help_text="one of the legal actions, exactly as GET .../game/ lists it")


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


class GameActionApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ActionIn,
        responses={200: ActionOut, 202: ActionOut},
        operation_id="matches_game_actions_create",
    )
    def post(self, request: Request, match_id: int) -> Response:
        match, _seat, _official = _match(request, match_id)
        data = ActionIn(data=request.data)
        data.is_valid(raise_exception=True)
        _game_or_409(match)
        row = svc.game_action_submit(match=match, by=request.user, **data.validated_data)
        row.refresh_from_db()  # the worker may already have applied it (in-process mode)
        return _action_answer(row)


class SideboardIn(serializers.Serializer):
    deck = serializers.JSONField(
        required=False,
        allow_null=True,
        default=None,
        help_text="the deck for the next game (R2.7 swaps), or null: ready as is",
    )


class SideboardApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=SideboardIn, responses={200: GameStateOut}, operation_id="matches_game_sideboard")
    def post(self, request: Request, match_id: int) -> Response:
        match, seat, _official = _match(request, match_id)
        data = SideboardIn(data=request.data)
        data.is_valid(raise_exception=True)
        _game_or_409(match)
        svc.sideboard_submit(match=match, by=request.user, deck=data.validated_data["deck"])
        match.refresh_from_db()
        return Response(game_state(match, seat))


class MatchLogApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[OpenApiParameter("game", int, description="game number, default 1")],
        responses={200: OpenApiTypes.OBJECT},
        operation_id="matches_log_retrieve",
    )
    def get(self, request: Request, match_id: int) -> Response:
        match, _seat, official = _match(request, match_id)
        if not official and match.status != Match.Status.FINAL:
            message = "The log is yours to download once the match is final."
            raise ApiError(message, code="log_not_public", status_code=403)
        raw = request.query_params.get("game", "1")
        if not raw.isdigit():
            raise ApiError("game: a game number", code="invalid")
        game = get_object_or_404(Game, match=match, number=int(raw))
        response = Response(svc.game_log(game))
        response["Content-Disposition"] = f'inline; filename="match-{match.pk}-game-{game.number}.json"'
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
        responses={200: GameEventsOut},
        operation_id="matches_game_events_retrieve",
    )
    def get(self, request: Request, match_id: int) -> Response:
        match, seat, _official = _match(request, match_id)
        game = _game_or_409(match)
        raw = request.query_params.get("game", "")
        if raw:
            if not raw.isdigit() or len(raw) > 4:
                raise ApiError("game: a game number", code="invalid")
            game = get_object_or_404(Game, match=match, number=int(raw))
        events = (
            game_events(game=game, seat=seat)
            if game.actions or game.status != Game.Status.SIDEBOARDING
            else []
        )
        return Response({"game_number": game.number, "seq": len(game.actions), "events": events})
