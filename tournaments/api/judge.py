"""Judges' API: penalties in a match, bot players for a test event (issue: online matches)."""

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.errors import ApiError
from tournaments.api.schema import errors
from tournaments.models import Match, Penalty
from tournaments.selectors.events import event_role, event_seen, is_official
from tournaments.selectors.judge import match_penalties, penalty_json
from tournaments.selectors.online import seat_of
from tournaments.services.bots import MAX_BOTS_PER_CALL, event_fill_bots
from tournaments.services.events import event_penalty_give
from tournaments.users import SignedInRequest


class PenaltyIn(serializers.Serializer):
    username = serializers.CharField(max_length=150, help_text="the penalised player of this match")
    kind = serializers.ChoiceField(choices=Penalty.Kind.choices)
    note = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class PenaltyOut(serializers.Serializer):
    id = serializers.IntegerField()
    match = serializers.IntegerField()
    username = serializers.CharField()
    kind = serializers.ChoiceField(choices=Penalty.Kind.choices)
    note = serializers.CharField(allow_blank=True)
    by = serializers.CharField()
    at = serializers.DateTimeField()


class PenaltyGivenOut(PenaltyOut):
    match_status = serializers.CharField()
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()


def _match(request: SignedInRequest, match_id: int) -> tuple[Match, bool]:
    """Return the match and whether the caller is an official; 404 unknown, 403 for outsiders."""
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player_a__player", "player_b__player"), pk=match_id
    )
    official = is_official(event_role(event=match.round.event, user=request.user))
    if not official and seat_of(match, request.user) is None:
        message = _("Only the players of this match, its judges and organizer can see it.")
        raise ApiError(message, code="permission_denied", status_code=403)
    return match, official


class PenaltyApi(APIView):
    """GET: the match's penalties (officials: all; a player of the match: their own). POST: give
    one (officials)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: PenaltyOut(many=True), **errors(403)},
        operation_id="matches_penalties_list",
        description=(
            "The match's penalties, oldest first: every one to the event's officials; to a player "
            "of the match only their own (with the judge's note), never the opponent's."
        ),
    )
    def get(self, request: SignedInRequest, match_id: int) -> Response:
        match, official = _match(request, match_id)
        penalties = match_penalties(match=match, player=None if official else request.user)
        return Response([penalty_json(p) for p in penalties])

    @extend_schema(
        request=PenaltyIn,
        responses={201: PenaltyGivenOut, **errors(409)},
        operation_id="matches_penalties_create",
    )
    def post(self, request: SignedInRequest, match_id: int) -> Response:
        match, _official = _match(request, match_id)
        data = PenaltyIn(data=request.data)
        data.is_valid(raise_exception=True)
        penalty = event_penalty_give(match=match, by=request.user, **data.validated_data)
        match.refresh_from_db()
        body = {
            **penalty_json(penalty),
            "match_status": match.status,
            "wins_a": match.wins_a,
            "wins_b": match.wins_b,
            "draws": match.draws,
        }
        return Response(body, status=status.HTTP_201_CREATED)


class BotsIn(serializers.Serializer):
    count = serializers.IntegerField(min_value=1, max_value=MAX_BOTS_PER_CALL)


class BotsOut(serializers.Serializer):
    count = serializers.IntegerField()
    usernames = serializers.ListField(child=serializers.CharField())


class EventBotsApi(APIView):
    """POST: the organizer registers ``count`` bot players with random legal decks."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=BotsIn, responses={201: BotsOut, **errors(409)}, operation_id="events_bots_create")
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        event = event_seen(event_id=event_id, user=request.user)
        if event is None:
            raise Http404
        data = BotsIn(data=request.data)
        data.is_valid(raise_exception=True)
        registrations = event_fill_bots(event=event, by=request.user, count=data.validated_data["count"])
        body = {"count": len(registrations), "usernames": [r.player.get_username() for r in registrations]}
        return Response(body, status=status.HTTP_201_CREATED)
