"""Chronomagia / «Хрономагия» (seeds/003_…): card fields and deck rules; no match engine yet.

Found through :mod:`engine.registry` as ``chronomagia``. See ``README.md`` beside this file.
"""

from pathlib import Path

from engine.games._common import ModuleRules
from engine.games.chronomagia import cards, deck
from engine.games.chronomagia.texts import TEXTS

DATA_DIR = Path(__file__).parent / "data"
SAMPLE_SET = DATA_DIR / "hrn1.json"
DECKS_DIR = DATA_DIR / "decks"

RULES = ModuleRules(
    key="chronomagia", title="Chronomagia", title_ru="Хрономагия", cards=cards, deck=deck, texts=TEXTS
)
