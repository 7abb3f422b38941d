"""Request rates (no throttling anywhere): anonymous requests per address, signed-in
ones per user, sign-ups per address and game actions per player, each a setting; over it the
API answers 429 with Retry-After (api.md's JSON error)."""

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from respons_site.config import ConfigError, env_rate
from tests.support.actors import PASSWORD

pytestmark = pytest.mark.django_db


def assert_throttled(response) -> None:
    assert response.status_code == 429, response.content
    assert response.json()["code"] == "throttled"
    assert int(response["Retry-After"]) >= 1


def test_it_throttles_anonymous_requests_per_address(anonymous, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "anon": "5/min"}
    assert [anonymous.api.get("/api/events/").status_code for _ in range(5)] == [200] * 5
    response = anonymous.api.get("/api/events/")
    assert_throttled(response)
    assert int(response["Retry-After"]) <= 60
    assert response.json()["detail"].startswith("Too many requests: try again in ")
    elsewhere = APIClient(REMOTE_ADDR="192.0.2.9")
    assert elsewhere.get("/api/events/").status_code == 200


def test_a_throttled_answer_reads_wholly_in_the_readers_language(anonymous, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "anon": "1/min"}
    anonymous.api.get("/api/events/")
    response = anonymous.api.get("/api/events/", HTTP_ACCEPT_LANGUAGE="ru")
    assert_throttled(response)
    detail = response.json()["detail"]
    assert detail.startswith("Слишком много запросов: повторите через ")
    assert not any("a" <= letter.lower() <= "z" for letter in detail), detail  # DRF's said 'Expected...'


def test_a_client_cannot_pass_for_another_address_with_a_forwarded_header(anonymous, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "anon": "3/min"}
    answers = [
        anonymous.api.get("/api/events/", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code
        for n in range(4)
    ]
    assert answers == [200, 200, 200, 429]


def test_behind_a_proxy_the_address_it_forwards_is_counted(settings):
    from rest_framework.settings import api_settings

    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "anon": "1/min"}
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    assert api_settings.NUM_PROXIES == 1
    proxy = APIClient(REMOTE_ADDR="10.0.0.1")
    for n in range(3):  # three clients through one proxy: one request each is within the rate
        assert proxy.get("/api/events/", HTTP_X_FORWARDED_FOR=f"198.51.100.{n}").status_code == 200
    assert proxy.get("/api/events/", HTTP_X_FORWARDED_FOR="198.51.100.0").status_code == 429


def test_it_throttles_a_signed_in_user_on_their_own(player, opponent, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "user": "3/min"}
    assert [player.api.get("/api/me/").status_code for _ in range(3)] == [200] * 3
    assert_throttled(player.api.get("/api/me/"))
    assert opponent.api.get("/api/me/").status_code == 200  # same address, another user


def test_it_throttles_sign_ups_per_address(anonymous, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "signup": "2/hour"}
    for name in ("vera", "vlad"):
        body = {"username": name, "password": PASSWORD}
        assert anonymous.api.post("/api/accounts/", body, format="json").status_code == 201
    response = anonymous.api.post("/api/accounts/", {"username": "vova", "password": PASSWORD}, format="json")
    assert_throttled(response)
    assert int(response["Retry-After"]) <= 3600


def test_a_new_window_of_the_rate_counts_afresh(anonymous, settings, limits_clock):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "anon": "1/min"}
    assert anonymous.api.get("/api/events/").status_code == 200
    limits_clock.advance(59)
    response = anonymous.api.get("/api/events/")
    assert_throttled(response)
    assert int(response["Retry-After"]) == 1
    limits_clock.advance(1)
    assert anonymous.api.get("/api/events/").status_code == 200


def test_it_throttles_a_players_actions_at_their_own_rate(online_match, settings):
    from tests.support.online import act

    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "actions": "2/min", "user": "1000/min"}
    _event, match_id, a, _b = online_match
    answers = [act(a, match_id, 100 + n, {"type": "pass"}).status_code for n in range(3)]
    assert answers[2] == 429  # the first two are the view's (409: not that seq), the third is over
    assert a.api.get(f"/api/matches/{match_id}/game/").status_code == 200  # the user rate is apart


def test_the_default_rates_let_a_player_act_every_second_for_a_minute(player, settings):
    from tournaments.services.limits import hit

    rate = settings.THROTTLE_RATES["actions"]
    assert all(hit(scope="actions", ident="p", rate=rate) is None for _ in range(60))


@pytest.mark.parametrize("raw", ["60/min", "5/s", "1000/day", "30/hour"])
def test_a_rate_setting_is_read_from_the_environment(monkeypatch, raw):
    monkeypatch.setenv("THROTTLE_USER", raw)
    assert env_rate("THROTTLE_USER", "1/min") == raw


@pytest.mark.parametrize("raw", ["60", "0/min", "ten/min", "60/week", "-1/s"])
def test_a_rate_setting_that_cannot_be_read_stops_with_one_line(monkeypatch, raw):
    monkeypatch.setenv("THROTTLE_USER", raw)
    with pytest.raises(ConfigError, match="THROTTLE_USER"):
        env_rate("THROTTLE_USER", "1/min")


def test_the_sign_up_page_counts_with_the_api(client, anonymous, settings):
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "signup": "2/hour"}
    assert sign_up_page(client, "vera").status_code == 302
    assert anonymous.api.post("/api/accounts/", {"username": "vlad", "password": PASSWORD}).status_code == 201
    page = sign_up_page(client, "vova")
    assert page.status_code == 429
    assert int(page["Retry-After"]) <= 3600
    assert "Too many sign-ups from your address" in page.content.decode()
    assert not get_user_model().objects.filter(username="vova").exists()


def sign_up_page(client, name: str):
    return client.post(
        "/accounts/signup/", {"username": name, "password": PASSWORD, "email": ""}, HTTP_ACCEPT_LANGUAGE="en"
    )
