"""The small helpers the type checker relies on: each returns what its annotation says, and
refuses, instead of passing it on, a value that breaks the type it promises."""

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.db import connection
from django.test import RequestFactory

from tournaments.models import Event, GameAction, Match
from tournaments.plainsql import column_of, remember
from tournaments.users import signed_in


def test_signed_in_returns_the_signed_in_user(player):
    request = RequestFactory().get("/")
    request.user = player.user
    assert signed_in(request) == player.user


def test_signed_in_refuses_an_anonymous_visitor():
    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    with pytest.raises(PermissionDenied):
        signed_in(request)


def test_column_of_quotes_a_concrete_fields_column():
    assert column_of(GameAction._meta.get_field("match")) == connection.ops.quote_name("match_id")
    assert column_of(Match._meta.pk) == connection.ops.quote_name("id")


def test_column_of_refuses_a_field_without_a_column():
    with pytest.raises(TypeError, match="has no column"):
        column_of(Event._meta.get_field("registrations"))  # the reverse side of a foreign key


def test_remember_refuses_a_field_that_is_no_relation():
    with pytest.raises(TypeError, match="is not a relation"):
        remember(Match(), "table", None)
