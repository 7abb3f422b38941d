# mypyc: compiled by build_engine.py
"""Battle (F9): attacks, blocks, the damage step; inside the main phase (F6.5)."""

from __future__ import annotations

from engine.games.fow.match.board import Board
from engine.games.fow.match.state import FIELD, Inst


class Battle(Board):
    """The match's battles, on its board."""

    def attack_targets(self, attacker: Inst) -> list[int | None]:
        """F9.1: the opponent (None) or an opponent's rested resonator or J-ruler."""
        out: list[int | None] = [None]
        out += [i.id for i in self.fighters(1 - attacker.owner) if i.rested]
        return out

    def can_attack(self, inst: Inst) -> bool:
        return self.is_fighter(inst) and not inst.rested and not self.sick(inst)

    def block_options(self) -> list[int]:
        """F9.2: a recovered resonator or J-ruler of the defender, not the attacked card; only
        a [Flying] card blocks a [Flying] attacker (F11, CR 1107)."""
        battle = self.battle
        assert battle is not None
        attacker = self.by_id.get(battle["attacker"])
        if attacker is None or attacker.zone != FIELD:
            return []
        flying = "flying" in self.keywords(attacker)
        return [
            i.id
            for i in self.fighters(1 - self.active)
            if not i.rested and i.id != battle["target"] and (not flying or "flying" in self.keywords(i))
        ]

    def declare_attack(self, attacker: Inst, target: int | None) -> None:
        attacker.rested = True  # F9.1
        self.battle = {"attacker": attacker.id, "target": target, "blocker": None, "stage": "declared"}
        self.emit({"type": "attack", "seat": self.active, "attacker": attacker.id, "target": target})
        self.trigger(attacker, self.abilities(attacker), "attack")
        self.chain.acted(self.active)  # F9.6: a window after the declaration

    def block(self, blocker: Inst | None) -> None:
        battle = self.battle
        assert battle is not None
        if blocker is not None:
            blocker.rested = True  # F9.2 [seed L116]: rested to block
            battle["blocker"] = blocker.id
            self.emit({"type": "block", "seat": blocker.owner, "blocker": blocker.id})
            self.trigger(blocker, self.abilities(blocker), "block")
        else:
            self.emit({"type": "no_block", "seat": 1 - self.active})
        battle["stage"] = "blocked"
        self.chain.open_window(self.active)  # F9.6: a window after the block

    def damage_step(self) -> None:
        """F9.3–F9.5, F9.7: battle damage, simultaneous."""
        battle = self.battle
        assert battle is not None
        attacker = self.by_id.get(battle["attacker"])
        if attacker is None or attacker.zone != FIELD:  # F9.7 (one gone to a hand is a new object)
            self.emit({"type": "no_damage", "attacker": battle["attacker"]})
            return
        other: Inst | None = None
        blocker = self.by_id.get(battle["blocker"]) if battle["blocker"] is not None else None
        if blocker is not None and blocker.zone == FIELD:
            other = blocker
        elif battle["target"] is not None:  # F9.3: back to the original target
            target = self.by_id.get(battle["target"])
            if target is None or target.zone != FIELD:
                self.emit({"type": "no_damage", "attacker": attacker.id})
                return
            other = target
        if other is None:  # F9.4
            amount = self.attack(attacker)
            self.hurt(1 - self.active, amount, attacker.id)
            return
        given, taken = self.attack(attacker), self.attack(other)
        self.deal_damage(other, given)
        self.deal_damage(attacker, taken)
        self.emit(
            {
                "type": "battle_damage",
                "attacker": attacker.id,
                "defender": other.id,
                "dealt": given,
                "taken": taken,
            }
        )
