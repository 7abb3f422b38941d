# mypyc: compiled by build_engine.py
"""RESPONSE positions for rules tests (engine/scenario.py): :func:`build` a match from a spec,
:func:`describe` a match's position as one.

A spec (README.md, "Positions for rules tests", has an example)::

    {"phase": "actions",        # mulligan | start | draw | actions | combat | end | recovery
     "turn": 1,                 # 0 in the mulligan phase, else 1 or more
     "initiative": 0,           # R4
     "to_act": 0,               # actions phase: whose decision (default: initiative)
     "passed": false,           # actions phase: the last decision was a pass (R6.3)
     "seq": 0, "seed": 0,
     "seats": [seat, seat]}

and a seat::

    {"name": "A", "hero": "Tester", "hero_used": false,
     "influence": 5,            # default: the hero's supply (R5.3)
     "decisions": 5,            # left this turn (R6.3); default 5 in the actions phase, else 0
     "hits_taken": 0, "mulliganed": false,   # null: not answered yet (mulligan phase)
     "orders": ["Order 1", …],  # the order row, left to right (R5.1)
     "orders_revealed": 0,      # how many, from the left, are revealed (R7.5)
     "hand": [card, …], "deck": [card, …] (top first), "graveyard": […], "space": […],
     "location": card or null,  # {"card": …, "delta": -2, "used": true}
     "field": [{"card": "Soldier", "line": 1, "row": 1, "delta": 0, "used": false,
                "face_down": false}, …]}

A card is its name, or an object with ``card`` and what it carries: ``delta`` (the change to
its strength or durability since the last recovery: damage negative, R6.6), ``used`` (its
action this turn, R7.6), ``face_down`` (a trap, R7.3), ``order`` (the position in the order
row of a revealed order that left the row, R7.5). A position is settled (R7.8): static
effects are applied, and a unit at strength ≤ 0 or a location at durability ≤ 0 is refused.

The match then runs to its first decision from the start of ``phase`` (``start``: the
start-of-turn abilities fire, then the draw …; ``actions``: ``to_act`` decides).
"""

from __future__ import annotations

from typing import Any

from engine.actions import is_int
from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.respons.cards import FIELD_TYPES, Card
from engine.games.respons.match.board import (
    CELL_LINE,
    CELL_ROW,
    DECISIONS_PER_TURN,
    DECK,
    FIELD,
    GRAVEYARD,
    HAND,
    LINES,
    LOCATION,
    ORDER_UP,
    ROWS,
    SPACE,
    cell_index,
    seat_cells,
)
from engine.games.respons.match.core import Match
from engine.games.respons.match.flow import PHASES, play_from
from engine.games.respons.match.insts import Inst
from engine.games.respons.match.resolution import refresh_statics
from engine.games.respons.match.state import State
from engine.scenario import Entry, SpecReader, Stock, counted

TOP_KEYS: tuple[str, ...] = ("phase", "turn", "initiative", "to_act", "passed", "seq", "seed", "seats")
SEAT_KEYS: tuple[str, ...] = (
    "name", "hero", "hero_used", "influence", "decisions", "hits_taken", "mulliganed", "orders",
    "orders_revealed", "hand", "deck", "graveyard", "space", "location", "field",
)  # fmt: skip
ZONES: tuple[str, ...] = ("hand", "deck", "graveyard", "space")
FIELD_KEYS: tuple[str, ...] = ("line", "row", "delta", "used", "face_down", "order")
LOCATION_KEYS: tuple[str, ...] = ("delta", "used", "order")
ALL_PHASES: tuple[str, ...] = ("mulligan", *PHASES)


