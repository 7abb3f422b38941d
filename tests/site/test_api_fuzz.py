"""Fuzz the whole API with schemathesis against the project's own OpenAPI schema.

No request it generates may produce a 500, or an answer that breaks the schema: a status
the operation does not document, a body or headers other than it documents for that status.
Each API operation is one test; hypothesis drives schemathesis' generated cases through the
WSGI app, sent by the organizer of a running event, an outsider, nobody, or a wrong token.
"""

import functools
import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.support.actors import make_actor, make_players
from tests.support.events import EventDriver, legal_decks_read
from tests.support.schema import CHECKS
from tests.support.sizes import sized
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


@pytest.fixture(scope="module")
def _fuzz_rows(committed_rows) -> list[str | None]:
    """An event in round 1 with players, so that small ids exist; the Authorization headers of
    the callers (the organizer most often; an outsider; nobody; a token that names no one). Made
    once for the module and put back before each test (tests/support/committed_rows.py).
    """

    def build() -> list[str | None]:
        organizer, outsider = make_actor("olga"), make_actor("oscar")
        event = EventDriver(organizer, legal_decks_read(), rounds=2)
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

    return committed_rows.make(build)


@pytest.fixture
def fuzz_world(transactional_db, committed_rows, _fuzz_rows) -> Iterator[list[str | None]]:
    """The module's event and callers' headers, put back for this test. Transactional: the WSGI
    app opens and closes database connections as in production."""
    with committed_rows.restored():
        yield list(_fuzz_rows)


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.label)
@pytest.mark.checked_by("schemathesis' call_and_validate: it raises when one of CHECKS fails")
def test_it_never_answers_500_or_off_schema(operation, fuzz_world):
    live = _served_schema()[operation.path][operation.method.upper()]

    @given(case=live.as_strategy(), authorization=st.sampled_from(fuzz_world))
    @settings(
        max_examples=sized(20, quick=5),  # a quarter under --quick (tests/support/sizes.py)
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
