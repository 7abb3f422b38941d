"""Force of Will: card fields and deck rules (engine/games/fow/README.md)."""

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
from engine.games.fow import DECKS_DIR, RULES, SAMPLE_SET
from engine.games.fow.cards import Card
from engine.problems import CardSetError, Problem, Violation
from engine.registry import get_game

ROOT = Path(__file__).resolve().parents[3]
SHIPPED_DECK = DECKS_DIR / "aurelia_light.json"
RULER = "Aurelia, Warden of the Dawnspire"
OTHER_RULER = "Corvin Gale-Runner"
ACOLYTE = "Lantern Acolyte"  # 4 copies in the shipped main deck
BASIC = "Dawnlit Shard"  # a basic magic stone, 8 in the shipped stone deck
SPECIAL = "Twinflame Crystal"  # a magic stone that is not basic


@pytest.fixture(scope="module")
def catalog() -> Catalog[Card]:
    return Catalog(load_card_set(SAMPLE_SET).cards)


def shipped(zone: str) -> dict[str, int]:
    return dict(json.loads(SHIPPED_DECK.read_text(encoding="utf-8"))[zone])


def deck(
    main: dict[str, int] | None = None,
    *,
    ruler: str | None = RULER,
    stones: dict[str, int] | None = None,
    side: dict[str, int] | None = None,
) -> Decklist:
    zones = {
        "ruler": ruler,
        "main": shipped("main") if main is None else main,
        "stones": shipped("stones") if stones is None else stones,
        "side": shipped("side") if side is None else side,
    }
    return Decklist(game="fow", zones=zones)


def validate(catalog: Catalog[Card], decklist: Decklist, **options: Any) -> list[Violation]:
    return RULES.validate_deck(decklist, catalog, options=options)


# --- the plug-in and its sample data ---------------------------------------------------------


def test_it_is_found_through_the_registry() -> None:
    rules = get_game("fow")
    assert rules is RULES
    assert [zone.key for zone in rules.zones] == ["ruler", "main", "stones", "side"]
    assert rules.formats == ("constructed",) and rules.has_match_engine is True
    assert rules.card_types == ("ruler", "resonator", "addition", "regalia", "chant", "magic_stone")


def test_it_loads_the_sample_set_with_every_card_type() -> None:
    card_set = load_card_set(SAMPLE_SET)
    assert card_set.game == "fow" and len(card_set.cards) >= 40
    assert {card.type for card in card_set.cards} == set(RULES.card_types)
    assert {card.name for card in card_set.cards if card.basic} >= {BASIC}


def test_it_finds_cards_by_their_russian_alias(catalog: Catalog[Card]) -> None:
    card = catalog.get("Аурелия, Хранительница Шпиля Рассвета")
    assert card is not None and card.name == RULER and card.is_ruler


def test_it_accepts_the_shipped_deck(catalog: Catalog[Card]) -> None:
    assert validate(catalog, load_decklist(SHIPPED_DECK)) == []


def test_it_summarises_a_card_flat(catalog: Catalog[Card]) -> None:
    summary = RULES.card_summary(card_named(catalog, BASIC))
    assert (
        summary["type"] == "magic_stone" and summary["basic"] is True and summary["attributes"] == ["light"]
    )
    json.dumps(summary)


# --- card fields ------------------------------------------------------------------------------


def parse(raw: Any) -> tuple[Card | None, list[str]]:
    problems: list[Problem] = []
    card = RULES.parse_card(raw, "cards[0]", problems)
    return card, [str(problem) for problem in problems]


def test_it_reads_a_card_with_all_its_fields() -> None:
    card, problems = parse(
        {
            "name": "Test Shard",
            "aliases": ["Пробный Осколок"],
            "type": "magic_stone",
            "basic": True,
            "attributes": ["Fire"],
        }
    )
    assert problems == [] and card is not None
    assert card.basic and card.attributes == ("fire",)


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        ({"name": "X", "type": "creature"}, "cards[0].type"),
        ({"name": "X"}, "cards[0].type"),
        ({"name": "X", "type": "resonator", "basic": True}, "cards[0].basic"),
        ({"name": "X", "type": "magic_stone", "basic": "yes"}, "cards[0].basic"),
        ({"name": "X", "type": "chant", "attributes": ["earth"]}, "cards[0].attributes[0]"),
        ({"name": "X", "type": "chant", "attributes": "fire"}, "cards[0].attributes"),
        ({"name": "X", "type": "chant", "cost": -2}, "cards[0].cost"),
        ({"name": "X", "type": "chant", "colour": "red"}, "cards[0].colour"),
        ({"name": "X", "type": "chant", "aliases": [""]}, "cards[0].aliases[0]"),
        (42, "cards[0]"),
    ],
)
def test_it_refuses_a_bad_card_field(raw: Any, where: str) -> None:
    card, problems = parse(raw)
    assert card is None
    assert any(problem.startswith(f"{where}:") for problem in problems), problems


