"""Accounts: open sign-up, API tokens and the sign-in backoff (api.md "Accounts")."""

import unicodedata
from datetime import datetime, timedelta
from functools import cache
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.db.models.functions import Length
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

# Scripts whose letters are mistaken for Latin ones (issue #15: "аnna" with a Cyrillic а).
_LOOK_ALIKE_SCRIPTS = ("CYRILLIC", "GREEK")


@cache
def _skeleton_table() -> dict[int, str]:
    """Each Cyrillic or Greek character that Unicode's confusables data (UTS #39, through
    confusable_homoglyphs) lists as looking like an ASCII letter or digit, mapped to it."""
    from confusable_homoglyphs import categories, confusables

    table: dict[int, str] = {}
    for char, alikes in confusables.confusables_data.items():
        if len(char) != 1 or categories.alias(char) not in _LOOK_ALIKE_SCRIPTS:
            continue
        for alike in alikes:
            if len(alike["c"]) == 1 and alike["c"].isascii() and alike["c"].isalnum():
                table[ord(char)] = alike["c"]
                break
    return table


def username_skeleton(username: str) -> str:
    """What ``username`` looks like: NFKC, Cyrillic and Greek look-alikes as the Latin letters
    they look like, case folded. Two names with the same skeleton are one name to a reader."""
    return unicodedata.normalize("NFKC", username).translate(_skeleton_table()).casefold()


def _taken(username: str) -> ValidationError:
    return ValidationError(
        {"username": [_("The username “%(name)s” is already taken.") % {"name": username}]}
    )


def _look_alike_of(username: str) -> str | None:
    """An existing username that looks like ``username``, or None."""
    skeleton = username_skeleton(username)
    # A skeleton has a character for each of the name's (NFKC: as Django stores names), so only
    # names of the same length can look alike: the database leaves out the rest.
    same_length = User.objects.annotate(n=Length("username")).filter(n=len(username))
    for existing in same_length.values_list("username", flat=True).iterator(chunk_size=2000):
        if username_skeleton(existing) == skeleton:
            return existing
    return None


def user_create(*, username: str, password: str, email: str = "") -> User:
    """Create and return a user.

    Raises ValidationError (keyed by field) for a taken username — whatever its case, or one
    that looks like a taken one (Cyrillic or Greek look-alikes) — or a weak password.
    """
    username = unicodedata.normalize("NFKC", username.strip())
    errors: dict[str, list[str]] = {}
    candidate = User(username=username, email=email)
    try:
        validate_password(password, user=candidate)
    except ValidationError as error:
        errors["password"] = list(error.messages)
    try:
        with transaction.atomic():
            if connection.vendor == "postgresql":
                # Two sign-ups with look-alike names wait for each other (SQLite writes one at a
                # time already), so the second one's look below sees the first.
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT pg_advisory_xact_lock(hashtext(%s))", [username_skeleton(username)]
                    )
            if User.objects.filter(username__iexact=username).exists():
                raise _taken(username)
            alike = _look_alike_of(username)
            if alike is not None:
                raise ValidationError(
                    {
                        "username": [
                            _("The username “%(name)s” looks like “%(taken)s”, which is taken.")
                            % {"name": username, "taken": alike}
                        ]
                    }
                )
            if errors:
                raise ValidationError(errors)
            return User.objects.create_user(username=username, password=password, email=email)
    except ValidationError as error:
        raise ValidationError({**error.message_dict, **errors}) from None
    except IntegrityError:
        # Two sign-ups racing for one name (the database's unique lower(username)): the loser
        # gets the same clear message.
        raise ValidationError({**_taken(username).message_dict, **errors}) from None


# --- API tokens ---------------------------------------------------------------------------------


def token_lifetime() -> timedelta:
    """How long an API token is good for (settings.API_TOKEN_DAYS)."""
    return timedelta(days=settings.API_TOKEN_DAYS)


def token_issued_after() -> datetime:
    """Tokens created at or before this have expired."""
    return timezone.now() - token_lifetime()


def token_expires(token: Token) -> datetime:
    return token.created + token_lifetime()


def token_issue(*, user: User) -> Token:
    """Return the user's API token, creating it on first use and anew once it has expired."""
    token, _created = Token.objects.get_or_create(user=user)
    if token.created <= token_issued_after():
        token.delete()
        token = Token.objects.create(user=user)
    return token


def token_for(*, user: User) -> str:
    """Return the key of the user's API token (:func:`token_issue`)."""
    return token_issue(user=user).key


def token_revoke(*, user: Any) -> bool:
    """Revoke the user's API token at once, in every process (each request looks its token up);
    return whether there was one."""
    deleted, _rows = Token.objects.filter(user=user).delete()
    return bool(deleted)


def tokens_revoke_on_user_saved(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A user's password changed (``set_password`` then ``save``: the admin, ``changepassword``,
    a password form) or the user deactivated: their API token is revoked at once. (A password
    rehashed on sign-in is no change: Django saves it without ``_password``.)"""
    if kwargs.get("created"):
        return
    if getattr(instance, "_password", None) is not None or not instance.is_active:
        token_revoke(user=instance)
