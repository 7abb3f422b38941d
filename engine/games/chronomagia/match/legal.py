"""The legal actions of a seat (README.md, "Action shapes"): every answer to the pending
decision, each appliable as is (structured ones validate more, ``checks.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.chronomagia.match.effects import options
from engine.games.chronomagia.match.state import Decision

if TYPE_CHECKING:
    from engine.games.chronomagia.match.epochs import Epochs as Match

MAIN_KINDS = ("concentration", "life", "armor")  # C7.2, C7.4, C7.9
TIME_KINDS = ("time", "time_past", "time_future")  # C7.3


def legal_actions(match: Match, pending: Decision) -> list[dict[str, Any]]:
    """Return the answers to ``pending`` (each appliable as is; structured ones validate more)."""
    seat = pending.seat
    side = match.seats[seat]
    kind = pending.kind
    if kind == "main":  # the most frequent first
        return _main_actions(match, seat)
    if kind == "redraw":
        hand = [inst.id for inst in side.hand]
        out: list[dict[str, Any]] = [{"type": "keep"}]
        out += [{"type": "redraw", "cards": [ident]} for ident in hand]
        if len(hand) > 1:
            out.append({"type": "redraw", "cards": hand})
        return out
    if kind == "meditation":
        # C4.4: in the order of the ids (of the names), never of the shuffled hero deck
        offered = sorted(inst.id for inst in side.hero_deck)
        return [{"type": "pass"}] + [{"type": "meditate", "card": ident} for ident in offered]
    if kind == "order":  # C6.7: which of the chooser's triggers goes next
        return [{"type": "order", "trigger": index} for index in range(len(match.ordering[0].options()))]
    if kind == "choose":
        work = match.queue[0]
        return [{"type": "choose", **choice} for choice in options(match, work)]
    if kind == "flip":  # C10.4 [decision]: only a shadow whose event happened may flip
        return [{"type": "flip"}, {"type": "stay"}] if match.queue[0].may_flip else [{"type": "stay"}]
    if kind == "attack":
        total = pending.info["attack"] + pending.info["damage"]
        out = [{"type": "attack", "opponent": total, "terrain": 0}]
        terrain = match.controlled(1 - seat, "terrain")
        if terrain is not None:
            out += [
                {"type": "attack", "opponent": total - m, "terrain": m}
                for m in range(1, min(total, terrain.lives) + 1)
            ]
        return [*out, {"type": "pass"}]
    return _main_actions(match, seat)  # an unknown kind (none): the main phase's list


def _main_actions(match: Match, seat: int) -> list[dict[str, Any]]:
    side = match.seats[seat]
    out: list[dict[str, Any]] = []
    append = out.append
    epoch = match.epoch
    index = epoch - 1
    turn = match.turn
    # One pass over the seat's permanents (this runs for every main-phase decision): the terrain
    # and phenomenon it controls (C10.2, C10.3), its static discounts (C13, as Match.static
    # reads them), and its tap and fury abilities (C11.1, C12.1), listed last.
    terrain = phenomenon = False
    discount = 0
    abilities: list[dict[str, Any]] = []
    for inst in side.field:
        if inst.face_down:
            continue
        card = inst.card
        card_type = card.kind
        if card_type == "terrain":
            terrain = True
        elif card_type == "phenomenon":
            phenomenon = True
        row = card.rows[(inst.own_epoch or epoch) - 1]
        if row is None or not row.abilities:
            continue
        if row.discount:
            discount += row.discount
        if row.taps and not inst.tapped and not (inst.entered == turn and not row.haste):
            abilities.append({"type": "activate", "card": inst.id})
        if row.fury and card.type == "thoughtform":
            abilities.append({"type": "sacrifice", "card": inst.id})
    if not side.meditated:  # C6.3
        pool = len(side.pool) + discount  # C13: costs N less
        for inst in side.hand:  # the checks of _play_problem (C1.4, C10.1–C10.4), inlined for speed
            card = inst.card
            if card.rows[index] is None:
                continue
            card_type = card.kind
            if card_type == "shadow":
                append({"type": "shadow", "card": inst.id})
            elif (
                (card.cost or 0) <= pool
                and not (terrain and card_type == "terrain")
                and not (phenomenon and card_type == "phenomenon")
            ):
                append({"type": "play", "card": inst.id})
        if not side.hero_used:  # C10.5
            tokens = side.tokens
            for number, hero_ability in enumerate(side.hero.card.hero_abilities):
                if hero_ability.tokens > 0 or tokens >= -hero_ability.tokens:
                    append({"type": "hero", "ability": number})
    amounts = match.amounts(seat)
    if amounts:
        collected = side.collected
        for kind in MAIN_KINDS:  # C7.1
            if kind not in collected and amounts.get(kind, 0) > 0:
                append({"type": "collect", "kind": kind})
        for kind in TIME_KINDS:  # C7.3
            amount = amounts.get(kind, 0)
            if kind in collected or amount <= 0:
                continue
            low = 0 if kind == "time_future" else -amount
            high = 0 if kind == "time_past" else amount
            out += [{"type": "collect_time", "kind": kind, "move": m} for m in range(low, high + 1) if m]
            target = match.controlled(1 - seat, "phenomenon")
            if target is not None:
                append(
                    {
                        "type": "collect_time",
                        "kind": kind,
                        "move": 0,
                        "target": target.id,
                        "erode": min(amount, target.lives),
                    }
                )
    out += abilities
    append({"type": "pass"})
    return out
