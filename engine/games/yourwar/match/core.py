"""A Your War match: setup, turns, costs, combat, abilities, views (rules digest Y3–Y11).

One seat acts at a time (Y5.7): :meth:`Match.decision` says who and what. Every action is
checked whole before anything changes (an :class:`IllegalAction` leaves the state and the
generator as they were), then applied; effects resolve at once, in the order written.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.yourwar.cards import Ability, Card
from engine.games.yourwar.match.blocks import every_block
from engine.games.yourwar.match.state import (
    BASES,
    BASES_PER_DEFENSE,
    DECISION_ACTIONS,
    DECK,
    DESTROYED,
    FIELD,
    HAND,
    HAND_LIMIT,
    JUDGES,
    OPENING_HAND,
    SUPPORT,
    TURN_LIMIT,
    ZONE_NAMES,
    Decision,
    Event,
    GameOver,
    IllegalAction,
    Inst,
    Result,
    Seat,
)
from engine.match import SITE_ACTIONS  # either seat, at any moment, ending the game
from engine.problems import InputError, Problem
from engine.scenario import NoMatchLog

PLAYER_TARGETS = frozenset({"any", "player", "enemy_player"})
UNIT_TARGETS = frozenset({"any", "unit", "enemy_unit", "own_unit"})
# The method that checks each action an answer may be (DECISION_ACTIONS), by the action's type.
_CHECKS: dict[str, str] = {kind: f"_check_{kind}" for kinds in DECISION_ACTIONS.values() for kind in kinds}
# abilities.HANDLERS, filled on the first resolution (Match._resolve).
_HANDLERS: dict[str, Any] = {}
# A card's target kinds when played (Match._play_kinds), keyed by the card object's id.
_PLAY_KINDS: dict[int, tuple[Card, list[str]]] = {}


def refuse(rule: str, code: str, message: str, **params: str | int) -> IllegalAction:
    return IllegalAction(rule, message, code=code, params=dict(params))


def new_match(
    catalog: Catalog[Any],
    decks: Sequence[Decklist],
    *,
    seed: int,
    shuffle: bool = True,
    first: int | None = None,
    names: tuple[str, str] = ("A", "B"),
    turn_limit: int = TURN_LIMIT,
) -> Match:
    """Return a match set up (Y4): decks shuffled, the first player drawn, hands dealt;
    ``turn_limit``: the event's turn cap (Y10.1)."""
    return Match(
        catalog,
        (decks[0], decks[1]),
        seed=seed,
        shuffle=shuffle,
        first=first,
        names=names,
        turn_limit=turn_limit,
    )


def describe_action(action: dict[str, Any]) -> str:
    """Return a readable sentence for ``action`` without a match (cards by id stay ids)."""
    kind = action.get("type")
    words = {
        "keep": "keep the hand",
        "redeal": "redeal",
        "end": "end the phase",
        "proceed": "go on to damage",
    }
    if kind in words:
        return words[str(kind)]
    details = ", ".join(f"{k} {v}" for k, v in action.items() if k not in ("type", "seat"))
    return f"{kind} {details}".strip()


