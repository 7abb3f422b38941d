"""Events, registrations, rounds, standings and match results (docs/api.md)."""

from typing import Any

from django.conf import settings
from django.db.models import Count, Q
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import PolymorphicProxySerializer, extend_schema, extend_schema_field
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine.registry import game_keys
from tournaments import labels
from tournaments.api.errors import ApiError
from tournaments.api.schema import errors
from tournaments.audit_words import audit_lines
from tournaments.models import Event, Match, Pool, Registration, Round
from tournaments.selectors.events import (
    EventFilters,
    Role,
    can_see_deck,
    event_audit,
    event_role,
    events_search,
    events_visible,
    forbidden_pairs_listed,
    is_official,
    preparing_round,
    round_match_rows,
    round_visible,
    standings_json,
)
from tournaments.services import events as svc
from tournaments.services import pools
from tournaments.users import SignedInRequest

GRACE_HELP = (
    "online: minutes a game waits for both players before an absent one loses it as a no-show "
    "(no clock runs meanwhile); 0: the clocks start at once"
)
SPECTATORS_HELP = "online: who may watch the matches and their replays: nobody, signed-in users, everyone"
DELAY_HELP = "online: how far behind the games spectators see them (in spectate_delay_unit), at least 1"
DELAY_UNIT_HELP = "turns (games that count none fall back to minutes) or minutes"
SEED_HELP = "round 1 pairs by the players' ratings in the game, top half against bottom half"
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
            "seed_by_rating", "preparing_round",
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
    reason = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class ReasonOptionalIn(serializers.Serializer):
    reason = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class ReasonIn(serializers.Serializer):
    reason = serializers.CharField(max_length=2000)


def event_patch(request: SignedInRequest, event_id: int) -> Response:
    """PATCH /api/events/{id}/: change settings and details (organizer)."""
    data = EventPatchIn(data=request.data)
    data.is_valid(raise_exception=True)
    unknown = sorted(set(request.data) - set(data.fields)) if hasattr(request.data, "keys") else []
    if unknown:  # a misspelt setting would otherwise change nothing, silently
        raise svc.BadInput(_("%(field)s: not a setting of an event") % {"field": unknown[0]}, code="invalid")
    changes = dict(data.validated_data)
    reason = changes.pop("reason")
    svc.event_edit(event=_event(request, event_id), by=request.user, changes=changes, reason=reason)
    return Response(EventOut(_event(request, event_id), context={"request": request}).data)


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
        return Response(EventOut(_event(request, event.pk)).data, status=status.HTTP_201_CREATED)


class EventDetailApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: EventOut}, operation_id="events_retrieve")
    def get(self, request: Request, event_id: int) -> Response:
        return Response(EventOut(_event(request, event_id), context={"request": request}).data)

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


def _action(
    operation_id: str, request_serializer: Any = None, response: Any = EventOut, *, conflict: bool = True
) -> Any:
    """The schema of an organizer's or a player's action; ``conflict``: it may answer 409 (wrong state)."""
    responses = {200: response, **(errors(409) if conflict else {})}
    return extend_schema(request=request_serializer, responses=responses, operation_id=operation_id)


class EventOpenApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_open")
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        svc.event_open(event=_event(request, event_id), by=request.user)
        return Response(EventOut(_event(request, event_id)).data)


class UsernameIn(serializers.Serializer):
    username = serializers.CharField(max_length=150)


class JudgeAddApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_judges_add", UsernameIn, conflict=False)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = UsernameIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.judge_add(event=_event(request, event_id), by=request.user, **data.validated_data)
        return Response(EventOut(_event(request, event_id)).data)


class DeckIn(serializers.Serializer):
    deck = serializers.JSONField(
        required=False,
        help_text="decklist JSON object (formats.md), or its text as a string; sealed and draft events"
        " take a registration without one (the deck follows once the pool is recorded)",
    )


class RegistrationOut(serializers.Serializer):
    username = serializers.CharField(source="player.username")
    status = serializers.CharField()
    dropped = serializers.BooleanField()
    late_round = serializers.IntegerField(allow_null=True)
    checked_in = serializers.BooleanField()
    deck = serializers.SerializerMethodField()
    pool = serializers.SerializerMethodField(
        help_text="sealed/draft: card name → copies, hidden like the deck"
    )
    notes = serializers.SerializerMethodField()

    def get_deck(self, registration: Registration) -> dict[str, Any] | None:
        visible = self.context.get("visible_decks", set())
        return registration.deck if registration.pk in visible else None

    def get_pool(self, registration: Registration) -> dict[str, int] | None:
        pool = getattr(registration, "pool", None)  # a missing reverse one-to-one: AttributeError
        visible = self.context.get("visible_decks", set())
        return pool.cards if pool is not None and registration.pk in visible else None

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
    # many=True makes a ListSerializer (its data a list); the stubs type the call as one serializer.
    return RegistrationOut(registrations, many=True, context=context).data  # type: ignore[return-value]


