"""WoW TCG match logs (formats.md) and replay: the action log is the truth (W16).

A player's copy reveals the opponent's hero and the cards that player saw in play (W4).
"""

from engine.games.wow.match.state import TURN_LIMIT, IllegalAction
from engine.matchlog import ReplayError, identity_format

__all__ = ["FORMAT", "ReplayError", "match_log", "read_setup", "redacted_log", "replay"]

# The rules this engine plays (RULES.md): "2" since instance ids are minted as cards come into
# sight; a log of version "1" named cards by ids given in a list's order, which this engine
# would read otherwise, so it refuses one.
RULES_VERSION = "2"

FORMAT = identity_format(
    "wow",
    IllegalAction,
    identity="hero",
    rules_version=RULES_VERSION,
    seen=lambda inst, seat: bool(inst.known & (1 << seat)),
    turn_limit=TURN_LIMIT,
    auto_pass=True,  # W10.4 [decision]
)
match_log, read_setup, replay, redacted_log = FORMAT.functions()
