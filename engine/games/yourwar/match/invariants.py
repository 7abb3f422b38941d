"""What must hold after every action of a Your War match (the generic kit's soak check)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.yourwar.match.state import FIELD, HAND_LIMIT, ZONE_NAMES

if TYPE_CHECKING:
    from engine.games.yourwar.match.core import Match


def check_invariants(match: Match) -> list[str]:
    """Return every broken invariant (empty when sound)."""
    problems: list[str] = []
    placed: dict[int, str] = {}
    for seat, side in enumerate(match.seats):
        for zone, name in enumerate(ZONE_NAMES):
            for inst in side.zone(zone):
                if inst.id in placed:
                    problems.append(f"card {inst.id} is in {placed[inst.id]} and {name}")
                placed[inst.id] = name
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
    if match.result is None and match.decision() is None:
        problems.append("no decision while the game goes on")
    if match.turn > 200 + 1:
        problems.append("past the turn limit (Y10.1)")
    return problems
