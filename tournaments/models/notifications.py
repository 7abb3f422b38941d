"""Notifications: the in-site bell's rows, each user's e-mail preferences, an event's outgoing
webhooks and the log of their deliveries."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.events import Event, Match


class Notification(models.Model):
    """One moment a user should hear about. The text is written when it is read, in the
    reader's language, from ``kind`` and ``params`` (services.notifications.notification_text)."""

    class Kind(models.TextChoices):
        PAIRINGS = "pairings", _("Pairings posted")
        TO_CONFIRM = "to_confirm", _("A result to confirm")
        DISPUTE = "dispute", _("A dispute")
        PENALTY = "penalty", _("A penalty")
        TEAM_DROP = "team_drop", _("Your team dropped")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    event = models.ForeignKey(Event, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    match = models.ForeignKey(Match, on_delete=models.CASCADE, null=True, blank=True, related_name="+")
    params = models.JSONField(default=dict, blank=True)
    url = models.CharField(max_length=300, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    read_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["user"], condition=models.Q(read_at=None), name="notification_unread"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}"


class NotificationPreference(models.Model):
    """Which kinds of notification a user also gets by e-mail (none row: all of them)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notification_preference"
    )
    email_kinds = models.JSONField(default=list, blank=True)  # Notification.Kind values

    def __str__(self) -> str:
        return f"{self.user_id}: {self.email_kinds}"


class Webhook(models.Model):
    """An address the event's moments are posted to, signed with ``secret`` (HMAC-SHA256)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    secret = models.CharField(max_length=128)
    discord = models.BooleanField(default=False)  # the payload Discord's webhooks take
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return self.url


class WebhookDelivery(models.Model):
    """One payload for one webhook, and how its attempts went (the delivery log)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        DELIVERED = "delivered", _("Delivered")
        FAILED = "failed", _("Failed")

    webhook = models.ForeignKey(Webhook, on_delete=models.CASCADE, related_name="deliveries")
    kind = models.CharField(max_length=16)
    payload = models.JSONField(default=dict)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-id"]

    def __str__(self) -> str:
        return f"{self.kind} → {self.webhook_id}: {self.status}"
