"""The base layout, languages, health endpoint and the offline API docs."""

import re

import pytest

pytestmark = pytest.mark.django_db


def test_it_renders_the_home_page_with_navigation_and_footer(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<nav class="mainnav"' in html
    assert 'class="footer"' in html
    assert "Sign in" in html and "Sign up" in html


def test_it_speaks_russian_to_a_russian_browser(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="ru-RU,ru;q=0.9").content.decode()
    assert '<html lang="ru">' in html
    assert "Войти" in html


def test_it_speaks_english_to_an_english_browser(client):
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9").content.decode()
    assert '<html lang="en">' in html


def test_it_switches_language_with_the_switch(client):
    client.post("/i18n/setlang/", {"language": "en", "next": "/"}, HTTP_ACCEPT_LANGUAGE="ru")
    html = client.get("/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert '<html lang="en">' in html


def test_it_shows_flash_messages(client):
    response = client.post(
        "/accounts/signup/", {"username": "vera", "password": "correct-Horse-battery-9"}, follow=True
    )
    assert 'class="flash flash-success"' in response.content.decode()


def test_it_reports_database_and_broker_health_as_json(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    body = response.json()
    assert body["status"] == "ok"
    assert body["checks"]["database"]["ok"] is True
    assert body["checks"]["broker"]["ok"] is True


def test_it_reports_an_unreachable_broker_as_503(client, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["broker"]["ok"] is False


def test_it_serves_the_openapi_schema(client):
    response = client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert "/api/accounts/" in schema["paths"]
    assert "/api/auth/token/" in schema["paths"]


def test_it_serves_api_docs_that_load_nothing_from_the_internet(client):
    response = client.get("/api/docs/")
    html = response.content.decode()
    assert response.status_code == 200
    assert "swagger" in html.lower()
    external = re.findall(r"""(?:src|href)=["'](https?://[^"']+)""", html)
    assert external == []
    for asset in re.findall(r"""(?:src|href)=["'](/static/[^"']+)""", html):
        assert client.get(asset).status_code == 200, asset


def test_the_health_check_tells_no_caller_where_the_database_is(client, monkeypatch, caplog):
    from django.db import OperationalError, connection

    def refused(*args, **kwargs):
        raise OperationalError(
            'connection failed: connection to server at "10.20.30.40", port 5433 failed: Connection refused'
        )

    monkeypatch.setattr(connection, "cursor", refused)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["database"] == {"ok": False}
    assert "10.20.30.40" not in response.content.decode() and "5433" not in response.content.decode()
    assert "10.20.30.40" in caplog.text  # the operator reads why in the log


def test_nor_where_the_broker_is(client, settings, caplog):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.CELERY_BROKER_URL = "redis://:s3cret@127.0.0.1:1/0"
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["checks"]["broker"] == {"ok": False}
    assert "127.0.0.1" not in response.content.decode() and "s3cret" not in response.content.decode()
