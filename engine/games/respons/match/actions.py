# mypyc: compiled by build_engine.py
"""Actions: their JSON shapes, validation (before anything changes), description (``legal.py``
lists them).

Shapes (ABILITIES.md and README.md document them for clients):

- ``{"type": "keep"}`` / ``{"type": "mulligan", "cards": [name, ...]}`` (R5.2)
- ``{"type": "pass"}`` (R6.3)
- ``{"type": "play", "card": name, "cell": {"line": L, "row": R}, "targets": [...]}`` — ``cell``
  only for units, traps and enhancements; ``targets`` only when the card has on_play
  abilities with a ``chosen_*`` target, one entry per such ability (R7.7)
- ``{"type": "activate", "cell": {"line": L, "row": R}, "targets": [...]}`` or
  ``{"type": "activate", "zone": "location" | "hero"}`` (R7.6)
- ``{"type": "choose", "cell": {"line": L, "row": R}}`` (R7.5) /
  ``{"type": "choose", "targets": [target]}`` (R7.7)
- ``{"type": "concede"}`` (R9.3), ``{"type": "timeout"}`` (R9.4)
- ``{"type": "no_show"}`` (R9.4: the seat was absent when the grace period ended; with
  ``"both": true`` neither seat came and the game is drawn), ``{"type": "penalty_loss"}`` (a
  judge gave the seat a game loss: reason ``penalty``) — applied by the site only

A target is ``{"seat": s, "line": L, "row": R}`` (a card on the field), or
``{"seat": s, "zone": "location"}``, or ``{"seat": s, "zone": "hero"}`` (the player);
an entry is ``null`` when its ability has no candidate at all.
"""

from __future__ import annotations

from typing import Any

from engine.games.respons.abilities import TARGETS, Moment, chosen_abilities
from engine.games.respons.cards import FIELD_TYPES
from engine.games.respons.match.board import (
    CELL_LINE,
    CELL_ROW,
    FIELD,
    LINES,
    LOCATION,
    ROWS,
    SEAT_CELLS,
    cell_index,
)
from engine.games.respons.match.decisions import Decision
from engine.games.respons.match.flow import ACTIVATE, PASS, PLAY
from engine.games.respons.match.insts import Inst, Target, target_dict
from engine.games.respons.match.state import State
from engine.play import IllegalAction

Action = dict[str, Any]
_PASS = (PASS,)  # the parsed answer of every pass
_PLAY_MOMENT = Moment("play")
_ACTIVATE_MOMENT = Moment("activate")


def _names(names: list[str]) -> str:
    return ", ".join(names) if names else "nothing"


# --- parsing pieces ---------------------------------------------------------------------------


def parse_cell(raw: Any, seat: int, rule: str) -> int:
    """Return the cell of ``{"line": L, "row": R}`` on ``seat``'s side; raise IllegalAction.

    An optional ``"seat"`` key must name ``seat`` (cards are played to your own side).
    """
    if not isinstance(raw, dict):
        raise IllegalAction(rule, 'a cell is {"line": 1-5, "row": 1-3}', code="bad_cell")
    line, row = raw.get("line"), raw.get("row")
    # type() is int, not isinstance: JSON true/false are bools, which are ints (equal to 1 and 0).
    if not (type(line) is int and type(row) is int and 1 <= line <= LINES and 1 <= row <= ROWS):
        raise IllegalAction(
            "R3.2",
            f"no such cell: line {line!r} row {row!r} (lines 1–5, rows 1–3)",
            code="no_such_cell",
            params={"line": repr(line), "row": repr(row)},
        )
    if "seat" in raw and raw["seat"] != seat:
        raise IllegalAction(
            rule, "you can only use a cell of your own tactical segment", code="not_your_cell"
        )
    return seat * SEAT_CELLS + (line - 1) * ROWS + (row - 1)  # cell_index(seat, line, row)


def parse_target(state: State, raw: Any) -> Target | None:
    """Return the card or player a target object names, or None if it names nothing."""
    if not isinstance(raw, dict) or raw.get("seat") not in (0, 1) or isinstance(raw.get("seat"), bool):
        return None
    seat = raw["seat"]
    zone = raw.get("zone")
    if zone == "hero":
        return int(seat)
    if zone == "location":
        return state.seats[seat].location
    line, row = raw.get("line"), raw.get("row")
    if not (type(line) is int and 1 <= line <= LINES and type(row) is int and 1 <= row <= ROWS):
        return None
    return state.cells[cell_index(seat, line, row)]


