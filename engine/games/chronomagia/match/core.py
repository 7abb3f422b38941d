"""One Chronomagia match (C3–C16): a deterministic, replayable state machine.

``Match.apply`` validates an action whole (``actions.py``), then runs the rules until the
next decision: the turn steps (C6), the queue of effects and flip offers (C6.7) and the
epoch engine (C8). Effects are the handlers of ``effects.py``.
"""

from __future__ import annotations

import random
from typing import Any

from engine.catalog import Catalog
from engine.chain import TriggerOrder
from engine.decklist import Decklist
from engine.games.chronomagia.cards import Ability, Card, Row
from engine.games.chronomagia.match.actions import legal_actions as _legal_actions
from engine.games.chronomagia.match.actions import perform, validate
from engine.games.chronomagia.match.effects import needs_choice, resolve
from engine.games.chronomagia.match.state import (
    BOTH,
    DECK,
    FIELD,
    GRAVEYARD,
    HAND,
    HERO_DECK,
    LAST_CENTURY,
    OPENING_HAND,
    POOL,
    THRONE,
    TIME_MOVES_PER_TURN,
    TURN_LIMIT,
    VOID,
    Decision,
    Event,
    GameOver,
    IllegalAction,
    Inst,
    Result,
    Seat,
    Work,
    epoch_of,
)
from engine.match import SITE_ACTIONS, end_by_site_action, input_problem
from engine.problems import InputError, Problem
from engine.scenario import NoMatchLog

# Every seat may send these at any moment (common protocol): they answer no decision.
ANY_TIME = tuple(SITE_ACTIONS)  # engine.match: either seat, at any moment, ending the game
# Resource kinds collected by an action in the main phase (C7.1–C7.4, C7.9).
MAIN_KINDS = ("concentration", "life", "armor")
TIME_KINDS = ("time", "time_past", "time_future")  # C7.3


ENTERING = ("summon", "manifest")  # C10.1: what a permanent entering triggers


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


