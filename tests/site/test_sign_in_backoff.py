"""The sign-in backoff (400 wrong passwords, then the right one still worked): past a
few failures per username (and more per address), attempts wait a doubling backoff, and one
made during it answers 429 with Retry-After, even with the right password."""

import time

import pytest
from rest_framework.test import APIClient

from tests.support.actors import PASSWORD

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _backoff(settings):
    settings.LOGIN_FREE_FAILURES = 5
    settings.LOGIN_FREE_FAILURES_PER_IP = 50
    settings.LOGIN_BACKOFF_SECONDS = 2
    settings.LOGIN_BACKOFF_MAX_SECONDS = 900
    # The address's request rate is another limit (test_throttling.py): out of the way here.
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "anon": "10000/min"}


def ask_token(api, username: str, password: str):
    return api.post("/api/auth/token/", {"username": username, "password": password}, format="json")


def test_it_refuses_the_right_password_after_400_wrong_ones(anonymous, player):
    answers = [ask_token(anonymous.api, "anna", f"guess-{n}").status_code for n in range(400)]
    assert answers[:7] == [400] * 6 + [429]  # five free failures, and the sixth starts the backoff
    # Only a few more were checked at all: one each time the doubling backoff ended (2, 4, 8 s...).
    assert answers.count(400) < 12
    response = ask_token(anonymous.api, "anna", PASSWORD)
    assert response.status_code == 429
    assert "token" not in response.json()
    assert response.json()["code"] == "throttled"
    assert 1 <= int(response["Retry-After"]) <= 900
    assert response.json()["detail"].startswith("Too many failed sign-in attempts. Try again in ")


def test_it_lets_the_right_password_in_once_the_backoff_has_ended(anonymous, player, settings):
    settings.LOGIN_BACKOFF_SECONDS = 1
    for n in range(6):
        ask_token(anonymous.api, "anna", f"guess-{n}")
    assert ask_token(anonymous.api, "anna", PASSWORD).status_code == 429
    time.sleep(1.1)
    assert ask_token(anonymous.api, "anna", PASSWORD).status_code == 200
    # ...and a success forgets the failures: the next mistakes are free again.
    assert [ask_token(anonymous.api, "anna", "nope").status_code for _ in range(5)] == [400] * 5


def test_it_doubles_the_backoff_with_each_failure_past_the_free_ones(anonymous, player, settings):
    settings.LOGIN_BACKOFF_SECONDS = 1
    for n in range(6):
        ask_token(anonymous.api, "anna", f"guess-{n}")
    time.sleep(1.1)
    assert ask_token(anonymous.api, "anna", "guess-7").status_code == 400  # its turn: now 2 s
    refused = ask_token(anonymous.api, "anna", PASSWORD)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) == 2


def test_another_case_of_the_name_counts_with_it(anonymous, player):
    for n in range(6):
        ask_token(anonymous.api, "ANNA" if n % 2 else "Anna", f"guess-{n}")
    assert ask_token(anonymous.api, "anna", PASSWORD).status_code == 429


def test_it_backs_off_an_address_trying_many_names(anonymous, player, settings):
    settings.LOGIN_FREE_FAILURES_PER_IP = 10
    for n in range(11):
        assert ask_token(anonymous.api, f"someone-{n}", "guess").status_code == 400
    assert ask_token(anonymous.api, "anna", PASSWORD).status_code == 429
    # Another address is not held back by this one's failures.
    elsewhere = APIClient(HTTP_ACCEPT_LANGUAGE="en", REMOTE_ADDR="192.0.2.7")
    assert ask_token(elsewhere, "anna", PASSWORD).status_code == 200


def test_successful_sign_ins_from_one_address_are_not_counted_against_it(anonymous, player, settings):
    settings.LOGIN_FREE_FAILURES_PER_IP = 3
    for _ in range(10):
        assert ask_token(anonymous.api, "anna", PASSWORD).status_code == 200


def test_it_says_it_in_russian_to_a_russian_reader(player):
    api = APIClient(HTTP_ACCEPT_LANGUAGE="ru")
    for n in range(6):
        ask_token(api, "anna", f"guess-{n}")
    response = ask_token(api, "anna", PASSWORD)
    assert response.status_code == 429
    assert response.json()["detail"].startswith("Слишком много неудачных попыток входа")


def test_the_sign_in_page_backs_off_too(client, player):
    for n in range(6):
        assert (
            client.post("/accounts/login/", {"username": "anna", "password": f"guess-{n}"}).status_code == 200
        )
    page = client.post(
        "/accounts/login/", {"username": "anna", "password": PASSWORD}, HTTP_ACCEPT_LANGUAGE="en"
    )
    assert page.status_code == 429
    assert 1 <= int(page["Retry-After"]) <= 2
    assert "Too many failed sign-in attempts" in page.content.decode()
    assert "_auth_user_id" not in client.session  # not signed in


def test_the_page_and_the_api_share_the_count(client, anonymous, player):
    for n in range(6):
        client.post("/accounts/login/", {"username": "anna", "password": f"guess-{n}"})
    assert ask_token(anonymous.api, "anna", PASSWORD).status_code == 429
