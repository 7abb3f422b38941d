"""Chronomagia / «Хрономагия»: card fields and deck rules («Зоны игры»)."""

import json
import subprocess
from pathlib import Path
from typing import Any

import game_support
import pytest
from game_support import card_named, codes
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cardset import load_card_set, parse_card_set
from engine.catalog import Catalog
from engine.decklist import Decklist, load_decklist, parse_decklist
from engine.games.chronomagia import DECKS_DIR, RULES, SAMPLE_SET
from engine.games.chronomagia.cards import Card
from engine.problems import CardSetError, Problem, Violation
from engine.registry import get_game

ROOT = Path(__file__).resolve().parents[3]
SHIPPED_DECK = DECKS_DIR / "varvara_first_epoch.json"
HERO = "Варвара Пепельная Коса"
OTHER_HERO = "Кхар Песчаный Страж"
MYTHIC = "Праотец Огня"  # in the shipped main deck once
OTHER_MYTHIC = "Машина Конца Времён"  # not in the shipped deck
SAVAGE = "Костровой Дикарь"  # a common, twice in the shipped main deck


@pytest.fixture(scope="module")
def catalog() -> Catalog[Card]:
    return Catalog(load_card_set(SAMPLE_SET).cards)


def shipped(zone: str) -> dict[str, int]:
    return dict(json.loads(SHIPPED_DECK.read_text(encoding="utf-8"))[zone])


def deck(
    main: dict[str, int] | None = None, *, hero: str | None = HERO, side: dict[str, int] | None = None
) -> Decklist:
    zones = {
        "hero": hero,
        "main": shipped("main") if main is None else main,
        "side": shipped("side") if side is None else side,
    }
    return Decklist(game="chronomagia", zones=zones)


def validate(catalog: Catalog[Card], decklist: Decklist, **options: Any) -> list[Violation]:
    return RULES.validate_deck(decklist, catalog, options=options)


# --- the plug-in and its sample data ---------------------------------------------------------


def test_it_is_found_through_the_registry() -> None:
    rules = get_game("chronomagia")
    assert rules is RULES
    assert rules.title_ru == "Хрономагия"
    assert [zone.key for zone in rules.zones] == ["hero", "main", "side"]
    assert rules.formats == ("constructed",) and rules.has_match_engine is True
    # C1.1: «Событие» (event) is read as a phenomenon, but a set may write it as its own type.
    assert rules.card_types == ("hero", "thoughtform", "terrain", "phenomenon", "event", "shadow")


def test_it_loads_the_sample_set_with_every_card_type_and_rarity() -> None:
    card_set = load_card_set(SAMPLE_SET)
    assert card_set.game == "chronomagia" and len(card_set.cards) >= 40
    assert {card.type for card in card_set.cards} == set(RULES.card_types)
    assert {card.rarity for card in card_set.cards} == {"common", "uncommon", "rare", "mythic"}


def test_it_finds_cards_by_their_english_alias(catalog: Catalog[Card]) -> None:
    card = catalog.get("Varvara Ashbraid")
    assert card is not None and card.name == HERO and card.is_hero


def test_it_accepts_the_shipped_deck(catalog: Catalog[Card]) -> None:
    assert validate(catalog, load_decklist(SHIPPED_DECK)) == []


def test_it_summarises_a_card_flat(catalog: Catalog[Card]) -> None:
    summary = RULES.card_summary(card_named(catalog, MYTHIC))
    assert summary["type"] == "thoughtform" and summary["rarity"] == "mythic" and summary["epoch"] == 1
    json.dumps(summary, ensure_ascii=False)


# --- card fields ------------------------------------------------------------------------------


def parse(raw: Any) -> tuple[Card | None, list[str]]:
    problems: list[Problem] = []
    card = RULES.parse_card(raw, "cards[0]", problems)
    return card, [str(problem) for problem in problems]


