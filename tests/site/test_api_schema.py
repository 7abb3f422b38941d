"""The OpenAPI schema documents the answers each operation gives, errors included (api.md):
400 bad input, 401 not signed in, 403 not allowed, 404 unknown, 409 wrong state, 413 too large,
415 unsupported body, 429 throttled with Retry-After, each in the Error shape {detail, code}.
(tests/site/test_api_fuzz.py checks the real answers against it.)"""

import pytest
import schemathesis
from django.core.wsgi import get_wsgi_application
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from tests.support.actors import PASSWORD
from tests.support.schema import CHECKS
from tournaments.api import events as events_api
from tournaments.services.accounts import token_for

ERROR_REF = "#/components/schemas/Error"


def schema() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)


def statuses(document: dict, method: str, path: str) -> set[int]:
    return {int(code) for code in document["paths"][path][method.lower()]["responses"]}


def test_every_error_answer_has_the_error_shape():
    document = schema()
    error = document["components"]["schemas"]["Error"]
    assert set(error["required"]) == {"detail", "code"}
    errors = [
        (path, method, code, response)
        for path, operations in document["paths"].items()
        for method, operation in operations.items()
        for code, response in operation["responses"].items()
        if code.startswith("4")
    ]
    assert len(errors) > 100
    for path, method, code, response in errors:
        assert response["content"]["application/json"]["schema"] == {"$ref": ERROR_REF}, (path, method, code)
        assert response["description"], (path, method, code)


@pytest.mark.parametrize(
    ("method", "path", "expected"),
    [
        # A public read with nothing to get wrong but the token (and the rate: 429).
        ("GET", "/api/events/", {200, 400, 401, 429}),
        # Sign-up authenticates no one: no 401, no CSRF check.
        ("POST", "/api/accounts/", {201, 400, 413, 415, 429}),
        ("GET", "/api/cards/", {200, 400, 401, 429}),
        # It takes a body now: {"hold": true} keeps the pairings from the players until published.
        ("POST", "/api/events/{event_id}/next-round/", {200, 400, 401, 403, 404, 409, 413, 415, 429}),
        ("DELETE", "/api/events/{event_id}/registrations/", {204, 400, 401, 403, 404, 409, 429}),
        ("GET", "/api/matches/{match_id}/game/", {200, 401, 403, 404, 409, 429}),
        (
            "POST",
            "/api/matches/{match_id}/game/actions/",
            {200, 202, 400, 401, 403, 404, 409, 413, 415, 429},
        ),
        ("GET", "/api/matches/{match_id}/log/", {200, 400, 401, 403, 404, 429}),
    ],
)
def test_it_lists_the_answers_each_operation_gives(method, path, expected):
    assert statuses(schema(), method, path) == expected


def test_every_operation_documents_429_and_its_retry_after():
    # Every view has the settings' throttles (anonymous and signed-in rates): any may answer 429.
    document = schema()
    operations = [
        (path, method, operation)
        for path, methods in document["paths"].items()
        for method, operation in methods.items()
    ]
    assert len(operations) > 40
    for path, method, operation in operations:
        answer = operation["responses"].get("429")
        assert answer is not None, (method, path)
        assert answer["content"]["application/json"]["schema"] == {"$ref": ERROR_REF}
        assert answer["headers"]["Retry-After"]["schema"] == {"type": "integer"}, (method, path)


def test_an_operation_without_throttles_documents_no_429(monkeypatch):
    monkeypatch.setattr(events_api.EventDetailApi, "throttle_classes", [])
    document = schema()
    assert "429" not in document["paths"]["/api/events/{event_id}/"]["get"]["responses"]
    assert "429" in document["paths"]["/api/events/"]["get"]["responses"]


@pytest.mark.django_db
def test_a_session_write_without_its_csrf_token_is_the_documented_403(organizer):
    browser = APIClient(enforce_csrf_checks=True, HTTP_ACCEPT_LANGUAGE="en")
    assert browser.login(username=organizer.name, password=PASSWORD)
    response = browser.post("/api/events/", {"name": "Cup"}, format="json")
    assert response.status_code == 403
    assert set(response.json()) == {"detail", "code"}
    assert 403 in statuses(schema(), "POST", "/api/events/")


@pytest.mark.django_db(transaction=True)
def test_the_finished_answer_of_next_round_matches_the_schema(event_factory, organizer):
    from tests.support.actors import make_players

    event = event_factory(rounds=1)
    event.open()
    event.register(*make_players(2))
    event.start()
    event.finish_round(1)
    api = schemathesis.openapi.from_wsgi("/api/schema/?format=json", get_wsgi_application())
    operation = api["/api/events/{event_id}/next-round/"]["POST"]
    case = operation.Case(
        path_parameters={"event_id": str(event.id)},
        headers={"Authorization": f"Token {token_for(user=organizer.user)}"},
    )
    response = case.call_and_validate(checks=CHECKS)
    assert response.json()["finished"] is True
    assert response.json()["event"]["status"] == "finished"
