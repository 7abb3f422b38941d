"""WoW TCG positions for rules tests (engine/scenario.py): :func:`build` a match from a spec,
:func:`describe` a match's position as one.

A spec (README.md, "Positions for rules tests", has an example)::

    {"phase": "action",        # start | ready | draw | action | end
     "turn": 1, "active": 0,   # the turn and the turn player (W6.1)
     "first": 0,               # the first player (default: the one the turn number gives)
     "to_act": 0,              # who holds priority (default the turn player; the other
                               # holds it only after the turn player passed, W10.5)
     "seq": 0, "seed": 0, "turn_limit": 60, "auto_pass": true,
     "seats": [seat, seat]}

and a seat::

    {"name": "A", "hero": "Grotha Ashmane",      # or {"card": …, "damage": 3, "flipped": true}
     "placed": false,                            # a resource placed this turn (W7.1)
     "hand": [card, …], "deck": [card, …] (top first), "graveyard": […], "removed": […],
     "allies": […], "hero_row": […],             # in play (W3.1)
     "attached": [{"card": …, "host": "allies[0]", "host_seat": 1}, …],   # W3.4, W8.3
     "resources": [{"card": …, "exhausted": true, "face_up": true}, …]}

A card is its name, or an object with ``card`` and what it carries: in play ``damage``,
``exhausted``, ``new`` (came under its controller's control this turn, W9.2), ``shield`` and
``atk`` (this turn's prevention and ATK bonus, W6.6), ``counters`` (``{"rage": 2}``, W3.2); a
resource ``exhausted``, ``face_up`` (a quest, W8.7) and ``shown`` (a face-down one its opponent
knows, W4.4); a card in hand or deck ``shown`` (known to both players, W4.4). A position is
settled (W12.6, W13.4): a character with fatal damage, a second unique card and the like are
refused. The match then runs to its first decision: at ``start`` the turn begins (W6.2: the
ready step, its triggers), else the window of ``phase`` is open with ``to_act`` holding
priority.
"""

from __future__ import annotations

import re
from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.wow.cards import COUNTER_KIND, Card
from engine.games.wow.match.core import Match
from engine.games.wow.match.state import (
    ALLIES,
    ATTACHED,
    BOTH,
    DECK,
    GRAVEYARD,
    HAND,
    HERO_ROW,
    REMOVED,
    RESOURCE,
    TURN_LIMIT,
    GameOver,
    Inst,
)
from engine.playable import missing_fields
from engine.scenario import Entry, SpecReader

PHASES: tuple[str, ...] = ("start", "ready", "draw", "action", "end")
TOP_KEYS: tuple[str, ...] = (
    "phase", "turn", "active", "first", "to_act", "seq", "seed", "turn_limit", "auto_pass", "seats",
)  # fmt: skip
SEAT_KEYS: tuple[str, ...] = (
    "name", "hero", "placed", "hand", "deck", "graveyard", "removed", "allies", "hero_row", "attached",
    "resources",
)  # fmt: skip
IN_PLAY_KEYS: tuple[str, ...] = ("damage", "exhausted", "new", "shield", "atk", "counters")
ALLY_KEYS: tuple[str, ...] = (*IN_PLAY_KEYS, "owner")  # an ally whose control was taken (W3.5)
HERO_KEYS: tuple[str, ...] = ("damage", "exhausted", "flipped", "shield", "atk", "counters")
RESOURCE_KEYS: tuple[str, ...] = ("exhausted", "face_up", "shown")
HOST = re.compile(r"hero|(allies|hero_row)\[(\d+)\]")


