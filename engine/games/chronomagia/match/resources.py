"""What a seat's permanents give (C7): the resources it may collect now, static boosts
included (C13), the static effects (``shield``, ``discount``), costs (C10.1) and the defense
an attack meets (C9.2).
"""

from __future__ import annotations

from engine.games.chronomagia.cards import Card, Row
from engine.games.chronomagia.match.board import Board
from engine.games.chronomagia.match.state import Inst


class Resources(Board):
    """The board, with what its permanents give."""

    def producing(self, seat: int) -> list[tuple[Inst, Row]]:
        """C7.1: the seat's untapped, face-up permanents past summoning sickness, with their rows."""
        out: list[tuple[Inst, Row]] = []
        turn = self.turn
        epoch = self.epoch
        for inst in self.seats[seat].field:
            if inst.face_down or inst.tapped:
                continue
            row = inst.card.rows[(inst.own_epoch or epoch) - 1]
            if row is None or row.resources is None:
                continue
            if inst.entered == turn and not row.haste:
                continue
            out.append((inst, row))
        return out

    def amounts(self, seat: int) -> dict[str, int]:
        """Every resource kind the seat may collect now (C7.1), static boosts included (C13).

        One pass over the battlefield (the checks of :meth:`producing`, inlined: this runs for
        every main-phase decision and every attack)."""
        totals: dict[str, int] = {}
        get = totals.get
        creatures = 0
        boosting: list[tuple[Inst, Row]] | None = None  # C13 static boosts, with their cards
        turn = self.turn
        epoch = self.epoch
        side = self.seats[seat]
        for inst in side.field:
            if inst.face_down or inst.tapped:
                continue
            card = inst.card
            row = card.rows[(inst.own_epoch or epoch) - 1]
            if row is None:
                continue
            resources = row.resources
            if resources is None or (inst.entered == turn and not row.haste):
                continue
            if card.type == "thoughtform":
                creatures += 1
            for kind, value in resources:
                totals[kind] = get(kind, 0) + value
            if row.boosts:
                if boosting is None:
                    boosting = []
                boosting.append((inst, row))
        if boosting is not None:  # C13 «boost»: counted once every producer is known
            for inst, row in boosting:
                for kind, amount in row.boosts:
                    extra = amount * (creatures - (inst.card.type == "thoughtform"))
                    totals[kind] = get(kind, 0) + extra
        meditation = side.hero.card.meditation
        if side.meditating and meditation is not None:  # C6.3
            for kind, value in meditation.resources or ():
                totals[kind] = get(kind, 0) + value
        return totals

    def static(self, seat: int, effect: str) -> int:
        """The sum of the static ``effect`` (C13: ``shield``, ``discount``) over the seat's
        face-up permanents, each in the row of the epoch it lives in."""
        total = 0
        epoch = self.epoch
        for inst in self.seats[seat].field:
            if effect not in inst.card.statics or inst.face_down:
                continue
            row = inst.card.rows[(inst.own_epoch or epoch) - 1]
            if row is not None:
                total += row.statics.get(effect, 0)
        return total

    def cost_of(self, seat: int, card: Card) -> int:
        """C10.1: what ``card`` costs ``seat`` in concentration, its static discounts applied
        (C13 ``discount``: never below 0)."""
        cost = card.cost or 0
        return max(0, cost - self.static(seat, "discount")) if cost else 0

    def amount(self, seat: int, kind: str) -> int:
        """The sum of ``kind`` the seat may collect now (C7.1), static boosts included (C13)."""
        return self.amounts(seat).get(kind, 0)

    def defense(self, seat: int) -> int:
        """C9.2: the defender's untapped permanents in play when this turn began, or with
        «Ускорение» (haste, which exempts a permanent from that rule as from C7.1's)."""
        total = 0
        turn = self.turn
        epoch = self.epoch
        for inst in self.seats[seat].field:
            if inst.face_down or inst.tapped:
                continue
            row = inst.card.rows[(inst.own_epoch or epoch) - 1]
            # C9.2: in play when this turn began, unless «Ускорение» (haste) exempts it (C7.1)
            if inst.entered >= turn and (row is None or not row.haste):
                continue
            if row is not None and row.resources:
                for name, value in row.resources:
                    if name == "defense":
                        total += value
                        break
        side = self.seats[seat]
        if side.meditating and side.hero.card.meditation is not None:
            total += side.hero.card.meditation.resource("defense")
        return total

    def attack_totals(self) -> tuple[int, int, int]:
        """C9.1, C7.6, C7.7: (attack past the defense, damage, self-damage) of the active seat."""
        seat = self.active
        amounts = self.amounts(seat)
        attack = max(0, amounts.get("attack", 0) - self.defense(1 - seat))
        return attack, amounts.get("damage", 0), amounts.get("self_damage", 0)
