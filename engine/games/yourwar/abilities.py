"""Your War's effect handlers (Y8): one small registered function per effect word.

A handler is ``handler(match, seat, source, ability, amount, target)``: ``seat`` is the
controller, ``source`` the card whose ability it is, ``amount`` the ability's amount with
any combo bonus, ``target`` the chosen unit (:class:`Inst`), a seat number, or None.
``match._resolve`` (``match/play.py``) looks the word up in :data:`HANDLERS`, calls it and then checks
destruction and the end of the game (Y7.9, Y9). A new effect word is one handler here,
its word in ``cards.EFFECTS`` and a test named by its rule.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.games.yourwar.cards import Ability
from engine.games.yourwar.match.state import DESTROYED, FIELD, HAND, SUPPORT, Inst

if TYPE_CHECKING:
    from engine.games.yourwar.match.board import Board as Match

Handler = Callable[["Match", int, Inst, Ability, int, Any], None]
HANDLERS: dict[str, Handler] = {}


def handler(word: str) -> Callable[[Handler], Handler]:
    """Register the decorated function as the handler of effect ``word``."""

    def register(function: Handler) -> Handler:
        HANDLERS[word] = function
        return function

    return register


def _how(source: Inst) -> str:
    return "artillery" if source.card.type == "artillery" else "effect"  # Y7.8


@handler("damage")
def damage(match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any) -> None:
    """Deal ``amount`` to a unit (Y7.8 artillery modifiers) or a player (the opponent by default)."""
    if isinstance(target, Inst):
        match._damage_unit(target, amount, _how(source))
    else:
        match._damage_player(1 - seat if target is None else target, amount)


@handler("damage_all")
def damage_all(match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any) -> None:
    """Deal ``amount`` to every enemy unit (``enemy_units``) or every unit, of ``domain``."""
    seats = (1 - seat,) if ability.target == "enemy_units" else (seat, 1 - seat)
    for side in seats:
        for inst in list(match.seats[side].field):
            if ability.domain is None or inst.card.domain == ability.domain:
                match._damage_unit(inst, amount, _how(source))


@handler("heal")
def heal(match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any) -> None:
    """The player aimed at gains ``amount`` health ([decision] no maximum): the chosen one
    (``player``), the opponent (``enemy_player``), else the controller."""
    if ability.target == "enemy_player":
        seat = 1 - seat
    elif type(target) is int:
        seat = target
    match.seats[seat].health += amount
    match._emit({"type": "heal", "seat": seat, "amount": amount, "health": match.seats[seat].health})


@handler("attack")
def attack(match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any) -> None:
    """+``amount`` attack to the target unit until end of turn."""
    if isinstance(target, Inst) and target.zone == FIELD:
        target.attack_bonus += amount
        match._emit({"type": "boost", "target": target.id, "attack": amount})


@handler("defense")
def defense(match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any) -> None:
    """+``amount`` defense to the target unit until end of turn."""
    if isinstance(target, Inst) and target.zone == FIELD:
        target.defense_bonus += amount
        match._emit({"type": "boost", "target": target.id, "defense": amount})


def _lasting(source: Inst, target: Any) -> Inst | None:
    """The unit a lasting bonus goes to: the target, else the unit whose ability it is."""
    unit = target if isinstance(target, Inst) else source if source.card.type == "unit" else None
    return unit if unit is not None and unit.zone == FIELD else None


@handler("attack_in_play")
def attack_in_play(match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any) -> None:
    """+``amount`` attack to one unit while it stays in play (Y8): it leaves with the unit."""
    unit = _lasting(source, target)
    if unit is not None:
        unit.attack_in_play += amount
        match._emit({"type": "boost", "target": unit.id, "attack": amount, "lasting": True})


@handler("defense_in_play")
def defense_in_play(
    match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any
) -> None:
    """+``amount`` defense to one unit while it stays in play (Y8): it leaves with the unit."""
    unit = _lasting(source, target)
    if unit is not None:
        unit.defense_in_play += amount
        match._emit({"type": "boost", "target": unit.id, "defense": amount, "lasting": True})


def _destroy(match: Match, target: Inst) -> None:
    match._move(target, DESTROYED)
    match._emit({"type": "destroyed", "seat": target.owner, "card": target.name, "id": target.id})


@handler("destroy")
def destroy(match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any) -> None:
    """Destroy the target unit; its ``destroyed`` abilities resolve."""
    if isinstance(target, Inst) and target.zone == FIELD:
        _destroy(match, target)
        for _, trigger in target.abilities("destroyed"):
            match._resolve(target.owner, target, trigger, None)


@handler("destroy_support")
def destroy_support(
    match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any
) -> None:
    """Destroy the target permanent support or medal (L48: «пока не будут уничтожены»)."""
    if isinstance(target, Inst) and target.zone == SUPPORT:
        _destroy(match, target)


@handler("draw")
def draw(match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any) -> None:
    """The controller draws ``amount`` cards (Y9.3: from an empty deck, they lose)."""
    match._draw(seat, amount)


@handler("extra_base")
def extra_base(match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any) -> None:
    """The controller may build ``amount`` more bases this turn (Y6.1)."""
    match.seats[seat].builds += amount


@handler("untap")
def untap(match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any) -> None:
    """Make the target unit available again, or ``amount`` of the controller's used bases."""
    if ability.target == "bases":
        used = [base for base in match.seats[seat].bases if base.used][:amount]
        for base in used:
            base.used = False
        match._emit({"type": "untap", "seat": seat, "bases": len(used)})
    elif isinstance(target, Inst) and target.zone == FIELD:
        target.used = False
        match._emit({"type": "untap", "seat": seat, "target": target.id})


@handler("return")
def return_to_hand(match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any) -> None:
    """Put this card from the destroyed pile into its owner's hand (``from_destroyed``)."""
    if source.zone == DESTROYED:
        match._move(source, HAND)
        match._emit({"type": "returned", "seat": seat, "card": source.name})


def _static(match: Match, seat: int, source: Inst, ability: Ability, amount: int, target: Any) -> None:
    """A static aura is read, not resolved: ``Match.aura`` sums them (Y8)."""


HANDLERS["aura_attack"] = _static
HANDLERS["aura_defense"] = _static
