"""Cards in both languages: every card's name and rules text in Russian and English,
either name accepted in a decklist, and a set without translations still loading."""

import json
import re
from typing import Any

import pytest

from engine.cardset import load_card_set, merge_card_sets, parse_card_set
from engine.decklist import parse_decklist
from engine.languages import LANGUAGES, name_in, text_in
from engine.problems import CardSetError
from engine.registry import bundled_card_sets, game_keys, get_game

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
SHIPPED = [(game, path) for game in game_keys() for path in bundled_card_sets(game)]


def raw_cards(path) -> list[dict[str, Any]]:
    return json.loads(path.read_text(encoding="utf-8"))["cards"]


def first_card_without_translations(game: str) -> dict[str, Any]:
    """Return the first card of the game's shipped set with no aliases, names or texts."""
    raw = dict(raw_cards(bundled_card_sets(game)[0])[0])
    for key in ("aliases", "names", "texts"):
        raw.pop(key, None)
    return raw


def a_set_of(game: str, *cards: dict[str, Any]) -> dict[str, Any]:
    envelope = json.loads(bundled_card_sets(game)[0].read_text(encoding="utf-8"))
    return {**{k: v for k, v in envelope.items() if k != "cards"}, "cards": list(cards)}


@pytest.mark.parametrize(("game", "path"), SHIPPED, ids=[f"{g}:{p.name}" for g, p in SHIPPED])
def test_it_names_every_shipped_card_in_russian_and_english(game, path):
    for raw in raw_cards(path):
        names = raw.get("names") or {}
        assert set(names) == set(LANGUAGES), raw["name"]
        assert CYRILLIC.search(names["ru"]), names
        assert not CYRILLIC.search(names["en"]), names
        assert raw["name"] in names.values(), raw["name"]  # the canonical name is one of them


@pytest.mark.parametrize(("game", "path"), SHIPPED, ids=[f"{g}:{p.name}" for g, p in SHIPPED])
def test_it_gives_every_shipped_rules_text_in_russian_and_english(game, path):
    for raw in raw_cards(path):
        if not raw.get("text"):
            assert "texts" not in raw, raw["name"]
            continue
        texts = raw.get("texts") or {}
        assert set(texts) == set(LANGUAGES), raw["name"]
        assert texts["ru"] == raw["text"]
        assert CYRILLIC.search(texts["ru"]) and not CYRILLIC.search(texts["en"]), texts


def test_respons_cards_carry_english_ability_texts():
    cards = {card.name: card for card in load_card_set(bundled_card_sets("respons")[0]).cards}
    assert text_in(cards["Призыв к оружию"], "en") == (
        "When played: give all your units +1 strength until recovery."
    )
    assert text_in(cards["Призыв к оружию"], "ru").startswith("Когда разыгрывается")
    assert name_in(cards["Призыв к оружию"], "en") == "Call to Arms"


@pytest.mark.parametrize("game", game_keys())
def test_it_finds_every_shipped_card_by_either_name(game):
    _rules, catalog = merge_card_sets([load_card_set(path) for path in bundled_card_sets(game)])
    for card in catalog:
        for language in LANGUAGES:
            assert catalog.get(name_in(card, language)) is card, (card.name, language)
            assert catalog.get(name_in(card, language).upper()) is card  # R1.5 matching still applies


@pytest.mark.parametrize("game", game_keys())
def test_a_name_given_only_under_names_is_accepted_in_decklists(game):
    raw = first_card_without_translations(game)
    other = "Карта для проверки" if not CYRILLIC.search(raw["name"]) else "A Card To Check"
    language = "ru" if CYRILLIC.search(other) else "en"
    card_set = parse_card_set(a_set_of(game, {**raw, "names": {language: other}}))
    _rules, catalog = merge_card_sets([card_set])
    assert catalog.get(other) is card_set.cards[0]
    assert other in card_set.cards[0].aliases
    assert name_in(card_set.cards[0], language) == other
    summary = get_game(game).card_summary(card_set.cards[0])
    assert summary["names"] == {language: other}


@pytest.mark.parametrize("game", game_keys())
def test_a_set_without_translations_still_loads_under_its_own_names(game):
    raw = first_card_without_translations(game)
    card = parse_card_set(a_set_of(game, raw)).cards[0]
    for language in LANGUAGES:
        assert name_in(card, language) == raw["name"]
        assert text_in(card, language) == raw.get("text", "")
    assert get_game(game).card_summary(card)["names"] == {}


@pytest.mark.parametrize(
    ("value", "where", "says"),
    [
        ("Iron Sentinel", "cards[0].names", "must be an object keyed by language"),
        ({"de": "Eiserner Wächter"}, "cards[0].names.de", "is not a language of the site"),
        ({"en": "  "}, "cards[0].names.en", "must be a non-empty string"),
        ({"en": 7}, "cards[0].names.en", "must be a non-empty string"),
    ],
)
@pytest.mark.parametrize("game", game_keys())
def test_it_refuses_a_bad_translation_with_its_key_path(game, value, where, says):
    raw = first_card_without_translations(game)
    for field in ("names", "texts"):
        with pytest.raises(CardSetError) as refused:
            parse_card_set(a_set_of(game, {**raw, field: value}))
        message = str(refused.value)
        assert where.replace("names", field) in message and says in message, message


def test_a_respons_decklist_may_mix_both_languages():
    _rules, catalog = merge_card_sets([load_card_set(path) for path in bundled_card_sets("respons")])
    rules = get_game("respons")
    english = parse_decklist(
        (bundled_card_sets("respons")[0].parent / "decks" / "vesta_order.txt").read_text(), game="respons"
    )
    assert rules.validate_deck(english, catalog) == []

    def russian(name: str) -> str:
        return name_in(catalog.get(name), "ru")

    mixed: dict[str, Any] = {}
    for zone, value in english.zones.items():
        if isinstance(value, dict):  # every other line in Russian
            mixed[zone] = {russian(n) if i % 2 else n: c for i, (n, c) in enumerate(value.items())}
        elif isinstance(value, tuple):
            mixed[zone] = tuple(russian(n) for n in value)
        else:
            mixed[zone] = russian(value)
    assert any(CYRILLIC.search(str(v)) for v in mixed.values())
    assert rules.validate_deck(type(english)(game="respons", zones=mixed), catalog) == []
