# mypyc: compiled by build_engine.py
"""The RESPONSE table: zones, lines, rows and cells (R3), and the numbers the rules fix.

Integers because they are compared in hot loops (bench/bench_engine.py). A cell is
``seat * 15 + (line - 1) * 3 + (row - 1)`` (lines per R3.3, rows per R3.2).
"""

from __future__ import annotations

# Zones: where a card instance is (R3.1). Integers because they are compared in hot loops.
DECK, HAND, FIELD, LOCATION, GRAVEYARD, SPACE, ORDER_DOWN, ORDER_UP, HERO, STACK = range(10)
ZONE_NAMES: tuple[str, ...] = (
    "deck",
    "hand",
    "field",
    "location",
    "graveyard",
    "space",
    "order_down",
    "order_up",
    "hero",
    "stack",
)

LINES = 5  # R3.2
ROWS = 3  # R3.2 [decision]
SEAT_CELLS = LINES * ROWS
ALL_CELLS = 2 * SEAT_CELLS
DECISIONS_PER_TURN = 5  # R6.3
OPENING_HAND = 7  # R5.2
# Trigger words the board keeps counts of, for quick "does any card care?" checks.
ATTACK_TRIGGERS: frozenset[str] = frozenset({"ally_attacks_in_line", "enemy_attacks_in_line"})
TIMED_TRIGGERS: frozenset[str] = frozenset({"start_of_turn", "end_of_turn", "start_of_combat"})
MAX_STRENGTH = 10_000  # a sanity bound for the invariants, far above any real card

CELL_SEAT: tuple[int, ...] = tuple(i // SEAT_CELLS for i in range(ALL_CELLS))
CELL_LINE: tuple[int, ...] = tuple((i % SEAT_CELLS) // ROWS + 1 for i in range(ALL_CELLS))
CELL_ROW: tuple[int, ...] = tuple(i % ROWS + 1 for i in range(ALL_CELLS))
# R3.3/R6.4: lines left to right as each seat sees them.
LINE_ORDER: tuple[tuple[int, ...], tuple[int, ...]] = ((1, 2, 3, 4, 5), (5, 4, 3, 2, 1))


def cell_index(seat: int, line: int, row: int) -> int:
    """Return the integer cell of (seat, line, row); lines 1–5 (R3.3), rows 1–3 (R3.2)."""
    return seat * SEAT_CELLS + (line - 1) * ROWS + (row - 1)


def cell_dict(cell: int) -> dict[str, int]:
    """Return the JSON shape of a cell: ``{"seat": s, "line": L, "row": R}``."""
    return {"seat": CELL_SEAT[cell], "line": CELL_LINE[cell], "row": CELL_ROW[cell]}


# Precomputed cell tuples (hot loops): SEAT_CELL_TUPLES[seat], LINE_CELL_TUPLES[seat][line].
SEAT_CELL_TUPLES: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(range(0, SEAT_CELLS)),
    tuple(range(SEAT_CELLS, ALL_CELLS)),
)
LINE_CELL_TUPLES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(range(seat * SEAT_CELLS + (line - 1) * ROWS, seat * SEAT_CELLS + line * ROWS)) if line else ()
        for line in range(LINES + 1)
    )
    for seat in (0, 1)
)


def seat_cells(seat: int) -> range:
    """Return the cells of one seat's tactical segment, line by line, front row first."""
    return range(seat * SEAT_CELLS, (seat + 1) * SEAT_CELLS)


def line_cells(seat: int, line: int) -> range:
    """Return one seat's three cells of ``line``, front (row 1) to back (row 3)."""
    start = seat * SEAT_CELLS + (line - 1) * ROWS
    return range(start, start + ROWS)
