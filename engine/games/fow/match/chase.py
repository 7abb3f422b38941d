# mypyc: compiled by build_engine.py
"""The chase (F8): passing priority, resolving items, the targets of triggers (F8.5)."""

from __future__ import annotations

from typing import Any

from engine.chain import ChainItem
from engine.games.fow.match.battle import Battle
from engine.games.fow.match.effects import apply_ability, target_options
from engine.games.fow.match.state import FIELD, RULER_ZONE, Decision


class Chase(Battle):
    """The match's chase and priority, on its board and battles."""

    def choosing_target(self) -> bool:
        """F8.5: a trigger that chooses a target, just put on the chase, has it chosen by its
        controller (a ``target`` decision; return True), or is dropped with no legal target."""
        for item in self.chain.items:
            payload = item.payload
            if payload.get("choose"):
                if self.trigger_targets(item):
                    self.pending = Decision("target", item.controller, self.seq, {"item": item.id})
                    return True
                self.chain.remove(item.id)
                self.emit({"type": "trigger_dropped", "item": item.id, "id": payload["source"]})
                return self.choosing_target()
        self.targets_due = False
        return False

    def trigger_targets(self, item: ChainItem[dict[str, Any]]) -> list[dict[str, Any]]:
        """The targets the trigger ``item`` may choose now (never the item itself)."""
        source, ability = self.trigger_ability(item.payload)
        options = target_options(self, item.controller, source, ability)
        return [chosen for chosen in options if chosen.get("item") != item.id]

    def pass_priority(self, seat: int) -> None:
        """F8.3: ``seat`` passes; two passes in succession resolve the top of the chase."""
        step = self.chain.pass_priority(seat)
        if step.kind == "resolve" and step.item is not None:
            self.resolve(step.item)
            self.rule_process()
            self.chain.resolved()

    def resolve(self, item: ChainItem[dict[str, Any]]) -> None:
        payload = item.payload
        kind = payload["kind"]
        seat = item.controller
        if kind == "judgment":  # F7.3
            ruler = self.seats[seat].ruler
            if ruler.zone == RULER_ZONE:
                ruler.j = True
                self.to_field(ruler, seat)
                self.emit({"type": "j_ruler", "seat": seat, "id": ruler.id, "card": ruler.name})
                self.trigger(ruler, ruler.card.j_abilities, "enter")
            return
        if kind == "ability":  # the card whose ability it is, wherever it went
            source, ability = self.trigger_ability(payload)
            apply_ability(self, seat, source, ability, payload)
            return
        inst = self.minted[payload["card"]]  # a played card (F10.1), on the chase
        card = inst.card
        self.emit({"type": "resolves", "seat": seat, "id": inst.id, "card": inst.name})
        if card.type == "chant":
            for ability in card.abilities:
                apply_ability(self, seat, inst, ability, payload)
            self.to_graveyard(inst)
            return
        if card.equip is not None:  # F10.2: equips the chosen resonator, or goes to the graveyard
            target = self.by_id.get(payload["target"])
            if target is None or target.zone != FIELD or target.owner != seat or not self.is_fighter(target):
                self.to_graveyard(inst)
                return
            self.to_field(inst, seat)
            inst.equipped_to = target.id
            return
        self.to_field(inst, seat)
        self.trigger(inst, card.abilities, "enter")
