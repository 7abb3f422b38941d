"""World of Warcraft TCG (seeds/001_…): card fields and deck rules; no match engine yet.

Found through :mod:`engine.registry` as ``wow``. See ``README.md`` beside this file.
"""

from pathlib import Path

from engine.games._common import ModuleRules
from engine.games.wow import cards, deck
from engine.games.wow.texts import TEXTS

DATA_DIR = Path(__file__).parent / "data"
SAMPLE_SET = DATA_DIR / "ashf.json"
DECKS_DIR = DATA_DIR / "decks"

RULES = ModuleRules(
    key="wow",
    title="World of Warcraft TCG",
    title_ru="ККИ World of Warcraft",
    cards=cards,
    deck=deck,
    texts=TEXTS,
)
