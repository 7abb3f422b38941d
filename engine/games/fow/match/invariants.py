"""The soak's checks of one match's state (the generic kit calls them after every action)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.fow.match.state import CHASE, DECK, FIELD, GRAVEYARD, HAND, REMOVED, RULER_ZONE, STONE_DECK

if TYPE_CHECKING:
    from engine.games.fow.match.core import Match


def check_invariants(match: Match) -> list[str]:
    """Return every broken invariant: each card in exactly one zone list matching its zone,
    a played card on the chase exactly while its item is, equipment on a fighter of its
    controller, no J-ruler off the field, a pending decision iff the game goes on."""
    problems: list[str] = []
    where: dict[int, int] = {}
    for seat, side in enumerate(match.seats):
        lists = ((DECK, side.deck), (HAND, side.hand), (FIELD, side.field), (GRAVEYARD, side.graveyard),
                 (STONE_DECK, side.stones), (REMOVED, side.removed))  # fmt: skip
        for zone, cards in lists:
            for inst in cards:
                if inst.id in where:
                    problems.append(f"card #{inst.id} is in two zones")
                where[inst.id] = zone
                if inst.zone != zone:
                    problems.append(f"card #{inst.id} says zone {inst.zone}, is in {zone}")
                if inst.owner != seat:
                    problems.append(f"card #{inst.id} of seat {seat}'s zones is seat {inst.owner}'s")
        ruler = side.ruler
        if ruler.j != (ruler.zone == FIELD) or ruler.zone not in (FIELD, RULER_ZONE):
            problems.append(f"seat {seat}: the ruler is {ruler.zone} with j={ruler.j} (F7.3, F7.4)")
        for inst in side.field:
            if inst.equipped_to is not None:
                host = match.insts[inst.equipped_to]
                if host.zone != FIELD or host.owner != seat:
                    problems.append(f"card #{inst.id} equips a card off its controller's field (F10.2)")
            if match.is_fighter(inst) and match.pending is not None and match.defense(inst) <= 0:
                problems.append(f"card #{inst.id} has no DEF left but stays (F9.5)")
    on_chase = {item.payload["card"] for item in match.chain.items if item.payload["kind"] == "card"}
    for inst in match.insts:
        if inst.zone == CHASE and inst.id not in on_chase and match.result is None:
            problems.append(f"card #{inst.id} is on the chase without an item")
        if inst.id not in where and inst.zone not in (CHASE, RULER_ZONE):
            problems.append(f"card #{inst.id} is nowhere")
    if (match.pending is None) != (match.result is not None):
        problems.append("a pending decision and a result disagree")
    for seat in (0, 1):
        if match.result is None and match.seats[seat].life <= 0:
            problems.append(f"seat {seat} at 0 life and the game goes on (F12.1)")
    return problems
