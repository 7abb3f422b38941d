# mypyc: compiled by build_engine.py
"""The public surface of one RESPONSE match: decide, list, apply, view, log (engine/match.py)."""

from __future__ import annotations

from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.respons.match import views
from engine.games.respons.match.actions import Action, describe_action, validate
from engine.games.respons.match.board import DECISIONS_PER_TURN
from engine.games.respons.match.decisions import Decision, Flow
from engine.games.respons.match.flow import run_match
from engine.games.respons.match.legal import legal_actions
from engine.games.respons.match.record import match_log
from engine.games.respons.match.state import State
from engine.match import SITE_ACTIONS
from engine.play import Event, GameOver, IllegalAction, Result
from engine.scenario import NoMatchLog

# Every seat may always do these (R9.3, R9.4), whoever must decide: engine.match.SITE_ACTIONS,
# each with the reason it ends the game with. ``timeout`` and ``no_show`` are the site's alone
# (R9.4: a clock run out; a seat absent when the game's grace period ended), and so is
# ``penalty_loss`` (a judge's game loss: the event's penalty, not a rule of the game).
_ANY_TIME = tuple(SITE_ACTIONS)


class Match(State):
    """One play of RESPONSE: a state machine driven by :meth:`apply`.

    Build it with :func:`new_match` or :func:`~engine.games.respons.match.log.replay`.
    """

    def __init__(
        self,
        catalog: Catalog[Any],
        decks: tuple[Decklist, Decklist],
        *,
        seed: int,
        shuffle: bool = True,
        first_initiative: int | None = None,
        names: tuple[str, str] = ("A", "B"),
        start: bool = True,
    ) -> None:
        """Set the match up (R5.1–R5.2) and run it to its first decision; with ``start`` false
        the flow waits for :meth:`resume`."""
        super().__init__(
            catalog, decks, seed=seed, shuffle=shuffle, first_initiative=first_initiative, names=names
        )
        self._flow: Flow = run_match(self)
        self.initial_events: list[Event] = []
        if start:
            self.initial_events = self._advance(None)

    def resume(self, flow: Flow) -> None:
        """Drive the game by ``flow`` from now on, and run it to its first decision (its events
        are :attr:`initial_events`): how a position built for a rules test starts
        (``scenario.py``), instead of the game's setup."""
        self._flow = flow
        self.initial_events = self._advance(None)

    def _advance(self, answer: Any) -> list[Event]:
        """Resume the turn flow with ``answer`` until its next decision; return the events."""
        events: list[Event] = []
        self._events = events
        try:
            self._pending = self._flow.send(answer)
        except GameOver:
            self._pending = None
        return events

    # --- who decides, and what may they do --------------------------------------------------

    @property
    def is_over(self) -> bool:
        """Return whether the game has ended (see :attr:`result`)."""
        return self.result is not None

    def decision_for(self, seat: int) -> Decision | None:
        """Return what ``seat`` is asked now: the pending request, a ``wait``, or None when over."""
        pending = self._pending
        if pending is None or pending.seat == seat:
            return pending
        return Decision("wait", seat, self.seq)

    def legal_actions(self, seat: int) -> list[Action]:
        """Return every action ``seat`` may apply now, each JSON-serialisable and appliable as is.

        Empty when the game is over; only ``concede`` when it is not ``seat``'s decision
        (R9.3). A mulligan lists keep, each single card and the whole hand, but any
        subset of the hand is accepted.
        """
        pending = self._pending
        if pending is None:
            return []
        if pending.seat != seat:
            return [{"type": "concede"}]
        return [*legal_actions(self, pending), {"type": "concede"}]

    def apply(self, seat: Any, action: Any, *, seq: Any = None) -> list[Event]:
        """Apply ``seat``'s action and return the events it caused.

        ``seq``, when given, must be the match's next :attr:`seq`, the number of the pending
        decision the action answers (a stale or repeated submission is refused, R10.4; a
        concede answers none and is taken at any moment, R9.3). Raises :class:`IllegalAction`
        (with the rule broken) and changes nothing when the action is not legal now —
        whatever it is given (hence ``Any``: input from outside is checked here, not at the
        call).
        """
        if self.result is not None:
            reason = self.result.reason
            raise IllegalAction(
                "R9.5", f"the game is over ({reason})", code="game_over", params={"reason": reason}
            )
        if seat not in (0, 1) or isinstance(seat, bool):
            raise IllegalAction("R10.3", f"no seat {seat!r}", code="no_seat", params={"seat": repr(seat)})
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise IllegalAction("R10.3", 'an action is a JSON object with a "type"', code="not_an_action")
        # R9.3, R9.4: conceding (and running out of time) answers no decision: never stale.
        if seq is not None and seq != self.seq and action["type"] not in _ANY_TIME:
            raise IllegalAction(
                "R10.4",
                f"stale action: expected seq {self.seq}, got {seq}",
                code="stale_seq",
                params={"expected": self.seq, "got": f"{seq}"},
            )
        return self._apply_checked(seat, action)

    def _apply_checked(self, seat: int, action: Action) -> list[Event]:
        """:meth:`apply` once the seat (0 or 1) and the action's shape (an object with a string
        ``type``) are known to be good: ``replay`` checked a whole log's up front."""
        result = self.result
        if result is not None:
            raise IllegalAction(
                "R9.5",
                f"the game is over ({result.reason})",
                code="game_over",
                params={"reason": result.reason},
            )
        kind = action["type"]
        if kind in _ANY_TIME:
            return self._end_by(seat, kind, both=kind == "no_show" and action.get("both") is True)
        pending = self._pending
        assert pending is not None
        if seat != pending.seat:
            if pending.kind == "act" and self.seats[seat].decisions == 0:
                raise IllegalAction(
                    pending.rule,
                    f"you have no decisions left this turn ({DECISIONS_PER_TURN} per turn)",
                    code="no_decisions_left",
                    params={"limit": DECISIONS_PER_TURN},
                )
            raise IllegalAction(
                pending.rule,
                f"it is seat {pending.seat}'s decision ({pending.kind})",
                code="not_your_decision",
                params={"seat": pending.seat, "decision": pending.kind},
            )
        answer, logged = validate(self, pending, seat, action)
        self.actions.append(logged)
        self.seq += 1
        # Resume the turn flow (as _advance does, inlined: once per action).
        events: list[Event] = []
        self._events = events
        try:
            self._pending = self._flow.send(answer)
        except GameOver:
            self._pending = None
        return events

    def _end_by(self, seat: int, kind: str, *, both: bool = False) -> list[Event]:
        # R9.3 concede at any moment; R9.4 the site's clock applies timeout for the seat, and
        # no_show for a seat absent at the end of the grace period (``both``: neither seat came,
        # the game is drawn).
        # (A penalty_loss ends it as a judge's game loss, reason ``penalty``.)
        self.actions.append(
            {"seat": seat, "type": kind, "both": True} if both else {"seat": seat, "type": kind}
        )
        self.seq += 1
        events: list[Event] = []
        self._events = events
        self.emit({"type": kind, "seat": seat, "both": True} if both else {"type": kind, "seat": seat})
        self._flow.close()
        self._pending = None
        try:
            self.end(None if both else 1 - seat, SITE_ACTIONS[kind])
        except GameOver:
            pass
        return events

    # --- views and log ------------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        """Return a readable sentence for ``action`` (see :func:`describe_action`)."""
        return describe_action(action)

    def observation(self, seat: int) -> dict[str, Any]:
        """Return what ``seat`` may see (R3.5), as a JSON-serialisable dict."""
        return views.observation(self, seat)

    def judge_view(self) -> dict[str, Any]:
        """Return everything, hidden cards included, for judges."""
        return views.judge_view(self)

    def spectator_view(self) -> dict[str, Any]:
        """Return only what is public."""
        return views.spectator_view(self)

    def hidden_from(self, seat: int) -> frozenset[str]:
        """Return the names of the cards hidden from ``seat`` that it sees nowhere else (R3.5)."""
        return views.hidden_from(self, seat)

    def to_log(self, card_set_codes: list[str] | tuple[str, ...]) -> dict[str, Any]:
        """Return the match log (the truth that rebuilds every state). Raises
        :class:`~engine.scenario.NoMatchLog` for a match built from a position (``scenario.py``):
        its setup is the spec, not decks and a seed."""
        if self.built is not None:
            raise NoMatchLog("a match built from a position has no match log: build it again from its spec")
        return match_log(self, card_set_codes)

    @property
    def winner(self) -> int | None:
        """Return the winning seat, None for a draw or a game in progress."""
        return self.result.winner if self.result is not None else None


def new_match(
    catalog: Catalog[Any],
    decks: tuple[Decklist, Decklist],
    *,
    seed: int,
    shuffle: bool = True,
    first_initiative: int | None = None,
    names: tuple[str, str] = ("A", "B"),
) -> Match:
    """Return a new match, set up (R5.1–R5.2) and waiting for the first mulligan decision.

    ``shuffle=False`` draws each main deck in listed order, ``first_initiative`` fixes the
    initiative seat (R10.2). Raises :class:`~engine.problems.InputError` when a deck
    names an unknown card, lacks a Hero, or puts a Hero among its orders or main deck.
    """
    return Match(catalog, decks, seed=seed, shuffle=shuffle, first_initiative=first_initiative, names=names)


__all__ = ["Decision", "Event", "IllegalAction", "Match", "Result", "new_match"]
