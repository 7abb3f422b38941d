"""Who a request comes from, as types: a visitor, or a user a view's guard has let through.

The site keeps Django's own user model (``settings.AUTH_USER_MODEL`` is ``auth.User``), so
services and selectors take ``User``. A view or API method behind ``login_required`` or
``IsAuthenticated`` (``IsAuthenticatedOrReadOnly`` for a write) annotates its request as
signed in: its ``user`` is then a ``User``, as the guard made sure before the view ran. A view
that answers anonymous visitors itself (a login redirect from a helper such as
``_official_event``) hands the service ``signed_in(request)`` once past that check.
"""

from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from rest_framework.request import Request

__all__ = ["SignedInHttpRequest", "SignedInRequest", "User", "Visitor", "signed_in"]

# Anyone: signed in, or not (the public pages and the read-only API).
Visitor = User | AnonymousUser


class SignedInHttpRequest(HttpRequest):
    """A page request that ``login_required`` let through."""

    user: User


class SignedInRequest(Request):
    """An API request that ``IsAuthenticated`` let through (``IsAuthenticatedOrReadOnly``: a write)."""

    user: User


def signed_in(request: HttpRequest) -> User:
    """Return the request's user, whom the view has already checked to be signed in.

    Raises PermissionDenied for an anonymous visitor: a view that forgot its check refuses
    rather than hands a service an ``AnonymousUser``.
    """
    user = request.user
    if not user.is_authenticated:
        raise PermissionDenied
    return user
