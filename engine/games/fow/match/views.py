# mypyc: compiled by build_engine.py
"""What each seat, a spectator and the judges see (F4): JSON views and the hidden names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.fow.match.state import CHASE, FIELD, GRAVEYARD, HAND, RULER_ZONE, Inst

if TYPE_CHECKING:
    from engine.games.fow.match.board import Board as Match


def _card(match: Match, inst: Inst) -> dict[str, Any]:
    shown: dict[str, Any] = {"id": inst.id, "card": inst.name}
    if inst.j:
        shown["j_ruler"] = True
    if inst.rested:
        shown["rested"] = True
    if match.is_fighter(inst):
        shown.update(atk=match.attack(inst), def_left=match.defense(inst))
        if inst.damage:
            shown["damage"] = inst.damage
        if match.sick(inst):
            shown["new"] = True
    if inst.equipped_to is not None:
        shown["equips"] = inst.equipped_to
    return shown


def _payload(match: Match, payload: dict[str, Any]) -> dict[str, Any]:
    out = dict(payload)
    ident = payload.get("card", payload.get("source"))
    if ident is not None:
        out["name"] = match.minted[ident].name
    return out


def view(match: Match, seat: int | None, *, judge: bool = False) -> dict[str, Any]:
    """Return the match as ``seat`` sees it (None: a spectator; ``judge``: everything)."""
    seats = []
    for index, side in enumerate(match.seats):
        mine = judge or seat == index
        ruler = side.ruler
        entry: dict[str, Any] = {
            "name": side.name,
            "life": side.life,
            "ruler": {
                "id": ruler.id,
                "card": ruler.name,
                "zone": "field" if ruler.j else "ruler_zone",
                "rested": ruler.rested,
                "judgment_lost": side.judgment_lost,
                "judged_this_turn": side.judged_turn,
            },
            "deck": len(side.deck),  # F4.2: nobody sees the decks, their sizes only
            "stone_deck": len(side.stones),
            "graveyard": [inst.name for inst in side.graveyard],  # F4.3: in order, public
            "removed": [inst.name for inst in side.removed],
            "field": [_card(match, inst) for inst in side.field],
            "called": side.called,
            "will": dict(side.will),  # F4.4: will pools are public
        }
        if mine:
            entry["hand"] = [{"id": inst.id, "card": inst.name} for inst in side.hand]
        else:
            entry["hand"] = len(side.hand)  # F4.5: nothing in a hand is known to the opponent
        if judge:
            entry["deck_cards"] = [inst.name for inst in side.deck]
            entry["stone_cards"] = [inst.name for inst in side.stones]
        seats.append(entry)
    decision = match.decision() if seat is None else match.decision_for(seat)
    chain = match.chain.as_dict(lambda p: _payload(match, p))
    out: dict[str, Any] = {
        "game": "fow",
        "seat": seat,
        "turn": match.turn,
        "active": match.active,
        "first": match.first,
        "phase": match.phase,
        "chase": chain["items"],
        "priority": chain["holder"],
        "battle": dict(match.battle) if match.battle is not None else None,
        "seats": seats,
        "decision": decision.as_dict() if decision is not None else None,
        "result": match.result.as_dict() if match.result is not None else None,
    }
    if judge:
        out["seed"] = match.seed
    return out


PUBLIC = (FIELD, GRAVEYARD, RULER_ZONE, CHASE)


def hidden_from(match: Match, seat: int) -> frozenset[str]:
    """Return the names of cards hidden from ``seat`` (F4) that it sees nowhere else."""
    hidden: set[str] = set()
    seen: set[str] = set()
    for inst in match.insts:
        if inst.zone in PUBLIC or inst.zone == 6 or (inst.zone == HAND and inst.known & (1 << seat)):
            seen.add(inst.name)
        else:
            hidden.add(inst.name)
    return frozenset(hidden - seen)
