"""What each seat, a spectator and the judges see (C4): JSON views and the hidden names."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.chronomagia.match.state import BOTH, Inst

if TYPE_CHECKING:
    from engine.games.chronomagia.match.epochs import Epochs as Match


def _knows(inst: Inst, seat: int | None, judge: bool) -> bool:
    if judge:
        return True
    if seat is None:
        return inst.known == BOTH
    return bool(inst.known & (1 << seat))


def _permanent(match: Match, inst: Inst, seat: int | None, judge: bool) -> dict[str, Any]:
    shown: dict[str, Any] = {"id": inst.id}
    if inst.face_down:
        shown["face_down"] = True
        shown["card"] = inst.name if _knows(inst, seat, judge) else None
        return shown
    shown.update(
        card=inst.name,
        kind=inst.card.kind,
        epoch=match.epoch_for(inst),
        tapped=inst.tapped,
        new=inst.entered == match.turn,
        shifted=inst.own_epoch is not None,
    )
    if inst.trapped_by is not None:
        shown["trapped_by"] = inst.trapped_by
    if inst.card.kind == "terrain":
        shown["lives"] = inst.lives
    elif inst.card.kind == "phenomenon":
        shown["time_counter"] = inst.lives
    return shown


def view(match: Match, seat: int | None, *, judge: bool = False) -> dict[str, Any]:
    """Return the match as ``seat`` sees it (None: a spectator; ``judge``: everything)."""
    seats = []
    for index, side in enumerate(match.seats):
        mine = judge or seat == index
        entry: dict[str, Any] = {
            "name": side.name,
            "life": side.life,
            "armor": side.armor,
            "hero": {
                "card": side.hero.name,
                "tokens": side.tokens,
                "meditating": side.meditating,
                "used": side.hero_used,
            },
            "deck": len(side.deck),
            "pool": len(side.pool),  # C4.1: nobody sees the pool, its size only
            "graveyard": [inst.name for inst in side.graveyard],
            "field": [_permanent(match, inst, seat, judge) for inst in side.field],
            "collected": sorted(side.collected),
            "meditated": side.meditated,
        }
        if mine:
            entry["hand"] = [{"id": inst.id, "card": inst.name} for inst in side.hand]
            entry["hero_deck"] = sorted(
                ({"id": inst.id, "card": inst.name} for inst in side.hero_deck),
                key=lambda c: (c["card"], c["id"]),
            )
        else:
            entry["hand"] = len(side.hand)  # C4.4: nothing in a hand is known to the opponent
            entry["hero_deck"] = len(side.hero_deck)
        if judge:
            entry["deck_cards"] = [inst.name for inst in side.deck]
            entry["pool_cards"] = [inst.name for inst in side.pool]
        seats.append(entry)
    decision = match.decision() if seat is None else match.decision_for(seat)
    out: dict[str, Any] = {
        "game": "chronomagia",
        "seat": seat,
        "turn": match.turn,
        "active": match.active,
        "first": match.first,
        "century": match.century,
        "epoch": match.epoch,
        "step": match.step,
        "seats": seats,
        "decision": decision.as_dict() if decision is not None else None,
        "result": match.result.as_dict() if match.result is not None else None,
    }
    if seat is not None and not judge:
        out["available"] = (
            {
                kind: match.amount(seat, kind)
                for kind in (
                    "concentration",
                    "time",
                    "time_past",
                    "time_future",
                    "life",
                    "armor",
                    "attack",
                    "damage",
                )
            }
            if match.active == seat
            else {}
        )
    if judge:
        out["seed"] = match.seed
        out["queue"] = [
            {"kind": w.kind, "seat": w.seat, "source": w.source.id if w.source else None} for w in match.queue
        ]
    return out


def hidden_from(match: Match, seat: int) -> frozenset[str]:
    """Return the names of cards hidden from ``seat`` (C4) that it sees nowhere else."""
    hidden: set[str] = set()
    seen: set[str] = set()
    for inst in match.insts:
        if inst.zone < 0:
            continue
        if _knows(inst, seat, False) or (inst.zone in (2, 3) and not inst.face_down) or inst.zone == 6:
            seen.add(inst.name)
        elif inst.zone != 7:
            hidden.add(inst.name)
    return frozenset(hidden - seen)
