"""Events, registrations, rounds, standings and match results (spec/api.md)."""

from typing import Any

from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.registry import game_keys
from tournaments.api.schema import errors
from tournaments.models import Event, Match, Registration, Round
from tournaments.selectors.events import (
    can_see_deck,
    event_role,
    events_visible,
    is_official,
    round_matches,
    standings_json,
)
from tournaments.services import events as svc


class EventIn(serializers.Serializer):
    name = serializers.CharField(max_length=200)
    game = serializers.ChoiceField(choices=list(game_keys()), default="respons")
    format = serializers.CharField(max_length=32, default="constructed")
    best_of = serializers.ChoiceField(choices=[1, 3], default=1)
    rounds = serializers.IntegerField(min_value=1, max_value=20, allow_null=True, default=None)
    top_cut = serializers.ChoiceField(choices=[0, 2, 4, 8], default=0)
    side_deck_max = serializers.IntegerField(min_value=0, max_value=60, default=10)
    online = serializers.BooleanField(default=False)
    round_minutes = serializers.IntegerField(min_value=5, max_value=600, default=50)
    player_cap = serializers.IntegerField(min_value=2, max_value=100_000, allow_null=True, default=None)
    late_entry = serializers.BooleanField(default=False)


class EventOut(serializers.ModelSerializer):
    organizer = serializers.CharField(source="organizer.username")
    judges = serializers.SerializerMethodField()
    players = serializers.IntegerField(source="player_count", read_only=True)
    waitlist = serializers.IntegerField(source="waitlist_count", read_only=True)
    current_round = serializers.IntegerField(source="round_count", read_only=True)

    class Meta:
        model = Event
        fields = [
            "id", "name", "game", "format", "status", "best_of", "rounds", "swiss_rounds", "top_cut",
            "side_deck_max", "online", "round_minutes", "player_cap", "late_entry", "decklists_public",
            "organizer", "judges", "players", "waitlist", "current_round", "seed", "created_at",
        ]  # fmt: skip

    def get_judges(self, event: Event) -> list[str]:
        return sorted(user.username for user in event.judges.all())


def _annotated(events: Any) -> Any:
    return events.annotate(
        player_count=Count(
            "registrations", filter=Q(registrations__status=Registration.Status.ACTIVE), distinct=True
        ),
        waitlist_count=Count(
            "registrations", filter=Q(registrations__status=Registration.Status.WAITLIST), distinct=True
        ),
        round_count=Count("round_set", distinct=True),
    ).prefetch_related("judges")


def _event(request: Request, event_id: int) -> Event:
    """Return the event if the user may see it; drafts are 404 to all but their organizer."""
    return get_object_or_404(_annotated(events_visible(user=request.user)), pk=event_id)


class EventListApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: EventOut(many=True)}, operation_id="events_list")
    def get(self, request: Request) -> Response:
        events = _annotated(events_visible(user=request.user)).order_by("-created_at")[:500]
        return Response(EventOut(events, many=True).data)

    @extend_schema(request=EventIn, responses={201: EventOut}, operation_id="events_create")
    def post(self, request: Request) -> Response:
        data = EventIn(data=request.data)
        data.is_valid(raise_exception=True)
        event = svc.event_create(organizer=request.user, **data.validated_data)
        return Response(EventOut(_event(request, event.pk)).data, status=status.HTTP_201_CREATED)


class EventDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: EventOut}, operation_id="events_retrieve")
    def get(self, request: Request, event_id: int) -> Response:
        return Response(EventOut(_event(request, event_id)).data)


def _action(
    operation_id: str, request_serializer: Any = None, response: Any = EventOut, *, conflict: bool = True
) -> Any:
    """The schema of an organizer's or a player's action; ``conflict``: it may answer 409 (wrong state)."""
    responses = {200: response, **(errors(409) if conflict else {})}
    return extend_schema(request=request_serializer, responses=responses, operation_id=operation_id)


class EventOpenApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_open")
    def post(self, request: Request, event_id: int) -> Response:
        svc.event_open(event=_event(request, event_id), by=request.user)
        return Response(EventOut(_event(request, event_id)).data)


