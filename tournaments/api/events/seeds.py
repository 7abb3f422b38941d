"""The organizer's seed order of a bracket or a round robin (docs/api.md, "The organizer's seed
order"): set before the start, it decides the seeds when the event is seeded in the organizer's
order."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events.common import _event
from tournaments.api.schema import errors
from tournaments.services import events as svc
from tournaments.users import SignedInRequest


class SeedsIn(serializers.Serializer):
    order = serializers.ListField(
        child=serializers.CharField(max_length=150),
        max_length=svc.SEED_ORDER_MAX,
        help_text="every player still in the event, once, by username: seed 1 first",
    )


class SeedsOut(serializers.Serializer):
    order = serializers.ListField(child=serializers.CharField(), help_text="the usernames, seed 1 first")


class SeedsApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=SeedsIn,
        responses={200: SeedsOut, **errors(400, 403, 404, 409)},
        operation_id="events_seeds_set",
        description="The organizer's seed order, before the start of a bracket or a round robin "
        "seeded in the organizer's order. 400 seed_missing_player, seed_repeated, "
        "seed_unknown_player; 409 started, option_not_for_structure, not_organizer_seeding.",
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = SeedsIn(data=request.data)
        data.is_valid(raise_exception=True)
        event = _event(request, event_id)
        placed = svc.seeds_set(event=event, by=request.user, order=data.validated_data["order"])
        return Response({"order": [r.player.get_username() for r in placed]})
