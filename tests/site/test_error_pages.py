"""A page that may not be opened, or that is not there, is the site's own page (in the reader's
language, with the way back), not the server's bare text."""

import pytest
from django.test import Client

from tests.support.pages import html_of

pytestmark = pytest.mark.django_db


def test_a_forbidden_page_says_why_in_the_sites_layout(online_match, outsider):
    _event, match_id, _a, _b = online_match
    browser = Client(HTTP_ACCEPT_LANGUAGE="ru")
    browser.force_login(outsider.user)
    response = browser.get(f"/matches/{match_id}/play/")
    assert response.status_code == 403
    html = html_of(response)
    assert "Нет доступа" in html and "error-page" in html
    assert "Главная" in html  # the site's navigation and the way back


def test_a_missing_page_is_the_sites_404(client):
    response = client.get("/events/987654321/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 404
    html = html_of(response)
    assert "Page not found" in html and "error-page" in html
    assert "Resolver404" not in html and "matches the given query" not in html
