"""The soak's checks of one match's state (the generic kit calls them after every action)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.chronomagia.match.state import (
    DECK,
    FIELD,
    GRAVEYARD,
    HAND,
    HERO_DECK,
    LAST_CENTURY,
    POOL,
    THRONE,
    VOID,
)

if TYPE_CHECKING:
    from engine.games.chronomagia.match.epochs import Epochs as Match


def check_invariants(match: Match) -> list[str]:
    """Return every broken invariant: each card in exactly one zone list matching its zone,
    the century within 1–30, no negative counts, a pending decision iff the game goes on."""
    problems: list[str] = []
    where: dict[int, int] = {}  # by the instance's identity: a card in a deck or the pool has no id
    for seat, side in enumerate(match.seats):
        lists = (
            (DECK, side.deck),
            (HAND, side.hand),
            (FIELD, side.field),
            (GRAVEYARD, side.graveyard),
            (POOL, side.pool),
            (HERO_DECK, side.hero_deck),
        )
        for zone, cards in lists:
            for inst in cards:
                if id(inst) in where:
                    problems.append(f"card {inst.name} is in two zones")
                where[id(inst)] = zone
                if inst.zone != zone:
                    problems.append(f"card #{inst.id} says zone {inst.zone}, is in {zone}")
                if inst.owner != seat:
                    problems.append(f"card #{inst.id} of seat {inst.owner} is in seat {seat}'s zones")
                # C4.4 [decision]: an id exactly while in some seat's sight, the one it is found by
                unseen = zone in (DECK, POOL)
                if unseen != (inst.id < 0) or (not unseen and match.by_id.get(inst.id) is not inst):
                    problems.append(f"card {inst.name} in zone {zone} has id {inst.id}")
                if zone == HAND and not inst.known & 1 << seat:
                    problems.append(f"card #{inst.id} in a hand is unknown to its owner (C4.4)")
        if side.armor < 0 or side.tokens < 0:
            problems.append(f"seat {seat}: negative armor or tokens")
        if side.hero.zone != THRONE:
            problems.append(f"seat {seat}: the hero left the throne")
        if sum(1 for i in side.field if not i.face_down and i.card.kind == "terrain") > 1:
            problems.append(f"seat {seat}: two terrains (C10.2)")
        for inst in side.field:
            if inst.tapped and inst.face_down:
                problems.append(f"card #{inst.id}: a tapped face-down shadow")
            if (
                not inst.face_down
                and match.row(inst) is None
                and match.pending is not None
                and not match.queue
            ):
                problems.append(f"card #{inst.id} is in play in an epoch it does not exist in (C1.4)")
    for inst in match.insts:
        if id(inst) not in where and inst.zone not in (THRONE, VOID):
            problems.append(f"card #{inst.id} ({inst.name}) is nowhere")
    shown = sum(1 for inst in match.insts if inst.id >= 0)
    if len(match.by_id) != shown or any(ident >= match.ids.next_id for ident in match.by_id):
        problems.append("an id is kept for a card out of sight, or not minted from the counter (C4.4)")
    if not 1 <= match.century <= LAST_CENTURY:
        problems.append(f"century {match.century} out of 1–{LAST_CENTURY}")
    if (match.pending is None) != (match.result is not None):
        problems.append("a pending decision and a result disagree")
    return problems
