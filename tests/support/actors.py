"""Named users of the site tests, each with an API client authenticated by token."""

import copy
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from tournaments.services.accounts import token_for

PASSWORD = "correct-Horse-battery-9"


@dataclass
class Actor:
    """A named user with an API client authenticated by token (or anonymous)."""

    name: str
    user: object | None
    api: APIClient

    def __deepcopy__(self, memo: dict) -> "Actor":
        """The same user (a copy of the instance) with a client of its own: the same defaults,
        credentials and cookies (tests/support/shared_rows.py hands actors out this way)."""
        api = APIClient(**self.api.defaults)
        api.credentials(**self.api._credentials)
        api.cookies = copy.deepcopy(self.api.cookies, memo)
        return Actor(name=self.name, user=copy.deepcopy(self.user, memo), api=api)


def make_actor(name: str) -> Actor:
    """Return a newly signed-up user ``name`` (password :data:`PASSWORD`) with a token client."""
    user = get_user_model().objects.create_user(username=name, password=PASSWORD, email=f"{name}@example.org")
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user=user)}")
    return Actor(name=name, user=user, api=api)


def anonymous_actor() -> Actor:
    """Return a visitor who is not signed in."""
    return Actor(name="anonymous", user=None, api=APIClient(HTTP_ACCEPT_LANGUAGE="en"))


def make_players(count: int, prefix: str = "p") -> list[Actor]:
    """Return ``count`` more signed-up players."""
    return [make_actor(f"{prefix}{i:03d}") for i in range(1, count + 1)]
