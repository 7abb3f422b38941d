# mypyc: compiled by build_engine.py
"""R7.8 and R7.9: abilities firing and resolving, and the board settled after each.

Resolution (:func:`run`, :func:`resolve`, :func:`settle`, :func:`fire`) is a generator of the
turn flow: it yields a :class:`Decision` when the owner must choose a target (R7.7), and
receives the chosen card. Continuous effects (R7.9) are kept up to date by
:func:`refresh_statics`; :func:`settle_board` sends what is at ≤ 0 to the graveyard (R8.3,
R8.4) and says whether an ``on_destroyed`` ability is still to fire.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.games.respons.abilities import (
    CHOSEN_TARGETS,
    EFFECTS,
    ON_BOARD,
    STATIC,
    STATIC_EFFECTS,
    STATIC_TARGETS,
    TARGETS,
    TRIGGERS,
    TRIGGERS_OF,
    Moment,
    line_of,
)
from engine.games.respons.cards import Ability, Card
from engine.games.respons.match.board import CELL_LINE, CELL_SEAT, FIELD, TIMED_TRIGGERS
from engine.games.respons.match.decisions import Decision, Flow
from engine.games.respons.match.insts import Inst, Target
from engine.games.respons.match.state import State


def find_static_sources(state: State) -> list[Inst]:
    """Return the cards whose static abilities apply now: face up and in play (R7.9)."""
    sources = [inst for inst in filter(None, state.cells) if inst.face_up and "static" in inst.triggers]
    for side in state.seats:
        if "static" in side.hero.triggers:
            sources.append(side.hero)
        location = side.location
        if location is not None and "static" in location.triggers:
            sources.append(location)
    return sources


# Per card (by identity; the entry keeps the card alive so its id is not reused).
_STATICS: dict[int, tuple[Card, list[tuple[Ability, int]]]] = {}


def _static_abilities(source: Inst) -> list[tuple[Ability, int]]:
    """Return the static abilities of ``source`` the engine applies, each with its sign (R7.9)."""
    card = source.card
    cached = _STATICS.get(id(card))
    if cached is not None and cached[0] is card:
        return cached[1]
    statics = [
        (ability, STATIC_EFFECTS[ability.effect])
        for ability in card.abilities
        if ability.trigger == "static"
        and ability.effect in STATIC_EFFECTS
        and ability.target in STATIC_TARGETS
    ]
    if len(_STATICS) >= 4096:
        _STATICS.clear()
    _STATICS[id(card)] = (card, statics)
    return statics


def static_mods(state: State, sources: list[Inst]) -> list[int]:
    """Return the static modifier of the unit in every cell, computed from scratch (R7.9)."""
    mods = [0] * len(state.cells)
    for source in sources:
        for ability, sign in _static_abilities(source):
            for unit in TARGETS[ability.target](state, source, STATIC):
                if isinstance(unit, Inst) and unit.kind == "unit" and unit.zone == FIELD:
                    mods[unit.cell] += sign * ability.amount
    return mods


def _covers(state: State, source: Inst, kind: str, unit: Inst) -> bool:
    """Return whether ``TARGETS[kind](state, source, STATIC)`` holds ``unit``, a unit on the field,
    without building the list for the kinds a static ability aims at most (R7.9)."""
    cell = unit.cell
    if kind == "all_own_units":
        return CELL_SEAT[cell] == source.owner
    if kind == "all_enemy_units":
        return CELL_SEAT[cell] != source.owner
    if kind == "own_units_in_line":
        return CELL_SEAT[cell] == source.owner and CELL_LINE[cell] == line_of(source)
    if kind == "enemy_units_in_line":
        return CELL_SEAT[cell] != source.owner and CELL_LINE[cell] == line_of(source)
    if kind == "self":
        return unit is source and source.zone in ON_BOARD
    return unit in TARGETS[kind](state, source, STATIC)


def refresh_statics(state: State) -> None:
    """Bring every unit's ``mod`` up to date with the static abilities in play (R7.9).

    Recomputes everything when ``statics_dirty``; otherwise only the modifiers of the
    units that entered since (``static_pending``). Marks the state unsettled when a
    unit's strength changed (it may now be ≤ 0).
    """
    cells = state.cells
    if not state.statics_dirty:
        for unit in state.static_pending:
            if unit.zone != FIELD:
                continue
            mod = 0
            for source in state.static_sources:
                for ability, sign in _static_abilities(source):
                    if _covers(state, source, ability.target, unit):
                        mod += sign * ability.amount
            if unit.mod != mod:
                unit.mod = mod
                state.unsettled = True
        state.static_pending.clear()
        return
    state.statics_dirty = False
    state.static_pending.clear()
    sources = find_static_sources(state)
    if not sources and not state.static_sources:
        return  # no source now nor at the last recomputation: every mod is already 0
    state.static_sources = sources
    state.front_statics = any(
        ability.target == "enemy_front_in_line"
        for source in sources
        for ability, _ in _static_abilities(source)
    )
    mods = static_mods(state, sources)
    for cell, inst in enumerate(cells):
        if inst is not None and inst.mod != mods[cell]:
            inst.mod = mods[cell]
            state.unsettled = True


def _state_check(state: State) -> bool:
    """Send every unit at strength ≤ 0 and location at durability ≤ 0 to the graveyard.

    Returns whether anything was destroyed (R8.3, R8.4: simultaneous, in board order).
    """
    # filter(None, ...): the occupied cells (an Inst is always true), in board order.
    dead = [
        inst
        for inst in filter(None, state.cells)
        if inst.kind == "unit" and inst.base + inst.delta + inst.mod <= 0
    ]
    for side in state.seats:
        location = side.location
        if location is not None and location.base + location.delta <= 0:
            dead.append(location)
    for inst in dead:
        state.destroy(inst)
    return bool(dead)


def settle_board(state: State) -> bool:
    """Settle what needs no decision: apply continuous effects and destroy what is at ≤ 0
    until nothing changes, then drop the destroyed cards with no on_destroyed trigger from
    the front of the queue. Return whether an on_destroyed trigger is still to fire: then
    :func:`settle` must run (most of the time none is, and no generator is needed)."""
    destroyed = state.destroyed
    while True:
        if state.statics_dirty or state.static_pending:
            refresh_statics(state)
        if state.unsettled:
            state.unsettled = False
            if _state_check(state):
                continue
        while destroyed and "on_destroyed" not in destroyed[0].triggers:
            del destroyed[0]  # nothing fires: the board stays as it is (R8.3, R8.4)
        return bool(destroyed)


def settle(state: State) -> Flow:
    """Apply continuous effects, destroy what is at ≤ 0, then fire on_destroyed triggers.

    Repeats until nothing changes. A generator: an on_destroyed ability may ask its
    owner for a target.
    """
    while settle_board(state):
        inst = state.destroyed.pop(0)
        abilities = [a for a in inst.card.abilities if a.trigger == "on_destroyed"]
        yield from run(state, inst, abilities, Moment("destroyed", inst), None)


def resolve(
    state: State, source: Inst, abilities: Iterable[Ability], moment: Moment, chosen: list[Inst | None] | None
) -> Flow:
    """Resolve abilities of ``source`` one after another, settling after each (R7.8).

    ``chosen`` holds the targets sent with the action (one per ``chosen_*`` ability,
    R7.7); when it is None the owner is asked with a ``choose_target`` decision. A
    chosen target that is no longer a candidate when its ability resolves is lost.
    """
    picked = 0
    for ability in abilities:
        kind = ability.target
        if kind in CHOSEN_TARGETS:
            candidates = TARGETS[kind](state, source, moment)
            if chosen is not None:
                pick = chosen[picked] if picked < len(chosen) else None
                picked += 1
                targets: list[Target] = [pick] if pick is not None and pick in candidates else []
            elif candidates:
                pick = yield Decision(
                    "choose_target",
                    source.owner,
                    state.seq,
                    card=source.name,
                    effect=ability.effect,
                    options=tuple(candidates),
                )
                targets = [pick]
            else:
                targets = []
        else:
            targets = TARGETS[kind](state, source, moment)
        handler = EFFECTS[ability.effect]
        for one in targets:
            handler(state, source, ability, one)
        if (
            state.unsettled or state.statics_dirty or state.static_pending or state.destroyed
        ) and settle_board(state):
            yield from settle(state)


def run(
    state: State, source: Inst, abilities: list[Ability], moment: Moment, chosen: list[Inst | None] | None
) -> Flow:
    """Run triggered or activated abilities of one card, handling traps (R7.3).

    A face-down trap is revealed when it fires; after its abilities resolve a trap is
    spent: it goes to the graveyard, which is not "destroyed" [decision R7.3].
    """
    trap = source.kind == "trap" and source.zone == FIELD
    if trap and not source.face_up:
        source.face_up = True
        if state.recording:
            state.emit(
                {"type": "trap_revealed", "seat": source.owner, "card": source.name, **state.where(source)}
            )
        if "static" in source.triggers:  # face up, its static abilities now apply (R7.9)
            state.statics_dirty = True
            yield from settle(state)
    yield from resolve(state, source, abilities, moment, chosen)
    if trap and source.zone == FIELD:
        if state.recording:
            state.emit(
                {"type": "trap_spent", "seat": source.owner, "card": source.name, **state.where(source)}
            )
        state.to_graveyard(source)
        if (
            state.unsettled or state.statics_dirty or state.static_pending or state.destroyed
        ) and settle_board(state):
            yield from settle(state)


def fire_in_play(state: State, moment: Moment, kinds: frozenset[str]) -> Flow:
    """Fire the abilities with a trigger in ``kinds`` of every card in play, in R7.8 order."""
    if any_in_play(state, kinds):
        yield from fire(state, moment, state.in_play(), kinds)


def any_in_play(state: State, kinds: frozenset[str]) -> bool:
    """Return whether a card in play has a trigger in ``kinds`` (most turns none has)."""
    disjoint = kinds.isdisjoint
    seats = state.seats
    if not (disjoint(seats[0].hero.triggers) and disjoint(seats[1].hero.triggers)):
        return True
    if not state.timed and kinds <= TIMED_TRIGGERS:
        return False  # no card in a cell or location slot has such a trigger (State counts them)
    # In C: the trigger sets of the occupied cells (an Inst is always true), all disjoint?
    if not all(map(disjoint, map(TRIGGERS_OF, filter(None, state.cells)))):
        return True
    for side in seats:
        location = side.location
        if location is not None and not disjoint(location.triggers):
            return True
    return False


def fire(state: State, moment: Moment, sources: Iterable[Inst], kinds: frozenset[str]) -> Flow:
    """Fire the abilities with a trigger in ``kinds`` of ``sources``, in the given order (R4.2)."""
    for source in sources:
        if kinds.isdisjoint(source.triggers):
            continue
        abilities = [
            a
            for a in source.card.abilities
            if a.trigger in kinds and TRIGGERS[a.trigger](state, source, moment)
        ]
        if abilities:
            yield from run(state, source, abilities, moment, None)
