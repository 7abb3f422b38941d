"""A league (docs/api.md, "Leagues"): its window and the list of players looking for a match,
joining and leaving the list, challenging a listed player, and the organizer's "match the
waiting players"."""

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.errors import ApiError
from tournaments.api.events.common import _event
from tournaments.api.schema import errors
from tournaments.models import Event, Match
from tournaments.selectors.events.league import is_league, league_view
from tournaments.services import events as svc
from tournaments.users import SignedInRequest


class RefusalOut(serializers.Serializer):
    code = serializers.CharField(
        help_text="not_open, closed, dropped, busy, limit, rematch, same_player, unknown_player, not_looking"
    )
    detail = serializers.CharField(help_text="the refusal in the reader's language")


class LookingOut(serializers.Serializer):
    username = serializers.CharField()
    since = serializers.DateTimeField(help_text="when they joined the list")
    match_points = serializers.IntegerField()
    you = serializers.BooleanField(help_text="true: the reader")
    can_challenge = serializers.BooleanField(
        required=False, help_text="for a player of the league: whether they may challenge this player now"
    )
    refusal = RefusalOut(required=False, allow_null=True, help_text="why not, when they may not")


class YouOut(serializers.Serializer):
    username = serializers.CharField()
    looking = serializers.BooleanField(help_text="on the list of players looking for a match")
    matches_played = serializers.IntegerField()
    matches_left = serializers.IntegerField(help_text="counting the match being played")
    match = serializers.IntegerField(allow_null=True, help_text="the id of their league match in progress")
    refusal = RefusalOut(allow_null=True, help_text="why they may not be matched now (null: they may)")


class LeagueOut(serializers.Serializer):
    league_days = serializers.IntegerField()
    league_matches = serializers.IntegerField()
    opens_at = serializers.DateTimeField(allow_null=True, help_text="null before the start")
    closes_at = serializers.DateTimeField(allow_null=True)
    open = serializers.BooleanField(help_text="matches can be made now")
    looking = LookingOut(many=True, help_text="the players looking for a match, in the order they joined")
    you = YouOut(allow_null=True, help_text="the reader's own state, when they play in the league")


class ChallengeIn(serializers.Serializer):
    opponent = serializers.CharField(max_length=150, help_text="the username of a player on the list")


class LeagueMatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField(help_text="the league's matches are numbered in the order they are made")
    player_a = serializers.CharField(source="player_a.player.username")
    player_b = serializers.CharField(source="player_b.player.username")
    status = serializers.CharField()


class PairedOut(serializers.Serializer):
    matches = LeagueMatchOut(many=True)
    waiting = serializers.IntegerField(help_text="players still on the list")


def _league(request: Request, event_id: int) -> Event:
    event = _event(request, event_id)
    if not is_league(event):
        raise ApiError(_("This event is not a league."), code="not_a_league", status_code=404)
    return event


def _view(request: Request, event: Event) -> dict[str, Any]:
    return league_view(event=event, reader=request.user)


class LeagueApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: LeagueOut, **errors(404)}, operation_id="events_league")
    def get(self, request: Request, event_id: int) -> Response:
        event = _league(request, event_id)
        return Response(LeagueOut(_view(request, event)).data)


class LeagueLookingApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: LeagueOut, **errors(403, 404, 409)},
        operation_id="events_league_looking",
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        event = _league(request, event_id)
        svc.league_looking_set(event=event, by=request.user, looking=True)
        return Response(LeagueOut(_view(request, event)).data)

    @extend_schema(
        request=None,
        responses={200: LeagueOut, **errors(403, 404, 409)},
        operation_id="events_league_looking_leave",
    )
    def delete(self, request: SignedInRequest, event_id: int) -> Response:
        event = _league(request, event_id)
        svc.league_looking_set(event=event, by=request.user, looking=False)
        return Response(LeagueOut(_view(request, event)).data)


def _match(match: Match) -> dict[str, Any]:
    match = Match.objects.select_related("player_a__player", "player_b__player").get(pk=match.pk)
    return dict(LeagueMatchOut(match).data)


class LeagueChallengeApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ChallengeIn,
        responses={201: LeagueMatchOut, **errors(400, 403, 404, 409)},
        operation_id="events_league_challenge",
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        event = _league(request, event_id)
        data = ChallengeIn(data=request.data)
        data.is_valid(raise_exception=True)
        match = svc.league_challenge(event=event, by=request.user, opponent=data.validated_data["opponent"])
        return Response(_match(match), status=201)


class LeaguePairWaitingApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None, responses={200: PairedOut, **errors(403, 404, 409)}, operation_id="events_league_pair"
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        event = _league(request, event_id)
        matches, waiting = svc.league_pair_waiting(event=event, by=request.user)
        return Response({"matches": [_match(m) for m in matches], "waiting": waiting})
