# mypyc: compiled by build_engine.py
"""What each seat, a spectator and the judges see (W4): JSON views and the hidden names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.wow.match.state import BOTH, CHAIN, DECK, RESOURCE, Decision, Inst

if TYPE_CHECKING:
    from engine.games.wow.match.flow import Flow as Match


def _knows(inst: Inst, seat: int | None, judge: bool) -> bool:
    if judge:
        return True
    if seat is None:
        return inst.known == BOTH
    return bool(inst.known & (1 << seat))


def _card(match: Match, inst: Inst) -> dict[str, Any]:
    shown: dict[str, Any] = {"id": inst.id, "card": inst.name, "exhausted": inst.exhausted}
    card = inst.card
    if card.is_hero or card.type == "ally" or card.is_totem:
        shown.update(damage=inst.damage, health=card.health, atk=match.atk_of(inst))
    if inst.entered == match.turn and not card.is_hero:
        shown["new"] = True
    if inst.shield:
        shown["shield"] = inst.shield
    if inst.counters:  # W3.2, W4.2: public; omitted when there are none
        shown["counters"] = dict(sorted(inst.counters.items()))
    if card.token:
        shown["token"] = True
    attached = [a for side in match.seats for a in side.attached if a.host == inst.id]
    if attached:  # W3.4, W8.3: public, lying under the card
        shown["attached"] = [_card(match, a) for a in attached]
    if inst.flipped:  # W1.7: the back is public, like the hero
        shown["flipped"] = True
    return shown


def _resource(inst: Inst, seat: int | None, judge: bool) -> dict[str, Any]:
    """W4.3 [decision]: a face-down resource is known to its owner, a back to the opponent."""
    shown: dict[str, Any] = {"id": inst.id, "exhausted": inst.exhausted, "face_up": inst.face_up}
    shown["card"] = inst.name if inst.face_up or _knows(inst, seat, judge) else None
    return shown


def _chain_item(match: Match, payload: dict[str, Any], seat: int | None, judge: bool) -> dict[str, Any]:
    shown = {k: v for k, v in payload.items()}
    if "card" in payload:
        inst = match.minted[payload["card"]]
        hidden = payload["kind"] == "resource" and not inst.face_up and not _knows(inst, seat, judge)
        shown["name"] = None if hidden else inst.name
    return shown


def view(match: Match, seat: int | None, *, judge: bool = False) -> dict[str, Any]:
    """Return the match as ``seat`` sees it (None: a spectator; ``judge``: everything)."""
    seats = []
    for index, side in enumerate(match.seats):
        mine = judge or seat == index
        entry: dict[str, Any] = {
            "name": side.name,
            "hero": _card(match, side.hero),
            "allies": [_card(match, i) for i in side.allies],
            "hero_row": [_card(match, i) for i in side.hero_row],
            "resources": [_resource(i, seat, judge) for i in side.resources],
            "deck": len(side.deck),
            "graveyard": [inst.name for inst in side.graveyard],
            "placed": side.placed,
        }
        if side.removed:  # W4.2: removed from the game, face up
            entry["removed"] = [inst.name for inst in side.removed]
        if mine:
            entry["hand"] = [{"id": inst.id, "card": inst.name} for inst in side.hand]
        else:
            entry["hand"] = len(side.hand)
        if judge:
            entry["deck_cards"] = [inst.name for inst in side.deck]
        seats.append(entry)
    decision = match.decision() if seat is None else match.decision_for(seat)
    combat = match.combat
    out: dict[str, Any] = {
        "game": "wow",
        "seat": seat,
        "turn": match.turn,
        "active": match.active,
        "first": match.first,
        "phase": match.phase,
        "seats": seats,
        "chain": match.chain.as_dict(lambda p: _chain_item(match, p, seat, judge)),
        "combat": {k: list(v) if isinstance(v, list) else v for k, v in combat.items()} if combat else None,
        "decision": _decision(match, decision, seat, judge),
        "result": match.result.as_dict() if match.result is not None else None,
        "turn_limit": match.turn_limit,
    }
    if judge:
        out["seed"] = match.seed
    return out


def _decision(
    match: Match, decision: Decision | None, seat: int | None, judge: bool
) -> dict[str, Any] | None:
    """Return the decision as JSON; a search lists its cards to the searcher (and judges) only (W4.1)."""
    if decision is None:
        return None
    shown = decision.as_dict()
    if decision.kind == "search" and (judge or seat == decision.seat):
        from engine.games.wow.match.legal import search_matches

        shown["cards"] = [{"id": i.id, "card": i.name} for i in search_matches(match, decision.seat)]
    return shown


def hidden_from(match: Match, seat: int) -> frozenset[str]:
    """Return the names of cards hidden from ``seat`` (W4) that it sees nowhere else."""
    hidden: set[str] = set()
    seen: set[str] = set()
    for inst in match.insts:
        face_down = inst.zone in (RESOURCE, CHAIN) and not inst.face_up
        if _knows(inst, seat, False) or (inst.zone not in (DECK,) and not face_down and inst.known == BOTH):
            seen.add(inst.name)
        else:
            hidden.add(inst.name)
    return frozenset(hidden - seen)
