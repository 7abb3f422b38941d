"""Your War positions for rules tests (engine/scenario.py): :func:`build` a match from a spec,
:func:`describe` a match's position as one.

A spec (README.md, "Positions for rules tests", has an example)::

    {"phase": "initial",      # start | initial | block | intervene | assign | final | discard
     "turn": 3,               # 1 or more, both players' turns counted (Y10.1)
     "active": 0,             # whose turn (default 0)
     "first": 0,              # the first player (Y4.2; default: active on odd turns)
     "turn_limit": 200,       # Y10.1
     "blocks": [[0, 1]],      # [blocker, attacker]: indexes in the defender's and the active
                              # seat's field; [null, attacker]: blocked, its blockers gone (Y7.4)
     "seq": 0, "seed": 0,
     "seats": [seat, seat]}

and a seat::

    {"name": "A", "health": 22, "redeals": 0,
     "builds": 1,                             # bases it may still build this turn (Y6.1)
     "played": ["artillery"],                 # types and names played this turn (Y8 combo)
     "hand": [card, …], "deck": [card, …] (top first), "destroyed": [card, …],
     "bases": [card, …], "support": [card, …],
     "field": [card, …],                      # bases, support, field: in the order they came
     "guards": [[unit, colonel], …]}          # into play; bodyguard links in the order made (Y8)

A card is its name, or an object with ``card`` and what it carries: a base ``used``; a support
card (or one in the destroyed pile) ``icon_used`` (Y6.5); a unit ``used``, ``sick`` (came into
play this turn, Y5.2), ``damage``, ``attack_bonus``, ``defense_bonus`` (until end of turn),
``attack_in_play``, ``defense_in_play`` (while it stays in play) and ``attacking`` (Y7.1).

The match then runs from the start of ``phase`` to its first decision (``start``: the turn
begins, Y5.1: it is counted, the turn player untaps and draws, and its start-of-turn abilities
resolve; any other phase: its decision is pending).
"""

from __future__ import annotations

from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.yourwar.cards import Card
from engine.games.yourwar.match.core import Match
from engine.games.yourwar.match.state import (
    BASES,
    DECK,
    DESTROYED,
    FIELD,
    HAND,
    HAND_LIMIT,
    HEALTH,
    OPENING_HAND,
    SUPPORT,
    TURN_LIMIT,
    GameOver,
    Inst,
)
from engine.scenario import Entry, SpecReader

PHASES: tuple[str, ...] = ("start", "initial", "block", "intervene", "assign", "final", "discard")
COMBAT: frozenset[str] = frozenset({"block", "intervene", "assign"})
TOP_KEYS: tuple[str, ...] = (
    "phase", "turn", "active", "first", "turn_limit", "blocks", "seq", "seed", "seats",
)  # fmt: skip
SEAT_KEYS: tuple[str, ...] = (
    "name", "health", "redeals", "builds", "played",
    "hand", "deck", "destroyed", "bases", "support", "field", "guards",
)  # fmt: skip
ZONES: tuple[tuple[str, int, tuple[str, ...]], ...] = (
    ("hand", HAND, ()),
    ("deck", DECK, ()),
    ("destroyed", DESTROYED, ("icon_used",)),
    ("bases", BASES, ("used",)),
    ("support", SUPPORT, ("icon_used",)),
    ("field", FIELD, ("used", "sick", "damage", "attack_bonus", "defense_bonus",
                      "attack_in_play", "defense_in_play", "attacking")),
)  # fmt: skip
UNIT_FLAGS: tuple[str, ...] = ("used", "sick", "attacking")
UNIT_NUMBERS: tuple[tuple[str, int], ...] = (
    ("damage", 0), ("attack_bonus", -100), ("defense_bonus", -100),
    ("attack_in_play", -100), ("defense_in_play", -100),
)  # fmt: skip


class SeatSpec:
    """One seat of a spec, read and checked."""

    def __init__(self, index: int) -> None:
        self.where = f"seats[{index}]"
        self.name = ("A", "B")[index]
        self.numbers: dict[str, int] = {}
        self.played: list[str] = []
        self.zones: dict[str, list[Entry[Card]]] = {}
        self.guards: list[tuple[int, int]] = []


