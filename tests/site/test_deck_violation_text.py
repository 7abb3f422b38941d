"""Deck violations on the site pages read in the reader's language (tournaments/labels.py)."""

import pytest
from django.utils import translation

from engine.languages import name_in
from engine.registry import game_keys, get_game
from tournaments.label_messages import violation_codes_translated, violation_text
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
    assert texts["side_size"] == "R2.6: в дополнительной колоде может быть не больше 10 карт (сейчас 12)"
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
    from tests.support.pages import browser

    client = browser(player)
    response = client.post(
        "/decks/builder/check/", {"text": BROKEN, "game": "respons"}, HTTP_ACCEPT_LANGUAGE="ru"
    )
    html = response.content.decode()
    assert response.status_code == 200, html[:500]
    assert "в основной колоде должно быть ровно 30 карт (сейчас 5)" in html


# --- the deck-only games (World of Warcraft TCG, Your War, Chronomagia, Force of Will) ----------

WOW = """Game: wow
Hero: Grotha Ashmane
Main:
5 Battle Fury
Side:
1 Rusted Cleaver
"""
FOW = """Game: fow
Ruler: Aurelia, Warden of the Dawnspire
Main:
4 Lantern Acolyte
1 Dawnlit Shard
Stones:
1 Lantern Acolyte
"""


def russian(source: str, game: str, **options) -> dict[str, str]:
    check = deck_check(source=source, game=game, options=options)
    assert check.readable, check.parse_message
    with translation.override("ru"):
        return {v["code"]: violation_text(v) for v in check.violations}


def test_every_violation_code_of_every_game_has_a_translation():
    for key in game_keys():
        codes = set(get_game(key).violation_codes)
        assert codes <= violation_codes_translated(key), (key, codes - violation_codes_translated(key))


def test_in_russian_a_wow_deck_check_reads_in_russian_with_its_values(card_sets):
    texts = russian(WOW, "wow", side_max=0)
    assert texts["main_size"] == "в основной колоде должно быть не меньше 60 карт (сейчас 5)"
    assert texts["copy_limit"] == (
        "карты «Battle Fury» — не больше 4 экземпляров: у неё нет ключевого слова «неограниченно» (сейчас 5)"
    )
    assert texts["side_size"] == "в этом турнире карт в дополнительной колоде быть не должно (сейчас 1)"


def test_in_russian_a_force_of_will_deck_check_reads_in_russian_with_its_values(card_sets):
    texts = russian(FOW, "fow")
    assert texts["main_size"] == "в основной колоде должно быть не меньше 40 карт (сейчас 5)"
    assert texts["stones_size"] == "в колоде магических камней должно быть не меньше 10 карт (сейчас 1)"
    assert texts["stone_in_main"] == (
        "магический камень «Dawnlit Shard» должен лежать в колоде магических камней, а не в основной колоде"
    )
    assert texts["not_a_stone"].startswith("«Lantern Acolyte» — не магический камень (")
    assert not any("R2." in text for text in texts.values())  # no RESPONSE rule in another game


def test_in_english_another_games_violation_says_what_the_engine_says(card_sets):
    check = deck_check(source=WOW, game="wow", options={"side_max": 0})
    with translation.override("en"):
        assert [violation_text(v) for v in check.violations] == [v["message"] for v in check.violations]


def test_a_code_shared_by_two_games_never_reads_as_the_other_games_rule(card_sets, violations):
    wow = deck_check(source=WOW, game="wow").violations
    wow_size = next(v for v in wow if v["code"] == "main_size")
    assert wow_size["game"] == "wow" and violations["main_size"]["game"] == "respons"
    with translation.override("ru"):
        assert violation_text(violations["main_size"]).startswith("R2.1: ")
        assert "R2.1" not in violation_text(wow_size) and "ровно" not in violation_text(wow_size)
        # Without its game a violation cannot be told apart: the engine's message, untranslated.
        unknown = {key: value for key, value in wow_size.items() if key != "game"}
        assert violation_text(unknown) == wow_size["message"]
        assert violation_text(unknown, game="wow") == violation_text(wow_size)


def test_without_its_values_a_violation_keeps_the_engines_message():
    old = {
        "code": "copy_limit",
        "card": "X",
        "message": "at most 4 copies of «X»",
        "params": {},
        "game": "wow",
    }
    with translation.override("ru"):
        assert violation_text(old) == "at most 4 copies of «X»"


