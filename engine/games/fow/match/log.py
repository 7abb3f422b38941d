"""Force of Will match logs (formats.md) and replay: the action log is the truth (STYLE.md 4, F14).

One :class:`engine.matchlog.LogFormat`; what is particular to Force of Will is what a player's copy
reveals of the opponent's deck (F4).
"""

from __future__ import annotations

from engine import RULES_VERSION, matchlog
from engine.games.fow.match.state import BOTH, TURN_LIMIT, IllegalAction
from engine.matchlog import ReplayError

__all__ = ["FORMAT", "ReplayError", "match_log", "read_setup", "redacted_log", "replay"]

FORMAT = matchlog.LogFormat(
    game="fow",
    rules_version=RULES_VERSION,
    package="engine.games.fow",
    refusal=IllegalAction,
    turn_limit=TURN_LIMIT,
    revealed=matchlog.seen_in_play("ruler", lambda inst, _seat: inst.known == BOTH),
    why=(
        "a player's copy: no seed, and of the opponent only the ruler and the cards seen in play; "
        "not replayable (the judges have the full log)"
    ),
)

match_log = FORMAT.match_log
read_setup = FORMAT.read_setup
replay = FORMAT.replay
redacted_log = FORMAT.redacted_log
