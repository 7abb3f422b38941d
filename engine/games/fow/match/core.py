"""One Force of Will match (F3–F14): a deterministic, replayable state machine.

``Match.apply`` validates an action whole (``actions.py``), then runs the rules until the
next decision: the turn's phases (F6), the chase and priority (F8, through the shared
:class:`engine.chain.Chain`), battle (F9) and the rule process (F12.1) before each
priority. Effects are the handlers of ``effects.py``.
"""

from __future__ import annotations

import random
from typing import Any

from engine.catalog import Catalog
from engine.chain import Chain, ChainItem
from engine.decklist import Decklist
from engine.games.fow.cards import Ability, Card
from engine.games.fow.match.actions import hand_may_play, legal_actions, perform, priority_actions, validate
from engine.games.fow.match.effects import apply_ability, target_options
from engine.games.fow.match.state import (
    BOTH,
    CHASE,
    DECK,
    FIELD,
    GRAVEYARD,
    HAND,
    HAND_LIMIT,
    OPENING_HAND,
    REMOVED,
    RULER_ZONE,
    STONE_DECK,
    TURN_LIMIT,
    Decision,
    Event,
    GameOver,
    IllegalAction,
    Inst,
    Result,
    Seat,
)
from engine.games.fow.match.will import auto_payment, can_pay_from, stone_order
from engine.match import SITE_ACTIONS, end_by_site_action, input_problem
from engine.problems import InputError, Problem
from engine.scenario import NoMatchLog

# Every seat may send these at any moment (common protocol): they answer no decision.
ANY_TIME = tuple(SITE_ACTIONS)  # engine.match: either seat, at any moment, ending the game