class Match:
    """One play of Chronomagia. Build it with :func:`new_match` or ``log.replay``."""

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
        self.rng = random.Random(seed)  # C16.1: the match's one generator
        self.insts: list[Inst] = []  # every card of the match, in no meaningful order
        # C4.4 [decision]: the cards in sight by their ids, minted from this counter as a card
        # comes into a zone a seat sees (never from a list's order); none in a deck or the pool.
        self.by_id: dict[int, Inst] = {}
        self.minted: dict[int, Inst] = {}  # every id ever minted (what an old action named)
        self.next_id = 0
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
        self._starting = start
        self.seats: tuple[Seat, Seat] = (self._setup_seat(0), self._setup_seat(1))
        # C5.2: the seed picks the first player unless the site (the previous game's loser) does.
        self.first = first if first is not None else self.rng.randrange(2)
        self.initial_events: list[Event] = []
        if not start:  # match/scenario.py lays the cards out and runs the rules itself
            return
        self.emit({"type": "setup", "first": self.first}, {"seed": seed}, -1)
        for seat in (0, 1):
            self.draw(seat, OPENING_HAND)
        self.redraws_left = [self.first, 1 - self.first]  # C5.3 [decision]: first player first
        self.run()
        self.initial_events = self.events

    # --- setup ---------------------------------------------------------------------------

    def _card(self, name: str, seat: int) -> Card:
        card = self.catalog.get(name) if isinstance(name, str) else None
        if not isinstance(card, Card):
            raise InputError(Problem(f"decks[{seat}]", f"unknown card {name!r}"))
        return card

    def _new_inst(self, card: Card, owner: int, zone: int) -> Inst:
        inst = Inst(card, owner, zone)
        self.insts.append(inst)
        return inst

    def mint(self, inst: Inst) -> None:
        """C4.4 [decision]: ``inst`` becomes a new object: a new id from the match's counter
        (its old one, if any, names nothing any more)."""
        if inst.id >= 0:
            del self.by_id[inst.id]
        inst.id = self.next_id
        self.next_id += 1
        self.by_id[inst.id] = self.minted[inst.id] = inst

    def forget(self, inst: Inst) -> None:
        """C4.4 [decision]: ``inst`` went out of every seat's sight (a deck, the pool): no id."""
        if inst.id >= 0:
            del self.by_id[inst.id]
            inst.id = -1

    def _setup_seat(self, seat: int) -> Seat:
        deck = self.decks[seat]
        hero_name = deck.zones.get("hero")
        if not isinstance(hero_name, str):
            raise InputError(Problem(f"decks[{seat}].hero", "a Chronomagia deck has one hero (C2.1)"))
        hero_card = self._card(hero_name, seat)
        if not hero_card.is_hero:
            raise InputError(Problem(f"decks[{seat}].hero", f"{hero_name!r} is not a hero (C2.1)"))
        main: list[Card] = []
        side: list[Card] = []
        for zone, into in (("main", main), ("side", side)):
            counts = deck.zones.get(zone) or {}
            if not isinstance(counts, dict):
                raise InputError(Problem(f"decks[{seat}].{zone}", "must map card names to counts"))
            for name, count in counts.items():
                card = self._card(name, seat)
                if card.is_hero:
                    raise InputError(Problem(f"decks[{seat}].{zone}", f"a hero in the {zone} deck (C2.2)"))
                into.extend([card] * int(count))
        if not main and self._starting:
            raise InputError(Problem(f"decks[{seat}].main", "the main deck is empty (C2.2)"))
        if self.shuffle:
            self.rng.shuffle(main)
            self.rng.shuffle(side)
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
            self.events.append(Event(public, private, seat))

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

    def producing(self, seat: int) -> list[tuple[Inst, Row]]:
        """C7.1: the seat's untapped, face-up permanents past summoning sickness, with their rows."""
        out: list[tuple[Inst, Row]] = []
        turn = self.turn
        epoch = self.epoch
        for inst in self.seats[seat].field:
            if inst.face_down or inst.tapped:
                continue
            row = inst.card.rows[(inst.own_epoch or epoch) - 1]
            if row is None or row.resources is None:
                continue
            if inst.entered == turn and not row.haste:
                continue
            out.append((inst, row))
        return out

    def amounts(self, seat: int) -> dict[str, int]:
        """Every resource kind the seat may collect now (C7.1), static boosts included (C13).

        One pass over the battlefield (the checks of :meth:`producing`, inlined: this runs for
        every main-phase decision and every attack)."""
        totals: dict[str, int] = {}
        get = totals.get
        creatures = 0
        boosting: list[tuple[Inst, Row]] | None = None  # C13 static boosts, with their cards
        turn = self.turn
        epoch = self.epoch
        side = self.seats[seat]
        for inst in side.field:
            if inst.face_down or inst.tapped:
                continue
            card = inst.card
            row = card.rows[(inst.own_epoch or epoch) - 1]
            if row is None:
                continue
            resources = row.resources
            if resources is None or (inst.entered == turn and not row.haste):
                continue
            if card.type == "thoughtform":
                creatures += 1
            for kind, value in resources:
                totals[kind] = get(kind, 0) + value
            if row.boosts:
                if boosting is None:
                    boosting = []
                boosting.append((inst, row))
        if boosting is not None:  # C13 «boost»: counted once every producer is known
            for inst, row in boosting:
                for kind, amount in row.boosts:
                    extra = amount * (creatures - (inst.card.type == "thoughtform"))
                    totals[kind] = get(kind, 0) + extra
        meditation = side.hero.card.meditation
        if side.meditating and meditation is not None:  # C6.3
            for kind, value in meditation.resources or ():
                totals[kind] = get(kind, 0) + value
        return totals

    def static(self, seat: int, effect: str) -> int:
        """The sum of the static ``effect`` (C13: ``shield``, ``discount``) over the seat's
        face-up permanents, each in the row of the epoch it lives in."""
        total = 0
        epoch = self.epoch
        for inst in self.seats[seat].field:
            if effect not in inst.card.statics or inst.face_down:
                continue
            row = inst.card.rows[(inst.own_epoch or epoch) - 1]
            if row is not None:
                total += row.statics.get(effect, 0)
        return total

    def cost_of(self, seat: int, card: Card) -> int:
        """C10.1: what ``card`` costs ``seat`` in concentration, its static discounts applied
        (C13 ``discount``: never below 0)."""
        cost = card.cost or 0
        return max(0, cost - self.static(seat, "discount")) if cost else 0

    def amount(self, seat: int, kind: str) -> int:
        """The sum of ``kind`` the seat may collect now (C7.1), static boosts included (C13)."""
        return self.amounts(seat).get(kind, 0)

    def defense(self, seat: int) -> int:
        """C9.2: the defender's untapped permanents in play when this turn began, or with
        «Ускорение» (haste, which exempts a permanent from that rule as from C7.1's)."""
        total = 0
        turn = self.turn
        epoch = self.epoch
        for inst in self.seats[seat].field:
            if inst.face_down or inst.tapped:
                continue
            row = inst.card.rows[(inst.own_epoch or epoch) - 1]
            # C9.2: in play when this turn began, unless «Ускорение» (haste) exempts it (C7.1)
            if inst.entered >= turn and (row is None or not row.haste):
                continue
            if row is not None and row.resources:
                for name, value in row.resources:
                    if name == "defense":
                        total += value
                        break
        side = self.seats[seat]
        if side.meditating and side.hero.card.meditation is not None:
            total += side.hero.card.meditation.resource("defense")
        return total

    def attack_totals(self) -> tuple[int, int, int]:
        """C9.1, C7.6, C7.7: (attack past the defense, damage, self-damage) of the active seat."""
        seat = self.active
        amounts = self.amounts(seat)
        attack = max(0, amounts.get("attack", 0) - self.defense(1 - seat))
        return attack, amounts.get("damage", 0), amounts.get("self_damage", 0)

    def controlled(self, seat: int, kind: str) -> Inst | None:
        for inst in self.seats[seat].field:
            if not inst.face_down and inst.card.kind == kind:
                return inst
        return None

    # --- time (C8) -----------------------------------------------------------------------

    def move_time(self, seat: int, delta: int) -> None:
        """Move time by an effect or the Time resource (C7.3, C8.2, C8.3, C8.6)."""
        if self.time_moves >= TIME_MOVES_PER_TURN:
            self.emit({"type": "time_frozen", "limit": TIME_MOVES_PER_TURN})  # C8.6
            return
        new = min(LAST_CENTURY, max(1, self.century + delta))
        if new == self.century:
            return  # C8.3: no move, no trigger
        self.time_moves += 1
        old_epoch = self.epoch
        forward = new > self.century
        self.century = new
        self.emit(
            {
                "type": "time",
                "seat": seat,
                "century": new,
                "epoch": self.epoch,
                "moved": "forward" if forward else "back",
            }
        )
        words = ("time_moves", "time_forward" if forward else "time_back")
        self.trigger(words)
        self.offer_flips(words, None)
        if self.epoch != old_epoch:
            self.epoch_change(None)

    def epoch_change(self, only: Inst | None) -> None:
        """C8.4: check the permanents against their (new) epoch: absent cards go, thoughtforms
        without a resource window turn into spells, the others manifest. ``only``: one shifted
        permanent (C8.5); else all that follow the global epoch."""
        if only is None:
            self.emit({"type": "epoch", "epoch": self.epoch})
            self.offer_flips(("epoch_change",), None)
        order = (self.active, 1 - self.active)
        self.gathering = []  # C8.4 [decision]: every permanent's triggers are one batch
        for seat in order:
            for inst in list(self.seats[seat].field):
                if inst.face_down or inst.zone != FIELD:
                    continue
                if only is not None and inst is not only:
                    continue
                if only is None and inst.own_epoch is not None:
                    continue
                row = self.row(inst)
                if row is None:
                    self.leave(inst, GRAVEYARD)  # C1.4: no effect
                elif inst.card.kind == "thoughtform" and row.resources is None:
                    self.leave(inst, GRAVEYARD, dies=True)  # C8.4: «живое заклинание»
                    self.triggered(
                        [Work("effect", seat, inst, a, row) for a in row.abilities if a.when == "spell"]
                    )
                elif "manifest" in row.whens:
                    self.triggered(
                        [Work("effect", seat, inst, a, row) for a in row.abilities if a.when == "manifest"]
                    )
        self.flush()

    # --- triggers (C6.7) -----------------------------------------------------------------

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

    def trigger(self, words: tuple[str, ...], seat: int | None = None) -> None:
        """Queue the abilities that ``words`` trigger, one batch (C6.7): the turn player's
        first, each player's in the order they choose; ``seat``: that seat's cards only."""
        works: list[Work] = []
        epoch = self.epoch
        for owner in (self.active, 1 - self.active):
            if seat is not None and owner != seat:
                continue
            for inst in self.seats[owner].field:
                if inst.face_down:
                    continue
                row = inst.card.rows[(inst.own_epoch or epoch) - 1]
                if row is None or row.whens.isdisjoint(words):  # most rows: nothing to look at
                    continue
                for ability in row.abilities:
                    if ability.when in words:
                        works.append(Work("effect", owner, inst, ability, row))
        self.triggered(works)

    def offer_flips(self, words: tuple[str, ...], seat: int | None) -> None:
        """C10.4: each face-down shadow whose event is one of ``words`` offers its owner a flip."""
        for owner in (self.active, 1 - self.active):
            if seat is not None and owner != seat:
                continue
            for inst in self.seats[owner].field:
                # C10.4 [decision]: every face-down shadow is asked, its event or not, so that
                # being asked tells the opponent nothing of it (C4.4); only its event's may flip.
                if inst.face_down:
                    may = inst.card.shadow_event in words and inst.card.row(self.epoch) is not None
                    offered = next((w for w in self.waiting() if w.kind == "flip" and w.source is inst), None)
                    if offered is None:
                        self.queued(Work("flip", owner, inst, may_flip=may))
                    elif may:
                        offered.may_flip = True

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

    def enter(self, inst: Inst, seat: int) -> None:
        """A thoughtform, terrain or phenomenon enters (C10.1–C10.3): «Призыв» and «Явление»."""
        self.to_field(inst, seat)
        self.emit({"type": "enters", "seat": seat, "id": inst.id, "card": inst.name})
        row = self.row(inst)
        if row is not None and not row.whens.isdisjoint(ENTERING):
            self.triggered([Work("effect", seat, inst, a, row) for a in row.abilities if a.when in ENTERING])

    # --- the flow (C5, C6) ---------------------------------------------------------------

    def run(self) -> None:
        """Run the rules until a decision is pending or the game is over."""
        try:
            while True:
                if self.ordering:  # C6.7: a batch of triggers its controllers put in order
                    batch = self.ordering[0]
                    if batch.chooser is not None:
                        self.pending = Decision("order", batch.chooser, self.seq, order_info(batch))
                        return
                    self.ordering.pop(0)
                    self.queue.extend(batch.ordered)
                    continue
                if self.queue:
                    work = self.queue[0]
                    if work.kind == "flip":
                        if work.source is None or work.source.zone != FIELD or not work.source.face_down:
                            self.queue.pop(0)
                            continue
                        self.pending = Decision("flip", work.seat, self.seq, {"shadow": work.source.id})
                        return
                    if work.kind == "bury":
                        self.queue.pop(0)
                        if work.source is not None and work.source.zone == FIELD:
                            self.leave(work.source, GRAVEYARD)
                        continue
                    info = needs_choice(self, work)
                    if info is not None:
                        self.pending = Decision("choose", work.seat, self.seq, info)
                        return
                    self.queue.pop(0)
                    resolve(self, work, None)
                    self.check_life()
                    continue
                step = self.step
                if step == "redraw":
                    if self.redraws_left:
                        self.pending = Decision("redraw", self.redraws_left[0], self.seq)
                        return
                    self.step = "start"
                elif step == "start":
                    self.begin_turn()
                elif step == "upkeep":
                    self.upkeep()
                elif step == "meditation":
                    if self.can_meditate(self.active):
                        self.pending = Decision("meditation", self.active, self.seq)
                        return
                    self.step = "main"
                elif step == "main":
                    self.pending = Decision("main", self.active, self.seq)
                    return
                elif step == "attack":
                    attack, damage, self_damage = self.attack_totals()
                    if attack + damage > 0:
                        terrain = self.controlled(1 - self.active, "terrain")
                        info = {
                            "attack": attack,
                            "damage": damage,
                            "self_damage": self_damage,
                            "terrain": terrain.id if terrain is not None else None,
                        }
                        self.pending = Decision("attack", self.active, self.seq, info)
                        return
                    self.strike(0, 0, collected=False)  # nothing to collect (C7.7, C9.4)
                elif step == "end":
                    self.trigger(("end_of_turn",), self.active)  # C6.6
                    self.step = "start"
        except GameOver:
            self.pending = None

    def begin_turn(self) -> None:
        """C6.1: the next turn; time's natural flow (C8.1, C15.1); untap; start-of-turn effects."""
        first_turn = self.turn == 0
        self.turn += 1
        if self.turn > self.turn_limit:
            self.decide_by_life("turn_limit")  # C15.3
        self.active = self.first if first_turn else 1 - self.active
        side = self.seats[self.active]
        for seat in (0, 1):
            self.seats[seat].collected.clear()
            self.seats[seat].hero_used = False
            self.seats[seat].meditated = False
            self.seats[seat].played = 0
        side.meditating = False  # C6.3 [decision]: meditation lasts until the owner's next turn
        self.time_moves = 0
        self.emit({"type": "turn", "turn": self.turn, "seat": self.active})
        if not first_turn:  # C5.4: the first player skips the first natural move
            if self.century >= LAST_CENTURY:
                self.decide_by_life("end_of_time")  # C15.1
            old = self.epoch
            self.century += 1  # C8.1: natural flow, no «Движение Времени» (C8.2)
            self.emit({"type": "time", "century": self.century, "epoch": self.epoch, "moved": "natural"})
            if self.epoch != old:
                self.epoch_change(None)
        for seat in (0, 1):  # C13 trap: the trapper's next turn frees its victims
            for inst in self.seats[seat].field:
                if inst.trapped_by == self.active:
                    inst.trapped_by = None
        for inst in side.field:  # C6.1, C12.2
            if inst.trapped_by is None:
                inst.tapped = False
        self.trigger(("start_of_turn",), self.active)
        self.step = "upkeep"

    def upkeep(self) -> None:
        """C6.2: draw (not the first player's first turn, C5.4); the hero's base window."""
        if self.turn != 1:
            self.draw(self.active, 1)
        side = self.seats[self.active]
        for kind, amount in side.hero.card.base:
            if kind == "concentration":
                self.gain_concentration(self.active, amount)
            elif kind == "life":
                side.life += amount
            elif kind == "armor":
                side.armor += amount
        self.step = "meditation"

    def can_meditate(self, seat: int) -> bool:
        """C6.3: not on the game's first turn; 1 concentration in the pool; a hero-deck card."""
        side = self.seats[seat]
        return self.turn > 1 and bool(side.pool) and bool(side.hero_deck)

    def strike(self, opponent: int, terrain: int, *, collected: bool) -> None:
        """C9.3: the attack lands: ``opponent`` to the player (armor first), ``terrain`` to their
        terrain; then the next step. ``collected``: the attacker collected its Attack and Damage
        (an ``attack`` action), and with them its self-damage, which it loses (C7.7); a ``pass``
        collects nothing and loses nothing."""
        seat = self.active
        other = 1 - seat
        self_damage = self.amounts(seat).get("self_damage", 0) if collected else 0  # C7.7
        if opponent or terrain:
            self.emit({"type": "attack", "seat": seat, "opponent": opponent, "terrain": terrain})
        if terrain:
            target = self.controlled(other, "terrain")
            if target is not None:
                self.wound_terrain(target, terrain)
        if opponent:
            self.hurt(other, opponent)
        if self_damage:
            self.hurt(seat, self_damage, armor=False)
        self.step = "end"
        self.check_life()
        if opponent or terrain:
            self.offer_flips(("attacked",), other)

    # --- the public surface --------------------------------------------------------------

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

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Every action ``seat`` may apply now; only ``concede`` when it is not its decision."""
        pending = self.pending
        if pending is None:
            return []
        if pending.seat != seat:
            return [{"type": "concede"}]
        return [*_legal_actions(self, pending), {"type": "concede"}]

    def apply(self, seat: Any, action: Any, *, seq: Any = None) -> list[Event]:
        """Apply ``seat``'s action; return its events. Raises :class:`IllegalAction` (with the
        rule broken) and changes nothing when it is not legal now."""
        if self.result is not None:
            reason = self.result.reason
            raise IllegalAction(
                "C14.1", f"the game is over ({reason})", code="game_over", params={"reason": reason}
            )
        problem = input_problem(seat, action, seq, self.seq)
        if problem is not None:
            code, message, params = problem
            raise IllegalAction("C16.1", message, code=code, params=params)
        return self.apply_checked(seat, action)

    def apply_checked(self, seat: int, action: dict[str, Any]) -> list[Event]:
        if self.result is not None:
            reason = self.result.reason
            raise IllegalAction(
                "C14.1", f"the game is over ({reason})", code="game_over", params={"reason": reason}
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
            self.check_life()
        except GameOver:
            return self.events
        self.run()
        return self.events

    def end_by(self, seat: int, kind: str, *, both: bool = False) -> list[Event]:
        """Concede, timeout, no-show, a judge's game loss (the protocol's site actions)."""
        return end_by_site_action(self, seat, kind, both=both, game_over=GameOver)

    def describe_action(self, action: dict[str, Any]) -> str:
        from engine.games.chronomagia.match.actions import describe_action

        return describe_action(action)

    def observation(self, seat: int) -> dict[str, Any]:
        from engine.games.chronomagia.match.views import view

        return view(self, seat)

    def spectator_view(self) -> dict[str, Any]:
        from engine.games.chronomagia.match.views import view

        return view(self, None)

    def judge_view(self) -> dict[str, Any]:
        from engine.games.chronomagia.match.views import view

        return view(self, None, judge=True)

    def hidden_from(self, seat: int) -> frozenset[str]:
        from engine.games.chronomagia.match.views import hidden_from

        return hidden_from(self, seat)

    def to_log(self, card_set_codes: list[str] | tuple[str, ...]) -> dict[str, Any]:
        from engine.games.chronomagia.match.log import match_log

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
) -> Match:
    """Return a new match, set up (C5) and waiting for the first player's redraw decision.

    Raises :class:`~engine.problems.InputError` for a deck without a hero or with an unknown card.
    """
    return Match(catalog, decks, seed=seed, shuffle=shuffle, first=first, names=names, turn_limit=turn_limit)


__all__ = ["Ability", "Match", "new_match"]
