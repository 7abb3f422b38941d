# mypyc: compiled by build_engine.py
"""The match log of a RESPONSE match: setup, both decks and every action (R10.1).

The action log is the truth: the log rebuilds every state (``log.py`` replays it). Its
envelope is the project's match log format (``engine/README.md``; ``python -m engine replay``
reads it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine import RULES_VERSION
from engine.decklist import decklist_to_json
from engine.games.respons.match.state import State

GAME = "respons"


def match_log(match: State, card_set_codes: Sequence[str]) -> dict[str, Any]:
    """Return the match log of ``match``: setup, both decks and every action."""
    return {
        "game": GAME,
        "rules_version": RULES_VERSION,
        "seed": match.seed,
        "shuffle": match.shuffle,
        "first_initiative": match.first_initiative,
        "cards": list(card_set_codes),
        "players": [
            {"name": match.names[seat], "deck": decklist_to_json(match.decks[seat])} for seat in (0, 1)
        ],
        "actions": [dict(action) for action in match.actions],
    }
