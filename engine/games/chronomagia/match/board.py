"""The board of one Chronomagia match: the cards and seats, ids (C4.4), events and the end
(C14, C15), the primitive moves (draw, concentration, life, the battlefield, C6.2, C7, C10,
C11), what a permanent is now (its epoch's row, C8.5) and the queue of simultaneous triggers
(C6.7). :class:`~engine.games.chronomagia.match.core.Match` is the whole match.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.chain import TriggerOrder
from engine.games.chronomagia.cards import Card, Row
from engine.games.chronomagia.match.state import (
    BOTH,
    DECK,
    FIELD,
    GRAVEYARD,
    HAND,
    HERO_DECK,
    POOL,
    THRONE,
    VOID,
    Decision,
    Event,
    GameOver,
    Inst,
    Result,
    Seat,
    Work,
    epoch_of,
)
from engine.play import Ids, Opening
from engine.problems import InputError, Problem


def _controller(work: Work) -> int:
    return work.seat


def _trigger_key(work: Work) -> tuple[str, str, Any]:
    """What tells triggers apart (C6.7): the same ability of two copies of a card is one."""
    return (work.source.name if work.source is not None else "", work.kind, work.ability)


def order_info(batch: TriggerOrder[Work]) -> dict[str, Any]:
    """The ``order`` decision's info: the triggers the chooser may put next, in their order."""
    return {
        "triggers": [
            {
                "source": w.source.id if w.source is not None else None,
                "card": w.source.name if w.source is not None else None,
                "effect": w.ability.effect,
                "amount": w.ability.amount,
            }
            for w in batch.options()
        ]
    }


