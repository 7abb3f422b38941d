"""Deleting a saved deck asks first (point 5), with or without JavaScript: the
list's Delete button asks in a dialog when it can; otherwise the server answers a question
page, and only its "Yes, delete it" deletes."""

import pytest

from tests.support.browser import session_cookie
from tournaments.models import SavedDeck
from tournaments.services.decks import deck_save


@pytest.fixture
def deck(player, card_sets, respons_deck_text) -> SavedDeck:
    return deck_save(owner=player.user, name="Vesta Order", source=respons_deck_text)


def signed_in(client, actor):
    client.force_login(actor.user)
    return client


def test_it_asks_before_it_deletes(client, player, deck):
    signed_in(client, player)
    asked = client.post(f"/decks/{deck.pk}/delete/", HTTP_ACCEPT_LANGUAGE="en")
    assert asked.status_code == 200
    assert "Delete the deck “Vesta Order”? It cannot be undone." in asked.content.decode()
    assert SavedDeck.objects.filter(pk=deck.pk).exists()
    done = client.post(f"/decks/{deck.pk}/delete/", {"confirmed": "yes"})
    assert done.status_code == 302 and done["Location"] == "/decks/"
    assert not SavedDeck.objects.filter(pk=deck.pk).exists()


def test_it_asks_in_russian(client, player, deck):
    signed_in(client, player)
    page = client.get(f"/decks/{deck.pk}/delete/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Удалить колоду «Vesta Order»? Это нельзя отменить." in page
    assert "Да, удалить" in page


def test_a_link_to_the_question_deletes_nothing(client, player, deck):
    signed_in(client, player)
    assert client.get(f"/decks/{deck.pk}/delete/", {"confirmed": "yes"}).status_code == 200
    assert SavedDeck.objects.filter(pk=deck.pk).exists()


def test_it_never_asks_about_or_deletes_another_players_deck(client, outsider, deck):
    signed_in(client, outsider)
    assert client.get(f"/decks/{deck.pk}/delete/").status_code == 404
    assert client.post(f"/decks/{deck.pk}/delete/", {"confirmed": "yes"}).status_code == 404
    assert SavedDeck.objects.filter(pk=deck.pk).exists()


@pytest.mark.browser
@pytest.mark.django_db(transaction=True)
def test_without_javascript_the_question_is_a_page(live_server, chromium, player, deck):
    context = chromium.new_context(java_script_enabled=False, extra_http_headers={"Accept-Language": "en"})
    context.add_cookies([session_cookie(player, live_server.url)])
    page = context.new_page()
    page.goto(f"{live_server.url}/decks/")
    page.get_by_role("button", name="Delete").click()
    page.wait_for_url(f"{live_server.url}/decks/{deck.pk}/delete/")
    assert SavedDeck.objects.filter(pk=deck.pk).exists()
    page.get_by_role("link", name="Cancel").click()
    page.wait_for_url(f"{live_server.url}/decks/")
    page.get_by_role("button", name="Delete").click()
    page.get_by_role("button", name="Yes, delete it").click()
    page.wait_for_url(f"{live_server.url}/decks/")
    assert "Deck deleted." in page.inner_text("body")
    assert not SavedDeck.objects.filter(pk=deck.pk).exists()
