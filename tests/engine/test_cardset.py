"""Card sets: the envelope of formats.md, every field of a RESPONSE card, every problem at once."""

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine.cardset import CardSet, load_card_set, load_catalog, merge_card_sets, parse_card_set
from engine.games.respons.cards import Ability
from engine.problems import CardSetError


def unit(name: str = "New Unit", **fields: Any) -> dict[str, Any]:
    return {"name": name, "type": "unit", "factions": ["order"], "cost": 2, "strength": 3, **fields}


def a_set(*cards: dict[str, Any], **envelope: Any) -> dict[str, Any]:
    """Return a valid RESPONSE card set (the example of formats.md) plus ``cards``."""
    data: dict[str, Any] = {
        "game": "respons",
        "set": {"code": "CORE", "name": "Core Set", "year": 2026},
        "factions": ["order", "technology", "chaos"],
        "cards": [
            {
                "name": "Iron Sentinel",
                "number": 1,
                "type": "unit",
                "supertypes": [],
                "subtypes": ["Human", "Warrior"],
                "factions": ["order"],
                "cost": 2,
                "strength": 3,
                "text": "",
                "abilities": [],
            },
            {
                "name": "Warden of Gears",
                "number": 2,
                "type": "hero",
                "factions": ["order", "technology"],
                "cost": 0,
                "influence": 5,
            },
            {
                "name": "Hold the Line",
                "number": 3,
                "type": "unit",
                "supertypes": ["order"],
                "factions": ["order"],
                "cost": 0,
                "strength": 4,
            },
            {
                "name": "Old Bastion",
                "number": 4,
                "type": "location",
                "supertypes": ["legendary"],
                "factions": ["order"],
                "cost": 3,
                "durability": 6,
            },
            *cards,
        ],
    }
    data.update(envelope)
    return data


def problems_of(data: Any) -> list[str]:
    with pytest.raises(CardSetError) as caught:
        parse_card_set(data)
    return [str(problem) for problem in caught.value.problems]


def test_it_loads_the_example_of_the_formats_document() -> None:
    card_set = parse_card_set(a_set())
    assert isinstance(card_set, CardSet)
    assert (card_set.game, card_set.code, card_set.name, card_set.year) == (
        "respons",
        "CORE",
        "Core Set",
        2026,
    )
    assert card_set.factions == ("order", "technology", "chaos")
    sentinel, warden, hold, bastion = card_set.cards
    assert (sentinel.cost, sentinel.strength, sentinel.subtypes, sentinel.set_code) == (
        2,
        3,
        ("Human", "Warrior"),
        "CORE",
    )
    assert warden.influence == 5 and warden.factions == frozenset({"order", "technology"})
    assert hold.is_order and bastion.is_legendary and bastion.durability == 6


def test_it_treats_missing_optional_fields_as_empty() -> None:
    card = parse_card_set(a_set()).cards[1]
    assert (card.supertypes, card.subtypes, card.text, card.abilities, card.aliases) == (
        frozenset(),
        (),
        "",
        (),
        (),
    )


def test_it_reads_abilities_from_the_vocabulary() -> None:
    abilities = [
        {"trigger": "on_play", "effect": "damage", "target": "chosen_enemy_unit", "amount": 2},
        {"trigger": "activated", "effect": "draw", "target": "you", "amount": 1, "cost": 2},
        {"trigger": "enemy_attacks_in_line", "effect": "destroy", "target": "attacker"},
    ]
    card = parse_card_set(a_set(unit("Gunner", abilities=abilities))).cards[-1]
    assert card.abilities == (
        Ability("on_play", "damage", "chosen_enemy_unit", amount=2),
        Ability("activated", "draw", "you", amount=1, cost=2),
        Ability("enemy_attacks_in_line", "destroy", "attacker"),
    )


def test_it_keeps_cosmetic_fields_apart() -> None:
    card = parse_card_set(a_set(unit("Painted", art="painted.png", flavor="Old paint."))).cards[-1]
    assert card.extra == {"art": "painted.png"}
    assert card.flavor == "Old paint."


# --- every field of a card, with its key path ---------------------------------------------------

