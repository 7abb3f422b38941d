"""Actors of the site tests: an organizer, a judge, a player, an outsider, anonymous."""

from dataclasses import dataclass

import pytest
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


def _actor(name: str) -> Actor:
    user = get_user_model().objects.create_user(username=name, password=PASSWORD, email=f"{name}@example.org")
    api = APIClient(HTTP_ACCEPT_LANGUAGE="en")
    api.credentials(HTTP_AUTHORIZATION=f"Token {token_for(user=user)}")
    return Actor(name=name, user=user, api=api)


@pytest.fixture
def organizer(db: None) -> Actor:
    return _actor("olga")


@pytest.fixture
def judge(db: None) -> Actor:
    return _actor("jury")


@pytest.fixture
def player(db: None) -> Actor:
    return _actor("anna")


@pytest.fixture
def opponent(db: None) -> Actor:
    return _actor("boris")


@pytest.fixture
def outsider(db: None) -> Actor:
    return _actor("oscar")


@pytest.fixture
def anonymous(db: None) -> Actor:
    return Actor(name="anonymous", user=None, api=APIClient(HTTP_ACCEPT_LANGUAGE="en"))


@pytest.fixture
def card_sets(db: None) -> None:
    """The card sets shipped with the engine, imported for every game."""
    from tournaments.services.demo import bundled_card_sets_import

    list(bundled_card_sets_import())


@pytest.fixture
def respons_deck_text() -> str:
    """A legal RESPONSE decklist as a player would paste it."""
    from engine.registry import bundled_decklists

    return next(p for p in bundled_decklists("respons") if p.name == "vesta_order.txt").read_text()
