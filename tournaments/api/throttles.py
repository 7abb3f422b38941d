"""DRF throttles counted in the shared limit store (``services/limits.py``): a request over its
rate answers 429 with ``Retry-After`` (api.md). The rates are settings (THROTTLE_*)."""

from typing import Any

from django.conf import settings
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from tournaments.selectors.signup_codes import signup_code_find
from tournaments.services import limits


class WindowThrottle(SimpleRateThrottle):
    """A rate counted in fixed windows in the shared store (one round trip, not DRF's history of
    every request in the cache); ``get_cache_key`` names whom it counts, or None: not counted."""

    scope: str  # every throttle below names its own (DRF's base allows None)

    def get_rate(self) -> str | None:
        # Read when the throttle is made (DRF reads its rates once, at import).
        return settings.THROTTLE_RATES.get(self.scope)

    def allow_request(self, request: Request, view: Any) -> bool:
        ident = self.get_cache_key(request, view)
        if ident is None or self.rate is None:
            return True
        counted = getattr(request._request, "scope", {}).get(limits.COUNTED, {})
        if self.scope in counted:  # by the fast lane, which handed the request on
            refused = counted[self.scope]
        else:
            refused = limits.hit(scope=self.scope, ident=ident, rate=self.rate)
        self._wait = None if refused is None else refused.wait
        return refused is None

    def wait(self) -> float | None:
        return self._wait


class AnonThrottle(WindowThrottle):
    """Anonymous requests, per address."""

    scope = "anon"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        return None if request.user and request.user.is_authenticated else self.get_ident(request)


class UserThrottle(WindowThrottle):
    """Signed-in requests, per user."""

    scope = "user"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        return str(request.user.pk) if request.user and request.user.is_authenticated else None


class ActionThrottle(UserThrottle):
    """A player's game actions, per user (the fast lane counts the same: ``api/lane.py``)."""

    scope = "actions"


class SignUpThrottle(WindowThrottle):
    """Sign-ups, per address; one that gives a working sign-up code of an event is not counted
    (services/signup_codes.py: at a venue everyone shares one address)."""

    scope = "signup"

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        data = request.data if isinstance(request.data, dict) else {}
        code = data.get("code")
        if isinstance(code, str) and code.strip() and signup_code_find(text=code[:32]) is not None:
            return None
        return self.get_ident(request)
