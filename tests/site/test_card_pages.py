"""The card browser and the deck builder pages."""

import pytest

from tournaments.models import SavedDeck

pytestmark = pytest.mark.django_db


def test_it_browses_cards_by_name_in_either_language(client, card_sets):
    russian = client.get("/cards/", {"q": "Железный страж"}).content.decode()
    english = client.get("/cards/", {"q": "iron sentinel"}).content.decode()
    assert "Iron Sentinel" in russian and "Железный страж" in english
    assert "Огненный шар" not in english


def test_it_filters_the_browser_by_faction_type_and_cost(client, card_sets):
    html = client.get("/cards/", {"game": "respons", "faction": "order", "type": "hero"}).content.decode()
    assert "Commander Vesta" in html
    assert "Storm Witch Irra" not in html  # a chaos hero


def test_it_returns_only_the_results_to_htmx(client, card_sets):
    html = client.get("/cards/", {"q": "iron"}, HTTP_HX_REQUEST="true").content.decode()
    assert "<html" not in html
    assert "Iron Sentinel" in html


def test_it_browses_another_game(client, card_sets):
    response = client.get("/cards/", {"game": "fow"})
    assert response.status_code == 200
    assert "ruler" in response.content.decode().lower()


def test_it_checks_the_list_live_as_a_partial(client, card_sets, respons_deck_text):
    ok = client.post("/decks/builder/check/", {"game": "respons", "text": respons_deck_text}).content.decode()
    assert 'data-testid="verdict">✓' in ok
    bad = client.post(
        "/decks/builder/check/",
        {"game": "respons", "text": respons_deck_text.replace("Hero: Commander Vesta", "")},
    ).content.decode()
    assert "hero_missing" in bad
    assert "<html" not in bad


def test_it_shows_the_cost_curve_and_faction_mix(client, card_sets, respons_deck_text):
    html = client.post(
        "/decks/builder/check/", {"game": "respons", "text": respons_deck_text}
    ).content.decode()
    assert '<svg class="curve"' in html
    assert 'class="mix-part faction-order"' in html


def test_it_shows_the_games_own_zones_in_the_builder(client, card_sets):
    fow = client.get("/decks/builder/", {"game": "fow"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Ruler:" in fow and "Stones:" in fow
    chrono = client.get("/decks/builder/", {"game": "chronomagia"}, HTTP_ACCEPT_LANGUAGE="en")
    chrono = chrono.content.decode()
    assert "Hero:" in chrono
    fow_ru = client.get("/decks/builder/", {"game": "fow"}, HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Правитель:" in fow_ru and "Магические камни:" in fow_ru


def test_it_saves_a_deck_to_the_players_account_and_exports_it(client, player, card_sets, respons_deck_text):
    client.force_login(player.user)
    response = client.post("/decks/builder/", {"game": "respons", "name": "Vesta", "text": respons_deck_text})
    assert response.status_code == 302
    deck = SavedDeck.objects.get(owner=player.user, name="Vesta")
    assert deck.decklist["hero"] == "Commander Vesta"
    exported = client.get(f"/decks/{deck.pk}/export.txt", HTTP_ACCEPT_LANGUAGE="en")
    assert exported["Content-Type"].startswith("text/plain")
    text = exported.content.decode()
    assert text.startswith("Hero: Commander Vesta\n")
    assert "2 Iron Sentinel" in text
    assert "legal" in client.get("/decks/", HTTP_ACCEPT_LANGUAGE="en").content.decode()


def test_it_keeps_the_list_on_the_page_when_saving_fails(client, player, card_sets):
    client.force_login(player.user)
    response = client.post(
        "/decks/builder/", {"game": "respons", "name": "", "text": "Main:\n2 Something precious\n"}
    )
    assert response.status_code == 400
    assert "Something precious" in response.content.decode()
    assert not SavedDeck.objects.exists()


def test_it_asks_an_anonymous_visitor_to_sign_in_before_saving(client, card_sets, respons_deck_text):
    response = client.post("/decks/builder/", {"game": "respons", "name": "X", "text": respons_deck_text})
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]


def test_it_never_shows_or_exports_another_players_deck(
    client, player, outsider, card_sets, respons_deck_text
):
    client.force_login(player.user)
    client.post("/decks/builder/", {"game": "respons", "name": "Secret", "text": respons_deck_text})
    deck = SavedDeck.objects.get(name="Secret")
    client.force_login(outsider.user)
    assert client.get(f"/decks/{deck.pk}/export.txt").status_code == 404
    assert client.get("/decks/builder/", {"deck": deck.pk}).status_code == 404
    client.post(f"/decks/{deck.pk}/delete/")
    assert SavedDeck.objects.filter(pk=deck.pk).exists()
