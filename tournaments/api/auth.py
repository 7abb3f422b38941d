"""Token authentication that remembers a token's user for a few seconds.

A player in an online match sends a request every few seconds, each with the same token;
looking the token up in the database every time is a noticeable share of the cost of an
action (bench/bench_online.py). A token's user is kept in this process for
:data:`TOKEN_TTL` seconds; a deleted token or a deactivated user is refused again at most
that long after, in the other processes (at once in the one that deleted it).
"""

import threading
import time
from collections import OrderedDict
from typing import Any

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

TOKEN_TTL = 30.0
_CACHE_SIZE = 10_000

_lock = threading.Lock()
_cache: "OrderedDict[str, tuple[float, Any, Any]]" = OrderedDict()  # key -> (expires, user, token)
# The fast lane (tournaments/api/lane.py) needs only the user's id: key -> (expires, user id).
_ids: "OrderedDict[str, tuple[float, int]]" = OrderedDict()


class CachedTokenAuthentication(TokenAuthentication):
    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        now = time.monotonic()
        with _lock:
            hit = _cache.get(key)
            if hit is not None and hit[0] > now:
                return hit[1], hit[2]
        user, token = super().authenticate_credentials(key)  # raises for a bad or inactive one
        _keep(_cache, key, (now + TOKEN_TTL, user, token))
        return user, token


def _keep(cache: "OrderedDict[str, Any]", key: str, entry: Any) -> None:
    """Put ``entry`` in ``cache`` as its newest, dropping the oldest past :data:`_CACHE_SIZE`."""
    with _lock:
        cache[key] = entry
        cache.move_to_end(key)
        while len(cache) > _CACHE_SIZE:
            cache.popitem(last=False)


def cached_user_id(key: str) -> int | None:
    """The id of the active user whose token ``key`` is, if this process looked it up less than
    :data:`TOKEN_TTL` seconds ago (:func:`remember_user_id`); None: look it up."""
    with _lock:
        hit = _ids.get(key)
    return hit[1] if hit is not None and hit[0] > time.monotonic() else None


def remember_user_id(key: str, user_id: int) -> None:
    """Remember that ``key`` is the token of the active user ``user_id`` (for :data:`TOKEN_TTL` s)."""
    _keep(_ids, key, (time.monotonic() + TOKEN_TTL, user_id))


def forget_tokens() -> None:
    """Empty this process's cache (tests, and after a user is changed)."""
    with _lock:
        _cache.clear()
        _ids.clear()


@receiver(post_delete, sender=Token)
def _token_deleted(sender: Any, instance: Token, **kwargs: Any) -> None:
    with _lock:
        _cache.pop(instance.key, None)
        _ids.pop(instance.key, None)


@receiver(post_save, sender="auth.User")
def _user_saved(sender: Any, instance: Any, **kwargs: Any) -> None:
    # A deactivated user or a changed name must not be served from the cache in this process.
    with _lock:
        for key in [key for key, (_exp, user, _token) in _cache.items() if user.pk == instance.pk]:
            del _cache[key]
        for key in [key for key, (_exp, user_id) in _ids.items() if user_id == instance.pk]:
            del _ids[key]
