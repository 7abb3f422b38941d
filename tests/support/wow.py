"""WoW TCG matches set up for a test: past both mulligans, cards put where the test needs them."""

from __future__ import annotations

from typing import Any

from engine.cardset import load_catalog
from engine.decklist import Decklist
from engine.games.wow.cards import Card
from engine.games.wow.match import Match, new_match
from engine.games.wow.match.state import ALLIES, HAND, HERO_ROW, RESOURCE, Inst
from engine.registry import bundled_card_sets


def wow_match(hero0: str = "Grotha Ashmane", hero1: str = "Mirel Duskwhisper") -> Match:
    """Return an unshuffled match in seat 0's first action phase, seat 0 holding priority."""
    catalog = load_catalog(bundled_card_sets("wow"))[1]
    decks = [Decklist(game="wow", zones={"hero": h, "main": {"Warband Recruit": 40}}) for h in (hero0, hero1)]
    match = new_match(catalog, (decks[0], decks[1]), seed=1, shuffle=False, first=0)
    for seat, kind in ((0, "keep"), (1, "keep"), (0, "pass"), (1, "pass"), (0, "pass"), (1, "pass")):
        match.apply(seat, {"type": kind})
    assert match.phase == "action"
    return match


def put(match: Match, seat: int, name: str, zone: int = HAND) -> Inst:
    """Put a new card ``name`` of ``seat`` into ``zone`` (hand, allies, hero row, resources)."""
    card: Any = match.catalog.get(name)
    assert isinstance(card, Card), name
    inst = Inst(len(match.insts), card, seat, zone)
    match.insts.append(inst)
    side = match.seats[seat]
    rows = {HAND: side.hand, ALLIES: side.allies, HERO_ROW: side.hero_row, RESOURCE: side.resources}
    rows[zone].append(inst)
    inst.known = 3 if zone != HAND else 1 << seat
    inst.face_up = zone != RESOURCE
    return inst
