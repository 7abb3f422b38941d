"""Rounds: start the event, pair the next round, read a round's pairings and the standings."""

from typing import Any

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.errors import ApiError
from tournaments.api.events.common import EventOut, HoldIn, RoundOut, _action, _event, _event_out
from tournaments.api.schema import errors
from tournaments.models import Event, Round
from tournaments.selectors.events import (
    bracket_json,
    round_visible,
    standings_json,
    structure_standings,
    team_standings_rows,
)
from tournaments.services import events as svc
from tournaments.users import SignedInRequest


class PairedRoundOut(RoundOut):
    paired_rounds = serializers.ListField(
        child=serializers.IntegerField(),
        read_only=True,
        help_text="the numbers of every round this call paired: a bracket pairs every match whose "
        "players are known, its winners' and losers' rounds side by side",
    )


def _with_paired(out: Any, round_: Round) -> Any:
    """Add ``paired_rounds``: the numbers of the rounds this call paired (a bracket pairs every
    match whose players are known, its rounds side by side; they start at the same moment)."""
    out["paired_rounds"] = list(
        Round.objects.filter(event_id=round_.event_id, started_at=round_.started_at)
        .order_by("number")
        .values_list("number", flat=True)
    )
    return out


class EventStartApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_start", HoldIn, PairedRoundOut)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = HoldIn(data=request.data)
        data.is_valid(raise_exception=True)
        round_ = svc.event_start(event=_event(request, event_id), by=request.user, **data.validated_data)
        return Response(_with_paired(RoundOut(round_).data, round_))


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
            serializers=[PairedRoundOut, FinishedOut],
            resource_type_field_name=None,
        ),
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = HoldIn(data=request.data)
        data.is_valid(raise_exception=True)
        round_ = svc.round_next(event=_event(request, event_id), by=request.user, **data.validated_data)
        if round_ is None:
            return Response({"finished": True, "event": _event_out(request, event_id)})
        return Response(_with_paired(RoundOut(round_).data, round_))


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
        event = _event(request, event_id)
        if event.structure != Event.Structure.SWISS:
            return Response(structure_standings(event=event).rows)
        if event.teams:
            return Response(team_standings_rows(event=event))
        return Response(standings_json(event=event))


class BracketMatchOut(serializers.Serializer):
    id = serializers.JSONField(help_text="the site's match id; the bracket key while not paired yet")
    key = serializers.CharField(
        help_text="the bracket match: W2-1 (winners' round 2, place 1), L3-1, GF1, GF2"
    )
    table = serializers.IntegerField()
    player_a = serializers.CharField(allow_null=True, help_text="null while not known yet")
    player_b = serializers.CharField(allow_null=True)
    winner = serializers.CharField(allow_null=True)
    status = serializers.ChoiceField(choices=["waiting", "ready", "played", "walkover", "void"])
    from_a = serializers.DictField(help_text='{"seed": N}, {"winner_of": key} or {"loser_of": key}')
    from_b = serializers.DictField()


class BracketRoundOut(serializers.Serializer):
    number = serializers.IntegerField(help_text="the round's number, as GET /api/events/{id}/rounds/{n}/")
    kind = serializers.ChoiceField(choices=["winners", "losers", "grand_final"])
    stage = serializers.CharField(
        help_text="quarterfinal, semifinal, final, winners_2, losers_3, grand_final, …"
    )
    matches = BracketMatchOut(many=True)


class BracketOut(serializers.Serializer):
    structure = serializers.CharField()
    grand_final_reset = serializers.BooleanField()
    champion = serializers.CharField(allow_null=True, required=False)
    rounds = BracketRoundOut(many=True)


class BracketApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: BracketOut, **errors(404)}, operation_id="events_bracket")
    def get(self, request: Request, event_id: int) -> Response:
        event = _event(request, event_id)
        if event.structure not in (Event.Structure.SINGLE_ELIMINATION, Event.Structure.DOUBLE_ELIMINATION):
            raise ApiError(
                _("This event is not played as a bracket (its structure is %(structure)s).")
                % {"structure": event.get_structure_display()},
                code="no_bracket",
                status_code=404,
            )
        return Response(bracket_json(event=event))
