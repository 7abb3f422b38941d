"""What the event endpoints share: the event or match of a request (404 when hidden), an
organizer's action answered with the event, and the shapes of an event, a round and a match.
"""

from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.request import Request

from tournaments.api.schema import errors
from tournaments.models import Event, Match, Round
from tournaments.selectors.events import (
    Role,
    event_role,
    event_seen,
    event_visible,
    events_counted,
    preparing_round,
    round_match_rows,
    round_rests,
    round_visible,
    team_tables_json,
)
from tournaments.services.errors import NotAllowed


class EventOut(serializers.ModelSerializer):
    organizer = serializers.CharField(source="organizer.username")
    judges = serializers.SerializerMethodField()
    players = serializers.IntegerField(source="player_count", read_only=True)
    waitlist = serializers.IntegerField(source="waitlist_count", read_only=True)
    current_round = serializers.IntegerField(source="round_count", read_only=True)
    preparing_round = serializers.SerializerMethodField(
        help_text="the round being prepared: paired, its pairings held by the organizer (else null)"
    )

    class Meta:
        model = Event
        fields = [
            "id", "name", "game", "format", "status", "best_of", "rounds", "swiss_rounds", "top_cut",
            "side_deck_max", "online", "round_minutes", "grace_minutes", "player_cap", "late_entry",
            "decklists_public", "organizer", "judges", "players", "waitlist", "current_round", "seed",
            "created_at", "starts_at", "time_zone", "venue", "description", "registration_closes_at", "url",
            "check_in_required", "no_show_minutes", "spectators", "spectate_delay", "spectate_delay_unit",
            "seed_by_rating", "preparing_round", "structure", "teams", "double_round_robin",
            "grand_final_reset", "league_days", "league_matches", "tiebreakers", "seeding", "team_copy_limit",
            "drop_policy",
        ]  # fmt: skip

    url = serializers.SerializerMethodField(help_text="the event's page on the site")

    def get_preparing_round(self, event: Event) -> int | None:
        return preparing_round(event=event)

    def get_judges(self, event: Event) -> list[str]:
        return sorted(user.username for user in event.judges.all())

    def get_url(self, event: Event) -> str:
        path = reverse("event-detail", args=[event.pk])
        request = self.context.get("request")
        return request.build_absolute_uri(path) if request is not None else path


def _annotated(events: Any) -> Any:
    """``events`` as :class:`EventOut` reads them: counted, their judges read at once."""
    return events_counted(events).prefetch_related("judges")


def _event(request: Request, event_id: int, events: QuerySet[Event] | None = None) -> Event:
    """Return the event if the user may see it; drafts are 404 to all but their organizer. Read
    from ``events`` when given (:func:`event_seen`)."""
    event = event_seen(event_id=event_id, user=request.user, events=events)
    if event is None:
        raise Http404
    return event


def _event_out(request: Request, event_id: int) -> dict[str, Any]:
    """The event as :class:`EventOut` shows it: counted (players, waitlist, rounds), its judges
    read at once, in the one look-up :func:`_event` makes. Only the answers that show the event
    pay for the counts."""
    event = _event(request, event_id, events=_annotated(Event.objects.all()))
    return EventOut(event, context={"request": request}).data


class ReasonOptionalIn(serializers.Serializer):
    reason = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class ReasonIn(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)


def _action(
    operation_id: str, request_serializer: Any = None, response: Any = EventOut, *, conflict: bool = True
) -> Any:
    """The schema of an organizer's or a player's action; ``conflict``: it may answer 409 (wrong state)."""
    responses = {200: response, **(errors(409) if conflict else {})}
    return extend_schema(request=request_serializer, responses=responses, operation_id=operation_id)


class UsernameIn(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class MatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField()
    bracket_key = serializers.CharField(
        help_text="a bracket's match (W1-2, L3-1, GF1); empty outside a bracket"
    )
    player_a = serializers.CharField(source="player_a.player.username")
    player_b = serializers.SerializerMethodField()
    status = serializers.CharField()
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()
    disputed = serializers.BooleanField()
    reported_by = serializers.SerializerMethodField()
    extension_minutes = serializers.IntegerField()

    def get_player_b(self, match: Match) -> str | None:
        return match.player_b.player.username if match.player_b else None

    def get_reported_by(self, match: Match) -> str | None:
        return match.reported_by.username if match.reported_by else None


class RoundOut(serializers.Serializer):
    number = serializers.IntegerField()
    kind = serializers.CharField()
    started_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField()
    published = serializers.BooleanField(
        help_text="false: the organizer holds the pairings; only the officials see them"
    )
    matches = serializers.SerializerMethodField()
    rests = serializers.SerializerMethodField(
        help_text="a round robin's odd field: who rests this round (no match, no points)"
    )

    @extend_schema_field(MatchOut(many=True))
    def get_matches(self, round_: Round) -> list[dict[str, Any]]:
        return round_match_rows(round=round_)

    team_tables = serializers.SerializerMethodField(
        help_text="a team event: each team table, its seats' matches and the team match so far"
    )

    def get_rests(self, round_: Round) -> list[str]:
        return round_rests(round=round_)

    @extend_schema_field(serializers.ListField(child=serializers.DictField()))
    def get_team_tables(self, round_: Round) -> list[dict[str, Any]]:
        return team_tables_json(round=round_)


class HoldIn(serializers.Serializer):
    hold = serializers.BooleanField(
        default=False, help_text="hold the pairings: only the officials see them until published"
    )


def _match(request: Request, match_id: int) -> Match:
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player_a__player", "player_b__player", "reported_by"),
        pk=match_id,
    )
    if not event_visible(event=match.round.event, user=request.user):
        raise Http404  # a match of a hidden (draft) event is hidden too
    if not round_visible(round=match.round, user=request.user):
        raise Http404  # held pairings: only the officials see them
    return match


def _organizer_event(request: Request, event_id: int) -> Event:
    event = _event(request, event_id)
    if event_role(event=event, user=request.user) is not Role.ORGANIZER:
        raise NotAllowed(_("Only the organizer of this event can do this."))
    return event