def test_it_reports_every_bad_card_of_a_set_with_its_key_path() -> None:
    data = {
        "game": "fow",
        "set": {"code": "T"},
        "cards": [
            {"name": "A", "type": "chant", "basic": True, "cost": 1},
            {
                "name": "B",
                "type": "ruler",
                "attributes": [1],
                "judgment": {"any": 1},
                "j_atk": 100,
                "j_def": 100,
            },
        ],
    }
    with pytest.raises(CardSetError) as error:
        parse_card_set(data)
    assert [problem.where for problem in error.value.problems] == ["cards[0].basic", "cards[1].attributes[0]"]


# --- deck rules, each passing and failing -----------------------------------------------------


def test_it_needs_a_ruler(catalog: Catalog[Card]) -> None:
    assert validate(catalog, deck(ruler=OTHER_RULER)) == []
    assert codes(validate(catalog, deck(ruler=None))) == ["ruler_missing"]


def test_it_needs_the_ruler_to_be_a_ruler_card(catalog: Catalog[Card]) -> None:
    assert [(v.code, v.card) for v in validate(catalog, deck(ruler=ACOLYTE))] == [("not_a_ruler", ACOLYTE)]


def test_it_needs_forty_to_sixty_cards_in_the_main_deck(catalog: Catalog[Card]) -> None:
    main = shipped("main")
    assert sum(main.values()) == 40
    main["Hollow Automaton"] -= 1
    assert codes(validate(catalog, deck(main))) == ["main_size"]
    main = {**shipped("main"), "Cinderclaw Drake": 4, "Forge-Born Golem": 4, "Ember Imp": 4, "Gale Sprite": 4}
    main["Skyreach Archer"] = 2  # 40 + 18 = 58, and 2 + 2 in the side deck
    main["Coral Leviathan"] = 2  # 60
    assert validate(catalog, deck(main)) == []
    main["Tidecaller Mystic"] = 1
    violations = validate(catalog, deck(main))
    assert codes(violations) == ["main_size"] and "at most 60" in violations[0].message


def test_it_keeps_rulers_and_magic_stones_out_of_the_main_deck(catalog: Catalog[Card]) -> None:
    main = shipped("main")
    main["Hollow Automaton"] -= 2
    main[OTHER_RULER] = 1
    main[BASIC] = 1
    violations = validate(catalog, deck(main))
    assert [(v.code, v.card) for v in violations] == [
        ("ruler_in_main", OTHER_RULER),
        ("stone_in_main", BASIC),
    ]


def test_it_needs_ten_to_twenty_magic_stones(catalog: Catalog[Card]) -> None:
    assert validate(catalog, deck(stones={BASIC: 10})) == []
    assert validate(catalog, deck(stones={BASIC: 20})) == []
    assert codes(validate(catalog, deck(stones={BASIC: 9}))) == ["stones_size"]
    assert codes(validate(catalog, deck(stones={BASIC: 21}))) == ["stones_size"]


def test_it_keeps_other_cards_out_of_the_stone_deck(catalog: Catalog[Card]) -> None:
    stones = {**shipped("stones"), OTHER_RULER: 1, "Ember Imp": 1}
    violations = validate(catalog, deck(stones=stones))
    assert [(v.code, v.card) for v in violations] == [
        ("not_a_stone", OTHER_RULER),
        ("not_a_stone", "Ember Imp"),
    ]


def test_it_allows_a_fifteen_card_side_deck(catalog: Catalog[Card]) -> None:
    side = {"Ember Imp": 4, "Gale Sprite": 4, "Cinderclaw Drake": 4, "Veil of Dusk": 3}
    assert validate(catalog, deck(side=side)) == []
    side["Veil of Dusk"] = 4
    assert codes(validate(catalog, deck(side=side))) == ["side_size"]


def test_it_lets_the_event_shrink_but_not_grow_the_side_deck(catalog: Catalog[Card]) -> None:
    side = {"Ember Imp": 4, "Gale Sprite": 4, "Cinderclaw Drake": 4, "Veil of Dusk": 4}
    assert codes(validate(catalog, deck(side=side), side_max=20)) == ["side_size"]
    assert validate(catalog, deck(), side_max=6) == []
    assert codes(validate(catalog, deck(), side_max=5)) == ["side_size"]
    assert codes(validate(catalog, deck(), side_max=0)) == ["side_size"]


