"""What the fast lane (``tournaments/api/lane.py``) does in place of Django's request handling.

The lane answers two kinds of requests without going through ``settings.MIDDLEWARE`` and DRF,
so each middleware and each DRF setting the API views run under has to be done by the lane
too, or be one the lane's requests never need. This module says, for each of them, how. A
middleware added to the settings, or a DRF setting changed, that is not listed here with the
same value is a gap: ``manage.py check`` warns of it (``respons.W002``), and the lane stands
aside (:func:`covered` is part of ``lane.enabled``), so every request goes through Django until
the lane is taught the new piece and this table says so.
"""

import logging
from functools import cache
from typing import Any

from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver

log = logging.getLogger(__name__)

# Each middleware of settings.MIDDLEWARE, and what the lane does in its place.
MIDDLEWARE: dict[str, str] = {
    "tournaments.request_limits.RequestLimitsMiddleware": "the body read up to lane_http.MAX_BODY; a body "
    "the lane does not take as it is, or the database away, goes on to Django and its limits",
    "django.middleware.security.SecurityMiddleware": "HSTS, nosniff, referrer and opener "
    "policies written from the same settings (lane_http.settings_headers); SECURE_SSL_REDIRECT: an "
    "insecure request goes on to Django",
    "whitenoise.middleware.WhiteNoiseMiddleware": "static files only: never an API route",
    "django.contrib.sessions.middleware.SessionMiddleware": "the lane takes only requests with "
    "a token, which DRF reads before any session (the token class comes first); one without goes "
    "on to Django",
    "django.middleware.locale.LocaleMiddleware": "the language of Accept-Language and the "
    "language cookie, as Django reads them (lane_http.content_language)",
    "django.middleware.common.CommonMiddleware": "ALLOWED_HOSTS checked as Django checks it "
    "(lane_http.host_allowed); the lane's routes end with a slash already",
    "django.middleware.csrf.CsrfViewMiddleware": "DRF checks CSRF only for a session's "
    "requests, and the lane takes only token requests",
    "django.contrib.auth.middleware.AuthenticationMiddleware": "the token's user read by the "
    "lane's own statement (active, token not expired nor revoked)",
    "django.contrib.messages.middleware.MessageMiddleware": "pages only: the API has no messages",
    "django.middleware.clickjacking.XFrameOptionsMiddleware": "X-Frame-Options from "
    "settings.X_FRAME_OPTIONS (lane_http.settings_headers)",
    "django_htmx.middleware.HtmxMiddleware": "pages only: the API ignores htmx headers",
    "tournaments.debug_pages.SiteNotFoundMiddleware": "404 pages only: the lane answers no 404",
}

# DRF's settings the online API views run under, with the value the lane was written for.
REST_FRAMEWORK: dict[str, Any] = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "tournaments.api.auth.ExpiringTokenAuthentication",  # lane._user_id, the same token rules
        "rest_framework.authentication.SessionAuthentication",  # a session goes on to Django
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "EXCEPTION_HANDLER": "tournaments.api.errors.exception_handler",  # an error goes on to Django
    "DEFAULT_PARSER_CLASSES": [
        "tournaments.api.parsers.JSONParser",  # JSON only; anything else goes on to Django
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_THROTTLE_CLASSES": [
        "tournaments.api.throttles.AnonThrottle",  # anonymous requests go on to Django
        "tournaments.api.throttles.UserThrottle",  # lane._within, the same rates and counters
    ],
    "DEFAULT_RENDERER_CLASSES": [
        "rest_framework.renderers.JSONRenderer",  # the views' JSON, byte for byte
        "rest_framework.renderers.BrowsableAPIRenderer",  # Accept: text/html goes on to Django
    ],
}


# DRF's settings that do not bear on the lane's requests, and why.
REST_FRAMEWORK_ASIDE: dict[str, str] = {
    "DEFAULT_SCHEMA_CLASS": "the OpenAPI schema only",
    "DEFAULT_THROTTLE_RATES": "the lane reads the same rates (settings.THROTTLE_RATES)",
    "NUM_PROXIES": "whose address a request is: anonymous requests only, which go on to Django",
}


def gaps() -> list[str]:
    """The middleware and DRF settings the lane does not cover (empty: it covers them all)."""
    found = [f"middleware {name}" for name in settings.MIDDLEWARE if name not in MIDDLEWARE]
    configured = getattr(settings, "REST_FRAMEWORK", {})
    for key, value in configured.items():
        if key in REST_FRAMEWORK_ASIDE:
            continue
        if key not in REST_FRAMEWORK or REST_FRAMEWORK[key] != value:
            found.append(f"REST_FRAMEWORK[{key!r}] = {value!r}")
    found.extend(f"REST_FRAMEWORK[{key!r}] unset" for key in REST_FRAMEWORK if key not in configured)
    return found


@cache
def covered() -> bool:
    """Whether the lane covers every middleware and DRF setting (read once; again when a test
    changes the settings). Logs the gaps once when it does not."""
    missing = gaps()
    if missing:
        log.error("the fast lane stands aside: it does not cover %s (api/lane_covers.py)", missing)
    return not missing


@receiver(setting_changed)
def _settings_changed(setting: str, **kwargs: Any) -> None:
    if setting in ("MIDDLEWARE", "REST_FRAMEWORK"):
        covered.cache_clear()
