"""World of Warcraft TCG: card fields and deck rules («Строим колоду»)."""

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
from engine.games.wow import DECKS_DIR, RULES, SAMPLE_SET
from engine.games.wow.cards import Card
from engine.problems import CardSetError, Problem, Violation
from engine.registry import get_game

ROOT = Path(__file__).resolve().parents[3]
SHIPPED_DECK = DECKS_DIR / "grotha_arms_warrior.json"
HERO = "Grotha Ashmane"  # horde warrior, orc, arms, mining + blacksmithing


@pytest.fixture(scope="module")
def catalog() -> Catalog[Card]:
    return Catalog(load_card_set(SAMPLE_SET).cards)


def shipped() -> dict[str, Any]:
    return dict(json.loads(SHIPPED_DECK.read_text(encoding="utf-8"))["main"])


def deck(
    main: dict[str, int] | None = None, *, hero: str | None = HERO, side: dict[str, int] | None = None
) -> Decklist:
    return Decklist(
        game="wow", zones={"hero": hero, "main": shipped() if main is None else main, "side": side or {}}
    )


def validate(catalog: Catalog[Card], decklist: Decklist, **options: Any) -> list[Violation]:
    return RULES.validate_deck(decklist, catalog, options=options)


# --- the plug-in and its sample data ---------------------------------------------------------


def test_it_is_found_through_the_registry() -> None:
    rules = get_game("wow")
    assert rules is RULES
    assert rules.formats == ("constructed", "sealed", "draft")
    assert [zone.key for zone in rules.zones] == ["hero", "main", "side"]
    assert rules.has_match_engine is True and rules.match_engine is not None
    assert rules.match_engine.game == "wow"
    assert set(rules.card_types) == {"hero", "ally", "ability", "weapon", "armor", "item", "quest"}


def test_it_loads_the_sample_set_with_every_card_type(catalog: Catalog[Card]) -> None:
    card_set = load_card_set(SAMPLE_SET)
    assert card_set.game == "wow" and len(card_set.cards) >= 40
    assert {card.type for card in card_set.cards} == set(RULES.card_types)
    assert all(card.set_code == "ASHF" for card in card_set.cards)


def test_it_finds_cards_by_their_russian_alias(catalog: Catalog[Card]) -> None:
    card = catalog.get("грота пепельная грива")
    assert card is not None and card.name == HERO


def test_it_accepts_the_shipped_deck(catalog: Catalog[Card]) -> None:
    assert validate(catalog, load_decklist(SHIPPED_DECK)) == []


def test_it_summarises_a_card_flat(catalog: Catalog[Card]) -> None:
    summary = RULES.card_summary(card_named(catalog, "Cleaving Sweep"))
    assert summary["type"] == "ability" and summary["classes"] == ["warrior"]
    assert summary["hero_required_talent"] == "arms"
    json.dumps(summary)


# --- card fields ------------------------------------------------------------------------------


def parse(raw: Any) -> tuple[Card | None, list[str]]:
    problems: list[Problem] = []
    card = RULES.parse_card(raw, "cards[0]", problems)
    return card, [str(problem) for problem in problems]


