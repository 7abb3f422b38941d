"""Invariants of a match state, checked by the soak tests after applied actions."""

from __future__ import annotations

from engine.games.respons.match.board import (
    ATTACK_TRIGGERS,
    CELL_LINE,
    DECISIONS_PER_TURN,
    DECK,
    FIELD,
    GRAVEYARD,
    HAND,
    HERO,
    LINES,
    LOCATION,
    MAX_STRENGTH,
    ORDER_DOWN,
    ORDER_UP,
    SPACE,
    STACK,
)
from engine.games.respons.match.insts import Inst
from engine.games.respons.match.resolution import find_static_sources, static_mods
from engine.games.respons.match.state import State


def check_invariants(state: State) -> list[str]:
    """Return every broken invariant (empty when the state is sound).

    Every card of both decks (hero, orders, main deck) is in exactly one place and that
    place matches its zone; a cell holds at most one card; units on the field have
    strength in 1..MAX_STRENGTH and locations durability ≥ 1; influence ≥ 0;
    decisions in 0..5; orders are revealed left to right; static modifiers equal a
    recomputation from scratch (R7.9).
    """
    problems: list[str] = []
    seen = [0] * len(state.insts)  # how many places hold each card, by id

    def held(cards: list[Inst], zone: int, owner: int, place: str) -> None:
        for inst in cards:
            seen[inst.id] += 1
            if inst.zone != zone or inst.owner != owner:
                problems.append(f"{inst!r} of seat {inst.owner} is listed in seat {owner}'s {place}")

    watching = [0] * (LINES + 1)  # cards with an attack trigger by line (R7.3), as State counts them
    for cell, inst in enumerate(state.cells):
        if inst is None:
            continue
        seen[inst.id] += 1
        if not ATTACK_TRIGGERS.isdisjoint(inst.triggers):
            watching[CELL_LINE[cell]] += 1
        if inst.zone != FIELD or inst.cell != cell or inst.owner != cell // 15:
            problems.append(f"{inst!r} stands in cell {cell}")
        if inst.kind == "unit" and not 1 <= inst.strength <= MAX_STRENGTH:
            problems.append(f"{inst!r} has strength {inst.strength}")
        if not inst.face_up and inst.kind != "trap":
            problems.append(f"{inst!r} is face down but is not a trap")
    if watching != state.line_watchers or sum(watching) != state.watchers:
        problems.append(
            f"attack triggers by line {watching}, counted {state.line_watchers} ({state.watchers})"
        )
    for inst in state.stack:
        seen[inst.id] += 1
        if inst.zone != STACK:
            problems.append(f"{inst!r} is on the stack")
    for side in state.seats:
        seat = side.seat
        held([side.hero], HERO, seat, "hero")
        held(side.deck, DECK, seat, "deck")
        held(side.hand, HAND, seat, "hand")
        held(side.graveyard, GRAVEYARD, seat, "graveyard")
        held(side.space, SPACE, seat, "space")
        if side.location is not None:
            held([side.location], LOCATION, seat, "location")
            if side.location.strength < 1:
                problems.append(f"seat {seat}'s location has durability {side.location.strength}")
        if not 0 <= side.next_order <= len(side.orders):
            problems.append(f"seat {seat} next order {side.next_order}")
        held(side.orders[side.next_order :], ORDER_DOWN, seat, "face-down orders")
        for index, inst in enumerate(side.orders[: side.next_order]):
            if inst.zone == ORDER_DOWN:
                problems.append(f"seat {seat} order {index + 1} was played but is face down")
            elif inst.zone == ORDER_UP:
                seen[inst.id] += 1  # it stays in its row, face up (R7.5)
        if side.influence < 0:
            problems.append(f"seat {seat} has influence {side.influence}")
        if side.supply != side.hero.card.influence:
            problems.append(f"seat {seat} supply {side.supply} is not its hero's")
        if not 0 <= side.decisions <= DECISIONS_PER_TURN:
            problems.append(f"seat {seat} has {side.decisions} decisions")
    if not state.statics_dirty and not state.static_pending:
        # R7.9: the modifiers kept up to date piecemeal equal a recomputation from scratch.
        mods = static_mods(state, find_static_sources(state))
        for cell, inst in enumerate(state.cells):
            if inst is not None and inst.kind == "unit" and inst.mod != mods[cell]:
                problems.append(f"{inst!r} has static modifier {inst.mod}, expected {mods[cell]}")
    owned = [0, 0]
    for inst in state.insts:
        owned[inst.owner] += 1
        if seen[inst.id] != 1:
            problems.append(f"{inst!r} is in {seen[inst.id]} places")
    for seat, deck in enumerate(state.decks):
        expected = 1 + len(deck.ordered("orders")) + sum(deck.counts("main").values())
        if owned[seat] != expected:
            problems.append(f"seat {seat} owns {owned[seat]} cards, its deck lists {expected}")
    if (state.result is None) == (state.phase == "over"):
        problems.append(f"phase {state.phase} with result {state.result}")
    return problems
