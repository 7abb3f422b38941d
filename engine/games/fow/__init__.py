"""Force of Will (seeds/004_…): card fields and deck rules; no match engine yet.

Found through :mod:`engine.registry` as ``fow``. See ``README.md`` beside this file.
"""

from pathlib import Path

from engine.games._common import ModuleRules
from engine.games.fow import cards, deck
from engine.games.fow.texts import TEXTS

DATA_DIR = Path(__file__).parent / "data"
SAMPLE_SET = DATA_DIR / "dwn1.json"
DECKS_DIR = DATA_DIR / "decks"

RULES = ModuleRules(
    key="fow", title="Force of Will", title_ru="Force of Will", cards=cards, deck=deck, texts=TEXTS
)