def test_it_reads_a_card_with_all_its_fields() -> None:
    card, problems = parse(
        {
            "name": "Test Blade",
            "aliases": ["Пробный Клинок"],
            "number": 7,
            "type": "weapon",
            "traits": {"faction": "horde", "classes": ["Warrior"], "races": ["Orc"]},
            "keywords": ["unique", "two_handed", "melee"],
            "hero_required_talent": "Arms",
            "cost": 3,
            "atk": 4,
            "damage_type": "melee",
            "strike_cost": 2,
            "tags": ["Axe", {"tag": "Warblade", "limit": 1}],
            "abilities": [
                {"when": "power", "cost": 1, "exhaust": True, "effects": [{"do": "draw", "amount": 1}]}
            ],
        }
    )
    assert problems == []
    assert card is not None
    assert card.traits.classes == ("warrior",) and card.traits.races == ("orc",)
    assert card.hero_required_talent == "arms" and "unique" in card.keywords
    assert (card.atk, card.damage_type, card.strike_cost) == (4, "melee", 2)
    assert card.tags[1].limit == 1 and card.abilities[0].exhaust and card.abilities[0].cost == 1


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        ({"name": "X", "type": "minion"}, "cards[0].type"),
        ({"name": "X"}, "cards[0].type"),
        ({"type": "ally"}, "cards[0].name"),
        ({"name": "X", "type": "ally", "traits": ["horde"]}, "cards[0].traits"),
        ({"name": "X", "type": "ally", "traits": {"faction": "scourge"}}, "cards[0].traits.faction"),
        ({"name": "X", "type": "ally", "traits": {"classes": "warrior"}}, "cards[0].traits.classes"),
        ({"name": "X", "type": "ally", "traits": {"classes": ["monk"]}}, "cards[0].traits.classes[0]"),
        ({"name": "X", "type": "ally", "traits": {"races": [""]}}, "cards[0].traits.races[0]"),
        ({"name": "X", "type": "ally", "traits": {"colour": ["red"]}}, "cards[0].traits.colour"),
        ({"name": "X", "type": "ally", "keywords": ["flying"]}, "cards[0].keywords[0]"),
        ({"name": "X", "type": "ally", "hero_required_talent": 3}, "cards[0].hero_required_talent"),
        ({"name": "X", "type": "ally", "cost": -1}, "cards[0].cost"),
        ({"name": "X", "type": "ally", "number": "7"}, "cards[0].number"),
        ({"name": "X", "type": "ally", "aliases": "Икс"}, "cards[0].aliases"),
        ({"name": "X", "type": "ally", "hero_requried_talent": "arms"}, "cards[0].hero_requried_talent"),
        ({"name": "X", "type": "hero", "traits": {"faction": "horde"}}, "cards[0].traits.classes"),
        ({"name": "X", "type": "hero"}, "cards[0].traits"),
        (["not", "an", "object"], "cards[0]"),
    ],
)
def test_it_refuses_a_bad_card_field(raw: Any, where: str) -> None:
    card, problems = parse(raw)
    assert card is None
    assert any(problem.startswith(f"{where}:") for problem in problems), problems


def test_it_refuses_a_hero_that_requires_a_talent() -> None:
    hero: dict[str, Any] = {
        "name": "H",
        "type": "hero",
        "hero_required_talent": "arms",
        "health": 27,
        "traits": {"faction": "horde", "classes": ["warrior"], "races": ["orc"], "talents": ["arms"]},
    }
    _, problems = parse({**hero, "traits": {**hero["traits"], "professions": ["mining"]}})
    assert [p.split(":")[0] for p in problems] == ["cards[0].hero_required_talent"]


def test_it_reports_every_bad_card_of_a_set_with_its_key_path() -> None:
    data = {
        "game": "wow",
        "set": {"code": "T"},
        "cards": [
            {"name": "A", "type": "ally", "cost": 1, "atk": 1, "damage_type": "melee", "health": 1},
            {"name": "B", "type": "dragon"},
            {"name": "C", "traits": 1},
        ],
    }
    with pytest.raises(CardSetError) as error:
        parse_card_set(data, source="t.json")
    wheres = [problem.where for problem in error.value.problems]
    assert wheres == ["cards[1].type", "cards[2].type", "cards[2].traits"]


# --- constructed deck rules, each passing and failing ------------------------------------------


def test_it_needs_a_hero(catalog: Catalog[Card]) -> None:
    assert codes(validate(catalog, deck(hero=None))) == ["hero_missing"]
    assert codes(validate(catalog, deck(hero="  "))) == ["hero_missing"]


def test_it_needs_the_hero_to_be_a_hero_card(catalog: Catalog[Card]) -> None:
    assert codes(validate(catalog, deck(hero="Warband Recruit"))) == ["not_a_hero"]