class SeatSpec:
    """One seat of a spec, read and checked."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.name = "A"
        self.hero: Card | None = None
        self.hero_used = False
        self.influence: int | None = None
        self.decisions = 0
        self.hits_taken = 0
        self.mulliganed: bool | None = False
        self.orders: list[Entry[Card]] = []
        self.revealed = 0
        self.zones: dict[str, list[Entry[Card]]] = {}
        self.location: Entry[Card] | None = None
        self.field: list[Entry[Card]] = []

    def entries(self) -> list[Entry[Card]]:
        """Return every card entry of the seat but the hero and the order row."""
        found = [entry for zone in ZONES for entry in self.zones[zone]]
        if self.location is not None:
            found.append(self.location)
        return found + self.field


def build(catalog: Catalog[Any], spec: Any) -> Match:
    """Return a match in the position ``spec`` describes, run to its first decision; raise
    :class:`~engine.problems.InputError` naming every bad key, card and value."""
    reader: SpecReader[Card] = SpecReader(catalog)
    top = reader.object(spec, "", TOP_KEYS, required=("seats",))
    phase = reader.choice(top, "phase", "", ALL_PHASES, default="actions")
    mulligan = phase == "mulligan"
    turn = reader.whole(top, "turn", "", default=0 if mulligan else 1, low=0 if mulligan else 1,
                        high=0 if mulligan else None)  # fmt: skip
    initiative = reader.whole(top, "initiative", "", default=0, high=1)
    to_act = reader.whole(top, "to_act", "", default=initiative, high=1)
    passed = reader.flag(top, "passed", "")
    for key in ("to_act", "passed"):
        if key in top and phase != "actions":
            reader.problem(key, "only a position in the actions phase has it (R6.3)")
    seq = reader.whole(top, "seq", "", default=0)
    seed = reader.whole(top, "seed", "", default=0)
    raw_seats = reader.seats(top)
    if raw_seats is None:
        reader.fail()
    seats = [_read_seat(reader, raw, i, phase) for i, raw in enumerate(raw_seats)]
    if mulligan and all(seat.mulliganed is not None for seat in seats):
        reader.problem("seats", "in the mulligan phase a seat has still to answer (mulliganed: null, R5.2)")
    if phase == "actions" and not seats[to_act].decisions:
        reader.problem(f"seats[{to_act}].decisions", "the seat to act has no decision left (R6.3)")
    reader.done()

    decks = (_decklist(seats[0]), _decklist(seats[1]))
    match = Match(
        catalog, decks, seed=seed, shuffle=False, first_initiative=initiative,
        names=(seats[0].name, seats[1].name), start=False,
    )  # fmt: skip
    where: dict[int, str] = {}  # a card on the board: its entry's key path
    for seat in (0, 1):
        _lay_out(match, seat, seats[seat], where)
    match.turn = turn - 1 if phase == "start" else turn  # at "start" the turn begins
    match.phase = phase
    match.seq = seq
    match.passed = passed
    _settled(match, reader, where)
    reader.done()
    match.built = dict(top)
    match.resume(play_from(match, phase, to_act))
    return match


def _read_seat(reader: SpecReader[Card], raw: Any, index: int, phase: str) -> SeatSpec:
    where = f"seats[{index}]"
    seat = SeatSpec(where)
    fields = reader.object(raw, where, SEAT_KEYS, required=("hero",))
    name = fields.get("name", ("A", "B")[index])
    if not isinstance(name, str):
        reader.problem(f"{where}.name", "must be a string")
    else:
        seat.name = name
    if "hero" in fields:
        seat.hero = reader.card(fields["hero"], f"{where}.hero")
        if seat.hero is not None and not seat.hero.is_hero:
            reader.problem(f"{where}.hero", f"{seat.hero.name!r} is not a Hero (R2.1)")
    seat.hero_used = reader.flag(fields, "hero_used", where)
    if "influence" in fields:
        seat.influence = reader.whole(fields, "influence", where, default=0)
    decisions = DECISIONS_PER_TURN if phase == "actions" else 0
    seat.decisions = reader.whole(fields, "decisions", where, default=decisions, high=DECISIONS_PER_TURN)
    seat.hits_taken = reader.whole(fields, "hits_taken", where, default=0)
    mulliganed = fields.get("mulliganed", None if phase == "mulligan" else False)
    if mulliganed is None and phase != "mulligan":
        reader.problem(f"{where}.mulliganed", "every seat has answered its mulligan by now (R5.2)")
    elif mulliganed is not None and not isinstance(mulliganed, bool):
        reader.problem(f"{where}.mulliganed", "must be true, false or null")
    else:
        seat.mulliganed = mulliganed
    seat.orders = reader.entries(fields.get("orders"), f"{where}.orders")
    seat.revealed = reader.whole(fields, "orders_revealed", where, default=0, high=len(seat.orders))
    if phase == "mulligan" and seat.revealed:
        reader.problem(f"{where}.orders_revealed", "no order is revealed before the first turn (R5.1)")
    for zone in ZONES:
        seat.zones[zone] = reader.entries(fields.get(zone), f"{where}.{zone}", ("order",))
    if fields.get("location") is not None:
        seat.location = reader.entry(fields["location"], f"{where}.location", LOCATION_KEYS)
    seat.field = reader.entries(fields.get("field"), f"{where}.field", FIELD_KEYS)
    _check_cards(reader, seat)
    return seat


def _check_cards(reader: SpecReader[Card], seat: SeatSpec) -> None:
    """Record where the rules cannot put a card of ``seat``, and bad per-card values."""
    for entry in seat.orders:
        if entry.card.is_hero:
            reader.problem(entry.where, f"{entry.card.name!r} is a Hero (R2.4)")
    for entry in seat.entries():
        if entry.card.is_hero:
            reader.problem(entry.where, f"{entry.card.name!r} is a Hero: it is only ever the hero (R2.3)")
    claimed: set[int] = set()
    for entry in seat.entries():
        if "order" not in entry.extra:
            continue
        position = entry.extra["order"]
        if not is_int(position) or not 1 <= position <= seat.revealed:
            reader.problem(f"{entry.where}.order", "must be the position of a revealed order (R7.5)")
        elif seat.orders[position - 1].card.name != entry.card.name:
            reader.problem(
                f"{entry.where}.order", f"order {position} is {seat.orders[position - 1].card.name!r}"
            )
        elif position in claimed:
            reader.problem(f"{entry.where}.order", f"order {position} is elsewhere already")
        else:
            claimed.add(position)
    if seat.location is not None:
        if seat.location.card.type != "location":
            reader.problem(seat.location.where, f"a {seat.location.card.type} is not a location (R7.2)")
        reader.whole(seat.location.extra, "delta", seat.location.where, default=0, low=-10_000)
        reader.flag(seat.location.extra, "used", seat.location.where)
    taken: dict[tuple[Any, Any], str] = {}
    for entry in seat.field:
        card = entry.card
        if card.type not in FIELD_TYPES:
            reader.problem(entry.where, f"a {card.type} does not go to a cell (R7.2)")
        for key, high in (("line", LINES), ("row", ROWS)):
            if key not in entry.extra:
                reader.problem(f"{entry.where}.{key}", "is missing")
            else:
                reader.whole(entry.extra, key, entry.where, default=1, low=1, high=high)
        line, row = entry.extra.get("line"), entry.extra.get("row")
        if is_int(line) and is_int(row):
            if (line, row) in taken:
                reader.problem(entry.where, f"its cell holds {taken[(line, row)]} already (R3.2)")
            taken[(line, row)] = entry.where
        reader.whole(entry.extra, "delta", entry.where, default=0, low=-10_000)
        reader.flag(entry.extra, "used", entry.where)
        if reader.flag(entry.extra, "face_down", entry.where) and card.type != "trap":
            reader.problem(f"{entry.where}.face_down", "only a trap is face down on the field (R7.3)")


def _decklist(seat: SeatSpec) -> Decklist:
    """Return the decklist the seat's cards make: its hero, its order row, the rest as its main
    deck (the cards the match lays out, R5.1, before the position puts them in place)."""
    main = counted(entry for entry in seat.entries() if "order" not in entry.extra)
    assert seat.hero is not None
    orders = tuple(entry.card.name for entry in seat.orders)
    return Decklist(
        game="respons", zones={"hero": seat.hero.name, "orders": orders, "main": main, "side": {}}
    )


def _lay_out(match: Match, seat: int, spec: SeatSpec, where: dict[int, str]) -> None:
    """Put the seat's cards where the spec says, and set its counters."""
    side = match.seats[seat]
    stock = Stock(reversed(side.deck))  # every main deck card, made

    def take(entry: Entry[Card], zone: int, face_up: bool) -> Inst:
        position = entry.extra.get("order")
        if isinstance(position, int):
            inst = side.orders[position - 1]
            inst.zone = zone
        else:
            inst = stock.take(entry, zone)
        inst.face_up = face_up
        return inst

    side._deck = [take(entry, DECK, False) for entry in reversed(spec.zones["deck"])]  # the top is last
    side._unmade = 0
    side.hand = [take(entry, HAND, False) for entry in spec.zones["hand"]]
    side.graveyard = [take(entry, GRAVEYARD, True) for entry in spec.zones["graveyard"]]
    side.space = [take(entry, SPACE, True) for entry in spec.zones["space"]]
    if spec.location is not None:
        inst = take(spec.location, LOCATION, True)
        match.place_location(inst)
        inst.delta = int(spec.location.extra.get("delta", 0))
        inst.used = bool(spec.location.extra.get("used", False))
        where[inst.id] = spec.location.where
    for entry in spec.field:
        inst = take(entry, FIELD, True)
        cell = cell_index(seat, int(entry.extra["line"]), int(entry.extra["row"]))
        match.place(inst, cell, face_up=not entry.extra.get("face_down", False))
        inst.delta = int(entry.extra.get("delta", 0))
        inst.used = bool(entry.extra.get("used", False))
        where[inst.id] = entry.where
    claimed = {entry.extra["order"] for entry in spec.entries() if "order" in entry.extra}
    side.next_order = spec.revealed
    for position, order in enumerate(side.orders[: spec.revealed], start=1):
        if position not in claimed:
            order.zone = ORDER_UP  # revealed, it stays in its row (R7.5)
            order.face_up = True
    side.hero.used = spec.hero_used
    side.influence = side.supply if spec.influence is None else spec.influence
    side.decisions = spec.decisions
    side.hits_taken = spec.hits_taken
    side.mulliganed = spec.mulliganed