class SeatSpec:
    """One seat of a spec, read and checked."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.name = "A"
        self.hero: Entry[Card] | None = None
        self.placed = False
        self.zones: dict[str, list[Entry[Card]]] = {}

    def cards(self, seat: int) -> list[Entry[Card]]:
        """Every card entry of the seat that comes from its deck (not the hero, not a token),
        with ``seat`` as its owner."""
        return [
            e for zone in self.zones.values() for e in zone
            if not e.card.token and e.extra.get("owner", self.index) == seat
        ]  # fmt: skip


def build(catalog: Catalog[Any], spec: Any) -> Match:
    """Return a match in the position ``spec`` describes, run to its first decision; raise
    :class:`~engine.problems.InputError` naming every bad key, card and value."""
    reader: SpecReader[Card] = SpecReader(catalog)
    top = reader.object(spec, "", TOP_KEYS, required=("seats",))
    phase = reader.choice(top, "phase", "", PHASES, default="action")
    turn = reader.whole(top, "turn", "", default=1, low=1)
    active = reader.whole(top, "active", "", default=0, high=1)
    first = reader.whole(top, "first", "", default=active if turn % 2 else 1 - active, high=1)
    if (first == active) != (turn % 2 == 1):
        reader.problem("first", f"players alternate turns: turn {turn} is not seat {active}'s (W6.1)")
    to_act = reader.whole(top, "to_act", "", default=active, high=1)
    if "to_act" in top and phase == "start":
        reader.problem("to_act", "at the start of a turn nobody holds priority yet (W6.2)")
    seq = reader.whole(top, "seq", "", default=0)
    seed = reader.whole(top, "seed", "", default=0)
    turn_limit = reader.whole(top, "turn_limit", "", default=TURN_LIMIT, low=1)
    auto_pass = reader.flag(top, "auto_pass", "", default=True)
    raw_seats = reader.seats(top)
    if raw_seats is None:
        reader.fail()
    seats = [_read_seat(reader, raw, index, turn) for index, raw in enumerate(raw_seats)]
    reader.done()

    decks = (_decklist(seats, 0), _decklist(seats, 1))
    names = (seats[0].name, seats[1].name)
    match = Match(catalog, decks, seed=seed, shuffle=False, first=first, names=names,
                  turn_limit=turn_limit, auto_pass=auto_pass, start=False)  # fmt: skip
    pools: list[dict[str, list[Inst]]] = [{}, {}]
    for seat in (0, 1):
        for inst in reversed(match.seats[seat].deck):  # every card it owns, made in the spec's order
            pools[seat].setdefault(inst.name, []).append(inst)
    for seat in (0, 1):
        _lay_out(match, seat, seats[seat], turn, pools)
    for seat in (0, 1):
        _attach(match, reader, seat, seats[seat])
    _settled(match, reader, seats)
    reader.done()
    match.seq = seq
    match.built = dict(top)
    match.events = []
    try:
        if phase == "start":  # W6.2: the turn begins, as start_turn makes it
            match.turn, match.active = turn - 1, 1 - active
            match.start_turn()
        else:
            match.turn, match.active, match.phase = turn, active, phase
            match.chain.open_window(active)
            if to_act != active:  # W10.5: the turn player passed on the empty chain
                match.chain.holder, match.chain.passes = to_act, 1
        match.run_to_decision()
    except GameOver:
        match.pending = None
    match.initial_events = match.events
    return match


def _read_seat(reader: SpecReader[Card], raw: Any, index: int, turn: int) -> SeatSpec:
    where = f"seats[{index}]"
    seat = SeatSpec(index)
    fields = reader.object(raw, where, SEAT_KEYS, required=("hero",))
    name = fields.get("name", ("A", "B")[index])
    if isinstance(name, str):
        seat.name = name
    else:
        reader.problem(f"{where}.name", "must be a string")
    if "hero" in fields:
        seat.hero = reader.entry(fields["hero"], f"{where}.hero", HERO_KEYS)
        if seat.hero is not None and not seat.hero.card.is_hero:
            reader.problem(f"{where}.hero", f"{seat.hero.card.name!r} is not a hero (W2.1)")
    seat.placed = reader.flag(fields, "placed", where)
    extras = {
        "hand": ("shown",), "deck": ("shown",), "graveyard": (), "removed": (), "allies": ALLY_KEYS,
        "hero_row": IN_PLAY_KEYS, "attached": (*IN_PLAY_KEYS, "host", "host_seat"),
        "resources": RESOURCE_KEYS,
    }  # fmt: skip
    for zone, keys in extras.items():
        seat.zones[zone] = reader.entries(fields.get(zone), f"{where}.{zone}", keys)
    _check_cards(reader, seat, turn)
    return seat


def _check_cards(reader: SpecReader[Card], seat: SeatSpec, turn: int) -> None:
    """Record where the rules cannot put a card of ``seat``, and bad per-card values."""
    every = [seat.hero] if seat.hero is not None else []
    for entry in every + [e for zone in seat.zones.values() for e in zone]:
        for field in missing_fields(entry.card):  # a set for paper events: no match (W1.3)
            reader.problem(entry.where, f"{entry.card.name} has no {field}, which a match needs")
    for zone, entries in seat.zones.items():
        for entry in entries:
            card = entry.card
            if card.is_hero:
                reader.problem(entry.where, f"{card.name!r} is a hero: it is only ever the hero (W2.1)")
            elif card.token and zone != "allies":
                reader.problem(entry.where, f"{card.name!r} is a token: it exists in play only (W3.3)")
            elif zone == "allies" and card.type != "ally":
                reader.problem(entry.where, f"a {card.type} is not an ally (W8.3)")
            elif zone == "hero_row" and not (card.is_equipment or "ongoing" in card.keywords):
                reader.problem(entry.where, f"a {card.type} does not lie in the hero row (W8.3)")
            elif zone == "hero_row" and card.attach_to is not None:
                reader.problem(
                    entry.where, f"{card.name!r} is attached to a card: list it in attached (W8.3)"
                )
            elif zone == "attached" and card.attach_to is None:
                reader.problem(entry.where, f"{card.name!r} is not attached to cards (W8.3)")
            if zone in ("allies", "hero_row", "attached"):
                _in_play_values(reader, entry)
    hero = seat.hero
    if hero is not None and hero.card.is_hero:
        _in_play_values(reader, hero)
        reader.flag(hero.extra, "flipped", hero.where)
    for entry in seat.zones["allies"]:
        reader.whole(entry.extra, "owner", entry.where, default=0, high=1)
    for entry in seat.zones["hand"] + seat.zones["deck"]:
        reader.flag(entry.extra, "shown", entry.where)
    for entry in seat.zones["resources"]:
        reader.flag(entry.extra, "exhausted", entry.where)
        if reader.flag(entry.extra, "face_up", entry.where) and entry.card.type != "quest":
            reader.problem(f"{entry.where}.face_up", "only a quest is placed face up (W7.1, W8.7)")
        if reader.flag(entry.extra, "shown", entry.where) and entry.extra.get("face_up"):
            reader.problem(f"{entry.where}.shown", "a face-up resource is shown to both already (W4.3)")
    if len(seat.zones["resources"]) > turn:
        reader.problem(seat.zones["resources"][turn].where, "one resource per turn at most (W7.1)")
    for entry in seat.zones["attached"]:
        if "host" not in entry.extra:
            reader.problem(f"{entry.where}.host", "is missing")
        elif not isinstance(entry.extra["host"], str) or not HOST.fullmatch(entry.extra["host"]):
            reader.problem(f"{entry.where}.host", 'must be "hero", "allies[i]" or "hero_row[i]" (W3.4)')
        reader.whole(entry.extra, "host_seat", entry.where, default=0, high=1)


def _in_play_values(reader: SpecReader[Card], entry: Entry[Card]) -> None:
    card = entry.card
    damage = reader.whole(entry.extra, "damage", entry.where, default=0)
    character = card.is_hero or card.type == "ally" or card.is_totem
    if damage and not character:
        reader.problem(f"{entry.where}.damage", f"a {card.type} takes no damage (W3.2)")
    elif damage and damage >= (card.health or 0):
        reader.problem(f"{entry.where}.damage", f"{card.name} would have fatal damage (W12.6)")
    reader.flag(entry.extra, "exhausted", entry.where)
    reader.flag(entry.extra, "new", entry.where)
    reader.whole(entry.extra, "shield", entry.where, default=0)
    reader.whole(entry.extra, "atk", entry.where, default=0, low=-1000)
    counters = entry.extra.get("counters", {})
    if not isinstance(counters, dict) or any(
        not isinstance(kind, str) or not COUNTER_KIND.fullmatch(kind) or kind == "damage"
        or not isinstance(n, int) or isinstance(n, bool) or n < 1
        for kind, n in counters.items()
    ):  # fmt: skip
        reader.problem(f"{entry.where}.counters", "must map counter kinds to whole numbers ≥ 1 (W3.2)")


def _decklist(seats: list[SeatSpec], seat: int) -> Decklist:
    """Return the decklist the seat's cards make: its hero and every card it owns as its main
    deck (the cards the match makes before the position puts them in place)."""
    main: dict[str, int] = {}
    for entry in seats[0].cards(seat) + seats[1].cards(seat):
        main[entry.card.name] = main.get(entry.card.name, 0) + 1
    hero = seats[seat].hero
    assert hero is not None
    return Decklist(game="wow", zones={"hero": hero.card.name, "main": main})


def _set_in_play(match: Match, inst: Inst, entry: Entry[Card], turn: int) -> None:
    extra = entry.extra
    inst.damage = int(extra.get("damage", 0))
    inst.exhausted = bool(extra.get("exhausted", False))
    inst.entered = turn if extra.get("new") else -1
    inst.shield = int(extra.get("shield", 0))
    inst.atk_bonus = int(extra.get("atk", 0))
    inst.counters = dict(sorted(extra.get("counters", {}).items()))
    inst.known = BOTH


def _lay_out(match: Match, seat: int, spec: SeatSpec, turn: int, pools: list[dict[str, list[Inst]]]) -> None:
    """Put the seat's cards where the spec says (ids minted as the cards come into sight, W4.4);
    an ally of the other seat's (``owner``) is under this seat's control (W3.5)."""
    side = match.seats[seat]

    def take(entry: Entry[Card], zone: int) -> Inst:
        owner = int(entry.extra.get("owner", seat))
        if entry.card.token:
            inst = match._new_inst(entry.card, owner, zone)
        else:
            inst = pools[owner][entry.card.name].pop()
        inst.zone = zone
        inst.controller = seat
        return inst

    assert spec.hero is not None
    hero = side.hero
    _set_in_play(match, hero, spec.hero, turn)
    hero.flipped = bool(spec.hero.extra.get("flipped", False))
    side.placed = spec.placed
    side.deck = []
    for entry in spec.zones["deck"]:
        inst = take(entry, DECK)
        inst.known = BOTH if entry.extra.get("shown") else 0
        side.deck.append(inst)
    for entry in spec.zones["hand"]:
        inst = take(entry, HAND)
        inst.known = BOTH if entry.extra.get("shown") else 1 << seat
        match.mint(inst)
        side.hand.append(inst)
    for zone, row in ((GRAVEYARD, side.graveyard), (REMOVED, side.removed)):
        for entry in spec.zones[ZONE_KEYS[zone]]:
            inst = take(entry, zone)
            inst.known = BOTH
            match.mint(inst)
            row.append(inst)
    for zone, row in ((ALLIES, side.allies), (HERO_ROW, side.hero_row)):
        for entry in spec.zones[ZONE_KEYS[zone]]:
            inst = take(entry, zone)
            _set_in_play(match, inst, entry, turn)
            match.mint(inst)
            row.append(inst)
    for entry in spec.zones["resources"]:
        inst = take(entry, RESOURCE)
        inst.exhausted = bool(entry.extra.get("exhausted", False))
        inst.face_up = bool(entry.extra.get("face_up", False))
        inst.known = BOTH if inst.face_up or entry.extra.get("shown") else 1 << seat
        match.mint(inst)
        side.resources.append(inst)
    for entry in spec.zones["attached"]:  # laid on their hosts once every seat's cards are in play
        inst = take(entry, ATTACHED)
        _set_in_play(match, inst, entry, turn)
        side.attached.append(inst)


ZONE_KEYS = {GRAVEYARD: "graveyard", REMOVED: "removed", ALLIES: "allies", HERO_ROW: "hero_row"}


def _attach(match: Match, reader: SpecReader[Card], seat: int, spec: SeatSpec) -> None:
    """Lay the seat's attachments on their hosts (W3.4, W8.3): a character in play."""
    for inst, entry in zip(match.seats[seat].attached, spec.zones["attached"], strict=True):
        host_side = match.seats[int(entry.extra.get("host_seat", seat))]
        found = HOST.fullmatch(str(entry.extra["host"]))
        assert found is not None
        row = {"allies": host_side.allies, "hero_row": host_side.hero_row}.get(found.group(1) or "")
        index = int(found.group(2) or 0)
        host = host_side.hero if row is None else (row[index] if index < len(row) else None)
        if host is None or not (host.card.is_hero or host.card.type == "ally" or host.card.is_totem):
            reader.problem(f"{entry.where}.host", "names no character in play (W8.3)")
            continue
        if host.card.is_totem:
            reader.problem(f"{entry.where}.host", "a card attached to a totem is destroyed at once (W12.8)")
        inst.host = host.id
        match.mint(inst)