BAD_CARDS: list[tuple[dict[str, Any], str]] = [
    (
        {"type": "unit", "factions": ["order"], "cost": 1, "strength": 1},
        "cards[4].name: must be a non-empty string",
    ),
    (unit(name="  "), "cards[4].name: must be a non-empty string"),
    (
        unit(type="dragon"),
        "cards[4].type: must be one of hero, unit, spell, trap, enhancement, location (found 'dragon')",
    ),
    (
        unit(supertypes=["mythic"]),
        "cards[4].supertypes[0]: unknown supertype 'mythic' (allowed: order, legendary)",
    ),
    (unit(supertypes="order"), "cards[4].supertypes: must be a list of strings"),
    (unit(subtypes=[3]), "cards[4].subtypes[0]: must be a non-empty string"),
    (unit(factions=[]), "cards[4].factions: must list one or two different factions"),
    (unit(factions="order"), "cards[4].factions: must be a list of strings"),
    (
        {"name": "X", "type": "unit", "cost": 1, "strength": 1},
        "cards[4].factions: must list one or two different factions",
    ),
    (
        unit(factions=["order", "chaos", "technology"]),
        "cards[4].factions: must list one or two different factions",
    ),
    (unit(factions=["order", "order"]), "cards[4].factions: must list one or two different factions"),
    (
        unit(factions=["elves"]),
        "cards[4].factions[0]: unknown faction 'elves' (the set declares order, technology, chaos)",
    ),
    (unit(cost=-1), "cards[4].cost: must be an integer ≥ 0"),
    (unit(cost=True), "cards[4].cost: must be an integer ≥ 0"),
    (unit(cost="2"), "cards[4].cost: must be an integer ≥ 0"),
    (unit(cost=1.5), "cards[4].cost: must be an integer ≥ 0"),
    (
        {"name": "X", "type": "unit", "factions": ["order"], "strength": 1},
        "cards[4].cost: must be an integer ≥ 0",
    ),
    (
        {"name": "X", "type": "unit", "factions": ["order"], "cost": 1},
        "cards[4].strength: must be an integer ≥ 0",
    ),
    (unit(strength=-2), "cards[4].strength: must be an integer ≥ 0"),
    ({"name": "X", "type": "hero", "factions": ["order"]}, "cards[4].influence: must be an integer ≥ 0"),
    (
        {"name": "X", "type": "location", "factions": ["order"], "cost": 2, "durability": 0},
        "cards[4].durability: must be an integer ≥ 1",
    ),
    (unit(influence=3), "cards[4].influence: a unit has no influence (R1.4)"),
    (
        {"name": "X", "type": "spell", "factions": ["order"], "cost": 1, "strength": 2},
        "cards[4].strength: a spell has no strength (R1.4)",
    ),
    (unit(aliases="Страж"), "cards[4].aliases: must be a list of strings"),
    (unit(aliases=[""]), "cards[4].aliases[0]: must be a non-empty string"),
    (unit(number=-1), "cards[4].number: must be an integer ≥ 0"),
    (unit(text=7), "cards[4].text: must be a string"),
    (unit(supertype=["order"]), "cards[4].supertype: unknown card field"),
    (unit(abilities={"trigger": "on_play"}), "cards[4].abilities: must be a list of ability objects"),
    (unit(abilities=["damage"]), "cards[4].abilities[0]: must be an object with trigger, effect and target"),
]

BAD_ABILITIES: list[tuple[dict[str, Any], str]] = [
    ({"trigger": "on_play", "effect": "fly", "target": "self"}, "effect: unknown ability kind 'fly'"),
    (
        {"trigger": "at_dawn", "effect": "destroy", "target": "self"},
        "trigger: unknown ability kind 'at_dawn'",
    ),
    ({"trigger": "on_play", "target": "self"}, "effect: missing"),
    ({"trigger": "on_play", "effect": "destroy"}, "target: missing"),
    ({"trigger": "on_play", "effect": "destroy", "target": "everyone"}, "target: unknown target 'everyone'"),
    (
        {"trigger": "on_play", "effect": "draw", "target": "chosen_unit", "amount": 1},
        "target: 'draw' cannot target 'chosen_unit' (allowed: you, opponent)",
    ),
    (
        {"trigger": "on_play", "effect": "you_win", "target": "opponent"},
        "target: 'you_win' cannot target 'opponent' (allowed: you)",
    ),
    (
        {"trigger": "on_play", "effect": "destroy", "target": "attacker"},
        "target: 'attacker' needs an *_attacks_in_line trigger",
    ),
    ({"trigger": "on_play", "effect": "damage", "target": "self"}, "amount: must be an integer ≥ 1"),
    (
        {"trigger": "on_play", "effect": "damage", "target": "self", "amount": 0},
        "amount: must be an integer ≥ 1",
    ),
    (
        {"trigger": "on_play", "effect": "destroy", "target": "self", "amount": 2},
        "amount: the effect 'destroy' takes no amount",
    ),
    (
        {"trigger": "on_play", "effect": "destroy", "target": "self", "cost": 1},
        "cost: only an activated ability has a cost (R7.6)",
    ),
    (
        {"trigger": "activated", "effect": "destroy", "target": "self", "cost": -1},
        "cost: must be an integer ≥ 0",
    ),
    (
        {"trigger": "on_play", "effect": "destroy", "target": "self", "power": 1},
        "power: unknown ability parameter",
    ),
]


