"""What a seat may send (README.md, "Action shapes"): the legal lists (``legal.py``), the whole
validation of an action before anything changes (``checks.py``) and performing it
(``perform.py``), gathered for the match and the bots.
"""

from engine.games.chronomagia.match.checks import ANSWERS, validate
from engine.games.chronomagia.match.legal import MAIN_KINDS, TIME_KINDS, legal_actions
from engine.games.chronomagia.match.perform import describe_action, perform

__all__ = ["ANSWERS", "MAIN_KINDS", "TIME_KINDS", "describe_action", "legal_actions", "perform", "validate"]
