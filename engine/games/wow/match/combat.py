# mypyc: compiled by build_engine.py
"""Combat in a WoW TCG match (W11): who may attack and be attacked, the protectors, an attack
as its proposal resolves, and combat damage.
"""

from __future__ import annotations

from engine.games.wow.match.damage import Damage
from engine.games.wow.match.state import ALLIES, Inst


class Combat(Damage):
    """The rules of combat over damage and the board."""

    def can_attack(self, inst: Inst) -> bool:
        """W11.1–W11.2: a ready hero, or a ready ally here since the turn began (or Ferocity)."""
        if inst.exhausted or inst.card.is_totem:
            return False
        if inst.card.is_hero:
            return True
        return inst.zone == ALLIES and (inst.entered < self.turn or "ferocity" in inst.card.keywords)

    def defenders(self, seat: int) -> list[Inst]:
        """W11.1: the opposing hero, allies but Elusive ones, and totems."""
        side = self.seats[1 - seat]
        found = [side.hero, *side.allies, *(i for i in side.hero_row if i.card.is_totem)]
        return [i for i in found if not self.has_keyword(i, "elusive")]

    def protectors(self) -> list[Inst]:
        """W11.4: the defending player's ready Protectors but the defender, none against Stealth."""
        combat = self.combat
        if combat is None:
            return []
        attacker = self.minted[combat["attacker"]]
        defender = self.minted[combat["defender"]]
        if attacker.card.is_hero and self.hero_has(attacker.owner, "stealth"):
            return []
        side = self.seats[self.controller(defender)]
        return [
            i for i in [side.hero, *side.allies]
            if i is not defender and not i.exhausted and self.has_keyword(i, "protector")
        ]  # fmt: skip

    def combat_damage(self) -> None:
        """W11.6–W11.9: attacker and defender deal their ATK to each other at once; a
        Long-Range attacker takes none back; one that left play deals and takes none."""
        combat = self.combat
        assert combat is not None
        # W11.9: a combatant that left play deals and takes no combat damage, even once back in
        # play: it came back a new object (W4.4), by_id no longer names it by the combat's id.
        attacker, defender = self.by_id.get(combat["attacker"]), self.by_id.get(combat["defender"])
        out = combat.get("out", ())  # W18 remove_from_combat: no combat damage to or from it
        if (
            attacker is not None
            and defender is not None
            and self.in_play(attacker)
            and self.in_play(defender)
            and attacker.id not in out
            and defender.id not in out
        ):
            hits = self.atk_of(attacker)
            back = (
                0
                if combat["long_range"] or self.has_keyword(attacker, "long_range")
                else self.atk_of(defender)
            )
            self.deal(attacker, defender, hits, combat=True, dtype=self.combat_type(attacker))
            self.deal(defender, attacker, back, combat=True, dtype=self.combat_type(defender))
        self.emit({"type": "combat_end"})
        for ident in combat.get("boosted", ()):  # W18: "until the end of combat" ends
            self.minted[ident].combat_atk = 0
        self.combat = None
        # W12.6, W14.3: the state check follows the last damage event; a defender's armor
        # decision (W12.5) still pending means its damage is not placed yet, so the check waits
        # for it (carry_out runs it once the queue is empty): both heroes dying is a draw.
        if not self.armor_queue:
            self.state_check()

    def resolve_attack(self, seat: int, attacker_id: int, defender_id: int) -> None:
        """W11.1, W11.3: recheck the proposal; the attacker exhausts; the attack window opens."""
        # W4.4: a card that left play since the proposal and came back is a new object
        attacker, defender = self.by_id.get(attacker_id), self.by_id.get(defender_id)
        if (
            attacker is None
            or defender is None
            or not self.in_play(attacker)
            or not self.can_attack(attacker)
            or defender not in self.defenders(seat)
        ):
            self.emit({"type": "interrupted", "attack": True, "rule": "W11.1"})
            return
        attacker.exhausted = True
        self.combat = {"attacker": attacker_id, "defender": defender_id, "bonus": [0, 0],
                       "struck": [None, None], "long_range": False}  # fmt: skip
        self.emit({"type": "attack", "seat": seat, "attacker": attacker_id, "defender": defender_id,
                   "attacker_card": attacker.name, "defender_card": defender.name})  # fmt: skip
        self.fire(attacker, "attacks")  # W9.4
        self.fire(defender, "attacked")
        self.phase = "attack"
