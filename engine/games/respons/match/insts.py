# mypyc: compiled by build_engine.py
"""One physical card in a match (:class:`Inst`), and what an ability acts on (:data:`Target`)."""

from __future__ import annotations

from typing import Any

from engine.games.respons.cards import Card
from engine.games.respons.match.board import LOCATION, ZONE_NAMES, cell_dict

# What every copy of a card starts with: (card, name, kind, base number, trigger words, play cost).
InstProto = tuple[Card, str, str, int, frozenset[str], int]


def inst_proto(card: Card, triggers: frozenset[str] | None = None) -> InstProto:
    """Return the :data:`InstProto` of ``card`` (``triggers``: its trigger set, shared by copies)."""
    if triggers is None:
        triggers = frozenset(ability.trigger for ability in card.abilities)
    base = card.durability if card.type == "location" else card.strength
    cost = 0 if card.is_order else card.cost  # R1.4, R7.4: an order is played for free
    return card, card.name, card.type, base, triggers, cost


class Inst:
    """One physical card in a match (a copy of a :class:`Card`), wherever it is.

    ``delta`` is the change to its number since the last recovery (damage is negative,
    R6.6 clears it); ``mod`` is the sum of static effects on it; a unit's strength is
    ``base + delta + mod`` and a location's durability ``base + delta``. ``cost`` is what
    playing it costs (R7.1): its printed cost, or 0 for an order (R7.4).
    """

    __slots__ = (
        "base",
        "card",
        "cell",
        "cost",
        "delta",
        "face_up",
        "id",
        "kind",
        "last_cell",
        "mod",
        "name",
        "owner",
        "triggers",
        "used",
        "zone",
    )

    def __init__(self, ident: int, proto: InstProto, owner: int, zone: int) -> None:
        self.id = ident
        self.card, self.name, self.kind, self.base, self.triggers, self.cost = proto
        self.owner = owner
        self.zone = zone
        # last_cell: where it stood last: "in line" words still work after it left (R8)
        self.cell = self.last_cell = -1
        self.face_up = self.used = False  # used: R7.6, its action was used this turn
        self.delta = self.mod = 0

    @property
    def strength(self) -> int:
        """Return the current strength of a unit (or durability of a location)."""
        return self.base + self.delta + self.mod

    def __repr__(self) -> str:
        return f"<{self.card.name} #{self.id} {ZONE_NAMES[self.zone]} cell={self.cell}>"


# What an ability acts on: a card instance (unit or location) or a player's seat.
Target = Inst | int


def target_dict(target: Target) -> dict[str, Any]:
    """Return the JSON shape of a target (ABILITIES.md): a cell, a location or a player."""
    if isinstance(target, int):
        return {"seat": target, "zone": "hero"}
    if target.zone == LOCATION:
        return {"seat": target.owner, "zone": "location"}
    return cell_dict(target.cell)