def _settled(match: Match, reader: SpecReader[Card], seats: list[SeatSpec]) -> None:
    """Record each uniqueness, tag or weapon violation the position holds (W13.1–W13.4)."""
    for seat in (0, 1):
        for group in match._over_limits(seat):
            names = ", ".join(sorted({match.minted[i].name for i in group["cards"]}))
            reader.problem(f"seats[{seat}]", f"{names}: too many in play ({group['rule']}); keep one set")


def describe(state: Match) -> dict[str, Any] | None:
    """Return the spec of ``state``'s position (:func:`build` makes the same one), or None when
    it is not a priority decision on an empty chain outside combat (in the middle of a
    resolution, a choice, a mulligan) or the game is over."""
    pending = state.pending
    chain = state.chain
    if (
        pending is None
        or pending.kind != "priority"
        or state.phase not in PHASES
        or len(chain)
        or chain.pending
        or chain.ordering is not None
        or state.combat is not None
        or state.choices
        or state.armor_queue
        or state.keep_queue
        or state.stealth_broken
        or any(side.decked for side in state.seats)
    ):
        return None
    return {
        "phase": state.phase,
        "turn": state.turn,
        "active": state.active,
        "first": state.first,
        "to_act": pending.seat,
        "seq": state.seq,
        "seed": state.seed,
        "turn_limit": state.turn_limit,
        "auto_pass": state.auto_pass,
        "seats": [_describe_seat(state, seat) for seat in (0, 1)],
    }


