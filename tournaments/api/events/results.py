"""Results: read a match, report, confirm or dispute it; a judge's extra time and no-shows."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments import labels
from tournaments.api.events.common import MatchOut, UsernameIn, _action, _match
from tournaments.api.schema import errors
from tournaments.selectors.events import (
    event_role,
    is_official,
)
from tournaments.services import events as svc
from tournaments.users import SignedInRequest


class ResultIn(serializers.Serializer):
    wins_a = serializers.IntegerField(min_value=0, max_value=9)
    wins_b = serializers.IntegerField(min_value=0, max_value=9)
    draws = serializers.IntegerField(min_value=0, max_value=9, default=0)
    # The official's reason, kept in the audit trail; required to override an online match.
    note = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class MinutesIn(serializers.Serializer):
    minutes = serializers.IntegerField(min_value=1, max_value=120)


class NoteOptionalIn(serializers.Serializer):
    note = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class MatchDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: MatchOut}, operation_id="matches_retrieve")
    def get(self, request: Request, match_id: int) -> Response:
        match = _match(request, match_id)
        body = dict(MatchOut(match).data)
        body["round"] = match.round.number
        body["event"] = match.round.event_id
        if is_official(event_role(event=match.round.event, user=request.user)):
            body["changes"] = [
                {
                    "by": c.by.username if c.by else "engine",
                    "action": c.action,
                    "old": c.old,
                    "new": c.new,
                    "note": labels.change_note(c.action, c.note),
                    "at": c.at.isoformat(),
                }
                for c in match.changes.select_related("by")
            ]
        return Response(body)


class MatchReportApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("matches_report", ResultIn, MatchOut)
    def post(self, request: SignedInRequest, match_id: int) -> Response:
        data = ResultIn(data=request.data)
        data.is_valid(raise_exception=True)
        match = svc.match_report(match=_match(request, match_id), by=request.user, **data.validated_data)
        return Response(MatchOut(_match(request, match.pk)).data)


class MatchConfirmApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("matches_confirm", None, MatchOut)
    def post(self, request: SignedInRequest, match_id: int) -> Response:
        svc.match_confirm(match=_match(request, match_id), by=request.user)
        return Response(MatchOut(_match(request, match_id)).data)


class MatchDisputeApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("matches_dispute", NoteOptionalIn, MatchOut)
    def post(self, request: SignedInRequest, match_id: int) -> Response:
        data = NoteOptionalIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.match_dispute(match=_match(request, match_id), by=request.user, note=data.validated_data["note"])
        return Response(MatchOut(_match(request, match_id)).data)


class MatchExtendApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("matches_extend", MinutesIn, MatchOut, conflict=False)
    def post(self, request: SignedInRequest, match_id: int) -> Response:
        data = MinutesIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.match_extend(
            match=_match(request, match_id), by=request.user, minutes=data.validated_data["minutes"]
        )
        return Response(MatchOut(_match(request, match_id)).data)


class MatchNoShowApi(APIView):
    """Give a paper match as a no-show loss to the player who has not come (organizer and judges)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=UsernameIn, responses={200: MatchOut, **errors(400, 403, 409)}, operation_id="matches_no_show"
    )
    def post(self, request: SignedInRequest, match_id: int) -> Response:
        data = UsernameIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.match_no_show(match=_match(request, match_id), by=request.user, **data.validated_data)
        return Response(MatchOut(_match(request, match_id)).data)
