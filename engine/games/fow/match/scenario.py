"""Force of Will positions for rules tests (engine/scenario.py): :func:`build` a match from a
spec, :func:`describe` a match's position as one (README.md, "Positions for rules tests")::

    {"phase": "main",          # mulligan | start | draw | main | end
     "turn": 1,                # 0 in the mulligan phase, else 1 or more
     "active": 0,              # the turn player
     "first": 0,               # the first player (F5.2, F6.1; default: 0)
     "priority": 0,            # draw, main, end: who holds priority (default: active)
     "passed": false,          # … and whether the other seat passed last (F8.3)
     "turn_limit": 60, "seq": 0, "seed": 0,
     "seats": [seat, seat]}

and a seat::

    {"name": "A", "ruler": "Aurelia, Warden of the Dawnspire",   # required
     "ruler_rested": false,    # the ruler in its zone (F7.2, F7.3)
     "life": 4000, "will": {"light": 1},      # the will pool (F7.5)
     "called": false, "judged_this_turn": false, "judgment_lost": false,  # F7.2–F7.4
     "to_mulligan": true,      # the mulligan phase: still to answer (F5.2)
     "hand": [card, …], "deck": [card, …] (top first), "stones": [card, …] (top first),
     "graveyard": [card, …], "removed": [card, …],
     "field": [{"card": "Ember Imp", "rested": false, "new": false, "damage": 0, "atk": 0,
                "def": 0, "equips": 0, "j": false}, …]}

A card is its name or an object with ``card``: in a hand, ``public`` (a card both players saw
go there, F4.5); on the field ``rested``, ``new`` (put there this turn, F9.1), ``damage``
(F9.5), ``atk``/``def`` (until end of turn, F11), ``equips`` (the index in the same field of the
resonator an addition equips, F10.2), ``j`` (the seat's ruler as its J-ruler, F7.3). A position
is settled (F12.1): no fighter at DEF 0 or less, no life at 0.

The match then runs from there to its first decision: ``start`` begins the turn ``turn`` (its
start-of-turn triggers, the draw, F6.1), ``draw``, ``main`` and ``end`` open that phase's
window with ``priority`` holding it (F8.4).
"""

from __future__ import annotations

from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.fow.cards import ATTRIBUTES, Card
from engine.games.fow.match.core import Match
from engine.games.fow.match.state import (
    BOTH,
    DECK,
    FIELD,
    GRAVEYARD,
    HAND,
    REMOVED,
    RULER_ZONE,
    START_LIFE,
    STONE_DECK,
    TURN_LIMIT,
    Inst,
)
from engine.scenario import Entry, SpecReader, Stock, counted

PHASES: tuple[str, ...] = ("mulligan", "start", "draw", "main", "end")
WINDOWS: tuple[str, ...] = ("draw", "main", "end")  # phases whose window a spec opens
TOP_KEYS: tuple[str, ...] = (
    "phase", "turn", "active", "first", "priority", "passed", "turn_limit", "seq", "seed", "seats",
)  # fmt: skip
SEAT_KEYS: tuple[str, ...] = (
    "name", "ruler", "ruler_rested", "life", "will", "called", "judged_this_turn", "judgment_lost",
    "to_mulligan", "hand", "deck", "stones", "graveyard", "removed", "field",
)  # fmt: skip
FIELD_KEYS: tuple[str, ...] = ("rested", "new", "damage", "atk", "def", "equips", "j")
ON_FIELD = ("resonator", "addition", "regalia", "magic_stone")
FLAGS: tuple[tuple[str, str], ...] = (
    ("ruler_rested", ""), ("called", "called"), ("judged_this_turn", "judged_turn"),
    ("judgment_lost", "judgment_lost"),
)  # fmt: skip


class SeatSpec:
    """One seat of a spec, read and checked."""

    def __init__(self, where: str) -> None:
        self.where = where
        self.name = "A"
        self.ruler: Card | None = None
        self.flags: dict[str, bool] = {}
        self.life = START_LIFE
        self.will: dict[str, int] = {}
        self.to_mulligan = False
        self.zones: dict[str, list[Entry[Card]]] = {}


