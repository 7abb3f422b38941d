# mypyc: compiled by build_engine.py
"""R7 Playing cards: from hand, orders (R7.5), and card actions (R7.6).

Every function here is a generator of the turn flow: it yields a :class:`Decision`
when the owner must choose (a cell for an order, a target for an ability) and
receives the validated choice. Validation happens before (``actions.py``); these
functions only carry out what is already known to be legal.
"""

from __future__ import annotations

from engine.games.respons.abilities import Moment
from engine.games.respons.cards import FIELD_TYPES
from engine.games.respons.match.board import CELL_LINE, CELL_ROW, CELL_SEAT, ORDER_UP, STACK, cell_dict
from engine.games.respons.match.decisions import Decision, Flow
from engine.games.respons.match.insts import Inst
from engine.games.respons.match.resolution import run, settle, settle_board
from engine.games.respons.match.state import State


def play_cost(inst: Inst) -> int:
    """Return what playing a card costs: its printed cost, or 0 for an order (R1.4, R7.4)."""
    return inst.cost


def play_from_hand(state: State, seat: int, inst: Inst, cell: int, chosen: list[Inst | None]) -> Flow:
    """Play a card from hand (R7.1–R7.3): pay, put it in place, resolve its on_play abilities.

    ``cell`` is the chosen free cell for a unit, trap or enhancement (else -1);
    ``chosen`` the targets of its ``chosen_*`` on_play abilities (R7.7).
    """
    side = state.seats[seat]
    cost = inst.cost  # play_cost(inst)
    side.influence -= cost  # R7.1: room was checked first, then the cost is paid
    side.hand.remove(inst)
    kind = inst.kind
    if kind in FIELD_TYPES:
        face_up = kind != "trap"  # R7.3: a trap is placed face down
        state.place(inst, cell, face_up=face_up)
        if state.recording:
            where = {"seat": CELL_SEAT[cell], "line": CELL_LINE[cell], "row": CELL_ROW[cell]}
            if face_up:
                state.emit({"type": "play", "seat": seat, "cost": cost, "cell": where, "card": inst.name})
            else:
                state.emit(
                    {"type": "play", "seat": seat, "cost": cost, "cell": where, "face_down": True},
                    {"card": inst.name},
                    seat,
                )
    elif kind == "location":
        state.place_location(inst)
        if state.recording:
            state.emit({"type": "play", "seat": seat, "cost": cost, "card": inst.name, "zone": "location"})
    else:  # a spell resolves, then goes to the graveyard (R7.2)
        state.to_stack(inst)
        if state.recording:
            state.emit({"type": "play", "seat": seat, "cost": cost, "card": inst.name, "zone": "spell"})
    if "on_play" in inst.triggers or not entered_quietly(state, inst):
        yield from enter(state, inst, chosen)


def enter(state: State, inst: Inst, chosen: list[Inst | None] | None) -> Flow:
    """Settle the board, fire the on_play abilities of a card just played, settle; a spell then goes.

    [decision R7.8] the board is settled first (a unit entering at strength ≤ 0 goes to
    the graveyard at once, R8.3); its on_play abilities fire all the same.
    """
    if (state.unsettled or state.statics_dirty or state.static_pending or state.destroyed) and settle_board(
        state
    ):
        yield from settle(state)
    if "on_play" in inst.triggers:
        abilities = [a for a in inst.card.abilities if a.trigger == "on_play"]
        yield from run(state, inst, abilities, Moment("play", inst), chosen)  # settles after each
    _spell_goes(state, inst)


def entered_quietly(state: State, inst: Inst) -> bool:
    """Do what :func:`enter` does for a card with no on_play ability, when no decision can come
    of it (no on_destroyed trigger to fire); return False, having changed nothing but the
    settled board, when :func:`enter` must run after all. Spares most plays a generator."""
    if (state.unsettled or state.statics_dirty or state.static_pending or state.destroyed) and settle_board(
        state
    ):
        return False
    _spell_goes(state, inst)
    return True


def _spell_goes(state: State, inst: Inst) -> None:
    # A spell goes to the graveyard once it has resolved (R7.2).
    if inst.zone == STACK:
        state.to_graveyard(inst)
        if state.recording:
            state.emit({"type": "spell_resolved", "seat": inst.owner, "card": inst.name})


def play_order(state: State, seat: int) -> Flow:
    """Reveal and play the left-most face-down order of ``seat`` (R7.5).

    The caller has checked that one is left (R8.5, R6.2 decide what having none means).
    A card that goes to the field asks its owner for a cell first [decision R7.5]; with
    no room it stays face up in the order row and counts as played.
    """
    side = state.seats[seat]
    position = side.next_order
    inst = side.orders[position]
    side.next_order += 1
    inst.face_up = True
    inst.zone = ORDER_UP  # revealed in its row; it leaves the row if it goes somewhere
    kind = inst.kind
    if state.recording:
        state.emit({"type": "order", "seat": seat, "card": inst.name, "position": position + 1})
    if kind in FIELD_TYPES:
        free = state.free_cells(seat)
        if not free:
            _stays(state, inst)
            return
        cell = yield Decision("choose_cell", seat, state.seq, card=inst.name, options=tuple(free))
        # [decision R7.5] an order trap is already revealed: it goes to its cell face up.
        state.place(inst, cell, face_up=True)
        if state.recording:
            state.emit({"type": "enter", "seat": seat, "card": inst.name, "cell": cell_dict(cell)})
    elif kind == "location":
        if side.location is not None:  # R7.2 [decision]: only into an empty slot
            _stays(state, inst)
            return
        state.place_location(inst)
        if state.recording:
            state.emit({"type": "enter", "seat": seat, "card": inst.name, "zone": "location"})
    else:
        state.to_stack(inst)
    if "on_play" in inst.triggers or not entered_quietly(state, inst):
        yield from enter(state, inst, None)


def _stays(state: State, inst: Inst) -> None:
    if state.recording:
        state.emit({"type": "order_stays", "seat": inst.owner, "card": inst.name, "rule": "R7.5"})


def activate(state: State, seat: int, inst: Inst, chosen: list[Inst | None]) -> Flow:
    """Use a card's action (R7.6): pay the cost of its activated abilities, mark it used, resolve."""
    abilities = [a for a in inst.card.abilities if a.trigger == "activated"]
    cost = sum(a.cost for a in abilities)
    state.seats[seat].influence -= cost
    inst.used = True
    if state.recording:
        state.emit({"type": "activate", "seat": seat, "card": inst.name, "cost": cost, **state.where(inst)})
    yield from run(state, inst, abilities, Moment("activate", inst), chosen)
