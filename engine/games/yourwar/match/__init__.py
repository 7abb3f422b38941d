"""The Your War match engine: a deterministic, replayable state machine (rules digest Y3–Y11).

::

    from engine.games.yourwar.match.core import new_match
    match = new_match(catalog, (deck_a, deck_b), seed=7)
    match.decision(); match.legal_actions(seat); match.apply(seat, action, seq=match.seq)
    match.observation(seat), match.spectator_view(), match.judge_view()
    engine.games.yourwar.match.log.replay(match.to_log(["OGNS"]), catalog)
"""

from __future__ import annotations

import importlib
from typing import Any

# What `python -m engine replay` reads from a game's match package (loaded on first use).
_EXPORTS: dict[str, str] = {
    "Match": "core",
    "new_match": "core",
    "describe_action": "views",
    "IllegalAction": "state",
    "REFUSAL_CODES": "state",
    "replay": "log",
    "read_setup": "log",
    "ReplayError": "log",
}


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f"{__name__}.{module}"), name)
