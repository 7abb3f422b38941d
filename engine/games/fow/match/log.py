"""Force of Will match logs (formats.md) and replay: the action log is the truth (F14).

A player's copy reveals the opponent's ruler and the cards that player saw in play (F4).
"""

from engine.games.fow.match.state import BOTH, TURN_LIMIT, IllegalAction
from engine.matchlog import ReplayError, identity_format

__all__ = ["FORMAT", "ReplayError", "match_log", "read_setup", "redacted_log", "replay"]

# The rules this engine plays (RULES.md): "3" since a window follows the draw (F8.4), triggers
# are ordered and choose targets (F8.5) and will abilities fill a pool (F7.5), which a log of
# an older version did not answer; "2" minted instance ids as cards come into sight; a log of
# version "1" named cards by ids given in a list's order. This engine refuses older logs.
RULES_VERSION = "3"

FORMAT = identity_format(
    "fow",
    IllegalAction,
    identity="ruler",
    rules_version=RULES_VERSION,
    seen=lambda inst, _seat: inst.known == BOTH,
    turn_limit=TURN_LIMIT,
)
match_log, read_setup, replay, redacted_log = FORMAT.functions()
