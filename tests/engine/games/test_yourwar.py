"""Your War / «Твоя Война»: card fields and deck rules («КОЛОДА КАРТ ИГРОКА»)."""

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
from engine.games.yourwar import DECKS_DIR, RULES, SAMPLE_SET
from engine.games.yourwar.cards import Card
from engine.problems import CardSetError, Problem, Violation
from engine.registry import get_game

ROOT = Path(__file__).resolve().parents[3]
SHIPPED_DECK = DECKS_DIR / "usa_firepower.json"
BASE = "Военная База (США)"
RIFLES = "Стрелковый взвод «Прерия»"


@pytest.fixture(scope="module")
def catalog() -> Catalog[Card]:
    return Catalog(load_card_set(SAMPLE_SET).cards)


def shipped() -> dict[str, int]:
    return dict(json.loads(SHIPPED_DECK.read_text(encoding="utf-8"))["main"])


def deck(main: dict[str, int] | None = None, *, side: dict[str, int] | None = None) -> Decklist:
    return Decklist(game="yourwar", zones={"main": shipped() if main is None else main, "side": side or {}})


def validate(catalog: Catalog[Card], decklist: Decklist, **options: Any) -> list[Violation]:
    return RULES.validate_deck(decklist, catalog, options=options)


# --- the plug-in and its sample data ---------------------------------------------------------


def test_it_is_found_through_the_registry() -> None:
    rules = get_game("yourwar")
    assert rules is RULES
    assert rules.title_ru == "Твоя Война"
    assert [zone.key for zone in rules.zones] == ["main", "side"]
    assert rules.formats == ("constructed",) and rules.has_match_engine is True
    assert rules.card_types == ("unit", "artillery", "support", "medal", "base")


def test_it_loads_the_sample_set_with_every_card_type() -> None:
    card_set = load_card_set(SAMPLE_SET)
    assert card_set.game == "yourwar" and len(card_set.cards) >= 40
    assert {card.type for card in card_set.cards} == set(RULES.card_types)


def test_it_finds_cards_by_their_english_alias(catalog: Catalog[Card]) -> None:
    card = catalog.get("military base (usa)")
    assert card is not None and card.name == BASE and card.is_base and card.country == "usa"


def test_it_accepts_the_shipped_deck(catalog: Catalog[Card]) -> None:
    assert validate(catalog, load_decklist(SHIPPED_DECK)) == []


def test_it_summarises_a_card_flat(catalog: Catalog[Card]) -> None:
    summary = RULES.card_summary(card_named(catalog, RIFLES))
    assert summary["type"] == "unit" and summary["country"] == "usa" and summary["unit_class"] == "ground"
    json.dumps(summary, ensure_ascii=False)


# --- card fields ------------------------------------------------------------------------------


def parse(raw: Any) -> tuple[Card | None, list[str]]:
    problems: list[Problem] = []
    card = RULES.parse_card(raw, "cards[0]", problems)
    return card, [str(problem) for problem in problems]


def test_it_reads_a_card_with_all_its_fields() -> None:
    card, problems = parse(
        {
            "name": "Пробный взвод",
            "aliases": ["Test Platoon"],
            "type": "unit",
            "country": "USSR",
            "cost": 2,
            "unit_class": "ground",
            "attack": 2,
            "defense": 1,
        }
    )
    assert problems == [] and card is not None
    assert card.country == "ussr" and card.attack == 2


def test_it_reads_a_card_of_no_country() -> None:
    card, problems = parse({"name": "Полевая кухня", "type": "support", "country": None})
    assert problems == [] and card is not None and card.country is None


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        ({"name": "X", "type": "tank", "country": "usa"}, "cards[0].type"),
        ({"name": "X", "country": "usa"}, "cards[0].type"),
        ({"name": "X", "type": "unit"}, "cards[0].country"),
        ({"name": "X", "type": "unit", "country": 1}, "cards[0].country"),
        ({"name": "X", "type": "unit", "country": "usa", "cost": "2"}, "cards[0].cost"),
        ({"name": "X", "type": "unit", "country": "usa", "unit_class": "cavalry"}, "cards[0].unit_class"),
        ({"name": "X", "type": "unit", "country": "usa", "attack": -1}, "cards[0].attack"),
        ({"name": "X", "type": "medal", "country": "usa", "attack": 1}, "cards[0].attack"),
        ({"name": "X", "type": "unit", "country": "usa", "nation": "usa"}, "cards[0].nation"),
        ({"name": "", "type": "unit", "country": "usa"}, "cards[0].name"),
        ("a string", "cards[0]"),
    ],
)
def test_it_refuses_a_bad_card_field(raw: Any, where: str) -> None:
    card, problems = parse(raw)
    assert card is None
    assert any(problem.startswith(f"{where}:") for problem in problems), problems


def test_it_reports_every_bad_card_of_a_set_with_its_key_path() -> None:
    data = {
        "game": "yourwar",
        "set": {"code": "T"},
        "cards": [{"name": "A", "type": "unit", "country": "usa"}, {"name": "B", "type": "unit"}],
    }
    with pytest.raises(CardSetError) as error:
        parse_card_set(data)
    assert [problem.where for problem in error.value.problems] == ["cards[1].country"]


