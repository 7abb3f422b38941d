"""R7 playing cards: room then cost, where each type goes, traps, orders, card actions."""

from typing import Any

import pytest
from match_builders import (
    ability,
    at,
    events_of,
    location,
    pass_,
    pass_both,
    play,
    put,
    scripted,
    spell,
    trap,
    unit,
    unit_at,
)

from engine.games.respons.match import IllegalAction, Match

DUD = trap("Dud", cost=0)
BRUTE = unit("Brute", 6, cost=6)
WALL = location("Wall", 4, cost=2)
INSIGHT = spell("Insight", cost=1, abilities=[ability("on_play", "draw", "you", 1)])
DRUMMER = unit("Drummer", 1, cost=1, abilities=[ability("activated", "strengthen", "self", 1, cost=2)])
COSTLY_ORDER = unit("Costly Order", 2, cost=4, order=True)
ORDER_WALL = location("Order Wall", 3, cost=3, order=True)
ORDER_INSIGHT = spell("Order Insight", cost=2, order=True, abilities=[ability("on_play", "draw", "you", 2)])

CARDS = [DUD, BRUTE, WALL, INSIGHT, DRUMMER, COSTLY_ORDER, ORDER_WALL, ORDER_INSIGHT]
MIXED = ["Brute"] + ["Wall"] * 2 + ["Insight"] * 2 + ["Drummer"] * 2 + ["Soldier"] * 23


def hit_seat_0(match: Match, line: int = 1) -> list[Any]:
    """With seat 0 to act: seat 1 plays a Soldier in ``line`` row 1; both pass; combat hits seat 0."""
    pass_(match, 0)
    play(match, 1, "Soldier", line, 1)
    pass_(match, 0)
    return pass_(match, 1)


def fill_with_duds(match: Match) -> None:
    """Arrange seat 0's 15 cells full of face-down Duds."""
    put(match, 0, "Dud", [(line, row) for line in range(1, 6) for row in range(1, 4)])


def test_it_puts_a_unit_in_the_chosen_free_cell_of_its_own_side() -> None:
    match = scripted(CARDS)
    events = play(match, 0, "Soldier", 2, 3)
    assert unit_at(match, 0, 2, 3).name == "Soldier"  # R7.2
    assert events_of(events, "play")[0]["cell"] == {"seat": 0, "line": 2, "row": 3}
    with pytest.raises(IllegalAction) as refused:
        play(match, 1, "Soldier")  # no cell
    assert refused.value.rule == "R7.2"
    play(match, 1, "Soldier", 2, 3)  # the same cell number on the other side is free
    with pytest.raises(IllegalAction) as refused:
        play(match, 0, "Soldier", 2, 3)
    assert refused.value.rule == "R7.2" and "not free" in refused.value.message


def test_it_refuses_a_card_whose_cost_exceeds_the_influence() -> None:
    match = scripted(CARDS, MIXED, MIXED)
    with pytest.raises(IllegalAction) as refused:
        play(match, 0, "Brute", 1, 1)
    assert refused.value.rule == "R7.1" and "costs 6" in refused.value.message
    assert {"type": "play", "card": "Brute", "cell": at(1, 1)} not in match.legal_actions(0)


def test_it_pays_the_cost_from_the_heros_influence() -> None:
    match = scripted(CARDS, MIXED, MIXED)
    play(match, 0, "Wall")
    assert match.seats[0].influence == 3  # R7.1


def test_it_refuses_a_card_without_room_before_looking_at_its_cost() -> None:
    match = scripted(CARDS, ["Brute"] + ["Soldier"] * 6 + ["Dud"] * 16 + ["Insight"] * 7, ["Soldier"] * 30)
    fill_with_duds(match)
    for name in ("Dud", "Brute"):  # Brute (cost 6 > 5) is refused for its room first
        with pytest.raises(IllegalAction) as refused:
            play(match, 0, name, 1, 1)
        assert refused.value.rule == "R7.1" and refused.value.message == f"no free cell for {name}"
    assert not [a for a in match.legal_actions(0) if a["type"] == "play"]


def test_it_puts_a_location_in_the_empty_location_slot_only() -> None:
    match = scripted(CARDS, MIXED, MIXED)
    events = play(match, 0, "Wall")
    assert match.seats[0].location.name == "Wall" and events_of(events, "play")[0]["zone"] == "location"
    pass_(match, 1)
    with pytest.raises(IllegalAction) as refused:
        play(match, 0, "Wall")
    assert refused.value.rule == "R7.2" and "already holds Wall" in refused.value.message
    with pytest.raises(IllegalAction) as refused:
        play(match, 0, "Wall", 1, 1)


def test_it_resolves_a_spell_then_puts_it_in_the_graveyard() -> None:
    match = scripted(CARDS, MIXED, MIXED)
    events = play(match, 0, "Insight")
    kinds = [e.type for e in events]
    assert kinds == ["play", "draw", "spell_resolved"]  # R7.2: resolves, then the graveyard
    assert [inst.name for inst in match.seats[0].graveyard] == ["Insight"]
    assert len(match.seats[0].hand) == 8  # 8 - Insight + 1


