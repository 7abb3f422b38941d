"""A chain (stack) of items with priority passing, for games that let players respond, and the
order of simultaneous triggers, for every game.

Shared by the World of Warcraft TCG (W9.4, W10.1–W10.6) and Force of Will (F8); it knows no
game. A game keeps one :class:`Chain` in its match state and asks it three things: who holds
priority now, what happens when the holder passes, and which triggered items wait to go on
the chain. What an item *does* and what the holder *may do* besides passing are the game's
business, given through the small :class:`ChainHost` protocol (or by reading the
:class:`Step` that :meth:`Chain.pass_priority` returns and resolving the item itself, which a
game needs when a resolution may stop for a player's decision)::

    chain = Chain(players=2)
    chain.open_window(turn_player=0)        # W10.5: a window opens with the turn player
    chain.put(0, {"card": "Fireball"})      # W10.4: the one who puts it keeps priority
    chain.pass_priority(0)                  # Step("priority"): now seat 1 holds it
    step = chain.pass_priority(1)           # two passes in succession: the top resolves
    step.kind == "resolve"; game_resolves(step.item); chain.resolved()
    ...                                     # two passes on an empty chain: "closed"

The rules it carries (numbered as in ``games/wow/RULES.md``; Force of Will's F8.3–F8.5 are
the same):

- W10.1 items resolve last-in, first-out;
- W10.4 putting an item keeps priority; a pass hands it on; when every player has passed in
  succession the top item resolves and the turn player gets priority again, or, on an empty
  chain, the window closes; a window never closes just because the chain became empty;
- W10.5 a window opens with the turn player's priority;
- W9.4 triggered items wait in a queue and go on the chain the next time a player would get
  priority: the turn player's first, then the others' in turn order (so the last player's
  resolve first); each player's in the order that player chooses, when the game asks
  (:attr:`Chain.order_by`), else in the order they were queued.

Ordering simultaneous triggers (W9.4, F8.5, Chronomagia's C6.7 and C8.4) is one small state
machine, :class:`TriggerOrder`: each controller in turn order, the turn player first, picks
its waiting triggers one at a time; triggers that are the same (one key) need no choice, nor
does a lone one. A chain built with ``order_by`` (the key that tells triggers apart) stops
when a player has two different triggers to put on: :attr:`Chain.choosing` is that seat, the
game asks it (a decision whose legal actions are :meth:`Chain.trigger_options`, one per
different trigger) and answers with :meth:`Chain.order_trigger`, which puts the pick on the
chain; when every trigger is on, the player who was to get priority gets it. A game without a
chain (Chronomagia resolves effects at once) keeps a :class:`TriggerOrder` of the batch while
its players pick, then resolves :attr:`TriggerOrder.ordered` in that order::

    batch = TriggerOrder(triggers, controller=lambda t: t.seat, key=lambda t: t.card, turn_player=0)
    while batch.chooser is not None:        # a decision for batch.chooser: one of batch.options()
        batch.pick(batch.chooser, answer)
    for trigger in batch.ordered: resolve(trigger)

Deterministic: no randomness, no clock; its whole state is JSON-able (:meth:`Chain.as_dict`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from dataclasses import dataclass, field
from typing import Any, Generic, Literal, Protocol, TypeVar

P = TypeVar("P")
T = TypeVar("T")

StepKind = Literal["priority", "resolve", "closed", "order"]


class ChainError(Exception):
    """A call the chain's rules do not allow: a pass by a player without priority, an
    item put while no window is open, a resolution confirmed twice, a trigger picked by a
    player who is not choosing or that is not one of the options. These are bugs of the
    calling game, which refuses the player's action with its own rule before calling."""


