"""Your War match logs (formats.md envelope) and replay: the action log is the truth (Y11.1).

One :class:`engine.matchlog.LogFormat` (with the event's turn cap, Y10.1); what is particular to it
is what a player's copy reveals of the opponent's deck (Y3.3).
"""

from __future__ import annotations

from typing import Any

from engine import matchlog
from engine.games.yourwar.match.state import BASES, DESTROYED, FIELD, SUPPORT, TURN_LIMIT, IllegalAction
from engine.matchlog import ReplayError

__all__ = ["FORMAT", "ReplayError", "match_log", "read_setup", "redacted_log", "replay"]

# The Your War rules (RULES.md) this engine plays: "2" since instance ids are minted as cards come
# into sight (Y3.4); a log of version "1" named cards by ids given in the decklist's order.
RULES_VERSION = "2"


def _revealed(match: Any, seat: int, actions: list[tuple[int, dict[str, Any]]]) -> dict[str, int]:
    """The opponent's cards seen in play (Y3.3), and those played and returned to hand since.
    Actions name no hidden card (a redeal names none; a card played, built or discarded is
    public)."""
    other = 1 - seat
    seen: dict[str, int] = {}
    for inst in match.insts:
        if inst.owner == other and inst.zone in (FIELD, SUPPORT, BASES, DESTROYED):
            seen[inst.name] = seen.get(inst.name, 0) + 1
    for actor, action in actions:
        if actor == other and isinstance(action.get("card"), str):
            seen.setdefault(action["card"], 1)
    return dict(sorted(seen.items()))


FORMAT = matchlog.LogFormat(
    game="yourwar",
    rules_version=RULES_VERSION,
    package="engine.games.yourwar",
    refusal=IllegalAction,
    turn_limit=TURN_LIMIT,  # Y10.1: the event's turn cap, in the log (default 200)
    revealed=_revealed,
    why=(
        "a player's copy: no seed, and of the opponent's deck only the cards seen in play "
        "(Y3.3); not replayable (the judges have the full log)"
    ),
)

match_log, read_setup, replay, redacted_log = FORMAT.functions()
