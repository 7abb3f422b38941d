"""The state of one RESPONSE match: card instances, zones, the board, and the primitive moves.

Everything here is data plus the small moves every rule is made of (draw, place, send to
the graveyard, end the game). The rules that sequence those moves live in ``flow.py``
(turns, R5–R6), ``play.py`` (R7), ``combat.py`` (R8) and ``abilities.py``.

Design for speed (bench/bench_engine.py): slotted classes, integer zones and integer
cells, no copies per action. A cell is ``seat * 15 + (line - 1) * 3 + (row - 1)``
(lines per R3.3, rows per R3.2).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import compress
from operator import not_
from typing import Any, NoReturn, cast

from mypy_extensions import mypyc_attr

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.respons.cards import Card
from engine.problems import InputError, Problem

# Zones: where a card instance is (R3.1). Integers because they are compared in hot loops.
DECK, HAND, FIELD, LOCATION, GRAVEYARD, SPACE, ORDER_DOWN, ORDER_UP, HERO, STACK = range(10)
ZONE_NAMES: tuple[str, ...] = (
    "deck",
    "hand",
    "field",
    "location",
    "graveyard",
    "space",
    "order_down",
    "order_up",
    "hero",
    "stack",
)

LINES = 5  # R3.2
ROWS = 3  # R3.2 [decision]
SEAT_CELLS = LINES * ROWS
ALL_CELLS = 2 * SEAT_CELLS
DECISIONS_PER_TURN = 5  # R6.3
OPENING_HAND = 7  # R5.2
# Trigger words the board keeps counts of, for quick "does any card care?" checks.
ATTACK_TRIGGERS: frozenset[str] = frozenset({"ally_attacks_in_line", "enemy_attacks_in_line"})
TIMED_TRIGGERS: frozenset[str] = frozenset({"start_of_turn", "end_of_turn", "start_of_combat"})
MAX_STRENGTH = 10_000  # a sanity bound for the invariants, far above any real card

CELL_SEAT: tuple[int, ...] = tuple(i // SEAT_CELLS for i in range(ALL_CELLS))
CELL_LINE: tuple[int, ...] = tuple((i % SEAT_CELLS) // ROWS + 1 for i in range(ALL_CELLS))
CELL_ROW: tuple[int, ...] = tuple(i % ROWS + 1 for i in range(ALL_CELLS))
# R3.3/R6.4: lines left to right as each seat sees them.
LINE_ORDER: tuple[tuple[int, ...], tuple[int, ...]] = ((1, 2, 3, 4, 5), (5, 4, 3, 2, 1))


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


def cell_index(seat: int, line: int, row: int) -> int:
    """Return the integer cell of (seat, line, row); lines 1–5 (R3.3), rows 1–3 (R3.2)."""
    return seat * SEAT_CELLS + (line - 1) * ROWS + (row - 1)


def cell_dict(cell: int) -> dict[str, int]:
    """Return the JSON shape of a cell: ``{"seat": s, "line": L, "row": R}``."""
    return {"seat": CELL_SEAT[cell], "line": CELL_LINE[cell], "row": CELL_ROW[cell]}


# Precomputed cell tuples (hot loops): SEAT_CELL_TUPLES[seat], LINE_CELL_TUPLES[seat][line].
SEAT_CELL_TUPLES: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(range(0, SEAT_CELLS)),
    tuple(range(SEAT_CELLS, ALL_CELLS)),
)
LINE_CELL_TUPLES: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(
        tuple(range(seat * SEAT_CELLS + (line - 1) * ROWS, seat * SEAT_CELLS + line * ROWS)) if line else ()
        for line in range(LINES + 1)
    )
    for seat in (0, 1)
)


def seat_cells(seat: int) -> range:
    """Return the cells of one seat's tactical segment, line by line, front row first."""
    return range(seat * SEAT_CELLS, (seat + 1) * SEAT_CELLS)


def line_cells(seat: int, line: int) -> range:
    """Return one seat's three cells of ``line``, front (row 1) to back (row 3)."""
    start = seat * SEAT_CELLS + (line - 1) * ROWS
    return range(start, start + ROWS)


