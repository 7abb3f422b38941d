"""The site's own 404 page, with DEBUG on too.

Django answers an unknown address with its technical 404 page when DEBUG is on (``make run``),
so a developer never sees the page people get, with the way back. This middleware serves the
site's own 404 (``tournaments.views.pages.not_found``) for those addresses in DEBUG as well.
(A 403 logged as one line: tournaments/logfilters.py.)
"""

from collections.abc import Callable

from django.conf import settings
from django.http import Http404, HttpRequest, HttpResponse
from django.urls import Resolver404

from tournaments.views.pages import not_found


class SiteNotFoundMiddleware:
    """In DEBUG, answer an address no URL matches, and a view's Http404, with the site's 404 page."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        # No view was found for the address (resolver_match is set once one is): Django's
        # technical page in DEBUG. A view's own 404 page (resolver_match set) is left alone.
        if (
            settings.DEBUG
            and response.status_code == 404
            and getattr(request, "resolver_match", None) is None
        ):
            return not_found(request, Resolver404({"path": request.path_info}))
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if settings.DEBUG and isinstance(exception, Http404):
            return not_found(request, exception)
        return None
