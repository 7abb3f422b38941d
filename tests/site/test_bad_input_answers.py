"""Bad input is answered, never a 500 or an HTML traceback: a NUL character anywhere it would reach
the database (400), JSON nested past all use (400), a 20 MB body (413), the database away (503) —
JSON under /api/ (api.md), the site's own page elsewhere, in the reader's language. PostgreSQL
is where a NUL broke statements: run these on it too."""

import json

import pytest
from django.db import OperationalError, connection, connections
from django.test import Client

from tournaments.models import SavedDeck

pytestmark = pytest.mark.django_db


def assert_refused(response, status: int, code: str) -> None:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    assert response.json()["code"] == code


def test_it_refuses_a_nul_in_card_search_parameters(anonymous, card_sets):
    for query in ("q=iron%00", "faction=%00", "type=unit%00"):
        assert_refused(anonymous.api.get(f"/api/cards/?{query}"), 400, "nul_character")


def test_it_refuses_a_nul_in_a_page_address_or_query_with_the_sites_page(card_sets):
    browser = Client(HTTP_ACCEPT_LANGUAGE="en")
    response = browser.get("/cards/?q=iron%00")
    assert response.status_code == 400
    assert "Request refused" in response.content.decode() and "NUL" in response.content.decode()


def test_it_refuses_a_nul_in_an_action_string(online_match):
    _event, match_id, a, _b = online_match
    body = {"seq": 1, "action": {"type": "pass\u0000"}}
    response = a.api.post(f"/api/matches/{match_id}/game/actions/", body, format="json")
    assert_refused(response, 400, "nul_character")


def test_it_refuses_a_nul_in_a_saved_decks_name(player, card_sets, respons_deck_text):
    browser = Client(HTTP_ACCEPT_LANGUAGE="ru")
    browser.force_login(player.user)
    response = browser.post(
        "/decks/builder/", {"name": "Мой\x00дек", "text": respons_deck_text, "game": "respons"}
    )
    assert response.status_code == 400
    assert "NUL" in response.content.decode() and "Запрос отклонён" in response.content.decode()
    assert not SavedDeck.objects.exists()


def test_it_refuses_a_nul_in_a_registered_decks_card_name(event_factory, player, legal_decks):
    event = event_factory()
    event.open()
    deck = {**legal_decks[0], "hero": "Commander\u0000Vesta"}
    response = player.api.post(f"{event.url}registrations/", {"deck": deck}, format="json")
    assert_refused(response, 400, "nul_character")


def test_it_takes_an_escaped_backslash_before_u0000_as_text_not_a_nul(anonymous, card_sets):
    response = anonymous.api.post(
        "/api/decks/validate/", '{"deck": "Hero: \\\\u0000"}', content_type="application/json"
    )
    assert response.status_code == 200
    assert response.json()["violations"][0]["card"] == "\\u0000"


def test_it_answers_deeply_nested_json_from_anyone_with_400(anonymous):
    deep = "[" * 100_000 + "]" * 100_000
    response = anonymous.api.post("/api/decks/validate/", deep, content_type="application/json")
    assert_refused(response, 400, "parse_error")
    assert "nested too deeply" in response.json()["detail"]


def test_it_answers_json_past_the_depth_any_request_needs_with_400(online_match):
    _event, match_id, a, _b = online_match
    action: dict = {"type": "play"}
    for _ in range(40):
        action = {"type": "play", "choice": action}
    response = a.api.post(
        f"/api/matches/{match_id}/game/actions/", {"seq": 1, "action": action}, format="json"
    )
    assert_refused(response, 400, "parse_error")


def test_it_answers_a_20_mb_json_body_with_413(anonymous):
    body = json.dumps({"deck": "x" * 20_000_000})
    assert_refused(
        anonymous.api.post("/api/decks/validate/", body, content_type="application/json"), 413, "too_large"
    )


# --- the database away ------------------------------------------------------------------------


@pytest.fixture
def database_away(monkeypatch):
    """The database stops answering: PostgreSQL refuses the connection (a real one, to a port
    nothing listens on); SQLite's test database lives in memory, so its cursor refuses."""
    if connection.vendor == "postgresql":
        saved = dict(connection.settings_dict)
        connection.close()
        connection.settings_dict["HOST"], connection.settings_dict["PORT"] = "127.0.0.1", "1"
        connection.settings_dict["OPTIONS"] = {"connect_timeout": 2}
        yield
        connection.close()
        connection.settings_dict.clear()
        connection.settings_dict.update(saved)
    else:

        def refuse(*args, **kwargs):
            raise OperationalError("unable to open database file")

        monkeypatch.setattr(type(connections["default"]), "create_cursor", refuse)
        yield


@pytest.mark.django_db(transaction=True)
def test_it_answers_503_json_to_the_api_when_the_database_is_away(database_away):
    api = Client(HTTP_ACCEPT_LANGUAGE="en", raise_request_exception=False)
    for address in ("/api/cards/", "/api/events/"):
        response = api.get(address)
        assert_refused(response, 503, "unavailable")
        assert response["Retry-After"] == "30"
        assert "database" in response.json()["detail"]


@pytest.mark.django_db(transaction=True)
def test_it_shows_the_sites_503_page_when_the_database_is_away_in_both_languages(database_away):
    for language, words in (("ru", "Временно недоступно"), ("en", "Temporarily unavailable")):
        browser = Client(HTTP_ACCEPT_LANGUAGE=language, raise_request_exception=False)
        response = browser.get("/events/")
        assert response.status_code == 503
        html = response.content.decode()
        assert words in html and "error-page" in html and "Traceback" not in html


def test_an_error_no_view_handled_is_503_when_it_is_the_database_away(rf):
    from tournaments.views.pages import server_error

    for path, kind in (("/api/events/", "application/json"), ("/events/", "text/html")):
        try:
            raise OperationalError("server closed the connection unexpectedly")
        except OperationalError:
            response = server_error(rf.get(path))
        assert response.status_code == 503
        assert response["Content-Type"].startswith(kind)


def test_it_answers_a_deeply_nested_decklist_sent_as_text_with_400(anonymous):
    deep = '{"main": ' + "[" * 100_000 + "]" * 100_000 + "}"
    response = anonymous.api.post("/api/decks/validate/", deep, content_type="text/plain")
    assert_refused(response, 400, "bad_decklist")
    assert "nested deeper than" in response.json()["detail"]


def test_it_refuses_a_raw_nul_in_a_text_body_but_takes_percent_00_as_text(anonymous, card_sets):
    nul = anonymous.api.post("/api/decks/validate/", "Hero: Commander\x00Vesta\n", content_type="text/plain")
    assert_refused(nul, 400, "nul_character")
    text = anonymous.api.post("/api/decks/validate/", "Hero: Vesta%00\n", content_type="text/plain")
    assert text.status_code == 200
    assert text.json()["deck"]["hero"] == "Vesta%00"