def test_the_deck_builder_shows_another_games_violations_in_russian(card_sets, player):
    from tests.support.pages import browser

    response = browser(player).post(
        "/decks/builder/check/", {"text": WOW, "game": "wow"}, HTTP_ACCEPT_LANGUAGE="ru"
    )
    html = response.content.decode()
    assert response.status_code == 200, html[:500]
    assert "в основной колоде должно быть не меньше 60 карт (сейчас 5)" in html


# --- R2.7: a sideboard swap between games (the play page's sideboard form) ---------------------


@pytest.mark.parametrize(
    ("params", "card", "expected"),
    [
        (
            {"kind": "hero", "was": "Старый", "now": "Новый"},
            "Новый",
            "R2.7: героя нельзя менять между играми (был «Старый», стал «Новый»)",
        ),
        (
            {"kind": "one_for_one", "zone": "main", "out": 2, "in": 1},
            None,
            "R2.7: обмен идёт карта на карту, но из основной колоды ушло карт: 2, а пришло: 1",
        ),
        (
            {"kind": "entered_deck", "count": 2},
            "Щит веры",
            "R2.7: 2 × «Щит веры» попали в колоду, не выйдя из дополнительной колоды",
        ),
        (
            {"kind": "left_side", "count": 1},
            "Щит веры",
            "R2.7: 1 × «Щит веры» ушли из дополнительной колоды, но не попали в колоду",
        ),
        (
            {"kind": "entered_side", "count": 1},
            "Щит веры",
            "R2.7: 1 × «Щит веры» попали в дополнительную колоду, не выйдя из колоды",
        ),
        (
            {"kind": "left_deck", "count": 3},
            "Щит веры",
            "R2.7: 3 × «Щит веры» ушли из колоды, но не попали в дополнительную колоду",
        ),
        (
            {"kind": "not_an_order"},
            "Железный страж",
            "R2.7: в приказы можно поменять только карту-приказ, а не «Железный страж»",
        ),
    ],
)
def test_in_russian_each_kind_of_bad_swap_reads_in_russian(params, card, expected):
    violation = {"code": "bad_swap", "card": card, "message": "R2.7: …", "params": params, "game": "respons"}
    with translation.override("ru"):
        assert violation_text(violation) == expected
    with translation.override("en"):
        assert violation_text(violation) == "R2.7: …"  # English readers get the engine's own words


def test_a_bad_swap_of_an_unknown_kind_keeps_the_engine_message():
    violation = {"code": "bad_swap", "card": None, "message": "R2.7: new", "params": {}, "game": "respons"}
    with translation.override("ru"):
        assert violation_text(violation) == "R2.7: new"


@pytest.mark.django_db(transaction=True)
def test_the_sideboard_api_answers_a_bad_swap_in_the_readers_language(event_factory, judge):
    from tests.support.online import act, game_state, online_match
    from tournaments.models import Registration
    from tournaments.selectors.cards import catalog_for

    match = online_match(event_factory, judge, best_of=3)
    deciding = match.a if game_state(match.a, match.id)["legal_actions"] else match.b
    assert act(deciding, match.id, 1, {"type": "concede"}).status_code == 200  # game 2: sideboarding
    deck = Registration.objects.get(player=deciding.user, event__round_set__matches__id=match.id).deck
    _rules, catalog = catalog_for(game="respons")
    current = catalog.get(deck["hero"])  # the deck may name it by its English alias
    other = next(c.name for c in catalog if c.is_hero and c != current)
    url = f"/api/matches/{match.id}/game/sideboard/"
    answer = deciding.api.post(
        url, {"deck": {**deck, "hero": other}}, format="json", HTTP_ACCEPT_LANGUAGE="ru"
    )
    assert answer.status_code == 400 and answer.json()["code"] == "bad_swap"
    hero = next(v for v in answer.json()["violations"] if v["code"] == "bad_swap")
    assert hero["params"] == {"kind": "hero", "was": deck["hero"], "now": other}
    # The cards in the reader's language, whichever spelling the deck used.
    was, now = name_in(current, "ru"), name_in(catalog.get(other), "ru")
    assert hero["text"] == f"R2.7: героя нельзя менять между играми (был «{was}», стал «{now}»)"
    # The message is in the reader's language too (api.md); code and params stay the engine's.
    assert hero["message"] == hero["text"]
