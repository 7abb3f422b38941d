"""With DEBUG on (``make run``) an unknown page is still the site's own 404 with the way back,
not Django's technical page; and a 403 is logged as one line, not a traceback."""

import logging

import pytest
from django.test import Client

from tests.support.pages import html_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def debug(settings):
    settings.DEBUG = True


def test_an_unknown_address_is_the_sites_404_in_debug(debug, client):
    response = client.get("/no/such/page/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    html = html_of(response)
    assert "Page not found" in html and "error-page" in html
    assert "Using the URLconf" not in html and "technical" not in html.lower()


def test_a_missing_event_is_the_sites_404_in_debug_in_russian(debug):
    response = Client(HTTP_ACCEPT_LANGUAGE="ru").get("/events/987654321/")
    assert response.status_code == 404
    html = html_of(response)
    assert "error-page" in html and "Главная" in html
    assert "No Event matches the given query" not in html and "Traceback" not in html


def test_an_unknown_api_address_stays_json_in_debug(debug, client):
    response = client.get("/api/no-such-thing/")
    assert response.status_code == 404 and response.json()["code"] == "not_found"


def test_a_missing_slash_is_still_redirected_in_debug(debug, client):
    response = client.get("/events")
    assert response.status_code == 301 and response["Location"] == "/events/"


def test_a_forbidden_page_is_logged_as_one_line_without_a_traceback(online_match, outsider, caplog):
    _event, match_id, _a, _b = online_match
    browser = Client()
    browser.force_login(outsider.user)
    handler = logging.getLogger("django.request")
    with caplog.at_level(logging.WARNING, logger="django.request"):
        response = browser.get(f"/matches/{match_id}/play/")
    assert response.status_code == 403
    [record] = [r for r in caplog.records if r.name == "django.request"]
    assert record.getMessage() == f"Forbidden (Permission denied): /matches/{match_id}/play/"
    assert record.exc_info is None and record.exc_text is None
    assert handler.filters, "the django.request logger has its filter"
