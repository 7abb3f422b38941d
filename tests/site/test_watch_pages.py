"""Spectators' pages: the featured match, the TV page of a round and the replay
viewer, each as the event's setting lets its visitors open them, in Russian and English."""

import json
import re

import pytest
from django.test import Client

from tests.support.actors import make_actor, make_players
from tests.support.pages import EVENT_FORM, event_row, html_of, post
from tests.support.spectate import played_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def players(db):
    return make_actor("ann"), make_actor("bob")


def page(url: str, language: str = "en", user=None):
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    if user is not None:
        client.force_login(user)
    return client.get(url)


def embedded(html: str, id_: str):
    found = re.search(rf'<script id="{id_}" type="application/json">(.*?)</script>', html, re.S)
    assert found, id_
    return json.loads(found.group(1))


def test_the_featured_match_page_draws_the_board_with_the_games_module(organizer, players, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, part=0.6, spectators="everyone")
    response = page(f"/matches/{played.match.pk}/watch/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "respons/boards/respons.js" in html
    config = embedded(html, "watch-config")
    assert config["stream"] == f"/api/matches/{played.match.pk}/spectate/stream/"
    assert config["names"] == ["ann", "bob"]
    assert 'class="topbar"' in html
    overlay = page(f"/matches/{played.match.pk}/watch/?overlay=1").content.decode()
    assert 'class="topbar"' not in overlay  # a plain layout for a streaming tool
    assert "data-board-root" in overlay


def test_the_featured_match_page_follows_the_events_setting(organizer, players, outsider, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, part=0.6)
    url = f"/matches/{played.match.pk}/watch/"
    assert page(url).status_code == 403
    assert page(url, user=organizer.user).status_code == 200
    event = played.match.round.event
    event.spectators = "users"
    event.save()
    assert page(url).status_code == 302  # to sign in
    assert page(url, user=outsider.user).status_code == 200


def test_the_tv_page_shows_the_round_timer_and_pairings_reloading_itself(organizer, players, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, part=0.6, spectators="everyone")
    event = played.match.round.event
    html = page(f"/events/{event.pk}/tv/").content.decode()
    assert 'data-refresh-seconds="30"' in html and 'data-testid="tv-pause"' in html
    assert "data-deadline" in html  # the round timer
    assert "ann" in html and "bob" in html
    assert f"/matches/{played.match.pk}/watch/" in html
    russian = page(f"/events/{event.pk}/tv/", "ru").content.decode()
    assert "Раунд 1" in russian and "Смотреть" in russian


def test_the_replay_page_opens_at_the_step_of_its_link(organizer, players, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, spectators="everyone")
    response = page(f"/matches/{played.match.pk}/replay/?game=1&step=4")
    assert response.status_code == 200
    html = response.content.decode()
    answer = embedded(html, "watch-answer")
    assert (answer["step"], answer["full"]) == (4, False)
    assert embedded(html, "watch-config")["page"] == f"/matches/{played.match.pk}/replay/"
    assert "Повтор" in page(f"/matches/{played.match.pk}/replay/", "ru").content.decode()


def test_the_replay_page_waits_for_the_match_to_be_final(organizer, players, card_sets):
    a, b = players
    played = played_match("respons", organizer, a, b, part=0.5, spectators="everyone")
    response = page(f"/matches/{played.match.pk}/replay/")
    assert response.status_code == 409
    assert 'data-testid="replay-not-final"' in response.content.decode()


def test_the_organizer_opens_a_running_event_to_spectators_on_its_edit_page(event_factory, organizer):
    cup = event_factory(online=True)
    cup.open()
    cup.register(*make_players(2))
    cup.start()
    form = {**EVENT_FORM, "spectators": "everyone", "spectate_delay": "3", "spectate_delay_unit": "minutes"}
    response = post(organizer, f"/events/{cup.id}/manage/edit/", {**form, "reason": "the final is streamed"})
    assert response.status_code == 200, html_of(response)
    event = event_row(cup)
    assert (event.spectators, event.spectate_delay, event.spectate_delay_unit) == ("everyone", 3, "minutes")
    refused = post(
        organizer, f"/events/{cup.id}/manage/edit/", {**form, "spectate_delay": "0", "reason": "live"}
    )
    assert refused.status_code == 400
    assert event_row(cup).spectate_delay == 3
