# mypyc: compiled by build_engine.py
"""What each seat, a judge and a spectator may see (R3.5).

One builder with a ``viewer``: a seat (0/1) sees its own hand, its own face-down orders
and traps; of the opponent only counts and face-down backs. A judge sees everything, a
spectator only what is public. Every view is a JSON-serialisable dict.
"""

from __future__ import annotations

from typing import Any

from engine.games.respons.match.board import CELL_LINE, CELL_ROW, ORDER_DOWN, ORDER_UP, seat_cells
from engine.games.respons.match.insts import Inst
from engine.games.respons.match.state import State

JUDGE = "judge"
SPECTATOR = "spectator"


def observation(match: State, seat: int) -> dict[str, Any]:
    """Return ``seat``'s own view (R3.5)."""
    return _view(match, seat)


def judge_view(match: State) -> dict[str, Any]:
    """Return the full view: every hidden card named."""
    return _view(match, JUDGE)


def spectator_view(match: State) -> dict[str, Any]:
    """Return the public view: nobody's hidden cards."""
    return _view(match, SPECTATOR)


def hidden_from(match: State, seat: int) -> frozenset[str]:
    """Return the names of the opponent's cards hidden from ``seat`` (R3.5: its hand, its
    face-down orders and cards on the field) that ``seat`` sees nowhere else.

    A revealed order that came back to the hand is not hidden: the order row names it.
    """
    other = match.seats[1 - seat]
    hidden: list[Inst] = [inst for inst in other.hand if inst not in other.orders]
    hidden += [inst for inst in other.orders if inst.zone == ORDER_DOWN]
    seen: list[Inst] = [inst for inst in other.orders if inst.zone != ORDER_DOWN]
    for inst in match.cells:
        if inst is not None and inst.owner != seat and not inst.face_up:
            hidden.append(inst)
        elif inst is not None:
            seen.append(inst)
    mine = match.seats[seat]
    seen += [*mine.hand, *mine.orders, *match.stack]
    for side in match.seats:
        seen += [side.hero, *side.graveyard, *side.space]
        if side.location is not None:
            seen.append(side.location)
    return frozenset(inst.name for inst in hidden) - {inst.name for inst in seen}


def _view(match: State, viewer: int | str) -> dict[str, Any]:
    pending = match.decision()
    return {
        "viewer": viewer,
        "turn": match.turn,
        "phase": match.phase,
        "initiative": match.initiative,
        "seq": match.seq,
        "decision": pending.as_dict() if pending is not None else None,
        "result": match.result.as_dict() if match.result is not None else None,
        "stack": [{"seat": inst.owner, "card": inst.name} for inst in match.stack],
        "seats": [
            _seat_view(match, seat, viewer == JUDGE or viewer == seat, viewer == JUDGE) for seat in (0, 1)
        ],
    }


def _seat_view(state: State, seat: int, sees_hidden: bool, judge: bool) -> dict[str, Any]:
    side = state.seats[seat]
    orders = []
    for position, order in enumerate(side.orders, start=1):
        if order.zone == ORDER_DOWN:
            status = "face_down"
        elif order.zone == ORDER_UP:
            status = "face_up"
        else:
            status = "played"
        name = order.name if (sees_hidden or status != "face_down") else None
        orders.append({"position": position, "state": status, "card": name})
    cells = []
    for cell in seat_cells(seat):
        inst = state.cells[cell]
        if inst is None:
            continue
        shown = sees_hidden or inst.face_up
        entry: dict[str, Any] = {
            "line": CELL_LINE[cell],
            "row": CELL_ROW[cell],
            "card": inst.name if shown else None,
            "type": inst.kind if shown else None,
            "face_up": inst.face_up,
        }
        if inst.kind == "unit":
            entry["strength"] = inst.strength
            entry["printed_strength"] = inst.base
        if shown:
            entry["used"] = inst.used
        cells.append(entry)
    location = side.location
    view = {
        "seat": seat,
        "name": side.name,
        "hero": {"card": side.hero.name, "influence": side.influence, "supply": side.supply},
        "hits_taken": side.hits_taken,
        "decisions_left": side.decisions,
        "mulliganed": side.mulliganed,
        "deck": side.deck_size,
        "hand_size": len(side.hand),
        "hand": [inst.name for inst in side.hand] if sees_hidden else None,
        "graveyard": [inst.name for inst in side.graveyard],
        "space": [inst.name for inst in side.space],
        "orders_left": side.orders_left,
        "orders": orders,
        "location": (
            None
            if location is None
            else {"card": location.name, "durability": location.strength, "max": location.base}
        ),
        "cells": cells,
    }
    if judge:  # R3.5: the judges see the main deck too, top card first
        view["deck_cards"] = side.deck_names()
    return view
