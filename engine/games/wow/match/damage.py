# mypyc: compiled by build_engine.py
"""Damage and the state checks of a WoW TCG match: a character's numbers (ATK, its combat
damage's type, health, granted keywords), dealing damage with its modifiers, shields and armor
(W12), and the state checks that follow it (W12.6, W13, W14).
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.games.wow.cards import Card
from engine.games.wow.match.board import Board
from engine.games.wow.match.state import Inst, atk_amount


class Damage(Board):
    """The board with a character's numbers, damage and the state checks."""

    def damage_bonus(self, source: Inst | None, amount: int, dtype: str | None) -> int:
        """W12.4: the damage ``source`` deals after the modifiers that increase it: its
        controller's ``damage_bonus`` statics (``you``: any source of theirs; ``self``: that
        card's own), each only for its ``damage_type`` when it names one (W1.5)."""
        if source is None or amount <= 0:
            return amount
        for card, effect in self.statics(self.controller(source)):
            if effect.do != "damage_bonus" or (effect.target == "self" and card is not source):
                continue
            if effect.damage_type is None or effect.damage_type == dtype:
                amount += effect.amount
        return max(amount, 0)

    # --- numbers -------------------------------------------------------------------------

    def static_atk(self, seat: int, inst: Inst) -> int:
        """Return the ATK ``seat``'s static abilities give ``inst`` (W18 ``static``)."""
        bonus = 0
        side = self.seats[seat]
        for source in side.in_play():
            for ability in source.abilities:  # W1.7: the side shown
                if ability.when != "static" or (
                    ability.requires is not None and not self.works(seat, ability)
                ):
                    continue
                for effect in ability.effects:
                    if effect.do != "atk":
                        continue
                    if (
                        (effect.target == "your_hero" and inst is side.hero)
                        or (effect.target == "friendly_allies" and inst in side.allies)
                        or (effect.target == "self" and inst is source)
                    ):
                        bonus += effect.amount if effect.per_counter is None else atk_amount(effect, inst)
        for source in (a for s in self.seats for a in s.attached if a.host == inst.id):  # W8.3
            for ability in source.card.abilities_when("static"):
                for effect in ability.effects:
                    if effect.do == "atk" and effect.target == "attached":
                        bonus += effect.amount if effect.per_counter is None else atk_amount(effect, inst)
        return bonus

    def atk_of(self, inst: Inst) -> int:
        """Return the ATK of a character (W1.3): printed (allies) + this turn's + static; a hero
        also has its strike bonus in combat (W11.5); a totem none (W12.8)."""
        if inst.card.is_totem:
            return 0
        atk = (inst.card.atk or 0) + inst.atk_bonus + self.static_atk(self.controller(inst), inst)
        if self.combat is not None:
            atk += inst.combat_atk  # W18 atk until the end of combat
            if inst.card.is_hero:
                atk += self.combat["bonus"][inst.owner]
        return max(atk, 0)

    def combat_type(self, inst: Inst) -> str | None:
        """W1.5: the type of a character's combat damage: an ally's own, a hero's from the
        weapon it struck with (none without one)."""
        if not inst.card.is_hero:
            return inst.card.damage_type
        struck = self.combat["struck"][inst.owner] if self.combat is not None else None
        return self.minted[struck].card.damage_type if struck is not None else None

    def health_of(self, inst: Inst) -> int:
        return inst.card.health or 0

    def hero_has(self, seat: int, keyword: str) -> bool:
        """Bear form gives the hero Protector (W13.5); a stealth card gives it Stealth (W13.6)."""
        grants = {"protector": "bear_form", "stealth": "stealth"}[keyword]
        return any(grants in inst.card.keywords for inst in self.seats[seat].hero_row)

    def has_keyword(self, inst: Inst, keyword: str) -> bool:
        if inst.card.is_hero:
            return self.hero_has(inst.owner, keyword) if keyword in ("protector", "stealth") else False
        return keyword in inst.card.keywords

    # --- damage (W12) --------------------------------------------------------------------

    def ready_armor(self, seat: int) -> list[Inst]:
        return [a for a in self.seats[seat].hero_row if a.card.type == "armor" and not a.exhausted]

    def deal(
        self,
        source: Inst | None,
        target: Inst,
        amount: int,
        *,
        combat: bool = False,
        dtype: str | None = None,
    ) -> int:
        """Deal ``amount`` damage of type ``dtype`` to ``target`` (W12.1): first the modifiers
        that increase it (W12.4); damage to a hero whose player has ready armor waits for their
        ``armor`` decision, before any prevention (W12.5); otherwise shields prevent (W12.3) and
        the counters go on. Return the damage placed now."""
        amount = self.damage_bonus(source, amount, dtype)
        if amount <= 0 or not self.in_play(target):
            return 0
        if target.card.is_hero and self.ready_armor(target.owner):
            # W12.5 [decision]: asked once per damage event, outside the chain, before the shields
            # are used, so that the player may put the armor first.
            self.armor_queue.append(
                {"source": source.id if source else None, "target": target.id, "amount": amount,
                 "prevented": 0, "combat": combat}
            )  # fmt: skip
            self.emit({"type": "damage_pending", "target": target.id, "card": target.name, "amount": amount,
                       "shield": target.shield})  # fmt: skip
            return 0
        prevented = self.use_shield(target, amount)
        return self.place_damage(source, target, amount - prevented, prevented, combat)

    def use_shield(self, target: Inst, amount: int) -> int:
        """W12.3: this turn's shields prevent what they can of ``amount``; return that."""
        prevented = min(target.shield, amount)
        target.shield -= prevented
        return prevented

    def place_damage(
        self, source: Inst | None, target: Inst, amount: int, prevented: int, combat: bool
    ) -> int:
        """Put the damage counters of a damage event on ``target`` (W12.4's last step)."""
        target.damage += amount
        self.emit(
            {"type": "damage", "target": target.id, "card": target.name, "amount": amount,
             "prevented": prevented, "combat": combat, "source": source.id if source else None}
        )  # fmt: skip
        if amount > 0 and self.in_play(target):
            self.fire(target, "damaged")  # W9.4
        # W13.6: a stealthed hero that deals damage to an enemy loses stealth.
        if (
            amount > 0
            and source is not None
            and source.card.is_hero
            and target.controller != source.controller
        ):
            if self.hero_has(source.owner, "stealth"):
                self.stealth_broken.add(source.owner)
        return amount

    def use_armor(self, cards: list[int], *, before_shields: bool = False) -> None:
        """W12.5: the first waiting damage event: the chosen armors exhaust and prevent their
        DEF (unused DEF is lost), after the shields or, ``before_shields``, before them; the
        rest is placed."""
        event = self.armor_queue.pop(0)
        target = self.minted[event["target"]]
        amount, prevented = event["amount"], event["prevented"]
        if not before_shields:  # W12.5 [decision]: the default order, shields first
            stop = self.use_shield(target, amount)
            amount -= stop
            prevented += stop
        for ident in cards:
            armor = self.by_id[ident]
            armor.exhausted = True
            stop = min(armor.card.defense or 0, amount)
            amount -= stop
            prevented += stop
        if before_shields:
            stop = self.use_shield(target, amount)
            amount -= stop
            prevented += stop
        source = self.minted[event["source"]] if event["source"] is not None else None
        self.place_damage(source, target, amount, prevented, event["combat"])

    # --- state checks (W12.6, W13, W14) --------------------------------------------------

    def state_check(self) -> None:
        """Destroy what has fatal damage (W12.6), stealth loss (W13.6); end the game for a dead
        hero or an empty-deck draw (W14.1–W14.3); repeat until nothing changes. Then list the
        uniqueness, tag and weapon violations (W13.1–W13.3) as ``keep`` decisions for their
        controllers (W13.4 [decision]), the turn player's first."""
        # Run after nearly every action: the loops below read fields, not properties (speed).
        while True:
            doomed: list[Inst] = []
            for side in self.seats:
                doomed += [i for i in side.allies if i.damage >= (i.card.health or 0)]
                doomed += [
                    i for i in side.hero_row
                    if "totem" in i.card.keywords and i.damage >= (i.card.health or 0)
                ]  # fmt: skip
            if self.stealth_broken:
                for seat in sorted(self.stealth_broken):
                    doomed += [i for i in self.seats[seat].hero_row if "stealth" in i.card.keywords]
                self.stealth_broken.clear()
            out = [s for s, side in enumerate(self.seats) if side.hero.damage >= (side.hero.card.health or 0)]
            decked = [s for s, side in enumerate(self.seats) if side.decked]
            if out or decked:
                losers = sorted(set(out) | set(decked))
                reason = "hero" if out else "deck"
                self.end(None if len(losers) == 2 else 1 - losers[0], reason)
            if not doomed:
                break
            for inst in dict.fromkeys(doomed):
                self.to_graveyard(inst)
        order = (self.active, 1 - self.active)  # W13.4 [decision]: the turn player's first
        self.keep_queue = [group for seat in order for group in self._over_limits(seat)]

    def limited(self, card: Card) -> bool:
        """True for a card W13.1–W13.3 may limit: unique, a tag with a limit (N), a weapon."""
        known = self.limited_names.get(card.name)
        if known is None:
            tagged = any(t.limit is not None for t in card.tags)
            known = self.limited_names[card.name] = (
                "unique" in card.keywords or card.type == "weapon" or tagged
            )
        return known

    def _over_limits(self, seat: int) -> list[dict[str, Any]]:
        """Return ``seat``'s violations of W13.1–W13.3, each a group of cards in play with the
        rule and the sets of cards the controller may keep (``options``, W13.4)."""
        side = self.seats[seat]
        groups: list[dict[str, Any]] = []
        known, count = self.limited_names, 0
        for row in (side.allies, side.hero_row):  # nothing to compare: the common case, checked cheaply
            for inst in row:
                flag = known.get(inst.card.name)
                if flag or (flag is None and self.limited(inst.card)):
                    count += 1
        if count < 2:
            return groups

        def group(rule: str, same: list[Inst], options: list[list[int]]) -> None:
            groups.append({"seat": seat, "rule": rule, "cards": [i.id for i in same], "options": options})

        def keep_n(rule: str, same: list[Inst], n: int) -> None:
            ids = [i.id for i in same]
            group(rule, same, [list(kept) for kept in combinations(ids, n)])

        cards = [*side.allies, *side.hero_row]
        names: dict[str, list[Inst]] = {}
        for inst in cards:
            if "unique" in inst.card.keywords:
                names.setdefault(inst.name, []).append(inst)
        for same in names.values():
            if len(same) > 1:
                keep_n("W13.1", same, 1)  # one per name
        tags: dict[str, list[Inst]] = {}
        limits: dict[str, int] = {}
        for inst in cards:
            for tag in inst.card.tags:
                if tag.limit is not None:
                    tags.setdefault(tag.name, []).append(inst)
                    limits[tag.name] = min(limits.get(tag.name, tag.limit), tag.limit)
        for tag_name, same in tags.items():
            if len(same) > limits[tag_name]:
                keep_n("W13.2", same, limits[tag_name])
        weapons = [i for i in side.hero_row if i.card.type == "weapon"]
        for slot in ("melee", "ranged"):  # W8.5, W13.3: Melee (1), Ranged (1)
            same = [w for w in weapons if slot in w.card.keywords]
            if len(same) > 1:
                keep_n("W13.3", same, 1)
        two = [w for w in weapons if "two_handed" in w.card.keywords]
        off = [w for w in weapons if "off_hand" in w.card.keywords]
        if two and off:  # W13.3: the two-handed weapon(s) or the off-hand one(s)
            group("W13.3", [*two, *off], [[w.id for w in two], [w.id for w in off]])
        return groups

    def keep_cards(self, kept: list[int]) -> None:
        """W13.4: the first waiting violation: the cards of the group not kept go to their
        owners' graveyards (no chain); the next state check finds what is left."""
        group = self.keep_queue.pop(0)
        self.emit({"type": "kept", "seat": group["seat"], "rule": group["rule"], "cards": kept})
        for ident in group["cards"]:
            if ident not in kept and self.in_play(self.minted[ident]):
                self.to_graveyard(self.minted[ident])
