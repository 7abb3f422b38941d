"""POST /api/decks/validate/ and GET /api/cards/."""

import json

import pytest

from engine.registry import bundled_decklists

pytestmark = pytest.mark.django_db


def test_it_answers_legal_for_a_shipped_text_deck(anonymous, card_sets, respons_deck_text):
    response = anonymous.api.post("/api/decks/validate/", respons_deck_text, content_type="text/plain")
    assert response.status_code == 200, response.content
    body = response.json()
    assert body["legal"] is True
    assert body["violations"] == []
    assert sum(body["stats"]["curve"].values()) == 30


def test_it_lists_every_violation_of_an_illegal_deck(anonymous, card_sets, respons_deck_text):
    broken = respons_deck_text.replace("2 Iron Sentinel", "3 Iron Sentinel\n1 Iron Sentinl")
    response = anonymous.api.post("/api/decks/validate/", {"deck": broken}, format="json")
    body = response.json()
    assert body["legal"] is False
    codes = {v["code"] for v in body["violations"]}
    assert {"copy_limit", "unknown_card", "main_size"} <= codes
    unknown = next(v for v in body["violations"] if v["code"] == "unknown_card")
    assert unknown["card"] == "Iron Sentinl"
    assert "Iron Sentinel" in unknown["message"] or "Железный" in unknown["message"]


def test_it_takes_a_json_decklist_object(anonymous, card_sets):
    path = next(p for p in bundled_decklists("respons") if p.suffix == ".json")
    response = anonymous.api.post("/api/decks/validate/", json.loads(path.read_text()), format="json")
    assert response.json()["legal"] is True


def test_it_applies_the_side_deck_maximum(anonymous, card_sets, respons_deck_text):
    response = anonymous.api.post(
        "/api/decks/validate/", {"deck": respons_deck_text, "side_max": 0}, format="json"
    )
    assert [v["code"] for v in response.json()["violations"]] == ["side_size"]


def test_it_validates_every_game(anonymous, card_sets):
    for game in ("wow", "yourwar", "chronomagia", "fow"):
        path = bundled_decklists(game)[0]
        response = anonymous.api.post("/api/decks/validate/", json.loads(path.read_text()), format="json")
        assert response.status_code == 200
        assert response.json()["game"] == game
        assert response.json()["legal"] is True, (game, response.json()["violations"])


def test_it_answers_400_with_the_line_for_an_unreadable_list(anonymous, card_sets):
    response = anonymous.api.post(
        "/api/decks/validate/", {"deck": "Hero: Commander Vesta\nMain:\n0 Iron Sentinel\n"}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["code"] == "bad_decklist"
    assert "line 3" in body["detail"]


def test_it_answers_400_for_an_empty_body(anonymous):
    response = anonymous.api.post("/api/decks/validate/", {}, format="json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_decklist"


def test_it_searches_cards_by_name_in_either_language(anonymous, card_sets):
    english = anonymous.api.get("/api/cards/", {"q": "iron sentinel"}).json()
    russian = anonymous.api.get("/api/cards/", {"q": "железный страж"}).json()
    assert english["count"] == 1
    assert english["results"][0]["name"] == russian["results"][0]["name"]


def test_it_filters_cards_by_game_faction_type_and_cost(anonymous, card_sets):
    results = anonymous.api.get(
        "/api/cards/", {"game": "respons", "faction": "chaos", "type": "unit", "cost": 2}
    ).json()
    assert results["count"] > 0
    for card in results["results"]:
        assert "chaos" in card["factions"] and card["type"] == "unit" and card["cost"] == 2


def test_it_refuses_an_unknown_game_filter(anonymous):
    response = anonymous.api.get("/api/cards/", {"game": "chess"})
    assert response.status_code == 400
    assert response.json()["code"] == "unknown_game"


def test_it_reads_the_event_format_from_the_query(anonymous, card_sets):
    # ?format= is the event's format here (a sealed deck has no copy limit), not a choice of
    # renderer (that answered 404).
    path = bundled_decklists("wow")[0]
    deck = json.loads(path.read_text())
    deck["main"]["Shieldbreaker Strike"] = 6
    constructed = anonymous.api.post("/api/decks/validate/", deck, format="json")
    sealed = anonymous.api.post("/api/decks/validate/?format=sealed", deck, format="json")
    assert "copy_limit" in [v["code"] for v in constructed.json()["violations"]]
    assert sealed.status_code == 200, sealed.content
    assert "copy_limit" not in [v["code"] for v in sealed.json()["violations"]]
