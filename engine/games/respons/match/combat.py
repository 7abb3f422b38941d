# mypyc: compiled by build_engine.py
"""R6.4 and R8: combat, line by line as the initiative player sees them."""

from __future__ import annotations

from engine.games.respons.abilities import START_OF_COMBAT, Moment
from engine.games.respons.match.board import (
    ATTACK_TRIGGERS,
    CELL_LINE,
    CELL_ROW,
    CELL_SEAT,
    FIELD,
    LINE_ORDER,
    LINES,
    ROWS,
    SEAT_CELLS,
    line_cells,
)
from engine.games.respons.match.decisions import Flow
from engine.games.respons.match.insts import Inst
from engine.games.respons.match.play import play_order
from engine.games.respons.match.resolution import any_in_play, fire, settle, settle_board
from engine.games.respons.match.state import State
from engine.play import Event

_COMBAT_TRIGGERS = frozenset({"start_of_combat"})


def combat(state: State) -> Flow:
    """Run the combat phase (R6.4): start-of-combat effects, then lines 1–5 as the initiative
    player sees them (seat 1 holding initiative: 5, 4, 3, 2, 1)."""
    state.phase = "combat"
    if state.recording:
        state.emit({"type": "phase", "phase": "combat", "turn": state.turn})
    if any_in_play(state, _COMBAT_TRIGGERS):
        yield from fire(state, START_OF_COMBAT, state.in_play(), _COMBAT_TRIGGERS)
    cells = state.cells
    lookup = cells.__getitem__
    for line, in_line in COMBAT_STEPS[state.initiative]:
        if not any(map(lookup, in_line)):  # in C: an empty line (an Inst is always true)
            continue
        # The attack order is fixed when the line's step begins [decision R8.2].
        order = [inst for cell in in_line if (inst := cells[cell]) is not None and inst.kind == "unit"]
        if order:
            yield from _attack(state, line, order)


def _attack_cells(initiative: int, line: int) -> tuple[int, ...]:
    other = 1 - initiative
    base = (line - 1) * ROWS
    return tuple(seat * SEAT_CELLS + base + row for row in range(ROWS) for seat in (initiative, other))


# R8.2 [decision]: the cells of a line in attack order, by initiative seat and line:
# initiative row 1, other row 1, initiative row 2, other row 2, initiative row 3, other row 3.
ATTACK_CELLS: tuple[dict[int, tuple[int, ...]], ...] = tuple(
    {line: _attack_cells(initiative, line) for line in range(1, LINES + 1)} for initiative in (0, 1)
)
# R6.4: the steps of combat by initiative seat: (line, its cells in attack order), lines in
# the order the initiative player sees them.
COMBAT_STEPS: tuple[tuple[tuple[int, tuple[int, ...]], ...], ...] = tuple(
    tuple((line, ATTACK_CELLS[initiative][line]) for line in LINE_ORDER[initiative]) for initiative in (0, 1)
)
# One seat's cells of a line, front (row 1) to back: _LINE_CELLS[seat][line].
_LINE_CELLS: tuple[dict[int, tuple[int, ...]], ...] = tuple(
    {line: tuple(line_cells(seat, line)) for line in range(1, LINES + 1)} for seat in (0, 1)
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
    if not state.line_watchers[line]:
        return None  # no card in the line's cells has an attack trigger (State counts them)
    cells = state.cells
    found = [inst for cell in ATTACK_CELLS[state.initiative][line] if (inst := cells[cell]) is not None]
    # Sources fire initiative player's first (R4.2), each front to back (R7.8).
    return [inst for inst in found if inst.owner == state.initiative] + [
        inst for inst in found if inst.owner != state.initiative
    ]


def attack_line(state: State, line: int) -> Flow:
    """Resolve the attack on one line (R8.1–R8.5).

    The attack order is fixed when the line's step begins [decision R8.2]: a unit that
    enters during the step (an order played on a hit) does not attack in it. A unit that
    has left the field or already collided this step skips.
    """
    order = attack_order(state, line)
    if order:
        yield from _attack(state, line, order)


def _attack(state: State, line: int, order: list[Inst]) -> Flow:
    cells = state.cells
    seats = state.seats
    collided: set[int] = set()
    # Checked again after a hit: an order entering the line may bring an attack trigger.
    watched = _watched(state, line) if state.line_watchers[line] else None
    for unit in order:
        if unit.zone != FIELD or unit.id in collided:
            continue
        if watched is not None:
            # R7.3, R7.8: attack triggers (traps) fire as the unit attacks, before it lands.
            yield from fire(state, Moment("attack", unit, line), watched, ATTACK_TRIGGERS)
            if unit.zone != FIELD:
                continue
        owner = unit.owner
        foe = 1 - owner
        target: Inst | None = None
        for cell in _LINE_CELLS[foe][line]:  # R8.3 [decision]: the front-most opposing unit
            inst = cells[cell]
            if inst is not None and inst.kind == "unit":
                target = inst
                break
        cell = unit.cell
        if target is not None:
            # R8.3: a collision, simultaneous; both count as having attacked.
            mine = unit.base + unit.delta + unit.mod
            theirs = target.base + target.delta + target.mod
            unit.delta -= theirs
            target.delta -= mine
            state.unsettled = True
            collided.add(unit.id)
            collided.add(target.id)
            other = target.cell
            if state.recording:
                state._events.append(
                    Event(
                        (
                            {
                                "type": "collision",
                                "line": line,
                                "attacker": {
                                    "seat": owner,
                                    "card": unit.name,
                                    "cell": {
                                        "seat": CELL_SEAT[cell],
                                        "line": CELL_LINE[cell],
                                        "row": CELL_ROW[cell],
                                    },
                                    "strength": mine,
                                },
                                "defender": {
                                    "seat": target.owner,
                                    "card": target.name,
                                    "cell": {
                                        "seat": CELL_SEAT[other],
                                        "line": CELL_LINE[other],
                                        "row": CELL_ROW[other],
                                    },
                                    "strength": theirs,
                                },
                            },
                            None,
                            -1,
                        )
                    )
                )
            if settle_board(state):
                yield from settle(state)
            continue
        side = seats[foe]
        location = side.location
        strength = unit.base + unit.delta + unit.mod
        if state.recording:  # only the events name the attacker
            attacker = {
                "seat": owner,
                "card": unit.name,
                "cell": {"seat": CELL_SEAT[cell], "line": CELL_LINE[cell], "row": CELL_ROW[cell]},
            }
        if location is not None:
            # R8.4: the location absorbs the hit; it does not reduce the attacker; excess is lost.
            location.delta -= strength
            state.unsettled = True
            if state.recording:
                state._events.append(
                    Event(
                        (
                            {
                                "type": "hit_location",
                                "line": line,
                                "seat": foe,
                                "attacker": attacker,
                                "location": location.name,
                                "damage": strength,
                                "durability": max(location.base + location.delta + location.mod, 0),
                            },
                            None,
                            -1,
                        )
                    )
                )
            if settle_board(state):
                yield from settle(state)
            continue
        # R8.5: a successful attack on the hero; its owner plays an order or loses (R8.6, R9.1).
        side.hits_taken += 1
        if state.recording:
            state._events.append(
                Event(
                    (
                        {
                            "type": "hit_hero",
                            "line": line,
                            "seat": foe,
                            "attacker": attacker,
                            "hits_taken": side.hits_taken,
                        },
                        None,
                        -1,
                    )
                )
            )
        if side.orders_left == 0:
            state.end(owner, "orders_exhausted")
        yield from play_order(state, foe)
        watched = _watched(state, line) if state.line_watchers[line] else None
