"""Your War / «Твоя Война»: card fields, deck rules and the match engine.

Found through :mod:`engine.registry` as ``yourwar``. See ``README.md`` and ``RULES.md``.
"""

from pathlib import Path
from typing import Any

from engine.games._module_rules import ModuleRules
from engine.games.yourwar import cards, deck
from engine.games.yourwar.match_engine import YourWarMatchEngine
from engine.games.yourwar.texts import TEXTS
from engine.match import MatchEngine

DATA_DIR = Path(__file__).parent / "data"
SAMPLE_SET = DATA_DIR / "ogns.json"
DECKS_DIR = DATA_DIR / "decks"

# What a player may send (README.md, "Actions"); the site's timeout, no_show and
# penalty_loss are applied by the site, not sent.
ACTION_TYPES: tuple[str, ...] = (
    "keep",
    "redeal",
    "build",
    "play",
    "use",
    "attack",
    "guard",
    "end",
    "block",
    "proceed",
    "assign",
    "discard",
    "concede",
)


class YourWarRules(ModuleRules):
    """The Your War ruleset with its match engine."""

    has_match_engine = True
    action_types: tuple[str, ...] = ACTION_TYPES
    match_engine: MatchEngine[Any] | None = YourWarMatchEngine(action_types=ACTION_TYPES)


RULES = YourWarRules(
    key="yourwar", order=20, title="Your War", title_ru="Твоя Война", cards=cards, deck=deck, texts=TEXTS
)
