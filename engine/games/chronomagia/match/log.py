"""Chronomagia match logs (formats.md) and replay: the action log is the truth (STYLE.md 4, C16).

A player's copy reveals the opponent's hero and the cards that player saw in play (C4).
"""

from engine.games.chronomagia.match.state import BOTH, TURN_LIMIT, IllegalAction
from engine.matchlog import ReplayError, identity_format

__all__ = ["FORMAT", "ReplayError", "match_log", "read_setup", "redacted_log", "replay"]

# The rules this engine plays (RULES.md): "2" since instance ids are minted as cards come into
# sight; a log of version "1" named cards by ids given in a list's order, which this engine
# would read otherwise, so it refuses one.
RULES_VERSION = "2"

FORMAT = identity_format(
    "chronomagia",
    IllegalAction,
    identity="hero",
    rules_version=RULES_VERSION,
    seen=lambda inst, _seat: inst.known == BOTH,
    turn_limit=TURN_LIMIT,
)
match_log, read_setup, replay, redacted_log = FORMAT.functions()
