"""What Chronomagia's deck rules say, in English templates by code (engine/texts.py)."""

from engine.texts import COPIES, DECK_COMMON, N_, NO_HERO, NOT_A_HERO, GameTexts, deck_variant

TEXTS = GameTexts(
    violations={
        **DECK_COMMON,
        "hero_missing": NO_HERO,
        "not_a_hero": NOT_A_HERO,
        "hero_in_deck/main": N_("the hero «%(card)s» cannot be in the main deck"),
        "hero_in_deck/side": N_("the hero «%(card)s» cannot be in the hero deck"),
        "copy_limit": COPIES,
        "mythic_limit": N_("at most %(limit)s copy of the mythic «%(card)s» (found %(found)s)"),
        "mythic_in_side": N_("the mythic «%(card)s» cannot be in the hero deck"),
    },
    variant=deck_variant,
)
