"""The soak test's checks of one WoW TCG match state (STYLE.md 10): what must always hold."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.wow.match.state import (
    ALLIES,
    ATTACHED,
    CHAIN,
    DECK,
    GONE,
    GRAVEYARD,
    HAND,
    HERO_ROW,
    REMOVED,
    RESOURCE,
)

if TYPE_CHECKING:
    from engine.games.wow.match.core import Match


def check_invariants(match: Match) -> list[str]:
    """Return every broken invariant (empty when sound)."""
    problems: list[str] = []
    seen: dict[int, str] = {}
    for seat, side in enumerate(match.seats):
        rows = {
            "deck": (side.deck, DECK), "hand": (side.hand, HAND), "allies": (side.allies, ALLIES),
            "hero_row": (side.hero_row, HERO_ROW), "resources": (side.resources, RESOURCE),
            "graveyard": (side.graveyard, GRAVEYARD), "removed": (side.removed, REMOVED),
            "attached": (side.attached, ATTACHED),
        }  # fmt: skip
        for row_name, (row, zone) in rows.items():
            for inst in row:
                if inst.id in seen:
                    problems.append(f"card {inst.id} in {row_name} and {seen[inst.id]}")
                seen[inst.id] = row_name
                if inst.zone != zone and inst is not side.hero:
                    problems.append(f"card {inst.id} in {row_name} has zone {inst.zone}")
                if inst.owner != seat:
                    problems.append(f"card {inst.id} of seat {inst.owner} on seat {seat}'s side")
                if zone == HAND and not inst.known & (1 << seat):
                    problems.append(f"seat {seat} does not know card {inst.id} in its hand (W4.1)")
        if side.hero.zone != HERO_ROW:
            problems.append(f"seat {seat}'s hero left play")
        if len(side.resources) > match.turn:
            problems.append(f"seat {seat} has more resources than turns (W7.1)")
        if match.result is None and match.phase not in ("mulligan",):
            for inst in side.allies:
                if inst.damage >= (inst.card.health or 0):
                    problems.append(f"ally {inst.id} with fatal damage in play (W12.6)")
    on_chain = [
        int(item.payload["card"]) for item in match.chain if item.payload["kind"] in ("card", "resource")
    ]
    for ident in on_chain:
        if match.insts[ident].zone != CHAIN:
            problems.append(f"card {ident} on the chain has zone {match.insts[ident].zone}")
    for inst in match.insts:
        if inst.zone == CHAIN and inst.id not in on_chain and match.result is None:
            problems.append(f"card {inst.id} in the chain zone is not on the chain")
        if inst.id not in seen and inst.zone not in (CHAIN, GONE) and not inst.card.is_hero:
            problems.append(f"card {inst.id} is nowhere")
        if inst.zone == GONE and not inst.card.token:
            problems.append(f"card {inst.id} ceased to exist but is no token (W13.7)")
        if inst.zone == ATTACHED and (inst.host is None or not match.in_play(match.insts[inst.host])):
            problems.append(f"card {inst.id} is attached to a card out of play (W3.4)")
        if inst.card.token and inst.zone not in (ALLIES, GONE):
            problems.append(f"token {inst.id} outside play (W3.3)")
    for inst in match.insts:
        if inst.flipped and not inst.card.is_hero:
            problems.append(f"card {inst.id} is flipped but not a hero (W1.7)")
    if match.pending is not None and match.pending.kind == "keep":
        gone = [i for i in match.keep_queue[0]["cards"] if not match.in_play(match.insts[i])]
        if gone:
            problems.append(f"the keep decision names cards no longer in play: {gone} (W13.4)")
    if match.result is None and match.pending is None:
        problems.append("no pending decision in a game that goes on")
    if match.result is not None and match.pending is not None:
        problems.append("a pending decision after the end")
    return problems
