"""Fuzz the whole API with schemathesis against the project's own OpenAPI schema.

No request it generates may produce a 500, or an answer that breaks the schema: a status
the operation does not document, a body or headers other than it documents for that status.
Each API operation is one test; hypothesis drives schemathesis' generated cases through the
WSGI app, sent by the organizer of a running event, an outsider, nobody, or a wrong token.
"""

import functools
import os
from typing import Any

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.actors import make_players
from tests.support.schema import CHECKS
from tournaments.services.accounts import token_for


def _operations() -> list[object]:
    document = SchemaGenerator().get_schema(request=None, public=True)
    schema = schemathesis.openapi.from_dict(document)
    return [result.ok() for result in schema.get_all_operations()]


OPERATIONS = _operations()


@functools.cache
def _served_schema() -> Any:
    """The schema as the site serves it, loaded by schemathesis once per test process (about a
    second each time: every operation's test uses the same), its cases sent to the WSGI app."""
    return schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())


@pytest.fixture
def fuzz_world(transactional_db, event_factory, organizer, outsider):
    """An event in round 1 with players, so that small ids exist; the Authorization headers of
    the callers (the organizer most often; an outsider; nobody; a token that names no one).

    Transactional: the WSGI app opens and closes database connections as in production.
    """
    event = event_factory(rounds=2)
    event.open()
    event.register(*make_players(3))
    event.start()
    organizer_header = f"Token {token_for(user=organizer.user)}"
    return [
        organizer_header,
        organizer_header,
        f"Token {token_for(user=outsider.user)}",
        None,
        "Token " + "0" * 40,
    ]


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.label)
@pytest.mark.checked_by("schemathesis' call_and_validate: it raises when one of CHECKS fails")
def test_it_never_answers_500_or_off_schema(operation, fuzz_world):
    live = _served_schema()[operation.path][operation.method.upper()]

    @given(case=live.as_strategy(), authorization=st.sampled_from(fuzz_world))
    @settings(
        max_examples=20,
        # The same cases every run, so CI does not pass or fail by chance; FUZZ_RANDOM=1 explores.
        derandomize=not os.environ.get("FUZZ_RANDOM"),
        deadline=None,
        database=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.filter_too_much,
        ],
    )
    def fuzz(case, authorization):
        headers = {k: v for k, v in (case.headers or {}).items() if k.lower() != "authorization"}
        case.headers = headers if authorization is None else {**headers, "Authorization": authorization}
        case.call_and_validate(checks=CHECKS)

    fuzz()
