"""Rounds: start the event, pair the next round, read a round's pairings and the standings."""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.errors import ApiError
from tournaments.api.events.common import EventOut, HoldIn, RoundOut, _action, _event
from tournaments.models import Round
from tournaments.selectors.events import (
    round_visible,
    standings_json,
)
from tournaments.services import events as svc
from tournaments.users import SignedInRequest


class EventStartApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_start", HoldIn, RoundOut)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = HoldIn(data=request.data)
        data.is_valid(raise_exception=True)
        round_ = svc.event_start(event=_event(request, event_id), by=request.user, **data.validated_data)
        return Response(RoundOut(round_).data)


class FinishedOut(serializers.Serializer):
    finished = serializers.BooleanField(help_text="always true: the event is over, no round follows")
    event = EventOut()


class NextRoundApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action(
        "events_next_round",
        HoldIn,
        PolymorphicProxySerializer(
            component_name="NextRoundOut",
            serializers=[RoundOut, FinishedOut],
            resource_type_field_name=None,
        ),
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = HoldIn(data=request.data)
        data.is_valid(raise_exception=True)
        round_ = svc.round_next(event=_event(request, event_id), by=request.user, **data.validated_data)
        if round_ is None:
            return Response({"finished": True, "event": EventOut(_event(request, event_id)).data})
        return Response(RoundOut(round_).data)


class RoundDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: RoundOut}, operation_id="events_rounds_retrieve")
    def get(self, request: Request, event_id: int, number: int) -> Response:
        event = _event(request, event_id)
        round_ = get_object_or_404(Round, event=event, number=number)
        if not round_visible(round=round_, user=request.user):
            # Held pairings: only the officials see them; the others learn the round is coming.
            raise ApiError(
                _("Round %(n)s is being prepared: its pairings are not published yet.") % {"n": number},
                code="round_preparing",
                status_code=404,
            )
        return Response(RoundOut(round_).data)


class StandingOut(serializers.Serializer):
    rank = serializers.IntegerField(
        help_text="final place: after a top cut its winner is 1st, the finalist 2nd, then each "
        "elimination round's losers by Swiss rank, then everyone else by Swiss rank"
    )
    username = serializers.CharField()
    match_points = serializers.IntegerField()
    wins = serializers.IntegerField()
    losses = serializers.IntegerField()
    draws = serializers.IntegerField()
    omw = serializers.FloatField()
    gw = serializers.FloatField()
    ogw = serializers.FloatField()
    dropped = serializers.BooleanField()
    swiss_rank = serializers.IntegerField(help_text="place after the Swiss rounds (the top-cut seed)")
    top_cut = serializers.ChoiceField(
        choices=["winner", "final", "semifinal", "quarterfinal"],
        allow_null=True,
        help_text="how far the player went in the top cut: won it, or the last round played; "
        "null when not in the top cut (or the event has none)",
    )


class StandingsApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        responses={200: StandingOut(many=True)},
        operation_id="events_standings",
        description="The final standings, best first: after a top cut, ordered by how far each player "
        "went (top_cut), then by Swiss rank.",
    )
    def get(self, request: Request, event_id: int) -> Response:
        return Response(standings_json(event=_event(request, event_id)))