def _settled(match: Match, reader: SpecReader[Card], where: dict[int, str]) -> None:
    """Apply the static effects (R7.9) and record every card the position leaves at ≤ 0: a
    position is settled (R7.8, R8.3, R8.4)."""
    match.statics_dirty = True
    refresh_statics(match)
    for inst in filter(None, match.cells):
        if inst.kind == "unit" and inst.strength <= 0:
            reader.problem(
                where[inst.id], f"{inst.name} would be at strength {inst.strength}: it goes (R8.3)"
            )
    for side in match.seats:
        location = side.location
        if location is not None and location.base + location.delta <= 0:
            durability = location.base + location.delta
            reader.problem(where[location.id], f"{location.name} would be at durability {durability} (R8.4)")
    match.unsettled = False


def describe(state: State) -> dict[str, Any] | None:
    """Return the spec of ``state``'s position (:func:`build` makes the same one), or None when
    it waits for a decision other than a mulligan or an act (in the middle of a resolution) or
    the game is over."""
    pending = state.decision()
    if pending is None or pending.kind not in ("mulligan", "act") or state.stack or state.destroyed:
        return None
    phase = "mulligan" if pending.kind == "mulligan" else "actions"
    spec: dict[str, Any] = {"phase": phase, "turn": state.turn, "initiative": state.initiative}
    if phase == "actions":
        spec["to_act"] = pending.seat
        spec["passed"] = state.passed
    spec["seq"] = state.seq
    spec["seed"] = state.seed
    spec["seats"] = [_describe_seat(state, seat) for seat in (0, 1)]
    return spec


