"""The RESPONSE match engine: a deterministic, replayable state machine (rules digest R3–R10).

Public API (see ``engine/games/respons/README.md``)::

    from engine.games.respons.match import new_match, replay, IllegalAction

    match = new_match(catalog, (deck_a, deck_b), seed=7)
    match.decision()            # Decision(kind, seat, seq, ...) or None when over
    match.legal_actions(seat)   # [{"type": ...}, ...], each appliable as is
    match.apply(seat, action)   # -> [Event]; raises IllegalAction (rule, message, code, params)
    match.observation(seat), match.judge_view(), match.spectator_view()
    match.to_log(["CORE"]); replay(log, catalog)

Names are loaded lazily so that ``engine.games.respons.abilities`` (which the match
modules import) can itself import ``match.state`` without an import cycle.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.games.respons.match.actions import describe_action
    from engine.games.respons.match.core import Match, new_match
    from engine.games.respons.match.invariants import check_invariants
    from engine.games.respons.match.log import ReplayError, match_log, redacted_log, replay
    from engine.games.respons.match.state import REFUSAL_CODES, Decision, Event, IllegalAction, Result

_EXPORTS: dict[str, str] = {
    "Match": "core",
    "new_match": "core",
    "describe_action": "actions",
    "replay": "log",
    "match_log": "log",
    "redacted_log": "log",
    "ReplayError": "log",
    "Decision": "state",
    "Event": "state",
    "IllegalAction": "state",
    "REFUSAL_CODES": "state",
    "Result": "state",
    "check_invariants": "invariants",
}

__all__ = [
    "REFUSAL_CODES",
    "Decision",
    "Event",
    "IllegalAction",
    "Match",
    "ReplayError",
    "Result",
    "check_invariants",
    "describe_action",
    "match_log",
    "new_match",
    "redacted_log",
    "replay",
]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