def test_it_keeps_hero_cards_out_of_the_deck(catalog: Catalog[Card]) -> None:
    main = {**shipped(), "Selwyn Brightvale": 1}
    violations = validate(catalog, deck(main))
    assert [(v.code, v.card) for v in violations] == [("hero_in_deck", "Selwyn Brightvale")]


def test_it_needs_sixty_cards_not_counting_the_hero(catalog: Catalog[Card]) -> None:
    main = shipped()
    main["Warband Recruit"] -= 1  # 59 + the hero
    assert codes(validate(catalog, deck(main))) == ["main_size"]
    main["Warband Recruit"] += 30  # no maximum
    assert validate(catalog, deck(main)) == []


def test_it_allows_four_copies_and_no_more(catalog: Catalog[Card]) -> None:
    main = {**shipped(), "Battle Fury": 5}
    violations = validate(catalog, deck(main))
    assert [(v.code, v.card) for v in violations] == [("copy_limit", "Battle Fury")]


def test_it_counts_copies_in_main_and_sideboard_together(catalog: Catalog[Card]) -> None:
    violations = validate(catalog, deck(side={"Battle Fury": 1}))
    assert [(v.code, v.card) for v in violations] == [("copy_limit", "Battle Fury")]


def test_it_counts_a_card_listed_by_name_and_alias_once(catalog: Catalog[Card]) -> None:
    main = {**shipped(), "Боевое Неистовство": 1}  # Battle Fury's alias; 4 + 1
    assert codes(validate(catalog, deck(main))) == ["copy_limit"]


def test_it_lets_unlimited_cards_past_the_copy_limit(catalog: Catalog[Card]) -> None:
    assert shipped()["Warband Recruit"] > 4
    assert validate(catalog, deck()) == []


def test_it_holds_unique_cards_to_four_copies(catalog: Catalog[Card]) -> None:
    # «В колоде разрешается иметь до четырех копий уникальной карты».
    main = {**shipped(), "Warchief's Standard": 4}
    assert validate(catalog, deck(main)) == []
    main["Warchief's Standard"] = 5
    assert codes(validate(catalog, deck(main))) == ["copy_limit"]


@pytest.mark.parametrize(
    "card",
    [
        "Shieldbreaker Strike",  # class
        "Ashfang Raider",  # faction and race
        "Deepforge Ingot",  # profession
        "Ancestral Rite",  # race only
        "Traveler's Pack",  # neutral: no traits at all
    ],
)
def test_it_accepts_a_card_sharing_a_trait_with_the_hero(catalog: Catalog[Card], card: str) -> None:
    main = shipped()
    main.setdefault(card, 2)
    assert validate(catalog, deck(main)) == []


@pytest.mark.parametrize(
    "card",
    [
        "Gilded Footman",
        "Runed Bracers",
        "Bloodroar Totem",
        "Bounty of the Marsh",
        # W2.3, audit A1: an Alliance card, whatever else it shares (CR 100.2a: per icon kind)
        "Hearthguard Veteran",
    ],
)
def test_it_refuses_a_card_sharing_no_trait_with_the_hero(catalog: Catalog[Card], card: str) -> None:
    violations = validate(catalog, deck({**shipped(), card: 1}))
    assert [(v.code, v.card) for v in violations] == [("no_shared_trait", card)]


def test_it_checks_traits_in_the_sideboard_too(catalog: Catalog[Card]) -> None:
    violations = validate(catalog, deck(side={"Gilded Footman": 1}))
    assert codes(violations) == ["no_shared_trait"]


def test_it_needs_the_talent_a_card_requires(catalog: Catalog[Card]) -> None:
    assert "Cleaving Sweep" in shipped()  # arms: Grotha has it
    violations = validate(catalog, deck({**shipped(), "Iron Resolve": 1}))  # protection: she has not
    assert [(v.code, v.card) for v in violations] == [("talent_required", "Iron Resolve")]


