"""The metagame's cache: the numbers of one scope (an event, or a game over a period),
computed by a task from final results and published decklists (point 6)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class MetagameReport(models.Model):
    """One scope's computed metagame. ``key`` names the scope (``event:<id>``, or
    ``game:<key>:<since>:<until>`` with ISO dates or empty). ``fingerprint`` is what the
    numbers were computed from (final matches, their last change, published events); a read
    that finds another fingerprint serves these numbers as stale and queues a recompute."""

    class Status(models.TextChoices):
        COMPUTING = "computing", _("Being computed")
        READY = "ready", _("Ready")

    key = models.CharField(max_length=120, unique=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.COMPUTING)
    progress = models.PositiveSmallIntegerField(default=0)  # percent, while computing
    fingerprint = models.CharField(max_length=200, blank=True, default="")  # of ``data``
    wanted = models.CharField(max_length=200, blank=True, default="")  # being computed for
    data = models.JSONField(default=dict)  # the last complete numbers ({} before the first)
    requested_at = models.DateTimeField(null=True, blank=True)
    # When someone last asked for it (to the hour): a period nobody reads any more is dropped
    # (services.metagame.metagame_prune).
    read_at = models.DateTimeField(null=True, blank=True)
    computed_at = models.DateTimeField(null=True, blank=True)
    compute_seconds = models.FloatField(default=0.0)

    def __str__(self) -> str:
        return f"metagame {self.key} ({self.status})"
