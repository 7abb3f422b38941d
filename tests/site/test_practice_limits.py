"""Practice games are capped per player like the other quotas: so many going at once
(PRACTICE_PER_USER) and started in 24 hours (PRACTICE_PER_DAY); past either the answer is 429
with Retry-After and a clear message in the reader's language. A game left alone ends by
itself (the player's clock runs out) without touching anything else, and frees its place."""

from datetime import timedelta

import pytest
from django.utils import timezone

from tests.support.practice import first_sample, practice_state, start_practice
from tournaments.models import Match, Notification, Practice, RatedMatch
from tournaments.services.online import online_sweep
from tournaments.services.practice import CLOCK_SECONDS, ROUND_MINUTES

pytestmark = pytest.mark.django_db(transaction=True)  # the games are queued on commit


@pytest.fixture(autouse=True)
def _cards(card_sets):
    """Every game's bundled cards are imported."""


def start(actor, **headers):
    body = {"game": "respons", "sample": first_sample(actor, "respons")}
    return actor.api.post("/api/practice/", body, format="json", **headers)


def test_it_refuses_a_game_past_those_going_at_once_until_one_is_over(player, settings):
    settings.PRACTICE_PER_USER = 1
    first = start_practice(player)
    refused = start(player)
    assert refused.status_code == 429 and refused.json()["code"] == "practice_limit", refused.content
    assert "finish it or resign it first" in refused.json()["detail"]
    # At the latest its game's round ends (the hard stop); resigning frees the place at once.
    wait = int(refused["Retry-After"])
    assert ROUND_MINUTES * 60 - 60 <= wait <= ROUND_MINUTES * 60
    assert player.api.post(f"/api/practice/{first['id']}/resign/").status_code == 202
    assert start(player).status_code == 201


def test_it_says_the_limit_in_russian_to_a_russian_reader(player, settings):
    settings.PRACTICE_PER_USER = 1
    start_practice(player)
    refused = start(player, HTTP_ACCEPT_LANGUAGE="ru")
    assert refused.status_code == 429
    assert "тренировочная партия" in refused.json()["detail"], refused.json()


def test_it_refuses_a_game_past_the_days_cap_until_24_hours_after_the_oldest(player, settings):
    settings.PRACTICE_PER_DAY = 2
    for _ in range(2):
        game = start_practice(player)
        assert player.api.post(f"/api/practice/{game['id']}/resign/").status_code == 202
    refused = start(player)
    assert refused.status_code == 429 and refused.json()["code"] == "quota_exceeded", refused.content
    assert 86_400 - 120 <= int(refused["Retry-After"]) <= 86_400
    Practice.objects.update(created_at=timezone.now() - timedelta(hours=25))
    assert start(player).status_code == 201
    listed = player.api.get("/api/practice/").json()
    assert (listed["running"], listed["today"], listed["today_max"]) == (1, 1, 2)


def test_the_caps_are_each_players_own(player, outsider, settings):
    settings.PRACTICE_PER_USER = 1
    start_practice(player)
    assert start(outsider).status_code == 201


def test_it_refuses_every_game_when_the_site_turns_practice_off(player, settings):
    settings.PRACTICE_PER_USER = 0
    refused = start(player)
    assert refused.status_code == 409 and refused.json()["code"] == "practice_off", refused.content


def test_a_game_left_alone_ends_when_the_players_clock_runs_out_and_frees_its_place(player, settings):
    settings.PRACTICE_PER_USER = 1
    practice = start_practice(player)
    before = Notification.objects.count()
    # The player never answers their decision: their clock runs (R9.4) until it is out.
    online_sweep(now=timezone.now() + timedelta(seconds=CLOCK_SECONDS - 60))
    assert practice_state(player, practice["id"])["status"] == "playing"
    online_sweep(now=timezone.now() + timedelta(seconds=CLOCK_SECONDS + 5))
    over = practice_state(player, practice["id"])
    assert (over["status"], over["result"], over["reason"]) == ("over", "loss", "timeout")
    assert Match.objects.get(pk=practice["match"]).status == Match.Status.FINAL
    # Nothing else moved: no rating, no notification; and a new game may start.
    assert not RatedMatch.objects.exists() and Notification.objects.count() == before
    assert start(player).status_code == 201
