"""Accounts' rows beside Django's User: what each username looks like to a reader, and the
sign-up codes an organizer hands out at a venue. Rows only: the rules are services/accounts.py."""

from django.conf import settings
from django.db import models


class UsernameSkeleton(models.Model):
    """What a username looks like (its Unicode TR39 skeleton, case folded: services/accounts.py
    ``username_skeleton``), kept for every user so a new name is compared with all of them in one
    indexed read. Written whenever a user is saved (``username_skeleton_keep``)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="skeleton"
    )
    skeleton = models.CharField(max_length=1000, db_index=True)

    def __str__(self) -> str:
        return self.skeleton


class SignupCode(models.Model):
    """An event's sign-up code, made by its organizer for the venue: a sign-up that gives it is
    not counted against its address's sign-up rate (everyone at a venue shares one address),
    ``uses_max`` times at most, until ``expires_at`` or until it is revoked."""

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="signup_codes")
    code = models.CharField(max_length=16, unique=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    expires_at = models.DateTimeField()
    uses_max = models.PositiveIntegerField()
    uses = models.PositiveIntegerField(default=0)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["created_by", "created_at"], name="signup_code_by_when")]

    def __str__(self) -> str:
        return f"{self.code} ({self.uses}/{self.uses_max})"


class SignupCodeUse(models.Model):
    """An account made with a sign-up code: which one, and when."""

    code = models.ForeignKey(SignupCode, on_delete=models.CASCADE, related_name="signups")
    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="signup_code"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "id"]

    def __str__(self) -> str:
        return f"{self.user_id} by {self.code_id}"
