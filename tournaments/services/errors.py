"""Domain errors raised by services; the API maps each to its status and code (api.md)."""

from typing import Any


class DomainError(Exception):
    """A request the rules refuse. ``status`` is the HTTP status the API answers with."""

    status = 400
    code = "invalid"

    def __init__(self, detail: str, *, code: str | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail = detail
        if code:
            self.code = code
        self.extra = extra


class BadInput(DomainError):
    status = 400


class NotAllowed(DomainError):
    status = 403
    code = "permission_denied"


class WrongState(DomainError):
    status = 409
    code = "wrong_state"


class IllegalDeck(DomainError):
    status = 400
    code = "illegal_deck"


class OverLimit(DomainError):
    """A quota used up: 429, ``wait`` seconds until it may be asked again (the API's
    Retry-After)."""

    status = 429
    code = "quota_exceeded"

    def __init__(self, detail: str, *, wait: int, code: str | None = None, **extra: Any) -> None:
        super().__init__(detail, code=code, **extra)
        self.wait = wait


def match_gone() -> WrongState:
    """The refusal for a match that no longer exists when a change reaches it: its round was
    undone or paired again meanwhile (409, ``match_gone``), in the reader's language."""
    from django.utils.translation import gettext as _

    return WrongState(
        _("This match no longer exists: its round was undone or paired again. Reload the pairings."),
        code="match_gone",
    )
