"""A practice game's bot is named after its game ("Bot (Your War)", "Бот (Твоя Война)") wherever
its seat is named: the play page and its board, the replay page and the replay's API; never by
its account ("bot:yourwar"). The replay of a practice game says it is one, not an event's round."""

import re

import pytest
from django.test import Client

from tests.support.pages import page
from tests.support.practice import start_practice
from tournaments.models import Match

pytestmark = pytest.mark.django_db(transaction=True)  # the games are queued on commit


@pytest.fixture(autouse=True)
def _cards(card_sets):
    """Every game's bundled cards are imported."""


def shown(html: str) -> str:
    """The page as a reader sees it: its JSON data for the scripts left out (the engine's view
    keeps the seats' account names, as the match log does)."""
    return re.sub(r"<script[^>]*>.*?</script>", "", html, flags=re.S)


def russian(actor, url: str) -> str:
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(actor.user)
    response = client.get(url)
    assert response.status_code == 200, response.status_code
    return shown(response.content.decode())


def resigned(actor, game: str) -> dict:
    practice = start_practice(actor, game)
    response = actor.api.post(f"/api/practice/{practice['id']}/resign/")
    assert response.status_code == 202, response.content
    assert Match.objects.get(pk=practice["match"]).status == Match.Status.FINAL
    return practice


def test_the_play_page_names_the_bot_after_its_game_in_both_languages(player):
    practice = start_practice(player, "yourwar")
    url = f"/matches/{practice['match']}/play/"
    status, html = page(player, url)
    html = shown(html)
    assert status == 200 and "Bot (Your War)" in html and "bot:yourwar" not in html
    html = russian(player, url)
    assert "Бот (Твоя Война)" in html and "bot:yourwar" not in html


def test_the_replay_of_a_practice_game_names_the_bot_and_says_it_is_practice(player):
    practice = resigned(player, "yourwar")
    url = f"/matches/{practice['match']}/replay/"
    status, html = page(player, url)
    assert status == 200, status
    html = shown(html)
    assert "bot:yourwar" not in html
    assert f"Replay: {player.name} vs Bot (Your War)" in html
    assert 'data-testid="replay-practice"' in html and "A practice game against the Your War bot" in html
    assert "Round " not in html and "decklists" not in html  # no event's round, no event's lists
    assert 'href="/games/yourwar/#practice"' in html
    html = russian(player, url)
    assert "Бот (Твоя Война)" in html and "bot:yourwar" not in html
    assert "Тренировочная партия против бота Твоя Война" in html


def test_the_replay_api_names_the_bot_after_its_game(player):
    practice = resigned(player, "respons")
    response = player.api.get(f"/api/matches/{practice['match']}/replay/")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["names"] == [player.name, "Bot (RESPONSE)"]
    assert all(line["player"] != "bot:respons" for line in body["actions"])
