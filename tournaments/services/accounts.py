"""Accounts: open sign-up (api.md "Accounts")."""

from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

User = get_user_model()


def user_create(*, username: str, password: str, email: str = "") -> AbstractBaseUser:
    """Create and return a user.

    Raises ValidationError (keyed by field) for a taken username or a weak password.
    """
    username = username.strip()
    errors: dict[str, list[str]] = {}
    if User.objects.filter(username__iexact=username).exists():
        errors["username"] = [_("The username “%(name)s” is already taken.") % {"name": username}]
    candidate = User(username=username, email=email)
    try:
        validate_password(password, user=candidate)
    except ValidationError as error:
        errors["password"] = list(error.messages)
    if errors:
        raise ValidationError(errors)
    try:
        with transaction.atomic():
            return User.objects.create_user(username=username, password=password, email=email)
    except IntegrityError:
        # Two sign-ups racing for one name: the loser gets the same clear message.
        raise ValidationError(
            {"username": [_("The username “%(name)s” is already taken.") % {"name": username}]}
        ) from None


def token_for(*, user: AbstractBaseUser) -> str:
    """Return the user's API token, creating it on first use."""
    token, _created = Token.objects.get_or_create(user=user)
    return token.key
