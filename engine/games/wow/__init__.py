"""World of Warcraft TCG: card fields, deck rules and the match engine.

Found through :mod:`engine.registry` as ``wow``. See ``README.md`` and ``RULES.md`` beside
this file.
"""

from pathlib import Path

from engine.games._module_rules import ModuleRules
from engine.games.wow import cards, deck
from engine.games.wow.match_engine import WowMatchEngine
from engine.games.wow.texts import TEXTS

DATA_DIR = Path(__file__).parent / "data"
SAMPLE_SET = DATA_DIR / "ashf.json"
DECKS_DIR = DATA_DIR / "decks"

# What a player may send (README.md, "Action shapes"). ``timeout``, ``no_show`` and
# ``penalty_loss`` are the site's alone; ``concede`` either seat's at any moment.
ACTION_TYPES: tuple[str, ...] = (
    "keep", "mulligan", "pass", "resource", "play", "power", "complete", "attack", "strike",
    "protect", "no_protect", "discard", "armor", "search", "keep_cards", "order", "target", "concede",
)  # fmt: skip

RULES = ModuleRules(
    key="wow",
    order=10,
    title="World of Warcraft TCG",
    title_ru="ККИ World of Warcraft",
    cards=cards,
    deck=deck,
    texts=TEXTS,
)
RULES.has_match_engine = True
RULES.action_types = ACTION_TYPES
RULES.match_engine = WowMatchEngine(action_types=ACTION_TYPES)
