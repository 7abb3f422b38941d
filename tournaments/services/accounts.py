"""Accounts: open sign-up, API tokens and the sign-in backoff (api.md "Accounts")."""

import unicodedata
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from tournaments.confusables import skeleton
from tournaments.models import SignupCode, UsernameSkeleton
from tournaments.services.errors import BadInput
from tournaments.services.signup_codes import signup_code_claim

# Letters the site's fonts draw like a Latin one that Unicode's confusables data (TR39) maps
# elsewhere: Cyrillic п is "π" to TR39, but "аппа" in Cyrillic reads as "anna".
_ALSO_ALIKE = str.maketrans({"п": "n"})


def username_skeleton(username: str) -> str:
    """What ``username`` looks like to a reader: its Unicode TR39 skeleton (from Unicode's
    confusables data, ``tournaments/confusables.py``: "аnna" with a Cyrillic а, "ΑΝΝΑ",
    "ａｎｎａ" are all "anna"; "m" is "rn", "1" and "I" are "l"), with the few look-alikes
    TR39 leaves out (:data:`_ALSO_ALIKE`), then case folded and taken to its skeleton again.
    Two names with the same skeleton are one name to a reader."""
    name = unicodedata.normalize("NFKC", username).translate(_ALSO_ALIKE)
    return skeleton(skeleton(name).casefold())


def username_skeleton_keep(sender: Any, instance: Any, **kwargs: Any) -> None:
    """A user saved (made, or renamed, by whatever path: a sign-up, a walk-in, the admin,
    ``createsuperuser``): their name's skeleton is stored beside them (UsernameSkeleton)."""
    fields = kwargs.get("update_fields")
    if kwargs.get("raw") or (fields is not None and "username" not in fields):
        return  # a sign-in's last_login, say: the name is as it was
    skeleton = username_skeleton(instance.get_username())
    try:
        with transaction.atomic():
            UsernameSkeleton.objects.update_or_create(user_id=instance.pk, defaults={"skeleton": skeleton})
    except DatabaseError:
        # A database migrated back to before the table (a migration's own test): nothing to keep.
        if UsernameSkeleton._meta.db_table in connection.introspection.table_names():
            raise


def usernames_skeletons_rebuild() -> int:
    """Store every user's skeleton again (after the confusables data is updated); return how
    many users there are."""
    users = get_user_model().objects.values_list("pk", "username")
    rows = [UsernameSkeleton(user_id=pk, skeleton=username_skeleton(name)) for pk, name in users.iterator()]
    with transaction.atomic():
        UsernameSkeleton.objects.all().delete()
        UsernameSkeleton.objects.bulk_create(rows, batch_size=5000)
    return len(rows)


def _taken(username: str) -> ValidationError:
    return ValidationError(
        {"username": [_("The username “%(name)s” is already taken.") % {"name": username}]}
    )


def username_refusal(username: str, *, renaming: Any = None) -> ValidationError | None:
    """Why ``username`` may not be given to an account (``renaming``: the user it is for, who
    may keep looking like themselves), as a ValidationError keyed by ``username``; None when it
    is free: no account has it whatever its case, and none looks like it (its skeleton)."""
    others = get_user_model().objects.all()
    skeletons = UsernameSkeleton.objects.all()
    if renaming is not None and renaming.pk is not None:
        others, skeletons = others.exclude(pk=renaming.pk), skeletons.exclude(user_id=renaming.pk)
    if others.filter(username__iexact=username).exists():
        return _taken(username)
    alike = (
        skeletons.filter(skeleton=username_skeleton(username))
        .values_list("user__username", flat=True)
        .first()
    )
    if alike is not None:
        return ValidationError(
            {
                "username": [
                    _("The username “%(name)s” looks like “%(taken)s”, which is taken.")
                    % {"name": username, "taken": alike}
                ]
            }
        )
    return None


def username_lock(username: str) -> None:
    """Hold, until the transaction ends, the lock of every name that looks like ``username``: two
    accounts made at once with look-alike names wait for each other (SQLite writes one at a time
    already), so the second one's :func:`username_refusal` sees the first."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [username_skeleton(username)])


def user_create_problems(*, username: str | None, password: str | None) -> dict[str, list[str]]:
    """Return, by field, why :func:`user_create` would refuse these values (a username taken or
    looking like a taken one, a weak password), creating nothing; a value that is None (one a
    form refused already) is not checked. A form shows them all at once with its own."""
    problems: dict[str, list[str]] = {}
    if username is not None:
        username = unicodedata.normalize("NFKC", username.strip())
        refused = username_refusal(username)
        if refused is not None:
            problems.update(refused.message_dict)
    if password is not None:
        try:
            validate_password(password, user=User(username=username or ""))
        except ValidationError as error:
            problems["password"] = list(error.messages)
    return problems


def user_create(*, username: str, password: str, email: str = "", code: SignupCode | None = None) -> User:
    """Create and return a user; with an event's sign-up ``code``, counted against it.

    Raises ValidationError (keyed by field) for a taken username — whatever its case, or one
    that looks like a taken one (:func:`username_skeleton`) — a weak password, or a code used
    up, expired or withdrawn meanwhile (``code``).
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
            username_lock(username)
            refused = username_refusal(username)
            if refused is not None:
                raise refused
            if errors:
                raise ValidationError(errors)
            user = User.objects.create_user(username=username, password=password, email=email)
            if code is not None:
                try:
                    signup_code_claim(code=code, user=user)
                except BadInput as used_up:
                    raise ValidationError({"code": [used_up.detail]}) from None
            return user
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