def _describe_seat(state: State, seat: int) -> dict[str, Any]:
    side = state.seats[seat]
    positions = {inst.id: position for position, inst in enumerate(side.orders, start=1)}

    def entry(inst: Inst, extra: dict[str, Any]) -> Any:
        position = positions.get(inst.id)
        if position is not None:
            extra["order"] = position
        return {"card": inst.name, **extra} if extra else inst.name

    def in_play(inst: Inst) -> dict[str, Any]:
        extra: dict[str, Any] = {}
        if inst.delta:
            extra["delta"] = inst.delta
        if inst.used:
            extra["used"] = True
        return extra

    deck: list[Any] = []
    for item in reversed(side._deck):  # top first; a card not made yet is its id (SeatState)
        deck.append(entry(item, {}) if isinstance(item, Inst) else side._protos[item - side._first][1])
    field: list[dict[str, Any]] = []
    for cell in seat_cells(seat):
        inst = state.cells[cell]
        if inst is not None:
            extra = {"line": CELL_LINE[cell], "row": CELL_ROW[cell], **in_play(inst)}
            if not inst.face_up:
                extra["face_down"] = True
            if inst.id in positions:
                extra["order"] = positions[inst.id]
            field.append({"card": inst.name, **extra})
    location = side.location
    return {
        "name": side.name,
        "hero": side.hero.name,
        "hero_used": side.hero.used,
        "influence": side.influence,
        "decisions": side.decisions,
        "hits_taken": side.hits_taken,
        "mulliganed": side.mulliganed,
        "orders": [inst.name for inst in side.orders],
        "orders_revealed": side.next_order,
        "hand": [entry(inst, {}) for inst in side.hand],
        "deck": deck,
        "graveyard": [entry(inst, {}) for inst in side.graveyard],
        "space": [entry(inst, {}) for inst in side.space],
        "location": None if location is None else entry(location, in_play(location)),
        "field": field,
    }
