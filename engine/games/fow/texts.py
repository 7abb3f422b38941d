"""What Force of Will's deck rules say, in English templates by code (engine/texts.py)."""

from engine.texts import DECK_COMMON, N_, GameTexts, deck_variant

TEXTS = GameTexts(
    violations={
        **DECK_COMMON,
        "ruler_missing": N_("the deck has no ruler"),
        "not_a_ruler": N_("«%(card)s» is not a ruler (%(type)s)"),
        "ruler_in_main": N_("the ruler «%(card)s» cannot be in the main deck"),
        "stone_in_main": N_("the magic stone «%(card)s» belongs in the magic stone deck, not the main deck"),
        "not_a_stone": N_(
            "«%(card)s» is not a magic stone (%(type)s); the magic stone deck holds magic stones only"
        ),
        "copy_limit": N_(
            "at most %(limit)s copies of «%(card)s» across main, stone and side decks (found %(found)s);"
            " only basic magic stones are exempt"
        ),
    },
    variant=deck_variant,
)
