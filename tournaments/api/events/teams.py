"""Teams of a team event: list them, a captain registers one with its members, and a member
withdraws theirs."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events.common import _event
from tournaments.api.schema import errors
from tournaments.selectors.events import event_teams
from tournaments.services import events as svc
from tournaments.users import SignedInRequest


class TeamIn(serializers.Serializer):
    name = serializers.CharField(max_length=svc.TEAM_NAME_MAX)
    members = serializers.ListField(
        child=serializers.CharField(max_length=150),
        max_length=3,
        help_text="the members' usernames in seat order (seat 1 first); each registers their deck",
    )


class TeamOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    captain = serializers.CharField()
    members = serializers.ListField(child=serializers.CharField(), help_text="usernames, seat order")
    decks = serializers.ListField(
        child=serializers.BooleanField(), help_text="for each member: a deck is registered"
    )
    ready = serializers.BooleanField(help_text="full and every member registered with a deck: the team plays")
    dropped = serializers.BooleanField()


class TeamsApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: TeamOut(many=True)}, operation_id="events_teams_list")
    def get(self, request: Request, event_id: int) -> Response:
        return Response([team.as_dict() for team in event_teams(event=_event(request, event_id))])

    @extend_schema(
        request=TeamIn, responses={201: TeamOut, **errors(400, 409)}, operation_id="events_teams_create"
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = TeamIn(data=request.data)
        data.is_valid(raise_exception=True)
        event = _event(request, event_id)
        team = svc.team_register(event=event, by=request.user, **data.validated_data)
        out = next(t for t in event_teams(event=event) if t.id == team.pk)
        return Response(out.as_dict(), status=status.HTTP_201_CREATED)


class MyTeamApi(APIView):
    @extend_schema(request=None, responses={204: None, **errors(409)}, operation_id="events_teams_leave")
    def delete(self, request: SignedInRequest, event_id: int) -> Response:
        """Leave my team while registration is open: the team is withdrawn (it plays only whole)."""
        svc.team_leave(event=_event(request, event_id), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