@pytest.mark.parametrize(("raw", "expected"), BAD_CARDS, ids=[e for _, e in BAD_CARDS])
def test_it_names_each_bad_card_field_by_its_key_path(raw: dict[str, Any], expected: str) -> None:
    assert problems_of(a_set(raw)) == [expected]


@pytest.mark.parametrize(("ability", "expected"), BAD_ABILITIES, ids=[e for _, e in BAD_ABILITIES])
def test_it_names_each_bad_ability_by_its_key_path(ability: dict[str, Any], expected: str) -> None:
    assert problems_of(a_set(unit("Odd", abilities=[ability]))) == [f"cards[4].abilities[0].{expected}"]


def test_it_says_where_the_thirteenth_card_is_wrong() -> None:
    cards = [unit(f"Unit {i}") for i in range(8)] + [unit("Weak", strength=-1)]
    assert problems_of(a_set(*cards)) == ["cards[12].strength: must be an integer ≥ 0"]


def test_it_refuses_an_unknown_ability_kind_rather_than_ignoring_it() -> None:
    ability = {"trigger": "on_play", "effect": "fly", "target": "self"}
    data = a_set()
    data["cards"].insert(3, unit("Bird", abilities=[ability]))
    assert problems_of(data) == ["cards[3].abilities[0].effect: unknown ability kind 'fly'"]


def test_it_reports_every_problem_at_once() -> None:
    data = a_set(
        unit("A", cost=-1, strength="big"), unit("B", type="dragon"), unit("Iron Sentinel"), set={"code": ""}
    )
    problems = problems_of(data)
    assert problems == [
        "set.code: must be a non-empty string",
        "cards[4].cost: must be an integer ≥ 0",
        "cards[4].strength: must be an integer ≥ 0",
        "cards[5].type: must be one of hero, unit, spell, trap, enhancement, location (found 'dragon')",
        "cards[6].name: duplicate name 'Iron Sentinel' (also cards[0].name)",
    ]
    with pytest.raises(CardSetError) as caught:
        parse_card_set(data, source="broken.json")
    assert (
        caught.value.one_line() == "broken.json: set.code: must be a non-empty string (and 4 more problems)"
    )


# --- duplicates ---------------------------------------------------------------------------------


def test_it_refuses_two_cards_with_the_same_name() -> None:
    assert problems_of(a_set(unit("iron  SENTINEL"))) == [
        "cards[4].name: duplicate name 'iron  SENTINEL' (also cards[0].name)"
    ]


def test_it_refuses_an_alias_that_names_another_card() -> None:
    assert problems_of(a_set(unit("Страж", aliases=["Hold the line"]))) == [
        "cards[4].aliases[0]: duplicate name 'Hold the line' (also cards[2].name)"
    ]


def test_it_matches_duplicates_with_yo_as_ye() -> None:
    data = a_set(unit("Ёж", aliases=["Hedgehog"]), unit("Еж"))
    assert problems_of(data) == ["cards[5].name: duplicate name 'Еж' (also cards[4].name)"]


def test_it_lets_a_card_repeat_its_own_name_as_an_alias() -> None:
    assert parse_card_set(a_set(unit("Ёж", aliases=["Еж", "Hedgehog"]))).cards[-1].aliases == (
        "Еж",
        "Hedgehog",
    )


# --- the envelope -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"game": None}, "game: unknown game None (known: respons, wow, yourwar, chronomagia, fow)"),
        ({"game": "poker"}, "game: unknown game 'poker' (known: respons, wow, yourwar, chronomagia, fow)"),
        ({"set": "CORE"}, "set: must be an object with a code"),
        ({"set": {"name": "Core"}}, "set.code: must be a non-empty string"),
        ({"set": {"code": "CORE", "name": 5}}, "set.name: must be a string"),
        ({"set": {"code": "CORE", "year": "2026"}}, "set.year: must be an integer ≥ 0"),
        ({"factions": "order"}, "factions: must be a list of faction names"),
        ({"factions": ["order", "order", "technology"]}, "factions[1]: duplicate faction 'order'"),
        ({"cards": []}, "cards: must be a non-empty list of card objects"),
        ({"cards": "all"}, "cards: must be a non-empty list of card objects"),
    ],
)
def test_it_checks_the_envelope(change: dict[str, Any], expected: str) -> None:
    assert problems_of({**a_set(), **change}) == [expected]