def build(catalog: Catalog[Any], spec: Any) -> Match:
    """Return a match in the position ``spec`` describes, run to its first decision; raise
    :class:`~engine.problems.InputError` naming every bad key, card and value."""
    reader: SpecReader[Card] = SpecReader(catalog)
    top = reader.object(spec, "", TOP_KEYS, required=("seats",))
    phase = reader.choice(top, "phase", "", PHASES, default="main")
    mulligan = phase == "mulligan"
    turn = reader.whole(top, "turn", "", default=0 if mulligan else 1, low=0 if mulligan else 1,
                        high=0 if mulligan else None)  # fmt: skip
    active = reader.whole(top, "active", "", default=0, high=1)
    first = reader.whole(top, "first", "", default=0, high=1)
    if phase == "start" and turn == 1 and active != first:
        reader.problem("active", "the first turn is the first player's (F5.2)")
    priority = reader.whole(top, "priority", "", default=active, high=1)
    passed = reader.flag(top, "passed", "", default=priority != active)
    for key in ("priority", "passed"):
        if key in top and phase not in WINDOWS:
            reader.problem(key, "only a position in a phase's window has it (F8.4)")
    turn_limit = reader.whole(top, "turn_limit", "", default=TURN_LIMIT, low=1)
    seq = reader.whole(top, "seq", "", default=0)
    seed = reader.whole(top, "seed", "", default=0)
    raw_seats = reader.seats(top)
    if raw_seats is None:
        reader.fail()
    seats = [_read_seat(reader, raw, index, phase) for index, raw in enumerate(raw_seats)]
    if mulligan and not any(seat.to_mulligan for seat in seats):
        reader.problem("seats", "in the mulligan phase a seat has still to answer (to_mulligan, F5.2)")
    reader.done()

    decks = (_decklist(seats[0]), _decklist(seats[1]))
    match = Match(
        catalog, decks, seed=seed, shuffle=False, first=first, turn_limit=turn_limit,
        names=(seats[0].name, seats[1].name), start=False,
    )  # fmt: skip
    match.turn = turn - 1 if phase == "start" else turn
    match.active = (1 - active if turn > 1 else active) if phase == "start" else active
    for index, seat in enumerate(seats):
        _lay_out(match, index, seat, turn)
    for side in match.seats:
        for inst in side.field:
            if match.is_fighter(inst) and match.defense(inst) <= 0:
                where = f"seats[{inst.owner}].field[{side.field.index(inst)}]"
                reader.problem(
                    where, f"{inst.name} would be at DEF {match.defense(inst)}: it is destroyed (F9.5)"
                )
    reader.done()
    match.damage_dealt = any(inst.damage for side in match.seats for inst in side.field)
    match.seq = seq
    if phase in ("mulligan", "start"):  # run() begins the turn once no mulligan is left
        match.phase = "mulligan"
        match.mulligans_left = [s for s in (first, 1 - first) if seats[s].to_mulligan]
    else:
        match.phase = phase
        match.chain.open_window(active)
        match.chain.holder = priority
        match.chain.passes = 1 if passed else 0
    match.built = dict(top)
    match.run()
    match.initial_events = match.events
    return match


def _read_seat(reader: SpecReader[Card], raw: Any, index: int, phase: str) -> SeatSpec:
    where = f"seats[{index}]"
    seat = SeatSpec(where)
    fields = reader.object(raw, where, SEAT_KEYS, required=("ruler",))
    name = fields.get("name", ("A", "B")[index])
    if not isinstance(name, str):
        reader.problem(f"{where}.name", "must be a string")
    else:
        seat.name = name
    if "ruler" in fields:
        seat.ruler = reader.card(fields["ruler"], f"{where}.ruler")
        if seat.ruler is not None and not seat.ruler.is_ruler:
            reader.problem(f"{where}.ruler", f"{seat.ruler.name!r} is not a ruler (F2.3)")
    for key, _attr in FLAGS:
        seat.flags[key] = reader.flag(fields, key, where)
    seat.life = reader.whole(fields, "life", where, default=START_LIFE, low=1)
    will = fields.get("will", {})
    if not isinstance(will, dict):
        reader.problem(f"{where}.will", "must be an object of attribute → will")
    else:
        for key in will:
            if key not in ATTRIBUTES:
                reader.problem(
                    f"{where}.will.{key}", f"unknown attribute; expected one of {', '.join(ATTRIBUTES)}"
                )
            else:
                count = reader.whole(will, key, f"{where}.will", default=0)
                if count:
                    seat.will[key] = count
    seat.to_mulligan = reader.flag(fields, "to_mulligan", where, default=phase == "mulligan")
    if seat.to_mulligan and phase != "mulligan":
        reader.problem(f"{where}.to_mulligan", "only in the mulligan phase (F5.2)")
    for zone in ("hand", "deck", "stones", "graveyard", "removed"):
        seat.zones[zone] = reader.entries(
            fields.get(zone), f"{where}.{zone}", ("public",) if zone == "hand" else ()
        )
    seat.zones["field"] = reader.entries(fields.get("field"), f"{where}.field", FIELD_KEYS)
    _check_cards(reader, seat)
    return seat