def test_it_allows_four_copies_across_main_stone_and_side_decks(catalog: Catalog[Card]) -> None:
    assert shipped("main")["Shatter the Sigil"] + shipped("side")["Shatter the Sigil"] == 4
    violations = validate(catalog, deck(side={**shipped("side"), ACOLYTE: 1}))
    assert [(v.code, v.card) for v in violations] == [("copy_limit", ACOLYTE)]
    violations = validate(catalog, deck(stones={BASIC: 8, SPECIAL: 4}, side={SPECIAL: 1}))
    assert [(v.code, v.card) for v in violations] == [("copy_limit", SPECIAL)]


def test_it_exempts_basic_magic_stones_from_the_copy_limit(catalog: Catalog[Card]) -> None:
    assert shipped("stones")[BASIC] > 4
    assert validate(catalog, deck(side={BASIC: 5})) == []


def test_it_counts_a_card_listed_by_name_and_alias_once(catalog: Catalog[Card]) -> None:
    side = {"Послушник с Фонарём": 1}  # Lantern Acolyte, four in the main deck already
    assert codes(validate(catalog, deck(side=side))) == ["copy_limit"]


# --- unknown cards and malformed decklists ----------------------------------------------------


def test_it_reports_an_unknown_card_with_a_suggestion(catalog: Catalog[Card]) -> None:
    violations = validate(catalog, deck(stones={**shipped("stones"), "Dawnlit Shart": 1}))
    assert [(v.code, v.card) for v in violations] == [("unknown_card", "Dawnlit Shart")]
    assert "did you mean «Dawnlit Shard»" in violations[0].message


def test_it_reports_bad_counts_and_unknown_zones(catalog: Catalog[Card]) -> None:
    zones: dict[str, Any] = {"ruler": RULER, "main": shipped("main"), "stones": {BASIC: True}, "hero": "x"}
    assert codes(validate(catalog, Decklist(game="fow", zones=zones))) == [
        "unknown_zone",
        "bad_count",
        "stones_size",
    ]


def test_it_reads_a_text_decklist_with_russian_headers(catalog: Catalog[Card]) -> None:
    lines = [f"Правитель: {RULER}", "Колода:", *(f"{n} {name}" for name, n in shipped("main").items())]
    lines += ["Магические камни:", *(f"{n}x {name}" for name, n in shipped("stones").items())]
    lines += ["Дополнительная колода:", *(f"{n} {name}" for name, n in shipped("side").items())]
    assert validate(catalog, parse_decklist("\n".join(lines), game="fow")) == []


names = st.sampled_from([RULER, ACOLYTE, BASIC, SPECIAL, "nope", "", " "])
junk = st.one_of(
    st.none(), st.integers(-3, 70), st.booleans(), st.text(max_size=5), st.tuples(names), st.floats()
)
zone_values = st.one_of(junk, names, st.dictionaries(st.one_of(names, st.integers()), junk, max_size=6))


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    zones=st.one_of(
        st.dictionaries(st.sampled_from(["ruler", "main", "stones", "side", "hero", 3]), zone_values), junk
    ),
    options=st.one_of(st.none(), st.dictionaries(st.sampled_from(["format", "side_max"]), junk)),
)
def test_it_never_raises_on_junk(catalog: Catalog[Card], zones: Any, options: Any) -> None:
    violations = RULES.validate_deck(Decklist(game="fow", zones=zones), catalog, options=options)
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
    path.write_text(json.dumps({"game": "fow", "ruler": RULER, "main": {ACOLYTE: 40}, "stones": {BASIC: 10}}))
    result = run_validate(path, "--side-max", "0")
    assert result.returncode == 1, result.stderr
    assert [v["code"] for v in json.loads(result.stdout)["violations"]] == ["copy_limit"]


def test_it_documents_every_violation_code() -> None:
    text = (SAMPLE_SET.parents[1] / "README.md").read_text(encoding="utf-8")
    assert all(f"`{code}`" in text for code in RULES.violation_codes)


# --- the fields a match engine needs (engine/games/fow/RULES.md, "Card fields") ----------------

RESONATOR = {"name": "R", "type": "resonator", "attributes": ["fire"], "will_cost": {"fire": 1, "any": 1},
             "atk": 500, "def": 400}  # fmt: skip


