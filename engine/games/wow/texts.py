"""What World of Warcraft TCG's deck rules say, in English templates by code (engine/texts.py)."""

from engine.texts import DECK_COMMON, N_, NO_HERO, NOT_A_HERO, PROTOCOL_REFUSALS, GameTexts, deck_variant

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
        "token_in_deck": N_("«%(card)s» is a token, not a card: it cannot be in a deck"),  # W3.3
    },
    reasons={
        "hero": N_("a hero was destroyed"),  # W14.1
        "deck": N_("a player could not draw"),  # W14.2
    },
    actions={
        "keep": N_("keeps the opening hand"),  # W5.4
        "mulligan": N_("takes a mulligan"),  # W5.4
        "pass": N_("passes"),  # W10.4
        "resource": N_("places a resource"),  # W7.1
        "play": N_("plays a card"),  # W8
        "power": N_("uses a card's power"),  # W9
        "complete": N_("completes a quest"),  # W8.7
        "attack": N_("attacks"),  # W11.1
        "strike": N_("strikes with a weapon"),  # W11.5
        "protect": N_("lets a Protector defend"),  # W11.4
        "no_protect": N_("lets no Protector defend"),  # W11.4
        "discard": N_("discards a card"),  # W6.4, W18
        "search": N_("searches the deck"),  # W18
        "armor": N_("uses armor against the damage"),  # W12.5
        "keep_cards": N_("chooses which cards to keep"),  # W13.4
        "order": N_("puts a trigger on the chain next"),  # W9.4
        "target": N_("chooses a trigger's target"),  # W9.4
        "concede": N_("concedes the game"),
    },
    refusals={
        **PROTOCOL_REFUSALS,
        "not_in_hand": N_("that card is not in your hand"),
        "illegal_target": N_("not a legal target"),
        "not_legal_now": N_("that is not a legal action now"),
        "cannot_pay": N_("you cannot pay for that now (not enough ready resources)"),
        "needs_empty_chain": N_("only in your action phase with an empty chain"),
        "not_instant": N_("«%(card)s» is not Instant: play it in your action phase with an empty chain"),
        "resource_placed": N_("you have already placed a resource this turn"),
        "not_ready": N_("«%(card)s» is not ready"),
        "just_arrived": N_("«%(card)s» came into play this turn"),
        "elusive": N_("an Elusive character cannot be chosen as defender"),
        "not_usable_by_hero": N_("your hero cannot use «%(card)s»"),
        "weapon_used": N_("your hero has already struck with a weapon in this combat"),
        "not_a_protector": N_("that is not a ready Protector"),
        "keep_hand": N_("keep your hand or take a mulligan"),
        "not_ready_armor": N_("choose among your ready armor, each once"),
        "not_searchable": N_("choose a card of your deck that matches the search, or none"),
        "bad_payment": N_("name exactly %(cost)s distinct ready resources of yours to pay (W7.5)"),
        "not_kept": N_("keep one of the allowed sets of these cards (%(rule)s)"),
    },
    variant=deck_variant,
)