class Board:
    """The cards, seats and queue of one match and the moves on them."""

    def __init__(self, opening: Opening, *, start: bool = True) -> None:
        """Lay out both seats (C5.1) from ``opening``; with ``start`` false a deck may be empty,
        for a position to be laid out (``scenario.py``)."""
        self.opening = opening
        self.catalog = opening.catalog
        self.decks = opening.decks
        self.seed = opening.seed
        self.shuffle = opening.shuffle
        self.first_option = opening.first
        self.names = opening.names
        self.turn_limit = opening.turn_limit
        self.rng = opening.rng  # C16.1: the match's one generator
        self.insts: list[Inst] = []  # every card of the match, in no meaningful order
        # C4.4 [decision]: the cards in sight by their ids, minted from one counter as a card
        # comes into a zone a seat sees (never from a list's order); none in a deck or the pool.
        self.ids = Ids()
        self.by_id: dict[int, Inst] = self.ids.by_id
        self.minted: dict[int, Inst] = self.ids.minted  # every id ever minted (what an old action named)
        # ``mint(inst)``: C4.4 [decision]: ``inst`` becomes a new object, a new id from the
        # counter (its old one names nothing any more); ``forget(inst)``: it went out of every
        # seat's sight (a deck, the pool): no id. The table's own methods (one call, not two).
        self.mint: Callable[[Inst], int] = self.ids.mint
        self.forget: Callable[[Inst], None] = self.ids.forget
        self.actions: list[dict[str, Any]] = []
        self.seq = 0
        self.result: Result | None = None
        self.recording = True
        self.events: list[Event] = []
        self.queue: list[Work] = []
        # C6.7, C8.4: batches of simultaneous triggers their controllers are putting in order
        # (engine/chain.py's TriggerOrder), each then queued as a whole, oldest batch first.
        self.ordering: list[TriggerOrder[Work]] = []
        self.gathering: list[Work] | None = None  # C8.4: triggers of one epoch change, gathered
        self.pending: Decision | None = None
        self.turn = 0
        self.active = 0
        self._century = 1
        self.epoch = 1
        self.century = 1  # C3.1
        self.step = "redraw"
        self.time_moves = 0  # C8.6
        self.redraws_left: list[int] = []
        # A position built for a rules test (match/scenario.py): its spec; it has no match log.
        self.built: dict[str, Any] | None = None
        self.seats: tuple[Seat, Seat] = (self._setup_seat(0, start), self._setup_seat(1, start))
        # C5.2: the seed picks the first player unless the site (the previous game's loser) does.
        self.first = opening.first_player()
        self.initial_events: list[Event] = []

    # --- setup ---------------------------------------------------------------------------

    def _new_inst(self, card: Card, owner: int, zone: int) -> Inst:
        inst = Inst(card, owner, zone)
        self.insts.append(inst)
        return inst

    def _setup_seat(self, seat: int, start: bool) -> Seat:
        opening = self.opening
        hero_name = opening.decks[seat].zones.get("hero")
        if not isinstance(hero_name, str):
            raise InputError(Problem(f"decks[{seat}].hero", "a Chronomagia deck has one hero (C2.1)"))
        hero_card = opening.card(hero_name, seat, Card)
        if not hero_card.is_hero:
            raise InputError(Problem(f"decks[{seat}].hero", f"{hero_name!r} is not a hero (C2.1)"))
        main = opening.pile(seat, "main", Card)
        side = opening.pile(seat, "side", Card)
        for zone, pile in (("main", main), ("side", side)):
            if any(card.is_hero for card in pile):
                raise InputError(Problem(f"decks[{seat}].{zone}", f"a hero in the {zone} deck (C2.2)"))
        if not main and start:
            raise InputError(Problem(f"decks[{seat}].main", "the main deck is empty (C2.2)"))
        opening.shuffled(main, side)
        hero = self._new_inst(hero_card, seat, THRONE)
        hero.known = BOTH  # C5.1
        self.mint(hero)
        side_of = Seat(self.names[seat], hero)
        side_of.deck = [self._new_inst(card, seat, DECK) for card in main]  # no ids (C4.4)
        side_of.hero_deck = [self._new_inst(card, seat, HERO_DECK) for card in side]
        # C4.3, C4.4: its owner sees the hero deck, its cards by ids given in the order of
        # their names, so that an id tells nothing of where a card lay.
        for inst in sorted(side_of.hero_deck, key=lambda i: i.name):
            inst.known = 1 << seat
            self.mint(inst)
        return side_of

    # --- events and the end --------------------------------------------------------------

    def emit(self, public: dict[str, Any], private: dict[str, Any] | None = None, seat: int = -1) -> None:
        if self.recording:
            self.events.append(Event((public, private, seat)))

    def end(self, winner: int | None, reason: str) -> None:
        """End the game (C14, C15) and unwind the rules."""
        self.result = Result(winner, reason)
        self.pending = None
        self.queue.clear()
        self.ordering.clear()
        self.emit({"type": "game_over", "winner": winner, "reason": reason})
        raise GameOver

    def decide_by_life(self, reason: str) -> None:
        """C15.1: the game ends; the higher Life wins, equal Life is a draw."""
        a, b = self.seats[0].life, self.seats[1].life
        self.end(None if a == b else (0 if a > b else 1), reason)

    def check_life(self) -> None:
        """C14.1: a player at 0 Life loses; both at 0 together: a draw."""
        low_a = self.seats[0].life <= 0
        low_b = self.seats[1].life <= 0
        if low_a or low_b:
            self.end(None if low_a and low_b else 1 if low_a else 0, "life")

    # --- primitive moves -----------------------------------------------------------------

    def draw(self, seat: int, count: int) -> None:
        """Draw ``count`` cards (C6.2); an empty deck gives nothing (C14.2 [decision])."""
        side = self.seats[seat]
        drawn = side.deck[:count]
        del side.deck[:count]
        for inst in drawn:
            inst.zone = HAND
            inst.known = 1 << seat
            self.mint(inst)  # C4.4: in its owner's sight
            side.hand.append(inst)
        if drawn:
            self.emit(
                {"type": "draw", "seat": seat, "count": len(drawn)},
                {"cards": [{"id": inst.id, "card": inst.name} for inst in drawn]},
                seat,
            )

    def gain_concentration(self, seat: int, count: int) -> None:
        """C7.2: the top ``count`` cards of the deck go face down to the pool (what there is)."""
        side = self.seats[seat]
        moved = side.deck[:count]
        del side.deck[:count]
        for inst in moved:
            inst.zone = POOL
            inst.known = 0  # C4.1: nobody looks at the pool
            self.forget(inst)
        side.pool.extend(moved)
        if moved:
            self.emit({"type": "concentration", "seat": seat, "count": len(moved), "pool": len(side.pool)})

    def spend(self, seat: int, count: int) -> None:
        """C7.2: spend ``count`` concentration: the oldest pool cards go to the deck's bottom."""
        side = self.seats[seat]
        paid = side.pool[:count]
        del side.pool[:count]
        for inst in paid:
            inst.zone = DECK
        side.deck.extend(paid)

    def hurt(self, seat: int, amount: int, *, armor: bool = True) -> None:
        """The player loses ``amount`` Life; armor absorbs first (C7.9) unless ``armor`` is off."""
        side = self.seats[seat]
        absorbed = min(side.armor, amount) if armor else 0
        side.armor -= absorbed
        side.life -= amount - absorbed
        self.emit(
            {
                "type": "life_lost",
                "seat": seat,
                "amount": amount - absorbed,
                "absorbed": absorbed,
                "life": side.life,
            }
        )

    def wound_terrain(self, terrain: Inst, amount: int) -> None:
        """C10.2: ``amount`` damage to a terrain removes as many of its life tokens; with none
        left it goes to the graveyard."""
        terrain.lives -= amount
        self.emit({"type": "terrain_hit", "id": terrain.id, "card": terrain.name, "amount": amount,
                   "left": max(0, terrain.lives)})  # fmt: skip
        if terrain.lives <= 0:
            self.leave(terrain, GRAVEYARD, dies=True)

    def to_field(self, inst: Inst, seat: int) -> None:
        zone_list = self._zone_list(inst)
        if zone_list is not None:
            zone_list.remove(inst)
        if inst.zone != FIELD:
            self.mint(inst)  # C4.4: out of a hand (or new, a token) into everyone's sight
        inst.zone = FIELD
        inst.tapped = False
        inst.entered = self.turn
        inst.own_epoch = None
        inst.trapped_by = None
        inst.known = BOTH
        card = inst.card
        inst.lives = (
            card.lives if card.kind == "terrain" else card.time_counter if card.kind == "phenomenon" else 0
        )
        self.seats[seat].field.append(inst)

    def _zone_list(self, inst: Inst) -> list[Inst] | None:
        side = self.seats[inst.owner]
        return {
            DECK: side.deck,
            HAND: side.hand,
            FIELD: side.field,
            GRAVEYARD: side.graveyard,
            POOL: side.pool,
            HERO_DECK: side.hero_deck,
        }.get(inst.zone)

    def leave(self, inst: Inst, to: int, *, dies: bool = False) -> None:
        """Move a permanent off the battlefield to ``to`` (graveyard or hand, C11.3); a token
        vanishes (C11.4). ``dies``: its «Ярость» (fury) triggers (C11.1)."""
        row = self.row(inst)
        self.seats[inst.owner].field.remove(inst)
        inst.tapped = False
        inst.trapped_by = None
        inst.own_epoch = None
        inst.face_down = False
        inst.known = BOTH
        seen_as = inst.id  # the events name it by the id it had in play
        if inst.card.token:
            inst.zone = VOID
            self.forget(inst)  # C11.4: it ceased to exist
        elif to == HAND:
            # C4.4 [decision]: into a hand it becomes a new object (both saw it go there)
            inst.zone = HAND
            self.mint(inst)
            self.seats[inst.owner].hand.append(inst)
        else:
            inst.zone = GRAVEYARD
            self.seats[inst.owner].graveyard.append(inst)
        self.emit(
            {
                "type": "leaves",
                "id": seen_as,
                "card": inst.name,
                "seat": inst.owner,
                "to": "hand"
                if to == HAND and not inst.card.token
                else "graveyard"
                if not inst.card.token
                else "void",
            }
        )
        if dies and row is not None:
            fury = [Work("effect", inst.owner, inst, a, row) for a in row.abilities if a.when == "fury"]
            if fury:
                self.triggered(fury)

    # --- reading the board ---------------------------------------------------------------

    @property
    def century(self) -> int:
        return self._century

    @century.setter
    def century(self, value: int) -> None:
        self._century = value
        self.epoch = epoch_of(value)  # read in hot loops: kept, not computed

    def epoch_for(self, inst: Inst) -> int:
        """The epoch a permanent lives in: its own after a time shift (C8.5), else the global one."""
        return inst.own_epoch or self.epoch

    def row(self, inst: Inst) -> Row | None:
        return inst.card.rows[(inst.own_epoch or self.epoch) - 1]

    def is_creature(self, inst: Inst) -> bool:
        return inst.zone == FIELD and not inst.face_down and inst.card.kind == "thoughtform"

    def sick(self, inst: Inst) -> bool:
        """C7.1, C12.1: entered this turn, and no «Ускорение» (haste) in its row."""
        row = self.row(inst)
        return inst.entered == self.turn and not (row is not None and row.haste)

    def controlled(self, seat: int, kind: str) -> Inst | None:
        for inst in self.seats[seat].field:
            if not inst.face_down and inst.card.kind == kind:
                return inst
        return None

    # --- the queue of simultaneous triggers (C6.7) ---------------------------------------

    def triggered(self, works: list[Work]) -> None:
        """Queue simultaneous triggers (C6.7): the turn player's first, each player's in the order
        they choose (a decision ``order`` when they have two different ones: engine/chain.py's
        TriggerOrder); while a batch is being gathered (:meth:`flush`), join it."""
        if not works:
            return
        if self.gathering is not None:
            self.gathering.extend(works)
            return
        if len(works) == 1 and not self.ordering:  # a lone trigger needs no order
            self.queue.append(works[0])
            return
        batch = TriggerOrder(works, controller=_controller, key=_trigger_key, turn_player=self.active)
        if batch.chooser is None and not self.ordering:
            self.queue.extend(batch.ordered)
        else:
            self.ordering.append(batch)

    def flush(self) -> None:
        """Queue the batch gathered since ``self.gathering`` was set, as one (C6.7, C8.4)."""
        works, self.gathering = self.gathering, None
        if works:
            self.triggered(works)

    def waiting(self) -> list[Work]:
        """Every queued piece of work, those in batches being ordered included."""
        if not self.ordering:
            return self.queue
        return [*self.queue, *(w for batch in self.ordering for w in (*batch.ordered, *batch.waiting))]

    def queued(self, work: Work) -> None:
        """Queue ``work`` after everything queued so far (batches being ordered included)."""
        if self.ordering:
            self.ordering.append(TriggerOrder([work], controller=_controller, key=_trigger_key))
        else:
            self.queue.append(work)

    # --- the state of play ---------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def decision(self) -> Decision | None:
        return self.pending

    def decision_for(self, seat: int) -> Decision | None:
        pending = self.pending
        if pending is None or pending.seat == seat:
            return pending
        return Decision("wait", seat, self.seq)

    @property
    def winner(self) -> int | None:
        return self.result.winner if self.result is not None else None
