"""Chronomagia / «Хрономагия»: card fields, deck rules and the match engine.

Found through :mod:`engine.registry` as ``chronomagia``. See ``README.md`` and ``RULES.md``
beside this file.
"""

from pathlib import Path

from engine.games._module_rules import ModuleRules
from engine.games.chronomagia import cards, deck
from engine.games.chronomagia.match_engine import ChronomagiaMatchEngine
from engine.games.chronomagia.texts import TEXTS

DATA_DIR = Path(__file__).parent / "data"
SAMPLE_SET = DATA_DIR / "hrn1.json"
DECKS_DIR = DATA_DIR / "decks"

# What a player may send (README.md, "Action shapes"). ``timeout``, ``no_show`` and
# ``penalty_loss`` are the site's alone; ``concede`` either seat's at any moment.
ACTION_TYPES: tuple[str, ...] = (
    "keep", "redraw", "meditate", "play", "shadow", "collect", "collect_time", "hero", "activate",
    "sacrifice", "attack", "choose", "flip", "stay", "order", "pass", "concede",
)  # fmt: skip

RULES = ModuleRules(
    key="chronomagia",
    order=30,
    title="Chronomagia",
    title_ru="Хрономагия",
    cards=cards,
    deck=deck,
    texts=TEXTS,
)
RULES.has_match_engine = True
RULES.action_types = ACTION_TYPES
RULES.match_engine = ChronomagiaMatchEngine(action_types=ACTION_TYPES)
