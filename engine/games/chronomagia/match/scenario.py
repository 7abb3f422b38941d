"""Chronomagia positions for rules tests (engine/scenario.py): :func:`build` a match from a spec,
:func:`describe` a match's position as one.

A spec (README.md, "Positions for rules tests", has an example)::

    {"step": "main",          # start | upkeep | meditation | main | attack | end (C6)
     "turn": 3,               # 1 or more (C6)
     "active": 0,             # whose turn (default 0)
     "first": 0,              # the first player (C5.2; default: active on odd turns)
     "century": 1,            # 1–30 (C3.2); at "start" the century before the natural flow
     "time_moves": 0,         # moves by effects this turn (C8.6)
     "turn_limit": 100,       # C15.3
     "seq": 0, "seed": 0,
     "seats": [seat, seat]}

and a seat::

    {"name": "A", "hero": "Tester", "life": 30, "armor": 0, "tokens": 0,
     "hero_used": false, "meditated": false, "meditating": false,
     "collected": ["concentration"],          # kinds collected this turn (C7.1)
     "hand": [card, …], "deck": [card, …] (top first), "pool": [card, …] (oldest first),
     "hero_deck": [card, …], "graveyard": [card, …],
     "field": [card, …]}                      # in the order the cards came into play

A card is its name, or an object with ``card`` and what it carries: in a hand, ``seen`` (the
opponent knows it, C4.4); on the field ``tapped``, ``new`` (entered this turn: summoning
sickness, C7.1), ``epoch`` (its own epoch after a time shift, C8.5), ``lives`` (a terrain's
lives or a phenomenon's time counter; default the card's), ``trapped_by`` (the trapper's seat,
C13), ``face_down`` (a shadow, C10.4; every shadow on the field is) and ``seen`` (a face-down
shadow the opponent looked at, C4.2).

The match then runs from the start of ``step`` to its first decision (``start``: the natural
flow, the untap and the start-of-turn abilities happen; ``main``: the active seat decides).
"""

from __future__ import annotations

from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.chronomagia.cards import RESOURCES, Card
from engine.games.chronomagia.match.core import Match
from engine.games.chronomagia.match.state import (
    BOTH,
    DECK,
    GRAVEYARD,
    HAND,
    LAST_CENTURY,
    POOL,
    TIME_MOVES_PER_TURN,
    TURN_LIMIT,
    Inst,
    epoch_of,
)
from engine.scenario import Entry, SpecReader, Stock, counted

STEPS: tuple[str, ...] = ("start", "upkeep", "meditation", "main", "attack", "end")
TOP_KEYS: tuple[str, ...] = (
    "step", "turn", "active", "first", "century", "time_moves", "turn_limit", "seq", "seed", "seats",
)  # fmt: skip
SEAT_KEYS: tuple[str, ...] = (
    "name", "hero", "life", "armor", "tokens", "hero_used", "meditated", "meditating", "collected",
    "hand", "deck", "pool", "hero_deck", "graveyard", "field",
)  # fmt: skip
ZONES: tuple[str, ...] = ("hand", "deck", "pool", "hero_deck", "graveyard")
FIELD_KEYS: tuple[str, ...] = ("tapped", "new", "epoch", "lives", "trapped_by", "face_down", "seen")
COUNTERS: tuple[tuple[str, int, int], ...] = (("life", 30, -10_000), ("armor", 0, 0), ("tokens", 0, 0))
FLAGS: tuple[str, ...] = ("hero_used", "meditated", "meditating")


class SeatSpec:
    """One seat of a spec, read and checked."""

    def __init__(self, index: int) -> None:
        self.where = f"seats[{index}]"
        self.name = ("A", "B")[index]
        self.hero: Card | None = None
        self.counters: dict[str, int] = {}
        self.flags: dict[str, bool] = {}
        self.collected: list[str] = []
        self.zones: dict[str, list[Entry[Card]]] = {}
        self.field: list[Entry[Card]] = []


