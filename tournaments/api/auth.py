"""Token authentication with expiring tokens, revoked at once.

Every request looks its token up (one query, with its user): a revoked token (deleted: ``DELETE
/api/auth/token/``, a password change, a deactivation — ``services.accounts``), an inactive user
or an expired token (settings.API_TOKEN_DAYS) is refused on the next request, in every process.
(A 30 s cache of tokens per process used to save that query; it was the revocation's lag.)

The fast lane (``tournaments/api/lane.py``) checks the token in the statement that records an
action; it remembers here only whose a token key is, to count the caller's actions before that
statement (a key never changes hands: a new token gets a new key).
"""

import threading
from collections import OrderedDict
from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from tournaments.services.accounts import token_issued_after

_CACHE_SIZE = 10_000

_lock = threading.Lock()
_ids: "OrderedDict[str, int]" = OrderedDict()  # token key -> its user's id (the lane's counting)


class ExpiringTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        user, token = super().authenticate_credentials(key)  # raises for a bad or inactive one
        if token.created <= token_issued_after():
            raise exceptions.AuthenticationFailed(
                _("Token expired: ask for a new one."), code="token_expired"
            )
        return user, token


def known_user_id(key: str) -> int | None:
    """The id of the user whose token ``key`` is, if this process has seen it (not whether the
    token is still good: that is checked where it is used)."""
    with _lock:
        return _ids.get(key)


def remember_user_id(key: str, user_id: int) -> None:
    """Remember that ``key`` is a token of ``user_id`` (the newest :data:`_CACHE_SIZE` kept)."""
    with _lock:
        _ids[key] = user_id
        _ids.move_to_end(key)
        while len(_ids) > _CACHE_SIZE:
            _ids.popitem(last=False)


def forget_tokens() -> None:
    """Empty this process's memory of token keys (tests)."""
    with _lock:
        _ids.clear()
