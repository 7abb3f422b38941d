"""The legal actions of a seat in a Your War match (Y5.7): every simple action with each target,
every block (``blocks.py``) and one split of combat damage; each is appliable as is.
"""

from __future__ import annotations

from typing import Any

from engine.games.yourwar.match.blocks import every_block
from engine.games.yourwar.match.combat import Combat
from engine.games.yourwar.match.state import DESTROYED, OPENING_HAND, Inst


def legal_actions(match: Combat, seat: int) -> list[dict[str, Any]]:
    """Return every action ``seat`` may apply now, each appliable as is (Y5.7)."""
    pending = match.decision()
    if pending is None:
        return []
    if pending.seat != seat:
        return [{"type": "concede"}]
    kind = pending.kind
    out: list[dict[str, Any]] = []
    side = match.seats[seat]
    if kind == "opening":
        out.append({"type": "keep"})
        if OPENING_HAND - side.redeals >= 1:  # Y4.3
            out.append({"type": "redeal"})
    elif kind == "block":
        out.extend(every_block(match, seat))  # Y7.2: every block, fewest pairs first
    elif kind == "assign":
        out.append({"type": "assign", "split": match.default_split()})
    elif kind == "discard":
        for name in dict.fromkeys(i.name for i in side.hand):
            out.append({"type": "discard", "card": name})
    else:
        out.extend(_main_actions(match, seat, kind))
    out.append({"type": "concede"})
    return out


def _main_actions(match: Combat, seat: int, kind: str) -> list[dict[str, Any]]:
    side = match.seats[seat]
    free: dict[str | None, int] = {}
    for base in side.bases:
        if not base.used:
            free[base.card.country] = free.get(base.card.country, 0) + 1
    total = sum(free.values())

    def affordable(country: str | None, own: int, anyn: int) -> bool:
        # Y6.2: as _payment, counted: the country part from its bases, the rest from any.
        return (not own or free.get(country, 0) >= own) and total >= own + anyn

    out: list[dict[str, Any]] = []
    first: dict[str, Inst] = {}  # each name once, its first copy in the hand
    for inst in side.hand:
        if inst.name not in first:
            first[inst.name] = inst
    for name, inst in first.items():
        card = inst.card
        if card.type == "base":
            if kind != "intervene" and side.builds > 0:
                out.append({"type": "build", "card": name})
            continue
        if kind == "intervene" and card.type == "unit":
            continue
        if not affordable(card.country, card.cost_country, card.cost_any):
            continue
        kinds = match._play_kinds(card)
        if not kinds:
            out.append({"type": "play", "card": name})
        else:
            out.extend({"type": "play", "card": name, **t} for t in match._targets(seat, kinds))
    for inst in (*side.field, *side.support, *side.destroyed):
        trigger = "from_destroyed" if inst.zone == DESTROYED else "use"
        for index, ability in inst.abilities(trigger):
            if ability.use_icon and inst.icon_used:
                continue
            if not affordable(None, 0, ability.cost):
                continue
            kinds = match._chosen_kinds([ability])
            out.extend(
                {"type": "use", "card": inst.id, "ability": index, **t} for t in match._targets(seat, kinds)
            )
    if kind == "initial":
        for inst in side.field:
            if (
                not inst.used
                and not inst.attacking
                and (not inst.sick or inst.card.keyword("fast") is not None)
            ):
                out.append({"type": "attack", "unit": inst.id})
    if kind in ("initial", "final"):
        for colonel in side.field:
            limit = colonel.card.keyword("colonel")
            if limit and sum(1 for u in side.field if u.guarding == colonel.id) < limit:
                for unit in side.field:
                    if unit is not colonel and unit.guarding is None:
                        out.append({"type": "guard", "colonel": colonel.id, "unit": unit.id})
    out.append({"type": "proceed"} if kind == "intervene" else {"type": "end"})
    return out
