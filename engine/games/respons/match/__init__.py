"""The RESPONSE match engine: a deterministic, replayable state machine (RULES.md R3–R10).

Public API (see ``engine/games/respons/README.md``)::

    from engine.games.respons.match import new_match, replay, IllegalAction

    match = new_match(catalog, (deck_a, deck_b), seed=7)
    match.decision()            # Decision(kind, seat, seq, ...) or None when over
    match.legal_actions(seat)   # [{"type": ...}, ...], each appliable as is
    match.apply(seat, action)   # -> [Event]; raises IllegalAction (rule, message, code, params)
    match.observation(seat), match.judge_view(), match.spectator_view()
    match.to_log(["CORE"]); replay(log, catalog)

The modules, from the bottom up (each imports only those before it; engine/README.md,
"Shape of a game package"): ``board`` (zones, cells), ``insts`` (a card in play),
``decisions`` (what a seat is asked, refusal codes), ``layout`` (a deck laid out), ``state``
(the data and its primitive moves), ``resolution`` (abilities firing, the board settling),
``play`` (R7), ``combat`` (R8), ``flow`` (R5, R6), ``actions`` (shapes, validation),
``legal`` (legal actions), ``views`` (R3.5), ``record`` (the match log), ``core`` (the
facade), ``log`` (replay), ``scenario`` (positions for rules tests), ``invariants``.

Names are loaded when first read, so that importing this package loads no match module:
``engine.games.respons.abilities``, which the match modules import, itself imports
``match.state``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.games.respons.match.actions import describe_action
    from engine.games.respons.match.core import Match, new_match
    from engine.games.respons.match.decisions import REFUSAL_CODES, Decision
    from engine.games.respons.match.invariants import check_invariants
    from engine.games.respons.match.log import ReplayError, redacted_log, replay
    from engine.games.respons.match.record import match_log
    from engine.play import Event, IllegalAction, Result

_EXPORTS: dict[str, str] = {
    "Match": "engine.games.respons.match.core",
    "new_match": "engine.games.respons.match.core",
    "describe_action": "engine.games.respons.match.actions",
    "replay": "engine.games.respons.match.log",
    "match_log": "engine.games.respons.match.record",
    "redacted_log": "engine.games.respons.match.log",
    "ReplayError": "engine.games.respons.match.log",
    "Decision": "engine.games.respons.match.decisions",
    "REFUSAL_CODES": "engine.games.respons.match.decisions",
    "Event": "engine.play",
    "IllegalAction": "engine.play",
    "Result": "engine.play",
    "check_invariants": "engine.games.respons.match.invariants",
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
    return getattr(importlib.import_module(module), name)
