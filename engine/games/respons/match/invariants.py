"""Invariants of a match state, checked by the soak tests after applied actions."""

from __future__ import annotations

from engine.games.respons.match.state import (
    DECISIONS_PER_TURN,
    DECK,
    FIELD,
    GRAVEYARD,
    HAND,
    HERO,
    LOCATION,
    MAX_STRENGTH,
    ORDER_DOWN,
    ORDER_UP,
    SPACE,
    STACK,
    ZONE_NAMES,
    Inst,
    State,
)


def check_invariants(state: State) -> list[str]:
    """Return every broken invariant (empty when the state is sound).

    Every card of both decks (hero, orders, main deck) is in exactly one place and that
    place matches its zone; a cell holds at most one card; units on the field have
    strength in 1..MAX_STRENGTH and locations durability ≥ 1; influence ≥ 0;
    decisions in 0..5; orders are revealed left to right.
    """
    problems: list[str] = []
    places: dict[int, list[str]] = {inst.id: [] for inst in state.insts}

    def put(inst: Inst, place: str, zone: int) -> None:
        places.setdefault(inst.id, []).append(place)
        if inst.zone != zone:
            problems.append(f"{inst!r} is in {place} but its zone is {ZONE_NAMES[inst.zone]}")

    for cell, inst in enumerate(state.cells):
        if inst is None:
            continue
        put(inst, f"cell {cell}", FIELD)
        if inst.cell != cell:
            problems.append(f"{inst!r} stands in cell {cell} but records cell {inst.cell}")
        if inst.owner != cell // 15:
            problems.append(f"{inst!r} stands on the opponent's side")
        if inst.kind == "unit" and not 1 <= inst.strength <= MAX_STRENGTH:
            problems.append(f"{inst!r} has strength {inst.strength}")
        if not inst.face_up and inst.kind != "trap":
            problems.append(f"{inst!r} is face down but is not a trap")
    for inst in state.stack:
        put(inst, "stack", STACK)
    for side in state.seats:
        seat = side.seat
        put(side.hero, f"seat {seat} hero", HERO)
        for name, zone, cards in (
            ("deck", DECK, side.deck),
            ("hand", HAND, side.hand),
            ("graveyard", GRAVEYARD, side.graveyard),
            ("space", SPACE, side.space),
        ):
            for inst in cards:
                put(inst, f"seat {seat} {name}", zone)
                if inst.owner != seat:
                    problems.append(f"{inst!r} is in seat {seat}'s {name} but belongs to seat {inst.owner}")
        if side.location is not None:
            put(side.location, f"seat {seat} location", LOCATION)
            if side.location.strength < 1:
                problems.append(f"seat {seat}'s location has durability {side.location.strength}")
        if not 0 <= side.next_order <= len(side.orders):
            problems.append(f"seat {seat} next order {side.next_order}")
        for index, inst in enumerate(side.orders):
            if index >= side.next_order:
                put(inst, f"seat {seat} order {index + 1}", ORDER_DOWN)
            elif inst.zone == ORDER_DOWN:
                problems.append(f"seat {seat} order {index + 1} was played but is face down")
            elif inst.zone == ORDER_UP:
                places[inst.id].append(f"seat {seat} order row")
        if side.influence < 0:
            problems.append(f"seat {seat} has influence {side.influence}")
        if side.supply != side.hero.card.influence:
            problems.append(f"seat {seat} supply {side.supply} is not its hero's")
        if not 0 <= side.decisions <= DECISIONS_PER_TURN:
            problems.append(f"seat {seat} has {side.decisions} decisions")
    for seat, deck in enumerate(state.decks):
        expected = 1 + len(deck.ordered("orders")) + sum(deck.counts("main").values())
        owned = sum(1 for inst in state.insts if inst.owner == seat)
        if owned != expected:
            problems.append(f"seat {seat} owns {owned} cards, its deck lists {expected}")
    for inst in state.insts:
        where = places.get(inst.id, [])
        if len(where) != 1:
            problems.append(f"{inst!r} is in {len(where)} places: {where}")
    if (state.result is None) == (state.phase == "over"):
        problems.append(f"phase {state.phase} with result {state.result}")
    return problems