def build(catalog: Catalog[Any], spec: Any) -> Match:
    """Return a match in the position ``spec`` describes, run to its first decision; raise
    :class:`~engine.problems.InputError` naming every bad key, card and value."""
    reader: SpecReader[Card] = SpecReader(catalog)
    top = reader.object(spec, "", TOP_KEYS, required=("seats",))
    phase = reader.choice(top, "phase", "", PHASES, default="initial")
    turn = reader.whole(top, "turn", "", default=1, low=1)
    active = reader.whole(top, "active", "", default=0, high=1)
    first = reader.whole(top, "first", "", default=active if turn % 2 else 1 - active, high=1)
    if (first == active) != (turn % 2 == 1):
        reader.problem("first", "the first player has the odd turns (Y5.1, Y10.1)")
    turn_limit = reader.whole(top, "turn_limit", "", default=TURN_LIMIT, low=1)
    if turn > turn_limit + (phase == "start"):  # the turn past the cap starts and ends the game
        reader.problem("turn", f"the turn limit is {turn_limit} (Y10.1)")
    seq = reader.whole(top, "seq", "", default=0)
    seed = reader.whole(top, "seed", "", default=0)
    raw_seats = reader.seats(top)
    if raw_seats is None:
        reader.fail()
    seats = [_read_seat(reader, raw, index, phase) for index, raw in enumerate(raw_seats)]
    blocks = _read_blocks(reader, top.get("blocks"), seats, active, phase)
    _check_phase(reader, seats[active], phase)
    reader.done()

    match = Match(
        catalog, (_decklist(seats[0]), _decklist(seats[1])), seed=seed, shuffle=False, first=first,
        names=(seats[0].name, seats[1].name), turn_limit=turn_limit, start=False,
    )  # fmt: skip
    match.seq_base = seq
    match.opening_seat = first
    for index in (0, 1):
        _lay_out(match, index, seats[index])
    attackers = match.seats[active].field
    defenders = match.seats[1 - active].field
    for blocker, attacker in blocks:
        blocked = match.blocks.setdefault(attackers[attacker].id, [])
        if blocker is not None:
            blocked.append(defenders[blocker].id)
            defenders[blocker].blocking = attackers[attacker].id
    match.built = dict(top)
    if phase == "start":  # _start_turn counts the turn and picks its player
        match.turn = turn - 1
        match.active = 1 - active
        try:
            match._start_turn(active)
        except GameOver:
            pass
    else:
        match.turn = turn
        match.active = active
        match.phase = phase
    dead = [
        u.name
        for side in match.seats
        for u in side.field
        if u.damage >= match.defense_of(u) or match.defense_of(u) <= 0
    ]
    if dead and not match.is_over:
        reader.problem("seats", f"{dead[0]!r} has damage ≥ its defense: it would be destroyed (Y7.9)")
        reader.done()
    match.initial_events = match.events
    match.events = []
    return match


def _read_seat(reader: SpecReader[Card], raw: Any, index: int, phase: str) -> SeatSpec:
    seat = SeatSpec(index)
    where = seat.where
    fields = reader.object(raw, where, SEAT_KEYS)
    name = fields.get("name", seat.name)
    if isinstance(name, str):
        seat.name = name
    else:
        reader.problem(f"{where}.name", "must be a string")
    seat.numbers["health"] = reader.whole(fields, "health", where, default=HEALTH, low=1)
    seat.numbers["redeals"] = reader.whole(fields, "redeals", where, default=0, high=OPENING_HAND)
    seat.numbers["builds"] = reader.whole(fields, "builds", where, default=1)
    played = fields.get("played", [])
    if not isinstance(played, list) or not all(isinstance(word, str) for word in played):
        reader.problem(f"{where}.played", "must be a list of card types and names")
    else:
        seat.played = sorted(set(played))
    for zone, _, extra in ZONES:
        seat.zones[zone] = reader.entries(fields.get(zone), f"{where}.{zone}", extra)
    _check_cards(reader, seat)
    seat.guards = _read_guards(reader, fields.get("guards"), seat)
    return seat


def _check_cards(reader: SpecReader[Card], seat: SeatSpec) -> None:
    """Record where the rules cannot put a card of ``seat``, and bad per-card values."""
    for entry in seat.zones["bases"]:
        if entry.card.type != "base":
            reader.problem(entry.where, f"{entry.card.name!r} is not a «Военная База» (Y6.1)")
        reader.flag(entry.extra, "used", entry.where)
    for entry in seat.zones["support"]:
        card = entry.card
        if card.type != "medal" and not (card.type == "support" and card.permanent):
            reader.problem(entry.where, f"{card.name!r} is not a medal or a permanent support (Y6.4)")
        reader.flag(entry.extra, "icon_used", entry.where)
    for entry in seat.zones["destroyed"]:
        reader.flag(entry.extra, "icon_used", entry.where)
    for entry in seat.zones["field"]:
        card, extra, where = entry.card, entry.extra, entry.where
        if card.type != "unit":
            reader.problem(where, f"{card.name!r} is not a unit: only units are on the field (Y6.4)")
        for key in UNIT_FLAGS:
            reader.flag(extra, key, where)
        for key, low in UNIT_NUMBERS:
            reader.whole(extra, key, where, default=0, low=low)
    for zone in ("hand", "deck", "destroyed", "bases", "support", "field"):
        for entry in seat.zones[zone]:
            card = entry.card
            if card.missing:  # engine/playable.py
                reader.problem(
                    entry.where, f"{card.name} has no {', '.join(card.missing)}, which a match needs"
                )