class Match:
    """One play of Force of Will. Build it with :func:`new_match` or ``log.replay``."""

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
        start: bool = True,
    ) -> None:
        self.catalog = catalog
        self.decks = decks
        self.seed = seed
        self.shuffle = shuffle
        self.first_option = first
        self.names = names
        self.turn_limit = turn_limit
        self.rng = random.Random(seed)  # F14.1: the match's one generator
        self.insts: list[Inst] = []  # every card of the match, in no meaningful order
        # F4.5 [decision]: the cards in sight by their ids, minted from this counter as a card
        # comes into a zone a seat sees (never from a list's order); none in a deck.
        self.by_id: dict[int, Inst] = {}
        # Every id ever minted, for what the rules still hold of a card that moved on (the
        # source of an ability on the chase); a player's action names by_id's only.
        self.minted: dict[int, Inst] = {}
        self.next_id = 0
        self.actions: list[dict[str, Any]] = []
        self.seq = 0
        self.result: Result | None = None
        self.recording = True
        self.events: list[Event] = []
        self.pending: Decision | None = None
        self._probe = Decision("priority", 0, 0)  # see run
        self.turn = 0
        self.active = 0
        self.phase = "mulligan"  # mulligan, main, end (F6; draw and recovery need no decision)
        # F8.5: a seat with two different triggers to put on the chase orders them (a decision)
        self.chain: Chain[dict[str, Any]] = Chain(players=2, order_by=self.trigger_key)
        self.battle: dict[str, Any] | None = None  # F9: attacker, target, blocker, stage
        # Whether a card may have been dealt damage since the last cleanup (F6.4): until one
        # has, the rule process has no card to look at (issue #22: it runs at every priority).
        self.damage_dealt = False
        # The spec of a position built for a rules test (match/scenario.py), which no log holds.
        self.built: dict[str, Any] | None = None
        self.seats: tuple[Seat, Seat] = (self._setup_seat(0, start), self._setup_seat(1, start))
        # F5.2 [decision]: the first player at random (the seed) unless the site chooses.
        self.first = first if first is not None else self.rng.randrange(2)
        self.mulligans_left: list[int] = []
        self.initial_events: list[Event] = []
        if not start:  # a position for a rules test: the builder lays the cards out
            return
        self.emit({"type": "setup", "first": self.first}, {"seed": seed}, -1)
        for seat in (0, 1):
            self.draw(seat, OPENING_HAND)
        self.mulligans_left = [self.first, 1 - self.first]  # F5.2: first player first
        self.run()
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
        """F4.5 [decision]: ``inst`` becomes a new object: a new id from the match's counter
        (its old one names nothing in sight any more)."""
        self.by_id.pop(inst.id, None)
        inst.id = ident = self.next_id
        self.next_id += 1
        self.by_id[ident] = inst
        self.minted[ident] = inst
        inst.pay_order = (len(inst.card.produces), ident)

    def forget(self, inst: Inst) -> None:
        """F4.5 [decision]: ``inst`` went out of every seat's sight (a deck): no id."""
        self.by_id.pop(inst.id, None)
        inst.id = -1

    def _setup_seat(self, seat: int, start: bool = True) -> Seat:
        deck = self.decks[seat]
        ruler_card = self._card(deck.zones.get("ruler"), seat)
        if not ruler_card.is_ruler:
            raise InputError(Problem(f"decks[{seat}].ruler", f"{ruler_card.name!r} is not a ruler (F2.3)"))
        piles: dict[str, list[Card]] = {"main": [], "stones": []}
        for zone, into in piles.items():
            counts = deck.zones.get(zone) or {}
            if not isinstance(counts, dict):
                raise InputError(Problem(f"decks[{seat}].{zone}", "must map card names to counts"))
            for name, count in counts.items():
                card = self._card(name, seat)
                if (zone == "stones") != card.is_stone or card.is_ruler:
                    raise InputError(
                        Problem(f"decks[{seat}].{zone}", f"{name!r} cannot be in it (F2.1, F2.2)")
                    )
                into.extend([card] * int(count))
        if not piles["main"] and start:
            raise InputError(Problem(f"decks[{seat}].main", "the main deck is empty (F2.1)"))
        if self.shuffle:  # F5.2: shuffle both decks (their cards have no ids, F4.5)
            self.rng.shuffle(piles["main"])
            self.rng.shuffle(piles["stones"])
        ruler = self._new_inst(ruler_card, seat, RULER_ZONE)
        ruler.known = BOTH  # F4.4, F5.1
        self.mint(ruler)
        side = Seat(self.names[seat], ruler)
        side.deck = [self._new_inst(card, seat, DECK) for card in piles["main"]]
        side.stones = [self._new_inst(card, seat, STONE_DECK) for card in piles["stones"]]
        return side

    # --- events and the end --------------------------------------------------------------

    def emit(self, public: dict[str, Any], private: dict[str, Any] | None = None, seat: int = -1) -> None:
        if self.recording:
            self.events.append(Event((public, private, seat)))

    def end(self, winner: int | None, reason: str) -> None:
        """End the game (F12, F13) and unwind the rules."""
        self.result = Result(winner, reason)
        self.pending = None
        # The cards on the chase stay there, in the final views too (conservation).
        self.chain.halt(
            lambda item: item.payload["kind"] != "card" or self.minted[item.payload["card"]].zone == CHASE
        )
        self.emit({"type": "game_over", "winner": winner, "reason": reason})
        raise GameOver

    def rule_process(self) -> None:
        """F12.1, F9.5: before each priority: destroyed cards leave; a player at 0 life loses
        (both at once: a draw)."""
        again = self.damage_dealt
        while again:
            again = False
            for side in self.seats:
                # DEF only falls through damage (pumps and equipment raise it), so a card with
                # no damage needs no look (this runs before every priority: kept lean).
                damaged = [inst for inst in side.field if inst.damage]
                if not damaged:
                    continue
                for inst in damaged:
                    if (
                        inst.damage
                        and inst.zone == FIELD
                        and self.is_fighter(inst)
                        and self.defense(inst) <= 0
                    ):
                        self.destroy(inst)
                        again = True
        first, second = self.seats
        if first.life <= 0 or second.life <= 0:
            self.end(None if first.life <= 0 and second.life <= 0 else int(first.life <= 0), "life")

    # --- reading the board ---------------------------------------------------------------

    def abilities(self, inst: Inst) -> tuple[Ability, ...]:
        return inst.card.j_abilities if inst.j else inst.card.abilities

    def keywords(self, inst: Inst) -> tuple[str, ...]:
        return inst.card.j_keywords if inst.j else inst.card.keywords

    def is_fighter(self, inst: Inst) -> bool:
        """A resonator or a J-ruler (F9.1): it attacks, blocks, has ATK and DEF."""
        return inst.j or inst.card.type == "resonator"

    def attack(self, inst: Inst) -> int:
        base = inst.card.j_atk if inst.j else inst.card.atk
        return max(0, base + inst.atk_mod + self._equip_bonus(inst, 0))

    def defense(self, inst: Inst) -> int:
        """DEF left: printed + modifiers − damage this turn (F9.5)."""
        base = inst.card.j_def if inst.j else inst.card.def_
        return base + inst.def_mod + self._equip_bonus(inst, 1) - inst.damage

    def _equip_bonus(self, inst: Inst, which: int) -> int:
        """What ``inst``'s equipment adds to its ATK (``which`` 0) or DEF (1) (F10.2)."""
        ident = inst.id
        bonus = 0
        for e in self.seats[inst.owner].field:
            if e.equipped_to == ident and e.card.equip:
                bonus += e.card.equip[which]
        return bonus

    def equipment(self, inst: Inst) -> list[Inst]:
        return [e for e in self.seats[inst.owner].field if e.equipped_to == inst.id]

    def sick(self, inst: Inst) -> bool:
        """F9.1: put onto the field this turn and without [Swiftness] (CR 1108)."""
        return inst.entered == self.turn and "swiftness" not in self.keywords(inst)

    def fighters(self, seat: int) -> list[Inst]:
        """``seat``'s resonators and J-ruler on the field (:meth:`is_fighter`, F9.1)."""
        return [inst for inst in self.seats[seat].field if inst.j or inst.card.type == "resonator"]

    def main_timing(self, seat: int) -> bool:
        """F6.3: the turn player's priority in the main phase, no battle, an empty chase."""
        return (
            self.phase == "main"
            and seat == self.active
            and self.battle is None
            and not self.chain.items
            and self.chain.holder == seat
        )

    def stones_ready(self, seat: int) -> list[Inst]:
        return [i for i in self.seats[seat].field if i.card.is_stone and not i.rested]

    def payment(
        self, seat: int, cost: tuple[tuple[str, int], ...]
    ) -> tuple[dict[str, int], list[Inst]] | None:
        """F7.6 [decision]: the default payment of ``cost``: the will taken from the seat's pool
        and the recovered stones the engine rests (the pool first, then the stones with the
        fewest attributes), or None when nothing pays it (F7.1). It finds a payment whenever
        one exists."""
        if not cost:
            return {}, []
        return auto_payment(self.ready_stones(seat), cost, self.seats[seat].will)

    def can_pay(self, seat: int, cost: tuple[tuple[str, int], ...]) -> bool:
        """Whether the seat's will pool and recovered stones pay ``cost`` (F7.1)."""
        return not cost or can_pay_from(self.ready_stones(seat, ordered=False), cost, self.seats[seat].will)

    def ready_stones(self, seat: int, *, ordered: bool = True) -> list[Inst]:
        """The recovered magic stones of ``seat``, in the order :meth:`payment` spends them
        (:func:`~engine.games.fow.match.will.stone_order`) unless not ``ordered``."""
        ready = [i for i in self.seats[seat].field if not i.rested and i.card.type == "magic_stone"]
        if ordered and len(ready) > 1:
            ready.sort(key=stone_order)
        return ready

    def pay(self, seat: int, paid: tuple[dict[str, int], list[Inst]] | None) -> None:
        """F7.1: take the will from the pool and rest the stones for theirs, spent at once on
        the cost."""
        if paid is None:
            return
        taken, stones = paid
        pool = self.seats[seat].will
        for key, count in taken.items():
            pool[key] -= count
            if not pool[key]:
                del pool[key]
        for stone in stones:
            stone.rested = True
        if stones:
            self.emit({"type": "will", "seat": seat, "stones": [s.id for s in stones]})
        if taken:
            self.emit({"type": "will_spent", "seat": seat, "will": dict(taken)})

    def produce_will(self, seat: int, stone: Inst, attribute: str) -> None:
        """F7.1, F8.2: a will ability: rest the stone, one will of ``attribute`` into the pool
        (no chase; it stays until the pool empties, F7.5)."""
        stone.rested = True
        pool = self.seats[seat].will
        pool[attribute] = pool.get(attribute, 0) + 1
        self.emit({"type": "will", "seat": seat, "stones": [stone.id], "will": {attribute: 1}})

    def lose_will(self) -> None:
        """F6.2, F6.4, F7.5: all unused will is lost."""
        for side in self.seats:
            if side.will:
                side.will = {}

    # --- primitive moves -----------------------------------------------------------------

    def draw(self, seat: int, count: int) -> None:
        """Draw ``count`` cards; an effect's draw from an empty deck draws nothing (F12.1)."""
        side = self.seats[seat]
        drawn = side.deck[:count]
        del side.deck[:count]
        for inst in drawn:
            inst.zone = HAND
            inst.known = 1 << seat
            self.mint(inst)  # F4.5: in its owner's sight
            side.hand.append(inst)
        if drawn:
            self.emit(
                {"type": "draw", "seat": seat, "count": len(drawn)},
                {"cards": [{"id": inst.id, "card": inst.name} for inst in drawn]},
                seat,
            )

    def call_stone(self, seat: int) -> None:
        """F7.2: the top card of the stone deck onto the field, recovered (nothing if empty)."""
        side = self.seats[seat]
        if not side.stones:
            return
        stone = side.stones.pop(0)
        self.to_field(stone, seat)
        self.emit({"type": "call", "seat": seat, "id": stone.id, "card": stone.name})

    def to_field(self, inst: Inst, seat: int) -> None:
        if inst.zone in (DECK, HAND, STONE_DECK):
            self.mint(inst)  # F4.5: out of a deck or a hand into everyone's sight
        inst.zone = FIELD
        inst.rested = False
        inst.entered = self.turn
        inst.damage = inst.atk_mod = inst.def_mod = 0
        inst.known = BOTH
        self.seats[seat].field.append(inst)

    def leave_field(self, inst: Inst, to: int) -> None:
        """Move a card off the field to the graveyard, the removed zone or its owner's hand; a
        J-ruler goes back to the ruler zone, ruler side up (F7.4); its equipment goes to the
        graveyard (F10.2). Its «leave» abilities trigger (F11)."""
        side = self.seats[inst.owner]
        side.field.remove(inst)
        abilities, j = self.abilities(inst), inst.j
        inst.damage = inst.atk_mod = inst.def_mod = 0
        inst.equipped_to = None
        if inst.j:
            inst.j = False
            inst.zone = RULER_ZONE
            where = "ruler_zone"
        elif to == HAND:
            inst.zone = HAND
            side.hand.append(inst)
            where = "hand"
        elif to == REMOVED:  # F3.3: removed from the game, public
            inst.zone = REMOVED
            side.removed.append(inst)
            where = "removed"
        else:
            inst.zone = GRAVEYARD
            side.graveyard.append(inst)
            where = "graveyard"
        seen_as = inst.id  # the events name it by the id it had on the field
        self.emit({"type": "leaves", "id": seen_as, "card": inst.name, "seat": inst.owner, "to": where})
        self.trigger(inst, abilities, "leave", j=j)
        if where == "hand":
            self.mint(inst)  # F4.5 [decision]: into a hand it becomes a new object (both saw it go)
        for other in list(side.field):
            if other.equipped_to == seen_as:
                self.leave_field(other, GRAVEYARD)

    def destroy(self, inst: Inst) -> None:
        """F9.5: to the graveyard (a J-ruler: F7.4); its «destroyed» abilities trigger."""
        abilities, j = self.abilities(inst), inst.j
        if j:  # F7.4: a destroyed J-ruler never does Judgment again (only that ends it)
            self.seats[inst.owner].judgment_lost = True
        self.emit({"type": "destroyed", "id": inst.id, "card": inst.name, "seat": inst.owner})
        self.trigger(inst, abilities, "destroyed", j=j)
        self.leave_field(inst, GRAVEYARD)

    def trigger(
        self, inst: Inst, abilities: tuple[Ability, ...], when: str, *, j: bool | None = None
    ) -> None:
        """F8.5: queue ``inst``'s ``when`` abilities (of its J-ruler side when ``j``; default:
        the side it shows); they go on the chase at the next priority. One that chooses a
        target has it chosen by its controller as it goes on (:meth:`trigger_target`)."""
        side = inst.j if j is None else j
        for index, ability in enumerate(abilities):
            if ability.when == when:
                payload: dict[str, Any] = {"kind": "ability", "source": inst.id, "ability": index, "j": side}
                if ability.chosen:
                    payload["choose"] = True
                self.chain.trigger(inst.owner, payload)

    def trigger_all(self, seat: int, when: str) -> None:
        """F11: the ``when`` abilities (start or end of turn) of every card ``seat`` controls."""
        for inst in list(self.seats[seat].field):
            if inst.card.j_timed if inst.j else inst.card.timed:
                self.trigger(inst, self.abilities(inst), when)

    def trigger_key(self, payload: dict[str, Any]) -> tuple[str, bool, int]:
        """F8.5: what tells two triggers apart for their order (a card's name, side and
        ability): the same ability of two copies needs no choice."""
        return (self.minted[payload["source"]].name, bool(payload["j"]), int(payload["ability"]))

    def trigger_ability(self, payload: dict[str, Any]) -> tuple[Inst, Ability]:
        """The card and the ability of a triggered or activated chase item."""
        source = self.minted[payload["source"]]
        abilities = source.card.j_abilities if payload.get("j") else source.card.abilities
        return source, abilities[payload["ability"]]

    def to_graveyard(self, inst: Inst) -> None:
        if inst.zone in (DECK, HAND, STONE_DECK):
            self.mint(inst)  # F4.5: out of a deck or a hand into everyone's sight
        inst.zone = GRAVEYARD
        inst.known = BOTH
        self.seats[inst.owner].graveyard.append(inst)

    # --- the flow ------------------------------------------------------------------------

    def run(self) -> None:
        """Run the rules until a decision is pending or the game is over."""
        try:
            while True:
                if self.phase == "mulligan":
                    if self.mulligans_left:
                        self.pending = Decision("mulligan", self.mulligans_left[0], self.seq)
                        return
                    self.begin_turn()
                    continue
                if self.phase == "discard":
                    side = self.seats[self.active]
                    if len(side.hand) > HAND_LIMIT:
                        self.pending = Decision("discard", self.active, self.seq, {"down_to": HAND_LIMIT})
                        return
                    self.begin_turn()
                    continue
                chain = self.chain
                if chain.ordering is not None:  # F8.5: a seat orders its simultaneous triggers
                    chooser = chain.choosing
                    assert chooser is not None
                    info = {"triggers": [item.id for item in chain.trigger_options()]}
                    self.pending = Decision("order", chooser, self.seq, info)
                    return
                holder = chain.holder
                if holder is not None:
                    seats = self.seats
                    if self.damage_dealt or seats[0].life <= 0 or seats[1].life <= 0:
                        self.rule_process()  # otherwise it has nothing to do (F12.1)
                    if chain.pending:  # F8.5: triggers of the rule process go on now
                        chain.acted(holder)
                        continue
                    if self.choosing_target():
                        return
                    # F8.3 [decision]: nothing else to do as anyone may know, pass
                    # (Match.only_pass, inlined: this is the engine's busiest line; the request
                    # asked of the listing is the match's own, made once, as it is not kept)
                    probe = self._probe
                    probe.seat = holder
                    probe.seq = self.seq
                    if (
                        not hand_may_play(self, holder)
                        and next(priority_actions(self, probe, hand=False))["type"] == "pass"
                    ):
                        if self.recording:
                            self.emit({"type": "pass", "seat": holder, "auto": True})
                        self.pass_priority(holder)
                        continue
                    self.pending = Decision("priority", holder, self.seq, self._priority_info())
                    return
                if self.window_closed():
                    return
        except GameOver:
            self.pending = None

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
        return False

    def trigger_targets(self, item: ChainItem[dict[str, Any]]) -> list[dict[str, Any]]:
        """The targets the trigger ``item`` may choose now (never the item itself)."""
        source, ability = self.trigger_ability(item.payload)
        options = target_options(self, item.controller, source, ability)
        return [chosen for chosen in options if chosen.get("item") != item.id]

    def only_pass(self, decision: Decision) -> bool:
        """Whether the seat of the priority ``decision`` passes by itself (F8.3 [decision]):
        nothing in play it could use, and no card of the game it could play from a hand as
        anyone may know it (:func:`~engine.games.fow.match.actions.hand_may_play`), so that
        passing by itself tells the opponent nothing of the hand."""
        if hand_may_play(self, decision.seat):
            return False
        return next(priority_actions(self, decision, hand=False))["type"] == "pass"

    def pass_priority(self, seat: int) -> None:
        """F8.3: ``seat`` passes; two passes in succession resolve the top of the chase."""
        step = self.chain.pass_priority(seat)
        if step.kind == "resolve" and step.item is not None:
            self.resolve(step.item)
            self.rule_process()
            self.chain.resolved()

    def _priority_info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"phase": self.phase, "chase": len(self.chain.items)}
        if self.battle is not None:
            info["battle"] = self.battle["stage"]
        return info

    def begin_turn(self) -> None:
        """F6.1: the next turn: draw (the first player skips the first draw; an empty deck
        loses, F12.1), then a priority window (F8.4); :meth:`recover` follows it."""
        if self.turn >= self.turn_limit:
            self.end(None, "turn_limit")  # F13.1 [decision]
        self.turn += 1
        self.active = self.first if self.turn == 1 else 1 - self.active
        side = self.seats[self.active]
        side.called = side.judged_turn = False
        self.emit({"type": "turn", "turn": self.turn, "seat": self.active})
        self.trigger_all(self.active, "turn_start")  # F11: on the chase at the draw's window
        if self.turn > 1:
            if not side.deck:
                self.emit({"type": "deck_out", "seat": self.active})
                self.end(1 - self.active, "deck_out")
            self.draw(self.active, 1)
        self.phase = "draw"
        self.chain.open_window(self.active)  # F8.4: a window after the draw

    def recover(self) -> None:
        """F6.2, F6.3: the recovery phase (all the turn player's cards recover, the ruler too;
        unused will is lost), then the main phase and its window."""
        side = self.seats[self.active]
        for inst in [side.ruler, *side.field]:  # F6.2 (CR 503.5: the ruler too)
            inst.rested = False
        self.lose_will()
        self.phase = "main"
        self.chain.open_window(self.active)

    def window_closed(self) -> bool:
        """Both players passed with an empty chase (F8.3): the battle goes on, or the phase
        ends. Return True when that asks a decision (the block, F9.2)."""
        battle = self.battle
        if battle is not None:
            if battle["stage"] == "declared":
                if self.block_options():
                    info = {"attacker": battle["attacker"], "target": battle["target"]}
                    self.pending = Decision("block", 1 - self.active, self.seq, info)
                    return True
                battle["stage"] = "blocked"
            elif battle["stage"] == "blocked":
                self.damage_step()
                self.battle = None
            self.chain.open_window(self.active)  # F9.6
            return False
        if self.phase == "draw":
            self.recover()
            return False
        if self.phase == "main":
            self.phase = "end"  # F6.4: a priority window first
            self.emit({"type": "end_phase", "seat": self.active})
            self.trigger_all(self.active, "turn_end")  # F11: on the chase at this window
            self.chain.open_window(self.active)
            return False
        self.cleanup()
        return False

    def cleanup(self) -> None:
        """F6.4: damage and until-end-of-turn effects end; unused will is lost; the turn player
        discards down to 7."""
        for side in self.seats:
            for inst in side.field:
                inst.damage = inst.atk_mod = inst.def_mod = 0
        self.lose_will()
        self.damage_dealt = False  # none left on any card: off the field it is always 0
        self.phase = "discard"

    # --- battle (F9) ---------------------------------------------------------------------

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

    def deal_damage(self, inst: Inst, amount: int) -> None:
        """Mark ``amount`` damage on a card on the field (F9.5: it goes at the end phase)."""
        inst.damage += amount
        self.damage_dealt = True

    def hurt(self, seat: int, amount: int, source: int | None) -> None:
        side = self.seats[seat]
        side.life -= amount
        self.emit({"type": "life_lost", "seat": seat, "amount": amount, "life": side.life, "source": source})

    # --- the chase (F8) -------------------------------------------------------------------

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

    # --- the protocol ---------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def decision(self) -> Decision | None:
        return self.pending

    def decision_for(self, seat: int) -> Decision | None:
        pending = self.pending
        if pending is None:
            return None
        return pending if pending.seat == seat else Decision("wait", seat, self.seq)

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        if self.pending is None:
            return []
        out: list[dict[str, Any]] = []
        if self.pending.seat == seat:
            out = legal_actions(self, self.pending)
        return [*out, {"type": "concede"}]

    def apply(self, seat: Any, action: Any, *, seq: Any = None) -> list[Event]:
        """Apply ``seat``'s action; return its events. Raises :class:`IllegalAction` (with the
        rule broken) and changes nothing when it is not legal now."""
        if self.result is not None:
            reason = self.result.reason
            raise IllegalAction(
                "F12.1", f"the game is over ({reason})", code="game_over", params={"reason": reason}
            )
        problem = input_problem(seat, action, seq, self.seq)
        if problem is not None:
            code, message, params = problem
            raise IllegalAction("F14.1", message, code=code, params=params)
        return self.apply_checked(seat, action)

    def apply_checked(self, seat: int, action: dict[str, Any]) -> list[Event]:
        if self.result is not None:
            reason = self.result.reason
            raise IllegalAction(
                "F12.1", f"the game is over ({reason})", code="game_over", params={"reason": reason}
            )
        kind = action["type"]
        if kind in ANY_TIME:
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
        logged = validate(self, pending, seat, action)
        self.events = []
        self.actions.append(logged)
        self.seq += 1
        self.pending = None
        try:
            perform(self, pending, seat, logged)
        except GameOver:
            return self.events
        self.run()
        return self.events

    def end_by(self, seat: int, kind: str, *, both: bool = False) -> list[Event]:
        """Concede, timeout, no-show, a judge's game loss (the protocol's site actions)."""
        return end_by_site_action(self, seat, kind, both=both, game_over=GameOver)

    def describe_action(self, action: dict[str, Any]) -> str:
        from engine.games.fow.match.actions import describe_action

        return describe_action(action)

    def observation(self, seat: int) -> dict[str, Any]:
        from engine.games.fow.match.views import view

        return view(self, seat)

    def spectator_view(self) -> dict[str, Any]:
        from engine.games.fow.match.views import view

        return view(self, None)

    def judge_view(self) -> dict[str, Any]:
        from engine.games.fow.match.views import view

        return view(self, None, judge=True)

    def hidden_from(self, seat: int) -> frozenset[str]:
        from engine.games.fow.match.views import hidden_from

        return hidden_from(self, seat)

    def to_log(self, card_set_codes: list[str] | tuple[str, ...]) -> dict[str, Any]:
        from engine.games.fow.match.log import match_log

        if self.built is not None:
            raise NoMatchLog("a position built for a rules test has no match log: its setup is its spec")

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
) -> Match:
    """Return a new match, set up (F5) and waiting for the first player's mulligan decision.

    Raises :class:`~engine.problems.InputError` for a deck without a ruler or with an unknown card.
    """
    return Match(catalog, decks, seed=seed, shuffle=shuffle, first=first, names=names, turn_limit=turn_limit)


__all__ = ["CHASE", "Match", "new_match"]