@dataclass
class TriggerOrder(Generic[T]):
    """Simultaneous triggers put in order by their controllers, one pick at a time (W9.4, F8.5,
    C6.7): the turn player's first, then each other seat's in turn order; within a seat's, the
    order it picks. ``waiting`` are the triggers as they were queued, ``controller(trigger)``
    the seat that orders one, ``key(trigger)`` what tells them apart: triggers with one key
    are the same and go in queued order without a choice, as does a seat's lone trigger.

    :attr:`ordered` grows as triggers are placed: a chain puts them on in that order (so among
    one seat's, the first picked resolves last), a game without a chain resolves them in it.
    :attr:`chooser` is the seat that must pick now, None once every trigger is ordered.
    """

    waiting: list[T]
    controller: Callable[[T], int] = field(repr=False, compare=False)
    key: Callable[[T], Hashable] = field(repr=False, compare=False)
    turn_player: int = 0
    players: int = 2
    ordered: list[T] = field(default_factory=list)
    chooser: int | None = None

    def __post_init__(self) -> None:
        self.waiting = list(self.waiting)
        self._advance()

    @property
    def done(self) -> bool:
        """Return whether every trigger is ordered."""
        return self.chooser is None

    def options(self) -> list[T]:
        """Return what :attr:`chooser` may pick now: its waiting triggers, the first queued of
        each key ([] once done)."""
        if self.chooser is None:
            return []
        seen: set[Hashable] = set()
        out: list[T] = []
        for trigger in self.waiting:
            if self.controller(trigger) == self.chooser:
                key = self.key(trigger)
                if key not in seen:
                    seen.add(key)
                    out.append(trigger)
        return out

    def pick(self, seat: int, trigger: T) -> list[T]:
        """Place ``trigger`` (one of :meth:`options`, by identity) next for ``seat``, then every
        trigger that needs no choice; return the triggers placed, in order. Raises
        :class:`ChainError` if ``seat`` is not choosing or ``trigger`` is not an option."""
        if seat != self.chooser:
            raise ChainError(f"seat {seat} is not ordering triggers (seat {self.chooser} is)")
        if not any(trigger is option for option in self.options()):
            raise ChainError(f"{trigger!r} is not a trigger seat {seat} may pick now")
        before = len(self.ordered)
        self.waiting = [t for t in self.waiting if t is not trigger]
        self.ordered.append(trigger)
        self._advance()
        return self.ordered[before:]

    def drop(self, keep: Callable[[T], bool]) -> list[T]:
        """Forget the waiting triggers for which ``keep`` is false (their source left, a player
        left), then place what needs no choice; return the triggers placed."""
        before = len(self.ordered)
        self.waiting = [t for t in self.waiting if keep(t)]
        self._advance()
        return self.ordered[before:]

    def as_dict(self, payload: Callable[[T], Any] = lambda t: t) -> dict[str, Any]:
        """Return the order as JSON: who chooses, and the waiting and ordered triggers through
        ``payload`` (e.g. to hide a face-down card)."""
        return {
            "chooser": self.chooser,
            "waiting": [payload(t) for t in self.waiting],
            "ordered": [payload(t) for t in self.ordered],
        }

    def _advance(self) -> None:
        # Seat by seat from the turn player: a seat with one kind of trigger left has them
        # placed in queued order; the first seat with two kinds must choose.
        for k in range(self.players):
            seat = (self.turn_player + k) % self.players
            mine = [t for t in self.waiting if self.controller(t) == seat]
            if not mine:
                continue
            if len({self.key(t) for t in mine}) > 1:
                self.chooser = seat
                return
            self.ordered.extend(mine)
            self.waiting = [t for t in self.waiting if self.controller(t) != seat]
        self.chooser = None


@dataclass(frozen=True)
class ChainItem(Generic[P]):
    """One item on the chain: a serial number ``id`` (unique within the chain's life), the
    seat that ``controller``-s it (W3.5: whoever put it there), the game's ``payload``, and
    whether it was a ``triggered`` item (W9.4)."""

    id: int
    controller: int
    payload: P
    triggered: bool = False