def _read_guards(reader: SpecReader[Card], raw: Any, seat: SeatSpec) -> list[tuple[int, int]]:
    """Return the bodyguard links ``[unit, colonel]`` (field indexes), in the order made (Y8)."""
    if raw is None:
        return []
    where = f"{seat.where}.guards"
    field = seat.zones["field"]
    if not isinstance(raw, list) or not all(
        isinstance(pair, list)
        and len(pair) == 2
        and all(type(i) is int and 0 <= i < len(field) for i in pair)
        for pair in raw
    ):
        reader.problem(where, "must be a list of [unit, colonel] indexes of the seat's field")
        return []
    out: list[tuple[int, int]] = []
    guarded: dict[int, int] = {}
    for index, (unit, colonel) in enumerate(raw):
        limit = field[colonel].card.keyword("colonel")
        if not limit:
            reader.problem(f"{where}[{index}]", f"{field[colonel].card.name!r} is not a «Полковник» (Y8)")
        elif unit == colonel or unit in (u for u, _ in out):
            reader.problem(f"{where}[{index}]", "a unit guards one colonel, not itself (Y8)")
        elif guarded.get(colonel, 0) >= limit:
            reader.problem(f"{where}[{index}]", f"{field[colonel].card.name!r} takes {limit} bodyguards (Y8)")
        else:
            guarded[colonel] = guarded.get(colonel, 0) + 1
            out.append((unit, colonel))
    return out


def _read_blocks(
    reader: SpecReader[Card], raw: Any, seats: list[SeatSpec], active: int, phase: str
) -> list[tuple[int | None, int]]:
    """Return the blocks ``[blocker, attacker]`` (field indexes; blocker None: blocked, its
    blockers gone), checked against Y7.2–Y7.3."""
    if raw is None:
        return []
    attackers, defenders = seats[active].zones["field"], seats[1 - active].zones["field"]
    if phase not in ("intervene", "assign"):
        reader.problem("blocks", "blocks are made in the block decision and kept to damage (Y7.2, Y7.5)")
        return []
    if not isinstance(raw, list) or not all(
        isinstance(pair, list)
        and len(pair) == 2
        and (pair[0] is None or (type(pair[0]) is int and 0 <= pair[0] < len(defenders)))
        and type(pair[1]) is int
        and 0 <= pair[1] < len(attackers)
        for pair in raw
    ):
        reader.problem("blocks", "must be a list of [defender's field index or null, attacker's field index]")
        return []
    out: list[tuple[int | None, int]] = []
    for index, (blocker, attacker) in enumerate(raw):
        where = f"blocks[{index}]"
        if attackers[attacker].extra.get("attacking") is not True:
            reader.problem(where, f"{attackers[attacker].card.name!r} is not attacking (Y7.2)")
        elif blocker is None and any(a == attacker for _, a in out):
            reader.problem(where, "null stands for an attacker whose blockers are all gone (Y7.4)")
        elif blocker is None:
            out.append((None, attacker))
        elif blocker in (b for b, _ in out):
            reader.problem(where, f"{defenders[blocker].card.name!r} blocks one attacker (Y7.2)")
        elif defenders[blocker].card.domain == "ground" and attackers[attacker].card.domain == "air":
            name = defenders[blocker].card.name
            reader.problem(where, f"{name!r} (ground) cannot block an air unit (Y7.3)")
        elif any(b is None and a == attacker for b, a in out):
            reader.problem(where, "null stands for an attacker whose blockers are all gone (Y7.4)")
        else:
            out.append((blocker, attacker))
    return out


def _check_phase(reader: SpecReader[Card], active: SeatSpec, phase: str) -> None:
    attacking = sum(1 for entry in active.zones["field"] if entry.extra.get("attacking") is True)
    if phase in COMBAT and not attacking:
        reader.problem("phase", f"{phase}: the turn player has no attacker (Y5.3, Y7)")
    if phase in ("start", "final", "discard") and attacking:
        reader.problem("phase", f"{phase}: no unit attacks outside combat (Y7.10)")
    if phase == "discard" and len(active.zones["hand"]) <= HAND_LIMIT:
        reader.problem("phase", f"discard: the turn player holds more than {HAND_LIMIT} cards (Y5.6)")


