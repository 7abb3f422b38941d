"""Every API error is JSON ``{"detail", "code"}`` with the right status (api.md)."""

import math
from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from tournaments.request_limits import database_away
from tournaments.services.errors import DomainError, OverLimit


class ApiError(exceptions.APIException):
    """An API error with an explicit status, code and optional extra fields."""

    def __init__(self, detail: str, *, code: str, status_code: int = 400, **extra: Any) -> None:
        super().__init__(detail=detail, code=code)
        self.status_code = status_code
        self.extra = extra


def throttled(detail: str, *, wait: int, code: str = "throttled") -> exceptions.Throttled:
    """429 with ``detail`` as it is (DRF's Throttled would add its own sentence about the wait)
    and Retry-After: ``wait`` seconds."""
    exc = exceptions.Throttled(detail=detail, code=code)
    exc.wait = wait  # type: ignore[attr-defined]  # DRF sets it in __init__; the stubs leave it out
    exc.said = True  # type: ignore[attr-defined]  # its text is ours: the handler keeps it
    return exc


def _rate_text(wait: float | None) -> str:
    """The reader's-language text of a throttle's 429 (DRF's own mixes languages in Russian)."""
    seconds = max(1, math.ceil(wait or 1))
    return ngettext(
        "Too many requests: try again in %(count)d second.",
        "Too many requests: try again in %(count)d seconds.",
        seconds,
    ) % {"count": seconds}


class Conflict(ApiError):
    """409: the object is in the wrong state for this request."""

    def __init__(self, detail: str, *, code: str = "wrong_state", **extra: Any) -> None:
        super().__init__(detail, code=code, status_code=status.HTTP_409_CONFLICT, **extra)


def _first_message(detail: Any) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            message = _first_message(value)
            return message if key in ("detail", "non_field_errors") else f"{key}: {message}"
        return "invalid input"
    if isinstance(detail, list):
        return _first_message(detail[0]) if detail else "invalid input"
    return str(detail)


def _code_of(exc: exceptions.APIException) -> str:
    codes = exc.get_codes()
    while isinstance(codes, dict | list):
        if isinstance(codes, dict):
            codes = next(iter(codes.values()), "invalid")
        else:
            codes = codes[0] if codes else "invalid"
    return str(codes)


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Return the JSON error response for ``exc`` in the api.md shape."""
    if isinstance(exc, OverLimit):
        exc = throttled(exc.detail, wait=exc.wait, code=exc.code)
    elif isinstance(exc, exceptions.Throttled) and not getattr(exc, "said", False):
        wait = exc.wait  # type: ignore[attr-defined]  # DRF sets it in __init__; the stubs leave it out
        exc = throttled(_rate_text(wait), wait=max(1, math.ceil(wait or 1)))
    elif isinstance(exc, DomainError):
        exc = ApiError(exc.detail, code=exc.code, status_code=exc.status, **exc.extra)
    elif isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(detail=exc.messages)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    elif database_away(exc):
        # The database away (connection refused, lost, closed): 503 for the client to retry.
        detail = _("The database cannot be reached just now; try again in a minute.")
        exc = ApiError(detail, code="unavailable", status_code=status.HTTP_503_SERVICE_UNAVAILABLE)
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    body: dict[str, Any] = {"detail": _first_message(exc.detail), "code": _code_of(exc)}
    if isinstance(exc, exceptions.ValidationError) and isinstance(exc.detail, dict):
        body["errors"] = exc.detail
    body.update(getattr(exc, "extra", {}))
    if "violations" in body:  # an illegal deck: each message in the reader's language
        from tournaments.api.violations import violations_said  # loaded with DRF, before the models

        body["violations"] = violations_said(body["violations"])
    response.data = body
    if response.status_code == status.HTTP_503_SERVICE_UNAVAILABLE:
        response["Retry-After"] = "30"
    return response