def test_it_needs_a_game_key() -> None:
    data = a_set()
    del data["game"]
    assert problems_of(data) == ["game: missing"]


def test_it_refuses_a_card_that_is_not_an_object() -> None:
    assert problems_of(a_set("Iron Sentinel")) == ["cards[4]: must be a JSON object"]  # type: ignore[arg-type]


def test_it_refuses_a_document_that_is_not_an_object() -> None:
    assert problems_of([1, 2]) == ["a card set must be a JSON object"]


def test_it_uses_the_game_factions_when_the_set_declares_none() -> None:
    data = a_set(unit("Elf", factions=["elves"]))
    del data["factions"]
    assert problems_of(data) == [
        "cards[4].factions[0]: unknown faction 'elves' (the set declares order, technology, chaos)"
    ]


def test_it_accepts_more_factions_when_the_set_declares_them() -> None:
    # R1.3 [decision]: a card set may declare more factions.
    data = a_set(unit("Elf", factions=["nature"]), factions=["order", "technology", "chaos", "nature"])
    assert parse_card_set(data).cards[-1].factions == frozenset({"nature"})


# --- files --------------------------------------------------------------------------------------


def test_it_loads_a_file_with_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "core.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(a_set()).encode())
    assert len(load_card_set(path).cards) == 4


def test_it_says_where_a_file_is_not_json(tmp_path: Path) -> None:
    path = tmp_path / "core.json"
    path.write_text('{"game": "respons",\n  "set": }')
    with pytest.raises(CardSetError) as caught:
        load_card_set(path)
    assert caught.value.one_line() == f"{path}: line 2 column 10: not valid JSON: Expecting value"


def test_it_says_when_a_file_cannot_be_read(tmp_path: Path) -> None:
    with pytest.raises(CardSetError, match=r"missing\.json: cannot read the file: No such file or directory"):
        load_card_set(tmp_path / "missing.json")


def test_it_says_when_a_file_is_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "core.json"
    path.write_bytes(json.dumps(a_set(unit("Страж"))).encode("utf-8").replace(b'"CORE"', b'"\xff"'))
    with pytest.raises(CardSetError, match="not UTF-8 text"):
        load_card_set(path)


def test_it_names_the_file_with_every_problem(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(a_set(unit("A", cost=-1), unit("B", cost=-1))))
    with pytest.raises(CardSetError) as caught:
        load_card_set(path)
    assert caught.value.one_line() == f"{path}: cards[4].cost: must be an integer ≥ 0 (and 1 more problem)"


# --- several sets -------------------------------------------------------------------------------


def test_it_merges_sets_of_one_game_into_one_catalog(tmp_path: Path) -> None:
    core, more = tmp_path / "core.json", tmp_path / "more.json"
    core.write_text(json.dumps(a_set()))
    more.write_text(
        json.dumps(a_set(set={"code": "MORE"}, cards=[unit("Ash Wolf"), unit("Iron Sentinel", cost=9)]))
    )
    rules, catalog = load_catalog([core, more])
    assert rules.key == "respons"
    assert len(catalog) == 6
    assert catalog.get("ash wolf").set_code == "MORE"
    # R1.1: a reprint is the same card; the earlier set's is kept.
    assert catalog.get("Iron Sentinel").cost == 2


def test_it_refuses_the_same_set_twice(tmp_path: Path) -> None:
    path = tmp_path / "core.json"
    path.write_text(json.dumps(a_set()))
    with pytest.raises(CardSetError, match="set 'CORE' given twice"):
        load_catalog([path, path])


def test_it_refuses_sets_of_different_games() -> None:
    core = parse_card_set(a_set())
    other = CardSet(game="wow", code="ASHF", name="", year=None, factions=(), cards=())
    with pytest.raises(CardSetError) as caught:
        merge_card_sets([core, other], ["core.json", "ashf.json"])
    assert caught.value.one_line() == "ashf.json: game: the set is for 'wow' but core.json is for 'respons'"


def test_it_needs_at_least_one_set() -> None:
    with pytest.raises(CardSetError, match="no card set given"):
        load_catalog([])


def test_it_does_not_change_the_data_it_reads() -> None:
    data = a_set(
        unit("Gunner", abilities=[{"trigger": "on_play", "effect": "draw", "target": "you", "amount": 1}])
    )
    before = copy.deepcopy(data)
    parse_card_set(data)
    assert data == before