def test_it_allows_a_ten_card_sideboard_when_the_event_has_one(catalog: Catalog[Card]) -> None:
    side = {"Traveler's Pack": 4, "Rusted Cleaver": 4, "Worn Leather Jerkin": 2}
    assert validate(catalog, deck(side=side), side_max=10) == []
    assert validate(catalog, deck(side=side)) == []  # the default, as for RESPONSE (R2.6)
    side["Tinker's Flare"] = 1
    assert codes(validate(catalog, deck(side=side), side_max=10)) == ["side_size"]
    # The seed's sideboard is ten cards: an event cannot raise that for WoW constructed.
    assert codes(validate(catalog, deck(side=side), side_max=15)) == ["side_size"]


def test_it_refuses_a_sideboard_when_the_event_has_none(catalog: Catalog[Card]) -> None:
    violations = validate(catalog, deck(side={"Traveler's Pack": 1}), side_max=0)
    assert codes(violations) == ["side_size"]
    assert "no side" in violations[0].message


# --- sealed and draft ------------------------------------------------------------------------


def limited_main() -> dict[str, int]:
    return {"Battle Fury": 10, "Ashfang Raider": 10, "Traveler's Pack": 10}


@pytest.mark.parametrize("event_format", ["sealed", "draft"])
def test_it_needs_thirty_cards_in_sealed_and_draft(catalog: Catalog[Card], event_format: str) -> None:
    assert validate(catalog, deck(limited_main()), format=event_format) == []
    assert codes(validate(catalog, deck({"Battle Fury": 29}), format=event_format)) == ["main_size"]
    assert codes(validate(catalog, deck(limited_main()))) == [
        "main_size",
        "copy_limit",
        "copy_limit",
        "copy_limit",
    ]


@pytest.mark.parametrize("event_format", ["sealed", "draft"])
def test_it_keeps_trait_and_talent_rules_in_sealed_and_draft(
    catalog: Catalog[Card], event_format: str
) -> None:
    main = {**limited_main(), "Gilded Footman": 1, "Iron Resolve": 1}
    assert codes(validate(catalog, deck(main), format=event_format)) == ["no_shared_trait", "talent_required"]


def test_it_takes_the_rest_of_the_pool_as_a_sealed_sideboard(catalog: Catalog[Card]) -> None:
    side = {"Battle Fury": 12, "Rusted Cleaver": 9}
    assert validate(catalog, deck(limited_main(), side=side), format="sealed") == []
    assert codes(validate(catalog, deck(limited_main(), side=side), format="sealed", side_max=0)) == [
        "side_size"
    ]


def test_it_judges_an_unknown_format_as_constructed(catalog: Catalog[Card]) -> None:
    assert codes(validate(catalog, deck(limited_main()), format="booster")) == [
        "main_size",
        "copy_limit",
        "copy_limit",
        "copy_limit",
    ]


# --- unknown cards and malformed decklists ----------------------------------------------------


def test_it_reports_an_unknown_card_with_a_suggestion(catalog: Catalog[Card]) -> None:
    main = shipped()
    main["Battle Furry"] = main.pop("Battle Fury")
    violations = validate(catalog, deck(main))
    assert [(v.code, v.card) for v in violations] == [("unknown_card", "Battle Furry")]
    assert "did you mean «Battle Fury»" in violations[0].message


def test_it_reports_an_unknown_card_once_and_still_checks_the_rest(catalog: Catalog[Card]) -> None:
    violations = validate(catalog, deck({"Nope": 3, "Gilded Footman": 1}, side={"nope": 1}))
    assert codes(violations) == ["unknown_card", "main_size", "no_shared_trait"]


def test_it_reports_an_unknown_hero_without_trait_checks(catalog: Catalog[Card]) -> None:
    assert codes(validate(catalog, deck(hero="Grotha Ashmain"))) == ["unknown_card"]


def test_it_reports_bad_counts_and_unknown_zones(catalog: Catalog[Card]) -> None:
    zones: dict[str, Any] = {"hero": HERO, "main": {**shipped(), "Battle Fury": 0}, "orders": ("A",)}
    assert codes(validate(catalog, Decklist(game="wow", zones=zones))) == [
        "unknown_zone",
        "bad_count",
        "main_size",
    ]


