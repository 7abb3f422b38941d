# mypyc: compiled by build_engine.py
"""One WoW TCG match (W3–W16): a deterministic, replayable state machine.

Every decision is one of: ``mulligan`` (W5.4), ``priority`` (the holder of priority in a
window, W10.4–W10.5: after readying, after the draw, the action phase, a combat's attack and
defend windows, the end phase),
``protect`` (W11.4), ``discard`` (W6.4), ``armor`` (W12.5) and ``keep`` (W13.4). The chain
and priority are the shared :class:`engine.chain.Chain`; what its items do is
:meth:`Match.resolve`. ``apply`` accepts exactly the actions :meth:`Match.legal_actions`
lists (``actions.py`` explains a refusal).
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from engine.catalog import Catalog
from engine.chain import Chain, ChainItem
from engine.decklist import Decklist
from engine.games.wow.cards import Ability, Card, Effect
from engine.games.wow.match import actions as rules
from engine.games.wow.match import views
from engine.games.wow.match.effects import atk_amount, chosen_targets, reset, run_effects
from engine.games.wow.match.state import (
    ALLIES,
    ATTACHED,
    BOTH,
    CHAIN,
    DECK,
    GONE,
    GRAVEYARD,
    HAND,
    HERO_ROW,
    MAX_HAND,
    OPENING_HAND,
    RESOURCE,
    TURN_LIMIT,
    Decision,
    Event,
    GameOver,
    IllegalAction,
    Inst,
    Result,
    Seat,
)
from engine.match import SITE_ACTIONS, end_by_site_action, input_problem
from engine.problems import InputError, Problem
from engine.scenario import NoMatchLog


def trigger_key(payload: dict[str, Any]) -> tuple[Any, ...]:
    """W9.4: what tells triggered items apart: the same ability of cards of one name is the same
    trigger (its order needs no choice); rules triggers by their kind."""
    return (payload["kind"], payload.get("name"), payload.get("ability"))


# Every seat may send these at any moment (common protocol): they answer no decision.
ANY_TIME = tuple(SITE_ACTIONS)  # engine.match: either seat, at any moment, ending the game
WINDOWS = ("ready", "draw", "action", "attack", "defend", "end")  # W10.5
PASS: dict[str, Any] = {"type": "pass"}
AUTO_PASS: dict[str, Any] = {"type": "pass", "auto": True}  # W10.4 [decision]: not a player's action


class Match:
    """One play of the WoW TCG. Build it with :func:`new_match` or ``log.replay``."""

    def __init__(
        self,
        catalog: Catalog[Any],
        decks: tuple[Decklist, Decklist],
        *,
        seed: int,
        shuffle: bool = True,
        first: int | None = None,
        names: tuple[str, str] = ("A", "B"),
        turn_limit: int = TURN_LIMIT,
        auto_pass: bool = True,
        start: bool = True,
    ) -> None:
        """Set the match up (W5) and wait for the first mulligan; with ``start`` false the seats
        hold their heroes and decks only, for a position to be laid out (``scenario.py``)."""
        self.catalog = catalog
        self.decks = decks
        self.seed = seed
        self.shuffle = shuffle
        self.first_option = first
        self.names = names
        self.turn_limit = turn_limit
        self.auto_pass = auto_pass  # W10.4 [decision]: a seat that can only pass passes by itself
        self.rng = random.Random(seed)  # W16.1: the match's one generator
        self.insts: list[Inst] = []  # every card of the match, in no meaningful order
        # W4.4 [decision]: the cards in sight by their ids, minted from this counter as a card
        # comes into a zone a seat sees (never from a list's order); none in a deck.
        self.by_id: dict[int, Inst] = {}
        # Every id ever minted, for what the rules hold of a card by id (the chain's items,
        # the combat, a host); a player's action names by_id's only (legal_actions).
        self.minted: dict[int, Inst] = {}
        self.next_id = 0
        self.actions: list[dict[str, Any]] = []
        self.seq = 0
        self.result: Result | None = None
        self.recording = True
        self.events: list[Event] = []
        self.pending: Decision | None = None
        # W9.4: a player with two different triggers to put on the chain orders them (a decision)
        self.chain: Chain[dict[str, Any]] = Chain(order_by=trigger_key)
        self.turn = 0
        self.active = 0
        self.phase = "mulligan"  # mulligan, action, attack, protect, defend, end, discard
        self.combat: dict[str, Any] | None = None
        self.stealth_broken: set[int] = set()
        self.armor_queue: list[dict[str, Any]] = []  # damage events waiting for armor (W12.5)
        self.limited_names: dict[str, bool] = {}  # card name -> may W13.1–W13.3 limit it
        # Choices an effect asks for (discard, search, W18): answered after the item resolves.
        self.choices: list[dict[str, Any]] = []
        self.target_item: int | None = None  # the chain item an effect resolving now chose (W8.8)
        self.keep_queue: list[dict[str, Any]] = []  # W13.1–W13.3 violations waiting for W13.4
        self.built: dict[str, Any] | None = None  # the spec of a position built for a test
        self.seats: tuple[Seat, Seat] = (self._setup_seat(0, start), self._setup_seat(1, start))
        self.initial_events: list[Event] = []
        if not start:
            self.first = first or 0
            self.mulligan_order = []
            return
        # W5.1 [decision]: the seed picks the first player unless the site does.
        self.first = first if first is not None else self.rng.randrange(2)
        self.emit({"type": "setup", "first": self.first}, {"seed": seed}, -1)
        for seat in (0, 1):
            self.draw(seat, OPENING_HAND)
        self.mulligan_order = [self.first, 1 - self.first]  # W5.4: the first player first
        self.set_pending()
        self.initial_events = self.events

    # --- setup ---------------------------------------------------------------------------

    def _card(self, name: Any, seat: int) -> Card:
        card = self.catalog.get(name) if isinstance(name, str) else None
        if not isinstance(card, Card):
            raise InputError(Problem(f"decks[{seat}]", f"unknown card {name!r}"))
        return card

    def _new_inst(self, card: Card, owner: int, zone: int) -> Inst:
        inst = Inst(card, owner, zone)
        self.insts.append(inst)
        return inst

    def mint(self, inst: Inst) -> None:
        """W4.4 [decision]: ``inst`` becomes a new object: a new id from the match's counter
        (its old one names nothing in sight any more)."""
        self.by_id.pop(inst.id, None)
        inst.id = ident = self.next_id
        self.next_id += 1
        self.by_id[ident] = inst
        self.minted[ident] = inst

    def forget(self, inst: Inst) -> None:
        """W4.4 [decision]: ``inst`` went out of every seat's sight (into a deck): no id."""
        self.by_id.pop(inst.id, None)
        inst.id = -1

    def _setup_seat(self, seat: int, start: bool = True) -> Seat:
        deck = self.decks[seat]
        hero_card = self._card(deck.zones.get("hero"), seat)
        if not hero_card.is_hero:
            raise InputError(Problem(f"decks[{seat}].hero", f"{hero_card.name!r} is not a hero (W2.1)"))
        main: list[Card] = []
        counts = deck.zones.get("main") or {}
        if not isinstance(counts, dict):
            raise InputError(Problem(f"decks[{seat}].main", "must map card names to counts"))
        for name, count in counts.items():
            card = self._card(name, seat)
            if card.is_hero:
                raise InputError(Problem(f"decks[{seat}].main", "a hero in the main deck (W2.1)"))
            main.extend([card] * int(count))
        if not main and start:
            raise InputError(Problem(f"decks[{seat}].main", "the main deck is empty (W2.1)"))
        if self.shuffle:  # W5.2: one seeded shuffle (the deck's cards have no ids, W4.4)
            self.rng.shuffle(main)
        hero = self._new_inst(hero_card, seat, HERO_ROW)
        hero.known = BOTH  # W5.1
        self.mint(hero)
        side = Seat(self.names[seat], hero)
        side.deck = [self._new_inst(card, seat, DECK) for card in main]
        return side

    # --- events, the end, decisions ------------------------------------------------------

    def emit(self, public: dict[str, Any], private: dict[str, Any] | None = None, seat: int = -1) -> None:
        if self.recording:
            self.events.append(Event(public, private, seat))

    def end(self, winner: int | None, reason: str) -> None:
        """End the game (W14, W15) and unwind the rules."""
        self.result = Result(winner, reason)
        self.pending = None
        self.armor_queue.clear()
        self.choices.clear()
        self.keep_queue.clear()
        for side in self.seats:  # the ids a search gave a deck (W4.4)
            for inst in side.deck:
                self.forget(inst)
        # The cards on the chain stay there, in the final views too (conservation).
        self.chain.halt(
            lambda item: "card" not in item.payload or self.minted[item.payload["card"]].zone == CHAIN
        )
        self.combat = None
        self.emit({"type": "game_over", "winner": winner, "reason": reason})
        raise GameOver

    def set_pending(self) -> None:
        """Set the pending request from the phase."""
        if self.result is not None:
            self.pending = None
        elif self.phase == "mulligan":
            self.pending = Decision("mulligan", self.mulligan_order[0], self.seq)
        elif self.armor_queue:
            event = self.armor_queue[0]
            hero = self.minted[event["target"]]
            info = {"amount": event["amount"], "shield": hero.shield}  # W12.5: before any prevention
            self.pending = Decision("armor", hero.owner, self.seq, info)
        elif self.keep_queue:  # W13.4: which card(s) to keep, the turn player's first
            group = self.keep_queue[0]
            info = {"rule": group["rule"], "cards": group["cards"]}
            self.pending = Decision("keep", group["seat"], self.seq, info)
        elif self.chain.choosing is not None:  # W9.4: the controller orders its triggers
            options = [{"item": t.id, **self.trigger_shown(t.payload)} for t in self.chain.trigger_options()]
            self.pending = Decision("order", self.chain.choosing, self.seq, {"triggers": options})
        elif (untargeted := self.untargeted()) is not None:  # W9.4: a trigger's target, as it goes on
            info = {"item": untargeted.id, **self.trigger_shown(untargeted.payload)}
            self.pending = Decision("target", untargeted.controller, self.seq, info)
        elif self.choices:  # W18 [decision]: after the item that asked for them, in order
            choice = self.choices[0]
            info = {k: v for k, v in choice.items() if k in ("count", "filter")}
            self.pending = Decision(choice["kind"], choice["seat"], self.seq, info)
        elif self.phase == "protect":
            self.pending = Decision("protect", 1 - self.active, self.seq)
        elif self.phase == "discard":
            over = len(self.seats[self.active].hand) - self.max_hand(self.active)
            self.pending = Decision("discard", self.active, self.seq, {"count": over})
        else:
            holder = self.chain.holder
            assert holder is not None, (self.phase, self.chain.as_dict())
            info = {"window": self.phase, "chain": len(self.chain)}
            self.pending = Decision("priority", holder, self.seq, info)

    # --- triggers that choose (W9.4) -------------------------------------------------------

    def trigger_ability(self, payload: dict[str, Any]) -> Ability | None:
        """Return the ability a triggered item carries out (None for a rules trigger)."""
        if payload["kind"] != "trigger":
            return None
        return self.minted[payload["card"]].card.abilities[payload["ability"]]

    def trigger_shown(self, payload: dict[str, Any]) -> dict[str, Any]:
        """Return what a decision shows of a waiting trigger: its card (public: in play or just
        left it) and ability, or the rule it carries out."""
        if payload["kind"] != "trigger":
            return {"rule": payload["kind"]}
        return {"card": self.minted[payload["card"]].name, "ability": payload["ability"]}

    def untargeted(self) -> ChainItem[dict[str, Any]] | None:
        """Return the lowest triggered item on the chain whose target is still to be chosen."""
        chain = self.chain
        if not chain.items or chain.ordering is not None:  # the common case: nothing to choose
            return None
        for item in chain.items:
            payload = item.payload
            if payload["kind"] == "trigger" and "target" not in payload:
                ability = self.minted[payload["card"]].card.abilities[payload["ability"]]
                if ability.target is not None:
                    return item
        return None

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

    # --- primitive moves -----------------------------------------------------------------

    def draw(self, seat: int, count: int) -> None:
        """Draw ``count`` cards; a draw from an empty deck marks the player (W14.2)."""
        side = self.seats[seat]
        drawn = side.deck[:count]
        del side.deck[:count]
        if len(drawn) < count:
            side.decked = True
        for inst in drawn:
            inst.zone = HAND
            # W4.4: a new object in its owner's sight; a top card revealed to both (W18 reveal)
            # is seen by both as it goes
            inst.known = BOTH if inst.known == BOTH else 1 << seat
            self.mint(inst)
            side.hand.append(inst)
        self.emit(
            {"type": "draw", "seat": seat, "count": len(drawn), "deck": len(side.deck)},
            {"cards": [{"id": inst.id, "card": inst.name} for inst in drawn]} if drawn else None,
            seat,
        )

    def remove_from_zone(self, inst: Inst) -> None:
        side = self.seats[inst.controller]  # W3.5: in play, its controller's side
        for row in (side.allies, side.hero_row, side.attached):
            if inst in row:
                row.remove(inst)
                return
        side = self.seats[inst.owner]
        for row in (side.hand, side.allies, side.hero_row, side.resources, side.deck, side.attached):
            if inst in row:
                row.remove(inst)
                return

    def fire(self, inst: Inst, when: str) -> None:
        """Queue ``inst``'s triggered abilities of ``when`` for its controller (W9.4)."""
        for index, ability in enumerate(inst.card.abilities):
            if ability.when == when and self.works(self.controller(inst), ability):  # W1.4
                self.chain.trigger(
                    self.controller(inst),
                    {"kind": "trigger", "card": inst.id, "ability": index, "name": inst.name},
                )

    def leave_play(self, inst: Inst) -> bool:
        """Take ``inst`` out of its zone. If it was in play, its ``leaves`` abilities trigger
        (W9.4) and its attachments go to their owners' graveyards (W3.4). Return True for a
        token, which ceases to exist (W3.3, W13.7)."""
        was_in_play = self.in_play(inst)
        self.remove_from_zone(inst)
        inst.host = None
        inst.controller = inst.owner  # W3.5: out of play, its owner's again
        if not was_in_play:
            return False
        self.fire(inst, "leaves")
        for side in self.seats:
            for attachment in [a for a in side.attached if a.host == inst.id]:
                self.to_graveyard(attachment)
        if not inst.card.token:
            return False
        inst.zone = GONE
        reset(inst)  # W3.2: its counters go with it
        self.emit({"type": "token_gone", "seat": inst.owner, "id": inst.id, "card": inst.name})
        return True

    def to_graveyard(self, inst: Inst) -> None:
        """Put ``inst`` into its owner's graveyard (W3.5), face up (W4.2), as it was printed;
        a token ceases to exist instead (W13.7)."""
        if self.leave_play(inst):
            return
        if inst.zone in (DECK, HAND):
            self.mint(inst)  # W4.4: out of a hand (a discard) into everyone's sight
        inst.zone = GRAVEYARD
        inst.known = BOTH
        reset(inst)  # W3.2: counters of every kind go away as it leaves play
        self.seats[inst.owner].graveyard.append(inst)
        self.emit({"type": "graveyard", "seat": inst.owner, "id": inst.id, "card": inst.name})

    def pay(self, seat: int, cost: int, *, last: Inst | None = None, named: list[int] | None = None) -> None:
        """Exhaust ``cost`` ready resources (W7.2, W7.5 [decision]): the ones the player
        ``named`` (``pay``, checked by ``actions.check_payment``), else face-down ones first,
        the quest being completed (``last``) last."""
        if named is not None:
            for ident in named:
                self.by_id[ident].exhausted = True
            return
        ready = [r for r in self.seats[seat].resources if not r.exhausted]
        ready.sort(key=lambda r: (r is last, r.face_up))
        for inst in ready[:cost]:
            inst.exhausted = True

    def ready_resources(self, seat: int) -> int:
        ready = 0
        for inst in self.seats[seat].resources:
            if not inst.exhausted:
                ready += 1
        return ready

    def controller(self, inst: Inst) -> int:
        return inst.controller  # W3.5: the owner unless take_control changed it

    def works(self, seat: int, ability: Ability) -> bool:
        """W1.4: an ability that requires a trait works only while ``seat``'s hero has it."""
        needed = ability.requires
        if needed is None:
            return True
        traits = self.seats[seat].hero.card.traits
        if needed.kind == "faction":
            return traits.faction == needed.value
        values: tuple[str, ...] = getattr(traits, needed.kind)
        return needed.value in values

    def statics(self, seat: int) -> list[tuple[Inst, Effect]]:
        """Return the static effects ``seat``'s cards in play give now, with their cards (W18
        ``static``; W1.7 the side shown; W1.4 those whose trait the hero has)."""
        found: list[tuple[Inst, Effect]] = []
        for source in self.seats[seat].in_play():
            for ability in source.abilities:
                if ability.when == "static" and self.works(seat, ability):
                    found += [(source, effect) for effect in ability.effects]
        return found

    def max_hand(self, seat: int) -> int:
        """W6.4: seven, changed by ``hand_size`` statics (yours on ``you``, the opponent's on
        ``opponent``); never below none."""
        size = MAX_HAND
        for side, word in ((seat, "you"), (1 - seat, "opponent")):
            size += sum(e.amount for _, e in self.statics(side) if e.do == "hand_size" and e.target == word)
        return max(size, 0)

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

    def in_play(self, inst: Inst) -> bool:
        return inst.zone in (ALLIES, HERO_ROW, ATTACHED)

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

    # --- turn flow (W6) ------------------------------------------------------------------

    def start_turn(self) -> None:
        """W6.2: the next turn's ready step: ready your cards, then a priority window with you
        (W10.5); the draw step follows when it closes."""
        self.turn += 1
        if self.turn > self.turn_limit:
            self.end(None, "turn_limit")  # W15.1 [decision]
        self.active = self.first if self.turn == 1 else 1 - self.active
        side = self.seats[self.active]
        side.placed = False
        for inst in [*side.in_play(), *side.resources]:
            inst.exhausted = False
        self.emit({"type": "turn", "turn": self.turn, "seat": self.active})
        for inst in side.in_play():
            self.fire(inst, "turn_start")  # W9.4: on the chain as the ready step's window opens
        self.state_check()
        self.phase = "ready"
        self.chain.open_window(self.active)

    def window_closed(self) -> None:
        """Both passed on an empty chain (W10.4): the game advances."""
        if self.phase == "ready":  # W6.2: the draw step (not the first player's first turn)
            if self.turn > 1:
                self.draw(self.active, 1)
            self.phase = "draw"
            self.chain.open_window(self.active)
        elif self.phase == "draw":  # W6.3: the action phase
            self.phase = "action"
            self.chain.open_window(self.active)
        elif self.phase == "action":
            self.phase = "end"  # W6.4
            for inst in self.seats[self.active].in_play():
                self.fire(inst, "turn_end")  # W9.4: as the end phase begins
            self.chain.open_window(self.active)
        elif self.phase == "attack":
            self.phase = "protect" if self.protectors() else "defend"  # W11.4, W11.8
            if self.phase == "defend":
                self.chain.open_window(self.active)
        elif self.phase == "defend":
            self.combat_damage()
            self.phase = "action"
            self.chain.open_window(self.active)
        elif self.phase == "end":
            self.end_step()

    def end_step(self) -> None:
        """W6.4–W6.6: the turn player discards down to seven, this turn's effects expire."""
        if len(self.seats[self.active].hand) > self.max_hand(self.active):
            self.phase = "discard"
            return
        for inst in self.insts:
            inst.atk_bonus = 0
            inst.shield = 0
        self.start_turn()

    # --- combat (W11) --------------------------------------------------------------------

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

    def enter_play(self, seat: int, inst: Inst) -> None:
        """``inst`` has entered play (W8.3): ready, new this turn, its ``enters`` abilities trigger."""
        inst.entered = self.turn
        inst.exhausted = False  # W8.3: cards enter play ready
        shown = {"host": inst.host, "host_card": self.minted[inst.host].name} if inst.host is not None else {}
        shown |= {"token": True} if inst.card.token else {}
        self.emit({"type": "enters", "seat": seat, "id": inst.id, "card": inst.name, **shown})
        self.fire(inst, "enters")  # W9.4: a triggered item

    def make_token(self, seat: int, card: Card) -> Inst:
        """Put an ally token of ``card`` into play for ``seat`` (W3.3): it is no card of a deck."""
        inst = self._new_inst(card, seat, ALLIES)
        inst.known = BOTH
        self.mint(inst)
        self.seats[seat].allies.append(inst)
        self.enter_play(seat, inst)
        return inst

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

    # --- the protocol's surface (the rest: actions.py, views.py, log.py) -------------------

    def decision(self) -> Decision | None:
        return self.pending

    def decision_for(self, seat: int) -> Decision | None:
        if self.pending is None:
            return None
        if self.pending.seat == seat:
            return self.pending
        return Decision("wait", seat, self.seq)

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        return rules.legal_actions(self, seat)

    def apply(self, seat: Any, action: Any, *, seq: Any = None) -> list[Event]:
        """Apply ``seat``'s action; return its events. Raises :class:`IllegalAction` (with the
        rule broken) and changes nothing when it is not legal now."""
        if self.result is not None:
            reason = self.result.reason
            raise IllegalAction(
                "W14.3", f"the game is over ({reason})", code="game_over", params={"reason": reason}
            )
        problem = input_problem(seat, action, seq, self.seq)
        if problem is not None:
            code, message, params = problem
            raise IllegalAction("W16.1", message, code=code, params=params)
        return self.apply_checked(seat, action)

    def apply_checked(self, seat: int, action: dict[str, Any]) -> list[Event]:
        if self.result is not None:
            raise IllegalAction(
                "W14.3", "the game is over", code="game_over", params={"reason": self.result.reason}
            )
        kind = action["type"]
        if kind in ANY_TIME and set(action) <= {"type", "both", "seat"}:
            return self.end_by(seat, kind, both=kind == "no_show" and action.get("both") is True)
        pending = self.pending
        assert pending is not None
        if seat != pending.seat:
            raise IllegalAction(
                pending.rule,
                f"it is seat {pending.seat}'s decision ({pending.kind})",
                code="not_your_decision",
                params={"seat": pending.seat, "decision": pending.kind},
            )
        bare = {k: v for k, v in action.items() if k not in ("seat", "pay")}
        # A pass answers any priority decision (W10.4): no need to list every other action.
        if not (pending.kind == "priority" and bare == PASS) and bare not in self.legal_actions(seat):
            raise rules.refuse(self, seat, bare)
        if "pay" in action:  # W7.5: the named resources, checked apart from the legal actions
            bare["pay"] = rules.check_payment(self, seat, bare, action["pay"])
        self.events = []
        self.actions.append({"seat": seat, **bare})
        self.seq += 1
        self.pending = None
        try:
            self.carry_out(seat, bare)
            self.run_to_decision()
        except GameOver:
            self.pending = None
        return self.events

    def run_to_decision(self) -> None:
        """Set the pending decision; while its holder can only pass, pass for it (W10.4
        [decision]). Raises :class:`GameOver` when the game ends meanwhile."""
        self.drop_targetless()
        self.set_pending()
        while self.auto_pass and self.only_pass():  # W10.4 [decision]: nothing but passing, so it passes
            holder = self.chain.holder
            assert holder is not None
            self.pending = None
            self.carry_out(holder, AUTO_PASS)
            self.drop_targetless()
            self.set_pending()

    def carry_out(self, seat: int, action: dict[str, Any]) -> None:
        """Do a legal action, then the state check (W12.6: before anyone gets priority, once
        all damage is placed)."""
        if rules.perform(self, seat, action) and self.phase != "mulligan" and not self.armor_queue:
            self.state_check()

    def only_pass(self) -> bool:
        """True when the pending decision is priority and its holder passes by itself (W10.4
        [decision]): nothing in play it could use, and nothing its hand might hold that it
        could do now as anyone may know it (``actions.hand_may_play``), so that passing by
        itself tells the opponent nothing of the hand."""
        pending = self.pending
        if pending is None or pending.kind != "priority":
            return False
        seat = pending.seat
        return not rules.hand_may_play(self, seat) and not rules.priority_actions(self, seat, hand=False)

    def end_by(self, seat: int, kind: str, *, both: bool = False) -> list[Event]:
        """Concede, timeout, no-show, a judge's game loss (the protocol's site actions)."""
        return end_by_site_action(self, seat, kind, both=both, game_over=GameOver, emit=False)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def describe_action(self, action: dict[str, Any]) -> str:
        return rules.describe_action(self, action)

    def observation(self, seat: int) -> dict[str, Any]:
        return views.view(self, seat)

    def spectator_view(self) -> dict[str, Any]:
        return views.view(self, None)

    def judge_view(self) -> dict[str, Any]:
        return views.view(self, None, judge=True)

    def hidden_from(self, seat: int) -> frozenset[str]:
        return views.hidden_from(self, seat)

    def to_log(self, card_set_codes: list[str] | tuple[str, ...]) -> dict[str, Any]:
        """Return the match log. Raises :class:`~engine.scenario.NoMatchLog` for a match built
        from a position (``scenario.py``): its setup is the spec, not decks and a seed."""
        from engine.games.wow.match.log import match_log

        if self.built is not None:
            raise NoMatchLog("a match built from a position has no match log: build it again from its spec")

        return match_log(self, card_set_codes)

    @property
    def winner(self) -> int | None:
        return self.result.winner if self.result is not None else None


def new_match(
    catalog: Catalog[Any],
    decks: tuple[Decklist, Decklist],
    *,
    seed: int,
    shuffle: bool = True,
    first: int | None = None,
    names: tuple[str, str] = ("A", "B"),
    turn_limit: int = TURN_LIMIT,
    auto_pass: bool = True,
) -> Match:
    """Return a new match, set up (W5) and waiting for the first player's mulligan decision;
    ``auto_pass`` False makes every pass a player's action (W10.4 [decision])."""
    return Match(
        catalog, decks, seed=seed, shuffle=shuffle, first=first, names=names, turn_limit=turn_limit,
        auto_pass=auto_pass,
    )  # fmt: skip
