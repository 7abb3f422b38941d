"""Deck violations on the site pages read in the reader's language (tournaments/labels.py)."""

import pytest
from django.utils import translation

from tournaments.labels import violation_text
from tournaments.services.decks import deck_check

pytestmark = pytest.mark.django_db

# A RESPONSE deck breaking many rules at once: no hero, 4 orders one of them a unit,
# 3 copies of a card, an Order card in the main deck, a misspelt name, 12 side cards.
BROKEN = """Orders:
1 Призыв к оружию
1 Щит веры
1 Последний рубеж
1 Железный страж
Main:
3 Железный страж
1 Щит веры
1 Железный страш
Side:
12 Пробудившийся кошмар
"""


@pytest.fixture
def violations(card_sets):
    check = deck_check(source=BROKEN, game="respons", options={"side_max": 10})
    assert check.readable, check.parse_message
    return {v["code"]: v for v in check.violations}


def test_each_respons_violation_carries_the_values_of_its_message(violations):
    assert violations["main_size"]["params"] == {"expected": 30, "found": 5}
    assert violations["orders_count"]["params"] == {"expected": 5, "found": 4}
    assert violations["copy_limit"]["params"]["limit"] == 2
    assert violations["side_size"]["params"] == {"limit": 10, "found": 12}
    assert violations["unknown_card"]["params"]["zone"] == "main"


@pytest.mark.parametrize("code", ["main_size", "side_size", "hero_missing", "orders_count", "copy_limit"])
def test_in_english_the_page_says_what_the_engine_says(violations, code):
    with translation.override("en"):
        assert violation_text(violations[code]) == violations[code]["message"]


def test_in_russian_every_respons_violation_is_translated_with_its_values(violations):
    with translation.override("ru"):
        texts = {code: violation_text(v) for code, v in violations.items()}
    assert texts["main_size"] == "R2.1: в основной колоде должно быть ровно 30 карт (сейчас 5)"
    assert texts["orders_count"] == "R2.1: нужно ровно 5 приказов (сейчас 4)"
    assert texts["hero_missing"] == "R2.1: в колоде нет героя"
    assert texts["side_size"] == "R2.6: в сайд-деке может быть не больше 10 карт (сейчас 12)"
    assert texts["unknown_card"].startswith("«Железный страш» в основной колоде — неизвестная карта")
    assert "может быть, «Железный страж»?" in texts["unknown_card"]
    assert texts["order_in_main"].startswith("R2.3: карта приказа «Щит веры» не может лежать в основной")
    assert texts["not_an_order"].startswith("R2.4: «Железный страж» — не карта приказа")
    for code, text in texts.items():
        assert text != violations[code]["message"], code
        assert not any(word in text for word in (" the ", " deck ", " must ")), text


def test_another_games_violation_keeps_the_engines_message():
    raw = {"code": "wow_talent", "card": "X", "message": "R-W3: talents must match", "params": {}}
    with translation.override("ru"):
        assert violation_text(raw) == "R-W3: talents must match"


def test_the_deck_builder_shows_the_violations_in_russian(card_sets, player):
    from tests.site.event_pages_support import browser

    client = browser(player)
    response = client.post(
        "/decks/builder/check/", {"text": BROKEN, "game": "respons"}, HTTP_ACCEPT_LANGUAGE="ru"
    )
    html = response.content.decode()
    assert response.status_code == 200, html[:500]
    assert "в основной колоде должно быть ровно 30 карт (сейчас 5)" in html
