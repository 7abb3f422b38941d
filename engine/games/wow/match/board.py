# mypyc: compiled by build_engine.py
"""The board of a WoW TCG match (W3–W5, W12.4): its setup, events, the end of the game, the
decision pending, the primitive moves of the cards (draw, leave play, the graveyard, paying,
entering play, tokens) and the triggers they fire (W9.4).

The rules that sequence these moves are above it: damage and the state checks
(``damage.py``), the effects (``effects.py``), combat (``combat.py``), the chain's items
(``resolution.py``), the turn (``flow.py``) and the protocol (``core.py``).
"""

from __future__ import annotations

import random
from typing import Any

from engine.catalog import Catalog
from engine.chain import Chain, ChainItem
from engine.decklist import Decklist
from engine.games.wow.cards import Ability, Card, Effect
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
    TURN_LIMIT,
    Decision,
    Event,
    GameOver,
    Inst,
    Result,
    Seat,
    reset,
)
from engine.problems import InputError, Problem


def trigger_key(payload: dict[str, Any]) -> tuple[Any, ...]:
    """W9.4: what tells triggered items apart: the same ability of cards of one name is the same
    trigger (its order needs no choice); rules triggers by their kind."""
    return (payload["kind"], payload.get("name"), payload.get("ability"))


class Board:
    """The cards of one play of the WoW TCG and their moves; :class:`~engine.games.wow.match.core.Match`
    adds the rules that sequence them."""

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
            self.events.append(Event((public, private, seat)))

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

    def in_play(self, inst: Inst) -> bool:
        return inst.zone in (ALLIES, HERO_ROW, ATTACHED)

    def decision(self) -> Decision | None:
        return self.pending

    def decision_for(self, seat: int) -> Decision | None:
        if self.pending is None:
            return None
        if self.pending.seat == seat:
            return self.pending
        return Decision("wait", seat, self.seq)

    @property
    def is_over(self) -> bool:
        return self.result is not None

    @property
    def winner(self) -> int | None:
        return self.result.winner if self.result is not None else None
