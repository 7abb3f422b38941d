"""Registration: register, withdraw, drop, check in; walk-ins, sealed pools, deck notes and
published decklists.
"""

from typing import Any

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.events.common import UsernameIn, _action, _event, _event_out
from tournaments.api.schema import errors
from tournaments.models import Event, Pool, Registration
from tournaments.selectors.events import (
    can_see_deck,
    event_role,
    is_official,
)
from tournaments.services import events as svc
from tournaments.services import pools
from tournaments.services.errors import BadInput, NotAllowed
from tournaments.users import SignedInRequest


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
            raise BadInput(_("deck: send a decklist JSON object or its text"), code="bad_decklist")
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
            raise NotAllowed(_("Pools are hidden like decklists: only the player and the officials see one."))
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
            raise BadInput(_("pool: send the pool as text, an object or a list of names"), code="bad_pool")
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


class DropOut(RegistrationOut):
    team = serializers.CharField(allow_null=True, help_text="a team event: the team, dropped whole")
    dropped_players = serializers.ListField(
        child=serializers.CharField(),
        help_text="the usernames out of the event: the player, or their whole team",
    )


class DropApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_drop", UsernameIn, DropOut)
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        data = UsernameIn(data=request.data)
        data.is_valid(raise_exception=True)
        event = _event(request, event_id)
        dropped = svc.player_drop(event=event, by=request.user, **data.validated_data)
        body = _registrations_out(request, event, [dropped.registration])[0]
        return Response({**body, "team": dropped.team, "dropped_players": dropped.players})


class PublishDecklistsApi(APIView):
    permission_classes = [IsAuthenticated]

    @_action("events_publish_decklists")
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        svc.decklists_publish(event=_event(request, event_id), by=request.user)
        return Response(_event_out(request, event_id))


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
            raise BadInput(_("deck: send a decklist JSON object or its text"), code="bad_decklist")
        event = _event(request, event_id)
        walk_in = svc.walkin_register(event=event, by=request.user, **values)
        body = dict(_registrations_out(request, event, [walk_in.registration])[0])
        body["password"] = walk_in.password or None
        return Response(body, status=status.HTTP_201_CREATED)


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
