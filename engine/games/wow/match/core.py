# mypyc: compiled by build_engine.py
"""One WoW TCG match (W3–W16): a deterministic, replayable state machine.

Every decision is one of: ``mulligan`` (W5.4), ``priority`` (the holder of priority in a
window, W10.4–W10.5: after readying, after the draw, the action phase, a combat's attack and
defend windows, the end phase),
``protect`` (W11.4), ``discard`` (W6.4), ``armor`` (W12.5) and ``keep`` (W13.4). The chain
and priority are the shared :class:`engine.chain.Chain`; what its items do is
:meth:`Match.resolve`. ``apply`` accepts exactly the actions :meth:`Match.legal_actions`
lists (``checks.py`` explains a refusal). The rules are the modules below, each importing only
those beneath it: ``board.py``, ``damage.py``, ``effects.py``, ``combat.py``, ``resolution.py``,
``flow.py``; ``legal.py``, ``checks.py``, ``perform.py`` (gathered in ``actions.py``), ``views.py``.
"""

from __future__ import annotations

from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.wow.match import actions as rules
from engine.games.wow.match import views
from engine.games.wow.match.board import trigger_key
from engine.games.wow.match.flow import Flow
from engine.games.wow.match.state import TURN_LIMIT, Event, GameOver, IllegalAction
from engine.match import SITE_ACTIONS, end_by_site_action, input_problem
from engine.scenario import NoMatchLog

__all__ = ["ANY_TIME", "AUTO_PASS", "PASS", "WINDOWS", "Match", "new_match", "trigger_key"]

# Every seat may send these at any moment (common protocol): they answer no decision.
ANY_TIME = tuple(SITE_ACTIONS)  # engine.match: either seat, at any moment, ending the game
WINDOWS = ("ready", "draw", "action", "attack", "defend", "end")  # W10.5
PASS: dict[str, Any] = {"type": "pass"}
AUTO_PASS: dict[str, Any] = {"type": "pass", "auto": True}  # W10.4 [decision]: not a player's action


class Match(Flow):
    """One play of the WoW TCG. Build it with :func:`new_match` or ``log.replay``."""

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        return rules.legal_actions(self, seat)

    def apply(self, seat: Any, action: Any, *, seq: Any = None) -> list[Event]:
        """Apply ``seat``'s action; return its events. Raises :class:`IllegalAction` (with the
        rule broken) and changes nothing when it is not legal now."""
        if self.result is not None:
            reason = self.result.reason
            raise IllegalAction(
                "W14.3", f"the game is over ({reason})", code="game_over", params={"reason": reason}
            )
        problem = input_problem(seat, action, seq, self.seq)
        if problem is not None:
            code, message, params = problem
            raise IllegalAction("W16.1", message, code=code, params=params)
        return self.apply_checked(seat, action)

    def apply_checked(self, seat: int, action: dict[str, Any]) -> list[Event]:
        if self.result is not None:
            raise IllegalAction(
                "W14.3", "the game is over", code="game_over", params={"reason": self.result.reason}
            )
        kind = action["type"]
        if kind in ANY_TIME and set(action) <= {"type", "both", "seat"}:
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
        bare = {k: v for k, v in action.items() if k not in ("seat", "pay")}
        # A pass answers any priority decision (W10.4): no need to list every other action.
        if not (pending.kind == "priority" and bare == PASS) and bare not in self.legal_actions(seat):
            raise rules.refuse(self, seat, bare)
        if "pay" in action:  # W7.5: the named resources, checked apart from the legal actions
            bare["pay"] = rules.check_payment(self, seat, bare, action["pay"])
        self.events = []
        self.actions.append({"seat": seat, **bare})
        self.seq += 1
        self.pending = None
        try:
            self.carry_out(seat, bare)
            self.run_to_decision()
        except GameOver:
            self.pending = None
        return self.events

    def run_to_decision(self) -> None:
        """Set the pending decision; while its holder can only pass, pass for it (W10.4
        [decision]). Raises :class:`GameOver` when the game ends meanwhile."""
        self.drop_targetless()
        self.set_pending()
        while self.auto_pass and self.only_pass():  # W10.4 [decision]: nothing but passing, so it passes
            holder = self.chain.holder
            assert holder is not None
            self.pending = None
            self.carry_out(holder, AUTO_PASS)
            self.drop_targetless()
            self.set_pending()

    def carry_out(self, seat: int, action: dict[str, Any]) -> None:
        """Do a legal action, then the state check (W12.6: before anyone gets priority, once
        all damage is placed)."""
        if rules.perform(self, seat, action) and self.phase != "mulligan" and not self.armor_queue:
            self.state_check()

    def only_pass(self) -> bool:
        """True when the pending decision is priority and its holder passes by itself (W10.4
        [decision]): nothing in play it could use, and nothing its hand might hold that it
        could do now as anyone may know it (``actions.hand_may_play``), so that passing by
        itself tells the opponent nothing of the hand."""
        pending = self.pending
        if pending is None or pending.kind != "priority":
            return False
        seat = pending.seat
        return not rules.hand_may_play(self, seat) and not rules.priority_actions(self, seat, hand=False)

    def end_by(self, seat: int, kind: str, *, both: bool = False) -> list[Event]:
        """Concede, timeout, no-show, a judge's game loss (the protocol's site actions)."""
        return end_by_site_action(self, seat, kind, both=both, game_over=GameOver, emit=False)

    def describe_action(self, action: dict[str, Any]) -> str:
        return rules.describe_action(self, action)

    def observation(self, seat: int) -> dict[str, Any]:
        return views.view(self, seat)

    def spectator_view(self) -> dict[str, Any]:
        return views.view(self, None)

    def judge_view(self) -> dict[str, Any]:
        return views.view(self, None, judge=True)

    def hidden_from(self, seat: int) -> frozenset[str]:
        return views.hidden_from(self, seat)

    def to_log(self, card_set_codes: list[str] | tuple[str, ...]) -> dict[str, Any]:
        """Return the match log. Raises :class:`~engine.scenario.NoMatchLog` for a match built
        from a position (``scenario.py``): its setup is the spec, not decks and a seed."""
        from engine.games.wow.match.log import match_log

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
    auto_pass: bool = True,
) -> Match:
    """Return a new match, set up (W5) and waiting for the first player's mulligan decision;
    ``auto_pass`` False makes every pass a player's action (W10.4 [decision])."""
    return Match(
        catalog, decks, seed=seed, shuffle=shuffle, first=first, names=names, turn_limit=turn_limit,
        auto_pass=auto_pass,
    )  # fmt: skip
