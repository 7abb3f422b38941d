"""Reads of sign-up codes (services/signup_codes.py)."""

from django.db.models import F, QuerySet
from django.utils import timezone

from tournaments.models import Event, SignupCode


def signup_code_find(*, text: str) -> SignupCode | None:
    """The code ``text`` names (any case, spaces and dashes ignored) when it can be used now:
    not expired, withdrawn or used up; else None."""
    code = "".join(ch for ch in (text or "").upper() if ch.isalnum())[:16]
    if not code:
        return None
    return (
        SignupCode.objects.select_related("event")
        .filter(code=code, expires_at__gt=timezone.now(), revoked_at__isnull=True, uses__lt=F("uses_max"))
        .first()
    )


def signup_codes_of(*, event: Event) -> QuerySet[SignupCode]:
    """The event's sign-up codes, newest first, with who made them."""
    return SignupCode.objects.filter(event=event).select_related("created_by")
