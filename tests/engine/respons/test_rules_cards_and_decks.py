"""RULES.md R1 (cards) and R2 (deck construction), one test or more per rule, named by its number."""

from __future__ import annotations

from typing import Any

from match_builders import ORDERS, on_field, position, unit
from respons_builders import ORDER_UNITS, deck, legal_deck, order, with_main, world

from engine.cardset import merge_card_sets, parse_card_set
from engine.games.respons.deck import validate_deck, validate_swap
from engine.problems import CardSetError


def card_set(code: str, *cards: dict[str, Any], factions: list[str] | None = None) -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "respons",
        "set": {"code": code, "name": code, "year": 2026},
        "cards": list(cards),
    }
    if factions is not None:
        data["factions"] = factions
    return data


def raw_unit(name: str, **fields: Any) -> dict[str, Any]:
    return {"name": name, "type": "unit", "factions": ["order"], "cost": 1, "strength": 2, **fields}


def codes(violations: list[Any]) -> list[str]:
    return [violation.code for violation in violations]


def refused(data: dict[str, Any]) -> list[str]:
    try:
        parse_card_set(data)
    except CardSetError as error:
        return [str(problem) for problem in error.problems]
    raise AssertionError("the set loaded")


# --- R1 Cards -------------------------------------------------------------------------------


def test_R1_1_a_reprint_is_the_same_card_the_earlier_sets_kept():
    first = parse_card_set(card_set("CORE", raw_unit("Iron Sentinel", strength=3)))
    later = parse_card_set(card_set("NEXT", raw_unit("iron sentinel", strength=9)))
    _rules, cards = merge_card_sets([first, later])
    assert len(cards) == 2 and cards.get("Iron Sentinel").set_code == "CORE"
    assert cards.get("IRON SENTINEL").strength == 3


def test_R1_2_a_card_has_one_of_the_six_types_and_only_the_two_supertypes():
    problems = refused(
        card_set("CORE", raw_unit("Odd", type="wizard"), raw_unit("Odder", supertypes=["basic"]))
    )
    assert any(p.startswith("cards[0].type") for p in problems)
    assert any(p.startswith("cards[1].supertypes[0]") for p in problems)


def test_R1_3_a_card_set_may_declare_more_factions_than_the_rules_name():
    declared = card_set("CORE", raw_unit("Elf", factions=["elves"]), factions=["order", "elves"])
    assert parse_card_set(declared).cards[0].factions == frozenset({"elves"})
    problems = refused(card_set("CORE", raw_unit("Elf", factions=["elves"]), factions=["order"]))
    assert problems == ["cards[0].factions[0]: unknown faction 'elves' (the set declares order)"]


def test_R1_4_each_type_has_its_number_and_an_order_costs_nothing_to_play():
    problems = refused(card_set("CORE", {"name": "Keep", "type": "location", "factions": ["order"], "cost": 1,
                                         "durability": 3, "strength": 2}))  # fmt: skip
    assert problems == ["cards[0].strength: a location has no strength (R1.4)"]
    # An order unit printed at cost 4 went back to its owner's hand after it was revealed:
    # playing it from the hand costs nothing all the same (R7.4).
    dear = unit("Dear Order", 3, cost=4, order=True)
    match = position(
        [dear],
        seat0={"orders": ["Dear Order", *[o.name for o in ORDERS[1:]]], "orders_revealed": 1,
               "hand": [{"card": "Dear Order", "order": 1}], "influence": 0},
    )  # fmt: skip
    match.apply(0, {"type": "play", "card": "Dear Order", "cell": {"line": 1, "row": 1}})
    assert match.cells[0] is not None and match.cells[0].name == "Dear Order"
    assert match.seats[0].influence == 0


def test_R1_5_names_match_whatever_the_case_the_spaces_and_yo():
    match = position(seat0={"hand": ["Soldier"]})
    match.apply(0, {"type": "play", "card": "  sOLDIER ", "cell": {"line": 1, "row": 1}})
    assert match.actions[-1]["card"] == "Soldier", "the log keeps the set's spelling"
    assert world().get("ЕЖ").name == "Ёж"


# --- R2 Deck construction ----------------------------------------------------------------------