def test_it_places_a_trap_face_down() -> None:
    match = scripted(CARDS, ["Dud"] * 30)
    events = play(match, 0, "Dud", 3, 2)
    own = match.observation(0)["seats"][0]["cells"][0]
    theirs = match.observation(1)["seats"][0]["cells"][0]
    assert (own["card"], own["face_up"]) == ("Dud", False)  # R7.3
    assert (theirs["card"], theirs["face_up"], theirs["line"], theirs["row"]) == (None, False, 3, 2)
    assert "card" not in events[0].for_seat(1) and events[0].for_seat(0)["card"] == "Dud"


def test_it_reveals_the_left_most_order_and_asks_its_owner_for_a_cell() -> None:
    match = scripted(CARDS)
    events = hit_seat_0(match)
    assert events_of(events, "order")[0]["card"] == "Order 1"  # R7.5: left-most first
    decision = match.decision()
    assert (decision.kind, decision.seat, decision.card) == ("choose_cell", 0, "Order 1")
    assert len(decision.options) == 15
    match.apply(0, {"type": "choose", "cell": at(4, 2)})
    placed = unit_at(match, 0, 4, 2)
    assert placed.name == "Order 1" and placed.face_up
    assert match.observation(1)["seats"][0]["orders"][0] == {
        "position": 1,
        "state": "played",
        "card": "Order 1",
    }


def test_it_plays_orders_free_of_charge() -> None:
    match = scripted(CARDS, orders0=["Costly Order"] * 5)
    influence = match.seats[0].influence
    hit_seat_0(match)
    match.apply(0, {"type": "choose", "cell": at(5, 3)})
    assert unit_at(match, 0, 5, 3).name == "Costly Order"
    assert match.seats[0].influence == influence  # R7.4


def test_it_leaves_an_order_face_up_in_its_row_when_it_has_no_room() -> None:
    match = scripted(CARDS, ["Soldier"] * 10 + ["Dud"] * 20, ["Soldier"] * 30)
    fill_with_duds(match)
    events = hit_seat_0(match)  # through line 1, where seat 0 has only traps
    assert events_of(events, "order_stays")[0]["card"] == "Order 1"  # R7.5
    order = match.observation(1)["seats"][0]["orders"][0]
    assert order == {"position": 1, "state": "face_up", "card": "Order 1"}
    assert match.seats[0].orders_left == 4  # it counts as played


def test_it_puts_an_order_location_in_the_empty_slot_or_leaves_it_face_up() -> None:
    match = scripted(CARDS, MIXED, orders0=["Order Wall"] * 5)
    events = hit_seat_0(match)
    assert (
        events_of(events, "enter")[0]["zone"] == "location" and match.seats[0].location.name == "Order Wall"
    )
    match = scripted(CARDS, MIXED, orders0=["Order Wall"] * 5)
    play(match, 0, "Wall")
    play(match, 1, "Soldier", 1, 1)
    pass_both(match)  # the Soldier hits the Wall, not the hero: no order
    assert match.seats[0].orders_left == 5 and match.seats[0].location.strength == 4


def test_it_resolves_an_order_spell_and_puts_it_in_the_graveyard() -> None:
    match = scripted(CARDS, orders0=["Order Insight"] * 5)
    events = hit_seat_0(match)
    assert "spell_resolved" in [e.type for e in events]
    assert [e["count"] for e in events_of(events, "draw") if e.get("source") == "Order Insight"] == [2]
    assert [inst.name for inst in match.seats[0].graveyard] == ["Order Insight"]


def test_it_uses_a_cards_action_once_a_turn_for_its_cost_in_influence() -> None:
    match = scripted(CARDS, ["Drummer"] * 2 + ["Soldier"] * 28)
    play(match, 0, "Drummer", 1, 3)
    pass_(match, 1)
    events = match.apply(0, {"type": "activate", "cell": at(1, 3)})
    assert events_of(events, "activate")[0]["cost"] == 2  # R7.6
    assert match.seats[0].influence == 2 and unit_at(match, 0, 1, 3).strength == 2
    pass_(match, 1)
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, {"type": "activate", "cell": at(1, 3)})
    assert refused.value.rule == "R7.6" and "already used" in refused.value.message
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, {"type": "activate", "cell": at(2, 3)})  # no card of seat 0 there
    assert refused.value.rule == "R7.6"
    pass_(match, 0)  # two passes in a row: combat; the Drummer hits seat 1's hero
    match.apply(1, {"type": "choose", "cell": at(1, 1)})  # line 1 has attacked already
    pass_(match, 1)  # turn 2: seat 1 has initiative
    match.apply(0, {"type": "activate", "cell": at(1, 3)})  # usable again after recovery
    assert unit_at(match, 0, 1, 3).strength == 2
