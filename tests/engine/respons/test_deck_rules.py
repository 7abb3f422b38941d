"""RESPONSE deck construction, rules digest R2: every rule and every R2.8 code."""

import pytest
from respons_builders import (
    CHAOS,
    ORDER,
    ORDER_UNITS,
    ORDERS,
    TECH,
    card,
    deck,
    hero,
    legal_deck,
    replace_zone,
    with_main,
    world,
)

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.respons import RULES
from engine.games.respons.cards import Card
from engine.games.respons.deck import VIOLATION_CODES, fits_hero, validate_deck, validate_swap
from engine.problems import Violation


@pytest.fixture(scope="module")
def cards() -> Catalog[Card]:
    return world()


def codes(violations: list[Violation]) -> list[str]:
    return [v.code for v in violations]


def the_one(violations: list[Violation], code: str) -> Violation:
    found = [v for v in violations if v.code == code]
    assert len(found) == 1, violations
    return found[0]


def test_it_accepts_a_legal_deck(cards: Catalog[Card]) -> None:
    assert validate_deck(legal_deck(), cards) == []


def test_it_is_reached_through_the_registry_with_event_options(cards: Catalog[Card]) -> None:
    side = {"Order Spare 1": 1}
    assert RULES.validate_deck(legal_deck(side=side), cards) == []
    assert codes(RULES.validate_deck(legal_deck(side=side), cards, options={"side_max": 0})) == ["side_size"]


# --- R2.1: one hero, five orders, thirty cards --------------------------------------------------


def test_it_reports_a_deck_without_a_hero(cards: Catalog[Card]) -> None:
    violation = the_one(validate_deck(replace_zone(legal_deck(), "hero", None), cards), "hero_missing")
    assert violation.card is None
    assert violation.message.startswith("R2.1")


def test_it_reports_a_hero_slot_holding_a_unit(cards: Catalog[Card]) -> None:
    violations = validate_deck(replace_zone(legal_deck(), "hero", "Order Unit 1"), cards)
    violation = the_one(violations, "not_a_hero")
    assert violation.card == "Order Unit 1"
    assert "R2.1" in violation.message


@pytest.mark.parametrize("size", [29, 31])
def test_it_needs_exactly_thirty_main_cards(cards: Catalog[Card], size: int) -> None:
    changed = with_main(legal_deck(), {"Order Unit 1": 1} if size == 29 else {"Order Spare 1": 1})
    violation = the_one(validate_deck(changed, cards), "main_size")
    assert violation.message == f"R2.1: the main deck must hold exactly 30 cards (found {size})"


@pytest.mark.parametrize("orders", [ORDERS[:4], (*ORDERS, "Side Order"), ()])
def test_it_needs_exactly_five_orders(cards: Catalog[Card], orders: tuple[str, ...]) -> None:
    violation = the_one(validate_deck(replace_zone(legal_deck(), "orders", orders), cards), "orders_count")
    assert f"(found {len(orders)})" in violation.message


def test_it_keeps_the_hero_out_of_the_thirty(cards: Catalog[Card]) -> None:
    # R2.1: the hero is not one of the 30, so a legal deck has 30 main cards plus the hero.
    assert sum(legal_deck().counts("main").values()) == 30
    assert validate_deck(legal_deck(), cards) == []


# --- R2.2: copy limits over main, side and orders together ------------------------------------


def test_it_allows_two_copies_and_refuses_three(cards: Catalog[Card]) -> None:
    three = with_main(legal_deck(), {"Order Unit 1": 3, "Order Unit 2": 1})
    violation = the_one(validate_deck(three, cards), "copy_limit")
    assert violation.card == "Order Unit 1"
    assert violation.message == "R2.2: at most 2 copies of «Order Unit 1» (found 3)"


def test_it_counts_side_deck_copies_with_the_main_deck(cards: Catalog[Card]) -> None:
    # The seed: "you cannot put 2 copies in the main deck and 2 in the side deck".
    assert validate_deck(legal_deck(side={"Order Spare 1": 2}), cards) == []
    violation = the_one(validate_deck(legal_deck(side={"Order Unit 1": 2}), cards), "copy_limit")
    assert violation.message.endswith("(found 4)")


def test_it_counts_orders_with_the_side_deck(cards: Catalog[Card]) -> None:
    twice = replace_zone(legal_deck(), "orders", (*ORDERS[:4], ORDERS[0]))
    assert validate_deck(twice, cards) == []
    violation = the_one(validate_deck(replace_zone(twice, "side", {ORDERS[0]: 1}), cards), "copy_limit")
    assert violation.card == ORDERS[0]


