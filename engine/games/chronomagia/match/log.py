"""Chronomagia match logs (formats.md) and replay: the action log is the truth (C16).

A player's copy reveals the opponent's hero and the cards that player saw in play (C4).
"""

from engine.games.chronomagia.match.state import BOTH, TURN_LIMIT, IllegalAction
from engine.matchlog import ReplayError, identity_format

__all__ = ["FORMAT", "ReplayError", "match_log", "read_setup", "redacted_log", "replay"]

# The rules this engine plays (RULES.md): "3" since players order their simultaneous triggers
# (C6.7), may send effect damage to a terrain (C10.2), lose self-damage only with a collected
# attack (C7.7) and haste defends (C9.2): a log of "2" would replay otherwise, so it is refused,
# as is one of "1", which named cards by ids given in a list's order.
RULES_VERSION = "3"

FORMAT = identity_format(
    "chronomagia",
    IllegalAction,
    identity="hero",
    rules_version=RULES_VERSION,
    seen=lambda inst, _seat: inst.known == BOTH,
    turn_limit=TURN_LIMIT,
)
match_log, read_setup, replay, redacted_log = FORMAT.functions()
