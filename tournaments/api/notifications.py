"""The player's day in the API: notifications, mark read, an event's webhooks."""

from typing import Any

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.schema import errors
from tournaments.models import Event, Webhook
from tournaments.selectors.events import Role, event_role, event_seen
from tournaments.selectors.notifications import (
    games_waiting_for,
    match_row,
    notifications_of,
    notifications_unread_count,
    player_home,
)
from tournaments.services import errors as svc
from tournaments.services.notifications import notification_text, notifications_read
from tournaments.services.webhooks import webhook_create, webhook_delete
from tournaments.users import SignedInRequest


class EventRefOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class MatchRowOut(serializers.Serializer):
    id = serializers.IntegerField()
    event = EventRefOut()
    round = serializers.IntegerField()
    table = serializers.IntegerField()
    opponent = serializers.CharField(allow_null=True)
    bye = serializers.BooleanField()
    status = serializers.CharField()
    ends_at = serializers.DateTimeField()
    seconds_left = serializers.IntegerField()
    online = serializers.BooleanField()
    play_url = serializers.CharField(allow_null=True)
    url = serializers.CharField()


class ToConfirmOut(MatchRowOut):
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()


class MyEventOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    status = serializers.CharField()
    starts_at = serializers.DateTimeField(allow_null=True)
    registration = serializers.CharField(help_text="active or waitlist")
    dropped = serializers.BooleanField()
    url = serializers.CharField()


class PreparingOut(serializers.Serializer):
    event = EventRefOut()
    round = serializers.IntegerField(help_text="the round being prepared: paired, held by the organizer")
    url = serializers.CharField()


class MeOut(serializers.Serializer):
    """GET /api/me/: the user (api.md) and their day."""

    username = serializers.CharField()
    email = serializers.CharField()
    events = MyEventOut(many=True)
    current_match = MatchRowOut(allow_null=True, help_text="the first of current_matches")
    current_matches = MatchRowOut(
        many=True, help_text="my match in the current round of each running event, unfinished first"
    )
    preparing = PreparingOut(
        many=True, help_text="events whose next round is being prepared (pairings held): no table yet"
    )
    to_confirm = ToConfirmOut(many=True)
    waiting_for_me = MatchRowOut(many=True, help_text="games waiting for my move now")
    next = MyEventOut(allow_null=True)
    unread_notifications = serializers.IntegerField()


def me_answer(user: Any) -> dict[str, object]:
    """The /api/me/ answer's data."""
    day = player_home(user=user)
    out = {
        "username": user.get_username(),
        "email": user.email,
        **day,
        "unread_notifications": notifications_unread_count(user=user),
    }
    return MeOut(out).data


class NotificationOut(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField(help_text="pairings, to_confirm, dispute or penalty")
    text = serializers.CharField(help_text="in the reader's language")
    event = serializers.IntegerField(allow_null=True)
    match = serializers.IntegerField(allow_null=True)
    url = serializers.CharField()
    created_at = serializers.DateTimeField()
    read = serializers.BooleanField()


class NotificationsOut(serializers.Serializer):
    unread = serializers.IntegerField()
    results = NotificationOut(many=True)
    waiting_for_me = MatchRowOut(many=True)


class NotificationListApi(APIView):
    """GET /api/notifications/: my newest 50 notifications, the unread count, and the games
    waiting for my move (computed from the games' state, never stored)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: NotificationsOut}, operation_id="notifications_list")
    def get(self, request: SignedInRequest) -> Response:
        now = timezone.now()
        rows = [
            {
                "id": n.pk,
                "kind": n.kind,
                "text": notification_text(n),
                "event": n.event_id,
                "match": n.match_id,
                "url": n.url,
                "created_at": n.created_at,
                "read": n.read_at is not None,
            }
            for n in notifications_of(user=request.user)
        ]
        waiting = [match_row(m, request.user, now) for m in games_waiting_for(user=request.user)]
        body = {
            "unread": notifications_unread_count(user=request.user),
            "results": rows,
            "waiting_for_me": waiting,
        }
        return Response(NotificationsOut(body).data)


class ReadIn(serializers.Serializer):
    ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=2**63 - 1),
        required=False,
        max_length=500,
        help_text="the notifications to mark read; left out: all of mine",
    )


class ReadOut(serializers.Serializer):
    marked = serializers.IntegerField()
    unread = serializers.IntegerField()


class NotificationReadApi(APIView):
    """POST /api/notifications/read/ ``{"ids": [...]}``: mark mine read (no ids: all)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=ReadIn, responses={200: ReadOut}, operation_id="notifications_read")
    def post(self, request: SignedInRequest) -> Response:
        data = ReadIn(data=request.data)
        data.is_valid(raise_exception=True)
        marked = notifications_read(user=request.user, ids=data.validated_data.get("ids"))
        return Response({"marked": marked, "unread": notifications_unread_count(user=request.user)})


