"""What World of Warcraft TCG's deck rules say, in English templates by code (engine/texts.py)."""

from engine.texts import DECK_COMMON, N_, NO_HERO, NOT_A_HERO, GameTexts, deck_variant

TEXTS = GameTexts(
    violations={
        **DECK_COMMON,
        "hero_missing": NO_HERO,
        "not_a_hero": NOT_A_HERO,
        "hero_in_deck": N_("the hero card «%(card)s» is not part of the deck"),
        "copy_limit": N_("at most %(limit)s copies of «%(card)s», not unlimited (found %(found)s)"),
        "no_shared_trait": N_(
            "«%(card)s» shares no trait (faction, class, race, talent, profession) with «%(hero)s»"
        ),
        "talent_required": N_("«%(card)s» needs a hero with the «%(talent)s» talent; «%(hero)s» has not"),
        "not_in_pool": N_("«%(card)s» is not in the player's pool (the deck and sideboard list %(found)s)"),
        "pool_exceeded": N_(
            "the pool holds %(available)s of «%(card)s», the deck and sideboard list %(found)s"
        ),
    },
    variant=deck_variant,
)
