"""POST /api/decks/validate/ is open to anyone: what one request may make the server do is bounded
(a list of misspelt names cost 47 s of CPU and a 26 MB answer)."""

import json

import pytest

from engine.decklist import MAX_ENTRIES
from engine.names import SUGGESTIONS_PER_DECK

pytestmark = pytest.mark.django_db


def misspelt(count: int) -> dict:
    return {
        "game": "respons",
        "hero": "Commander Vesta",
        "main": {f"Iron Sentinl {i}": 1 for i in range(count)},
    }


def test_it_refuses_a_list_of_more_names_than_any_deck_at_once(anonymous, card_sets):
    body = json.dumps(misspelt(5_000))
    response = anonymous.api.post("/api/decks/validate/", body, content_type="application/json")
    assert response.status_code == 400
    assert response.json()["code"] == "bad_decklist"
    assert f"at most {MAX_ENTRIES}" in response.json()["detail"]


def test_it_says_did_you_mean_for_a_decks_first_unknown_names_only(anonymous, card_sets):
    response = anonymous.api.post("/api/decks/validate/", misspelt(MAX_ENTRIES), format="json")
    assert response.status_code == 200
    unknown = [v for v in response.json()["violations"] if v["code"] == "unknown_card"]
    assert len(unknown) == MAX_ENTRIES
    assert sum("did you mean" in v["message"] for v in unknown) == SUGGESTIONS_PER_DECK
    assert len(response.content) < 200_000


def test_it_lists_at_most_fifty_problems_of_an_unreadable_list(anonymous, card_sets):
    text = "Main:\n" + "0 Iron Sentinel\n" * 900
    response = anonymous.api.post("/api/decks/validate/", text, content_type="text/plain")
    assert response.status_code == 400
    assert len(response.json()["problems"]) == 50
    assert "(and 899 more problems)" in response.json()["detail"]


def test_the_builder_lists_the_first_problems_and_counts_the_rest_in_the_readers_language(card_sets):
    from django.test import Client

    text = "Main:\n" + "0 Iron Sentinel\n" * 990
    for language, problem, words in (
        ("ru", "не удалось прочитать «0 Iron Sentinel»", "…и ещё 940 проблем"),
        ("en", "cannot read '0 Iron Sentinel'", "…and 940 more problems"),
    ):
        html = (
            Client(HTTP_ACCEPT_LANGUAGE=language)
            .post("/decks/builder/check/", {"game": "respons", "text": text})
            .content.decode()
        )
        assert html.replace("&#x27;", "'").count(problem) == 50
        assert words in html


def test_the_builder_refuses_a_paste_longer_than_any_deck_in_one_line(card_sets):
    from django.test import Client

    html = (
        Client(HTTP_ACCEPT_LANGUAGE="en")
        .post("/decks/builder/check/", {"game": "respons", "text": "Main:\n" + "1 Iron Sentinl\n" * 1300})
        .content.decode()
    )
    assert "a decklist has at most 1000" in html
    assert "Iron Sentinl" not in html
