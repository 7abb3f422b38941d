"""Force of Will: card fields, deck rules and the match engine.

Found through :mod:`engine.registry` as ``fow``. See ``README.md`` and ``RULES.md`` beside
this file.
"""

from pathlib import Path

from engine.games._module_rules import ModuleRules
from engine.games.fow import cards, deck
from engine.games.fow.match_engine import FowMatchEngine
from engine.games.fow.texts import TEXTS

DATA_DIR = Path(__file__).parent / "data"
SAMPLE_SET = DATA_DIR / "dwn1.json"
DECKS_DIR = DATA_DIR / "decks"

# What a player may send (README.md, "Action shapes"). ``timeout``, ``no_show`` and
# ``penalty_loss`` are the site's alone; ``concede`` either seat's at any moment.
ACTION_TYPES: tuple[str, ...] = (
    "keep", "mulligan", "pass", "play", "activate", "call", "judgment", "attack", "block", "discard",
    "will", "order", "target", "concede",
)  # fmt: skip

RULES = ModuleRules(
    key="fow", order=40, title="Force of Will", title_ru="Force of Will", cards=cards, deck=deck, texts=TEXTS
)
RULES.has_match_engine = True
RULES.action_types = ACTION_TYPES
RULES.match_engine = FowMatchEngine(action_types=ACTION_TYPES)