class UsernameIn(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class JudgeAddApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_judges_add", UsernameIn, conflict=False)
    def post(self, request: Request, event_id: int) -> Response:
        data = UsernameIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.judge_add(event=_event(request, event_id), by=request.user, **data.validated_data)
        return Response(EventOut(_event(request, event_id)).data)


class DeckIn(serializers.Serializer):
    deck = serializers.JSONField(help_text="decklist JSON object (formats.md), or its text as a string")


class RegistrationOut(serializers.Serializer):
    username = serializers.CharField(source="player.username")
    status = serializers.CharField()
    dropped = serializers.BooleanField()
    late_round = serializers.IntegerField(allow_null=True)
    deck = serializers.SerializerMethodField()
    notes = serializers.SerializerMethodField()

    def get_deck(self, registration: Registration) -> dict[str, Any] | None:
        visible = self.context.get("visible_decks", set())
        return registration.deck if registration.pk in visible else None

    def get_notes(self, registration: Registration) -> list[dict[str, Any]] | None:
        if not self.context.get("official"):
            return None
        return [
            {"author": n.author.username, "text": n.text, "created_at": n.created_at.isoformat()}
            for n in registration.notes.all()
        ]


def _registrations_out(
    request: Request, event: Event, registrations: list[Registration]
) -> list[dict[str, Any]]:
    role = event_role(event=event, user=request.user)
    visible = {
        r.pk for r in registrations if can_see_deck(event=event, role=role, registration=r, user=request.user)
    }
    context = {"visible_decks": visible, "official": is_official(role)}
    return RegistrationOut(registrations, many=True, context=context).data


class RegistrationApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: RegistrationOut(many=True)}, operation_id="events_registrations_list")
    def get(self, request: Request, event_id: int) -> Response:
        event = _event(request, event_id)
        registrations = list(event.registrations.select_related("player").prefetch_related("notes__author"))
        return Response(_registrations_out(request, event, registrations))

    @extend_schema(
        request=DeckIn,
        responses={201: RegistrationOut, **errors(409)},
        operation_id="events_registrations_create",
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = DeckIn(data=request.data)
        data.is_valid(raise_exception=True)
        deck = data.validated_data["deck"]
        if not isinstance(deck, str | dict) or not deck:
            raise svc.BadInput("deck: send a decklist JSON object or its text", code="bad_decklist")
        event = _event(request, event_id)
        registration = svc.registration_submit(event=event, player=request.user, deck=deck)
        return Response(_registrations_out(request, event, [registration])[0], status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None, responses={204: None, **errors(400, 409)}, operation_id="events_registrations_withdraw"
    )
    def delete(self, request: Request, event_id: int) -> Response:
        svc.registration_withdraw(event=_event(request, event_id), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class NoteIn(serializers.Serializer):
    text = serializers.CharField(max_length=5000)


class DeckNoteApi(APIView):
    """POST a deck-check note on a player's registration (judges and organizer)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=NoteIn, responses={201: RegistrationOut}, operation_id="events_registrations_note")
    def post(self, request: Request, event_id: int, username: str) -> Response:
        event = _event(request, event_id)
        data = NoteIn(data=request.data)
        data.is_valid(raise_exception=True)
        registration = event.registrations.filter(player__username__iexact=username).first()
        if registration is None:
            raise Http404
        svc.deck_note_add(registration=registration, by=request.user, text=data.validated_data["text"])
        return Response(_registrations_out(request, event, [registration])[0], status=status.HTTP_201_CREATED)


class MatchOut(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField()
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
    matches = serializers.SerializerMethodField()

    def get_matches(self, round_: Round) -> list[dict[str, Any]]:
        return MatchOut(round_matches(round=round_), many=True).data


class EventStartApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_start", None, RoundOut)
    def post(self, request: Request, event_id: int) -> Response:
        round_ = svc.event_start(event=_event(request, event_id), by=request.user)
        return Response(RoundOut(round_).data)


class FinishedOut(serializers.Serializer):
    finished = serializers.BooleanField(help_text="always true: the event is over, no round follows")
    event = EventOut()


class NextRoundApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action(
        "events_next_round",
        None,
        PolymorphicProxySerializer(
            component_name="NextRoundOut",
            serializers=[RoundOut, FinishedOut],
            resource_type_field_name=None,
        ),
    )
    def post(self, request: Request, event_id: int) -> Response:
        round_ = svc.round_next(event=_event(request, event_id), by=request.user)
        if round_ is None:
            return Response({"finished": True, "event": EventOut(_event(request, event_id)).data})
        return Response(RoundOut(round_).data)


class DropApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_drop", UsernameIn, RegistrationOut)
    def post(self, request: Request, event_id: int) -> Response:
        data = UsernameIn(data=request.data)
        data.is_valid(raise_exception=True)
        event = _event(request, event_id)
        registration = svc.player_drop(event=event, by=request.user, **data.validated_data)
        return Response(_registrations_out(request, event, [registration])[0])


class PublishDecklistsApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_publish_decklists")
    def post(self, request: Request, event_id: int) -> Response:
        svc.decklists_publish(event=_event(request, event_id), by=request.user)
        return Response(EventOut(_event(request, event_id)).data)


class RoundDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: RoundOut}, operation_id="events_rounds_retrieve")
    def get(self, request: Request, event_id: int, number: int) -> Response:
        event = _event(request, event_id)
        return Response(RoundOut(get_object_or_404(Round, event=event, number=number)).data)


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


def _match(request: Request, match_id: int) -> Match:
    match = get_object_or_404(
        Match.objects.select_related("round__event", "player_a__player", "player_b__player", "reported_by"),
        pk=match_id,
    )
    _event(request, match.round.event_id)  # a match of a hidden (draft) event is hidden too
    return match


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
                    "note": c.note,
                    "at": c.at.isoformat(),
                }
                for c in match.changes.select_related("by")
            ]
        return Response(body)


class MatchReportApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("matches_report", ResultIn, MatchOut)
    def post(self, request: Request, match_id: int) -> Response:
        data = ResultIn(data=request.data)
        data.is_valid(raise_exception=True)
        match = svc.match_report(match=_match(request, match_id), by=request.user, **data.validated_data)
        return Response(MatchOut(_match(request, match.pk)).data)


class MatchConfirmApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("matches_confirm", None, MatchOut)
    def post(self, request: Request, match_id: int) -> Response:
        svc.match_confirm(match=_match(request, match_id), by=request.user)
        return Response(MatchOut(_match(request, match_id)).data)


class MatchDisputeApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("matches_dispute", NoteOptionalIn, MatchOut)
    def post(self, request: Request, match_id: int) -> Response:
        data = NoteOptionalIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.match_dispute(match=_match(request, match_id), by=request.user, note=data.validated_data["note"])
        return Response(MatchOut(_match(request, match_id)).data)


class MatchExtendApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("matches_extend", MinutesIn, MatchOut, conflict=False)
    def post(self, request: Request, match_id: int) -> Response:
        data = MinutesIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.match_extend(
            match=_match(request, match_id), by=request.user, minutes=data.validated_data["minutes"]
        )
        return Response(MatchOut(_match(request, match_id)).data)
