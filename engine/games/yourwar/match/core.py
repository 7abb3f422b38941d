"""A Your War match (rules digest Y3–Y11): the protocol of engine/match.py over the rules of the
modules below it (``board.py``, ``play.py``, ``combat.py``, ``flow.py``; ``legal.py``, ``views.py``).

One seat acts at a time (Y5.7): :meth:`Match.decision` says who and what. Every action is
checked whole before anything changes (an :class:`IllegalAction` leaves the state and the
generator as they were), then applied; effects resolve at once, in the order written.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.yourwar.match import legal, views
from engine.games.yourwar.match.flow import Flow
from engine.games.yourwar.match.state import DECISION_ACTIONS, TURN_LIMIT, Event, GameOver, refuse
from engine.games.yourwar.match.views import describe_action
from engine.match import SITE_ACTIONS  # either seat, at any moment, ending the game
from engine.scenario import NoMatchLog

__all__ = ["Match", "describe_action", "new_match"]

# The method that checks each action an answer may be (DECISION_ACTIONS), by the action's type.
_CHECKS: dict[str, str] = {kind: f"_check_{kind}" for kinds in DECISION_ACTIONS.values() for kind in kinds}


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


class Match(Flow):
    """One play of Your War (satisfies ``engine.match.MatchState``)."""

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

    def legal_actions(self, seat: int) -> list[dict[str, Any]]:
        """Return every action ``seat`` may apply now, each appliable as is (Y5.7)."""
        return legal.legal_actions(self, seat)

    def describe_action(self, action: dict[str, Any]) -> str:
        """Return a readable English sentence for ``action``."""
        return views.described(self, action)

    def observation(self, seat: int) -> dict[str, Any]:
        """Return what ``seat`` may see (Y3.3): its own hand, never the opponent's or a deck."""
        return views.observation(self, seat)

    def spectator_view(self) -> dict[str, Any]:
        return views.spectator_view(self)

    def judge_view(self) -> dict[str, Any]:
        return views.judge_view(self)

    def hidden_from(self, seat: int) -> frozenset[str]:
        """Names in the opponent's hand and either deck that ``seat`` sees nowhere (Y3.3)."""
        return views.hidden_from(self, seat)

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