def _in_play(state: Match, inst: Inst, *, hero: bool = False) -> dict[str, Any]:
    extra: dict[str, Any] = {}
    if inst.damage:
        extra["damage"] = inst.damage
    if inst.exhausted:
        extra["exhausted"] = True
    if not hero and inst.entered == state.turn:
        extra["new"] = True
    if hero and inst.flipped:
        extra["flipped"] = True
    if inst.shield:
        extra["shield"] = inst.shield
    if inst.atk_bonus:
        extra["atk"] = inst.atk_bonus
    if inst.counters:
        extra["counters"] = dict(sorted(inst.counters.items()))
    return extra


def _owner(inst: Inst, seat: int) -> dict[str, Any]:
    return {"owner": inst.owner} if inst.owner != seat else {}


def _entry(inst: Inst, extra: dict[str, Any]) -> Any:
    return {"card": inst.name, **extra} if extra else inst.name


def _host(state: Match, ident: int | None) -> dict[str, Any]:
    for seat, side in enumerate(state.seats):
        if side.hero.id == ident:
            return {"host": "hero", "host_seat": seat}
        for word, row in (("allies", side.allies), ("hero_row", side.hero_row)):
            for index, inst in enumerate(row):
                if inst.id == ident:
                    return {"host": f"{word}[{index}]", "host_seat": seat}
    raise AssertionError(f"no host {ident}")


def _describe_seat(state: Match, seat: int) -> dict[str, Any]:
    side = state.seats[seat]

    def shown(inst: Inst) -> dict[str, Any]:
        return {"shown": True} if inst.known == BOTH else {}

    def resource(inst: Inst) -> dict[str, Any]:
        extra: dict[str, Any] = {"exhausted": True} if inst.exhausted else {}
        if inst.face_up:
            extra["face_up"] = True
        elif inst.known == BOTH:
            extra["shown"] = True
        return extra

    return {
        "name": side.name,
        "hero": _entry(side.hero, _in_play(state, side.hero, hero=True)),
        "placed": side.placed,
        "hand": [_entry(i, shown(i)) for i in side.hand],
        "deck": [_entry(i, shown(i)) for i in side.deck],
        "graveyard": [i.name for i in side.graveyard],
        "removed": [i.name for i in side.removed],
        "allies": [_entry(i, _in_play(state, i) | _owner(i, seat)) for i in side.allies],
        "hero_row": [_entry(i, _in_play(state, i)) for i in side.hero_row],
        "attached": [{"card": i.name, **_in_play(state, i), **_host(state, i.host)} for i in side.attached],
        "resources": [_entry(i, resource(i)) for i in side.resources],
    }