# The stable codes of IllegalAction, one per kind of refusal (README.md, "Refusals"). A front end
# keys its translations on them: a new refusal gets a new code here.
REFUSAL_CODES: tuple[str, ...] = (
    # R9.5, R10: the game, the seat, the seq, the action's shape
    "game_over",
    "no_seat",
    "stale_seq",
    "not_an_action",
    "card_name_missing",
    # R5.2, R6.3: whose decision, which answers it takes
    "no_decisions_left",
    "not_your_decision",
    "not_an_act",
    "not_a_choice",
    "not_a_mulligan",
    "mulligan_cards",
    "mulligan_not_in_hand",
    "not_in_hand",
    # R3.2, R7.1, R7.2, R7.5: cells, room and cost
    "bad_cell",
    "no_such_cell",
    "not_your_cell",
    "no_free_cell",
    "cell_missing",
    "cell_taken",
    "cell_not_offered",
    "no_cell_for_type",
    "location_taken",
    "too_expensive",
    # R7.6: a card's action
    "no_location",
    "source_missing",
    "no_card_in_cell",
    "no_action",
    "action_used",
    "action_too_expensive",
    # R7.7: chosen targets
    "targets_not_a_list",
    "no_targets",
    "target_count",
    "target_missing",
    "illegal_target",
    "one_target",
    "target_not_offered",
)


class IllegalAction(Exception):
    """An action the rules refuse; ``rule`` is the rule it breaks (e.g. ``"R7.1"``).

    ``message`` is English; ``code`` (one of :data:`REFUSAL_CODES`) names what was wrong,
    stable across versions (one code may come with different rules: an answer out of turn
    cites the pending decision's), and ``params`` hold the message's values (JSON: strings and
    whole numbers), so that a front end can say the same in another language. Raised by
    :meth:`Match.apply` before anything changes.
    """

    def __init__(
        self, rule: str, message: str, *, code: str = "", params: dict[str, str | int] | None = None
    ) -> None:
        self.rule = rule
        self.message = message
        self.code = code
        self.params: dict[str, str | int] = params if params is not None else {}
        super().__init__(f"{rule}: {message}")


class GameOver(Exception):
    """Internal: unwinds the turn flow when the game ends (R9); never leaves the package."""


@dataclass(frozen=True, slots=True)
class Result:
    """How a game ended: ``winner`` 0, 1 or None (a draw), and the reason."""

    winner: int | None
    reason: str  # "orders_exhausted" | "concede" | "timeout" | "no_show" | "penalty" | "card_effect" | "draw"

    def as_dict(self) -> dict[str, Any]:
        """Return ``{"winner": ..., "reason": ...}``."""
        return {"winner": self.winner, "reason": self.reason}


# The rule a decision belongs to, cited when a seat answers out of turn.
DECISION_RULES: dict[str, str] = {
    "mulligan": "R5.2",
    "act": "R6.3",
    "choose_cell": "R7.5",
    "choose_target": "R7.7",
}


