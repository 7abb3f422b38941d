# mypyc: compiled by build_engine.py
"""Paying will (F7.1, F7.6): which recovered magic stones the engine rests for a cost.

Apart from ``core.py`` so that the legal-action listing (``actions.py``) can sort a seat's
ready stones once and try every distinct cost against them (issue #22).
"""

from __future__ import annotations

from operator import attrgetter

from engine.games.fow.match.state import Inst

Cost = tuple[tuple[str, int], ...]


# F7.6 [decision]: the stones with the fewest attributes are spent first, then the lowest id
# (``Inst.pay_order``).
stone_order = attrgetter("pay_order")


def pay_from(ready: list[Inst], cost: Cost) -> list[Inst] | None:
    """Return the stones of ``ready`` (recovered, in :func:`stone_order`; left unchanged)
    that pay ``cost``: each attribute symbol from the first stone producing it, then the
    generic number from the first stones left (F7.6 [decision]); None when they cannot
    (F7.1)."""
    total = 0
    for _, count in cost:
        total += count
    if total > len(ready):
        return None
    left = list(ready)
    used: list[Inst] = []
    generic = 0
    for symbol, count in cost:
        if symbol == "any":
            generic += count
            continue
        for _ in range(count):
            for index, stone in enumerate(left):
                if symbol in stone.card.produces:
                    del left[index]
                    used.append(stone)
                    break
            else:
                return None
    if generic > len(left):
        return None
    return used + left[:generic]


def can_pay_from(ready: list[Inst], cost: Cost) -> bool:
    """Whether :func:`pay_from` pays ``cost`` from the stones ``ready`` (in any order: they
    are sorted only when the order matters), without choosing the stones."""
    total = 0
    needed = 0  # of the one attribute symbol
    symbol = ""
    for key, count in cost:
        total += count
        if key != "any":
            if symbol:  # two attribute symbols: the greedy order decides, so ask it
                return pay_from(sorted(ready, key=stone_order), cost) is not None
            symbol, needed = key, count
    if total > len(ready):
        return False
    # One attribute symbol (or none): the greedy takes the first stones producing it, then
    # the generic rest from any stones left, which ``total`` fits; so it pays when enough
    # stones produce that symbol.
    for stone in ready:
        if needed <= 0:
            break
        if symbol in stone.card.produces:
            needed -= 1
    return needed <= 0
