# mypyc: compiled by build_engine.py
"""What a seat may send (README.md, "Action shapes"): checking it (``checks.py``), listing the
legal ones (``legal.py``) and performing one (``perform.py``), gathered here."""

from engine.games.fow.match.checks import ANSWERS, problem, validate
from engine.games.fow.match.legal import hand_may_play, legal_actions, playable_costs, priority_actions
from engine.games.fow.match.perform import describe_action, perform

__all__ = [
    "ANSWERS", "describe_action", "hand_may_play", "legal_actions", "perform", "playable_costs",
    "priority_actions", "problem", "validate",
]  # fmt: skip
