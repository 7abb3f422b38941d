# mypyc: compiled by build_engine.py
"""The soak test's checks of one WoW TCG match state: what must always hold."""

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
    """Return every broken invariant (empty when sound): every card in exactly one place (the
    chain included, at the end too), ids exactly for the cards in sight (W4.4), and the rules'
    own limits."""
    problems: list[str] = []
    seen: dict[int, str] = {}  # by the instance's identity: a card in a deck has no id
    searching = {c["seat"] for c in match.choices if c["kind"] == "search"}
    for item in match.chain:  # W8.1, W7.1: a played card or a resource lies on the chain
        if "card" in item.payload and item.payload["kind"] in ("card", "resource"):
            inst = match.minted[item.payload["card"]]
            if id(inst) in seen:
                problems.append(f"card {inst.id} is on the chain twice")
            seen[id(inst)] = "chain"
            if inst.zone != CHAIN or inst.id != item.payload["card"]:
                problems.append(f"card {inst.id} on the chain has zone {inst.zone}")
    for seat, side in enumerate(match.seats):
        rows = {
            "deck": (side.deck, DECK), "hand": (side.hand, HAND), "allies": (side.allies, ALLIES),
            "hero_row": (side.hero_row, HERO_ROW), "resources": (side.resources, RESOURCE),
            "graveyard": (side.graveyard, GRAVEYARD), "removed": (side.removed, REMOVED),
            "attached": (side.attached, ATTACHED),
        }  # fmt: skip
        for row_name, (row, zone) in rows.items():
            for inst in row:
                if id(inst) in seen:
                    problems.append(f"card {inst.id} ({inst.name}) in {row_name} and {seen[id(inst)]}")
                seen[id(inst)] = row_name
                if inst.zone != zone and inst is not side.hero:
                    problems.append(f"card {inst.id} in {row_name} has zone {inst.zone}")
                holder = inst.controller if zone in (ALLIES, HERO_ROW, ATTACHED) else inst.owner
                if holder != seat:  # W3.5: in play its controller's side, else its owner's
                    problems.append(f"card {inst.id} of seat {holder} on seat {seat}'s side")
                if inst.controller != inst.owner and zone not in (ALLIES, HERO_ROW, ATTACHED):
                    problems.append(f"card {inst.id} out of play is controlled by another (W3.5)")
                if zone == HAND and not inst.known & 1 << seat:
                    problems.append(f"card {inst.id} in seat {seat}'s hand is unknown to its owner (W4.4)")
                # W4.4 [decision]: an id exactly while in sight (a deck's while its owner searches)
                unseen = zone == DECK and seat not in searching
                if unseen != (inst.id < 0) or (not unseen and match.by_id.get(inst.id) is not inst):
                    problems.append(f"card {inst.name} in {row_name} has id {inst.id}")
        if side.hero.zone != HERO_ROW:
            problems.append(f"seat {seat}'s hero left play")
        if len(side.resources) > match.turn:
            problems.append(f"seat {seat} has more resources than turns (W7.1)")
        # W12.6: the state check follows the last damage event, so not while armor is asked
        if match.result is None and match.phase not in ("mulligan",) and not match.armor_queue:
            for inst in side.allies:
                if inst.damage >= (inst.card.health or 0):
                    problems.append(f"ally {inst.id} with fatal damage in play (W12.6)")
    for inst in match.insts:
        # Conservation, the end included: every card of the decks is somewhere.
        if id(inst) not in seen and inst.zone != GONE and not inst.card.is_hero:
            problems.append(f"card {inst.id} ({inst.name}) is nowhere (zone {inst.zone})")
        if inst.zone == GONE and not inst.card.token:
            problems.append(f"card {inst.id} ceased to exist but is no token (W13.7)")
        if inst.zone == ATTACHED and (inst.host is None or not match.in_play(match.minted[inst.host])):
            problems.append(f"card {inst.id} is attached to a card out of play (W3.4)")
        if inst.card.token and inst.zone not in (ALLIES, GONE):
            problems.append(f"token {inst.id} outside play (W3.3)")
    if len(match.by_id) != sum(1 for inst in match.insts if inst.id >= 0):
        problems.append("an id is kept for a card out of sight (W4.4)")
    for inst in match.insts:
        if inst.flipped and not inst.card.is_hero:
            problems.append(f"card {inst.id} is flipped but not a hero (W1.7)")
    if match.pending is not None and match.pending.kind == "keep":
        gone = [i for i in match.keep_queue[0]["cards"] if not match.in_play(match.minted[i])]
        if gone:
            problems.append(f"the keep decision names cards no longer in play: {gone} (W13.4)")
    if match.result is None and match.pending is None:
        problems.append("no pending decision in a game that goes on")
    if match.result is not None and match.pending is not None:
        problems.append("a pending decision after the end")
    return problems
