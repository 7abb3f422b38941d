"""An event that says nothing about the side deck gets its game's own size (RULES.side_deck_default):
RESPONSE 10 (R2.6), Your War none (Y2.4: the game has no side deck), WoW 10, Force of Will 15."""

import json

import pytest

from engine.games.yourwar import DECKS_DIR
from engine.registry import game_keys, get_game

pytestmark = pytest.mark.django_db

EXPECTED = {"respons": 10, "yourwar": 0, "wow": 10, "fow": 15}


@pytest.mark.parametrize(("game", "size"), sorted(EXPECTED.items()))
def test_it_gives_an_event_of_each_game_its_own_side_deck_size(organizer, card_sets, game, size):
    response = organizer.api.post("/api/events/", {"name": "Cup", "game": game}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["side_deck_max"] == size


def test_it_keeps_the_size_the_organizer_asked_for(organizer, card_sets):
    body = {"name": "Cup", "game": "yourwar", "side_deck_max": 5}
    assert organizer.api.post("/api/events/", body, format="json").json()["side_deck_max"] == 5
    body["side_deck_max"] = None
    assert organizer.api.post("/api/events/", body, format="json").json()["side_deck_max"] == 0


def test_it_refuses_a_your_war_side_deck_when_the_event_said_nothing(organizer, player, card_sets):
    event = organizer.api.post("/api/events/", {"name": "Cup", "game": "yourwar"}, format="json").json()
    assert organizer.api.post(f"/api/events/{event['id']}/open/").status_code == 200
    deck = json.loads((DECKS_DIR / "usa_firepower.json").read_text())
    deck["side"] = {"Минное поле": 1}
    response = player.api.post(f"/api/events/{event['id']}/registrations/", {"deck": deck}, format="json")
    assert response.status_code == 400
    assert "side_size" in {v["code"] for v in response.json()["violations"]}


def test_every_game_declares_a_side_deck_size():
    for key in game_keys():
        size = get_game(key).side_deck_default
        assert isinstance(size, int) and 0 <= size <= 60, key


def test_the_create_form_offers_the_chosen_games_size(organizer, client, card_sets):
    client.force_login(organizer.user)
    for game, size in EXPECTED.items():
        page = client.get("/events/new/", {"game": game}).content.decode()
        assert f'name="side_deck_max" value="{size}"' in page, game
