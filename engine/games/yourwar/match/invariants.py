"""What must hold after every action of a Your War match (the generic kit's soak check)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.yourwar.match.state import DECK, FIELD, HAND, HAND_LIMIT, ZONE_NAMES

if TYPE_CHECKING:
    from engine.games.yourwar.match.core import Match


def check_invariants(match: Match) -> list[str]:
    """Return every broken invariant (empty when sound)."""
    problems: list[str] = []
    placed: dict[int, str] = {}  # by the instance's identity: a card in a deck or hand has no id
    for seat, side in enumerate(match.seats):
        for zone, name in enumerate(ZONE_NAMES):
            for inst in side.zone(zone):
                if id(inst) in placed:
                    problems.append(f"card {inst.name} is in {placed[id(inst)]} and {name}")
                placed[id(inst)] = name
                # Y3.4 [decision]: an id exactly while in sight, the one it is found by
                hidden = zone in (DECK, HAND)
                if hidden != (inst.id < 0) or (not hidden and match.by_id.get(inst.id) is not inst):
                    problems.append(f"card {inst.name} in {name} has id {inst.id}")
                if inst.owner != seat or inst.zone != zone:
                    problems.append(
                        f"card {inst.id} ({inst.name}) is listed in seat {seat}'s {name} but says otherwise"
                    )
                if zone != FIELD and (
                    inst.damage or inst.attacking or inst.blocking is not None or inst.guarding is not None
                ):
                    problems.append(f"card {inst.id} keeps combat marks outside the field")
        if match.phase not in ("discard",) and match.result is None and match.phase != "opening":
            if seat != match.active and len(side.hand) > HAND_LIMIT + 1:
                problems.append(f"seat {seat} holds {len(side.hand)} cards after its turn (Y5.6)")
        for inst in side.field:
            if inst.damage < 0:
                problems.append(f"{inst.name} has negative damage")
            if match.result is None and inst.damage >= match.defense_of(inst):
                problems.append(f"{inst.name} should be destroyed (Y7.9)")
            if inst.attacking and match.phase not in ("initial", "block", "intervene", "assign"):
                problems.append(f"{inst.name} attacks outside combat")
        if side.builds < 0:
            problems.append(f"seat {seat} built more bases than allowed (Y6.1)")
    if len(placed) != len(match.insts):
        problems.append(f"{len(match.insts) - len(placed)} cards are nowhere")
    if len(match.by_id) != sum(1 for inst in match.insts if inst.id >= 0) or any(
        ident >= match.next_id for ident in match.by_id
    ):
        problems.append("an id is kept for a card out of sight, or not minted from the counter")
    if match.result is None and match.decision() is None:
        problems.append("no decision while the game goes on")
    if match.turn > match.turn_limit + 1:
        problems.append("past the turn limit (Y10.1)")
    return problems