@dataclass(slots=True)
class Decision:
    """A pending request for input (STYLE.md 7): who must decide what, at which ``seq``.

    ``kind`` is ``mulligan``, ``act``, ``choose_cell``, ``choose_target``, or ``wait``
    (only from :meth:`Match.decision_for`, for the seat that is not asked). Not frozen
    (a frozen dataclass is slow to build, and one is built per decision); never mutate it.
    ``card``
    names the card a choice is about; ``options`` are the cells (ints) or target card
    instances to choose from; ``decisions_left`` counts the seat's R6.3 decisions.
    """

    kind: str
    seat: int
    seq: int
    card: str | None = None
    effect: str | None = None
    options: tuple[Any, ...] = ()
    decisions_left: int = 0

    @property
    def rule(self) -> str:
        return DECISION_RULES.get(self.kind, "R6.3")

    def as_dict(self) -> dict[str, Any]:
        """Return the public JSON shape of the request (no hidden card is named in it)."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat, "seq": self.seq}
        if self.kind == "act":
            out["decisions_left"] = self.decisions_left
        if self.card is not None:
            out["card"] = self.card
        if self.effect is not None:
            out["effect"] = self.effect
        if self.kind == "choose_cell":
            out["cells"] = [cell_dict(c) for c in self.options]
        elif self.kind == "choose_target":
            out["targets"] = [target_dict(t) for t in self.options]
        return out


# The "seat" of a private part that no seat sees: judges and full logs only (the match seed, R3.5).
JUDGES = -1


# A tuple subclass: compiled with mypyc (build_engine.py) it stays a plain Python class.
@mypyc_attr(native_class=False)
class Event(tuple[dict[str, Any], dict[str, Any] | None, int]):
    """Something that happened, split for the views (STYLE.md 6): ``(public, private, seat)``.

    ``public`` is what everyone may see (it carries ``type``); ``private`` is added for
    ``seat`` only (a drawn card, a face-down trap's name), or for nobody at the table when
    ``seat`` is :data:`JUDGES` (the seed). A judge sees both. A tuple
    because one is built for every event of every action (built in C, no ``__init__``).
    """

    __slots__ = ()

    @property
    def public(self) -> dict[str, Any]:
        return self[0]

    @property
    def private(self) -> dict[str, Any] | None:
        return self[1]

    @property
    def seat(self) -> int:
        return self[2]

    @property
    def type(self) -> str:
        return str(self[0]["type"])

    def for_seat(self, seat: int) -> dict[str, Any]:
        """Return the event as ``seat`` may see it (its private part only if it is theirs)."""
        public, private, owner = self
        if private is not None and seat == owner:
            return {**public, **private}
        return dict(public)

    def public_dict(self) -> dict[str, Any]:
        """Return the event as a spectator sees it."""
        return dict(self[0])

    def judge_dict(self) -> dict[str, Any]:
        """Return the whole event (public and private parts) for judges and logs; ``private_to``
        names the seat the private part is for, or ``"judges"``."""
        public, private, owner = self
        if private is None:
            return dict(public)
        return {**public, **private, "private_to": owner if owner != JUDGES else "judges"}

    def __repr__(self) -> str:
        return f"Event({self.judge_dict()!r})"


# What every copy of a card starts with: (card, name, kind, base number, trigger words, play cost).
InstProto = tuple[Card, str, str, int, frozenset[str], int]


def inst_proto(card: Card, triggers: frozenset[str] | None = None) -> InstProto:
    """Return the :data:`InstProto` of ``card`` (``triggers``: its trigger set, shared by copies)."""
    if triggers is None:
        triggers = frozenset(ability.trigger for ability in card.abilities)
    base = card.durability if card.type == "location" else card.strength
    cost = 0 if card.is_order else card.cost  # R1.4, R7.4: an order is played for free
    return card, card.name, card.type, base, triggers, cost


class Inst:
    """One physical card in a match (a copy of a :class:`Card`), wherever it is.

    ``delta`` is the change to its number since the last recovery (damage is negative,
    R6.6 clears it); ``mod`` is the sum of static effects on it; a unit's strength is
    ``base + delta + mod`` and a location's durability ``base + delta``. ``cost`` is what
    playing it costs (R7.1): its printed cost, or 0 for an order (R7.4).
    """

    __slots__ = (
        "base",
        "card",
        "cell",
        "cost",
        "delta",
        "face_up",
        "id",
        "kind",
        "last_cell",
        "mod",
        "name",
        "owner",
        "triggers",
        "used",
        "zone",
    )

    def __init__(self, ident: int, proto: InstProto, owner: int, zone: int) -> None:
        self.id = ident
        self.card, self.name, self.kind, self.base, self.triggers, self.cost = proto
        self.owner = owner
        self.zone = zone
        # last_cell: where it stood last: "in line" words still work after it left (R8)
        self.cell = self.last_cell = -1
        self.face_up = self.used = False  # used: R7.6, its action was used this turn
        self.delta = self.mod = 0

    @property
    def strength(self) -> int:
        """Return the current strength of a unit (or durability of a location)."""
        return self.base + self.delta + self.mod

    def __repr__(self) -> str:
        return f"<{self.card.name} #{self.id} {ZONE_NAMES[self.zone]} cell={self.cell}>"


# What an ability acts on: a card instance (unit or location) or a player's seat.
Target = Inst | int


def target_dict(target: Target) -> dict[str, Any]:
    """Return the JSON shape of a target (ABILITIES.md): a cell, a location or a player."""
    if isinstance(target, int):
        return {"seat": target, "zone": "hero"}
    if target.zone == LOCATION:
        return {"seat": target.owner, "zone": "location"}
    return cell_dict(target.cell)


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


def _resolve_deck(
    catalog: Catalog[Any], deck: Decklist, seat: int
) -> tuple[Card, tuple[Card, ...], tuple[Card, ...]]:
    """Return (hero, orders, main deck in listed order) of a decklist.

    Raises :class:`InputError` for an unknown card, a missing hero, a hero that is not a
    Hero, or a Hero among the orders or the main deck. Full deck legality (R2) is the
    validator's job (``deck.py``); the engine plays any deck it can lay out. Cached per
    catalog and deck contents (a tournament replays the same decks many times).
    """
    key = ("respons.match.deck", deck.one("hero"), deck.ordered("orders"), tuple(deck.counts("main").items()))
    return catalog.derived(key, lambda _: _resolve(catalog, deck, f"players[{seat}].deck"))


def _resolve(
    catalog: Catalog[Any], deck: Decklist, where: str
) -> tuple[Card, tuple[Card, ...], tuple[Card, ...]]:
    problems: list[Problem] = []

    def get(name: str, place: str) -> Card | None:
        card = catalog.get(name)
        if card is None:
            problems.append(Problem(f"{where}.{place}", f"unknown card {name!r}"))
        return card

    hero_name = deck.one("hero")
    hero = get(hero_name, "hero") if hero_name else None
    if hero_name is None:
        problems.append(Problem(f"{where}.hero", "missing (R2.1)"))
    elif hero is not None and not hero.is_hero:
        problems.append(Problem(f"{where}.hero", f"{hero.name!r} is not a Hero (R2.1)"))
    orders: list[Card] = []
    for i, name in enumerate(deck.ordered("orders")):
        card = get(name, f"orders[{i}]")
        if card is not None and card.is_hero:
            problems.append(Problem(f"{where}.orders[{i}]", f"{card.name!r} is a Hero (R2.4)"))
        elif card is not None:
            orders.append(card)
    main: list[Card] = []
    for name, copies in deck.counts("main").items():
        card = get(name, f"main[{name!r}]")
        if card is not None and card.is_hero:
            problems.append(Problem(f"{where}.main[{name!r}]", f"{card.name!r} is a Hero (R2.3)"))
        elif card is not None:
            main.extend([card] * copies)
    if problems or hero is None:
        raise InputError(problems or [Problem(f"{where}.hero", "missing (R2.1)")])
    return hero, tuple(orders), tuple(main)


def _triggers(catalog: Catalog[Any]) -> dict[str, frozenset[str]]:
    """Return each card's trigger words by name (built once per catalog)."""
    return {card.name: frozenset(ability.trigger for ability in card.abilities) for card in catalog}


# A laid-out deck: the hero, then the InstProto of each order and main deck card.
_Layout = tuple[Card, tuple[InstProto, ...], tuple[InstProto, ...]]


def _layout(catalog: Catalog[Any], deck: Decklist, seat: int) -> _Layout:
    """Return :func:`_resolve_deck` with each card's trigger set (copies share theirs); cached
    per catalog and deck contents like it."""
    key = (
        "respons.match.layout",
        deck.one("hero"),
        deck.ordered("orders"),
        tuple(deck.counts("main").items()),
    )
    return catalog.derived(key, lambda _: _lay_out(catalog, deck, seat))


def _lay_out(catalog: Catalog[Any], deck: Decklist, seat: int) -> _Layout:
    hero, orders, main = _resolve_deck(catalog, deck, seat)
    get = catalog.derived("respons.match.triggers", _triggers).get
    # Copies of one card share one proto (and its trigger set).
    protos = {card.name: inst_proto(card, get(card.name)) for card in (*orders, *main)}
    return hero, tuple(protos[card.name] for card in orders), tuple(protos[card.name] for card in main)


class State:
    """All the data of one match and the primitive moves on it (no sequencing here).

    Owns the match's one seeded ``random.Random`` (R10, STYLE.md 5).
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
        self._triggers: dict[str, frozenset[str]] = catalog.derived("respons.match.triggers", _triggers)
        seats: list[SeatState] = []
        insts = self._insts
        for seat in (0, 1):
            hero_card, order_cards, main_cards = _layout(catalog, decks[seat], seat)
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