def _check_cards(reader: SpecReader[Card], seat: SeatSpec) -> None:
    """Record where the rules cannot put a card of ``seat``, and bad per-card values."""
    for zone, entries in seat.zones.items():
        for entry in entries:
            card = entry.card
            if zone == "field" and entry.extra.get("j") is True:
                if seat.ruler is None or card.name != seat.ruler.name:
                    reader.problem(f"{entry.where}.j", "only the seat's ruler is its J-ruler (F7.3)")
                continue
            if card.is_ruler:
                reader.problem(
                    entry.where, f"{card.name!r} is a ruler: it is the seat's ruler or its J-ruler (F2.3)"
                )
            elif zone in ("hand", "deck") and card.is_stone:
                reader.problem(entry.where, f"{card.name!r} is a magic stone: not in the main deck (F2.1)")
            elif zone == "stones" and not card.is_stone:
                reader.problem(entry.where, f"{card.name!r} is not a magic stone (F2.2)")
            elif zone == "field" and card.type not in ON_FIELD:
                reader.problem(entry.where, f"a {card.type} does not stay on the field (F10.1)")
    field = seat.zones["field"]
    js = [entry for entry in field if entry.extra.get("j") is True]
    if len(js) > 1:
        reader.problem(js[1].where, "one J-ruler a seat (F7.3)")
    if js and seat.flags.get("ruler_rested"):
        reader.problem(f"{seat.where}.ruler_rested", "the ruler is on the field as its J-ruler (F7.3)")
    for entry in field:
        fighter = entry.extra.get("j") is True or entry.card.type == "resonator"
        for key in ("rested", "new", "j"):
            reader.flag(entry.extra, key, entry.where)
        for key in ("damage", "atk", "def"):
            if key in entry.extra:
                low = 0 if key == "damage" else -100_000
                reader.whole(entry.extra, key, entry.where, default=0, low=low)
                if not fighter:
                    reader.problem(f"{entry.where}.{key}", "only a resonator or a J-ruler has it (F1.4)")
        if "equips" in entry.extra:
            index = entry.extra["equips"]
            host = field[index] if isinstance(index, int) and 0 <= index < len(field) else None
            if entry.card.equip is None:
                reader.problem(f"{entry.where}.equips", "only an addition with equip equips (F10.2)")
            elif (
                host is None
                or host is entry
                or not (host.extra.get("j") is True or host.card.type == "resonator")
            ):
                reader.problem(
                    f"{entry.where}.equips", "must be the index of a resonator or J-ruler in this field"
                )


def _decklist(seat: SeatSpec) -> Decklist:
    """Return the decklist the seat's cards make: its ruler, the magic stones, the rest as its
    main deck (the cards the match makes before the position puts them in place)."""
    cards = [entry for zone in seat.zones.values() for entry in zone if entry.extra.get("j") is not True]
    main = counted(entry for entry in cards if not entry.card.is_stone)
    stones = counted(entry for entry in cards if entry.card.is_stone)
    assert seat.ruler is not None
    return Decklist(game="fow", zones={"ruler": seat.ruler.name, "main": main, "stones": stones, "side": {}})


