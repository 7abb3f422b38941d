# mypyc: compiled by build_engine.py
"""The legal lists (README.md, "Action shapes"), built from candidates that pass
:func:`~engine.games.fow.match.checks.problem`, so the two never disagree; and what anyone may
know a hand could play (F8.3).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from engine.games.fow.match.checks import choosing_item, play_ability, problem
from engine.games.fow.match.effects import target_options
from engine.games.fow.match.state import RULER_ZONE, Decision
from engine.games.fow.match.will import Cost, can_pay_masks, ready_will

if TYPE_CHECKING:
    from engine.games.fow.match.chase import Chase as Match


def legal_actions(match: Match, pending: Decision) -> list[dict[str, Any]]:
    """Return the answers to ``pending`` (each appliable as is)."""
    seat = pending.seat
    side = match.seats[seat]
    kind = pending.kind
    if kind == "mulligan":
        hand = [inst.id for inst in side.hand]
        out: list[dict[str, Any]] = [{"type": "keep"}]
        out += [{"type": "mulligan", "cards": [ident]} for ident in hand]
        if len(hand) > 1:
            out.append({"type": "mulligan", "cards": hand})
        return out
    if kind == "discard":
        return [{"type": "discard", "card": inst.id} for inst in side.hand]
    if kind == "order":
        return [{"type": "order", "item": item.id} for item in match.chain.trigger_options()]
    if kind == "target":
        item = choosing_item(match, pending)
        return [{"type": "target", **chosen} for chosen in match.trigger_targets(item)] if item else []
    if kind == "block":
        return [{"type": "block", "card": ident} for ident in match.block_options()] + [{"type": "pass"}]
    return list(priority_actions(match, pending))


def _can_pay(match: Match, seat: int, payable: dict[Any, Any], cost: tuple[tuple[str, int], ...]) -> bool:
    """Whether ``seat`` can pay ``cost`` (F7.1); ``payable`` keeps the ready stones (under
    ``None``) and the answers of one listing."""
    known = payable.get(cost)
    if known is None:
        units = payable.get(None)
        if units is None:
            units = payable[None] = ready_will(match.seats[seat])
        known = payable[cost] = can_pay_masks(units, cost)
    return bool(known)


def playable_costs(catalog: Any) -> tuple[tuple[Cost, ...], tuple[Cost, ...]]:
    """Return the distinct will costs of the cards of ``catalog`` a hand may play: (any card's,
    [Quickcast] cards'), the free ones first (F8.3: what anyone may know a hand could hold)."""
    every: set[Cost] = set()
    fast: set[Cost] = set()
    for card in catalog:
        if card.type not in ("magic_stone", "ruler"):
            every.add(card.will_cost)
            if card.fast:
                fast.add(card.will_cost)
    return tuple(sorted(every, key=len)), tuple(sorted(fast, key=len))


def hand_may_play(match: Match, seat: int) -> bool:
    """F8.3 [decision]: whether ``seat``'s hand might hold a card it could play now, as anyone
    may know it: a card in hand, and a card of the game (the catalog) that the timing allows
    (out of main timing [Quickcast] only, F6.3, F8.2) and its ready stones could pay. It reads
    neither the hand's cards nor anything else hidden."""
    side = match.seats[seat]
    if not side.hand:
        return False
    every, fast = match.catalog.derived("fow.match.playable_costs", playable_costs)
    costs = every if match.main_timing(seat) else fast
    if not costs:
        return False
    if not costs[0]:
        return True  # a free card
    units = ready_will(side)
    for cost in costs:
        if can_pay_masks(units, cost):
            return True
    return False


def priority_actions(match: Match, pending: Decision, *, hand: bool = True) -> Iterator[dict[str, Any]]:
    """Yield the legal answers to a priority decision, ``pass`` last (lazily: the automatic
    pass of ``Match.only_pass`` stops at the first other one); ``hand`` False: none of the
    hand's cards (what the public may know of, F8.3) and no will ability (will that nothing
    could spend changes nothing, F8.3 [decision]).

    Cheap necessary conditions (timing, [Rest], will) skip a candidate before its targets
    are listed; an activated ability, a call and a Judgment still pass :func:`problem`
    before they are yielded (this runs before every priority)."""
    seat = pending.seat
    side = match.seats[seat]
    main = match.main_timing(seat)
    # Will is the same for every candidate of one listing: the ready stones are listed once
    # and each distinct cost is tried once (``_can_pay``).
    payable: dict[Any, Any] = {}

    # Out of main timing only [Quickcast] cards may be played (F6.3, F8.2): most listings
    # are of that kind and most hands have none.
    for inst in (side.hand if main else [i for i in side.hand if i.card.fast]) if hand else ():
        card = inst.card
        if card.type == "magic_stone" or card.type == "ruler":
            continue
        if card.will_cost and not _can_pay(match, seat, payable, card.will_cost):
            continue
        ability = play_ability(inst)
        options = target_options(match, seat, inst, ability) if ability is not None else [{}]
        for chosen in options:  # in hand, timing and will checked above; targets listed legal
            yield {"type": "play", "card": inst.id, **chosen}
    for inst in [i for i in side.field if i.j or i.card.activated]:
        card = inst.card
        activated = card.j_activated if inst.j else card.activated
        abilities = card.j_abilities if inst.j else card.abilities
        for index in activated:
            ability = abilities[index]
            if ability.rest and (inst.rested or (match.is_fighter(inst) and match.sick(inst))):
                continue  # F11, F9.1
            if ability.will and not _can_pay(match, seat, payable, ability.will):  # F7.1
                continue
            for chosen in target_options(match, seat, inst, ability):
                action = {"type": "activate", "card": inst.id, "ability": index, **chosen}
                if problem(match, pending, seat, action) is None:
                    yield action
    if main:
        ruler = side.ruler
        if not (side.called or side.judged_turn or ruler.rested):  # F7.2
            if problem(match, pending, seat, {"type": "call"}) is None:
                yield {"type": "call"}
        if not (side.judgment_lost or side.judged_turn or ruler.rested) and ruler.zone == RULER_ZONE:  # F7.3
            if problem(match, pending, seat, {"type": "judgment"}) is None:
                yield {"type": "judgment"}
        for inst in side.field:
            if match.is_fighter(inst) and match.can_attack(inst):
                for target in match.attack_targets(inst):
                    yield {
                        "type": "attack",
                        "card": inst.id,
                        **({"player": 1 - seat} if target is None else {"target": target}),
                    }
    if hand:  # F8.2: will abilities, at instant speed
        for stone in side.field:
            if stone.card.will_options and not stone.rested:  # a magic stone's (F7.1)
                for attribute in stone.card.will_options:
                    yield {"type": "will", "card": stone.id, "attribute": attribute}
    yield {"type": "pass"}
