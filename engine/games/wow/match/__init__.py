"""The WoW TCG match engine: a deterministic, replayable state machine (rules digest W3–W16).

Public API (README.md beside the game)::

    from engine.games.wow.match import new_match, replay, IllegalAction

    match = new_match(catalog, (deck_a, deck_b), seed=7)
    match.decision(); match.legal_actions(seat); match.apply(seat, action)
    match.observation(seat), match.judge_view(), match.spectator_view()
    match.to_log(["ASHF"]); replay(log, catalog)
"""

from engine.games.wow.match.actions import describe_action
from engine.games.wow.match.core import Match, new_match
from engine.games.wow.match.log import ReplayError, match_log, read_setup, redacted_log, replay
from engine.games.wow.match.state import REFUSAL_CODES, Decision, Event, IllegalAction, Result

__all__ = [
    "REFUSAL_CODES",
    "Decision",
    "Event",
    "IllegalAction",
    "Match",
    "ReplayError",
    "Result",
    "describe_action",
    "match_log",
    "new_match",
    "read_setup",
    "redacted_log",
    "replay",
]
