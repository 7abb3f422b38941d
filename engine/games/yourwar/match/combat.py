"""Combat in a Your War match (Y7, Y8 colonels): attacks, bodyguards, blocks, the split of an
attacker's damage and the simultaneous damage step.
"""

from __future__ import annotations

from typing import Any

from engine.games.yourwar.match.play import Play
from engine.games.yourwar.match.state import FIELD, Inst, refuse


class Combat(Play):
    """The rules of combat over playing cards."""

    def _check_attack(self, seat: int, action: dict[str, Any]) -> Any:
        inst = self._own_card(seat, action.get("unit"), (FIELD,))
        if inst.used or inst.attacking:
            raise refuse("Y7.1", "not_available", f"{inst.name} is used", card=inst.name)
        if inst.sick and inst.card.keyword("fast") is None:
            raise refuse(
                "Y5.2",
                "summoning_sick",
                f"{inst.name} came into play this turn (not «Быстрый»)",
                card=inst.name,
            )

        def step() -> None:
            inst.attacking = True
            inst.used = True
            self._emit({"type": "attack", "seat": seat, "card": inst.name, "id": inst.id})
            for _, ability in inst.abilities("attacks"):
                self._resolve(seat, inst, ability, 1 - seat if ability.target == "enemy_player" else None)

        return step

    def _check_guard(self, seat: int, action: dict[str, Any]) -> Any:
        colonel = self._own_card(seat, action.get("colonel"), (FIELD,))
        unit = self._own_card(seat, action.get("unit"), (FIELD,))
        limit = colonel.card.keyword("colonel")
        if not limit:
            raise refuse("Y8", "not_a_colonel", f"{colonel.name} is not a «Полковник»", card=colonel.name)
        if unit is colonel or unit.guarding is not None:
            raise refuse("Y8", "bad_guard", f"{unit.name} cannot guard {colonel.name}", card=unit.name)
        if sum(1 for u in self.seats[seat].field if u.guarding == colonel.id) >= limit:
            raise refuse("Y8", "bad_guard", f"{colonel.name} has its {limit} bodyguards", card=unit.name)

        def step() -> None:
            self.links += 1
            unit.guarding = colonel.id
            unit.linked = self.links
            self._emit({"type": "guard", "seat": seat, "colonel": colonel.id, "unit": unit.id})

        return step

    def _check_block(self, seat: int, action: dict[str, Any]) -> Any:
        raw = action.get("blocks", [])
        if not isinstance(raw, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p) for p in raw
        ):
            raise refuse("Y7.2", "bad_blocks", "blocks is a list of [blocker id, attacker id] pairs")
        attackers = {u.id for u in self.seats[1 - seat].field if u.attacking}
        seen: set[int] = set()
        for blocker_id, attacker_id in raw:
            if attacker_id not in attackers:
                raise refuse("Y7.2", "bad_blocks", f"{attacker_id} is not an attacker", id=attacker_id)
            blocker = self._own_card(seat, blocker_id, (FIELD,))
            if blocker.used:
                raise refuse(
                    "Y7.2", "not_available", f"{blocker.name} is used and cannot block", card=blocker.name
                )
            if blocker_id in seen:
                raise refuse("Y7.2", "blocks_twice", f"{blocker.name} blocks one attacker", card=blocker.name)
            seen.add(blocker_id)
            if blocker.card.domain == "ground" and self.by_id[attacker_id].card.domain == "air":
                raise refuse(
                    "Y7.3",
                    "ground_blocks_air",
                    f"{blocker.name} (ground) cannot block an air unit",
                    card=blocker.name,
                )

        def step() -> None:
            self.blocks = {}
            for blocker_id, attacker_id in raw:
                self.blocks.setdefault(attacker_id, []).append(blocker_id)
                self.by_id[blocker_id].blocking = attacker_id
            self._emit({"type": "blocks", "seat": seat, "blocks": [list(p) for p in raw]})
            self.phase = "intervene"  # Y7.5

        return step

    def _check_proceed(self, seat: int, action: dict[str, Any]) -> Any:
        def step() -> None:
            if self._split_needed():
                self.phase = "assign"  # Y7.6
            else:
                self._damage({})

        return step

    def _live_blockers(self, attacker: Inst) -> list[Inst]:
        found = [self.by_id.get(b) for b in self.blocks.get(attacker.id, [])]
        return [b for b in found if b is not None and b.zone == FIELD and b.blocking == attacker.id]

    def _split_needed(self) -> list[Inst]:
        return [a for a in self.seats[self.active].field if a.attacking and len(self._live_blockers(a)) >= 2]

    def default_split(self) -> list[list[int]]:
        """Return a split (Y7.6) that deals each blocker its defense in order, the rest to the last."""
        out: list[list[int]] = []
        for attacker in self._split_needed():
            left = self.attack_of(attacker)
            blockers = self._live_blockers(attacker)
            for index, blocker in enumerate(blockers):
                need = max(self.defense_of(blocker) - blocker.damage, 0)
                share = left if index == len(blockers) - 1 else min(left, need)
                out.append([attacker.id, blocker.id, share])
                left -= share
        return out

    def _check_assign(self, seat: int, action: dict[str, Any]) -> Any:
        raw = action.get("split")
        if not isinstance(raw, list) or not all(
            isinstance(p, list) and len(p) == 3 and all(type(x) is int for x in p) and p[2] >= 0 for p in raw
        ):
            raise refuse("Y7.6", "bad_split", "split is a list of [attacker id, blocker id, damage ≥ 0]")
        split: dict[int, dict[int, int]] = {}
        for attacker_id, blocker_id, amount in raw:
            if blocker_id in split.setdefault(attacker_id, {}):
                raise refuse("Y7.6", "bad_split", f"blocker {blocker_id} is named twice", id=blocker_id)
            split[attacker_id][blocker_id] = amount
        for attacker in self._split_needed():
            given = split.pop(attacker.id, {})
            blockers = {b.id for b in self._live_blockers(attacker)}
            if set(given) != blockers or sum(given.values()) != self.attack_of(attacker):
                raise refuse(
                    "Y7.6",
                    "bad_split",
                    f"{attacker.name} splits exactly {self.attack_of(attacker)} among its blockers",
                    card=attacker.name,
                    attack=self.attack_of(attacker),
                )
        if split:
            raise refuse("Y7.6", "bad_split", "only attackers with two or more blockers split their damage")

        def step() -> None:
            self._damage({(a, b): n for a, b, n in raw})

        return step

    def _damage(self, split: dict[tuple[int, int], int]) -> None:
        """Y7.4, Y7.7–Y7.8: simultaneous combat damage, then Y7.9 and Y9; then the final phase."""
        seat = self.active
        units: list[tuple[Inst, int]] = []
        player = 0
        for attacker in [a for a in self.seats[seat].field if a.attacking]:
            power = self.attack_of(attacker)
            blockers = self._live_blockers(attacker)
            if attacker.id not in self.blocks:
                player += power  # Y7.4: unblocked attackers hit the player
            for blocker in blockers:
                units.append((self._redirect(attacker), self.attack_of(blocker)))  # it hits its attacker
                share = split.get((attacker.id, blocker.id), power if len(blockers) == 1 else 0)
                taker = self._redirect(blocker)
                if "tank_destroyer" in attacker.card.roles and taker.card.domain == "ground":
                    share += 1  # Y7.8
                if "bomber" in attacker.card.roles and "fighter" in taker.card.roles:
                    share = max(share - 1, 0)  # Y7.8
                units.append((taker, share))
            if "bomber" in attacker.card.roles:  # Y7.8 [decision]: splash on every ground unit
                units.extend(
                    (self._redirect(u), 1) for u in self.seats[1 - seat].field if u.card.domain == "ground"
                )
        for inst, amount in units:
            if amount > 0 and inst.zone == FIELD:
                inst.damage += amount
                self._emit({"type": "damage", "target": inst.id, "card": inst.name, "amount": amount})
        self._damage_player(1 - seat, player)
        for inst in self.seats[seat].field:  # Y7.10: survivors return, still used
            inst.attacking = False
        for inst in self.seats[1 - seat].field:
            inst.blocking = None
        self.blocks = {}
        self.phase = "final"
        self._check()