def test_it_allows_one_legendary_and_refuses_two(cards: Catalog[Card]) -> None:
    one = with_main(legal_deck(), {"Order Unit 1": 1, "Legend": 1})
    assert validate_deck(one, cards) == []
    violation = the_one(validate_deck(replace_zone(one, "side", {"Legend": 1}), cards), "legendary_limit")
    assert violation.message == "R2.2: at most 1 copy of the legendary «Legend» (found 2)"
    assert "copy_limit" not in codes(validate_deck(replace_zone(one, "side", {"Legend": 1}), cards))


def test_it_counts_a_legendary_order_among_the_orders(cards: Catalog[Card]) -> None:
    orders = (*ORDERS[:3], "Legendary Order", "Legendary Order")
    violation = the_one(validate_deck(replace_zone(legal_deck(), "orders", orders), cards), "legendary_limit")
    assert violation.card == "Legendary Order"


def test_it_counts_copies_by_card_not_by_spelling(cards: Catalog[Card]) -> None:
    # R1.5: an alias, another case and ё/е are the same card.
    spelled = with_main(
        legal_deck(),
        {"Order Unit 1": 0, "Order Unit 2": 0, "Iron Sentinel": 1, "железный страж": 1, "Ёж": 1, "еж": 1},
    )
    assert validate_deck(spelled, cards) == []
    three = with_main(spelled, {"IRON SENTINEL": 1, "Order Unit 3": 1})
    violation = the_one(validate_deck(three, cards), "copy_limit")
    assert violation.card == "Iron Sentinel"


# --- R2.3 / R2.4: no hero or order in the main deck; orders are Order cards --------------------


def test_it_keeps_hero_cards_out_of_the_main_deck(cards: Catalog[Card]) -> None:
    changed = with_main(legal_deck(), {"Order Unit 1": 1, "Order Hero": 1})
    violation = the_one(validate_deck(changed, cards), "hero_in_deck")
    assert violation.card == "Order Hero"
    assert violation.message.startswith("R2.3")


def test_it_keeps_order_cards_out_of_the_main_deck(cards: Catalog[Card]) -> None:
    changed = with_main(legal_deck(), {"Order Unit 1": 1, "Side Order": 1})
    violation = the_one(validate_deck(changed, cards), "order_in_main")
    assert violation.card == "Side Order"
    assert violation.message.startswith("R2.3")


def test_it_accepts_only_order_cards_as_orders(cards: Catalog[Card]) -> None:
    orders = (*ORDERS[:4], "Order Unit 1")
    violation = the_one(validate_deck(replace_zone(legal_deck(), "orders", orders), cards), "not_an_order")
    assert violation.card == "Order Unit 1"
    assert violation.message.startswith("R2.4")


def test_it_refuses_a_hero_among_the_orders(cards: Catalog[Card]) -> None:
    orders = (*ORDERS[:4], "Order Hero")
    violation = the_one(validate_deck(replace_zone(legal_deck(), "orders", orders), cards), "not_an_order")
    assert violation.card == "Order Hero"


def test_it_refuses_an_order_supertyped_hero_among_the_orders() -> None:
    odd = hero("Marching Hero")
    marching = Card(
        name=odd.name, type="hero", factions=odd.factions, cost=0, supertypes=frozenset({"order"})
    )
    cards = Catalog([*world(), marching])
    orders = (*ORDERS[:4], "Marching Hero")
    assert "not_an_order" in codes(validate_deck(replace_zone(legal_deck(), "orders", orders), cards))


# --- R2.5: the faction rule, with the seed's own examples --------------------------------------

OT_CARD = card("Order Technology card", factions=(ORDER, TECH))


@pytest.mark.parametrize(
    ("hero_factions", "fits"),
    [((ORDER,), True), ((TECH,), True), ((ORDER, TECH), True), ((ORDER, CHAOS), False)],
    ids=["order hero", "technology hero", "order+technology hero", "order+chaos hero"],
)
def test_it_fits_an_order_technology_card_as_the_seed_says(
    hero_factions: tuple[str, ...], fits: bool
) -> None:
    # R2.5 verbatim: an Order+Technology card fits an Order hero, a Technology hero and an
    # Order+Technology hero, but not an Order+Chaos hero.
    assert fits_hero(OT_CARD, hero("H", hero_factions)) is fits


def test_it_fits_an_order_card_to_an_order_technology_hero() -> None:
    assert fits_hero(card("Order card", factions=(ORDER,)), hero("H", (ORDER, TECH)))


