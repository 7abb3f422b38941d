"""Chronomagia match logs (formats.md) and replay: the action log is the truth (STYLE.md 4, C16).

A player's copy reveals the opponent's hero and the cards that player saw in play (C4).
"""

from engine.games.chronomagia.match.state import BOTH, TURN_LIMIT, IllegalAction
from engine.matchlog import ReplayError, identity_format

__all__ = ["FORMAT", "ReplayError", "match_log", "read_setup", "redacted_log", "replay"]

FORMAT = identity_format(
    "chronomagia",
    IllegalAction,
    identity="hero",
    seen=lambda inst, _seat: inst.known == BOTH,
    turn_limit=TURN_LIMIT,
)
match_log, read_setup, replay, redacted_log = FORMAT.functions()
