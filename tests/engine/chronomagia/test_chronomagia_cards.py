"""Chronomagia's card fields for play (C1, C6.3, C10, C13): each bad field is a load error
with its key path; the sample set uses every type, resource, trigger, effect and keyword."""

from __future__ import annotations

from typing import Any

import pytest

from engine.cardset import load_card_set
from engine.games.chronomagia import SAMPLE_SET
from engine.games.chronomagia.cards import (
    CARD_TYPES,
    EFFECTS,
    KEYWORDS,
    RESOURCES,
    SHADOW_EVENTS,
    TRIGGERS,
    parse_card,
)
from engine.problems import Problem

ROW = {"resources": {"attack": 1}, "abilities": [], "keywords": []}


def problems_of(raw: dict[str, Any]) -> list[str]:
    problems: list[Problem] = []
    card = parse_card({"name": "X", "rarity": "common", **raw}, "cards[0]", problems)
    assert (card is None) == bool(problems)
    return [str(problem) for problem in problems]


@pytest.mark.parametrize(
    ("raw", "where"),
    [
        ({"type": "thoughtform", "rows": [ROW, ROW]}, "cards[0].rows:"),
        ({"type": "thoughtform", "rows": [None, None, None]}, "cards[0].rows:"),
        (
            {"type": "thoughtform", "rows": [ROW, {"resources": {"mana": 1}}, ROW]},
            "cards[0].rows[1].resources.mana:",
        ),
        (
            {"type": "thoughtform", "rows": [ROW, ROW, {"resources": {"attack": -1}}]},
            "cards[0].rows[2].resources.attack:",
        ),
        (
            {
                "type": "thoughtform",
                "rows": [{"resources": None, "abilities": [{"when": "spell", "effect": "fly"}]}, ROW, ROW],
            },
            "cards[0].rows[0].abilities[0].effect:",
        ),
        (
            {
                "type": "thoughtform",
                "rows": [{"resources": {}, "abilities": [{"when": "dawn", "effect": "draw"}]}, ROW, ROW],
            },
            "cards[0].rows[0].abilities[0].when:",
        ),
        (
            {
                "type": "thoughtform",
                "rows": [{"resources": {}, "abilities": [{"when": "summon", "effect": "token"}]}, ROW, ROW],
            },
            "cards[0].rows[0].abilities[0].card:",
        ),
        (
            {"type": "thoughtform", "rows": [{"resources": {}, "keywords": ["flying"]}, ROW, ROW]},
            "cards[0].rows[0].keywords[0]:",
        ),
        ({"type": "shadow", "shadow_event": "sunrise", "rows": [ROW, ROW, ROW]}, "cards[0].shadow_event:"),
        (
            {"type": "hero", "hero_abilities": [{"tokens": 2, "effect": "draw", "amount": 1}]},
            "cards[0].hero_abilities[0].tokens:",
        ),
        ({"type": "thoughtform", "base": {"concentration": 2}}, "cards[0].base:"),
    ],
)
def test_it_refuses_a_bad_play_field_with_its_key_path(raw: dict[str, Any], where: str) -> None:
    problems = problems_of(raw)
    assert any(problem.startswith(where) for problem in problems), problems


@pytest.mark.parametrize(
    ("raw", "missing"),
    [
        ({"type": "terrain", "cost": 1, "rows": [ROW, ROW, ROW]}, ("lives",)),
        ({"type": "phenomenon", "cost": 1, "rows": [ROW, ROW, ROW]}, ("time_counter",)),
        ({"type": "event", "cost": 1, "rows": [ROW, ROW, ROW]}, ("time_counter",)),  # C1.1: a phenomenon
        ({"type": "shadow", "rows": [ROW, ROW, ROW]}, ("shadow_event",)),
        ({"type": "thoughtform"}, ("rows", "cost")),
        ({"type": "hero"}, ("base",)),
    ],
)
def test_a_card_without_an_engine_field_loads_and_records_it_as_missing(
    raw: dict[str, Any], missing: tuple[str, ...]
) -> None:
    problems: list[Problem] = []
    card = parse_card({"name": "X", "rarity": "common", **raw}, "cards[0]", problems)
    assert problems == [] and card is not None and card.missing == missing


def test_it_reads_a_thoughtform_that_is_a_creature_in_one_epoch_and_a_spell_in_another() -> None:
    problems: list[Problem] = []
    rows = [ROW, {"resources": None, "abilities": [{"when": "spell", "effect": "damage", "amount": 1}]}, None]
    card = parse_card(
        {"name": "Goblin", "type": "thoughtform", "rarity": "common", "rows": rows}, "c", problems
    )
    assert card is not None and not problems
    assert card.row(1).resources == (("attack", 1),) and card.row(2).resources is None and card.row(3) is None


def test_the_sample_set_uses_every_type_resource_trigger_effect_keyword_and_shadow_event() -> None:
    cards = load_card_set(SAMPLE_SET).cards
    assert len(cards) >= 60
    assert {card.type for card in cards} == set(CARD_TYPES)  # «Событие» (event) too, C1.1
    rows = [row for card in cards for row in (*card.rows, card.meditation) if row is not None]
    abilities = [a for row in rows for a in row.abilities] + [
        h.ability for c in cards for h in c.hero_abilities
    ]
    assert {kind for row in rows for kind, _ in row.resources or ()} | {
        k for c in cards for k, _ in c.base
    } == set(RESOURCES)
    assert {a.when for a in abilities} - {"hero"} == set(TRIGGERS)
    assert {a.effect for a in abilities} == set(EFFECTS)
    assert {k for row in rows for k in row.keywords} == set(KEYWORDS)
    assert {card.shadow_event for card in cards if card.type == "shadow"} == set(SHADOW_EVENTS)
    assert all(card.names and dict(card.names).keys() == {"ru", "en"} for card in cards)
    assert all(dict(card.texts).keys() == {"ru", "en"} for card in cards)