def test_it_refuses_a_card_of_another_faction() -> None:
    assert not fits_hero(card("Chaos card", factions=(CHAOS,)), hero("H", (ORDER,)))
    assert not fits_hero(card("Chaos card", factions=(CHAOS,)), hero("H", (ORDER, TECH)))


@pytest.mark.parametrize(
    ("hero_name", "card_name", "fits"),
    [
        ("Order Hero", "Order Tech Unit", True),
        ("Tech Hero", "Order Tech Unit", True),
        ("Order Tech Hero", "Order Tech Unit", True),
        ("Order Chaos Hero", "Order Tech Unit", False),
        ("Order Tech Hero", "Order Unit 1", True),
        ("Order Hero", "Tech Unit", False),
        ("Order Tech Hero", "Chaos Unit", False),
        ("Order Chaos Hero", "Chaos Unit", True),
    ],
)
def test_it_applies_the_faction_rule_to_the_main_deck(
    cards: Catalog[Card], hero_name: str, card_name: str, fits: bool
) -> None:
    main = {name: 2 for name in (*ORDER_UNITS[:14], card_name)}
    decklist = deck(hero=hero_name, orders=ORDERS, main=main)
    violations = [v for v in validate_deck(decklist, cards) if v.code == "faction"]
    # The Order units and orders fit every hero here except the Technology one.
    expected = set() if fits else {card_name}
    if hero_name == "Tech Hero":
        expected |= {*ORDER_UNITS[:14], *ORDERS}
    assert {v.card for v in violations} == expected


def test_it_applies_the_faction_rule_to_orders_and_side_deck(cards: Catalog[Card]) -> None:
    decklist = deck(
        hero="Order Tech Hero",
        orders=(*ORDERS[:4], "Order Tech Order"),
        main={name: 2 for name in ORDER_UNITS},
        side={"Order Chaos Unit": 1, "Tech Unit": 2},
    )
    violation = the_one(validate_deck(decklist, cards), "faction")
    assert violation.card == "Order Chaos Unit"
    assert violation.message == (
        "R2.5: «Order Chaos Unit» (Chaos+Order) does not fit hero «Order Tech Hero» (Order+Technology)"
    )
    chaos_orders = replace_zone(decklist, "orders", (*ORDERS[:4], "Order Tech Order"))
    chaos_hero = replace_zone(chaos_orders, "hero", "Chaos Hero")
    assert {v.card for v in validate_deck(chaos_hero, cards) if v.code == "faction"} >= {
        "Order Tech Order",
        ORDERS[0],
        "Tech Unit",
    }


def test_it_names_each_off_faction_card_once(cards: Catalog[Card]) -> None:
    decklist = with_main(legal_deck(side={"Chaos Unit": 1}), {"Order Unit 1": 1, "Chaos Unit": 1})
    assert [v.card for v in validate_deck(decklist, cards) if v.code == "faction"] == ["Chaos Unit"]


# --- R2.6: the side deck -------------------------------------------------------------------------


def test_it_allows_ten_side_cards_by_default_and_refuses_eleven(cards: Catalog[Card]) -> None:
    ten = {name: 2 for name in ("Order Spare 1", "Order Spare 2", "Order Spare 3", "Order Spare 4")}
    ten |= {"Order Spare 5": 1, "Side Order": 1}
    assert validate_deck(legal_deck(side=ten), cards) == []
    violation = the_one(validate_deck(legal_deck(side={**ten, "Order Spare 6": 1}), cards), "side_size")
    assert violation.message == "R2.6: the side deck may hold at most 10 cards (found 11)"


def test_it_takes_the_side_deck_maximum_from_the_event(cards: Catalog[Card]) -> None:
    side = {"Order Spare 1": 2, "Order Spare 2": 2}
    assert validate_deck(legal_deck(side=side), cards, side_max=4) == []
    assert codes(validate_deck(legal_deck(side=side), cards, side_max=3)) == ["side_size"]


def test_it_refuses_any_side_deck_when_the_event_has_none(cards: Catalog[Card]) -> None:
    assert validate_deck(legal_deck(), cards, side_max=0) == []
    violation = the_one(validate_deck(legal_deck(side={"Order Spare 1": 1}), cards, side_max=0), "side_size")
    assert violation.message == "R2.6: this event uses no side deck (found 1 cards)"


def test_it_allows_order_cards_but_no_hero_in_the_side_deck(cards: Catalog[Card]) -> None:
    assert validate_deck(legal_deck(side={"Side Order": 2}), cards) == []
    violation = the_one(validate_deck(legal_deck(side={"Order Hero": 1}), cards), "hero_in_deck")
    assert violation.message.startswith("R2.6")


# --- unknown cards and several violations at once ----------------------------------------------