def test_it_reads_the_engine_fields_of_a_resonator_a_ruler_and_a_stone() -> None:
    draw = {"when": "enter", "effect": "draw", "target": "you", "amount": 1}
    card, problems = parse({**RESONATOR, "keywords": ["swiftness"], "abilities": [draw]})
    assert card is not None and not problems
    assert (card.cost, card.will_cost, card.atk, card.def_) == (2, (("fire", 1), ("any", 1)), 500, 400)
    assert card.keywords == ("swiftness",) and card.abilities[0].effect == "draw"
    ruler, problems = parse({"name": "K", "type": "ruler", "judgment": {"light": 1, "any": 2}, "j_atk": 800,
                             "j_def": 800, "j_keywords": ["flying"]})  # fmt: skip
    assert (
        ruler is not None and ruler.judgment == (("light", 1), ("any", 2)) and ruler.j_keywords == ("flying",)
    )
    stone, problems = parse({"name": "S", "type": "magic_stone", "attributes": ["fire", "water"]})
    assert stone is not None and stone.produces == ("fire", "water")  # F7.1: by default its attributes


def test_a_total_cost_alone_reads_as_the_cards_attributes_then_generic() -> None:
    card, _ = parse({"name": "C", "type": "chant", "attributes": ["water"], "cost": 3})
    assert card is not None and card.will_cost == (("water", 1), ("any", 2))


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        ({**RESONATOR, "will_cost": {"purple": 1}}, "cards[0].will_cost.purple"),
        ({**RESONATOR, "cost": 5}, "cards[0].will_cost"),  # the total disagrees
        ({**RESONATOR, "equip": {"atk": 100}}, "cards[0].equip"),
        ({**RESONATOR, "keywords": ["trample"]}, "cards[0].keywords[0]"),
        ({**RESONATOR, "abilities": [{"when": "activate", "effect": "draw", "amount": 1}]},
         "cards[0].abilities[0].when"),
        ({**RESONATOR, "abilities": [{"when": "enter", "effect": "damage", "target": "opponent"}]},
         "cards[0].abilities[0].amount"),
        ({"name": "C", "type": "chant", "cost": 1,
          "abilities": [{"when": "enter", "effect": "draw", "amount": 1}]}, "cards[0].abilities"),
    ],
)  # fmt: skip
def test_it_refuses_a_bad_engine_field(raw: Any, where: str) -> None:
    card, problems = parse(raw)
    assert card is None
    assert any(problem.startswith(f"{where}:") for problem in problems), problems


def test_the_sample_set_uses_every_type_keyword_and_effect() -> None:
    from engine.games.fow.cards import CARD_TYPES, EFFECTS, KEYWORDS

    cards = list(load_card_set(SAMPLE_SET).cards)
    assert len(cards) >= 60
    assert {c.type for c in cards} == set(CARD_TYPES)
    assert {k for c in cards for k in (*c.keywords, *c.j_keywords)} == set(KEYWORDS)
    assert {a.effect for c in cards for a in (*c.abilities, *c.j_abilities)} == set(EFFECTS)
    assert all(dict(c.names).keys() >= {"ru", "en"} for c in cards)
    assert all(dict(c.texts).keys() >= {"ru", "en"} for c in cards if c.abilities or c.keywords)


def test_every_shipped_deck_is_legal(catalog: Catalog[Card]) -> None:
    shipped_decks = sorted(DECKS_DIR.glob("*.json"))
    assert len(shipped_decks) >= 3
    for path in shipped_decks:
        assert validate(catalog, load_decklist(path, game="fow")) == [], path.name


def test_a_ruler_name_counts_once_over_the_ruler_zone_and_the_side_deck(catalog: Catalog[Card]) -> None:
    # The seed's «Зона Правителя: в начале игры Вы кладёте сюда своего Правителя» names one ruler;
    # its «ПРАВИЛА СБОРКИ КОЛОДЫ» is empty, so the copy count is the published CR 404.3 (audit E1).
    violations = validate(catalog, deck(side={RULER: 1}))
    assert codes(violations) == ["copy_limit"]
    assert violations[0].params == {"limit": 1, "found": 2}
    assert validate(catalog, deck(side={OTHER_RULER: 1})) == []
    assert codes(validate(catalog, deck(side={OTHER_RULER: 2}))) == ["copy_limit"]


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({**RESONATOR, "atk": None}, "atk"),
        ({"name": "K", "type": "ruler", "j_atk": 1, "j_def": 1}, "judgment"),
        ({"name": "S", "type": "magic_stone"}, "produces"),
    ],
)
def test_a_card_without_an_engine_field_loads_for_paper_events_and_names_what_it_lacks(
    raw: Any, field: str
) -> None:
    # docs/formats.md: a set with the minimum fields loads and validates decks; a match refuses it.
    card, problems = parse(raw)
    assert not problems and card is not None and field in card.missing


def test_f8_5_a_trigger_may_choose_its_target() -> None:
    card, problems = parse(
        {**RESONATOR, "abilities": [{"when": "enter", "effect": "destroy", "target": "enemy_resonator"}]}
    )
    assert not problems and card is not None and card.abilities[0].target == "enemy_resonator"