def _chosen_targets(state: State, source: Inst, trigger: str, raw: Any, moment: Moment) -> list[Inst | None]:
    """Validate the ``targets`` of an action against the candidates now (R7.7); return them."""
    if raw is None:
        if trigger not in source.triggers:
            return []
        raw = []
    abilities = chosen_abilities(source.card, trigger)
    if not isinstance(raw, list):
        raise IllegalAction("R7.7", "targets must be a list", code="targets_not_a_list")
    if len(raw) != len(abilities):
        if not abilities:
            raise IllegalAction(
                "R7.7", f"{source.name} takes no targets", code="no_targets", params={"card": source.name}
            )
        if raw or any(TARGETS[a.target](state, source, moment) for a in abilities):
            raise IllegalAction(
                "R7.7",
                f"{source.name} needs {len(abilities)} target(s), one per chosen ability, got {len(raw)}",
                code="target_count",
                params={"card": source.name, "expected": len(abilities), "got": len(raw)},
            )
        return [None] * len(abilities)
    chosen: list[Inst | None] = []
    for i, (ability, item) in enumerate(zip(abilities, raw, strict=True)):
        candidates = TARGETS[ability.target](state, source, moment)
        if item is None:
            if candidates:
                raise IllegalAction(
                    "R7.7",
                    f"targets[{i}]: choose one for {ability.effect} ({ability.target})",
                    code="target_missing",
                    params={"index": i, "effect": ability.effect, "target_kind": ability.target},
                )
            chosen.append(None)
            continue
        picked = parse_target(state, item)
        if picked is None or picked not in candidates:  # candidates are cards: compared by identity
            raise IllegalAction(
                "R7.7",
                f"targets[{i}]: {item!r} is not a legal {ability.target} for {source.name}",
                code="illegal_target",
                params={"index": i, "target": repr(item), "target_kind": ability.target, "card": source.name},
            )
        assert isinstance(picked, Inst)
        chosen.append(picked)
    return chosen


def _hand_card(state: State, seat: int, name: Any) -> Inst:
    if not isinstance(name, str):
        raise IllegalAction("R10.3", "play needs the card's name", code="card_name_missing")
    hand = state.seats[seat].hand
    for inst in hand:  # the canonical spelling (logs, legal_actions) needs no R1.5 matching
        if inst.name == name:
            return inst
    card = state.catalog.get(name)
    if card is not None:
        for inst in hand:
            if inst.card.name == card.name:
                return inst
    raise IllegalAction("R6.3", f"{name!r} is not in your hand", code="not_in_hand", params={"card": name})


def _own_source(state: State, seat: int, action: Action) -> Inst:
    zone = action.get("zone")
    side = state.seats[seat]
    if zone == "hero":
        return side.hero
    if zone == "location":
        if side.location is None:
            raise IllegalAction("R7.6", "you have no location", code="no_location")
        return side.location
    if "cell" not in action:
        raise IllegalAction(
            "R7.6", 'activate needs the card\'s "cell" (or "zone": "location"/"hero")', code="source_missing"
        )
    inst = state.cells[parse_cell(action["cell"], seat, "R7.6")]
    if inst is None:
        raise IllegalAction("R7.6", "there is no card of yours in that cell", code="no_card_in_cell")
    return inst


# --- validation -------------------------------------------------------------------------------