def test_it_reports_an_unknown_card_with_a_suggestion(cards: Catalog[Card]) -> None:
    decklist = with_main(
        legal_deck(), {"Iron Sentinel": 2, "Order Unit 1": 0, "Iron Sentnel": 1, "Order Unit 2": 1}
    )
    violation = the_one(validate_deck(decklist, cards), "unknown_card")
    assert violation.card == "Iron Sentnel"
    assert "did you mean «Iron Sentinel»" in violation.message


def test_it_counts_unknown_cards_towards_the_deck_size(cards: Catalog[Card]) -> None:
    decklist = with_main(legal_deck(), {"Order Unit 1": 0, "Mystery": 2})
    assert codes(validate_deck(decklist, cards)) == ["unknown_card"]


def test_it_reports_an_unknown_name_once_wherever_it_appears(cards: Catalog[Card]) -> None:
    decklist = replace_zone(
        with_main(legal_deck(), {"Order Unit 1": 0, "Mystery": 2}), "side", {"mystery": 1}
    )
    assert codes(validate_deck(decklist, cards)) == ["unknown_card"]


def test_it_reports_an_unknown_hero_and_unknown_orders(cards: Catalog[Card]) -> None:
    decklist = replace_zone(replace_zone(legal_deck(), "hero", "Nobody"), "orders", (*ORDERS[:4], "Nothing"))
    assert [(v.code, v.card) for v in validate_deck(decklist, cards)] == [
        ("unknown_card", "Nobody"),
        ("unknown_card", "Nothing"),
    ]


def test_it_reports_every_violation_of_a_bad_deck_each_naming_its_card(cards: Catalog[Card]) -> None:
    decklist = deck(
        hero="Order Hero",
        orders=("Order Unit 1", "Side Order"),
        main={"Order Unit 2": 3, "Order Hero": 1, "Side Order": 1, "Chaos Unit": 2, "Legend": 2, "Nope": 1},
        side={"Order Spare 1": 11},
    )
    found = {(v.code, v.card) for v in validate_deck(decklist, cards)}
    assert found == {
        ("orders_count", None),
        ("not_an_order", "Order Unit 1"),
        ("hero_in_deck", "Order Hero"),
        ("order_in_main", "Side Order"),
        ("unknown_card", "Nope"),
        ("main_size", None),
        ("side_size", None),
        ("copy_limit", "Order Unit 2"),
        ("copy_limit", "Order Spare 1"),
        ("legendary_limit", "Legend"),
        ("faction", "Chaos Unit"),
    }
    assert all(v.code in VIOLATION_CODES for v in validate_deck(decklist, cards))


def test_it_quotes_a_rule_number_in_every_rule_message(cards: Catalog[Card]) -> None:
    decklist = deck(hero="Order Unit 1", orders=("Order Unit 2",), main={"Chaos Unit": 3})
    for violation in validate_deck(decklist, cards):
        assert violation.message.startswith("R2."), violation


# --- R2.7: swaps between the games of a match --------------------------------------------------


def swapped(
    base: Decklist, *, main: dict[str, int], side: dict[str, int], orders: tuple[str, ...] = ORDERS
) -> Decklist:
    return deck(hero=base.one("hero"), orders=orders, main=main, side=side)


def test_it_allows_a_one_for_one_swap_between_side_and_main(cards: Catalog[Card]) -> None:
    before = legal_deck(side={"Order Spare 1": 2})
    main = {**before.counts("main"), "Order Unit 1": 1, "Order Spare 1": 1}
    after = swapped(before, main=main, side={"Order Spare 1": 1, "Order Unit 1": 1})
    assert validate_swap(before, after, cards) == []


def test_it_allows_swapping_an_order_card_between_side_and_orders_and_reordering(
    cards: Catalog[Card],
) -> None:
    before = legal_deck(side={"Side Order": 1})
    orders = ("Side Order", ORDERS[3], ORDERS[2], ORDERS[1], ORDERS[0])
    after = swapped(before, main=dict(before.counts("main")), side={ORDERS[4]: 1}, orders=orders)
    assert validate_swap(before, after, cards) == []


def test_it_refuses_a_changed_hero(cards: Catalog[Card]) -> None:
    after = replace_zone(legal_deck(), "hero", "Order Tech Hero")
    violation = the_one(validate_swap(legal_deck(), after, cards), "bad_swap")
    assert violation.card == "Order Tech Hero"
    assert violation.message.startswith("R2.7")


