"""R6.4 and R8: combat, line by line as the initiative player sees them."""

from __future__ import annotations

from engine.games.respons.abilities import (
    ATTACK_TRIGGERS,
    START_OF_COMBAT,
    Flow,
    Moment,
    fire,
    fire_in_play,
    settle,
)
from engine.games.respons.match.play import play_order
from engine.games.respons.match.state import (
    FIELD,
    LINE_ORDER,
    LINES,
    ROWS,
    SEAT_CELLS,
    Inst,
    State,
    cell_dict,
)

_COMBAT_TRIGGERS = frozenset({"start_of_combat"})


def combat(state: State) -> Flow:
    """Run the combat phase (R6.4): start-of-combat effects, then lines 1–5 as the initiative
    player sees them (seat 1 holding initiative: 5, 4, 3, 2, 1)."""
    state.phase = "combat"
    state.emit({"type": "phase", "phase": "combat", "turn": state.turn})
    yield from fire_in_play(state, START_OF_COMBAT, _COMBAT_TRIGGERS)
    cells = state.cells
    for line in LINE_ORDER[state.initiative]:
        if any(cells[cell] is not None for cell in ATTACK_CELLS[0][line]):
            yield from attack_line(state, line)


def _attack_cells(initiative: int, line: int) -> tuple[int, ...]:
    other = 1 - initiative
    base = (line - 1) * ROWS
    return tuple(seat * SEAT_CELLS + base + row for row in range(ROWS) for seat in (initiative, other))


# R8.2 [decision]: the cells of a line in attack order, by initiative seat and line:
# initiative row 1, other row 1, initiative row 2, other row 2, initiative row 3, other row 3.
ATTACK_CELLS: tuple[dict[int, tuple[int, ...]], ...] = tuple(
    {line: _attack_cells(initiative, line) for line in range(1, LINES + 1)} for initiative in (0, 1)
)


def attack_order(state: State, line: int) -> list[Inst]:
    """Return the units of ``line`` in their attack order (R8.2 [decision])."""
    cells = state.cells
    order: list[Inst] = []
    for cell in ATTACK_CELLS[state.initiative][line]:
        inst = cells[cell]
        if inst is not None and inst.kind == "unit":
            order.append(inst)
    return order


def _watched(state: State, line: int) -> list[Inst] | None:
    """Return the cards of ``line`` in R4.2 order if one has an attack trigger, else None."""
    cells = state.cells
    found = [inst for cell in ATTACK_CELLS[state.initiative][line] if (inst := cells[cell]) is not None]
    if any(inst.triggers & ATTACK_TRIGGERS for inst in found):
        # Sources fire initiative player's first (R4.2), each front to back (R7.8).
        return [inst for inst in found if inst.owner == state.initiative] + [
            inst for inst in found if inst.owner != state.initiative
        ]
    return None


def attack_line(state: State, line: int) -> Flow:
    """Resolve the attack on one line (R8.1–R8.5).

    The attack order is fixed when the line's step begins [decision R8.2]: a unit that
    enters during the step (an order played on a hit) does not attack in it. A unit that
    has left the field or already collided this step skips.
    """
    order = attack_order(state, line)
    if not order:
        return
    cells = state.cells
    seats = state.seats
    base = (line - 1) * ROWS
    collided: set[int] = set()
    # Checked again after a hit: an order entering the line may bring an attack trigger.
    watched = _watched(state, line)
    for unit in order:
        if unit.zone != FIELD or unit.id in collided:
            continue
        if watched is not None:
            # R7.3, R7.8: attack triggers (traps) fire as the unit attacks, before it lands.
            yield from fire(state, Moment("attack", unit, line), watched, ATTACK_TRIGGERS)
            if unit.zone != FIELD:
                continue
        foe = 1 - unit.owner
        target: Inst | None = None
        for row in range(ROWS):  # R8.3 [decision]: the front-most opposing unit
            inst = cells[foe * SEAT_CELLS + base + row]
            if inst is not None and inst.kind == "unit":
                target = inst
                break
        if target is not None:
            # R8.3: a collision, simultaneous; both count as having attacked.
            mine, theirs = unit.strength, target.strength
            unit.delta -= theirs
            target.delta -= mine
            state.unsettled = True
            collided.add(unit.id)
            collided.add(target.id)
            state.emit(
                {
                    "type": "collision",
                    "line": line,
                    "attacker": {
                        "seat": unit.owner,
                        "card": unit.name,
                        "cell": cell_dict(unit.cell),
                        "strength": mine,
                    },
                    "defender": {
                        "seat": target.owner,
                        "card": target.name,
                        "cell": cell_dict(target.cell),
                        "strength": theirs,
                    },
                }
            )
            yield from settle(state)
            continue
        side = seats[foe]
        location = side.location
        strength = unit.strength
        if location is not None:
            # R8.4: the location absorbs the hit; it does not reduce the attacker; excess is lost.
            location.delta -= strength
            state.unsettled = True
            state.emit(
                {
                    "type": "hit_location",
                    "line": line,
                    "seat": foe,
                    "attacker": {"seat": unit.owner, "card": unit.name, "cell": cell_dict(unit.cell)},
                    "location": location.name,
                    "damage": strength,
                    "durability": max(location.strength, 0),
                }
            )
            yield from settle(state)
            continue
        # R8.5: a successful attack on the hero; its owner plays an order or loses (R8.6, R9.1).
        side.hits_taken += 1
        state.emit(
            {
                "type": "hit_hero",
                "line": line,
                "seat": foe,
                "attacker": {"seat": unit.owner, "card": unit.name, "cell": cell_dict(unit.cell)},
                "hits_taken": side.hits_taken,
            }
        )
        if side.orders_left == 0:
            state.end(unit.owner, "orders_exhausted")
        yield from play_order(state, foe)
        watched = _watched(state, line)
