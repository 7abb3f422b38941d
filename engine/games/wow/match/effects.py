"""The ability vocabulary's effect words (W18): one registered handler per word, and the
target words they act on.

A new effect word is a name in :data:`engine.games.wow.cards.EFFECTS` (so the loader accepts
it), one handler here registered with :func:`handler`, and its test. A handler registered
``each=True`` (the default) is called once per target still in play; one registered
``each=False`` acts for the player (``draw``) and gets the chosen target, if any, as it is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from engine.games.wow.cards import CHOSEN_TARGETS, Effect
from engine.games.wow.match.state import Inst, Seat

if TYPE_CHECKING:
    from engine.games.wow.match.core import Match

# (match, acting seat, source card or None, the effect word, one target or the chosen one)
Handler = Callable[["Match", int, "Inst | None", Effect, "Inst | None"], None]
HANDLERS: dict[str, Handler] = {}


def handler(do: str, *, each: bool = True) -> Callable[[Handler], Handler]:
    """Register the handler of effect word ``do``; return it unchanged. With ``each`` the
    registered wrapper calls it once for every target of the effect still in play."""

    def register(fn: Handler) -> Handler:
        if not each:
            HANDLERS[do] = fn
            return fn

        def per_target(
            match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None
        ) -> None:
            for inst in affected(match, seat, source, effect, chosen):
                if match.in_play(inst):  # W8.8: what left play is not affected
                    fn(match, seat, source, effect, inst)

        HANDLERS[do] = per_target
        return fn

    return register


def run_effects(
    match: Match, seat: int, source: Inst | None, effects: tuple[Effect, ...], chosen: Inst | None
) -> None:
    """Carry out ``effects`` in order for ``seat`` (W18); ``chosen`` is the chosen target, if any."""
    for effect in effects:
        HANDLERS[effect.do](match, seat, source, effect, chosen)


# --- target words (W8.1, W18) ----------------------------------------------------------------


def characters(side: Seat) -> list[Inst]:
    """Return a side's characters in play: hero, allies, totems (W12.8: attackable as allies)."""
    return [side.hero, *side.allies, *(i for i in side.hero_row if i.card.is_totem)]


def chosen_targets(match: Match, seat: int, word: str) -> list[Inst]:
    """Return the legal chosen targets of a target word for ``seat`` (W8.1)."""
    mine, theirs = match.seats[seat], match.seats[1 - seat]
    if word == "any_character":
        return characters(mine) + characters(theirs)
    if word == "enemy_character":
        return characters(theirs)
    if word == "friendly_character":
        return characters(mine)
    if word == "enemy_ally":
        return [*theirs.allies, *(i for i in theirs.hero_row if i.card.is_totem)]
    if word == "friendly_ally":
        return list(mine.allies)
    return []


def fixed_targets(match: Match, seat: int, word: str, source: Inst | None) -> list[Inst]:
    """Return what a fixed target word names (W18)."""
    if word == "your_hero":
        return [match.seats[seat].hero]
    if word == "enemy_hero":
        return [match.seats[1 - seat].hero]
    if word == "all_enemy_allies":
        return list(match.seats[1 - seat].allies)
    if word == "friendly_allies":
        return list(match.seats[seat].allies)
    if word == "self" and source is not None:
        return [source]
    return []


def affected(match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None) -> list[Inst]:
    """Return the cards an effect acts on: the chosen one for a chosen word, else the fixed ones."""
    if effect.target in CHOSEN_TARGETS:
        return [chosen] if chosen is not None else []
    return fixed_targets(match, seat, effect.target, source)


# --- the handlers -----------------------------------------------------------------------------


@handler("damage")
def damage(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W12.1: deal N damage, preventable (shields W12.3, armor W12.5)."""
    assert inst is not None
    match.deal(source, inst, effect.amount)


@handler("put_damage")
def put_damage(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W12.2: put N damage counters: not dealt, so nothing prevents them."""
    assert inst is not None
    inst.damage += effect.amount
    match.emit({"type": "damage", "target": inst.id, "card": inst.name, "amount": effect.amount, "put": True})


@handler("heal")
def heal(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W12.7: remove up to N damage counters, never more than there are."""
    assert inst is not None
    healed = min(effect.amount, inst.damage)
    inst.damage -= healed
    match.emit({"type": "heal", "target": inst.id, "card": inst.name, "amount": healed})


@handler("prevent")
def prevent(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """W12.3: a shield that prevents the next N damage this turn."""
    assert inst is not None
    inst.shield += effect.amount
    match.emit({"type": "shield", "target": inst.id, "card": inst.name, "amount": effect.amount})


@handler("atk")
def atk(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """+N ATK until the end of the turn (W6.6); W12.8: a totem gains none."""
    assert inst is not None
    if inst.card.is_totem:
        return
    inst.atk_bonus += effect.amount
    match.emit({"type": "atk", "target": inst.id, "card": inst.name, "amount": effect.amount})


@handler("ready")
def ready(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """Ready the target (W7.6)."""
    assert inst is not None
    inst.exhausted = False
    match.emit({"type": "ready", "target": inst.id, "card": inst.name})


@handler("exhaust")
def exhaust(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """Exhaust the target (W7.6): it keeps its text and can still be attacked."""
    assert inst is not None
    inst.exhausted = True
    match.emit({"type": "exhaust", "target": inst.id, "card": inst.name})


@handler("destroy")
def destroy(match: Match, seat: int, source: Inst | None, effect: Effect, inst: Inst | None) -> None:
    """Destroy the target: to its owner's graveyard (W12.6). A hero is not destroyed by text."""
    assert inst is not None
    if not inst.card.is_hero:
        match.to_graveyard(inst)


@handler("draw", each=False)
def draw(match: Match, seat: int, source: Inst | None, effect: Effect, chosen: Inst | None) -> None:
    """The controller draws N (W14.2: from an empty deck, they are marked)."""
    match.draw(seat, effect.amount)


__all__ = ["HANDLERS", "Handler", "affected", "chosen_targets", "fixed_targets", "handler", "run_effects"]
