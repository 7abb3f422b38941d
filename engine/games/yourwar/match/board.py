"""The board of a Your War match (Y3–Y4, Y6.3, Y7.7–Y7.9, Y9): its setup, the protocol's
identity and status, the decision pending, the primitive moves of the cards, the numbers of a
unit (attack, defense) and damage with destruction.

The rules that sequence these moves are above it: abilities (``abilities.py``, resolved by
``play.py``), costs and playing cards (``play.py``), combat (``combat.py``), the turn
(``flow.py``) and the protocol (``core.py``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.yourwar.cards import Ability
from engine.games.yourwar.match.state import (
    BASES,
    BASES_PER_DEFENSE,
    DECK,
    DESTROYED,
    FIELD,
    HAND,
    JUDGES,
    OPENING_HAND,
    SUPPORT,
    TURN_LIMIT,
    Decision,
    Event,
    GameOver,
    Inst,
    Result,
    Seat,
)
from engine.problems import InputError, Problem


class Board:
    """The cards and numbers of one play of Your War; :class:`~engine.games.yourwar.match.core.Match`
    adds the rules that move them."""

    def __init__(
        self,
        catalog: Catalog[Any],
        decks: tuple[Decklist, Decklist],
        *,
        seed: int,
        shuffle: bool,
        first: int | None,
        names: tuple[str, str],
        turn_limit: int = TURN_LIMIT,
        start: bool = True,
    ) -> None:
        """Set the match up (Y4); ``start`` false makes the cards of the decks and stops there, for
        a position to be laid out (match/scenario.py)."""
        self.catalog = catalog
        self.turn_limit = turn_limit  # Y10.1: an event setting
        self.decks = decks
        self._seed = seed
        self.shuffle = shuffle
        self.first_option = first
        self.names = names
        self.rng = random.Random(seed)
        self.seats = (Seat(), Seat())
        self.insts: list[Inst] = []  # every card of the match, in no meaningful order
        # Y3.4 [decision]: the cards a seat can see by their ids, minted from this counter as a
        # card comes into sight (never from a list's order); a card in a deck or a hand has none.
        self.by_id: dict[int, Inst] = {}
        self.minted: dict[int, Inst] = {}  # every id ever minted (what an old action named)
        self.next_id = 0
        self._actions: list[dict[str, Any]] = []
        self.seq_base = 0  # a built position's first decision number (match/scenario.py)
        # A position built for a rules test (match/scenario.py): its spec; it has no match log.
        self.built: dict[str, Any] | None = None
        self._result: Result | None = None
        self.recording = True
        self.events: list[Event] = []
        self.turn = 0  # turns started, both players' counted (Y10.1)
        self.active = 0
        self.phase = "opening"
        self.opening_seat = 0
        self.entered = 0
        self.links = 0
        self.blocks: dict[int, list[int]] = {}  # attacker id -> blocker ids, in combat (Y7.2)
        self._pending: Decision | None = None  # decision() of the current seq
        for seat, deck in enumerate(decks):
            main = deck.zones.get("main")
            if not isinstance(main, Mapping) or (not main and start):  # a position may hold no card
                raise InputError(Problem(f"decks[{seat}].main", "a Your War deck needs a main deck (Y2.1)"))
            for name, count in main.items():
                card = catalog.get(name) if isinstance(name, str) else None
                if card is None or not isinstance(count, int) or count < 1:
                    raise InputError(Problem(f"decks[{seat}].main.{name}", "no such card in the card sets"))
                if card.missing:  # engine/playable.py: a card of a set for paper events
                    raise InputError(
                        Problem(
                            f"decks[{seat}].main.{name}",
                            f"{card.name} has no {', '.join(card.missing)}, which a match needs (Y1.2-Y1.3)",
                        )
                    )
                copies = [Inst(card, seat) for _ in range(count)]
                self.insts += copies
                self.seats[seat].deck += copies
            self.seats[seat].deck.reverse()  # the listed order, the first card on top
        self.first = first or 0
        self.initial_events: list[Event] = []
        if not start:
            return
        self.events.append(Event(({"type": "setup", "seed": None}, {"seed": seed}, JUDGES)))
        if shuffle:
            for side in self.seats:
                self.rng.shuffle(side.deck)
        self.first = first if first is not None else self.rng.randrange(2)  # Y4.2
        self.events.append(Event(({"type": "first", "seat": self.first}, None, 0)))
        for seat in (0, 1):
            self._draw(seat, OPENING_HAND, lose=False)  # Y4.1
        self.opening_seat = self.first
        self.initial_events = self.events
        self.events = []

    # --- protocol: identity and status ---------------------------------------------------------

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def seq(self) -> int:
        return self.seq_base + len(self._actions)

    @property
    def actions(self) -> list[dict[str, Any]]:
        return self._actions

    @property
    def is_over(self) -> bool:
        return self._result is not None

    @property
    def result(self) -> Result | None:
        return self._result

    def decision(self) -> Decision | None:
        """Return the pending request (Y5.7: one seat at a time), None when the game is over."""
        if self._result is not None:
            return None
        cached = self._pending
        if cached is not None and cached.seq == self.seq:
            return cached
        phase = self.phase
        if phase == "opening":
            seat = self.seats[self.opening_seat]
            cached = Decision("opening", self.opening_seat, self.seq, deal=OPENING_HAND - seat.redeals)
        elif phase == "block":
            cached = Decision("block", 1 - self.active, self.seq)
        else:
            cached = Decision(phase, self.active, self.seq)
        self._pending = cached
        return cached

    def decision_for(self, seat: int) -> Decision | None:
        pending = self.decision()
        if pending is None or pending.seat == seat:
            return pending
        return Decision("wait", seat, self.seq)

    # --- primitive moves ------------------------------------------------------------------------

    def _emit(self, public: dict[str, Any], private: dict[str, Any] | None = None, seat: int = 0) -> None:
        if self.recording:
            self.events.append(Event((public, private, seat)))

    def _end(self, winner: int | None, reason: str) -> None:
        self._result = Result(winner, reason)
        self._emit({"type": "game_over", "winner": winner, "reason": reason})
        raise GameOver

    def _draw(self, seat: int, count: int, *, lose: bool = True) -> None:
        side = self.seats[seat]
        drawn: list[str] = []
        for _ in range(count):
            if not side.deck:
                if lose:  # Y9.3 [decision]: drawing from an empty deck loses
                    if drawn:
                        self._emit(
                            {"type": "draw", "seat": seat, "count": len(drawn)}, {"cards": drawn}, seat
                        )
                    self._end(1 - seat, "deck_out")
                break
            inst = side.deck.pop()
            inst.zone = HAND
            side.hand.append(inst)
            drawn.append(inst.name)
        if drawn:
            self._emit({"type": "draw", "seat": seat, "count": len(drawn)}, {"cards": drawn}, seat)

    def _move(self, inst: Inst, zone: int) -> None:
        side = self.seats[inst.owner]
        side.zone(inst.zone).remove(inst)
        if inst.zone in (FIELD, SUPPORT):
            self._leave_play(inst)
        inst.reset()
        # Y3.4 [decision]: into a deck or a hand a card becomes a new object, without an id;
        # out of them into sight it gets a new one.
        if zone in (DECK, HAND):
            if inst.id >= 0:
                del self.by_id[inst.id]
                inst.id = -1
        elif inst.zone in (DECK, HAND):
            inst.id = self.next_id
            self.next_id += 1
            self.by_id[inst.id] = self.minted[inst.id] = inst
        inst.zone = zone
        side.zone(zone).append(inst)
        if zone in (FIELD, SUPPORT, BASES):
            self.entered += 1
            inst.entered = self.entered

    def _leave_play(self, inst: Inst) -> None:
        """A unit left the field: its bodyguard links end, its blocks are gone (Y8)."""
        for other in self.seats[inst.owner].field:
            if other.guarding == inst.id:
                other.guarding = None
        for other in self.seats[1 - inst.owner].field:
            if other.blocking == inst.id:
                other.blocking = None  # stays blocked (Y7.4): self.blocked keeps the attacker

    # --- numbers: attack, defense (Y6.3, Y8) ----------------------------------------------------

    def aura(self, inst: Inst, effect: str) -> int:
        side = self.seats[inst.owner]
        if not side.support:
            return 0
        total = 0
        domain = inst.card.domain
        for source in side.support:
            for ability in source.card.abilities:
                if ability.effect == effect and ability.trigger == "static":
                    if ability.domain is None or ability.domain == domain:
                        total += ability.amount
        return total

    def attack_of(self, inst: Inst) -> int:
        value = (
            (inst.card.attack or 0) + inst.attack_bonus + inst.attack_in_play + self.aura(inst, "aura_attack")
        )
        if inst.attacking or inst.blocking is not None or inst.id in self.blockers_of_any:
            # Y8 leader N: the owner's other attackers (or blockers) have +N while it fights.
            fighting = inst.attacking
            for other in self.seats[inst.owner].field:
                if other is inst:
                    continue
                lead = other.card.keyword("leader")
                if lead and (
                    (fighting and other.attacking) or (not fighting and other.id in self.blockers_of_any)
                ):
                    value += lead
        return max(value, 0)

    def defense_of(self, inst: Inst) -> int:
        return (
            (inst.card.defense or 0)
            + inst.defense_bonus
            + inst.defense_in_play
            + self.aura(inst, "aura_defense")
            + len(self.seats[inst.owner].bases) // BASES_PER_DEFENSE  # Y6.3
        )

    @property
    def blockers_of_any(self) -> set[int]:
        return {b for blockers in self.blocks.values() for b in blockers}

    # --- damage and destruction (Y7.7–Y7.9, Y9) -------------------------------------------------

    def _redirect(self, inst: Inst) -> Inst:
        """Y8 colonel: damage to a colonel goes to its earliest-linked bodyguard on the field."""
        if not inst.card.keyword("colonel"):
            return inst
        guards = [g for g in self.seats[inst.owner].field if g.guarding == inst.id]
        return min(guards, key=lambda g: g.linked) if guards else inst

    def _damage_unit(self, inst: Inst, amount: int, source: str = "effect") -> None:
        if inst.zone != FIELD:
            return
        taker = self._redirect(inst)
        if source == "artillery":  # Y7.8: +1 to tank destroyers, nothing to navy
            if taker.card.domain == "sea":
                amount = 0
            elif "tank_destroyer" in taker.card.roles:
                amount += 1
        if amount <= 0:
            return
        taker.damage += amount
        self._emit({"type": "damage", "target": taker.id, "card": taker.name, "amount": amount})

    def _damage_player(self, seat: int, amount: int) -> None:
        if amount <= 0:
            return
        self.seats[seat].health -= amount
        self._emit({"type": "hit", "seat": seat, "amount": amount, "health": self.seats[seat].health})

    def _check(self) -> None:
        """Y7.9, Y9.1–Y9.2: destroy units with damage ≥ defense, then end a game at 0 health."""
        while True:
            dead = []
            for seat in (self.active, 1 - self.active):
                for inst in self.seats[seat].field:
                    defense = self.defense_of(inst)
                    if inst.damage >= defense or defense <= 0:
                        dead.append(inst)
            if not dead:
                break
            for inst in dead:
                self._move(inst, DESTROYED)
                self._emit({"type": "destroyed", "seat": inst.owner, "card": inst.name, "id": inst.id})
            for inst in dead:  # Y5.7: the turn player's triggers first, each in order of play
                for _, ability in inst.abilities("destroyed"):
                    self._resolve(inst.owner, inst, ability, None)
        low = [seat for seat in (0, 1) if self.seats[seat].health <= 0]
        if len(low) == 2:
            self._end(None, "health")
        if low:
            self._end(1 - low[0], "health")

    def _resolve(self, seat: int, source: Inst, ability: Ability, target: Any) -> None:
        """Resolve one ability of ``source`` for ``seat`` on ``target`` (Y8): the handlers of
        ``abilities.py``, called by the rules above the board (``play.Play._resolve``)."""
        raise NotImplementedError
