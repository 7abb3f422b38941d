"""Accounts: sign-up, sign-in, sign-out pages and the API (api.md "Accounts")."""

import re

import pytest
from django.contrib.auth import get_user_model

from tests.support.actors import PASSWORD

pytestmark = pytest.mark.django_db


def test_it_signs_up_through_the_api_and_returns_201(anonymous):
    response = anonymous.api.post(
        "/api/accounts/", {"username": "vera", "password": PASSWORD, "email": "v@example.org"}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["username"] == "vera"
    assert get_user_model().objects.filter(username="vera").exists()


def test_it_refuses_a_taken_username_with_a_clear_message(anonymous, player):
    response = anonymous.api.post("/api/accounts/", {"username": "ANNA", "password": PASSWORD}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "invalid"
    assert "already taken" in body["detail"]
    assert body["detail"].startswith("username:")


def test_it_refuses_a_weak_password_with_a_clear_message(anonymous):
    response = anonymous.api.post("/api/accounts/", {"username": "vera", "password": "123"}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"].startswith("password:")
    assert "too short" in response.json()["detail"]
    assert not get_user_model().objects.filter(username="vera").exists()


def test_it_issues_a_token_that_authenticates_api_calls(anonymous, player):
    response = anonymous.api.post(
        "/api/auth/token/", {"username": "anna", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 200
    token = response.json()["token"]
    anonymous.api.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert anonymous.api.get("/api/me/").json()["username"] == "anna"


def test_it_refuses_a_token_for_a_wrong_password(anonymous, player):
    response = anonymous.api.post("/api/auth/token/", {"username": "anna", "password": "nope"}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_credentials"


def test_it_answers_401_json_without_a_token(anonymous):
    response = anonymous.api.get("/api/me/")
    assert response.status_code == 401
    assert response.json() == {
        "detail": "Authentication credentials were not provided.",
        "code": "not_authenticated",
    }


def test_it_answers_401_json_for_a_bad_token(anonymous):
    anonymous.api.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = anonymous.api.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_it_signs_up_signs_in_and_out_through_the_pages(client):
    page = client.get("/accounts/signup/")
    assert page.status_code == 200
    response = client.post("/accounts/signup/", {"username": "vera", "password": PASSWORD, "email": ""})
    assert response.status_code == 302
    assert "vera" in client.get("/").content.decode()
    client.post("/accounts/logout/")
    assert 'data-testid="signed-in-as"' not in client.get("/").content.decode()
    response = client.post("/accounts/login/", {"username": "vera", "password": PASSWORD})
    assert response.status_code == 302
    assert re.search(r'data-testid="signed-in-as"[^>]*>vera<', client.get("/").content.decode())


def test_it_shows_sign_up_errors_on_the_page(client, player):
    response = client.post(
        "/accounts/signup/", {"username": "anna", "password": "123"}, HTTP_ACCEPT_LANGUAGE="en"
    )
    html = response.content.decode()
    assert response.status_code == 400
    assert "already taken" in html
    assert "too short" in html


def test_the_sign_up_page_shows_every_problem_at_once_and_keeps_what_was_typed(client, player):
    typed = {"username": "anna", "password": "123", "email": "not-an-address"}
    response = client.post("/accounts/signup/", typed, HTTP_ACCEPT_LANGUAGE="en")
    html = response.content.decode()
    assert response.status_code == 400
    assert "already taken" in html and "too short" in html and "valid email" in html
    assert 'value="anna"' in html and 'value="not-an-address"' in html
    assert 'value="123"' not in html and "the password is not kept: type it again" in html


def test_a_malformed_username_does_not_hide_the_passwords_problem(client):
    typed = {"username": "bad name!", "password": "123"}
    html = client.post("/accounts/signup/", typed, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Letters, digits and @ . + - _ only." in html and "too short" in html
    assert 'value="bad name!"' in html


def test_it_speaks_russian_to_a_russian_client(anonymous):
    response = anonymous.api.get("/api/me/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 401
    assert response.json()["detail"] == "Учетные данные не были предоставлены."