def _lay_out(match: Match, seat: int, spec: SeatSpec, turn: int) -> None:
    """Put the seat's cards where the spec says, and set its counters."""
    side = match.seats[seat]
    stock = Stock([*side.deck, *side.stones])

    def take(entry: Entry[Card], zone: int) -> Inst:
        if entry.extra.get("j") is not True:
            return stock.take(entry, zone)
        side.ruler.zone = zone
        return side.ruler

    side.deck = stock.fill(spec.zones["deck"], DECK)
    side.stones = stock.fill(spec.zones["stones"], STONE_DECK)
    side.field = []
    for entry in spec.zones["field"]:
        inst = take(entry, FIELD)
        extra = entry.extra
        inst.j = extra.get("j") is True
        inst.rested = extra.get("rested") is True
        inst.entered = turn if extra.get("new") is True else turn - 1
        inst.damage = int(extra.get("damage", 0))
        inst.atk_mod = int(extra.get("atk", 0))
        inst.def_mod = int(extra.get("def", 0))
        inst.known = BOTH
        if not inst.j:
            match.mint(inst)
        side.field.append(inst)
    for entry, inst in zip(spec.zones["field"], side.field, strict=True):
        if "equips" in entry.extra:
            inst.equipped_to = side.field[int(entry.extra["equips"])].id
    side.hand = []
    for entry in spec.zones["hand"]:
        inst = take(entry, HAND)
        inst.known = BOTH if entry.extra.get("public") is True else 1 << seat
        match.mint(inst)
        side.hand.append(inst)
    for zone, number in (("graveyard", GRAVEYARD), ("removed", REMOVED)):
        pile = [take(entry, number) for entry in spec.zones[zone]]
        for inst in pile:
            inst.known = BOTH
            match.mint(inst)
        setattr(side, zone, pile)
    if not side.ruler.j:
        side.ruler.zone = RULER_ZONE
        side.ruler.rested = spec.flags["ruler_rested"]
    side.called = spec.flags["called"]
    side.judged_turn = spec.flags["judged_this_turn"]
    side.judgment_lost = spec.flags["judgment_lost"]
    side.life = spec.life
    side.will = dict(spec.will)


def describe(state: Match) -> dict[str, Any] | None:
    """Return the spec of ``state``'s position (:func:`build` makes the same one), or None when
    it waits for anything but a mulligan or a priority on an empty chase outside a battle (or
    the game is over)."""
    pending = state.pending
    chain = state.chain
    if pending is None:
        return None
    if pending.kind == "mulligan":
        phase = "mulligan"
    elif (
        pending.kind == "priority"
        and state.phase in WINDOWS
        and not chain.items
        and not chain.pending
        and chain.ordering is None
        and state.battle is None
    ):
        phase = state.phase
    else:
        return None
    spec: dict[str, Any] = {"phase": phase, "turn": state.turn, "active": state.active, "first": state.first}
    if phase != "mulligan":
        spec["priority"] = pending.seat
        spec["passed"] = chain.passes > 0
    spec["turn_limit"] = state.turn_limit
    spec["seq"] = state.seq
    spec["seed"] = state.seed
    spec["seats"] = [_describe_seat(state, seat, phase) for seat in (0, 1)]
    return spec


def _describe_seat(state: Match, seat: int, phase: str) -> dict[str, Any]:
    side = state.seats[seat]
    field: list[Any] = []
    for inst in side.field:
        extra: dict[str, Any] = {}
        if inst.j:
            extra["j"] = True
        if inst.rested:
            extra["rested"] = True
        if inst.entered == state.turn:
            extra["new"] = True
        for key, value in (("damage", inst.damage), ("atk", inst.atk_mod), ("def", inst.def_mod)):
            if value:
                extra[key] = value
        if inst.equipped_to is not None:
            extra["equips"] = next(i for i, host in enumerate(side.field) if host.id == inst.equipped_to)
        field.append({"card": inst.name, **extra} if extra else inst.name)
    out: dict[str, Any] = {
        "name": side.name,
        "ruler": side.ruler.name,
        "ruler_rested": side.ruler.rested and not side.ruler.j,
        "life": side.life,
        "will": dict(side.will),
        "called": side.called,
        "judged_this_turn": side.judged_turn,
        "judgment_lost": side.judgment_lost,
    }
    if phase == "mulligan":
        out["to_mulligan"] = seat in state.mulligans_left
    out["hand"] = [{"card": i.name, "public": True} if i.known == BOTH else i.name for i in side.hand]
    out["deck"] = [inst.name for inst in side.deck]
    out["stones"] = [inst.name for inst in side.stones]
    out["graveyard"] = [inst.name for inst in side.graveyard]
    out["removed"] = [inst.name for inst in side.removed]
    out["field"] = field
    return out
