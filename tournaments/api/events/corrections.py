"""Corrections of the pairings: publish held pairings, swap two players, a manual bye, re-pair or
undo the round, and the forbidden pairs.
"""

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events.common import (
    EventOut,
    ReasonIn,
    ReasonOptionalIn,
    RoundOut,
    _event,
    _event_out,
    _organizer_event,
)
from tournaments.api.schema import errors
from tournaments.models import Event
from tournaments.selectors.events import (
    forbidden_pairs_listed,
)
from tournaments.services import events as svc
from tournaments.users import SignedInRequest


class PairingChangeOut(serializers.Serializer):
    round = RoundOut()
    warnings = serializers.ListField(
        child=serializers.CharField(), help_text="a rematch, players of different points (made all the same)"
    )


class SwapIn(serializers.Serializer):
    player_a = serializers.CharField(max_length=150)
    player_b = serializers.CharField(max_length=150)
    reason = serializers.CharField(max_length=2000)


class ByeIn(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    reason = serializers.CharField(max_length=2000)


_TEAM_NAME = "a team event: a team's name (a member's username also names their team)"


class PairingSwapIn(serializers.Serializer):
    """The swap's body: ``player_a``/``player_b`` (required outside a team event), or in a team
    event ``team_a``/``team_b``."""

    player_a = serializers.CharField(
        max_length=150, required=False, help_text="required outside a team event"
    )
    player_b = serializers.CharField(
        max_length=150, required=False, help_text="required outside a team event"
    )
    team_a = serializers.CharField(max_length=150, required=False, help_text=_TEAM_NAME)
    team_b = serializers.CharField(max_length=150, required=False, help_text=_TEAM_NAME)
    reason = serializers.CharField(max_length=2000)


class PairingByeIn(serializers.Serializer):
    """The bye's body: ``username`` (required outside a team event), or in a team event ``team``."""

    username = serializers.CharField(
        max_length=150, required=False, help_text="required outside a team event"
    )
    team = serializers.CharField(max_length=150, required=False, help_text=_TEAM_NAME)
    reason = serializers.CharField(max_length=2000)


def _round_body(event: Event) -> dict[str, Any]:
    round_ = event.round_set.order_by("-number").first()
    assert round_ is not None
    return dict(RoundOut(round_).data)


def _pairing(operation_id: str, request_serializer: Any, response: Any) -> Any:
    return extend_schema(
        request=request_serializer,
        responses={200: response, **errors(400, 403, 409)},
        operation_id=operation_id,
    )


class PairingsPublishApi(APIView):
    """Publish the current round's held pairings (organizer): players see them, games start."""

    permission_classes = [IsAuthenticated]

    @_pairing("events_pairings_publish", ReasonOptionalIn, RoundOut)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = ReasonOptionalIn(data=request.data)
        data.is_valid(raise_exception=True)
        round_ = svc.pairings_publish(event=_event(request, event_id), by=request.user, **data.validated_data)
        return Response(RoundOut(round_).data)


class PairingsSwapApi(APIView):
    """Swap two players of the current round between their tables (organizer), with a reason;
    a bracket's or a round robin's two players swap their seeds; a team round's two teams swap
    their team tables."""

    permission_classes = [IsAuthenticated]

    @_pairing("events_pairings_swap", PairingSwapIn, PairingChangeOut)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        event = _event(request, event_id)
        data = PairingSwapIn(data=request.data) if event.teams else SwapIn(data=request.data)
        data.is_valid(raise_exception=True)
        change = svc.pairings_swap(event=event, by=request.user, **data.validated_data)
        # A bracket's swap pairs its rounds again: the first of them, as the start answers.
        return Response({"round": RoundOut(change.round).data, "warnings": change.warnings})


class PairingsByeApi(APIView):
    """Give a player the current round's bye (organizer), with a reason; in a team event, a team
    (each member's seat a bye)."""

    permission_classes = [IsAuthenticated]

    @_pairing("events_pairings_bye", PairingByeIn, PairingChangeOut)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        event = _event(request, event_id)
        data = PairingByeIn(data=request.data) if event.teams else ByeIn(data=request.data)
        data.is_valid(raise_exception=True)
        change = svc.bye_manual(event=event, by=request.user, **data.validated_data)
        return Response({"round": _round_body(event), "warnings": change.warnings})


class RoundRepairApi(APIView):
    """Pair the current round again while no result is in (organizer), with a reason."""

    permission_classes = [IsAuthenticated]

    @_pairing("events_round_repair", ReasonIn, RoundOut)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = ReasonIn(data=request.data)
        data.is_valid(raise_exception=True)
        round_ = svc.round_repair(event=_event(request, event_id), by=request.user, **data.validated_data)
        return Response(RoundOut(round_).data)


class RoundUndoApi(APIView):
    """Undo the last round (organizer), with a reason; its results stay in the audit trail."""

    permission_classes = [IsAuthenticated]

    @_pairing("events_round_undo", ReasonIn, EventOut)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = ReasonIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.round_undo(event=_event(request, event_id), by=request.user, **data.validated_data)
        return Response(_event_out(request, event_id))


class ForbiddenPairOut(serializers.Serializer):
    id = serializers.IntegerField()
    player_a = serializers.CharField(source="a.player.username")
    player_b = serializers.CharField(source="b.player.username")
    reason = serializers.CharField()
    by = serializers.CharField(source="by.username")
    created_at = serializers.DateTimeField()


class ForbiddenPairsApi(APIView):
    """Players the pairer keeps apart when it can (organizer): family, the same team, …"""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: ForbiddenPairOut(many=True), **errors(403)},
        operation_id="events_forbidden_pairs_list",
    )
    def get(self, request: Request, event_id: int) -> Response:
        event = _organizer_event(request, event_id)
        return Response(ForbiddenPairOut(forbidden_pairs_listed(event=event), many=True).data)

    @extend_schema(
        request=SwapIn,
        responses={201: ForbiddenPairOut, **errors(400, 403, 409)},
        operation_id="events_forbidden_pairs_create",
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = SwapIn(data=request.data)
        data.is_valid(raise_exception=True)
        pair = svc.forbidden_pair_add(event=_event(request, event_id), by=request.user, **data.validated_data)
        return Response(ForbiddenPairOut(pair).data, status=status.HTTP_201_CREATED)


class ForbiddenPairDetailApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ReasonOptionalIn,
        responses={204: None, **errors(400, 403)},
        operation_id="events_forbidden_pairs_delete",
    )
    def delete(self, request: SignedInRequest, event_id: int, pair_id: int) -> Response:
        data = ReasonOptionalIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.forbidden_pair_remove(
            event=_event(request, event_id), by=request.user, pair_id=pair_id, **data.validated_data
        )
        return Response(status=status.HTTP_204_NO_CONTENT)
