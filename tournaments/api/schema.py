"""The OpenAPI schema's error answers (api.md: every error is JSON ``{"detail", "code"}``).

Each operation lists the 4xx answers it really gives. Most follow from the operation itself, so
:class:`ApiSchema` adds them to every operation it fits (what an operation declares itself wins):

- 400 bad input: it takes a body or query parameters;
- 401 not signed in: it authenticates (a wrong or expired token is refused on any operation);
- 403 not allowed: a write with session authentication (its CSRF check; and the services'
  permission checks);
- 404 unknown: its address names something (a path parameter);
- 413 body too large, 415 unsupported body type: it takes a body;
- 429 throttled, with ``Retry-After``: the view has throttles (settings or its own).

The rest an operation declares with :func:`errors` in its ``extend_schema`` responses: a read
that refuses outsiders (403), a body-less write that checks its input (400), and the wrong
states (409).
"""

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse
from rest_framework import serializers
from rest_framework.authentication import SessionAuthentication


class Error(serializers.Serializer):
    """Every error answer (more fields in some: ``errors``, ``violations``, ``next_seq``...)."""

    detail = serializers.CharField(help_text="what is wrong, in the reader's language")
    code = serializers.CharField(help_text="a stable code for programs, e.g. wrong_state")


_MEANINGS = {
    400: "Bad input: a field, the body or a query parameter that cannot be used.",
    401: "Not signed in, or the token is wrong.",
    403: "Not allowed for the caller (or a session's write without its CSRF token).",
    404: "Unknown, or not visible to the caller.",
    409: "The object is in the wrong state for this request.",
    413: "The request body is too large.",
    415: "The request body's content type is not one this operation reads.",
    429: "Too many requests: try again after Retry-After seconds.",
}
BODY_METHODS = ("POST", "PUT", "PATCH")
UNSAFE_METHODS = ("POST", "PUT", "PATCH", "DELETE")


def errors(*statuses: int) -> dict[int, OpenApiResponse]:
    """The error answers ``statuses`` (4xx), for an operation's ``extend_schema`` responses."""
    return {status: OpenApiResponse(Error, description=_MEANINGS[status]) for status in statuses}


class ApiSchema(AutoSchema):
    """drf-spectacular's schema of an operation, with its error answers (module docstring)."""

    def _get_response_bodies(self, direction: Any = "response") -> Any:
        bodies = super()._get_response_bodies(direction)
        for status, response in errors(*self._error_statuses()).items():
            if str(status) not in bodies:  # the operation's own declaration wins
                bodies[str(status)] = self._get_response_for_code(response, str(status), direction=direction)
        return bodies

    def get_override_parameters(self) -> list[Any]:
        parameters = list(super().get_override_parameters())
        if self._throttled():
            parameters.append(
                OpenApiParameter(
                    "Retry-After",
                    int,
                    location=OpenApiParameter.HEADER,
                    response=[429],
                    description="seconds to wait before trying again",
                )
            )
        return parameters

    def _error_statuses(self) -> list[int]:
        has_body = self.method in BODY_METHODS and self.get_request_serializer() is not None
        has_query = any(parameter["in"] == "query" for parameter in self._get_parameters())
        authenticators = self.view.get_authenticators()
        statuses = []
        if has_body or has_query:
            statuses.append(400)
        if authenticators:
            statuses.append(401)
        if self.method in UNSAFE_METHODS and any(
            isinstance(a, SessionAuthentication) for a in authenticators
        ):
            statuses.append(403)
        if "{" in self.path:
            statuses.append(404)
        if has_body:
            statuses += [413, 415]
        if self._throttled():
            statuses.append(429)
        return statuses

    def _throttled(self) -> bool:
        return bool(self.view.get_throttles())
