"""The games' pages: every game the site runs, and a game's page, where a signed-in player starts
a practice game against its bot with a sample deck or a saved deck of theirs, then continues or
resigns it; the play page of a practice game leads back to its game, not to an event."""

import re

import pytest
from django.test import Client

from engine.registry import bundled_decklists, game_keys
from tests.support.pages import browser, html_of, page, post
from tests.support.practice import start_practice
from tournaments.models import Practice
from tournaments.services.decks import deck_save

pytestmark = pytest.mark.django_db(transaction=True)  # the games are queued on commit


@pytest.fixture(autouse=True)
def _cards(card_sets):
    """Every game's bundled cards are imported."""


def test_the_games_page_lists_every_game_with_its_page(anonymous):
    status, html = page(anonymous, "/games/")
    assert status == 200
    for key in game_keys():
        assert f'href="/games/{key}/"' in html and f'href="/games/{key}/#practice"' in html
    assert 'href="/games/"' in html  # in the main menu


def test_a_visitor_is_asked_to_sign_in_to_practise(anonymous):
    status, html = page(anonymous, "/games/wow/")
    assert status == 200 and "Sign in to practise" in html and "practice-form" not in html
    assert page(anonymous, "/games/chess/")[0] == 404


def test_a_player_chooses_a_sample_or_a_saved_deck_and_an_illegal_one_is_shown_unavailable(player):
    legal = deck_save(
        owner=player.user, name="Warden line", source=bundled_decklists("respons")[1].read_text()
    )
    illegal = deck_save(owner=player.user, name="Half a deck", source="Hero: Commander Vesta\n")
    status, html = page(player, "/games/respons/")
    assert status == 200
    options = dict(re.findall(r'<option value="([^"]+)"([^>]*)>', html))
    samples = [value for value in options if value.startswith("sample:")]
    assert len(samples) >= 3 and all("disabled" not in options[v] for v in samples)
    assert "disabled" not in options[f"saved:{legal.pk}"]
    assert "disabled" in options[f"saved:{illegal.pk}"]
    assert "Commander Vesta · Order" in html  # a sample deck by its hero and camp


def test_starting_a_practice_game_opens_its_play_page(player):
    client = browser(player)
    html = html_of(client.get("/games/respons/"))
    sample = re.search(r'<option value="(sample:[^"]+)"', html).group(1)
    response = client.post("/games/respons/practice/", {"deck": sample})
    practice = Practice.objects.get(player=player.user)
    assert response.status_code == 302 and response["Location"] == f"/matches/{practice.match_id}/play/"
    play = html_of(client.get(response["Location"]))
    assert 'data-testid="practice-badge"' in play and 'href="/games/respons/#practice"' in play
    assert "Bot (RESPONSE)" in play and "bot:respons" not in play
    assert "/events/" not in play.split('id="play"')[1].split("</header>")[0]
    listed = html_of(client.get("/games/respons/"))
    assert f'href="/matches/{practice.match_id}/play/"' in listed and "practice-resign" in listed


def test_the_game_page_says_in_russian_why_a_deck_was_refused(player):
    illegal = deck_save(owner=player.user, name="Half a deck", source="Hero: Commander Vesta\n")
    client = Client(HTTP_ACCEPT_LANGUAGE="ru")
    client.force_login(player.user)
    response = client.post("/games/respons/practice/", {"deck": f"saved:{illegal.pk}"}, follow=True)
    html = html_of(response)
    assert response.redirect_chain[-1][0] == "/games/respons/#practice"
    assert "Колода нарушает правила" in html and "flash-error" in html
    assert not Practice.objects.exists()


def test_the_game_page_says_the_limit_and_keeps_the_player_on_it(player, settings):
    settings.PRACTICE_PER_USER = 1
    start_practice(player)
    response = post(player, "/games/respons/practice/", {"deck": "sample:Командор Веста"})
    assert "the most allowed: finish it or resign it first" in html_of(response)
    assert Practice.objects.count() == 1


def test_a_player_resigns_from_the_game_page(player, outsider):
    practice = start_practice(player)
    assert post(outsider, f"/practice/{practice['id']}/resign/", follow=False).status_code == 404
    response = post(player, f"/practice/{practice['id']}/resign/")
    html = html_of(response)
    assert "You resigned the practice game." in html and 'data-testid="practice-result"' in html
    assert "lost" in html
    # The game can be replayed step by step by its player, and by nobody else.
    replay = f"/matches/{practice['match']}/replay/"
    assert f'href="{replay}"' in html
    status, shown = page(player, replay)
    assert status == 200 and 'href="/games/respons/#practice"' in shown
    assert not re.search(r'href="/events/\d', shown)  # its event is nobody's page
    assert page(outsider, replay)[0] in (403, 404)


def test_only_a_signed_in_post_starts_a_game(anonymous, player):
    response = post(anonymous, "/games/respons/practice/", {"deck": "sample:x"}, follow=False)
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert browser(player).get("/games/respons/practice/").status_code == 405
    assert not Practice.objects.exists()
