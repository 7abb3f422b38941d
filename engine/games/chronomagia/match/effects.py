"""The ability vocabulary (C13): one small handler per effect word of ``cards.EFFECTS``.

A handler takes the match, the queued :class:`Work` (whose effect it is, its source and
ability) and the player's choice (for targeted effects, validated before against
:func:`options`). Targeted effects ask their controller (a ``choose`` decision); with no
legal target they do nothing (logged as ``fizzles``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.games.chronomagia.match.state import FIELD, GRAVEYARD, HAND, Inst, Work

if TYPE_CHECKING:
    from engine.games.chronomagia.match.epochs import Epochs as Match

# Effects that need a choice, and the shape of it (README.md, "Action shapes").
TARGETED: frozenset[str] = frozenset({"unsummon", "return", "trap", "time_shift", "intuition"})
MASS: frozenset[str] = frozenset({"mass_unsummon", "mass_return"})
# C10.2: damage the controller may send, in any part, to the opponent's terrain (asked only when
# the opponent controls one).
REDIRECTED: frozenset[str] = frozenset({"damage"})


def _creatures(match: Match, limit: int) -> list[Inst]:
    """Face-up creatures of both seats whose spirit is at most ``limit`` (0: any), C13."""
    out = []
    for seat in (match.active, 1 - match.active):
        for inst in match.seats[seat].field:
            if match.is_creature(inst) and (limit <= 0 or inst.card.spirit_value <= limit):
                out.append(inst)
    return out


def options(match: Match, work: Work) -> list[dict[str, Any]]:
    """Return the choices a targeted or mass effect offers (each a ``choose`` action's fields).

    Mass effects list each single target and the greedy largest set; any set within the
    total is accepted (validated whole, C13 «Массовое … Х»).
    """
    ability = work.ability
    effect = ability.effect
    if effect in ("unsummon", "return", "trap"):
        return [{"target": inst.id} for inst in _creatures(match, ability.amount)]
    if effect in MASS:
        found = _creatures(match, ability.amount)
        if not found:
            return []
        listed: list[dict[str, Any]] = [{"targets": []}]
        listed += [{"targets": [inst.id]} for inst in found if inst.card.spirit_value <= ability.amount]
        chosen, total = [], 0
        for inst in sorted(found, key=lambda i: (i.owner == work.seat, -i.card.spirit_value, i.id)):
            if total + inst.card.spirit_value <= ability.amount:
                chosen.append(inst.id)
                total += inst.card.spirit_value
        if len(chosen) > 1:
            listed.append({"targets": sorted(chosen)})
        return listed
    if effect == "time_shift":
        out = []
        for seat in (match.active, 1 - match.active):
            for inst in match.seats[seat].field:
                if inst.face_down or inst is work.source:
                    continue
                here = match.epoch_for(inst)
                out += [{"target": inst.id, "epoch": e} for e in (here - 1, here + 1) if 1 <= e <= 3]
        return out
    if effect == "damage":  # C10.2: any part of it may go to the opponent's terrain
        terrain = match.controlled(1 - work.seat, "terrain")
        if terrain is None or ability.amount <= 0:
            return []
        return [{"terrain": m} for m in range(min(ability.amount, terrain.lives) + 1)]
    if effect == "intuition":
        other = 1 - work.seat
        return [
            {"target": inst.id, "return": back}
            for inst in match.seats[other].field
            if inst.face_down
            for back in (False, True)
        ]
    return []


def needs_choice(match: Match, work: Work) -> dict[str, Any] | None:
    """Return the ``choose`` request's info for ``work``, or None when it resolves at once."""
    effect = work.ability.effect
    if effect not in TARGETED and effect not in MASS and effect not in REDIRECTED:
        return None
    if not options(match, work):
        return None
    return {
        "effect": effect,
        "amount": work.ability.amount,
        "source": work.source.id if work.source is not None else None,
    }


def resolve(match: Match, work: Work, choice: dict[str, Any] | None) -> None:
    """Resolve ``work``'s effect (with ``choice`` for targeted ones)."""
    ability = work.ability
    source = work.source
    match.emit(
        {
            "type": "effect",
            "seat": work.seat,
            "effect": ability.effect,
            "amount": ability.amount,
            "source": source.id if source is not None else None,
            "card": source.name if source is not None and source.known == 3 else None,
        }
    )
    HANDLERS[ability.effect](match, work, choice)


def _id(match: Match, choice: dict[str, Any] | None) -> Inst | None:
    if not choice or not isinstance(choice.get("target"), int):
        return None
    inst = match.by_id.get(choice["target"])
    return inst if inst is not None and inst.zone == FIELD else None


def damage(match: Match, work: Work, choice: Any) -> None:
    """Deal N damage to the opponent (C13; armor absorbs, C7.9), of which the controller sent
    ``choice["terrain"]`` to the opponent's terrain (C10.2: «имеет право перевести любое
    количество повреждений в местность»)."""
    amount = work.ability.amount
    other = 1 - work.seat
    sent = choice.get("terrain", 0) if isinstance(choice, dict) else 0
    terrain = match.controlled(other, "terrain")
    if sent and terrain is not None:
        match.wound_terrain(terrain, sent)
    to_player = amount - sent
    shield = match.static(other, "shield") if to_player > 0 else 0  # C13 shield
    if shield:
        match.emit({"type": "shielded", "seat": other, "amount": min(shield, to_player)})
    if to_player - shield > 0:
        match.hurt(other, to_player - shield)


def damage_terrain(match: Match, work: Work, choice: Any) -> None:
    """N damage to the opponent's terrain (C10.2: its life tokens); nothing without one."""
    terrain = match.controlled(1 - work.seat, "terrain")
    if terrain is None:
        match.emit({"type": "fizzles", "effect": "damage_terrain"})
        return
    match.wound_terrain(terrain, work.ability.amount)


def gain_life(match: Match, work: Work, choice: Any) -> None:
    """Gain N Life (C7.4: no maximum)."""
    match.seats[work.seat].life += work.ability.amount


def concentration(match: Match, work: Work, choice: Any) -> None:
    """Gain N concentration (C7.2)."""
    match.gain_concentration(work.seat, work.ability.amount)


def draw(match: Match, work: Work, choice: Any) -> None:
    """Draw N cards (C14.2: from an empty deck, nothing)."""
    match.draw(work.seat, work.ability.amount)


def armor(match: Match, work: Work, choice: Any) -> None:
    """N armor tokens on the hero (C7.9)."""
    match.seats[work.seat].armor += work.ability.amount


def hero_token(match: Match, work: Work, choice: Any) -> None:
    """N hero-ability tokens on the hero (C10.5)."""
    match.seats[work.seat].tokens += work.ability.amount


def move_time(match: Match, work: Work, choice: Any) -> None:
    """Move time ±N centuries (C8.2, «Легионер»)."""
    match.move_time(work.seat, work.ability.amount)


def time_forward(match: Match, work: Work, choice: Any) -> None:
    match.move_time(work.seat, abs(work.ability.amount))


def time_back(match: Match, work: Work, choice: Any) -> None:
    match.move_time(work.seat, -abs(work.ability.amount))


def token(match: Match, work: Work, choice: Any) -> None:
    """Create N tokens of the named card on the controller's battlefield (C11.4)."""
    card = match.catalog.get(work.ability.card)
    if card is None:
        match.emit({"type": "fizzles", "effect": "token"})
        return
    for _ in range(max(1, work.ability.amount)):
        match.enter(match._new_inst(card, work.seat, -1), work.seat)


def unsummon(match: Match, work: Work, choice: Any) -> None:
    """«Развоплощение N»: destroy the target creature (spirit ≤ N); it dies (C11.3)."""
    target = _id(match, choice)
    if target is None:
        match.emit({"type": "fizzles", "effect": work.ability.effect})
        return
    match.leave(target, GRAVEYARD, dies=True)


def return_(match: Match, work: Work, choice: Any) -> None:
    """«Возвращение N»: the target creature goes to its owner's hand (C11.3)."""
    target = _id(match, choice)
    if target is None:
        match.emit({"type": "fizzles", "effect": work.ability.effect})
        return
    match.leave(target, HAND)


def trap(match: Match, work: Work, choice: Any) -> None:
    """«Ловушка N»: tap the target; it stays tapped until the trapper's next turn (C13)."""
    target = _id(match, choice)
    if target is None:
        match.emit({"type": "fizzles", "effect": "trap"})
        return
    target.tapped = True
    target.trapped_by = work.seat
    match.emit({"type": "trapped", "id": target.id, "card": target.name, "by": work.seat})


def _mass(match: Match, work: Work, choice: Any, to: int) -> None:
    ids = choice.get("targets", []) if isinstance(choice, dict) else []
    match.gathering = []  # C6.7: the creatures go at once; their «Ярость» is one batch
    for ident in ids:
        inst = match.by_id.get(ident)
        if inst is not None and inst.zone == FIELD:
            match.leave(inst, to, dies=to == GRAVEYARD)
    match.flush()


def mass_unsummon(match: Match, work: Work, choice: Any) -> None:
    """«Массовое Развоплощение X»: destroy creatures whose spirits total at most X."""
    _mass(match, work, choice, GRAVEYARD)


def mass_return(match: Match, work: Work, choice: Any) -> None:
    """«Массовое Возвращение X»: return creatures whose spirits total at most X."""
    _mass(match, work, choice, HAND)


def time_shift(match: Match, work: Work, choice: Any) -> None:
    """«Сдвиг времени»: another permanent lives in an adjacent epoch from now on (C8.5)."""
    target = _id(match, choice)
    if target is None or not isinstance(choice, dict):
        match.emit({"type": "fizzles", "effect": "time_shift"})
        return
    target.own_epoch = int(choice["epoch"])
    match.emit({"type": "shifted", "id": target.id, "card": target.name, "epoch": target.own_epoch})
    match.epoch_change(target)


def intuition(match: Match, work: Work, choice: Any) -> None:
    """«Интуиция»: look at an opponent's face-down shadow; you may return it to its owner's
    hand (C13, C4.2)."""
    target = _id(match, choice)
    if target is None or not isinstance(choice, dict):
        match.emit({"type": "fizzles", "effect": "intuition"})
        return
    target.known |= 1 << work.seat
    match.emit({"type": "looked", "seat": work.seat, "id": target.id}, {"card": target.name}, work.seat)
    if choice.get("return") is True:
        owner = match.seats[target.owner]
        owner.field.remove(target)
        match.emit({"type": "shadow_returned", "id": target.id, "seat": target.owner})
        target.zone = HAND
        target.face_down = False
        # C4.4 [decision]: a new object in the hand, known to its owner and to the one who just
        # looked at it and sent it there (nobody else)
        target.known = 1 << target.owner | 1 << work.seat
        match.mint(target)
        owner.hand.append(target)


def boost(match: Match, work: Work, choice: Any) -> None:
    """Static (read by ``Match.amounts``): nothing to resolve."""


def shield(match: Match, work: Work, choice: Any) -> None:
    """Static: each damage effect to the controller is N less (read by :func:`damage`)."""


def discount(match: Match, work: Work, choice: Any) -> None:
    """Static: the controller's cards cost N less, not below 0 (read by ``Match.cost_of``)."""


HANDLERS: dict[str, Callable[[Match, Work, Any], None]] = {
    "damage": damage,
    "gain_life": gain_life,
    "concentration": concentration,
    "draw": draw,
    "armor": armor,
    "hero_token": hero_token,
    "move_time": move_time,
    "time_forward": time_forward,
    "time_back": time_back,
    "token": token,
    "unsummon": unsummon,
    "return": return_,
    "trap": trap,
    "mass_unsummon": mass_unsummon,
    "mass_return": mass_return,
    "time_shift": time_shift,
    "intuition": intuition,
    "boost": boost,
    "shield": shield,
    "discount": discount,
    "damage_terrain": damage_terrain,
}
