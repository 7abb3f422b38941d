# mypyc: compiled by build_engine.py
"""One Force of Will match (F3–F14): a deterministic, replayable state machine.

``Match.apply`` validates an action whole (``actions.py``), then runs the rules until the
next decision: the turn's phases (F6) here, on the chase and priority (F8, ``chase.py``,
through the shared :class:`engine.chain.Chain`), battle (F9, ``battle.py``) and the board
with its rule process (F12.1, ``board.py``). Effects are the handlers of ``effects.py``.
"""

from __future__ import annotations

from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.fow.match.actions import hand_may_play, legal_actions, perform, priority_actions, validate
from engine.games.fow.match.chase import Chase
from engine.games.fow.match.state import (
    CHASE,
    HAND_LIMIT,
    OPENING_HAND,
    TURN_LIMIT,
    Decision,
    Event,
    GameOver,
    IllegalAction,
)
from engine.match import SITE_ACTIONS, end_by_site_action, input_problem
from engine.scenario import NoMatchLog

# Every seat may send these at any moment (common protocol): they answer no decision.
ANY_TIME = tuple(SITE_ACTIONS)  # engine.match: either seat, at any moment, ending the game


class Match(Chase):
    """One play of Force of Will. Build it with :func:`new_match` or ``log.replay``."""

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
        super().__init__(
            catalog, decks, seed=seed, shuffle=shuffle, first=first, names=names, turn_limit=turn_limit,
            start=start,
        )  # fmt: skip
        if not start:  # a position for a rules test: the builder lays the cards out
            return
        self.emit({"type": "setup", "first": self.first}, {"seed": seed}, -1)
        for seat in (0, 1):
            self.draw(seat, OPENING_HAND)
        self.mulligans_left = [self.first, 1 - self.first]  # F5.2: first player first
        self.run()
        self.initial_events = self.events

    # --- the flow ------------------------------------------------------------------------

    def run(self) -> None:
        """Run the rules until a decision is pending or the game is over."""
        try:
            while True:
                if self.phase == "mulligan":
                    if self.mulligans_left:
                        self.pending = Decision("mulligan", self.mulligans_left[0], self.seq)
                        return
                    self.begin_turn()
                    continue
                if self.phase == "discard":
                    side = self.seats[self.active]
                    if len(side.hand) > HAND_LIMIT:
                        self.pending = Decision("discard", self.active, self.seq, {"down_to": HAND_LIMIT})
                        return
                    self.begin_turn()
                    continue
                chain = self.chain
                if chain.ordering is not None:  # F8.5: a seat orders its simultaneous triggers
                    chooser = chain.choosing
                    assert chooser is not None
                    info = {"triggers": [item.id for item in chain.trigger_options()]}
                    self.pending = Decision("order", chooser, self.seq, info)
                    return
                holder = chain.holder
                if holder is not None:
                    seats = self.seats
                    if self.damage_dealt or seats[0].life <= 0 or seats[1].life <= 0:
                        self.rule_process()  # otherwise it has nothing to do (F12.1)
                    if chain.pending:  # F8.5: triggers of the rule process go on now
                        chain.acted(holder)
                        continue
                    if self.targets_due and self.choosing_target():
                        return
                    # F8.3 [decision]: nothing else to do as anyone may know, pass
                    # (Match.only_pass, inlined: this is the engine's busiest line; the request
                    # asked of the listing is the match's own, made once, as it is not kept)
                    probe = self._probe
                    probe.seat = holder
                    probe.seq = self.seq
                    if (
                        not hand_may_play(self, holder)
                        and next(priority_actions(self, probe, hand=False))["type"] == "pass"
                    ):
                        if self.recording:
                            self.emit({"type": "pass", "seat": holder, "auto": True})
                        self.pass_priority(holder)
                        continue
                    self.pending = Decision("priority", holder, self.seq, self._priority_info())
                    return
                if self.window_closed():
                    return
        except GameOver:
            self.pending = None

    def only_pass(self, decision: Decision) -> bool:
        """Whether the seat of the priority ``decision`` passes by itself (F8.3 [decision]):
        nothing in play it could use, and no card of the game it could play from a hand as
        anyone may know it (:func:`~engine.games.fow.match.actions.hand_may_play`), so that
        passing by itself tells the opponent nothing of the hand."""
        if hand_may_play(self, decision.seat):
            return False
        return next(priority_actions(self, decision, hand=False))["type"] == "pass"

    def _priority_info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"phase": self.phase, "chase": len(self.chain.items)}
        if self.battle is not None:
            info["battle"] = self.battle["stage"]
        return info

    def begin_turn(self) -> None:
        """F6.1: the next turn: draw (the first player skips the first draw; an empty deck
        loses, F12.1), then a priority window (F8.4); :meth:`recover` follows it."""
        if self.turn >= self.turn_limit:
            self.end(None, "turn_limit")  # F13.1 [decision]
        self.turn += 1
        self.active = self.first if self.turn == 1 else 1 - self.active
        side = self.seats[self.active]
        side.called = side.judged_turn = False
        self.emit({"type": "turn", "turn": self.turn, "seat": self.active})
        self.trigger_all(self.active, "turn_start")  # F11: on the chase at the draw's window
        if self.turn > 1:
            if not side.deck:
                self.emit({"type": "deck_out", "seat": self.active})
                self.end(1 - self.active, "deck_out")
            self.draw(self.active, 1)
        self.phase = "draw"
        self.chain.open_window(self.active)  # F8.4: a window after the draw

    def recover(self) -> None:
        """F6.2, F6.3: the recovery phase (all the turn player's cards recover, the ruler too;
        unused will is lost), then the main phase and its window."""
        side = self.seats[self.active]
        for inst in [side.ruler, *side.field]:  # F6.2 (CR 503.5: the ruler too)
            inst.rested = False
        self.lose_will()
        self.phase = "main"
        self.chain.open_window(self.active)

    def window_closed(self) -> bool:
        """Both players passed with an empty chase (F8.3): the battle goes on, or the phase
        ends. Return True when that asks a decision (the block, F9.2)."""
        battle = self.battle
        if battle is not None:
            if battle["stage"] == "declared":
                if self.block_options():
                    info = {"attacker": battle["attacker"], "target": battle["target"]}
                    self.pending = Decision("block", 1 - self.active, self.seq, info)
                    return True
                battle["stage"] = "blocked"
            elif battle["stage"] == "blocked":
                self.damage_step()
                self.battle = None
            self.chain.open_window(self.active)  # F9.6
            return False
        if self.phase == "draw":
            self.recover()
            return False
        if self.phase == "main":
            self.phase = "end"  # F6.4: a priority window first
            self.emit({"type": "end_phase", "seat": self.active})
            self.trigger_all(self.active, "turn_end")  # F11: on the chase at this window
            self.chain.open_window(self.active)
            return False
        self.cleanup()
        return False

    def cleanup(self) -> None:
        """F6.4: damage and until-end-of-turn effects end; unused will is lost; the turn player
        discards down to 7."""
        for side in self.seats:
            for inst in side.field:
                inst.damage = inst.atk_mod = inst.def_mod = 0
        self.lose_will()
        self.damage_dealt = False  # none left on any card: off the field it is always 0
        self.phase = "discard"

    # --- the protocol ---------------------------------------------------------------------

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        if self.pending is None:
            return []
        out: list[dict[str, Any]] = []
        if self.pending.seat == seat:
            out = legal_actions(self, self.pending)
        return [*out, {"type": "concede"}]

    def apply(self, seat: Any, action: Any, *, seq: Any = None) -> list[Event]:
        """Apply ``seat``'s action; return its events. Raises :class:`IllegalAction` (with the
        rule broken) and changes nothing when it is not legal now."""
        if self.result is not None:
            reason = self.result.reason
            raise IllegalAction(
                "F12.1", f"the game is over ({reason})", code="game_over", params={"reason": reason}
            )
        problem = input_problem(seat, action, seq, self.seq)
        if problem is not None:
            code, message, params = problem
            raise IllegalAction("F14.1", message, code=code, params=params)
        return self.apply_checked(seat, action)

    def apply_checked(self, seat: int, action: dict[str, Any]) -> list[Event]:
        if self.result is not None:
            reason = self.result.reason
            raise IllegalAction(
                "F12.1", f"the game is over ({reason})", code="game_over", params={"reason": reason}
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
        except GameOver:
            return self.events
        self.run()
        return self.events

    def end_by(self, seat: int, kind: str, *, both: bool = False) -> list[Event]:
        """Concede, timeout, no-show, a judge's game loss (the protocol's site actions)."""
        return end_by_site_action(self, seat, kind, both=both, game_over=GameOver)

    def describe_action(self, action: dict[str, Any]) -> str:
        from engine.games.fow.match.actions import describe_action

        return describe_action(action)

    def observation(self, seat: int) -> dict[str, Any]:
        from engine.games.fow.match.views import view

        return view(self, seat)

    def spectator_view(self) -> dict[str, Any]:
        from engine.games.fow.match.views import view

        return view(self, None)

    def judge_view(self) -> dict[str, Any]:
        from engine.games.fow.match.views import view

        return view(self, None, judge=True)

    def hidden_from(self, seat: int) -> frozenset[str]:
        from engine.games.fow.match.views import hidden_from

        return hidden_from(self, seat)

    def to_log(self, card_set_codes: list[str] | tuple[str, ...]) -> dict[str, Any]:
        from engine.games.fow.match.log import match_log

        if self.built is not None:
            raise NoMatchLog("a position built for a rules test has no match log: its setup is its spec")

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
    """Return a new match, set up (F5) and waiting for the first player's mulligan decision.

    Raises :class:`~engine.problems.InputError` for a deck without a ruler or with an unknown card.
    """
    return Match(catalog, decks, seed=seed, shuffle=shuffle, first=first, names=names, turn_limit=turn_limit)


__all__ = ["CHASE", "Match", "new_match"]
