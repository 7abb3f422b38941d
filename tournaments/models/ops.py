"""Rows for operators."""

from django.db import models


class WorkerHeartbeat(models.Model):
    """Written by a Celery worker on request: proof a worker reaches the database."""

    hostname = models.CharField(max_length=255)
    token = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.hostname} @ {self.created_at:%Y-%m-%d %H:%M:%S}"
