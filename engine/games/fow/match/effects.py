# mypyc: compiled by build_engine.py
"""The ability vocabulary (F11 [decision]: the project's; the seed defines none): one handler
per effect, registered in :data:`HANDLERS`, and the targets each may take.

A chosen target travels in the action and on the chase item: ``target`` (a card id),
``player`` (a seat) or ``item`` (a chase item id). On resolution a chosen target that is no
longer legal makes that effect do nothing (F10.1 [decision], CR 903.3 in spirit).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.games.fow.cards import Ability
from engine.games.fow.match.state import FIELD, GRAVEYARD, HAND, REMOVED, Inst

if TYPE_CHECKING:
    from engine.games.fow.match.board import Board as Match


def target_options(match: Match, seat: int, source: Inst | None, ability: Ability) -> list[dict[str, Any]]:
    """Return the chosen targets ``ability`` may take now (``[{}]`` for a fixed target)."""
    kind = ability.target
    if not ability.chosen:
        return [{}]
    if kind == "chase":
        return [
            {"item": item.id}
            for item in match.chain.items
            if source is None or item.payload.get("card") != source.id
        ]
    out: list[dict[str, Any]] = []
    for side in (seat, 1 - seat):
        if kind == "enemy_resonator" and side == seat:
            continue
        if kind == "ally_resonator" and side != seat:
            continue
        out += [{"target": inst.id} for inst in match.fighters(side)]
    if kind == "any":
        out += [{"player": 1 - seat}, {"player": seat}]
    return out


def target_legal(
    match: Match, seat: int, source: Inst | None, ability: Ability, chosen: dict[str, Any]
) -> bool:
    """Return whether ``chosen`` (the action's target keys) is a legal target now."""
    if not ability.chosen:
        return True
    kind = ability.target
    if kind == "chase":
        item = chosen.get("item")
        return any(i.id == item for i in match.chain.items) and not (
            source is not None
            and any(i.id == item and i.payload.get("card") == source.id for i in match.chain.items)
        )
    if "player" in chosen:
        return kind == "any" and chosen["player"] in (0, 1) and not isinstance(chosen["player"], bool)
    ident = chosen.get("target")
    inst = match.by_id.get(ident) if isinstance(ident, int) and not isinstance(ident, bool) else None
    if inst is None or inst.zone != FIELD or not match.is_fighter(inst):
        return False
    if kind == "enemy_resonator":
        return inst.owner != seat
    if kind == "ally_resonator":
        return inst.owner == seat
    return True


def _targets(match: Match, seat: int, source: Inst, ability: Ability, payload: dict[str, Any]) -> list[Any]:
    """Return what the effect works on now: cards (:class:`Inst`) and seats (ints)."""
    kind = ability.target
    if kind == "self":
        return [source] if source.zone == FIELD else []
    if kind == "you":
        return [seat]
    if kind == "opponent":
        return [1 - seat]
    if kind == "enemy_resonators":
        return list(match.fighters(1 - seat))
    if not target_legal(match, seat, source, ability, payload):
        return []
    if kind == "chase":
        return [payload["item"]]
    if "player" in payload:
        return [payload["player"]]
    return [match.by_id[payload["target"]]]


def _damage(match: Match, seat: int, source: Inst, ability: Ability, on: Any) -> None:
    if isinstance(on, Inst):
        match.deal_damage(on, ability.amount)
        match.emit({"type": "damage", "id": on.id, "amount": ability.amount, "source": source.id})
    else:
        match.hurt(on, ability.amount, source.id)


def _pump(match: Match, seat: int, source: Inst, ability: Ability, on: Any) -> None:
    on.atk_mod += ability.atk
    on.def_mod += ability.def_
    match.emit({"type": "pump", "id": on.id, "atk": ability.atk, "def": ability.def_})


def _destroy(match: Match, seat: int, source: Inst, ability: Ability, on: Any) -> None:
    match.destroy(on)


def _bounce(match: Match, seat: int, source: Inst, ability: Ability, on: Any) -> None:
    match.leave_field(on, HAND)


def _draw(match: Match, seat: int, source: Inst, ability: Ability, on: Any) -> None:
    match.draw(on, ability.amount)


def _gain_life(match: Match, seat: int, source: Inst, ability: Ability, on: Any) -> None:
    side = match.seats[on]
    side.life += ability.amount
    match.emit({"type": "life_gained", "seat": on, "amount": ability.amount, "life": side.life})


def _call_stone(match: Match, seat: int, source: Inst, ability: Ability, on: Any) -> None:
    for _ in range(ability.amount):
        match.call_stone(on)


def _remove(match: Match, seat: int, source: Inst, ability: Ability, on: Any) -> None:
    match.leave_field(on, REMOVED)  # F3.3: removed from the game (a J-ruler: back to its zone, F7.4)


def _cancel(match: Match, seat: int, source: Inst, ability: Ability, on: Any) -> None:
    item = match.chain.remove(on)
    if item is None:
        return
    match.emit({"type": "cancelled", "item": on, "by": source.id})
    card = item.payload.get("card") if item.payload["kind"] == "card" else None
    if card is not None:  # a cancelled card goes to its owner's graveyard
        match.to_graveyard(match.minted[card])


Handler = Callable[["Match", int, Inst, Ability, Any], None]

# F11 [decision]: the effect words of cards.EFFECTS, one handler each.
HANDLERS: dict[str, Handler] = {
    "damage": _damage,
    "pump": _pump,
    "destroy": _destroy,
    "bounce": _bounce,
    "draw": _draw,
    "gain_life": _gain_life,
    "call_stone": _call_stone,
    "cancel": _cancel,
    "remove": _remove,
}


def apply_ability(match: Match, seat: int, source: Inst, ability: Ability, payload: dict[str, Any]) -> None:
    """Carry out ``ability`` of ``source`` for ``seat`` (its targets as they are now)."""
    handler = HANDLERS[ability.effect]
    for on in _targets(match, seat, source, ability, payload):
        if isinstance(on, Inst) and on.zone != FIELD:
            continue
        handler(match, seat, source, ability, on)


__all__ = ["GRAVEYARD", "HANDLERS", "apply_ability", "target_legal", "target_options"]