class WebhookIn(serializers.Serializer):
    url = serializers.CharField(max_length=500)
    discord = serializers.BooleanField(required=False, default=False)


class WebhookOut(serializers.Serializer):
    id = serializers.IntegerField()
    url = serializers.CharField()
    discord = serializers.BooleanField()
    created_at = serializers.DateTimeField()


class WebhookCreatedOut(WebhookOut):
    secret = serializers.CharField(help_text="the HMAC-SHA256 key: shown once, at creation")


class DeliveryOut(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.CharField(help_text="pending, delivered or failed")
    attempts = serializers.IntegerField()
    response_status = serializers.IntegerField(allow_null=True)
    error = serializers.CharField()
    created_at = serializers.DateTimeField()
    delivered_at = serializers.DateTimeField(allow_null=True)


def _organized_event(request: Request, event_id: int) -> Event:
    event = event_seen(event_id=event_id, user=request.user)
    if event is None:
        raise Http404
    if event_role(event=event, user=request.user) != Role.ORGANIZER:
        raise svc.NotAllowed(_("Only the organizer of this event can manage its webhooks."))
    return event


class WebhookListApi(APIView):
    """GET: the event's webhooks; POST ``{"url", "discord"}``: add one (organizer). The answer
    holds the secret, once."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: WebhookOut(many=True), **errors(403)}, operation_id="event_webhooks_list")
    def get(self, request: Request, event_id: int) -> Response:
        event = _organized_event(request, event_id)
        return Response(WebhookOut(event.webhooks.all(), many=True).data)

    @extend_schema(
        request=WebhookIn,
        responses={201: WebhookCreatedOut, **errors(429)},
        operation_id="event_webhooks_create",
    )
    def post(self, request: SignedInRequest, event_id: int) -> Response:
        event = _organized_event(request, event_id)
        data = WebhookIn(data=request.data)
        data.is_valid(raise_exception=True)
        hook = webhook_create(event=event, by=request.user, **data.validated_data)
        return Response(WebhookCreatedOut(hook).data, status=status.HTTP_201_CREATED)


def _webhook(request: Request, event_id: int, webhook_id: int) -> Webhook:
    event = _organized_event(request, event_id)
    return get_object_or_404(Webhook, pk=webhook_id, event=event)


class WebhookDetailApi(APIView):
    """DELETE: remove the webhook (organizer)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None}, operation_id="event_webhooks_destroy")
    def delete(self, request: SignedInRequest, event_id: int, webhook_id: int) -> Response:
        webhook_delete(webhook=_webhook(request, event_id, webhook_id), by=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class WebhookDeliveriesApi(APIView):
    """GET: the webhook's delivery log, newest first (its last 100; organizer)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: DeliveryOut(many=True), **errors(403)}, operation_id="event_webhooks_deliveries"
    )
    def get(self, request: Request, event_id: int, webhook_id: int) -> Response:
        hook = _webhook(request, event_id, webhook_id)
        return Response(DeliveryOut(hook.deliveries.all()[:100], many=True).data)
