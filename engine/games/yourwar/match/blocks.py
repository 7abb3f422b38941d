"""Every block the defender may make (Y7.2–Y7.3), for ``legal_actions``.

A block is a set of ``[blocker, attacker]`` pairs: each of the defender's unused units blocks
at most one attacker, several may block one attacker, and a ground unit never blocks an air
unit. There are Π (1 + attackers each unit may block) of them, the empty one included; they
are listed fewest pairs first (no blocks, each single pair, then every pair of pairs, …),
units in the order of the field and attackers in the order of theirs, up to
:data:`MOST_BLOCKS_LISTED` (RULES.md Y7.2 argues the bound).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, islice, product
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.games.yourwar.match.board import Board as Match

# Y7.2 [decision, engine]: past this many blocks (a wide board against many attackers: 18,750 is
# the most that 200 random games of the sample decks met) the list stops, fewest pairs first.
MOST_BLOCKS_LISTED = 20_000


def able_pairs(match: Match, seat: int) -> list[tuple[int, list[int]]]:
    """Return each unused unit of ``seat`` that can block, with the attackers it may block (Y7.3)."""
    attackers = [a for a in match.seats[1 - seat].field if a.attacking]
    out: list[tuple[int, list[int]]] = []
    for unit in match.seats[seat].field:
        if unit.used:
            continue
        able = [a.id for a in attackers if not (unit.card.domain == "ground" and a.card.domain == "air")]
        if able:
            out.append((unit.id, able))
    return out


def every_block(match: Match, seat: int) -> list[dict[str, Any]]:
    """Return every ``block`` action ``seat`` may answer with, fewest pairs first (at most
    :data:`MOST_BLOCKS_LISTED`)."""
    return [
        {"type": "block", "blocks": pairs}
        for pairs in islice(_blocks(able_pairs(match, seat)), MOST_BLOCKS_LISTED)
    ]


def _blocks(units: list[tuple[int, list[int]]]) -> Iterator[list[list[int]]]:
    yield []
    for size in range(1, len(units) + 1):
        for chosen in combinations(units, size):
            for attackers in product(*(able for _, able in chosen)):
                yield [[unit, attacker] for (unit, _), attacker in zip(chosen, attackers, strict=True)]
