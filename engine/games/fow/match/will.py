# mypyc: compiled by build_engine.py
"""Paying will (F7.1, F7.5, F7.6): whether a cost can be paid, and with what.

Will comes from a seat's will pool (what its will abilities produced this phase and nothing
spent yet, F7.5) and from its recovered magic stones, each rested for one will of an attribute
it produces (F7.1). A cost is attribute symbols (each paid by will of that attribute) plus a
generic number (any will). Which stone pays which symbol is a matching: the engine finds one
whenever one exists (never refusing a payable cost), and a player may name the stones
(:func:`named_payment`) instead of taking the default (:func:`auto_payment`).

Apart from ``core.py`` so that the legal-action listing (``actions.py``) can ask it of every
distinct cost (it runs before every priority).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from itertools import combinations
from operator import attrgetter

from engine.games.fow.cards import ATTRIBUTES, BIT
from engine.games.fow.match.state import Inst, Seat

Cost = tuple[tuple[str, int], ...]
Pool = Mapping[str, int]

# F7.6 [decision]: by default the stones with the fewest attributes are spent first, then the
# lowest id (``Inst.pay_order``), after the will already in the pool.
stone_order = attrgetter("pay_order")


# Per distinct cost (a game has a few dozen): its total and, for Hall's condition, every
# non-empty set of its attribute symbols as (the set's mask, the will it needs). Asked for every
# card of the game before every priority (F8.3), so read once.
_DEMANDS: dict[Cost, tuple[int, tuple[tuple[int, int], ...]]] = {}


def _demand(cost: Cost) -> tuple[int, tuple[tuple[int, int], ...]]:
    """Return the total of ``cost`` and its symbols' sets (mask, will needed)."""
    found = _DEMANDS.get(cost)
    if found is None:
        symbols: dict[int, int] = {}
        total = 0
        for key, count in cost:
            total += count
            if key != "any":
                symbols[BIT[key]] = symbols.get(BIT[key], 0) + count
        bits = list(symbols)
        sets: list[tuple[int, int]] = []
        for size in range(1, len(bits) + 1):
            for chosen in combinations(bits, size):
                union = 0
                need = 0
                for bit in chosen:
                    union |= bit
                    need += symbols[bit]
                sets.append((union, need))
        found = _DEMANDS[cost] = (total, tuple(sets))
    return found


def will_units(ready: Sequence[Inst], pool: Pool | None = None) -> list[int]:
    """Return the units of will a seat may spend: each ready stone's mask of what it produces,
    and one bit per will in ``pool`` (what :func:`can_pay_masks` reads)."""
    masks = [stone.card.will_mask for stone in ready]
    if pool:
        for key, count in pool.items():
            masks += [BIT[key]] * count
    return masks


def ready_will(side: Seat) -> list[int]:
    """Return :func:`will_units` of a seat: its recovered magic stones' and its pool's, in one
    pass over its field (only a magic stone has a ``will_mask``)."""
    masks = [inst.card.will_mask for inst in side.field if inst.card.will_mask and not inst.rested]
    if side.will:
        for key, count in side.will.items():
            masks += [BIT[key]] * count
    return masks


def can_pay_masks(masks: list[int], cost: Cost) -> bool:
    """Whether the units of will ``masks`` (:func:`will_units`) pay ``cost`` (F7.1): by Hall's
    condition, every set of the cost's attributes is produced by at least as many units as it
    needs, and there is will enough in all."""
    found = _DEMANDS.get(cost)
    total, sets = found if found is not None else _demand(cost)
    if total > len(masks):
        return False
    for union, need in sets:
        units = 0
        for mask in masks:
            if mask & union:
                units += 1
        if units < need:
            return False
    return True


def can_pay_from(ready: Sequence[Inst], cost: Cost, pool: Pool | None = None) -> bool:
    """Whether the will ``pool`` and the stones ``ready`` (recovered, any order) pay ``cost``
    (F7.1)."""
    return can_pay_masks(will_units(ready, pool), cost)


def _slots(cost: Cost) -> tuple[list[int], int]:
    """Return the cost's attribute symbols one per unit (bits) and its generic number."""
    slots: list[int] = []
    generic = 0
    for key, count in cost:
        if key == "any":
            generic += count
        else:
            slots += [BIT[key]] * count
    return slots, generic


def _match(units: list[int], slots: list[int]) -> list[int]:
    """Return, for each unit of will (a mask of the attributes it may be), the symbol slot it
    pays (-1: none), found by augmenting paths from the units in their order, so that the units
    listed first are the ones matched when a choice remains (the matched units are a maximum
    set, earliest first: a transversal matroid's greedy basis); [] when some slot stays unpaid."""
    slot_of = [-1] * len(units)
    unit_of = [-1] * len(slots)
    for unit in range(len(units)):
        if -1 not in unit_of:
            break
        _augment(unit, units, slots, slot_of, unit_of, [False] * len(slots))
    return slot_of if -1 not in unit_of else []


