"""Your War / «Твоя Война» (seeds/002_…): card fields and deck rules; no match engine yet.

Found through :mod:`engine.registry` as ``yourwar``. See ``README.md`` beside this file.
"""

from pathlib import Path

from engine.games._common import ModuleRules
from engine.games.yourwar import cards, deck
from engine.games.yourwar.texts import TEXTS

DATA_DIR = Path(__file__).parent / "data"
SAMPLE_SET = DATA_DIR / "ogns.json"
DECKS_DIR = DATA_DIR / "decks"

RULES = ModuleRules(
    key="yourwar", title="Your War", title_ru="Твоя Война", cards=cards, deck=deck, texts=TEXTS
)
