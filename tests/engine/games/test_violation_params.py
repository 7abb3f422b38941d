"""The deck-only games' violations carry the values of their messages (``params``), so that a
front end can say them in another language; the English messages stay as they were."""

import json
from typing import Any

import pytest

from engine.cardset import load_card_set
from engine.catalog import Catalog
from engine.decklist import Decklist, ZoneKind, load_decklist
from engine.problems import Violation
from engine.registry import get_game

GAMES = ("wow", "yourwar", "chronomagia", "fow")
# Params that are no value of the message: which form of bad_count, and the zone's key (the
# message names the zone in words).
NOT_IN_MESSAGE = {"shape", "zone"}


def game_module(key: str) -> Any:
    return __import__(f"engine.games.{key}", fromlist=["RULES"])


def broken_decks(key: str, catalog: Catalog[Any]) -> list[tuple[Decklist, dict[str, Any]]]:
    """Return decklists (with event options) that break every rule of the game between them."""
    module = game_module(key)
    shipped = load_decklist(next(module.DECKS_DIR.iterdir()), game=key)
    rules = get_game(key)
    one_zones = [z.key for z in rules.zones if z.kind is ZoneKind.ONE]
    count_zones = [z.key for z in rules.zones if z.kind is ZoneKind.COUNTS]
    cards = [card.name for card in catalog]
    not_leader = next(
        c.name for c in catalog if not getattr(c, "is_hero", False) and not getattr(c, "is_ruler", False)
    )
    everything = {name: 9 for name in cards}
    junk_counts: dict[Any, Any] = {**everything, "Nope": 1, 5: 1, cards[0]: 0, cards[1]: "2"}
    limited: list[tuple[Decklist, dict[str, Any]]] = []
    if "sealed" in rules.formats:  # a pool holding one copy of the deck's first card only
        first = next(iter(shipped.counts("main")))
        limited.append((shipped, {"format": "sealed", "pool": {first: 1}}))
    return [
        *limited,
        (Decklist(game=key, zones={}), {}),
        (Decklist(game=key, zones=["main"]), {}),  # type: ignore[arg-type]
        (Decklist(game=key, zones={**{z: {"x": 1} for z in one_zones}, **{z: "x" for z in count_zones}}), {}),
        (Decklist(game=key, zones={**{z: not_leader for z in one_zones}, "weird": {}}), {}),
        (Decklist(game=key, zones={**shipped.zones, **{z: 7 for z in one_zones}}), {}),
        (
            Decklist(
                game=key,
                zones={**{z: not_leader for z in one_zones}, **{z: junk_counts for z in count_zones}},
            ),
            {},
        ),
        (Decklist(game=key, zones={**shipped.zones, **{z: everything for z in count_zones}}), {}),
        (
            Decklist(game=key, zones={**shipped.zones, "main": {"Nope": 1}, "side": {cards[2]: 1}}),
            {"side_max": 0},
        ),
    ]


def assert_values_are_in_the_message(violation: Violation) -> None:
    params = dict(violation.params)
    assert json.loads(json.dumps(params)) == params, violation  # the site stores and sends them as JSON
    for key, value in params.items():
        if key in NOT_IN_MESSAGE:
            continue
        if key == "suggestions":
            assert all(f"«{name}»" in violation.message for name in value), violation
        elif key == "type":
            assert str(value).replace("_", " ") in violation.message, violation
        elif key == "maximum" and value == 0:
            assert violation.message.startswith("this event uses no "), violation
        else:
            assert str(value) in violation.message, (key, value, violation.message)


@pytest.mark.parametrize("key", GAMES)
def test_every_violation_of_the_game_carries_its_values(key: str) -> None:
    rules = get_game(key)
    catalog: Catalog[Any] = Catalog(load_card_set(game_module(key).SAMPLE_SET).cards)
    seen: set[str] = set()
    for decklist, options in broken_decks(key, catalog):
        for violation in rules.validate_deck(decklist, catalog, options=options):
            assert_values_are_in_the_message(violation)
            seen.add(violation.code)
            if violation.code not in {"hero_missing", "ruler_missing", "mythic_in_side", "ruler_in_main"}:
                assert violation.params or violation.code in {"hero_in_deck", "stone_in_main"}, violation
    assert seen == set(rules.violation_codes), set(rules.violation_codes) - seen


def test_a_size_says_which_bound_it_breaks_and_how_the_game_names_the_zone() -> None:
    catalog: Catalog[Any] = Catalog(load_card_set(game_module("chronomagia").SAMPLE_SET).cards)
    side = {card.name: 1 for card in catalog if not card.is_hero and not card.is_mythic}
    decklist = Decklist(game="chronomagia", zones={"main": {}, "side": side})
    sizes = {
        v.code: v
        for v in get_game("chronomagia").validate_deck(decklist, catalog)
        if v.code.endswith("_size")
    }
    assert sizes["main_size"].params == {"zone": "main", "label": "main deck", "found": 0, "minimum": 30}
    assert sizes["main_size"].message == "the main deck must hold at least 30 cards (found 0)"
    assert sizes["side_size"].params == {
        "zone": "side",
        "label": "hero deck",
        "found": len(side),
        "maximum": 10,
    }