def build(catalog: Catalog[Any], spec: Any) -> Match:
    """Return a match in the position ``spec`` describes, run to its first decision; raise
    :class:`~engine.problems.InputError` naming every bad key, card and value."""
    reader: SpecReader[Card] = SpecReader(catalog)
    top = reader.object(spec, "", TOP_KEYS, required=("seats",))
    step = reader.choice(top, "step", "", STEPS, default="main")
    turn = reader.whole(top, "turn", "", default=1, low=1)
    active = reader.whole(top, "active", "", default=0, high=1)
    first = reader.whole(top, "first", "", default=active if turn % 2 else 1 - active, high=1)
    if (first == active) != (turn % 2 == 1):
        reader.problem("first", "the first player has the odd turns (C5.2)")
    century = reader.whole(top, "century", "", default=1, low=1, high=LAST_CENTURY)
    time_moves = reader.whole(top, "time_moves", "", default=0, high=TIME_MOVES_PER_TURN)
    turn_limit = reader.whole(top, "turn_limit", "", default=TURN_LIMIT, low=1)
    seq = reader.whole(top, "seq", "", default=0)
    seed = reader.whole(top, "seed", "", default=0)
    raw_seats = reader.seats(top)
    if raw_seats is None:
        reader.fail()
    seats = [_read_seat(reader, raw, index, step, epoch_of(century)) for index, raw in enumerate(raw_seats)]
    reader.done()

    match = Match(
        catalog, (_decklist(seats[0]), _decklist(seats[1])), seed=seed, shuffle=False, first=first,
        names=(seats[0].name, seats[1].name), turn_limit=turn_limit, start=False,
    )  # fmt: skip
    match.century = century
    match.time_moves = time_moves
    match.seq = seq
    match.step = step
    if step == "start":  # the turn begins: begin_turn counts it and picks its player
        match.turn = turn - 1
        match.active = 1 - active
    else:
        match.turn = turn
        match.active = active
    for index in (0, 1):
        _lay_out(match, index, seats[index], turn)
    if step == "meditation" and not match.can_meditate(active):
        reader.problem("step", "the active seat cannot meditate: turn 1, no pool or no hero deck (C6.3)")
        reader.done()
    match.built = dict(top)
    match.run()
    match.initial_events = match.events
    return match


def _read_seat(reader: SpecReader[Card], raw: Any, index: int, step: str, epoch: int) -> SeatSpec:
    seat = SeatSpec(index)
    where = seat.where
    fields = reader.object(raw, where, SEAT_KEYS, required=("hero",))
    name = fields.get("name", seat.name)
    if isinstance(name, str):
        seat.name = name
    else:
        reader.problem(f"{where}.name", "must be a string")
    if "hero" in fields:
        seat.hero = reader.card(fields["hero"], f"{where}.hero")
        if seat.hero is not None and not seat.hero.is_hero:
            reader.problem(f"{where}.hero", f"{seat.hero.name!r} is not a hero (C2.1)")
    for key, default, low in COUNTERS:
        seat.counters[key] = reader.whole(fields, key, where, default=default, low=low)
    for key in FLAGS:
        seat.flags[key] = reader.flag(fields, key, where)
    collected = fields.get("collected", [])
    if not isinstance(collected, list) or any(kind not in RESOURCES for kind in collected):
        reader.problem(f"{where}.collected", f"must be a list of {', '.join(RESOURCES)}")
    else:
        seat.collected = sorted(set(collected))
    for zone in ZONES:
        seat.zones[zone] = reader.entries(
            fields.get(zone), f"{where}.{zone}", ("seen",) if zone == "hand" else ()
        )
    seat.field = reader.entries(fields.get("field"), f"{where}.field", FIELD_KEYS)
    _check_cards(reader, seat, step, epoch)
    return seat


