# mypyc: compiled by build_engine.py
"""The state of one RESPONSE match: the seats, the board, and the primitive moves.

Everything here is data plus the small moves every rule is made of (draw, place, send to
the graveyard, end the game). The table's geometry is ``board.py``, a card in play
``insts.py``, a deck laid out for play ``layout.py``. The rules that sequence the moves live
in ``flow.py`` (turns, R5–R6), ``play.py`` (R7), ``combat.py`` (R8) and ``resolution.py``
(R7.8, R7.9).

Design for speed (bench/bench_engine.py): slotted classes, integer zones and integer
cells, no copies per action.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from itertools import compress
from operator import not_
from typing import Any, NoReturn, cast

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.respons.cards import Card
from engine.games.respons.match.board import (
    ALL_CELLS,
    ATTACK_TRIGGERS,
    CELL_LINE,
    CELL_ROW,
    CELL_SEAT,
    DECK,
    FIELD,
    GRAVEYARD,
    HAND,
    HERO,
    LINE_CELL_TUPLES,
    LINE_ORDER,
    LINES,
    LOCATION,
    ORDER_DOWN,
    SEAT_CELL_TUPLES,
    SEAT_CELLS,
    SPACE,
    STACK,
    TIMED_TRIGGERS,
    ZONE_NAMES,
)
from engine.games.respons.match.decisions import Decision
from engine.games.respons.match.insts import Inst, InstProto, inst_proto
from engine.games.respons.match.layout import layout, triggers_by_name
from engine.play import Event, GameOver, Result
from engine.problems import InputError, Problem

# rng_shuffle's steps by list length: (i, the bit length of i + 1) for i from len - 1 down to 1.
_SHUFFLE_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def rng_shuffle(rng: random.Random, items: list[Any]) -> None:
    """Shuffle ``items`` in place exactly as ``rng.shuffle(items)`` does (the same draws from
    the generator, the same order), without its per-card method calls."""
    size = len(items)
    steps = _SHUFFLE_STEPS.get(size)
    if steps is None:
        steps = _SHUFFLE_STEPS[size] = tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))
    getrandbits = rng.getrandbits
    for i, k in steps:
        # random.Random._randbelow_with_getrandbits(i + 1), inlined.
        j = getrandbits(k)
        while j > i:
            j = getrandbits(k)
        items[i], items[j] = items[j], items[i]


class SeatState:
    """One player's side: hero, orders row, deck, hand, graveyard, space, location, counters.

    The main deck's cards are made lazily (most of a deck is never drawn, and a replay
    builds a match per log): ``_deck`` holds a card, or the id of a card not made yet,
    which :meth:`_make` turns into its :class:`Inst` when the card is drawn or the
    :attr:`deck` is read. Both ``deck`` and ``State.insts`` only ever show made cards.
    """

    __slots__ = (
        "_deck",
        "_first",
        "_insts",
        "_protos",
        "_unmade",
        "decisions",
        "graveyard",
        "hand",
        "hero",
        "hits_taken",
        "influence",
        "location",
        "mulliganed",
        "name",
        "next_order",
        "orders",
        "seat",
        "space",
        "supply",
    )

    def __init__(self, seat: int, name: str, hero: Inst, orders: list[Inst], deck: list[Inst]) -> None:
        self.seat = seat
        self.name = name
        self.hero = hero
        self.orders = orders  # left to right (R5.1); never reordered
        self.next_order = 0  # index of the left-most face-down order (R7.5)
        self._deck = cast("list[Inst | int]", deck)  # the top card is the LAST item (cheap draws)
        # How to make a card of _deck by id: insts[id] = Inst(id, protos[id - first], seat, DECK).
        self._unmade = 0  # how many entries of _deck are ids
        self._insts: list[Inst | None] = []
        self._protos: tuple[InstProto, ...] = ()
        self._first = 0
        self.hand: list[Inst] = []
        self.graveyard: list[Inst] = []
        self.space: list[Inst] = []
        self.location: Inst | None = None
        self.supply = hero.card.influence  # R1.4
        self.influence = self.supply  # R5.3
        self.decisions = 0
        self.hits_taken = 0
        self.mulliganed: bool | None = None  # None until the R5.2 decision is made

    @property
    def orders_left(self) -> int:
        return len(self.orders) - self.next_order

    @property
    def deck(self) -> list[Inst]:
        """Return the main deck, the top card LAST (the list itself: changing it changes the deck)."""
        if self._unmade:
            self._make_all()
        return cast("list[Inst]", self._deck)

    @property
    def deck_size(self) -> int:
        """Return how many cards the main deck holds."""
        return len(self._deck)

    def deck_names(self) -> list[str]:
        """Return the names of the main deck's cards, the top card first, making none (the
        judges' view, R3.5)."""
        protos = self._protos
        first = self._first
        return [
            entry.name if isinstance(entry, Inst) else protos[entry - first][1]
            for entry in reversed(self._deck)
        ]

    def _make(self, ident: int) -> Inst:
        """Make the card of the main deck with id ``ident`` (still in the deck) and list it."""
        inst = self._insts[ident] = Inst(ident, self._protos[ident - self._first], self.seat, DECK)
        self._unmade -= 1
        return inst

    def _make_all(self) -> None:
        """Make every card of the main deck not made yet, in place."""
        deck = self._deck
        make = self._make
        for index, entry in enumerate(deck):
            if type(entry) is int:
                deck[index] = make(entry)

    def _made(self, entries: list[Inst | int]) -> list[Inst]:
        """Return ``entries`` of the deck (just taken out of it) as cards, making those not made yet."""
        if self._unmade:
            make = self._make
            return [entry if isinstance(entry, Inst) else make(entry) for entry in entries]
        return cast("list[Inst]", entries)