def validate(state: State, decision: Decision, seat: int, action: Action) -> tuple[Any, Action]:
    """Return (the parsed answer the turn flow expects, the canonical action to log).

    The logged action starts with the ``seat``: ``{"seat": seat, "type": ..., ...}``.

    Raises :class:`IllegalAction` naming the rule broken. Reads the state only.
    """
    kind = action.get("type")
    asked = decision.kind
    if asked == "act":  # the most common decision first
        if kind == "play":
            return _validate_play(state, seat, action)
        if kind == "pass":
            return _PASS, {"seat": seat, "type": "pass"}
        if kind == "activate":
            return _validate_activate(state, seat, action)
        raise IllegalAction(
            "R6.3",
            f"a decision is play, activate or pass, not {kind!r}",
            code="not_an_act",
            params={"got": repr(kind)},
        )
    if asked == "mulligan":
        return _validate_mulligan(state, seat, action, kind)
    if kind != "choose":
        raise IllegalAction(
            decision.rule,
            f"{decision.kind} expects a choose action, not {kind!r}",
            code="not_a_choice",
            params={"decision": decision.kind, "got": repr(kind)},
        )
    if decision.kind == "choose_cell":
        cell = parse_cell(action.get("cell"), seat, "R7.5")
        if cell not in decision.options:
            raise IllegalAction(
                "R7.5",
                f"line {CELL_LINE[cell]} row {CELL_ROW[cell]} is not a free cell of yours",
                code="cell_not_offered",
                params={"line": CELL_LINE[cell], "row": CELL_ROW[cell]},
            )
        return cell, {
            "seat": seat,
            "type": "choose",
            "cell": {"line": CELL_LINE[cell], "row": CELL_ROW[cell]},
        }
    raw = action.get("targets")
    if not isinstance(raw, list) or len(raw) != 1:
        raise IllegalAction(
            "R7.7", 'choose one target: {"type": "choose", "targets": [target]}', code="one_target"
        )
    picked = parse_target(state, raw[0])
    if picked is None or not any(picked is option for option in decision.options):
        raise IllegalAction(
            "R7.7",
            f"{raw[0]!r} is not a legal target for {decision.card}",
            code="target_not_offered",
            params={"target": repr(raw[0]), "card": f"{decision.card}"},
        )
    return picked, {"seat": seat, "type": "choose", "targets": [target_dict(picked)]}


def _validate_mulligan(state: State, seat: int, action: Action, kind: Any) -> tuple[Any, Action]:
    if kind == "keep":
        return [], {"seat": seat, "type": "keep"}
    if kind != "mulligan":
        raise IllegalAction(
            "R5.2",
            f"the opening decision is keep or mulligan, not {kind!r}",
            code="not_a_mulligan",
            params={"got": repr(kind)},
        )
    names = action.get("cards")
    if not isinstance(names, list) or not all(isinstance(name, str) for name in names):
        raise IllegalAction(
            "R5.2", "mulligan needs the list of card names to put back", code="mulligan_cards"
        )
    hand = list(state.seats[seat].hand)
    back: list[Inst] = []
    for name in names:
        card = state.catalog.get(name)
        found = next((inst for inst in hand if card is not None and inst.card.name == card.name), None)
        if found is None:
            raise IllegalAction(
                "R5.2",
                f"{name!r} is not in your hand (as many times as listed)",
                code="mulligan_not_in_hand",
                params={"card": name},
            )
        hand.remove(found)
        back.append(found)
    return back, {"seat": seat, "type": "mulligan", "cards": [inst.name for inst in back]}


def _validate_play(state: State, seat: int, action: Action) -> tuple[Any, Action]:
    inst = _hand_card(state, seat, action.get("card"))
    side = state.seats[seat]
    kind = inst.kind
    canonical: Action = {"seat": seat, "type": "play", "card": inst.name}
    cell = -1
    # R7.1: first there must be room ...
    if kind in FIELD_TYPES:
        cells = state.cells
        if all(cells[seat * SEAT_CELLS : (seat + 1) * SEAT_CELLS]):  # no None (an Inst is always true)
            raise IllegalAction(
                "R7.1", f"no free cell for {inst.name}", code="no_free_cell", params={"card": inst.name}
            )
        if "cell" not in action:
            raise IllegalAction(
                "R7.2",
                f"{inst.name} goes to a free cell of yours: send its cell",
                code="cell_missing",
                params={"card": inst.name},
            )
        cell = parse_cell(action["cell"], seat, "R7.2")
        if cells[cell] is not None:
            raise IllegalAction(
                "R7.2",
                f"line {CELL_LINE[cell]} row {CELL_ROW[cell]} is not free",
                code="cell_taken",
                params={"line": CELL_LINE[cell], "row": CELL_ROW[cell]},
            )
        canonical["cell"] = {"line": CELL_LINE[cell], "row": CELL_ROW[cell]}
    elif "cell" in action:
        raise IllegalAction(
            "R7.2", f"a {kind} does not go to a cell", code="no_cell_for_type", params={"type": kind}
        )
    elif kind == "location" and side.location is not None:
        raise IllegalAction(
            "R7.2",
            f"your location slot already holds {side.location.name}",
            code="location_taken",
            params={"card": side.location.name},
        )
    # ... then the cost is paid from influence (R7.4: orders are free).
    cost = inst.cost  # play_cost(inst)
    if cost > side.influence:
        raise IllegalAction(
            "R7.1",
            f"{inst.name} costs {cost}, you have {side.influence} influence",
            code="too_expensive",
            params={"card": inst.name, "cost": cost, "influence": side.influence},
        )
    raw = action.get("targets")
    if raw is None and "on_play" not in inst.triggers:
        return (PLAY, inst, cell, []), canonical
    chosen = _chosen_targets(state, inst, "on_play", raw, _PLAY_MOMENT)
    if chosen:
        canonical["targets"] = [None if t is None else target_dict(t) for t in chosen]
    return (PLAY, inst, cell, chosen), canonical


