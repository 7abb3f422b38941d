"""Events themselves: list, create, read, change, open, cancel or delete one; its judges and its
audit trail.
"""

from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.registry import game_keys
from tournaments import labels
from tournaments.api.events.common import (
    EventOut,
    ReasonIn,
    ReasonOptionalIn,
    UsernameIn,
    _action,
    _annotated,
    _event,
    _event_out,
)
from tournaments.api.schema import errors
from tournaments.audit_words import audit_lines
from tournaments.models import Event
from tournaments.selectors.events import (
    EventFilters,
    event_audit,
    event_role,
    events_search,
    is_official,
)
from tournaments.services import events as svc
from tournaments.services.errors import BadInput, NotAllowed
from tournaments.users import SignedInRequest

GRACE_HELP = (
    "online: minutes a game waits for both players before an absent one loses it as a no-show "
    "(no clock runs meanwhile); 0: the clocks start at once"
)
SPECTATORS_HELP = "online: who may watch the matches and their replays: nobody, signed-in users, everyone"
DELAY_HELP = "online: how far behind the games spectators see them (in spectate_delay_unit), at least 1"
DELAY_UNIT_HELP = "turns (games that count none fall back to minutes) or minutes"
SEED_HELP = "round 1 pairs by the players' ratings in the game, top half against bottom half"
STRUCTURE_HELP = "swiss (the default), single_elimination, double_elimination, round_robin or league"
TIEBREAKERS_HELP = (
    "the standings' tiebreakers in order, from mwp, omw, gw, ogw, buchholz, median_buchholz, "
    "sonneborn_berger, head_to_head, oomw; left out: the game's profile"
)
SEEDING_HELP = (
    "a bracket's seeds (a round robin's order): random, rating, or organizer (the order set with "
    "POST /api/events/{id}/seeds/, else the entry list's)"
)
DROP_POLICY_HELP = (
    "round robin: what a dropped player's results become: keep (the default; their matches left "
    "are forfeits) or void (every match they played is struck, their opponents rest)"
)
DATETIME_HELP = "ISO 8601 date and time; without an offset, a wall-clock time in the event's time_zone"