def test_it_refuses_a_card_that_did_not_come_from_the_side_deck(cards: Catalog[Card]) -> None:
    before = legal_deck(side={"Order Spare 1": 1})
    after = swapped(
        before,
        main={**before.counts("main"), "Order Unit 1": 1, "Order Spare 2": 1},
        side={"Order Spare 1": 1, "Order Unit 1": 1},
    )
    found = {(v.code, v.card) for v in validate_swap(before, after, cards)}
    assert ("bad_swap", "Order Spare 2") in found


def test_it_refuses_a_swap_that_is_not_one_for_one(cards: Catalog[Card]) -> None:
    before = legal_deck(side={"Order Spare 1": 1})
    after = swapped(
        before,
        main={**before.counts("main"), "Order Unit 1": 0, "Order Unit 2": 1},
        side={"Order Spare 1": 1, "Order Unit 1": 2, "Order Unit 2": 1},
    )
    assert "bad_swap" in codes(validate_swap(before, after, cards))
    assert "main_size" in codes(validate_swap(before, after, cards))


def test_it_refuses_a_non_order_card_swapped_into_the_orders(cards: Catalog[Card]) -> None:
    before = legal_deck(side={"Order Spare 1": 1})
    after = swapped(
        before, main=dict(before.counts("main")), side={ORDERS[4]: 1}, orders=(*ORDERS[:4], "Order Spare 1")
    )
    found = [(v.code, v.card) for v in validate_swap(before, after, cards)]
    assert ("bad_swap", "Order Spare 1") in found
    assert ("not_an_order", "Order Spare 1") in found


def test_it_refuses_a_card_moved_straight_between_main_and_orders(cards: Catalog[Card]) -> None:
    before = legal_deck()
    main = {**before.counts("main"), "Order Unit 1": 1, ORDERS[4]: 1}
    after = swapped(before, main=main, side={}, orders=(*ORDERS[:4], "Order Unit 1"))
    found = {(v.code, v.card) for v in validate_swap(before, after, cards)}
    assert {("bad_swap", "Order Unit 1"), ("bad_swap", ORDERS[4])} <= found


def test_it_checks_the_swapped_deck_against_r2_1_to_r2_6_again(cards: Catalog[Card]) -> None:
    before = legal_deck(side={"Chaos Unit": 1})  # already off-faction in the side deck
    main = {**before.counts("main"), "Order Unit 1": 1, "Chaos Unit": 1}
    after = swapped(before, main=main, side={"Order Unit 1": 1})
    assert codes(validate_swap(before, after, cards)) == ["faction"]
    assert codes(validate_swap(before, before, cards, side_max=0)) == ["side_size", "faction"]


SWAP_VALUES = {  # what each kind of bad_swap gives a front end to say it in another language
    "hero": {"was", "now"},
    "one_for_one": {"zone", "out", "in"},
    "entered_deck": {"count"},
    "left_side": {"count"},
    "entered_side": {"count"},
    "left_deck": {"count"},
    "not_an_order": set(),
}


def test_each_bad_swap_names_its_kind_and_the_values_of_its_message(cards: Catalog[Card]) -> None:
    spare = legal_deck(side={"Order Spare 1": 1})
    plain = legal_deck()
    swaps = [  # (before, after): the hero changed; not one-for-one; a unit into the orders; main -> orders
        (plain, replace_zone(plain, "hero", "Order Tech Hero")),
        (
            spare,
            swapped(
                spare,
                main={**spare.counts("main"), "Order Unit 1": 0, "Order Unit 2": 1},
                side={"Order Spare 1": 1, "Order Unit 1": 2, "Order Unit 2": 1},
            ),
        ),
        (
            spare,
            swapped(
                spare,
                main=dict(spare.counts("main")),
                side={ORDERS[4]: 1},
                orders=(*ORDERS[:4], "Order Spare 1"),
            ),
        ),
        (
            plain,
            swapped(
                plain,
                main={**plain.counts("main"), "Order Unit 1": 1, ORDERS[4]: 1},
                side={},
                orders=(*ORDERS[:4], "Order Unit 1"),
            ),
        ),
    ]
    kinds = set()
    for before, after in swaps:
        for violation in validate_swap(before, after, cards):
            if violation.code != "bad_swap":
                continue
            kind = violation.params["kind"]
            assert set(violation.params) - {"kind"} == SWAP_VALUES[kind], violation
            kinds.add(kind)
            if kind == "hero":
                assert violation.params["now"] == "Order Tech Hero"
            if "count" in violation.params:
                assert f"R2.7: {violation.params['count']} × «{violation.card}»" in violation.message
    assert {"hero", "one_for_one", "not_an_order"} <= kinds and kinds & {"entered_deck", "left_deck"}
