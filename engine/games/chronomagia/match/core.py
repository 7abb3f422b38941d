"""One Chronomagia match (C3–C16): a deterministic, replayable state machine.

``Match.apply`` validates an action whole (``actions.py``), then runs the rules until the
next decision: the turn steps (C6), the queue of effects and flip offers (C6.7) and the
epoch engine (C8). Effects are the handlers of ``effects.py``; the board, its resources and
time are the classes below this one (``board.py``, ``resources.py``, ``epochs.py``).
"""

from __future__ import annotations

from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.chronomagia.cards import Ability
from engine.games.chronomagia.match.actions import describe_action, perform, validate
from engine.games.chronomagia.match.actions import legal_actions as _legal_actions
from engine.games.chronomagia.match.board import order_info
from engine.games.chronomagia.match.effects import needs_choice, resolve
from engine.games.chronomagia.match.epochs import Epochs
from engine.games.chronomagia.match.log import match_log
from engine.games.chronomagia.match.state import (
    FIELD,
    GRAVEYARD,
    LAST_CENTURY,
    OPENING_HAND,
    TURN_LIMIT,
    Decision,
    Event,
    GameOver,
    IllegalAction,
)
from engine.games.chronomagia.match.views import hidden_from, view
from engine.match import SITE_ACTIONS, end_by_site_action, input_problem
from engine.play import Opening
from engine.scenario import NoMatchLog

# Every seat may send these at any moment (common protocol): they answer no decision.
ANY_TIME = tuple(SITE_ACTIONS)  # engine.match: either seat, at any moment, ending the game


class Match(Epochs):
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
        opening = Opening(catalog, decks, seed, shuffle, first, names, turn_limit)
        super().__init__(opening, start=start)
        if not start:  # match/scenario.py lays the cards out and runs the rules itself
            return
        self.emit({"type": "setup", "first": self.first}, {"seed": seed}, -1)
        for seat in (0, 1):
            self.draw(seat, OPENING_HAND)
        self.redraws_left = [self.first, 1 - self.first]  # C5.3 [decision]: first player first
        self.run()
        self.initial_events = self.events

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
                if step == "main":  # the most frequent first
                    self.pending = Decision("main", self.active, self.seq)
                    return
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

    # --- the public surface --------------------------------------------------------------

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
        return describe_action(action)

    def observation(self, seat: int) -> dict[str, Any]:
        return view(self, seat)

    def spectator_view(self) -> dict[str, Any]:
        return view(self, None)

    def judge_view(self) -> dict[str, Any]:
        return view(self, None, judge=True)

    def hidden_from(self, seat: int) -> frozenset[str]:
        return hidden_from(self, seat)

    def to_log(self, card_set_codes: list[str] | tuple[str, ...]) -> dict[str, Any]:
        if self.built is not None:
            raise NoMatchLog("a match built from a position has no match log: build it again from its spec")
        return match_log(self, card_set_codes)


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
