# mypyc: compiled by build_engine.py
"""The board of one Force of Will match (F3–F7, F12): the cards, the seats and what the rules
read of them, the will they pay with, and the moves every rule is made of (draw, call, enter
and leave the field, trigger), with the rule process (F12.1). ``battle.py``, ``chase.py`` and
``core.py`` build the match on it; ``effects.py`` moves its cards.
"""

from __future__ import annotations

from typing import Any

from engine.catalog import Catalog
from engine.chain import Chain
from engine.decklist import Decklist
from engine.games.fow.cards import Ability, Card
from engine.games.fow.match.state import (
    BOTH,
    CHASE,
    DECK,
    FIELD,
    GRAVEYARD,
    HAND,
    REMOVED,
    RULER_ZONE,
    STONE_DECK,
    TURN_LIMIT,
    Decision,
    Event,
    GameOver,
    Inst,
    Result,
    Seat,
)
from engine.games.fow.match.will import auto_payment, can_pay_from, stone_order
from engine.play import Ids, Opening
from engine.problems import InputError, Problem


class Board:
    """The cards and seats of one match and the moves on them (:class:`~engine.games.fow.match.core.Match`
    is the whole match)."""

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
        opening = Opening(catalog, decks, seed, shuffle, first, names, turn_limit)
        self.opening = opening
        self.catalog = catalog
        self.decks = decks
        self.seed = seed
        self.shuffle = shuffle
        self.first_option = first
        self.names = names
        self.turn_limit = turn_limit
        self.rng = opening.rng  # F14.1: the match's one generator
        self.insts: list[Inst] = []  # every card of the match, in no meaningful order
        # F4.5 [decision]: the cards in sight by their ids, minted from one counter as a card
        # comes into a zone a seat sees (never from a list's order); none in a deck.
        self.ids = Ids()
        self.by_id: dict[int, Inst] = self.ids.by_id
        # Every id ever minted, for what the rules still hold of a card that moved on (the
        # source of an ability on the chase); a player's action names by_id's only.
        self.minted: dict[int, Inst] = self.ids.minted
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
        # has, the rule process has no card to look at (it runs at every priority).
        self.damage_dealt = False
        # Whether a trigger that chooses a target may wait on the chase for it (F8.5): until
        # one is queued, nothing to look for before each priority.
        self.targets_due = False
        # The spec of a position built for a rules test (match/scenario.py), which no log holds.
        self.built: dict[str, Any] | None = None
        self.seats: tuple[Seat, Seat] = (self._setup_seat(0, start), self._setup_seat(1, start))
        # F5.2 [decision]: the first player at random (the seed) unless the site chooses.
        self.first = opening.first_player()
        self.mulligans_left: list[int] = []
        self.initial_events: list[Event] = []

    # --- setup ---------------------------------------------------------------------------

    def _new_inst(self, card: Card, owner: int, zone: int) -> Inst:
        inst = Inst(card, owner, zone)
        self.insts.append(inst)
        return inst

    def mint(self, inst: Inst) -> None:
        """F4.5 [decision]: ``inst`` becomes a new object: a new id from the match's counter
        (its old one names nothing in sight any more)."""
        ident = self.ids.mint(inst)
        inst.pay_order = (len(inst.card.produces), ident)

    def forget(self, inst: Inst) -> None:
        """F4.5 [decision]: ``inst`` went out of every seat's sight (a deck): no id."""
        self.ids.forget(inst)

    def _setup_seat(self, seat: int, start: bool = True) -> Seat:
        opening = self.opening
        ruler_card = opening.card(opening.decks[seat].zones.get("ruler"), seat, Card)
        if not ruler_card.is_ruler:
            raise InputError(Problem(f"decks[{seat}].ruler", f"{ruler_card.name!r} is not a ruler (F2.3)"))
        piles = {zone: opening.pile(seat, zone, Card) for zone in ("main", "stones")}
        for zone, pile in piles.items():
            for card in pile:
                if (zone == "stones") != card.is_stone or card.is_ruler:
                    raise InputError(
                        Problem(f"decks[{seat}].{zone}", f"{card.name!r} cannot be in it (F2.1, F2.2)")
                    )
        if not piles["main"] and start:
            raise InputError(Problem(f"decks[{seat}].main", "the main deck is empty (F2.1)"))
        opening.shuffled(piles["main"], piles["stones"])  # F5.2: shuffle both decks (no ids, F4.5)
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
                    self.targets_due = True
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

    def deal_damage(self, inst: Inst, amount: int) -> None:
        """Mark ``amount`` damage on a card on the field (F9.5: it goes at the end phase)."""
        inst.damage += amount
        self.damage_dealt = True

    def hurt(self, seat: int, amount: int, source: int | None) -> None:
        side = self.seats[seat]
        side.life -= amount
        self.emit({"type": "life_lost", "seat": seat, "amount": amount, "life": side.life, "source": source})

    # --- what the protocol reads ----------------------------------------------------------

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

    @property
    def winner(self) -> int | None:
        return self.result.winner if self.result is not None else None