class Match:
    """One play of Your War (satisfies ``engine.match.MatchState``)."""

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
        self.blocks: dict[int, list[int]] = {}
        self._pending: Decision | None = (
            None  # decision() of the current seq  # attacker id -> blocker ids, in combat (Y7.2)
        )
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
            cached = Decision("opening", self.opening_seat, self.seq, OPENING_HAND - seat.redeals)
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

    # --- abilities (Y8) -------------------------------------------------------------------------

    def _amount(self, seat: int, ability: Ability) -> int:
        amount = ability.amount
        if ability.combo and ability.combo in self.seats[seat].played:
            amount += ability.combo_bonus
        return amount

    def _resolve(self, seat: int, source: Inst, ability: Ability, target: Any) -> None:
        """Resolve one ability of ``source`` for ``seat`` on ``target`` (an Inst, a seat, None)
        through its registered handler (abilities.py), then Y7.9 and Y9."""
        handlers = _HANDLERS
        if not handlers:  # read once: abilities.py imports this package, so not at the top
            from engine.games.yourwar.abilities import HANDLERS

            handlers.update(HANDLERS)
        handlers[ability.effect](self, seat, source, ability, self._amount(seat, ability), target)
        self._check()

    def _target_options(self, seat: int, kind: str) -> list[Any]:
        """Return the legal targets of a ``kind`` (cards.TARGETS): Insts and seat numbers."""
        mine, theirs = self.seats[seat], self.seats[1 - seat]
        if kind == "unit":
            return [*mine.field, *theirs.field]
        if kind == "enemy_unit":
            return list(theirs.field)
        if kind == "own_unit":
            return list(mine.field)
        if kind == "any":
            return [*mine.field, *theirs.field, 1 - seat, seat]
        if kind == "player":
            return [1 - seat, seat]
        if kind == "enemy_player":
            return [1 - seat]
        if kind == "enemy_support":
            return list(theirs.support)
        return []

    def _chosen_kinds(self, abilities: Sequence[Ability]) -> list[str]:
        """The target kinds an action must choose for (``enemy_player`` is fixed, Y8)."""
        return [
            a.target
            for a in abilities
            if a.target in ("unit", "enemy_unit", "own_unit", "any", "player", "enemy_support")
        ]

    def _read_target(self, seat: int, kinds: list[str], raw: Any) -> Any:
        if not kinds:
            return None
        if raw is None:
            raise refuse(
                "Y8",
                "target_missing",
                f"choose a target ({kinds[0]})",
                index=0,
                effect=kinds[0],
                target_kind=kinds[0],
            )
        if (
            isinstance(raw, dict)
            and set(raw) == {"seat"}
            and raw["seat"] in (0, 1)
            and type(raw["seat"]) is int
        ):
            chosen: Any = raw["seat"]
        elif type(raw) is int and raw in self.by_id:
            chosen = self.by_id[raw]
        else:
            raise refuse(
                "Y8",
                "illegal_target",
                'a target is a card\'s id or {"seat": 0|1}',
                index=0,
                target=str(raw)[:40],
                target_kind=kinds[0],
                card="",
            )
        for kind in kinds:
            if not any(option is chosen for option in self._target_options(seat, kind)):
                raise refuse(
                    "Y8",
                    "illegal_target",
                    f"{raw} is not a legal {kind}",
                    index=0,
                    target=str(raw)[:40],
                    target_kind=kind,
                    card="",
                )
        return chosen

    # --- costs (Y6.2) ---------------------------------------------------------------------------

    def _payment(self, seat: int, country: str | None, own: int, anyn: int, pay: Any) -> list[Inst] | None:
        """Return the bases that pay (own country first, then ``pay`` or the default), or None."""
        free = [b for b in self.seats[seat].bases if not b.used]
        own_bases = [b for b in free if country is not None and b.card.country == country]
        if len(own_bases) < own:
            return None
        chosen = own_bases[:own]
        rest = [b for b in free if b not in chosen]
        if pay is None:
            by: dict[str, list[Inst]] = {}
            for b in rest:
                by.setdefault(b.card.country or "", []).append(b)
            # Y6.2 default: other countries before the card's own, the most available first.
            order = sorted(by, key=lambda c: (c == (country or ""), -len(by[c]), c))
            pool = [b for c in order for b in by[c]]
            if len(pool) < anyn:
                return None
            return chosen + pool[:anyn]
        if not isinstance(pay, dict) or not all(
            isinstance(k, str) and type(v) is int and v >= 0 for k, v in pay.items()
        ):
            raise refuse("Y6.2", "bad_payment", 'pay is {"country": bases, ...} for the "any" part')
        if sum(pay.values()) != anyn:
            raise refuse(
                "Y6.2", "bad_payment", f"pay names {sum(pay.values())} bases; the any part is {anyn}"
            )
        for name, count in pay.items():
            key = None if name == "" else name
            got = [b for b in rest if b.card.country == key][:count]
            if len(got) < count:
                raise refuse(
                    "Y6.2", "bad_payment", f"you have {len(got)} available bases of {name or 'no country'}"
                )
            chosen += got
        return chosen

    def _pay(self, seat: int, card: Card, pay: Any, *, use_cost: int | None = None) -> list[Inst]:
        if use_cost is None:
            own, anyn = card.cost_country, card.cost_any
        else:
            own, anyn = 0, use_cost
        bases = self._payment(seat, card.country, own, anyn, pay)
        if bases is None:
            free = sum(1 for b in self.seats[seat].bases if not b.used)
            raise refuse(
                "Y6.2",
                "cannot_pay",
                f"{card.name} costs {own + anyn} bases ({own} of its country); you have {free} available",
                card=card.name,
                cost=own + anyn,
                available=free,
            )
        return bases

    # --- applying actions -----------------------------------------------------------------------

    def apply(self, seat: Any, action: Any, *, seq: Any = None) -> list[Event]:
        """Apply ``seat``'s ``action`` (answering decision ``seq`` when given); return its events."""
        if self._result is not None:
            raise refuse(
                "Y9.1", "game_over", f"the game is over ({self._result.reason})", reason=self._result.reason
            )
        if type(seat) is not int or seat not in (0, 1):
            raise refuse("Y5.7", "no_seat", f"no seat {seat!r}", seat=str(seat)[:20])
        if type(action) is not dict or type(action.get("type")) is not str:
            raise refuse("Y11.1", "not_an_action", 'an action is a JSON object with a "type"')
        if seq is not None and (type(seq) is not int or seq != self.seq):
            raise refuse(
                "Y11.1",
                "stale_seq",
                f"stale action: expected seq {self.seq}, got {seq}",
                expected=self.seq,
                got=str(seq)[:20],
            )
        return self.apply_checked(seat, action)

    def apply_checked(self, seat: int, action: dict[str, Any]) -> list[Event]:
        if self._result is not None:
            raise refuse(
                "Y9.1", "game_over", f"the game is over ({self._result.reason})", reason=self._result.reason
            )
        kind = action["type"]
        self.events = []
        if kind in SITE_ACTIONS:
            step = self._site_step(seat, action)
        else:
            pending = self.decision()
            assert pending is not None
            if pending.seat != seat:
                raise refuse(
                    pending.rule,
                    "not_your_decision",
                    f"it is seat {pending.seat}'s decision ({pending.kind})",
                    seat=pending.seat,
                    decision=pending.kind,
                )
            if kind not in DECISION_ACTIONS[pending.kind]:
                raise refuse(
                    pending.rule,
                    "wrong_action",
                    f"{pending.kind} takes {', '.join(sorted(DECISION_ACTIONS[pending.kind]))}"
                    f", not {kind[:30]}",
                    decision=pending.kind,
                    got=kind[:30],
                )
            step = getattr(self, _CHECKS[kind])(seat, action)
        entry = {"seat": seat, **action}
        entry["seat"] = seat
        self._actions.append(entry)
        try:
            step()
        except GameOver:
            pass
        events, self.events = self.events, []
        return events

    def _site_step(self, seat: int, action: dict[str, Any]) -> Any:
        kind = action["type"]
        if kind == "no_show" and action.get("both") is True:
            if seat != 0:
                raise refuse(
                    "Y9.2",
                    "wrong_action",
                    "both seats absent is applied by seat 0",
                    decision="no_show",
                    got="no_show",
                )
            return lambda: self._end(None, "no_show")
        return lambda: self._end(1 - seat, SITE_ACTIONS[kind])

    # opening (Y4.3)

    def _check_keep(self, seat: int, action: dict[str, Any]) -> Any:
        def step() -> None:
            self.seats[seat].kept = True
            self._emit({"type": "keep", "seat": seat, "hand": len(self.seats[seat].hand)})
            if self.opening_seat == self.first:
                self.opening_seat = 1 - self.first
            else:
                self._start_turn(self.first)

        return step

    def _check_redeal(self, seat: int, action: dict[str, Any]) -> Any:
        side = self.seats[seat]
        deal = OPENING_HAND - side.redeals  # Y4.3 [decision]: redeal n deals 8 − n cards
        if deal < 1:
            raise refuse("Y4.3", "no_redeal", "another redeal would deal no card", deals=deal)

        def step() -> None:
            for inst in side.hand:
                inst.zone = DECK
            side.deck.extend(side.hand)
            side.hand.clear()
            self.rng.shuffle(side.deck)
            side.redeals += 1
            self._emit({"type": "redeal", "seat": seat, "redeals": side.redeals})
            self._draw(seat, deal, lose=False)

        return step

    # turn flow (Y5)

    def _start_turn(self, seat: int) -> None:
        self.turn += 1
        if self.turn > self.turn_limit:  # Y10.1: the event's cap
            self._end(None, "turn_limit")
        self.active = seat
        self.phase = "initial"
        side = self.seats[seat]
        for inst in (*side.field, *side.bases, *side.support):  # Y5.1: untap
            inst.used = False
            inst.sick = False
            inst.icon_used = False
        for inst in side.destroyed:
            inst.icon_used = False
        side.builds = 1
        side.played = set()
        self._emit({"type": "turn", "turn": self.turn, "seat": seat})
        if not (self.turn == 1 and seat == self.first):  # Y5.1: the first player skips the first draw
            self._draw(seat, 1)
        for inst in sorted((*side.field, *side.support), key=lambda i: i.entered):
            for _, ability in inst.abilities("start_of_turn"):
                if inst.zone in (FIELD, SUPPORT):
                    self._resolve(seat, inst, ability, None)

    def _check_end(self, seat: int, action: dict[str, Any]) -> Any:
        def step() -> None:
            if self.phase == "initial" and any(u.attacking for u in self.seats[seat].field):
                self.blocks = {}
                self.phase = "block"  # Y5.3 → Y7
                self._emit(
                    {
                        "type": "combat",
                        "seat": seat,
                        "attackers": [u.id for u in self.seats[seat].field if u.attacking],
                    }
                )
                return
            self._end_turn()

        return step

    def _end_turn(self) -> None:
        seat = self.active
        if len(self.seats[seat].hand) > HAND_LIMIT:  # Y5.6
            self.phase = "discard"
            return
        for side in self.seats:  # Y7.9: damage and until-end-of-turn bonuses wear off
            for inst in side.field:
                inst.damage = 0
                inst.attack_bonus = 0
                inst.defense_bonus = 0
        self._check()
        self._start_turn(1 - seat)

    def _check_discard(self, seat: int, action: dict[str, Any]) -> Any:
        inst = self._from_hand(seat, action)

        def step() -> None:
            self._move(inst, DESTROYED)
            self._emit({"type": "discard", "seat": seat, "card": inst.name})
            self._end_turn()

        return step

    # building and playing (Y6)

    def _from_hand(self, seat: int, action: dict[str, Any]) -> Inst:
        name = action.get("card")
        if not isinstance(name, str) or not name:
            raise refuse("Y5.1", "card_name_missing", "the action needs the card's name")
        card = self.catalog.get(name)
        for inst in self.seats[seat].hand:
            if card is not None and inst.card is card:
                return inst
        raise refuse("Y3.1", "not_in_hand", f"«{name[:60]}» is not in your hand", card=name[:60])

    def _check_build(self, seat: int, action: dict[str, Any]) -> Any:
        inst = self._from_hand(seat, action)
        if inst.card.type != "base":
            raise refuse("Y6.1", "not_a_base", f"{inst.name} is not a «Военная База»", card=inst.name)
        side = self.seats[seat]
        if side.builds < 1:
            raise refuse("Y6.1", "base_built", "you have built your base this turn")

        def step() -> None:
            side.builds -= 1
            self._move(inst, BASES)
            self._emit({"type": "build", "seat": seat, "card": inst.name, "id": inst.id})

        return step

    def _check_play(self, seat: int, action: dict[str, Any]) -> Any:
        inst = self._from_hand(seat, action)
        card = inst.card
        if card.type == "base":
            raise refuse("Y6.1", "not_a_base", f"a base is built, not played: {inst.name}", card=inst.name)
        if self.phase == "intervene" and card.type == "unit":
            raise refuse(
                "Y7.5",
                "not_while_intervening",
                "while intervening you play no units or bases",
                card=inst.name,
            )
        abilities = [a for _, a in inst.abilities("play")]
        target = self._read_target(seat, self._chosen_kinds(abilities), action.get("target"))
        if target is None and any(a.target == "enemy_player" for a in abilities):
            target = 1 - seat
        bases = self._pay(seat, card, action.get("pay"))

        def step() -> None:
            side = self.seats[seat]
            for base in bases:
                base.used = True
            stays = card.type in ("unit", "medal") or (card.type == "support" and card.permanent)
            zone = FIELD if card.type == "unit" else SUPPORT if stays else DESTROYED
            self._move(inst, zone)
            if card.type == "unit":
                inst.sick = True  # Y5.2
            self._emit(
                {
                    "type": "play",
                    "seat": seat,
                    "card": inst.name,
                    "id": inst.id,
                    "zone": ZONE_NAMES[zone],
                    "paid": len(bases),
                }
            )
            self._check()
            for ability in abilities:  # Y6.4: one-shots do their effect at once
                self._resolve(seat, inst, ability, target)
            side.played.add(card.type)
            side.played.add(card.name)

        return step

    def _check_use(self, seat: int, action: dict[str, Any]) -> Any:
        inst = self._own_card(seat, action.get("card"), (FIELD, SUPPORT, DESTROYED))
        trigger = "from_destroyed" if inst.zone == DESTROYED else "use"
        options = inst.abilities(trigger)
        index = action.get("ability")
        if index is None and options:
            index = options[0][0]
        if type(index) is not int:
            raise refuse(
                "Y1.5", "no_property", f"{inst.name}: ability is the index of the property", card=inst.name
            )
        found = [a for i, a in options if i == index]
        if not found:
            raise refuse("Y1.5", "no_property", f"{inst.name} has no such property here", card=inst.name)
        ability = found[0]
        if ability.use_icon and inst.icon_used:
            raise refuse(
                "Y6.5", "property_used", f"{inst.name}'s property is used once per turn", card=inst.name
            )
        target = self._read_target(seat, self._chosen_kinds([ability]), action.get("target"))
        if target is None and ability.target == "enemy_player":
            target = 1 - seat
        bases = self._pay(seat, inst.card, action.get("pay"), use_cost=ability.cost)

        def step() -> None:
            for base in bases:
                base.used = True
            if ability.use_icon:
                inst.icon_used = True
            self._emit({"type": "use", "seat": seat, "card": inst.name, "id": inst.id, "paid": len(bases)})
            self._resolve(seat, inst, ability, target)

        return step

    def _own_card(self, seat: int, raw: Any, zones: tuple[int, ...]) -> Inst:
        if type(raw) is not int or raw not in self.by_id:
            raise refuse(
                "Y3.1", "no_such_card", f"no card of yours with id {str(raw)[:20]}", id=str(raw)[:20]
            )
        inst = self.by_id[raw]
        if inst.owner != seat or inst.zone not in zones:
            raise refuse("Y3.1", "no_such_card", f"no card of yours with id {raw} there", id=raw)
        return inst

    # combat (Y7)

    def _check_attack(self, seat: int, action: dict[str, Any]) -> Any:
        inst = self._own_card(seat, action.get("unit"), (FIELD,))
        if inst.used or inst.attacking:
            raise refuse("Y7.1", "not_available", f"{inst.name} is used", card=inst.name)
        if inst.sick and inst.card.keyword("fast") is None:
            raise refuse(
                "Y5.2",
                "summoning_sick",
                f"{inst.name} came into play this turn (not «Быстрый»)",
                card=inst.name,
            )

        def step() -> None:
            inst.attacking = True
            inst.used = True
            self._emit({"type": "attack", "seat": seat, "card": inst.name, "id": inst.id})
            for _, ability in inst.abilities("attacks"):
                self._resolve(seat, inst, ability, 1 - seat if ability.target == "enemy_player" else None)

        return step

    def _check_guard(self, seat: int, action: dict[str, Any]) -> Any:
        colonel = self._own_card(seat, action.get("colonel"), (FIELD,))
        unit = self._own_card(seat, action.get("unit"), (FIELD,))
        limit = colonel.card.keyword("colonel")
        if not limit:
            raise refuse("Y8", "not_a_colonel", f"{colonel.name} is not a «Полковник»", card=colonel.name)
        if unit is colonel or unit.guarding is not None:
            raise refuse("Y8", "bad_guard", f"{unit.name} cannot guard {colonel.name}", card=unit.name)
        if sum(1 for u in self.seats[seat].field if u.guarding == colonel.id) >= limit:
            raise refuse("Y8", "bad_guard", f"{colonel.name} has its {limit} bodyguards", card=unit.name)

        def step() -> None:
            self.links += 1
            unit.guarding = colonel.id
            unit.linked = self.links
            self._emit({"type": "guard", "seat": seat, "colonel": colonel.id, "unit": unit.id})

        return step

    def _check_block(self, seat: int, action: dict[str, Any]) -> Any:
        raw = action.get("blocks", [])
        if not isinstance(raw, list) or not all(
            isinstance(p, list) and len(p) == 2 and all(type(x) is int for x in p) for p in raw
        ):
            raise refuse("Y7.2", "bad_blocks", "blocks is a list of [blocker id, attacker id] pairs")
        attackers = {u.id for u in self.seats[1 - seat].field if u.attacking}
        seen: set[int] = set()
        for blocker_id, attacker_id in raw:
            if attacker_id not in attackers:
                raise refuse("Y7.2", "bad_blocks", f"{attacker_id} is not an attacker", id=attacker_id)
            blocker = self._own_card(seat, blocker_id, (FIELD,))
            if blocker.used:
                raise refuse(
                    "Y7.2", "not_available", f"{blocker.name} is used and cannot block", card=blocker.name
                )
            if blocker_id in seen:
                raise refuse("Y7.2", "blocks_twice", f"{blocker.name} blocks one attacker", card=blocker.name)
            seen.add(blocker_id)
            if blocker.card.domain == "ground" and self.by_id[attacker_id].card.domain == "air":
                raise refuse(
                    "Y7.3",
                    "ground_blocks_air",
                    f"{blocker.name} (ground) cannot block an air unit",
                    card=blocker.name,
                )

        def step() -> None:
            self.blocks = {}
            for blocker_id, attacker_id in raw:
                self.blocks.setdefault(attacker_id, []).append(blocker_id)
                self.by_id[blocker_id].blocking = attacker_id
            self._emit({"type": "blocks", "seat": seat, "blocks": [list(p) for p in raw]})
            self.phase = "intervene"  # Y7.5

        return step

    def _check_proceed(self, seat: int, action: dict[str, Any]) -> Any:
        def step() -> None:
            if self._split_needed():
                self.phase = "assign"  # Y7.6
            else:
                self._damage({})

        return step

    def _live_blockers(self, attacker: Inst) -> list[Inst]:
        found = [self.by_id.get(b) for b in self.blocks.get(attacker.id, [])]
        return [b for b in found if b is not None and b.zone == FIELD and b.blocking == attacker.id]

    def _split_needed(self) -> list[Inst]:
        return [a for a in self.seats[self.active].field if a.attacking and len(self._live_blockers(a)) >= 2]

    def default_split(self) -> list[list[int]]:
        """Return a split (Y7.6) that deals each blocker its defense in order, the rest to the last."""
        out: list[list[int]] = []
        for attacker in self._split_needed():
            left = self.attack_of(attacker)
            blockers = self._live_blockers(attacker)
            for index, blocker in enumerate(blockers):
                need = max(self.defense_of(blocker) - blocker.damage, 0)
                share = left if index == len(blockers) - 1 else min(left, need)
                out.append([attacker.id, blocker.id, share])
                left -= share
        return out

    def _check_assign(self, seat: int, action: dict[str, Any]) -> Any:
        raw = action.get("split")
        if not isinstance(raw, list) or not all(
            isinstance(p, list) and len(p) == 3 and all(type(x) is int for x in p) and p[2] >= 0 for p in raw
        ):
            raise refuse("Y7.6", "bad_split", "split is a list of [attacker id, blocker id, damage ≥ 0]")
        split: dict[int, dict[int, int]] = {}
        for attacker_id, blocker_id, amount in raw:
            if blocker_id in split.setdefault(attacker_id, {}):
                raise refuse("Y7.6", "bad_split", f"blocker {blocker_id} is named twice", id=blocker_id)
            split[attacker_id][blocker_id] = amount
        for attacker in self._split_needed():
            given = split.pop(attacker.id, {})
            blockers = {b.id for b in self._live_blockers(attacker)}
            if set(given) != blockers or sum(given.values()) != self.attack_of(attacker):
                raise refuse(
                    "Y7.6",
                    "bad_split",
                    f"{attacker.name} splits exactly {self.attack_of(attacker)} among its blockers",
                    card=attacker.name,
                    attack=self.attack_of(attacker),
                )
        if split:
            raise refuse("Y7.6", "bad_split", "only attackers with two or more blockers split their damage")

        def step() -> None:
            self._damage({(a, b): n for a, b, n in raw})

        return step

    def _damage(self, split: dict[tuple[int, int], int]) -> None:
        """Y7.4, Y7.7–Y7.8: simultaneous combat damage, then Y7.9 and Y9; then the final phase."""
        seat = self.active
        units: list[tuple[Inst, int]] = []
        player = 0
        for attacker in [a for a in self.seats[seat].field if a.attacking]:
            power = self.attack_of(attacker)
            blockers = self._live_blockers(attacker)
            if attacker.id not in self.blocks:
                player += power  # Y7.4: unblocked attackers hit the player
            for blocker in blockers:
                units.append((self._redirect(attacker), self.attack_of(blocker)))  # it hits its attacker
                share = split.get((attacker.id, blocker.id), power if len(blockers) == 1 else 0)
                taker = self._redirect(blocker)
                if "tank_destroyer" in attacker.card.roles and taker.card.domain == "ground":
                    share += 1  # Y7.8
                if "bomber" in attacker.card.roles and "fighter" in taker.card.roles:
                    share = max(share - 1, 0)  # Y7.8
                units.append((taker, share))
            if "bomber" in attacker.card.roles:  # Y7.8 [decision]: splash on every ground unit
                units.extend(
                    (self._redirect(u), 1) for u in self.seats[1 - seat].field if u.card.domain == "ground"
                )
        for inst, amount in units:
            if amount > 0 and inst.zone == FIELD:
                inst.damage += amount
                self._emit({"type": "damage", "target": inst.id, "card": inst.name, "amount": amount})
        self._damage_player(1 - seat, player)
        for inst in self.seats[seat].field:  # Y7.10: survivors return, still used
            inst.attacking = False
        for inst in self.seats[1 - seat].field:
            inst.blocking = None
        self.blocks = {}
        self.phase = "final"
        self._check()

    # --- legal actions --------------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Return every action ``seat`` may apply now, each appliable as is (Y5.7)."""
        pending = self.decision()
        if pending is None:
            return []
        if pending.seat != seat:
            return [{"type": "concede"}]
        kind = pending.kind
        out: list[dict[str, Any]] = []
        side = self.seats[seat]
        if kind == "opening":
            out.append({"type": "keep"})
            if OPENING_HAND - side.redeals >= 1:  # Y4.3
                out.append({"type": "redeal"})
        elif kind == "block":
            out.extend(every_block(self, seat))  # Y7.2: every block, fewest pairs first
        elif kind == "assign":
            out.append({"type": "assign", "split": self.default_split()})
        elif kind == "discard":
            for name in dict.fromkeys(i.name for i in side.hand):
                out.append({"type": "discard", "card": name})
        else:
            out.extend(self._main_actions(seat, kind))
        out.append({"type": "concede"})
        return out

    def _main_actions(self, seat: int, kind: str) -> list[dict[str, Any]]:
        side = self.seats[seat]
        free: dict[str | None, int] = {}
        for base in side.bases:
            if not base.used:
                free[base.card.country] = free.get(base.card.country, 0) + 1
        total = sum(free.values())

        def affordable(country: str | None, own: int, anyn: int) -> bool:
            # Y6.2: as _payment, counted: the country part from its bases, the rest from any.
            return (not own or free.get(country, 0) >= own) and total >= own + anyn

        out: list[dict[str, Any]] = []
        first: dict[str, Inst] = {}  # each name once, its first copy in the hand
        for inst in side.hand:
            if inst.name not in first:
                first[inst.name] = inst
        for name, inst in first.items():
            card = inst.card
            if card.type == "base":
                if kind != "intervene" and side.builds > 0:
                    out.append({"type": "build", "card": name})
                continue
            if kind == "intervene" and card.type == "unit":
                continue
            if not affordable(card.country, card.cost_country, card.cost_any):
                continue
            kinds = self._play_kinds(card)
            if not kinds:
                out.append({"type": "play", "card": name})
            else:
                out.extend({"type": "play", "card": name, **t} for t in self._targets(seat, kinds))
        for inst in (*side.field, *side.support, *side.destroyed):
            trigger = "from_destroyed" if inst.zone == DESTROYED else "use"
            for index, ability in inst.abilities(trigger):
                if ability.use_icon and inst.icon_used:
                    continue
                if not affordable(None, 0, ability.cost):
                    continue
                kinds = self._chosen_kinds([ability])
                out.extend(
                    {"type": "use", "card": inst.id, "ability": index, **t}
                    for t in self._targets(seat, kinds)
                )
        if kind == "initial":
            for inst in side.field:
                if (
                    not inst.used
                    and not inst.attacking
                    and (not inst.sick or inst.card.keyword("fast") is not None)
                ):
                    out.append({"type": "attack", "unit": inst.id})
        if kind in ("initial", "final"):
            for colonel in side.field:
                limit = colonel.card.keyword("colonel")
                if limit and sum(1 for u in side.field if u.guarding == colonel.id) < limit:
                    for unit in side.field:
                        if unit is not colonel and unit.guarding is None:
                            out.append({"type": "guard", "colonel": colonel.id, "unit": unit.id})
        out.append({"type": "proceed"} if kind == "intervene" else {"type": "end"})
        return out

    def _play_kinds(self, card: Card) -> list[str]:
        """The target kinds playing ``card`` must choose (Y8); kept per card (do not change it)."""
        cached = _PLAY_KINDS.get(id(card))
        if cached is None or cached[0] is not card:
            abilities = [a for a in card.abilities if a.trigger == "play"]
            cached = _PLAY_KINDS[id(card)] = (card, self._chosen_kinds(abilities))
        return cached[1]

    def _targets(self, seat: int, kinds: list[str]) -> list[dict[str, Any]]:
        if not kinds:
            return [{}]
        out: list[dict[str, Any]] = []
        for option in self._target_options(seat, kinds[0]):
            if all(any(o is option for o in self._target_options(seat, k)) for k in kinds[1:]):
                out.append({"target": option.id if isinstance(option, Inst) else {"seat": option}})
        return out

    # --- descriptions and views -----------------------------------------------------------------

    def describe_action(self, action: dict[str, Any]) -> str:
        """Return a readable English sentence for ``action``."""
        kind = action.get("type")

        def card_of(ident: Any) -> str:
            return self.by_id[ident].name if type(ident) is int and ident in self.by_id else "?"

        if kind in ("build", "play", "discard"):
            text = f"{kind} {action.get('card')}"
            target = action.get("target")
            if isinstance(target, dict):
                text += f" targeting player {target.get('seat')}"
            elif target is not None:
                text += f" targeting {card_of(target)}"
            return text
        if kind == "use":
            return f"use {card_of(action.get('card'))}" + (
                f" targeting {card_of(action['target'])}" if type(action.get("target")) is int else ""
            )
        if kind == "attack":
            return f"put {card_of(action.get('unit'))} into the attack zone"
        if kind == "guard":
            return f"{card_of(action.get('unit'))} guards {card_of(action.get('colonel'))}"
        if kind == "block":
            pairs = action.get("blocks") or []
            return (
                "no blocks"
                if not pairs
                else "block: " + ", ".join(f"{card_of(b)} blocks {card_of(a)}" for b, a in pairs)
            )
        if kind == "assign":
            return "split damage: " + ", ".join(
                f"{n} to {card_of(b)}" for _, b, n in action.get("split") or []
            )
        return {
            "keep": "keep the hand",
            "redeal": "redeal",
            "end": "end the phase",
            "proceed": "go on to damage",
            "concede": "concede",
        }.get(str(kind), str(kind))

    def _unit(self, inst: Inst) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": inst.id,
            "card": inst.name,
            "attack": self.attack_of(inst),
            "defense": self.defense_of(inst),
            "damage": inst.damage,
            "used": inst.used,
        }
        if inst.sick:
            out["sick"] = True
        if inst.attacking:
            out["attacking"] = True
        if inst.blocking is not None:
            out["blocking"] = inst.blocking
        if inst.guarding is not None:
            out["guarding"] = inst.guarding
        return out

    def _side(self, seat: int, *, hand: bool, deck: bool) -> dict[str, Any]:
        side = self.seats[seat]
        out: dict[str, Any] = {
            "name": self.names[seat],
            "health": side.health,
            "hand_size": len(side.hand),
            "deck_size": len(side.deck),
            "redeals": side.redeals,
            "builds_left": side.builds if self.active == seat else 0,
            "field": [self._unit(i) for i in side.field],
            "support": [{"id": i.id, "card": i.name, "icon_used": i.icon_used} for i in side.support],
            "bases": [
                {"id": i.id, "card": i.name, "country": i.card.country, "used": i.used} for i in side.bases
            ],
            "destroyed": [{"id": i.id, "card": i.name} for i in side.destroyed],
        }
        if hand:
            out["hand"] = [i.name for i in side.hand]
        if deck:
            out["deck"] = [i.name for i in reversed(side.deck)]
        return out

    def _view(self, hands: tuple[bool, bool], decks: bool) -> dict[str, Any]:
        pending = self.decision()
        return {
            "game": "yourwar",
            "turn": self.turn,
            "active": self.active,
            "first": self.first,
            "phase": self.phase if self._result is None else "over",
            "decision": pending.as_dict() if pending else None,
            "blocks": [[b, a] for a, bs in self.blocks.items() for b in bs],
            "result": self._result.as_dict() if self._result else None,
            "seats": [self._side(s, hand=hands[s], deck=decks) for s in (0, 1)],
        }

    def observation(self, seat: int) -> dict[str, Any]:
        """Return what ``seat`` may see (Y3.3): its own hand, never the opponent's or a deck."""
        view = self._view((seat == 0, seat == 1), False)
        view["seat"] = seat
        return view

    def spectator_view(self) -> dict[str, Any]:
        return self._view((False, False), False)

    def judge_view(self) -> dict[str, Any]:
        view = self._view((True, True), True)
        view["seed"] = self._seed
        return view

    def hidden_from(self, seat: int) -> frozenset[str]:
        """Names in the opponent's hand and either deck that ``seat`` sees nowhere (Y3.3)."""
        other = self.seats[1 - seat]
        hidden = {i.name for i in (*other.hand, *other.deck)}
        seen = {i.name for s in self.seats for z in (s.field, s.support, s.bases, s.destroyed) for i in z}
        seen.update(i.name for i in self.seats[seat].hand)
        return frozenset(hidden - seen)

    def cli_seats(self) -> list[dict[str, Any]]:
        """Return each seat's numbers for ``python -m engine replay``'s answer."""
        return [
            {"health": s.health, "hand": len(s.hand), "deck": len(s.deck), "destroyed": len(s.destroyed)}
            for s in self.seats
        ]

    def to_log(self, card_set_codes: Sequence[str]) -> dict[str, Any]:
        from engine.games.yourwar.match.log import match_log

        if self.built is not None:
            raise NoMatchLog("a match built from a position has no match log: build it again from its spec")
        return match_log(self, card_set_codes)