class RegistrationApi(APIView):
    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: RegistrationOut(many=True)}, operation_id="events_registrations_list")
    def get(self, request: Request, event_id: int) -> Response:
        event = _event(request, event_id)
        registrations = list(
            event.registrations.select_related("player", "pool").prefetch_related("notes__author")
        )
        return Response(_registrations_out(request, event, registrations))

    @extend_schema(
        request=DeckIn,
        responses={201: RegistrationOut, **errors(409)},
        operation_id="events_registrations_create",
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = DeckIn(data=request.data)
        data.is_valid(raise_exception=True)
        deck = data.validated_data.get("deck")
        event = _event(request, event_id)
        limited_without_deck = pools.is_limited(event) and deck in (None, "", {})
        if not limited_without_deck and (not isinstance(deck, str | dict) or not deck):
            raise svc.BadInput(_("deck: send a decklist JSON object or its text"), code="bad_decklist")
        registration = svc.registration_submit(event=event, player=request.user, deck=deck)
        return Response(_registrations_out(request, event, [registration])[0], status=status.HTTP_201_CREATED)

    @extend_schema(
        request=None, responses={204: None, **errors(400, 409)}, operation_id="events_registrations_withdraw"
    )
    def delete(self, request: SignedInRequest, event_id: int) -> Response:
        svc.registration_withdraw(event=_event(request, event_id), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PoolIn(serializers.Serializer):
    pool = serializers.JSONField(
        help_text="the pool: pasted text lines («3 Name», «Name x3»), an object of card name → copies,"
        " or a list of card names (one copy each)"
    )
    reason = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class PoolOut(serializers.Serializer):
    username = serializers.CharField(source="registration.player.username")
    cards = serializers.DictField(child=serializers.IntegerField(), help_text="card name → copies")
    size = serializers.SerializerMethodField()
    recorded_by = serializers.CharField(source="recorded_by.username")
    updated_at = serializers.DateTimeField()

    def get_size(self, pool: Pool) -> int:
        return sum(pool.cards.values())


class PoolApi(APIView):
    """A sealed or draft player's card pool (W2.6): officials record it; it is hidden like the
    decklist (the player reads their own, officials every one, everyone once lists are public)."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    def _registration(self, request: Request, event: Event, username: str) -> Registration:
        registration = (
            event.registrations.select_related("player").filter(player__username__iexact=username).first()
        )
        if registration is None:
            raise Http404
        return registration

    @extend_schema(responses={200: PoolOut, **errors(403)}, operation_id="events_registrations_pool")
    def get(self, request: Request, event_id: int, username: str) -> Response:
        event = _event(request, event_id)
        registration = self._registration(request, event, username)
        role = event_role(event=event, user=request.user)
        if not can_see_deck(event=event, role=role, registration=registration, user=request.user):
            raise svc.NotAllowed(
                _("Pools are hidden like decklists: only the player and the officials see one.")
            )
        pool = Pool.objects.select_related("recorded_by").filter(registration=registration).first()
        if pool is None:
            raise Http404
        pool.registration = registration
        return Response(PoolOut(pool).data)

    @extend_schema(
        request=PoolIn,
        responses={200: PoolOut, **errors(409)},
        operation_id="events_registrations_pool_record",
    )
    def put(self, request: SignedInRequest, event_id: int, username: str) -> Response:
        event = _event(request, event_id)
        data = PoolIn(data=request.data)
        data.is_valid(raise_exception=True)
        source = data.validated_data["pool"]
        if not isinstance(source, str | dict | list):
            raise svc.BadInput(
                _("pool: send the pool as text, an object or a list of names"), code="bad_pool"
            )
        registration = self._registration(request, event, username)
        pool = pools.pool_record(
            registration=registration, by=request.user, source=source, reason=data.validated_data["reason"]
        )
        return Response(PoolOut(pool).data)


class NoteIn(serializers.Serializer):
    text = serializers.CharField(max_length=5000)


class DeckNoteApi(APIView):
    """POST a deck-check note on a player's registration (judges and organizer)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=NoteIn, responses={201: RegistrationOut}, operation_id="events_registrations_note")
    def post(self, request: SignedInRequest, event_id: int, username: str) -> Response:
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
    published = serializers.BooleanField(
        help_text="false: the organizer holds the pairings; only the officials see them"
    )
    matches = serializers.SerializerMethodField()

    @extend_schema_field(MatchOut(many=True))
    def get_matches(self, round_: Round) -> list[dict[str, Any]]:
        return round_match_rows(round=round_)


class HoldIn(serializers.Serializer):
    hold = serializers.BooleanField(
        default=False, help_text="hold the pairings: only the officials see them until published"
    )


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


class DropApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_drop", UsernameIn, RegistrationOut)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = UsernameIn(data=request.data)
        data.is_valid(raise_exception=True)
        event = _event(request, event_id)
        registration = svc.player_drop(event=event, by=request.user, **data.validated_data)
        return Response(_registrations_out(request, event, [registration])[0])


class PublishDecklistsApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_publish_decklists")
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        svc.decklists_publish(event=_event(request, event_id), by=request.user)
        return Response(EventOut(_event(request, event_id)).data)


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
    if not round_visible(round=match.round, user=request.user):
        raise Http404  # held pairings: only the officials see them
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


class EventCancelApi(APIView):
    """Cancel an event that has not started (organizer), with a reason."""

    permission_classes = [IsAuthenticated]

    @_action("events_cancel", ReasonIn)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = ReasonIn(data=request.data)
        data.is_valid(raise_exception=True)
        svc.event_cancel(event=_event(request, event_id), by=request.user, **data.validated_data)
        return Response(EventOut(_event(request, event_id), context={"request": request}).data)


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
        return Response(EventOut(_event(request, event_id), context={"request": request}).data)


class WalkInIn(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    deck = serializers.JSONField(help_text="decklist JSON object (formats.md), or its text as a string")
    new_account = serializers.BooleanField(default=False, help_text="make a new account with this username")
    email = serializers.EmailField(required=False, allow_blank=True, default="")
    reason = serializers.CharField(max_length=2000, required=False, allow_blank=True, default="")


class WalkInOut(RegistrationOut):
    password = serializers.CharField(allow_null=True, help_text="a new account's first password, shown once")


class WalkInApi(APIView):
    """Register a walk-in player with a pasted decklist (organizer)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=WalkInIn, responses={201: WalkInOut, **errors(409)}, operation_id="events_walk_ins_create"
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = WalkInIn(data=request.data)
        data.is_valid(raise_exception=True)
        values = dict(data.validated_data)
        if not isinstance(values["deck"], str | dict) or not values["deck"]:
            raise svc.BadInput(_("deck: send a decklist JSON object or its text"), code="bad_decklist")
        event = _event(request, event_id)
        walk_in = svc.walkin_register(event=event, by=request.user, **values)
        body = dict(_registrations_out(request, event, [walk_in.registration])[0])
        body["password"] = walk_in.password or None
        return Response(body, status=status.HTTP_201_CREATED)


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
            raise svc.NotAllowed(
                _("Only the organizer and the judges of this event can read its audit trail.")
            )
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


# ---------------------------------------------------------------------------------------- pairings


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
    """Swap two players of the current round between their tables (organizer), with a reason."""

    permission_classes = [IsAuthenticated]

    @_pairing("events_pairings_swap", SwapIn, PairingChangeOut)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = SwapIn(data=request.data)
        data.is_valid(raise_exception=True)
        event = _event(request, event_id)
        change = svc.pairings_swap(event=event, by=request.user, **data.validated_data)
        return Response({"round": _round_body(event), "warnings": change.warnings})


class PairingsByeApi(APIView):
    """Give a player the current round's bye (organizer), with a reason."""

    permission_classes = [IsAuthenticated]

    @_pairing("events_pairings_bye", ByeIn, PairingChangeOut)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = ByeIn(data=request.data)
        data.is_valid(raise_exception=True)
        event = _event(request, event_id)
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
        return Response(EventOut(_event(request, event_id), context={"request": request}).data)


class ForbiddenPairOut(serializers.Serializer):
    id = serializers.IntegerField()
    player_a = serializers.CharField(source="a.player.username")
    player_b = serializers.CharField(source="b.player.username")
    reason = serializers.CharField()
    by = serializers.CharField(source="by.username")
    created_at = serializers.DateTimeField()


def _organizer_event(request: Request, event_id: int) -> Event:
    event = _event(request, event_id)
    if event_role(event=event, user=request.user) is not Role.ORGANIZER:
        raise svc.NotAllowed(_("Only the organizer of this event can do this."))
    return event


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


class CheckInIn(serializers.Serializer):
    username = serializers.CharField(
        max_length=150, required=False, allow_blank=True, default="", help_text="empty: yourself"
    )
    checked_in = serializers.BooleanField(default=True, help_text="false: check the player out again")


class CheckInApi(APIView):
    """Check in for an event that requires it (a player themself; the organizer and judges anyone)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=CheckInIn,
        responses={200: RegistrationOut, **errors(400, 403, 409)},
        operation_id="events_check_in",
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = CheckInIn(data=request.data)
        data.is_valid(raise_exception=True)
        event = _event(request, event_id)
        registration = svc.registration_check_in(event=event, by=request.user, **data.validated_data)
        return Response(_registrations_out(request, event, [registration])[0])


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
