"""Deck violations in the API in the reader's language (Accept-Language): each `message` in
Russian or English, its `code` and `params` the engine's, the same in both, for every game's
validator; the 400 of a registration with an illegal deck says them the same way."""

import re

import pytest

from engine.registry import game_keys
from tournaments.services.decks import deck_check

pytestmark = pytest.mark.django_db

BROKEN = "Main:\n1 Nothing Card\n"
CYRILLIC = re.compile("[а-яё]", re.IGNORECASE)


def validate(actor, game: str, language: str) -> list[dict]:
    response = actor.api.post(
        f"/api/decks/validate/?game={game}", BROKEN, content_type="text/plain", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200, response.content
    return response.json()["violations"]


@pytest.mark.parametrize("game", list(game_keys()))
def test_each_games_violations_are_said_in_the_readers_language(game, card_sets, anonymous):
    english, russian = validate(anonymous, game, "en"), validate(anonymous, game, "ru")
    assert english, "the broken deck breaks some rule of every game"
    engine = deck_check(source=BROKEN, game=game, options={}).violations
    assert [v["message"] for v in english] == [v["message"] for v in engine]  # the engine's own words
    assert [(v["code"], v["params"]) for v in russian] == [(v["code"], v["params"]) for v in english]
    for said_ru, said_en in zip(russian, english, strict=True):
        assert CYRILLIC.search(said_ru["message"]), said_ru
        assert said_ru["message"] != said_en["message"]


def test_an_illegal_deck_at_registration_is_refused_in_russian(event_factory, player):
    cup = event_factory()
    cup.open()
    response = player.api.post(
        f"{cup.url}registrations/", {"deck": BROKEN}, format="json", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert response.status_code == 400 and response.json()["code"] == "illegal_deck"
    violations = {v["code"]: v for v in response.json()["violations"]}
    assert violations["hero_missing"]["message"] == "R2.1: в колоде нет героя"
    assert violations["orders_count"]["params"] == {"expected": 5, "found": 0}
    english = player.api.post(f"{cup.url}registrations/", {"deck": BROKEN}, format="json").json()
    assert {v["code"]: v["message"] for v in english["violations"]}[
        "hero_missing"
    ] == "R2.1: the deck has no hero"