# --- deck rules, each passing and failing -----------------------------------------------------


def test_it_needs_fifty_cards(catalog: Catalog[Card]) -> None:
    main = shipped()
    main[BASE] = 50 - (sum(main.values()) - main[BASE])
    assert validate(catalog, deck(main)) == []
    main[BASE] -= 1
    violations = validate(catalog, deck(main))
    assert codes(violations) == ["main_size"] and "(found 49)" in violations[0].message


def test_it_has_no_maximum_deck_size(catalog: Catalog[Card]) -> None:
    main = {**shipped(), BASE: 200, "Военная База (СССР)": 100}
    assert validate(catalog, deck(main)) == []


def test_it_allows_four_copies_and_no_more(catalog: Catalog[Card]) -> None:
    main = {**shipped(), RIFLES: 4}
    assert validate(catalog, deck(main)) == []
    main[RIFLES] = 5
    assert [(v.code, v.card) for v in validate(catalog, deck(main))] == [("copy_limit", RIFLES)]


def test_it_exempts_military_bases_from_the_copy_limit(catalog: Catalog[Card]) -> None:
    assert shipped()[BASE] > 4
    assert validate(catalog, deck()) == []


def test_it_counts_a_card_listed_by_name_and_alias_once(catalog: Catalog[Card]) -> None:
    main = {**shipped(), RIFLES: 4, "Prairie Rifle Platoon": 1}
    assert codes(validate(catalog, deck(main))) == ["copy_limit"]


def test_it_counts_copies_in_main_and_side_together(catalog: Catalog[Card]) -> None:
    # B2: with an event's side deck, copies count over deck + side (a swap never breaks the limit).
    violations = validate(catalog, deck(side={RIFLES: 1}), side_max=10)
    assert [(v.code, v.card) for v in violations] == [("copy_limit", RIFLES)]


def test_y2_4_it_has_no_side_deck_unless_the_event_asks_for_one(catalog: Catalog[Card]) -> None:
    # Seed: «Есть лишь два правила при создании колоды» — one deck, no side deck (audit B1).
    side = {"Минное поле": 1, "Маскировочные сети": 4}  # 1 and 4 copies: within the limit
    assert codes(validate(catalog, deck(side=side))) == ["side_size"]  # default 0: none
    assert validate(catalog, deck(side=side), side_max=5) == []
    assert codes(validate(catalog, deck(side=side), side_max=4)) == ["side_size"]
    assert codes(validate(catalog, deck(side=side), side_max=0)) == ["side_size"]
    assert codes(validate(catalog, deck(side=side), side_max="lots")) == ["side_size"]  # bad: back to 0
    assert validate(catalog, deck()) == []  # no side deck at all: legal


# --- unknown cards and malformed decklists ----------------------------------------------------


def test_it_reports_an_unknown_card_with_a_suggestion(catalog: Catalog[Card]) -> None:
    main = shipped()
    main["Гаубичный залб"] = main.pop("Гаубичный залп")
    violations = validate(catalog, deck(main))
    assert [(v.code, v.card) for v in violations] == [("unknown_card", "Гаубичный залб")]
    assert "did you mean «Гаубичный залп»" in violations[0].message


def test_it_reports_bad_counts_and_unknown_zones(catalog: Catalog[Card]) -> None:
    zones: dict[str, Any] = {"main": {**shipped(), RIFLES: -1}, "hero": "x"}  # 59 - 4 cards left
    assert codes(validate(catalog, Decklist(game="yourwar", zones=zones))) == ["unknown_zone", "bad_count"]


def test_it_reads_a_text_decklist_with_russian_headers(catalog: Catalog[Card]) -> None:
    text = "\n".join(
        ["Колода:", *(f"{n} {name}" for name, n in shipped().items()), "Сайдборд:", "Minefield x2"]
    )
    assert validate(catalog, parse_decklist(text, game="yourwar"), side_max=2) == []


names = st.sampled_from([BASE, RIFLES, "Medal", "nope", "", " "])
junk = st.one_of(
    st.none(), st.integers(-3, 70), st.booleans(), st.text(max_size=5), st.tuples(names), st.floats()
)
zone_values = st.one_of(junk, names, st.dictionaries(st.one_of(names, st.integers()), junk, max_size=6))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    zones=st.one_of(st.dictionaries(st.sampled_from(["main", "side", "hero", 3]), zone_values), junk),
    options=st.one_of(st.none(), st.dictionaries(st.sampled_from(["format", "side_max"]), junk)),
)
def test_it_never_raises_on_junk(catalog: Catalog[Card], zones: Any, options: Any) -> None:
    violations = RULES.validate_deck(Decklist(game="yourwar", zones=zones), catalog, options=options)
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
    path.write_text(json.dumps({"game": "yourwar", "main": {RIFLES: 5}}), "utf-8")
    result = run_validate(path)
    assert result.returncode == 1, result.stderr
    assert [v["code"] for v in json.loads(result.stdout)["violations"]] == ["main_size", "copy_limit"]


def test_it_documents_every_violation_code() -> None:
    text = (SAMPLE_SET.parents[1] / "README.md").read_text(encoding="utf-8")
    assert all(f"`{code}`" in text for code in RULES.violation_codes)