def test_it_reads_a_card_with_all_its_fields() -> None:
    card, problems = parse(
        {
            "name": "Пробный Голем",
            "aliases": ["Test Golem"],
            "type": "thoughtform",
            "rarity": "rare",
            "epoch": 3,
            "cost": 4,
            "subtypes": ["существо"],
        }
    )
    assert problems == [] and card is not None
    assert card.epoch == 3 and card.subtypes == ("существо",)


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        ({"name": "X", "type": "creature", "rarity": "common"}, "cards[0].type"),
        ({"name": "X", "rarity": "common"}, "cards[0].type"),
        ({"name": "X", "type": "phenomenon"}, "cards[0].rarity"),
        ({"name": "X", "type": "phenomenon", "rarity": "legendary"}, "cards[0].rarity"),
        ({"name": "X", "type": "phenomenon", "rarity": "common", "epoch": 4}, "cards[0].epoch"),
        ({"name": "X", "type": "phenomenon", "rarity": "common", "epoch": 0}, "cards[0].epoch"),
        ({"name": "X", "type": "phenomenon", "rarity": "common", "cost": 1.5}, "cards[0].cost"),
        ({"name": "X", "type": "phenomenon", "rarity": "common", "subtypes": "a"}, "cards[0].subtypes"),
        ({"name": "X", "type": "phenomenon", "rarity": "common", "era": 1}, "cards[0].era"),
        ({"name": 5, "type": "phenomenon", "rarity": "common"}, "cards[0].name"),
        (None, "cards[0]"),
    ],
)
def test_it_refuses_a_bad_card_field(raw: Any, where: str) -> None:
    card, problems = parse(raw)
    assert card is None
    assert any(problem.startswith(f"{where}:") for problem in problems), problems


def test_it_reports_every_bad_card_of_a_set_with_its_key_path() -> None:
    data = {
        "game": "chronomagia",
        "set": {"code": "T"},
        "cards": [
            {"name": "A", "type": "hero", "rarity": "rare"},
            {"name": "B", "type": "hero", "rarity": "epic"},
        ],
    }
    with pytest.raises(CardSetError) as error:
        parse_card_set(data)
    assert [problem.where for problem in error.value.problems] == ["cards[1].rarity"]


# --- deck rules, each passing and failing -----------------------------------------------------


def test_it_needs_a_hero(catalog: Catalog[Card]) -> None:
    assert codes(validate(catalog, deck(hero=None))) == ["hero_missing"]


def test_it_needs_the_hero_to_be_a_hero_card(catalog: Catalog[Card]) -> None:
    assert validate(catalog, deck(hero=OTHER_HERO)) == []
    assert [(v.code, v.card) for v in validate(catalog, deck(hero=SAVAGE))] == [("not_a_hero", SAVAGE)]


def test_it_needs_thirty_cards_in_the_main_deck(catalog: Catalog[Card]) -> None:
    main = shipped("main")
    del main[SAVAGE]  # 32 - 2 = 30
    assert validate(catalog, deck(main)) == []
    main["Охотник на Мамонтов"] -= 1
    assert codes(validate(catalog, deck(main))) == ["main_size"]


def test_it_keeps_heroes_out_of_the_main_deck(catalog: Catalog[Card]) -> None:
    violations = validate(catalog, deck({**shipped("main"), OTHER_HERO: 1}))
    assert [(v.code, v.card) for v in violations] == [("hero_in_deck", OTHER_HERO)]


def test_it_allows_two_copies_and_no_more(catalog: Catalog[Card]) -> None:
    violations = validate(catalog, deck({**shipped("main"), SAVAGE: 3}))
    assert [(v.code, v.card) for v in violations] == [("copy_limit", SAVAGE)]


def test_it_allows_one_copy_of_a_mythic_card(catalog: Catalog[Card]) -> None:
    assert shipped("main")[MYTHIC] == 1
    violations = validate(catalog, deck({**shipped("main"), MYTHIC: 2}))
    assert [(v.code, v.card) for v in violations] == [("mythic_limit", MYTHIC)]


def test_it_counts_a_card_listed_by_name_and_alias_once(catalog: Catalog[Card]) -> None:
    main = {**shipped("main"), "Bonfire Savage": 1}  # the alias of a card already there twice
    assert codes(validate(catalog, deck(main))) == ["copy_limit"]


def test_it_allows_ten_cards_in_the_hero_deck(catalog: Catalog[Card]) -> None:
    side = shipped("side")
    assert sum(side.values()) == 10
    side["Затмение"] = 1
    violations = validate(catalog, deck(side=side))
    assert codes(violations) == ["side_size"] and "hero deck" in violations[0].message


def test_it_ignores_the_events_side_max_for_the_hero_deck(catalog: Catalog[Card]) -> None:
    assert validate(catalog, deck(), side_max=0) == []


def test_it_allows_an_empty_hero_deck(catalog: Catalog[Card]) -> None:
    assert validate(catalog, deck(side={})) == []