def test_it_reads_a_text_decklist_with_russian_headers(catalog: Catalog[Card]) -> None:
    lines = ["Герой: Грота Пепельная Грива", "Колода:", *(f"{n} {name}" for name, n in shipped().items())]
    decklist = parse_decklist("\n".join([*lines, "Сайдборд:", "2x Rusted Cleaver"]), game="wow")
    assert validate(catalog, decklist) == []


names = st.sampled_from(["Battle Fury", HERO, "Warband Recruit", "Iron Resolve", "nope", "", " "])
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
    game=st.sampled_from(["wow", "fow", ""]),
)
def test_it_never_raises_on_junk(catalog: Catalog[Card], zones: Any, options: Any, game: str) -> None:
    violations = RULES.validate_deck(Decklist(game=game, zones=zones), catalog, options=options)
    assert all(isinstance(v, Violation) and v.code in RULES.violation_codes for v in violations)


# --- the command line ---------------------------------------------------------------------------


def run_validate(deck_path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return game_support.run_validate(SAMPLE_SET, deck_path, *extra)


def test_it_validates_the_shipped_deck_from_the_command_line() -> None:
    result = run_validate(SHIPPED_DECK)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"legal": True, "violations": []}


def test_it_reports_an_illegal_deck_from_the_command_line(tmp_path: Path) -> None:
    path = tmp_path / "deck.txt"
    path.write_text(
        "Game: wow\nHero: Grotha Ashmane\nMain:\n4 Battle Fury\nSide:\n1 Rusted Cleaver\n", "utf-8"
    )
    result = run_validate(path, "--side-max", "0")
    assert result.returncode == 1, result.stderr
    assert [v["code"] for v in json.loads(result.stdout)["violations"]] == ["main_size", "side_size"]


def test_it_documents_every_violation_code() -> None:
    text = (SAMPLE_SET.parents[1] / "README.md").read_text(encoding="utf-8")
    assert all(f"`{code}`" in text for code in RULES.violation_codes)


A_HERO: dict[str, Any] = {
    "name": "X", "type": "hero", "health": 20,
    "traits": {"faction": "horde", "classes": ["mage"], "races": ["orc"], "talents": ["fire"],
               "professions": ["mining"]},
}  # fmt: skip


