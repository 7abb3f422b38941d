"""The home page, and the answer for an address that names nothing."""

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.defaults import page_not_found
from django.views.defaults import server_error as django_server_error
from rest_framework.exceptions import NotFound

from tournaments.limits import current_exception, database_away, unavailable
from tournaments.selectors.events import events_upcoming


def home(request: HttpRequest) -> HttpResponse:
    """The home page, with the next events to start."""
    return render(request, "tournaments/home.html", {"upcoming": events_upcoming(user=request.user)})


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404 for an address no URL matches: JSON under /api/ (api.md: every error is JSON), the
    site's page elsewhere."""
    if request.path.startswith("/api/"):
        body = {"detail": str(NotFound.default_detail), "code": NotFound.default_code}
        return JsonResponse(body, status=404)
    return page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """500 for an exception no view handled — or 503 when it is the database away (issue #15),
    wherever it struck (a middleware, a view, a template). JSON under /api/ (api.md)."""
    if database_away(current_exception()):
        return unavailable(request)
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("A server error occurred."), "code": "error"}, status=500)
    return django_server_error(request)