def _check_cards(reader: SpecReader[Card], seat: SeatSpec, step: str, epoch: int) -> None:
    """Record where the rules cannot put a card of ``seat``, and bad per-card values."""
    for zone in ZONES:
        for entry in seat.zones[zone]:
            if entry.card.is_hero:
                reader.problem(
                    entry.where, f"{entry.card.name!r} is a hero: it is only ever on the throne (C2.2)"
                )
            elif entry.card.token:
                reader.problem(entry.where, f"{entry.card.name!r} is a token: it exists only in play (C11.4)")
            if "seen" in entry.extra:
                reader.flag(entry.extra, "seen", entry.where)
    taken: dict[str, str] = {}
    for entry in seat.field:
        card, extra, where = entry.card, entry.extra, entry.where
        if card.is_hero:
            reader.problem(where, f"{card.name!r} is a hero: it is only ever on the throne (C2.2)")
            continue
        face_down = reader.flag(extra, "face_down", where)
        if face_down != (card.kind == "shadow"):
            reader.problem(f"{where}.face_down", "a shadow in play is face down, and only a shadow (C10.4)")
        own = reader.whole(extra, "epoch", where, default=0, low=1, high=3) if "epoch" in extra else None
        row = card.row(own or epoch)
        if row is None and not face_down:
            reader.problem(where, f"{card.name!r} does not exist in epoch {own or epoch} (C1.4)")
        elif row is not None and card.kind == "thoughtform" and row.resources is None:
            reader.problem(where, f"{card.name!r} is a spell in epoch {own or epoch}, not a creature (C1.3)")
        if card.kind in ("terrain", "phenomenon") and not face_down:
            if card.kind in taken:
                reader.problem(
                    where, f"the seat controls a {card.kind} already: {taken[card.kind]} (C10.2, C10.3)"
                )
            taken[card.kind] = where
            reader.whole(extra, "lives", where, default=1, low=1)
        elif "lives" in extra:
            reader.problem(f"{where}.lives", "only a terrain or a phenomenon has lives (C10.2, C10.3)")
        tapped = reader.flag(extra, "tapped", where)
        if reader.flag(extra, "new", where) and step == "start":
            reader.problem(f"{where}.new", "at the start of a turn nothing has entered this turn yet (C6.1)")
        if "trapped_by" in extra:
            reader.whole(extra, "trapped_by", where, default=0, high=1)
            if not tapped:
                reader.problem(f"{where}.trapped_by", "a trapped creature is tapped (C13 trap)")
        if reader.flag(extra, "seen", where) and not face_down:
            reader.problem(
                f"{where}.seen", "a face-up card is seen by both: only a face-down shadow has it (C4.2)"
            )
        if face_down and (tapped or own is not None):
            reader.problem(where, "a face-down shadow is neither tapped nor shifted (C8.4, C10.4)")


def _decklist(seat: SeatSpec) -> Decklist:
    """Return the decklist the seat's cards make: its hero, its hero deck, the rest (tokens aside)
    as its main deck (the cards the match makes, before the position puts them in place)."""
    made = [entry for zone in ("hand", "deck", "pool", "graveyard") for entry in seat.zones[zone]]
    main = counted([*made, *(entry for entry in seat.field if not entry.card.token)])
    side = counted(seat.zones["hero_deck"])
    assert seat.hero is not None
    return Decklist(game="chronomagia", zones={"hero": seat.hero.name, "main": main, "side": side})


