"""What Your War's deck rules say, in English templates by code (engine/texts.py)."""

from engine.texts import DECK_COMMON, N_, GameTexts, deck_variant

TEXTS = GameTexts(
    violations={
        **DECK_COMMON,
        "copy_limit": N_(
            "at most %(limit)s copies of «%(card)s» (found %(found)s); only «Военная База» is exempt"
        ),
    },
    variant=deck_variant,
)