def _decklist(seat: SeatSpec) -> Decklist:
    """Return the decklist the seat's cards make (every zone's), before they are put in place."""
    main: dict[str, int] = {}
    for entries in seat.zones.values():
        for entry in entries:
            main[entry.card.name] = main.get(entry.card.name, 0) + 1
    return Decklist(game="yourwar", zones={"main": main})


def _lay_out(match: Match, index: int, spec: SeatSpec) -> None:
    """Put the seat's cards where the spec says (Y3.4: ids minted as cards come into sight, the
    bases, support and field in that order), and set its counters."""
    side = match.seats[index]
    pool: dict[str, list[Inst]] = {}
    for inst in side.deck:
        pool.setdefault(inst.name, []).append(inst)

    def put(entry: Entry[Card], zone: int) -> Inst:
        inst = pool[entry.card.name].pop()
        match._move(inst, zone)
        return inst

    for zone_name, zone, _ in ZONES:
        if zone_name == "deck":
            continue
        for entry in spec.zones[zone_name]:
            inst = put(entry, zone)
            extra = entry.extra
            inst.used = extra.get("used") is True
            inst.icon_used = extra.get("icon_used") is True
            if zone == FIELD:
                inst.sick = extra.get("sick") is True
                inst.attacking = extra.get("attacking") is True
                inst.damage = int(extra.get("damage", 0))
                inst.attack_bonus = int(extra.get("attack_bonus", 0))
                inst.defense_bonus = int(extra.get("defense_bonus", 0))
                inst.attack_in_play = int(extra.get("attack_in_play", 0))
                inst.defense_in_play = int(extra.get("defense_in_play", 0))
    side.deck = [pool[entry.card.name].pop() for entry in reversed(spec.zones["deck"])]
    for unit, colonel in spec.guards:
        match.links += 1
        side.field[unit].guarding = side.field[colonel].id
        side.field[unit].linked = match.links
    side.health = spec.numbers["health"]
    side.redeals = spec.numbers["redeals"]
    side.builds = spec.numbers["builds"]
    side.kept = True
    side.played = set(spec.played)


def describe(state: Match) -> dict[str, Any] | None:
    """Return the spec of ``state``'s position (:func:`build` makes the same one), or None when
    the game is over or still at the opening hands (Y4.3)."""
    pending = state.decision()
    if pending is None or pending.kind == "opening":
        return None
    active = state.active
    attackers, defenders = state.seats[active].field, state.seats[1 - active].field
    blocks: list[list[int | None]] = []
    for attacker_index, attacker in enumerate(attackers):
        if not attacker.attacking or attacker.id not in state.blocks:
            continue
        live = [d for d in state.blocks[attacker.id] if _index(defenders, d) is not None]
        blocks += [[_index(defenders, d), attacker_index] for d in live] or [[None, attacker_index]]
    spec: dict[str, Any] = {
        "phase": state.phase,
        "turn": state.turn,
        "active": active,
        "first": state.first,
        "turn_limit": state.turn_limit,
    }
    if blocks:
        spec["blocks"] = blocks
    spec.update(
        {
            "seq": state.seq,
            "seed": state.seed,
            "seats": [_describe_seat(state, index) for index in (0, 1)],
        }
    )
    return spec


def _index(field: list[Inst], ident: int) -> int | None:
    for index, inst in enumerate(field):
        if inst.id == ident:
            return index
    return None


def _describe_seat(state: Match, index: int) -> dict[str, Any]:
    side = state.seats[index]

    def card(inst: Inst, **extra: Any) -> Any:
        marks = {key: value for key, value in extra.items() if value}
        return {"card": inst.name, **marks} if marks else inst.name

    def unit(inst: Inst) -> Any:
        return card(
            inst,
            used=inst.used,
            sick=inst.sick,
            damage=inst.damage,
            attack_bonus=inst.attack_bonus,
            defense_bonus=inst.defense_bonus,
            attack_in_play=inst.attack_in_play,
            defense_in_play=inst.defense_in_play,
            attacking=inst.attacking,
        )

    links = sorted((u for u in side.field if u.guarding is not None), key=lambda u: u.linked)
    out: dict[str, Any] = {
        "name": state.names[index],
        "health": side.health,
        "redeals": side.redeals,
        "builds": side.builds,
        "played": sorted(side.played),
        "hand": [inst.name for inst in side.hand],
        "deck": [inst.name for inst in reversed(side.deck)],
        "destroyed": [card(inst, icon_used=inst.icon_used) for inst in side.destroyed],
        "bases": [card(inst, used=inst.used) for inst in side.bases],
        "support": [card(inst, icon_used=inst.icon_used) for inst in side.support],
        "field": [unit(inst) for inst in side.field],
    }
    guards = [[side.field.index(u), _index(side.field, u.guarding)] for u in links if u.guarding is not None]
    if guards:
        out["guards"] = guards
    return out