def _lay_out(match: Match, index: int, spec: SeatSpec, turn: int) -> None:
    """Put the seat's cards where the spec says (C4.4: ids minted as cards come into sight), and
    set its counters."""
    side = match.seats[index]
    stock = Stock(side.deck)  # every main deck card, made in listed order
    take = stock.take
    mine, both = 1 << index, BOTH
    side.deck = stock.fill(spec.zones["deck"], DECK)
    side.pool = stock.fill(spec.zones["pool"], POOL)
    side.hand = []
    for entry in spec.zones["hand"]:
        inst = take(entry, HAND)
        inst.known = both if entry.extra.get("seen") is True else mine
        match.mint(inst)
        side.hand.append(inst)
    side.graveyard = []
    for entry in spec.zones["graveyard"]:
        inst = take(entry, GRAVEYARD)
        inst.known = both
        match.mint(inst)
        side.graveyard.append(inst)
    for entry in spec.field:
        extra = entry.extra
        inst = match._new_inst(entry.card, index, -1) if entry.card.token else take(entry, -1)
        match.to_field(inst, index)  # mints it, sets its lives (C10.2, C10.3)
        inst.entered = turn if extra.get("new") is True else turn - 1
        inst.tapped = extra.get("tapped") is True
        inst.own_epoch = extra.get("epoch")
        inst.trapped_by = extra.get("trapped_by")
        if "lives" in extra:
            inst.lives = int(extra["lives"])
        if extra.get("face_down") is True:
            inst.face_down = True
            inst.known = both if extra.get("seen") is True else mine
    side.life = spec.counters["life"]
    side.armor = spec.counters["armor"]
    side.tokens = spec.counters["tokens"]
    side.hero_used = spec.flags["hero_used"]
    side.meditated = spec.flags["meditated"]
    side.meditating = spec.flags["meditating"]
    side.collected = set(spec.collected)


def describe(state: Match) -> dict[str, Any] | None:
    """Return the spec of ``state``'s position (:func:`build` makes the same one), or None when
    it waits for a decision other than a meditation, a main phase's or an attack's (a redraw, a
    choice or a flip in the middle of a resolution) or the game is over."""
    pending = state.decision()
    if pending is None or pending.kind not in ("meditation", "main", "attack") or state.queue:
        return None
    if state.ordering:
        return None
    return {
        "step": state.step,
        "turn": state.turn,
        "active": state.active,
        "first": state.first,
        "century": state.century,
        "time_moves": state.time_moves,
        "turn_limit": state.turn_limit,
        "seq": state.seq,
        "seed": state.seed,
        "seats": [_describe_seat(state, index) for index in (0, 1)],
    }


def _describe_seat(state: Match, index: int) -> dict[str, Any]:
    side = state.seats[index]
    other = 1 << (1 - index)

    def in_hand(inst: Inst) -> Any:
        return {"card": inst.name, "seen": True} if inst.known & other else inst.name

    def in_play(inst: Inst) -> Any:
        extra: dict[str, Any] = {}
        if inst.tapped:
            extra["tapped"] = True
        if inst.entered >= state.turn:
            extra["new"] = True
        if inst.own_epoch is not None:
            extra["epoch"] = inst.own_epoch
        card = inst.card
        default = (
            card.lives if card.kind == "terrain" else card.time_counter if card.kind == "phenomenon" else 0
        )
        if inst.lives != default and not inst.face_down:
            extra["lives"] = inst.lives
        if inst.trapped_by is not None:
            extra["trapped_by"] = inst.trapped_by
        if inst.face_down:
            extra["face_down"] = True
            if inst.known & other:
                extra["seen"] = True
        return {"card": inst.name, **extra} if extra else inst.name

    return {
        "name": side.name,
        "hero": side.hero.name,
        "life": side.life,
        "armor": side.armor,
        "tokens": side.tokens,
        "hero_used": side.hero_used,
        "meditated": side.meditated,
        "meditating": side.meditating,
        "collected": sorted(side.collected),
        "hand": [in_hand(inst) for inst in side.hand],
        "deck": [inst.name for inst in side.deck],
        "pool": [inst.name for inst in side.pool],
        "hero_deck": sorted(inst.name for inst in side.hero_deck),
        "graveyard": [inst.name for inst in side.graveyard],
        "field": [in_play(inst) for inst in side.field],
    }
