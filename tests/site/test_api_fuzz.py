"""Fuzz the whole API with schemathesis against the project's own OpenAPI schema.

No request it generates may produce a 500, or an answer that breaks the schema.
Each API operation is one test; hypothesis drives schemathesis' generated cases
through the WSGI app, signed in as the organizer of a running event.
"""

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from drf_spectacular.generators import SchemaGenerator
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import (
    content_type_conformance,
    not_a_server_error,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.site.conftest import make_players
from tournaments.services.accounts import token_for


def _operations() -> list[object]:
    document = SchemaGenerator().get_schema(request=None, public=True)
    schema = schemathesis.openapi.from_dict(document)
    return [result.ok() for result in schema.get_all_operations()]


OPERATIONS = _operations()
CHECKS = [
    not_a_server_error,
    status_code_conformance,
    response_schema_conformance,
    response_headers_conformance,
    content_type_conformance,
]


@pytest.fixture
def fuzz_world(transactional_db, event_factory, organizer):
    """An event in round 1 with players, so that small ids exist; the organizer's token.

    Transactional: the WSGI app opens and closes database connections as in production.
    """
    event = event_factory(rounds=2)
    event.open()
    event.register(*make_players(3))
    event.start()
    return token_for(user=organizer.user)


@pytest.mark.parametrize("operation", OPERATIONS, ids=lambda op: op.label)
def test_it_never_answers_500_or_off_schema(operation, fuzz_world):
    app = get_wsgi_application()
    schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", app)
    live = schema[operation.path][operation.method.upper()]

    @given(case=live.as_strategy())
    @settings(
        max_examples=20,
        deadline=None,
        database=None,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.filter_too_much,
        ],
    )
    def fuzz(case):
        case.headers = {**(case.headers or {}), "Authorization": f"Token {fuzz_world}"}
        case.call_and_validate(checks=CHECKS)

    fuzz()
