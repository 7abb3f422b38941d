# mypyc: compiled by build_engine.py
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
    where: dict[int, int] = {}  # by the instance's identity: a card in a deck has no id
    for item in match.chain.items:  # F8.1: a played card lies on the chase while its item does
        if item.payload["kind"] == "card":
            inst = match.minted[item.payload["card"]]
            if id(inst) in where:
                problems.append(f"card #{inst.id} is on the chase twice")
            where[id(inst)] = CHASE
            if inst.zone != CHASE or inst.id != item.payload["card"]:
                problems.append(f"card #{inst.id} of a chase item is in zone {inst.zone}")
    for seat, side in enumerate(match.seats):
        lists = ((DECK, side.deck), (HAND, side.hand), (FIELD, side.field), (GRAVEYARD, side.graveyard),
                 (STONE_DECK, side.stones), (REMOVED, side.removed))  # fmt: skip
        for zone, cards in lists:
            for inst in cards:
                if id(inst) in where:
                    problems.append(f"card #{inst.id} ({inst.name}) is in two zones")
                where[id(inst)] = zone
                if inst.zone != zone:
                    problems.append(f"card #{inst.id} says zone {inst.zone}, is in {zone}")
                if inst.owner != seat:
                    problems.append(f"card #{inst.id} of seat {seat}'s zones is seat {inst.owner}'s")
                if zone == HAND and not inst.known & 1 << seat:
                    problems.append(f"card #{inst.id} in a hand is unknown to its owner (F4.5)")
        ruler = side.ruler
        if ruler.j != (ruler.zone == FIELD) or ruler.zone not in (FIELD, RULER_ZONE):
            problems.append(f"seat {seat}: the ruler is {ruler.zone} with j={ruler.j} (F7.3, F7.4)")
        for inst in side.field:
            if inst.equipped_to is not None:
                host = match.by_id.get(inst.equipped_to)
                if host is None or host.zone != FIELD or host.owner != seat:
                    problems.append(f"card #{inst.id} equips a card off its controller's field (F10.2)")
            if match.is_fighter(inst) and match.pending is not None and match.defense(inst) <= 0:
                problems.append(f"card #{inst.id} has no DEF left but stays (F9.5)")
    for inst in match.insts:
        # Conservation, the end included: every card is in exactly one place, the chase too.
        if id(inst) not in where and inst.zone != RULER_ZONE:
            problems.append(f"card #{inst.id} ({inst.name}) is nowhere (zone {inst.zone})")
        # F4.5 [decision]: an id exactly while in some seat's sight, the one it is found by
        unseen = inst.zone in (DECK, STONE_DECK)
        if unseen != (inst.id < 0) or (not unseen and match.by_id.get(inst.id) is not inst):
            problems.append(f"card {inst.name} in zone {inst.zone} has id {inst.id}")
    if len(match.by_id) != sum(1 for inst in match.insts if inst.id >= 0):
        problems.append("an id is kept for a card out of sight (F4.5)")
    if (match.pending is None) != (match.result is not None):
        problems.append("a pending decision and a result disagree")
    for seat in (0, 1):
        if match.result is None and match.seats[seat].life <= 0:
            problems.append(f"seat {seat} at 0 life and the game goes on (F12.1)")
    return problems