class State:
    """All the data of one match and the primitive moves on it (no sequencing here).

    Owns the match's one seeded ``random.Random`` (R10.1).
    """

    def __init__(
        self,
        catalog: Catalog[Any],
        decks: tuple[Decklist, Decklist],
        *,
        seed: int,
        shuffle: bool,
        first_initiative: int | None,
        names: tuple[str, str],
    ) -> None:
        self.catalog = catalog
        self.decks = decks
        self.seed = seed
        self.shuffle = shuffle
        self.first_initiative = first_initiative
        self.names = names
        self.rng = random.Random(seed)
        self.cells: list[Inst | None] = [None] * ALL_CELLS
        self.stack: list[Inst] = []  # a spell while it resolves (R7.2)
        # Every card by id; None for a main deck card not made yet (see SeatState, insts).
        self._insts: list[Inst | None] = []
        self.turn = 0
        self.phase = "mulligan"
        self.result: Result | None = None
        self.seq = 0
        self.actions: list[dict[str, Any]] = []  # the action log (R10.1): {"seat": s, "type": ...}
        self._pending: Decision | None = None  # the request the turn flow waits on; None when over
        self.passed = False  # R6.3: whether the last decision of the actions phase was a pass
        # The spec of a position built for a rules test (scenario.py), None for a played match.
        self.built: dict[str, Any] | None = None
        # Settling (abilities.settle) is skipped unless one of these says it may matter:
        # statics_dirty - every static effect must be recomputed (R7.9);
        # static_pending - units that entered since, whose own static modifier is unknown;
        # static_sources - the face-up static sources found by the last recomputation;
        # front_statics - one of them aims at "enemy_front_in_line", which any unit changes;
        # unsettled - a strength or durability may have dropped to ≤ 0 (R8.3, R8.4).
        self.statics_dirty = True
        self.static_pending: list[Inst] = []
        self.static_sources: list[Inst] = []
        self.front_statics = False
        self.unsettled = False
        self.destroyed: list[Inst] = []  # on_destroyed triggers still to fire, in order
        self._events: list[Event] = []
        # Whether events are built at all: replay() turns it off while it applies a log's
        # actions (it drops their events); every emit is guarded by it.
        self.recording = True
        # Counts kept by place/place_location/_leave_board, so that most turns skip a scan:
        # watchers - cards in cells with an attack trigger (R7.3), line_watchers - by line (1–5);
        # timed - cards in cells or location slots with a TIMED_TRIGGERS word (R6.1, R6.4, R6.5).
        self.watchers = 0
        self.line_watchers = [0] * (LINES + 1)
        self.timed = 0
        self._triggers: dict[str, frozenset[str]] = catalog.derived(
            "respons.match.triggers", triggers_by_name
        )
        seats: list[SeatState] = []
        insts = self._insts
        for seat in (0, 1):
            hero_card, order_cards, main_cards = layout(catalog, decks[seat], seat)
            hero = self._new(hero_card, seat, HERO)
            hero.face_up = True
            first = len(insts)
            orders = [Inst(ident, proto, seat, ORDER_DOWN) for ident, proto in enumerate(order_cards, first)]
            insts += orders
            side = SeatState(seat, names[seat], hero, orders, [])
            # R10.2: listed order with the first card on top; the top is the list's end. The
            # cards are made when drawn or seen (SeatState): their ids stand in for them.
            first = len(insts)
            side._deck = list(range(first + len(main_cards) - 1, first - 1, -1))
            side._unmade = len(main_cards)
            side._insts = insts
            side._protos = main_cards
            side._first = first
            insts += [None] * len(main_cards)
            seats.append(side)
        self.seats = seats
        # R4.1 [decision]: initiative by the match seed, unless fixed (R10.2).
        if first_initiative is None:
            self.initiative = self.rng.randrange(2)
        else:
            if first_initiative not in (0, 1):
                raise InputError(Problem("first_initiative", "must be 0, 1 or null"))
            self.initiative = first_initiative
        if shuffle:  # R5.2
            for seat_state in seats:
                rng_shuffle(self.rng, seat_state._deck)

    @property
    def insts(self) -> list[Inst]:
        """Return every card of the match by id: each seat's hero, orders, then main deck."""
        for side in self.seats:
            if side._unmade:
                side._make_all()
        return cast("list[Inst]", self._insts)

    def _new(self, card: Card, owner: int, zone: int) -> Inst:
        # Copies of one card share their trigger set (None: a card outside the catalog).
        inst = Inst(len(self._insts), inst_proto(card, self._triggers.get(card.name)), owner, zone)
        self._insts.append(inst)
        return inst

    def decision(self) -> Decision | None:
        """Return the pending request (mulligan, act, choose_cell, choose_target), None when over."""
        return self._pending

    # --- events -------------------------------------------------------------------------

    def emit(self, public: dict[str, Any], private: dict[str, Any] | None = None, seat: int = -1) -> None:
        """Record an event of the action being applied (see :class:`Event`)."""
        if self.recording:
            self._events.append(Event((public, private, seat)))

    # --- reading the board --------------------------------------------------------------

    def seat_order(self) -> tuple[int, int]:
        """Return (initiative seat, other seat): R4.2's order for "both players do X"."""
        return (0, 1) if self.initiative == 0 else (1, 0)

    def units(self, seat: int) -> Iterator[Inst]:
        """Yield one seat's units on the field, line by line (R3.3), front row first."""
        return iter(self.unit_list(seat))

    def unit_list(self, seat: int) -> list[Inst]:
        """Return one seat's units on the field, line by line (R3.3), front row first."""
        cells = self.cells
        return [
            inst
            for cell in SEAT_CELL_TUPLES[seat]
            if (inst := cells[cell]) is not None and inst.kind == "unit"
        ]

    def line_units(self, seat: int, line: int) -> list[Inst]:
        """Return one seat's units in ``line``, front-most first (R8.3)."""
        cells = self.cells
        return [
            inst
            for cell in LINE_CELL_TUPLES[seat][line]
            if (inst := cells[cell]) is not None and inst.kind == "unit"
        ]

    def free_cells(self, seat: int) -> list[int]:
        """Return the free cells of a seat's tactical segment (R7.2), line by line."""
        # In C: the seat's cells where the slice of the board is empty (an Inst is always true).
        return list(
            compress(
                SEAT_CELL_TUPLES[seat], map(not_, self.cells[seat * SEAT_CELLS : (seat + 1) * SEAT_CELLS])
            )
        )

    def in_play(self) -> list[Inst]:
        """Return every card whose abilities can fire, in R4.2 order [decision R7.8].

        For each seat, initiative first: hero, location, then the cells line by line
        as the initiative player sees them (R6.4), front row first.
        """
        out: list[Inst] = []
        cells = self.cells
        lines = LINE_ORDER[self.initiative]
        for seat in self.seat_order():
            side = self.seats[seat]
            out.append(side.hero)
            if side.location is not None:
                out.append(side.location)
            line_tuples = LINE_CELL_TUPLES[seat]
            for line in lines:
                for cell in line_tuples[line]:
                    inst = cells[cell]
                    if inst is not None:
                        out.append(inst)
        return out

    # --- primitive moves ----------------------------------------------------------------

    def draw(self, seat: int, count: int) -> list[Inst]:
        """Move up to ``count`` cards from the top of the deck to the hand; return them."""
        side = self.seats[seat]
        deck = side._deck
        if count <= 0:
            return []
        if count >= len(deck):
            taken = deck[::-1]
            deck.clear()
        else:
            taken = deck[: -count - 1 : -1]
            del deck[-count:]
        drawn = side._made(taken)
        for inst in drawn:
            inst.zone = HAND
        side.hand += drawn
        return drawn

    def place(self, inst: Inst, cell: int, *, face_up: bool) -> None:
        """Put a card into a free cell of the tactical segment (R7.2)."""
        self.cells[cell] = inst
        inst.zone = FIELD
        inst.cell = inst.last_cell = cell
        inst.face_up = face_up
        inst.delta = inst.mod = 0
        inst.used = False
        if inst.base <= 0 and inst.kind == "unit":
            self.unsettled = True  # R8.3: a unit entering at strength ≤ 0 goes at once
        triggers = inst.triggers
        if triggers:
            if not ATTACK_TRIGGERS.isdisjoint(triggers):
                self.watchers += 1
                self.line_watchers[CELL_LINE[cell]] += 1
            if not TIMED_TRIGGERS.isdisjoint(triggers):
                self.timed += 1
        if "static" in triggers or self.static_sources:
            self._statics_may_change(inst, entering=True)

    def place_location(self, inst: Inst) -> None:
        """Put a location into its owner's (empty) location slot (R7.2)."""
        self.seats[inst.owner].location = inst
        inst.zone = LOCATION
        inst.face_up = True
        inst.delta = inst.mod = 0
        inst.used = False
        if not TIMED_TRIGGERS.isdisjoint(inst.triggers):
            self.timed += 1
        self._statics_may_change(inst, entering=True)

    def _statics_may_change(self, inst: Inst, *, entering: bool) -> None:
        # R7.9: static effects act on units only. A static source coming or going changes
        # them all; a unit coming changes only its own modifier, and a unit going changes
        # nothing, unless a source aims at "enemy_front_in_line" (which a unit can become).
        if "static" in inst.triggers:
            self.statics_dirty = True
        elif self.static_sources and inst.kind == "unit":
            if self.front_statics:
                self.statics_dirty = True
            elif entering:
                self.static_pending.append(inst)

    def _leave_board(self, inst: Inst) -> None:
        zone = inst.zone
        if zone == FIELD:
            cell = inst.cell
            self.cells[cell] = None
            inst.cell = -1
            triggers = inst.triggers
            if triggers:
                if not ATTACK_TRIGGERS.isdisjoint(triggers):
                    self.watchers -= 1
                    self.line_watchers[CELL_LINE[cell]] -= 1
                if not TIMED_TRIGGERS.isdisjoint(triggers):
                    self.timed -= 1
            if "static" in triggers or self.static_sources:
                self._statics_may_change(inst, entering=False)
        elif zone == LOCATION:
            self.seats[inst.owner].location = None
            if not TIMED_TRIGGERS.isdisjoint(inst.triggers):
                self.timed -= 1
            if "static" in inst.triggers or self.static_sources:
                self._statics_may_change(inst, entering=False)
        elif zone == STACK:
            self.stack.remove(inst)
        # An order that stayed face up in its row (R7.5, zone ORDER_UP) stays listed there.

    def to_stack(self, inst: Inst) -> None:
        """Put a spell on the stack while it resolves (R7.2), face up."""
        inst.zone = STACK
        inst.face_up = True
        self.stack.append(inst)

    def to_graveyard(self, inst: Inst) -> None:
        """Move a card to its owner's graveyard (from the board or the stack)."""
        self._leave_board(inst)
        inst.zone = GRAVEYARD
        inst.face_up = True
        inst.delta = inst.mod = 0
        self.seats[inst.owner].graveyard.append(inst)

    def destroy(self, inst: Inst) -> None:
        """Send a card from the field to the graveyard and queue its on_destroyed triggers."""
        if self.recording:
            self.emit({"type": "destroyed", "seat": inst.owner, "card": inst.name, **self.where(inst)})
        self.to_graveyard(inst)
        self.destroyed.append(inst)

    def to_hand(self, inst: Inst) -> None:
        """Return a card from the field to its owner's hand."""
        self._leave_board(inst)
        inst.zone = HAND
        inst.delta = inst.mod = 0
        inst.face_up = False
        self.seats[inst.owner].hand.append(inst)

    def to_space(self, inst: Inst) -> None:
        """Remove a card from the game to its owner's space (R3.1)."""
        self._leave_board(inst)
        inst.zone = SPACE
        inst.face_up = True
        inst.delta = inst.mod = 0
        self.seats[inst.owner].space.append(inst)

    def where(self, inst: Inst) -> dict[str, Any]:
        """Return where a card on the board is, as event keys: ``cell`` or ``zone``."""
        if inst.zone == FIELD:
            cell = inst.cell
            return {"cell": {"seat": CELL_SEAT[cell], "line": CELL_LINE[cell], "row": CELL_ROW[cell]}}
        return {"zone": ZONE_NAMES[inst.zone]}

    def end(self, winner: int | None, reason: str) -> NoReturn:
        """End the game now (R9) and unwind the turn flow."""
        self.result = Result(winner, reason)
        self.phase = "over"
        self.emit({"type": "game_over", "winner": winner, "reason": reason})
        raise GameOver