def test_w1_7_a_hero_may_carry_a_flip_power_and_a_back() -> None:
    draw = [{"do": "draw", "amount": 1}]
    raw = {**A_HERO, "abilities": [{"when": "power", "cost": 1, "flip": True, "effects": draw}],
           "back": [{"when": "power", "exhaust": True, "effects": draw}]}  # fmt: skip
    card, problems = parse(raw)
    assert problems == [] and card is not None
    assert card.abilities[0].flip and len(card.back) == 1 and not card.back[0].flip


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        # W1.3: a number the type does not carry (one it lacks: the next test)
        ({"name": "X", "type": "armor", "cost": 1, "def": 1, "atk": 2}, "cards[0].atk"),
        ({"name": "X", "type": "quest", "cost": 1, "quest": {"cost": 1, "reward": [{"do": "draw"}]}}, "cards[0].cost"),  # noqa: E501
        # W1.5: one of the eight damage types
        ({"name": "X", "type": "ally", "cost": 1, "atk": 1, "health": 1, "damage_type": "acid"}, "cards[0].damage_type"),  # noqa: E501
        # W12.8: a totem is ongoing
        ({"name": "X", "type": "ability", "cost": 1, "keywords": ["totem"], "health": 2}, "cards[0].keywords"),  # noqa: E501
        # W13.2: tags with limits
        ({"name": "X", "type": "item", "cost": 1, "tags": [{"tag": "T", "limit": 0}]}, "cards[0].tags[0].limit"),  # noqa: E501
        ({"name": "X", "type": "item", "cost": 1, "tags": [3]}, "cards[0].tags[0]"),
        # W18: the ability vocabulary
        ({"name": "X", "type": "item", "cost": 1, "abilities": [{"when": "later", "effects": [{"do": "draw"}]}]}, "cards[0].abilities[0].when"),  # noqa: E501
        ({"name": "X", "type": "item", "cost": 1, "abilities": [{"when": "play", "effects": [{"do": "fly"}]}]}, "cards[0].abilities[0].effects[0].do"),  # noqa: E501
        ({"name": "X", "type": "item", "cost": 1, "abilities": [{"when": "play", "effects": []}]}, "cards[0].abilities[0].effects"),  # noqa: E501
        ({"name": "X", "type": "item", "cost": 1, "abilities": [{"when": "play", "effects": [{"do": "heal", "target": "moon"}]}]}, "cards[0].abilities[0].effects[0].target"),  # noqa: E501
        ({"name": "X", "type": "item", "cost": 1, "abilities": [{"when": "play", "cost": 2, "effects": [{"do": "draw"}]}]}, "cards[0].abilities[0]"),  # noqa: E501
        # W1.7: a hero's back and its flip power
        ({"name": "X", "type": "ally", "cost": 1, "atk": 1, "health": 1, "damage_type": "melee", "abilities": [{"when": "power", "flip": True, "effects": [{"do": "draw"}]}]}, "cards[0].abilities[0].flip"),  # noqa: E501
        ({"name": "X", "type": "item", "cost": 1, "back": [{"when": "power", "effects": [{"do": "draw"}]}]}, "cards[0].back"),  # noqa: E501
        ({**A_HERO, "abilities": [{"when": "static", "flip": True, "effects": [{"do": "atk", "target": "your_hero"}]}]}, "cards[0].abilities[0].flip"),  # noqa: E501
        ({**A_HERO, "back": [{"when": "power", "flip": True, "effects": [{"do": "draw"}]}]}, "cards[0].back[0].flip"),  # noqa: E501
        ({**A_HERO, "back": [{"when": "play", "effects": [{"do": "draw"}]}]}, "cards[0].back[0].when"),
        ({**A_HERO, "abilities": [{"when": "power", "flip": "yes", "effects": [{"do": "draw"}]}]}, "cards[0].abilities[0].flip"),  # noqa: E501
    ],
)  # fmt: skip
def test_it_refuses_a_bad_match_field_w1_3(raw: Any, where: str) -> None:
    card, problems = parse(raw)
    assert card is None
    assert any(problem.startswith(f"{where}:") for problem in problems), problems


@pytest.mark.parametrize(
    ("raw", "field"),
    [
        ({"name": "X", "type": "ally", "cost": 1, "atk": 1, "damage_type": "melee"}, "health"),
        ({"name": "X", "type": "weapon", "cost": 1, "atk": 1, "damage_type": "melee"}, "strike_cost"),
        ({"name": "X", "type": "armor", "cost": 1}, "def"),
        ({"name": "X", "type": "quest"}, "quest"),
        ({"name": "X", "type": "ability", "cost": 1, "keywords": ["totem", "ongoing"]}, "health"),  # W12.8
    ],
)  # fmt: skip
def test_w1_3_a_card_lacking_a_number_its_type_carries_loads_for_paper_events(raw: Any, field: str) -> None:
    card, problems = parse(raw)
    assert problems == [] and card is not None
    assert card.missing == (field,), "a match or a position with it is refused, naming the field"


def test_the_sample_set_has_sixty_cards_of_every_type_and_keyword(catalog: Catalog[Card]) -> None:
    from engine.games.wow.cards import CARD_TYPES, KEYWORDS

    cards = list(catalog)
    assert len(cards) >= 60
    assert {card.type for card in cards} == set(CARD_TYPES)
    assert set().union(*(card.keywords for card in cards)) == set(KEYWORDS)
    for card in cards:
        if card.text:
            assert dict(card.texts).keys() == {"ru", "en"}, card.name
        assert dict(card.names).keys() == {"ru", "en"}, card.name