def test_R2_1_one_hero_five_orders_and_thirty_main_cards():
    cards = world()
    assert validate_deck(legal_deck(), cards) == []
    assert "hero_missing" in codes(
        validate_deck(deck(hero=None, orders=legal_deck().ordered("orders")), cards)
    )
    four = deck(orders=legal_deck().ordered("orders")[:4], main=legal_deck().counts("main"))
    assert codes(validate_deck(four, cards)) == ["orders_count"]
    short = with_main(legal_deck(), {ORDER_UNITS[0]: 1})
    assert codes(validate_deck(short, cards)) == ["main_size"]


def test_R2_2_two_copies_by_name_one_of_a_legendary_counted_over_every_zone():
    cards = world()
    three = with_main(legal_deck(side={ORDER_UNITS[0]: 1}), {})
    assert "copy_limit" in codes(validate_deck(three, cards))
    two_legends = with_main(legal_deck(), {ORDER_UNITS[0]: 0, "Legend": 2})
    assert "legendary_limit" in codes(validate_deck(two_legends, cards))


def test_R2_3_no_hero_and_no_order_in_the_main_deck():
    cards = world()
    with_hero = with_main(legal_deck(), {ORDER_UNITS[0]: 1, "Tech Hero": 1})
    with_order = with_main(legal_deck(), {ORDER_UNITS[0]: 1, "Side Order": 1})
    assert "hero_in_deck" in codes(validate_deck(with_hero, cards))
    assert "order_in_main" in codes(validate_deck(with_order, cards))


def test_R2_4_the_orders_are_order_cards_and_no_hero():
    cards = world()
    orders = list(legal_deck().ordered("orders"))
    not_orders = deck(orders=[ORDER_UNITS[0], *orders[1:]], main=legal_deck().counts("main"))
    assert "not_an_order" in codes(validate_deck(not_orders, cards))


def test_R2_5_a_card_fits_a_hero_whose_factions_it_holds_or_is_held_by():
    cards = world()
    fits = with_main(legal_deck(), {ORDER_UNITS[0]: 0, "Order Tech Unit": 2})
    assert validate_deck(fits, cards) == []
    off = with_main(legal_deck(), {ORDER_UNITS[0]: 0, "Tech Unit": 2})
    assert codes(validate_deck(off, cards)) == ["faction"]


def test_R2_6_the_side_deck_holds_ten_by_default_orders_allowed_no_hero():
    cards = world()
    assert validate_deck(legal_deck(side={"Side Order": 1, "Order Spare 1": 2}), cards) == []
    eleven = legal_deck(side={f"Order Spare {i}": 2 for i in range(1, 7)})  # 12 cards
    assert "side_size" in codes(validate_deck(eleven, cards))
    assert validate_deck(eleven, cards, side_max=12) == []


def test_R2_7_between_games_cards_swap_one_for_one_with_the_side_deck():
    cards = world()
    before = legal_deck(side={"Order Spare 1": 1})
    swapped = with_main(legal_deck(side={ORDER_UNITS[0]: 1}), {ORDER_UNITS[0]: 1, "Order Spare 1": 1})
    assert validate_swap(before, swapped, cards) == []
    new_hero = legal_deck(hero="Order Tech Hero", side={"Order Spare 1": 1})
    assert codes(validate_swap(before, new_hero, cards)) == ["bad_swap"]


def test_R2_8_every_violation_has_a_stable_code_and_names_its_card():
    cards = world()
    bad = with_main(legal_deck(), {ORDER_UNITS[0]: 3, "Nope": 1})
    violations = validate_deck(bad, cards)
    assert set(codes(violations)) == {"copy_limit", "unknown_card", "main_size"}
    assert {v.card for v in violations if v.code != "main_size"} == {ORDER_UNITS[0], "Nope"}


def test_R2_the_match_engine_plays_any_deck_it_can_lay_out():
    # Deck legality is the validator's (R2): a position of one order and one card plays on.
    lone = order("Lone Order", type="unit")
    match = position([lone], seat0={"orders": ["Lone Order"], "field": [on_field("Soldier", 1, 1)]},
                     seat1={"orders": ["Lone Order"]})  # fmt: skip
    match.apply(0, {"type": "pass"})
    match.apply(1, {"type": "pass"})  # combat: the Soldier hits seat 1, who plays its lone order
    assert match.seats[1].orders_left == 0 and match.decision().kind == "choose_cell"
