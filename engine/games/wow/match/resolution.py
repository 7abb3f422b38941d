# mypyc: compiled by build_engine.py
"""The chain's items in a WoW TCG match (W8.3, W8.8, W9, W10): what each does as it
resolves, the effects through their registered handlers (``effects.py``, W18), targets chosen
and still legal, triggers that lose their target (W9.4).
"""

from __future__ import annotations

from typing import Any

from engine.chain import ChainItem
from engine.games.wow.cards import Ability, Effect
from engine.games.wow.match.combat import Combat
from engine.games.wow.match.effects import chosen_targets, run_effects
from engine.games.wow.match.state import ALLIES, ATTACHED, CHAIN, HERO_ROW, RESOURCE, Inst


class Resolution(Combat):
    """The chain's items and the effects over combat, damage and the board."""

    def drop_targetless(self) -> None:
        """W9.4 [decision] (CR 708.2): a trigger that needs a target and has none ceases to
        exist as its target would be chosen."""
        while (item := self.untargeted()) is not None:
            ability = self.trigger_ability(item.payload)
            assert ability is not None and ability.target is not None
            if self.targets(item.controller, ability.target):
                return
            self.chain.remove(item.id)
            self.emit(
                {"type": "trigger_gone", "item": item.id, **self.trigger_shown(item.payload), "rule": "W9.4"}
            )

    # --- effects (W18) -------------------------------------------------------------------

    def targets(self, seat: int, word: str) -> list[Inst]:
        """Return the legal chosen targets of a target word for ``seat`` (W8.1)."""
        return chosen_targets(self, seat, word)

    def run_effects(
        self,
        seat: int,
        source: Inst | None,
        effects: tuple[Effect, ...],
        target: int | None,
        item: int | None = None,
    ) -> None:
        """Carry out ``effects`` for ``seat`` through their registered handlers (W18, ``effects.py``);
        ``target`` is the chosen one's id, if any; ``item`` a chosen chain item's id."""
        self.target_item = item
        run_effects(self, seat, source, effects, self.minted[target] if target is not None else None)
        self.target_item = None

    def chain_targets(self) -> list[int]:
        """Return the ids of the chain items an interrupt may counter (W8.8): cards, powers,
        triggered items and quest rewards (not resources, attack proposals or rules triggers)."""
        return [i.id for i in self.chain if i.payload["kind"] in ("card", "power", "trigger", "quest")]

    def target_ok(
        self, seat: int, ability_target: str | None, target: int | None, item: int | None = None
    ) -> bool:
        """W8.8: is the chosen target still legal as the item resolves?"""
        if ability_target is None:
            return True
        if ability_target == "chain_item":
            return item is not None and item in self.chain_targets()
        # W4.4: a target that left play and came back is a new object, no longer the one chosen
        return target is not None and self.by_id.get(target) in self.targets(seat, ability_target)

    # --- the chain's items (W10) ---------------------------------------------------------

    def resolve(self, item: ChainItem[dict[str, Any]]) -> None:
        """Carry out a chain item (W8.3, W9, W11.1, W7.1, W8.7, W13.5)."""
        seat, p = item.controller, item.payload
        kind = p["kind"]
        inst = self.minted[p["card"]] if "card" in p else None
        if kind == "card" and inst is not None:
            self.resolve_card(seat, inst, p.get("target"), p.get("item"))
        elif kind == "resource" and inst is not None:
            inst.zone = RESOURCE
            inst.exhausted = False
            self.seats[seat].resources.append(inst)
            self.emit({"type": "resource_placed", "seat": seat, "id": inst.id, "face_up": inst.face_up,
                       **({"card": inst.name} if inst.face_up else {})})  # fmt: skip
        elif kind in ("power", "trigger") and inst is not None:
            # W1.7: a power used from a hero's back is read from the back
            ability: Ability = (inst.card.back if p.get("back") else inst.card.abilities)[p["ability"]]
            if self.target_ok(seat, ability.target, p.get("target"), p.get("item")):
                self.run_effects(seat, inst, ability.effects, p.get("target"), p.get("item"))
            else:
                self.emit({"type": "interrupted", "id": inst.id, "card": inst.name, "rule": "W8.8"})
        elif kind == "quest" and inst is not None and inst.card.quest is not None:
            self.run_effects(seat, inst, inst.card.quest.reward, None)
        elif kind == "break_form":  # W13.5: destroy all cards giving bear form
            for form in [i for i in self.seats[seat].hero_row if "bear_form" in i.card.keywords]:
                self.to_graveyard(form)
        elif kind == "attack":
            self.resolve_attack(seat, p["attacker"], p["defender"])

    def resolve_card(self, seat: int, inst: Inst, target: int | None, item: int | None = None) -> None:
        """W8.3: allies to the ally row, equipment and ongoing abilities to the hero row (an
        attached one onto its target), other abilities do their text and go to the graveyard;
        W8.8: all targets illegal, it is interrupted."""
        card = inst.card
        ability = next(iter(card.abilities_when("play")), None)
        if not self.target_ok(seat, card.play_target, target, item):
            self.emit({"type": "interrupted", "id": inst.id, "card": inst.name, "rule": "W8.8"})
            self.to_graveyard(inst)
            return
        side = self.seats[seat]
        if card.type == "ally":
            inst.zone = ALLIES
            side.allies.append(inst)
        elif card.attach_to is not None and target is not None:  # W8.3: onto the chosen card
            inst.zone = ATTACHED
            inst.host = target
            side.attached.append(inst)
        elif card.is_equipment or "ongoing" in card.keywords:
            inst.zone = HERO_ROW
            side.hero_row.append(inst)
        if inst.zone in (ALLIES, HERO_ROW, ATTACHED):
            self.enter_play(seat, inst)
        if ability is not None and self.works(seat, ability):  # W1.4: the hero's trait
            self.run_effects(seat, inst, ability.effects, target, item)
        if inst.zone == CHAIN:
            self.to_graveyard(inst)
        elif inst.zone == ATTACHED and inst.host is not None and self.minted[inst.host].card.is_totem:
            self.to_graveyard(inst)  # W12.8: a card attached to a totem is destroyed at once