@dataclass(frozen=True)
class Step(Generic[P]):
    """What a pass led to: ``priority`` (the next player, ``seat``, holds priority),
    ``resolve`` (``item`` left the chain; the game carries it out, then calls
    :meth:`Chain.resolved`) or ``closed`` (the window ended on an empty chain)."""

    kind: StepKind
    seat: int | None = None
    item: ChainItem[P] | None = None


# Steps are frozen values: the ones that carry no item are made once and shared (a game
# passes priority hundreds of times a game).
_CLOSED: Step[Any] = Step("closed")
_PRIORITY: dict[int, Step[Any]] = {}


def _priority_step(seat: int) -> Step[Any]:
    step = _PRIORITY.get(seat)
    if step is None:
        step = _PRIORITY[seat] = Step("priority", seat=seat)
    return step


class ChainHost(Protocol[P]):
    """What a game tells the chain when it lets the chain drive (:meth:`Chain.pass_and_resolve`,
    :meth:`Chain.options`)."""

    def resolve(self, item: ChainItem[P]) -> None:
        """Carry out ``item``, which has already left the chain (it may put new items on the
        chain or queue triggers)."""
        ...

    def options(self, seat: int) -> list[Any]:
        """Return what ``seat``, holding priority, may do besides passing."""
        ...