def _augment(
    unit: int, units: list[int], slots: list[int], slot_of: list[int], unit_of: list[int], seen: list[bool]
) -> bool:
    """Find ``unit`` a slot, moving the units already matched along an augmenting path."""
    for slot, bit in enumerate(slots):
        if units[unit] & bit and not seen[slot]:
            seen[slot] = True
            if unit_of[slot] < 0 or _augment(unit_of[slot], units, slots, slot_of, unit_of, seen):
                unit_of[slot] = unit
                slot_of[unit] = slot
                return True
    return False


def _pool_units(pool: Pool | None) -> list[str]:
    return [key for key in ATTRIBUTES for _ in range((pool or {}).get(key, 0))]


def auto_payment(
    ready: Sequence[Inst], cost: Cost, pool: Pool | None = None
) -> tuple[dict[str, int], list[Inst]] | None:
    """F7.6 [decision]: the default payment of ``cost``: (the will taken from ``pool``, the
    stones of ``ready`` to rest), the pool first, then the stones in the order given (callers
    pass :func:`stone_order`); None only when ``cost`` cannot be paid at all (F7.1)."""
    if not pool:
        found = _greedy(ready, cost)
        if found is not None:
            return {}, found
    pooled = _pool_units(pool)
    units = [BIT[key] for key in pooled] + [stone.card.will_mask for stone in ready]
    slots, generic = _slots(cost)
    if len(slots) + generic > len(units):
        return None
    slot_of = _match(units, slots) if slots else [-1] * len(units)
    if slots and not slot_of:
        return None
    used = [unit for unit in range(len(units)) if slot_of[unit] >= 0]
    free = [unit for unit in range(len(units)) if slot_of[unit] < 0][:generic]
    return _split(pooled, ready, used + free)


def _greedy(ready: Sequence[Inst], cost: Cost) -> list[Inst] | None:
    """The default payment's stones when the cost has one kind of attribute symbol at most: the
    first stones producing it, then the first left for the generic number (the matching's
    answer then; None when the cost has two kinds or the stones cannot pay)."""
    bit = 0
    needed = 0
    generic = 0
    for key, count in cost:
        if key == "any":
            generic += count
        elif bit and BIT[key] != bit:
            return None
        else:
            bit = BIT[key]
            needed += count
    used: list[Inst] = []
    left: list[Inst] = []
    for stone in ready:
        if needed and stone.card.will_mask & bit:
            used.append(stone)
            needed -= 1
        else:
            left.append(stone)
    if needed or len(left) < generic:
        return None
    chosen = used + left[:generic]
    return [stone for stone in ready if any(stone is pick for pick in chosen)]  # in spending order


def named_payment(
    named: Sequence[tuple[Inst, str | None]], cost: Cost, pool: Pool | None = None
) -> dict[str, int] | None:
    """F7.6: the will taken from ``pool`` when the player rests exactly the ``named`` stones
    (each with the attribute chosen for it, or None: any it produces) to pay ``cost``; None
    when they cannot pay it with what the pool holds, or a named stone is not needed."""
    pooled = _pool_units(pool)
    stones = [stone.card.will_mask if chosen is None else BIT[chosen] for stone, chosen in named]
    units = stones + [BIT[key] for key in pooled]  # the named stones are matched first
    slots, generic = _slots(cost)
    if len(stones) > len(slots) + generic or len(slots) + generic > len(units):
        return None
    slot_of = _match(units, slots) if slots else [-1] * len(units)
    if slots and not slot_of:
        return None
    spare_stones = sum(1 for unit in range(len(stones)) if slot_of[unit] < 0)
    if spare_stones > generic:
        return None  # a named stone the cost does not need
    spare_pool = [unit for unit in range(len(stones), len(units)) if slot_of[unit] < 0]
    if spare_stones + len(spare_pool) < generic:
        return None
    used = [unit for unit in range(len(stones), len(units)) if slot_of[unit] >= 0]
    taken: dict[str, int] = {}
    for unit in used + spare_pool[: generic - spare_stones]:
        key = pooled[unit - len(stones)]
        taken[key] = taken.get(key, 0) + 1
    return taken


def _split(
    pooled: list[str], ready: Sequence[Inst], units: Iterable[int]
) -> tuple[dict[str, int], list[Inst]]:
    taken: dict[str, int] = {}
    stones: list[Inst] = []
    for unit in sorted(units):
        if unit < len(pooled):
            taken[pooled[unit]] = taken.get(pooled[unit], 0) + 1
        else:
            stones.append(ready[unit - len(pooled)])
    return taken, stones


# The old name of the default payment's stones (the listing's callers).
def pay_from(ready: Sequence[Inst], cost: Cost) -> list[Inst] | None:
    """Return the stones :func:`auto_payment` rests for ``cost`` with an empty pool, or None."""
    found = auto_payment(ready, cost)
    return None if found is None else found[1]