class EventIn(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    game = serializers.ChoiceField(choices=list(game_keys()), default=lambda: settings.DEFAULT_GAME)
    format = serializers.CharField(max_length=32, default="constructed")
    best_of = serializers.ChoiceField(choices=[1, 3], default=1)
    rounds = serializers.IntegerField(min_value=1, max_value=20, allow_null=True, default=None)
    top_cut = serializers.ChoiceField(choices=[0, 2, 4, 8], default=0)
    # Left out (or null): the game's default (engine RULES.side_deck_default; Your War: 0).
    side_deck_max = serializers.IntegerField(min_value=0, max_value=60, allow_null=True, default=None)
    online = serializers.BooleanField(default=False)
    round_minutes = serializers.IntegerField(min_value=5, max_value=600, default=50)
    grace_minutes = serializers.IntegerField(
        min_value=0, max_value=svc.GRACE_MAX, default=5, help_text=GRACE_HELP
    )
    player_cap = serializers.IntegerField(min_value=2, max_value=100_000, allow_null=True, default=None)
    late_entry = serializers.BooleanField(default=False)
    check_in_required = serializers.BooleanField(
        default=False, help_text="players check in before the start; the others are dropped at it"
    )
    no_show_minutes = serializers.IntegerField(
        min_value=1, max_value=120, default=10, help_text="minutes into a round before a no-show loss"
    )
    spectators = serializers.ChoiceField(
        choices=Event.Spectators.choices, default=Event.Spectators.NOBODY, help_text=SPECTATORS_HELP
    )
    spectate_delay = serializers.IntegerField(
        min_value=1, max_value=svc.SPECTATE_DELAY_MAX, default=2, help_text=DELAY_HELP
    )
    spectate_delay_unit = serializers.ChoiceField(
        choices=Event.DelayUnit.choices, default=Event.DelayUnit.TURNS, help_text=DELAY_UNIT_HELP
    )
    seed_by_rating = serializers.BooleanField(default=False, help_text=SEED_HELP)
    starts_at = serializers.CharField(
        required=False, allow_null=True, allow_blank=True, help_text=DATETIME_HELP
    )
    time_zone = serializers.CharField(max_length=64, default="UTC", help_text="IANA name, e.g. Europe/Moscow")
    venue = serializers.CharField(max_length=200, required=False, allow_blank=True, help_text="empty: online")
    description = serializers.CharField(max_length=5000, required=False, allow_blank=True)
    registration_closes_at = serializers.CharField(
        required=False, allow_null=True, allow_blank=True, help_text=DATETIME_HELP
    )
    # The structure and its options, checked together by the service (stable codes per error).
    structure = serializers.CharField(max_length=32, required=False, help_text=STRUCTURE_HELP)
    teams = serializers.IntegerField(required=False, help_text="players per team: 0 (individual), 2 or 3")
    double_round_robin = serializers.BooleanField(
        required=False, help_text="round robin: play everyone twice"
    )
    grand_final_reset = serializers.BooleanField(
        required=False, help_text="double elimination: a second final when the losers' bracket finalist wins"
    )
    league_days = serializers.IntegerField(required=False, allow_null=True, help_text="league: days it runs")
    league_matches = serializers.IntegerField(
        required=False, allow_null=True, help_text="league: matches each player may play"
    )
    tiebreakers = serializers.ListField(
        child=serializers.CharField(max_length=32), required=False, max_length=20, help_text=TIEBREAKERS_HELP
    )
    seeding = serializers.CharField(max_length=16, required=False, help_text=SEEDING_HELP)
    team_copy_limit = serializers.BooleanField(
        required=False, help_text="a team event: a card's copies across a team's decks as in one deck"
    )
    drop_policy = serializers.CharField(max_length=16, required=False, help_text=DROP_POLICY_HELP)


class EventFiltersIn(serializers.Serializer):
    """The event list's search and filters (all optional)."""

    q = serializers.CharField(
        max_length=100, required=False, default="", help_text="in name, venue, description"
    )
    game = serializers.ChoiceField(choices=list(game_keys()), required=False, default="")
    status = serializers.ChoiceField(choices=Event.Status.values, required=False, default="")
    date_from = serializers.DateField(required=False, default=None, help_text="events starting on or after")
    online = serializers.BooleanField(required=False, default=None, allow_null=True)


class EventPatchIn(serializers.Serializer):
    """Any of an event's settings and details, and the reason (required once the event has started)."""

    name = serializers.CharField(max_length=200, required=False)
    game = serializers.ChoiceField(choices=list(game_keys()), required=False)
    format = serializers.CharField(max_length=32, required=False)
    best_of = serializers.ChoiceField(choices=[1, 3], required=False)
    rounds = serializers.IntegerField(min_value=1, max_value=20, allow_null=True, required=False)
    top_cut = serializers.ChoiceField(choices=[0, 2, 4, 8], required=False)
    side_deck_max = serializers.IntegerField(min_value=0, max_value=60, required=False)
    online = serializers.BooleanField(required=False)
    round_minutes = serializers.IntegerField(min_value=5, max_value=600, required=False)
    grace_minutes = serializers.IntegerField(
        min_value=0, max_value=svc.GRACE_MAX, required=False, help_text=GRACE_HELP
    )
    player_cap = serializers.IntegerField(min_value=2, max_value=100_000, allow_null=True, required=False)
    late_entry = serializers.BooleanField(required=False)
    check_in_required = serializers.BooleanField(required=False)
    no_show_minutes = serializers.IntegerField(min_value=1, max_value=120, required=False)
    spectators = serializers.ChoiceField(
        choices=Event.Spectators.choices, required=False, help_text=SPECTATORS_HELP
    )
    spectate_delay = serializers.IntegerField(
        min_value=1, max_value=svc.SPECTATE_DELAY_MAX, required=False, help_text=DELAY_HELP
    )
    spectate_delay_unit = serializers.ChoiceField(
        choices=Event.DelayUnit.choices, required=False, help_text=DELAY_UNIT_HELP
    )
    seed_by_rating = serializers.BooleanField(required=False, help_text=SEED_HELP)
    starts_at = serializers.CharField(
        required=False, allow_null=True, allow_blank=True, help_text=DATETIME_HELP
    )
    time_zone = serializers.CharField(max_length=64, required=False)
    venue = serializers.CharField(max_length=200, required=False, allow_blank=True)
    description = serializers.CharField(max_length=5000, required=False, allow_blank=True)
    registration_closes_at = serializers.CharField(
        required=False, allow_null=True, allow_blank=True, help_text=DATETIME_HELP
    )
    structure = serializers.CharField(max_length=32, required=False, help_text=STRUCTURE_HELP)
    double_round_robin = serializers.BooleanField(required=False)
    grand_final_reset = serializers.BooleanField(required=False)
    tiebreakers = serializers.ListField(
        child=serializers.CharField(max_length=32), required=False, max_length=20, help_text=TIEBREAKERS_HELP
    )
    seeding = serializers.CharField(max_length=16, required=False, help_text=SEEDING_HELP)
    drop_policy = serializers.CharField(max_length=16, required=False, help_text=DROP_POLICY_HELP)
    reason = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


def event_patch(request: SignedInRequest, event_id: int) -> Response:
    """PATCH /api/events/{id}/: change settings and details (organizer)."""
    data = EventPatchIn(data=request.data)
    data.is_valid(raise_exception=True)
    unknown = sorted(set(request.data) - set(data.fields)) if hasattr(request.data, "keys") else []
    if unknown:  # a misspelt setting would otherwise change nothing, silently
        raise BadInput(_("%(field)s: not a setting of an event") % {"field": unknown[0]}, code="invalid")
    changes = dict(data.validated_data)
    reason = changes.pop("reason")
    svc.event_edit(event=_event(request, event_id), by=request.user, changes=changes, reason=reason)
    return Response(_event_out(request, event_id))


def event_remove(request: SignedInRequest, event_id: int) -> Response:
    """DELETE /api/events/{id}/: delete a draft (organizer); the reason may come in the body."""
    data = ReasonOptionalIn(data=request.data)
    data.is_valid(raise_exception=True)
    svc.event_delete(event=_event(request, event_id), by=request.user, reason=data.validated_data["reason"])
    return Response(status=status.HTTP_204_NO_CONTENT)


class EventListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(
        parameters=[EventFiltersIn], responses={200: EventOut(many=True)}, operation_id="events_list"
    )
    def get(self, request: Request) -> Response:
        filters = EventFiltersIn(data=request.query_params)
        filters.is_valid(raise_exception=True)
        events = events_search(user=request.user, filters=EventFilters(**filters.validated_data))
        events = _annotated(events).order_by("-created_at")[:500]
        return Response(EventOut(events, many=True, context={"request": request}).data)

    @extend_schema(request=EventIn, responses={201: EventOut}, operation_id="events_create")
    def post(self, request: SignedInRequest) -> Response:
        data = EventIn(data=request.data)
        data.is_valid(raise_exception=True)
        event = svc.event_create(organizer=request.user, **data.validated_data)
        return Response(_event_out(request, event.pk), status=status.HTTP_201_CREATED)


class EventDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: EventOut}, operation_id="events_retrieve")
    def get(self, request: Request, event_id: int) -> Response:
        return Response(_event_out(request, event_id))

    @extend_schema(
        request=EventPatchIn, responses={200: EventOut, **errors(409)}, operation_id="events_update"
    )
    def patch(self, request: SignedInRequest, event_id: int) -> Response:
        return event_patch(request, event_id)

    @extend_schema(
        request=ReasonOptionalIn, responses={204: None, **errors(400, 409)}, operation_id="events_delete"
    )
    def delete(self, request: SignedInRequest, event_id: int) -> Response:
        return event_remove(request, event_id)


class EventOpenApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_open")
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        svc.event_open(event=_event(request, event_id), by=request.user)
        return Response(_event_out(request, event_id))


class JudgeAddApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_judges_add", UsernameIn, conflict=False)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = UsernameIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.judge_add(event=_event(request, event_id), by=request.user, **data.validated_data)
        return Response(_event_out(request, event_id))


class EventCancelApi(APIView):
    """Cancel an event that has not started (organizer), with a reason."""

    permission_classes = [IsAuthenticated]

    @_action("events_cancel", ReasonIn)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = ReasonIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.event_cancel(event=_event(request, event_id), by=request.user, **data.validated_data)
        return Response(_event_out(request, event_id))


class JudgeRemoveApi(APIView):
    """Remove a judge (organizer), with a reason."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ReasonIn, responses={200: EventOut, **errors(400, 409)}, operation_id="events_judges_remove"
    )
    def delete(self, request: SignedInRequest, event_id: int, username: str) -> Response:
        data = ReasonIn(data=request.data)
        data.is_valid(raise_exception=True)
        event = _event(request, event_id)
        svc.judge_remove(event=event, by=request.user, username=username, **data.validated_data)
        return Response(_event_out(request, event_id))


class AuditOut(serializers.Serializer):
    by = serializers.CharField(allow_null=True, help_text="username; null: the rules engine")
    action = serializers.CharField()
    match = serializers.IntegerField(allow_null=True)
    round = serializers.IntegerField(allow_null=True)
    old = serializers.JSONField()
    new = serializers.JSONField()
    reason = serializers.CharField()
    at = serializers.DateTimeField()
    said = serializers.ListField(
        child=serializers.CharField(),
        help_text="the change in words, one sentence a line, in the reader's language",
    )


class EventAuditApi(APIView):
    """The event's audit trail, oldest first (organizer and judges)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: AuditOut(many=True), **errors(403)}, operation_id="events_audit")
    def get(self, request: Request, event_id: int) -> Response:
        event = _event(request, event_id)
        if not is_official(event_role(event=event, user=request.user)):
            raise NotAllowed(_("Only the organizer and the judges of this event can read its audit trail."))
        rows = [
            {
                "by": c.by.get_username() if c.by else None,
                "action": c.action,
                "match": c.match_id,
                "round": c.match.round.number if c.match else None,
                "old": c.old,
                "new": c.new,
                "reason": labels.change_note(c.action, c.note),
                "at": c.at,
                "said": audit_lines(c, event.time_zone),
            }
            for c in event_audit(event=event)
        ]
        return Response(AuditOut(rows, many=True).data)
