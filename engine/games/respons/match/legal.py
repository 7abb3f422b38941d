# mypyc: compiled by build_engine.py
"""Every legal action of a seat now (R6.3, R7, R10.3): what ``Match.legal_actions`` lists, each
appliable as is (``actions.py`` validates the same shapes)."""

from __future__ import annotations

import itertools
from typing import Any

from engine.games.respons.abilities import TARGETS, Moment, chosen_abilities
from engine.games.respons.cards import FIELD_TYPES
from engine.games.respons.match.board import CELL_LINE, CELL_ROW, FIELD, LOCATION, seat_cells
from engine.games.respons.match.decisions import Decision
from engine.games.respons.match.insts import Inst, target_dict
from engine.games.respons.match.play import play_cost
from engine.games.respons.match.state import State

Action = dict[str, Any]
_PLAY_MOMENT = Moment("play")
_ACTIVATE_MOMENT = Moment("activate")


def _target_combos(state: State, source: Inst, trigger: str, moment: Moment) -> list[list[Any] | None]:
    """Return every legal ``targets`` list for the chosen abilities of ``source`` (None: no key)."""
    abilities = chosen_abilities(source.card, trigger)
    if not abilities:
        return [None]
    options: list[list[dict[str, Any] | None]] = []
    for ability in abilities:
        candidates = TARGETS[ability.target](state, source, moment)
        options.append([target_dict(c) for c in candidates] or [None])
    return [list(combo) for combo in itertools.product(*options)]


def legal_actions(state: State, decision: Decision) -> list[Action]:
    """Return every legal answer to ``decision`` (mulligans: keep, each single card, all)."""
    seat = decision.seat
    side = state.seats[seat]
    kind = decision.kind
    if kind == "act":
        return _legal_act(state, seat)
    if kind == "mulligan":
        names = [inst.name for inst in side.hand]
        out: list[Action] = [{"type": "keep"}]
        for name in dict.fromkeys(names):
            out.append({"type": "mulligan", "cards": [name]})
        if len(names) > 1:
            out.append({"type": "mulligan", "cards": names})
        return out
    if kind == "choose_cell":
        return [
            {"type": "choose", "cell": {"line": CELL_LINE[c], "row": CELL_ROW[c]}} for c in decision.options
        ]
    return [{"type": "choose", "targets": [target_dict(t)]} for t in decision.options]


def _legal_act(state: State, seat: int) -> list[Action]:
    side = state.seats[seat]
    influence = side.influence
    cells = state.cells
    free = [{"line": CELL_LINE[c], "row": CELL_ROW[c]} for c in seat_cells(seat) if cells[c] is None]
    out: list[Action] = [{"type": "pass"}]
    seen: set[str] = set()
    for inst in side.hand:
        name = inst.card.name
        if name in seen:
            continue
        seen.add(name)
        if play_cost(inst) > influence:
            continue
        kind = inst.kind
        if kind in FIELD_TYPES:
            places: list[dict[str, int] | None] = free  # type: ignore[assignment]
        elif kind == "location":
            if side.location is not None:
                continue
            places = [None]
        else:
            places = [None]
        combos = (
            _target_combos(state, inst, "on_play", _PLAY_MOMENT) if "on_play" in inst.triggers else [None]
        )
        for place in places:
            for combo in combos:
                action: Action = {"type": "play", "card": name}
                if place is not None:
                    action["cell"] = place
                if combo is not None:
                    action["targets"] = combo
                out.append(action)
    sources: list[Inst] = [side.hero]
    if side.location is not None:
        sources.append(side.location)
    sources.extend(card for c in seat_cells(seat) if (card := cells[c]) is not None)
    for source in sources:
        if "activated" not in source.triggers or source.used:
            continue
        if sum(a.cost for a in source.card.abilities if a.trigger == "activated") > influence:
            continue
        for combo in _target_combos(state, source, "activated", _ACTIVATE_MOMENT):
            action = {"type": "activate"}
            if source.zone == FIELD:
                action["cell"] = {"line": CELL_LINE[source.cell], "row": CELL_ROW[source.cell]}
            else:
                action["zone"] = "location" if source.zone == LOCATION else "hero"
            if combo is not None:
                action["targets"] = combo
            out.append(action)
    return out
