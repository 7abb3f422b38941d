"""The home page, and the answer for an address that names nothing."""

from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.defaults import page_not_found
from django.views.defaults import server_error as django_server_error
from rest_framework.exceptions import NotFound

from tournaments.models import Notification
from tournaments.request_limits import current_exception, database_away, unavailable
from tournaments.selectors.events import events_upcoming
from tournaments.selectors.notifications import games_waiting_for, notifications_of, player_home
from tournaments.services.demo_users import DEMO_PASSWORD, DEMO_USERS
from tournaments.services.errors import BadInput
from tournaments.services.notifications import (
    email_kinds_of,
    notification_text,
    notifications_read,
    preferences_set,
)
from tournaments.users import SignedInHttpRequest


def home(request: HttpRequest) -> HttpResponse:
    """The home page, with the next events to start; signed in, the player's day first (my
    events, my current match, results to confirm, what is next); signed out, when the demo
    users exist (`make run`), how to sign in as one of them."""
    context: dict[str, object] = {"upcoming": events_upcoming(user=request.user)}
    if request.user.is_authenticated:
        context["day"] = player_home(user=request.user)
    elif _demo_users_present():
        context["demo"] = {"users": DEMO_USERS, "password": DEMO_PASSWORD}
    return render(request, "tournaments/home.html", context)


def _demo_users_present() -> bool:
    # All of them, as `make run` made them (their demo.invalid addresses): a real site that
    # happens to have a user called anna is not told to try a password on her.
    demo = get_user_model().objects.filter(username__in=DEMO_USERS, email__endswith="@demo.invalid")
    return demo.count() == len(DEMO_USERS)


@login_required
def notification_list(request: SignedInHttpRequest) -> HttpResponse:
    """The signed-in user's notifications (POST: mark them all read), and the games waiting for
    their move."""
    if request.method == "POST":
        notifications_read(user=request.user)
        return redirect("notifications")
    rows = [(n, notification_text(n)) for n in notifications_of(user=request.user)]
    waiting = games_waiting_for(user=request.user)
    return render(request, "tournaments/notifications.html", {"rows": rows, "waiting": waiting})


@login_required
def notification_preferences(request: SignedInHttpRequest) -> HttpResponse:
    """Which notifications the user also gets by e-mail."""
    error = ""
    if request.method == "POST":
        try:
            preferences_set(user=request.user, email_kinds=request.POST.getlist("email"))
        except BadInput as refused:
            error = refused.detail
        else:
            return redirect("notification-preferences")
    chosen = email_kinds_of(user=request.user)
    kinds = [(value, label, value in chosen) for value, label in Notification.Kind.choices]
    return render(request, "tournaments/notification_preferences.html", {"kinds": kinds, "error": error})


def not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """404 for an address no URL matches: JSON under /api/ (api.md: every error is JSON), the
    site's page elsewhere."""
    if request.path.startswith("/api/"):
        body = {"detail": str(NotFound.default_detail), "code": NotFound.default_code}
        return JsonResponse(body, status=404)
    return page_not_found(request, exception)


def server_error(request: HttpRequest) -> HttpResponse:
    """500 for an exception no view handled — or 503 when it is the database away,
    wherever it struck (a middleware, a view, a template). JSON under /api/ (api.md)."""
    if database_away(current_exception()):
        return unavailable(request)
    if request.path.startswith("/api/"):
        return JsonResponse({"detail": _("A server error occurred."), "code": "error"}, status=500)
    return django_server_error(request)
