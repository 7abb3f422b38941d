"""Seeding a bracket or a round robin's order: at random, by rating, or as the organizer says."""

import random
from collections.abc import Mapping, Sequence

SEEDINGS = ("random", "rating", "organizer")


def seed_order(
    *,
    entrants: Sequence[int],
    method: str,
    seed: int = 0,
    ratings: Mapping[int, float] | None = None,
    order: Sequence[int] | None = None,
) -> list[int]:
    """Return ``entrants`` (ids) in seed order, seed 1 first.

    ``method`` "random": a shuffle drawn from ``seed`` (the same seed, the same order);
    "rating": by ``ratings`` (id → rating; missing: 0, a new player's), highest first, ties in
    the seeded random order; "organizer": ``order`` as given, which must list every entrant
    exactly once. Raises ValueError for an unknown method, a repeated entrant, or an
    organizer's order that is not the entrants'.
    """
    if method not in SEEDINGS:
        raise ValueError(f"unknown seeding {method!r}: choose from {', '.join(SEEDINGS)}")
    if len(set(entrants)) != len(entrants):
        raise ValueError("an entrant is listed twice")
    if method == "organizer":
        given = list(order or ())
        if len(set(given)) != len(given):
            raise ValueError("the organizer's order lists a player twice")
        missing, extra = set(entrants) - set(given), set(given) - set(entrants)
        if missing or extra:
            raise ValueError(
                f"the organizer's order must list every entrant once: missing {sorted(missing)}, "
                f"not entered {sorted(extra)}"
            )
        return given
    shuffled = list(entrants)
    random.Random(f"structures-seeding:{seed}").shuffle(shuffled)
    if method == "random":
        return shuffled
    rated = ratings or {}
    position = {pid: i for i, pid in enumerate(shuffled)}
    return sorted(shuffled, key=lambda pid: (-rated.get(pid, 0.0), position[pid]))