def _validate_activate(state: State, seat: int, action: Action) -> tuple[Any, Action]:
    inst = _own_source(state, seat, action)
    abilities = [a for a in inst.card.abilities if a.trigger == "activated"]
    if not abilities:
        raise IllegalAction(
            "R7.6", f"{inst.name} has no action", code="no_action", params={"card": inst.name}
        )
    if inst.used:
        raise IllegalAction(
            "R7.6",
            f"{inst.name} has already used its action this turn",
            code="action_used",
            params={"card": inst.name},
        )
    cost = sum(a.cost for a in abilities)
    if cost > state.seats[seat].influence:
        influence = state.seats[seat].influence
        raise IllegalAction(
            "R7.6",
            f"{inst.name}'s action costs {cost}, you have {influence}",
            code="action_too_expensive",
            params={"card": inst.name, "cost": cost, "influence": influence},
        )
    chosen = _chosen_targets(state, inst, "activated", action.get("targets"), _ACTIVATE_MOMENT)
    canonical: Action = {"seat": seat, "type": "activate"}
    if inst.zone == FIELD:
        canonical["cell"] = {"line": CELL_LINE[inst.cell], "row": CELL_ROW[inst.cell]}
    else:
        canonical["zone"] = "location" if inst.zone == LOCATION else "hero"
    if chosen:
        canonical["targets"] = [None if t is None else target_dict(t) for t in chosen]
    return (ACTIVATE, inst, chosen), canonical


# --- description ------------------------------------------------------------------------------


def _place(cell: Any) -> str:
    if isinstance(cell, dict):
        return f"line {cell.get('line')} row {cell.get('row')}"
    return "?"


def _target_text(target: Any) -> str:
    if target is None:
        return "no target"
    if not isinstance(target, dict):
        return repr(target)
    who = f"seat {target.get('seat')}"
    if target.get("zone") == "hero":
        return f"{who} (the player)"
    if target.get("zone") == "location":
        return f"{who}'s location"
    return f"{who}'s card at {_place(target)}"


def describe_action(action: Action) -> str:
    """Return a readable English sentence for an action (as its own seat or a judge sees it)."""
    kind = action.get("type")
    targets = action.get("targets")
    tail = f", targeting {', '.join(_target_text(t) for t in targets)}" if targets else ""
    if kind == "keep":
        return "keep the opening hand"
    if kind == "mulligan":
        cards = list(action.get("cards") or [])
        return f"mulligan {len(cards)} card{'s' if len(cards) != 1 else ''}: {_names(cards)}"
    if kind == "pass":
        return "pass"
    if kind == "play":
        where = f" to {_place(action['cell'])}" if "cell" in action else ""
        return f"play {action.get('card')}{where}{tail}"
    if kind == "activate":
        what = f"the {action['zone']}" if "zone" in action else f"the card at {_place(action.get('cell'))}"
        return f"use the action of {what}{tail}"
    if kind == "choose":
        if "cell" in action:
            return f"choose {_place(action['cell'])}"
        return f"choose {', '.join(_target_text(t) for t in targets or [])}"
    if kind == "concede":
        return "concede the game"
    if kind == "timeout":
        return "run out of time"
    if kind == "no_show":
        return "neither player came to the game" if action.get("both") is True else "did not come to the game"
    if kind == "penalty_loss":
        return "lose the game by a judge's penalty"
    return f"unknown action {kind!r}"