@dataclass
class Chain(Generic[P]):
    """The chain and the priority of one match (see the module docstring)."""

    players: int = 2
    items: list[ChainItem[P]] = field(default_factory=list)
    holder: int | None = None  # the seat with priority; None while no window is open
    turn_player: int = 0
    passes: int = 0  # passes in succession since the last action
    resolving: ChainItem[P] | None = None  # popped, waiting for resolved()
    pending: list[ChainItem[P]] = field(default_factory=list)  # triggers waiting (W9.4)
    next_id: int = 1
    # W9.4: what tells a game's triggers apart (a key of the payload); when set, a player with
    # two different triggers to put on the chain chooses their order (see TriggerOrder), else
    # they go in queued order.
    order_by: Callable[[P], Hashable] | None = field(default=None, repr=False, compare=False)
    ordering: TriggerOrder[ChainItem[P]] | None = None  # the triggers being ordered, if any
    after_ordering: int | None = None  # the seat that gets priority once they are on

    # ----- reading -----------------------------------------------------------------
    @property
    def is_open(self) -> bool:
        """Return whether a priority window is open (someone holds priority, an item is being
        resolved, or triggers are being ordered)."""
        return self.holder is not None or self.resolving is not None or self.ordering is not None

    @property
    def choosing(self) -> int | None:
        """Return the seat that must order its triggers now (W9.4), None when nobody must."""
        return self.ordering.chooser if self.ordering is not None else None

    def trigger_options(self) -> list[ChainItem[P]]:
        """Return the triggers :attr:`choosing` may put on the chain next: one of each kind
        ([] when nobody is choosing)."""
        return self.ordering.options() if self.ordering is not None else []

    @property
    def top(self) -> ChainItem[P] | None:
        """Return the item that resolves next, or None on an empty chain."""
        return self.items[-1] if self.items else None

    def __len__(self) -> int:
        return len(self.items)

    def __iter__(self) -> Iterator[ChainItem[P]]:
        """Iterate from the bottom (first put) to the top (resolves next)."""
        return iter(self.items)

    def other(self, seat: int) -> int:
        """Return the seat after ``seat`` in turn order."""
        return (seat + 1) % self.players

    def options(self, host: ChainHost[P]) -> list[Any]:
        """Return the holder's options (from ``host``) besides passing; [] with no holder."""
        return [] if self.holder is None else host.options(self.holder)

    # ----- acting ------------------------------------------------------------------
    def open_window(self, turn_player: int) -> None:
        """Open a priority window with the turn player's priority (W10.5); waiting triggers
        go on the chain first (W9.4)."""
        if self.is_open:
            raise ChainError("a priority window is already open")
        self.turn_player = turn_player
        self._give(turn_player)

    def put(self, controller: int, payload: P) -> ChainItem[P]:
        """Put an item on the chain for ``controller``, who must hold priority and keeps it
        (W10.4); return the item. Waiting triggers go on top of it (W9.4)."""
        self._check_holder(controller)
        item = self._push(controller, payload, triggered=False)
        self._give(controller)
        return item

    def acted(self, seat: int) -> None:
        """Record that the holder ``seat`` took an action that does not use the chain (W10.7,
        e.g. a strike): it keeps priority, and the passes in succession start again."""
        self._check_holder(seat)
        self._give(seat)

    def trigger(self, controller: int, payload: P) -> None:
        """Queue a triggered item for ``controller``; it goes on the chain the next time a
        player would get priority (W9.4)."""
        self.pending.append(ChainItem(self._new_id(), controller, payload, triggered=True))

    def drop_pending(self, keep: Callable[[ChainItem[P]], bool]) -> None:
        """Forget the waiting triggers for which ``keep`` is false (e.g. a player left), those
        being ordered too."""
        self.pending = [item for item in self.pending if keep(item)]
        if self.ordering is not None:
            self._place(self.ordering.drop(keep))

    def order_trigger(self, seat: int, item_id: int) -> Step[P]:
        """Put the waiting trigger ``item_id`` of :attr:`choosing` ``seat`` on the chain next
        (W9.4), then every trigger that needs no choice. Return ``Step("order", seat)`` while a
        seat must still choose, else the priority step of the seat that was to get priority.
        Raises :class:`ChainError` if ``seat`` is not choosing or the id is not an option."""
        if self.ordering is None:
            raise ChainError("no triggers are being ordered")
        picked = next((item for item in self.ordering.options() if item.id == item_id), None)
        if picked is None:
            raise ChainError(f"trigger {item_id} is not one seat {seat} may put on the chain now")
        self._place(self.ordering.pick(seat, picked))
        if self.ordering is not None:
            return Step("order", seat=self.ordering.chooser)
        assert self.holder is not None
        return _priority_step(self.holder)

    def pass_priority(self, seat: int) -> Step[P]:
        """The holder ``seat`` passes (W10.4); return what follows.

        Raises :class:`ChainError` if ``seat`` does not hold priority."""
        self._check_holder(seat)
        self.passes += 1
        if self.passes < self.players:
            self.holder = holder = (seat + 1) % self.players
            if self.pending:
                self._flush()  # W9.4: priority changes hands, so waiting triggers go on first
                if self.ordering is not None:
                    return Step("order", seat=self.ordering.chooser)
            return _priority_step(holder)
        if self.items:  # W10.4: every player passed in succession: the top resolves
            item = self.items.pop()
            self.resolving = item
            self.holder = None
            self.passes = 0
            return Step("resolve", item=item)
        self.holder = None  # W10.4: passes in succession on an empty chain close the window
        self.passes = 0
        return _CLOSED

    def resolved(self) -> None:
        """Confirm that the item from the last ``resolve`` step was carried out: the turn
        player gets priority again (W10.4) after waiting triggers go on (W9.4)."""
        if self.resolving is None:
            raise ChainError("no item is being resolved")
        self.resolving = None
        self._give(self.turn_player)

    def pass_and_resolve(self, seat: int, host: ChainHost[P]) -> Step[P]:
        """Pass for ``seat``; if that resolves the top item, let ``host`` carry it out and
        confirm it. Return the step (its ``item`` is the one resolved, if any)."""
        step = self.pass_priority(seat)
        if step.kind == "resolve" and step.item is not None:
            host.resolve(step.item)
            self.resolved()
        return step

    def remove(self, item_id: int) -> ChainItem[P] | None:
        """Take the item ``item_id`` off the chain without resolving it (an interrupt,
        a counter); return it, or None if it is not on the chain."""
        for index, item in enumerate(self.items):
            if item.id == item_id:
                del self.items[index]
                return item
        return None

    def halt(self, keep: Callable[[ChainItem[P]], bool] = lambda item: True) -> None:
        """End the window at once because the game is over: no holder, no waiting triggers
        (they never go on), and the items stay where they lie, so that what was on the chain
        when the game ended is still there to be seen; an item being resolved goes back on
        top when ``keep(item)`` (its card still lies on the chain)."""
        if self.resolving is not None and keep(self.resolving):
            self.items.append(self.resolving)
        self.resolving = None
        self.pending.clear()
        self.holder = None
        self.passes = 0
        self.ordering = self.after_ordering = None  # triggers being ordered never go on either

    def clear(self) -> None:
        """End the window at once: no holder, no items, no triggers."""
        self.items.clear()
        self.pending.clear()
        self.holder = None
        self.resolving = None
        self.passes = 0
        self.ordering = self.after_ordering = None

    # ----- JSON ----------------------------------------------------------------------
    def as_dict(self, payload: Callable[[P], Any] = lambda p: p) -> dict[str, Any]:
        """Return the chain as JSON: items bottom to top (their payloads through
        ``payload``, e.g. to hide a face-down card), the holder and the passes."""
        out: dict[str, Any] = {
            "items": [
                {
                    "id": item.id,
                    "controller": item.controller,
                    "triggered": item.triggered,
                    "payload": payload(item.payload),
                }
                for item in self.items
            ],
            "holder": self.holder,
            "turn_player": self.turn_player,
            "passes": self.passes,
            "waiting_triggers": len(self.pending),
        }
        if self.ordering is not None:  # W9.4: who orders its triggers, and how many wait
            out["choosing"] = self.ordering.chooser
            out["waiting_triggers"] += len(self.ordering.waiting)
        return out

    # ----- inside --------------------------------------------------------------------
    def _new_id(self) -> int:
        self.next_id += 1
        return self.next_id - 1

    def _push(self, controller: int, payload: P, *, triggered: bool) -> ChainItem[P]:
        item = ChainItem(self._new_id(), controller, payload, triggered)
        self.items.append(item)
        return item

    def _give(self, seat: int) -> None:
        self.holder = seat
        self.passes = 0
        self._flush()

    def _flush(self) -> None:
        # W9.4: the turn player's triggers first, then the others' in turn order, so the
        # last player's end on top and resolve first; each player's in queued order, or in
        # the order the player chooses (order_by).
        if not self.pending:
            return
        order = [(self.turn_player + k) % self.players for k in range(self.players)]
        waiting, self.pending = self.pending, []
        if self.order_by is not None:
            key = self.order_by
            batch = TriggerOrder(
                waiting,
                controller=_controller,
                key=lambda item: key(item.payload),
                turn_player=self.turn_player,
                players=self.players,
            )
            if batch.chooser is not None:  # a player chooses: priority waits until all are on
                self.ordering, self.after_ordering, self.holder = batch, self.holder, None
            self._place(batch.ordered)
            return
        for seat in order:
            for item in waiting:
                if item.controller == seat:
                    self.items.append(item)
        # A trigger on the chain is an action: every player may respond to it again.
        self.passes = 0

    def _place(self, items: list[ChainItem[P]]) -> None:
        """Put triggers that were ordered on the chain; once none waits for a choice, the
        seat that was to get priority gets it."""
        self.items.extend(items)
        self.passes = 0  # a trigger on the chain is an action: every player may respond again
        ordering = self.ordering
        if ordering is not None and ordering.chooser is None:
            self.holder, self.ordering, self.after_ordering = self.after_ordering, None, None
            if self.pending:  # queued meanwhile: they go on before anyone acts (W9.4)
                self._flush()

    def _check_holder(self, seat: int) -> None:
        if self.holder is None:  # nobody holds priority while triggers are ordered, either
            if self.ordering is not None:
                raise ChainError(f"seat {self.ordering.chooser} is ordering its triggers (W9.4)")
            raise ChainError("no priority window is open")
        if seat != self.holder:
            raise ChainError(f"seat {seat} does not hold priority (seat {self.holder} does)")


def _controller(item: ChainItem[Any]) -> int:
    return item.controller