def test_it_keeps_heroes_and_mythic_cards_out_of_the_hero_deck(catalog: Catalog[Card]) -> None:
    side = {"Затмение": 1, OTHER_HERO: 1, OTHER_MYTHIC: 1}
    violations = validate(catalog, deck(side=side))
    assert [(v.code, v.card) for v in violations] == [
        ("hero_in_deck", OTHER_HERO),
        ("mythic_in_side", OTHER_MYTHIC),
    ]


def test_it_counts_hero_deck_copies_with_the_main_deck(catalog: Catalog[Card]) -> None:
    # C2.4 [decision, audit D2]: «Максимальное число копий одной карты – две» over both decks,
    # since meditation brings a hero-deck card to the hand every turn.
    violations = validate(catalog, deck(side={SAVAGE: 1}))
    assert [(v.code, v.card, v.params["found"]) for v in violations] == [("copy_limit", SAVAGE, 3)]
    assert validate(catalog, deck(side={"Звездопад": 2})) == []
    assert codes(validate(catalog, deck(side={"Звездопад": 3}))) == ["copy_limit"]


# --- unknown cards and malformed decklists ----------------------------------------------------


def test_it_reports_an_unknown_card_with_a_suggestion(catalog: Catalog[Card]) -> None:
    violations = validate(catalog, deck(side={"Затмениe": 1}))  # a Latin «e» at the end
    assert [(v.code, v.card) for v in violations] == [("unknown_card", "Затмениe")]
    assert "did you mean «Затмение»" in violations[0].message


def test_it_reports_bad_counts_and_unknown_zones(catalog: Catalog[Card]) -> None:
    zones: dict[str, Any] = {"hero": ("a", "b"), "main": shipped("main"), "side": [1], "stones": {}}
    assert codes(validate(catalog, Decklist(game="chronomagia", zones=zones))) == [
        "unknown_zone",
        "bad_count",
        "bad_count",
    ]


def test_it_reads_a_text_decklist_with_russian_headers(catalog: Catalog[Card]) -> None:
    lines = [f"Герой: {HERO}", "Основная колода:", *(f"{n} {name}" for name, n in shipped("main").items())]
    lines += ["Колода героя:", *(f"{name} x{n}" for name, n in shipped("side").items())]
    assert validate(catalog, parse_decklist("\n".join(lines), game="chronomagia")) == []


names = st.sampled_from([HERO, SAVAGE, MYTHIC, "nope", "", " "])
junk = st.one_of(
    st.none(), st.integers(-3, 70), st.booleans(), st.text(max_size=5), st.tuples(names), st.floats()
)
zone_values = st.one_of(junk, names, st.dictionaries(st.one_of(names, st.integers()), junk, max_size=6))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    zones=st.one_of(
        st.dictionaries(st.sampled_from(["hero", "main", "side", "orders", 3]), zone_values), junk
    ),
    options=st.one_of(st.none(), st.dictionaries(st.sampled_from(["format", "side_max"]), junk)),
)
def test_it_never_raises_on_junk(catalog: Catalog[Card], zones: Any, options: Any) -> None:
    violations = RULES.validate_deck(Decklist(game="chronomagia", zones=zones), catalog, options=options)
    assert all(isinstance(v, Violation) and v.code in RULES.violation_codes for v in violations)


# --- the command line ---------------------------------------------------------------------------


def run_validate(deck_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return game_support.run_validate(SAMPLE_SET, deck_path, *extra)


def test_it_validates_the_shipped_deck_from_the_command_line() -> None:
    result = run_validate(SHIPPED_DECK)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"legal": True, "violations": []}


def test_it_reports_an_illegal_deck_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps({"game": "chronomagia", "hero": SAVAGE, "main": {MYTHIC: 2}}), "utf-8")
    result = run_validate(path)
    assert result.returncode == 1, result.stderr
    assert [v["code"] for v in json.loads(result.stdout)["violations"]] == [
        "not_a_hero",
        "main_size",
        "mythic_limit",
    ]


def test_it_documents_every_violation_code() -> None:
    text = (SAMPLE_SET.parents[1] / "README.md").read_text(encoding="utf-8")
    assert all(f"`{code}`" in text for code in RULES.violation_codes)


def test_c1_1_an_event_card_loads_and_is_played_as_a_phenomenon():
    # «пять типов карт»: «Событие» is the phenomenon under another name, not a sixth kind of play.
    card, problems = parse({"name": "X", "type": "event", "rarity": "common"})
    assert not problems and card is not None
    assert card.type == "event" and card.kind == "phenomenon"
