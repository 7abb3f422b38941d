"""What World of Warcraft TCG's deck rules say, in English templates by code (engine/texts.py)."""

from engine.texts import (
    ACTION_FIELDS,
    DECK_COMMON,
    IN_HERO,
    IN_MAIN,
    IN_SIDE,
    N_,
    NC_,
    NO_HERO,
    NOT_A_HERO,
    PROTOCOL_REFUSALS,
    ZONE_HERO,
    ZONE_MAIN,
    ZONE_SIDE,
    ZONE_SIDE_SHORT,
    FieldWords,
    GameTexts,
    InContext,
    deck_variant,
)

# --- the words of its cards, decks and play, as the site shows them ---------------------------

CARD_TYPES: dict[str, InContext] = {
    "hero": NC_("card type", "Hero"),
    "ally": NC_("card type", "Ally"),
    "ability": NC_("card type", "Ability"),
    "weapon": NC_("card type", "Weapon"),
    "armor": NC_("card type", "Armor"),
    "item": NC_("card type", "Item"),
    "quest": NC_("card type", "Quest"),
}

CARD_FIELDS: dict[str, InContext] = {
    "faction": NC_("card field", "faction"),
    "classes": NC_("card field", "classes"),
    "races": NC_("card field", "races"),
    "talents": NC_("card field", "talents"),
    "professions": NC_("card field", "professions"),
    "keywords": NC_("card field", "keywords"),
    "hero required talent": NC_("card field", "hero required talent"),
}

# The words of its card data, case-folded: factions and classes (cards.py) ...
CARD_VALUES: dict[str, InContext] = {
    "horde": NC_("card trait", "Horde"),
    "alliance": NC_("card trait", "Alliance"),
    "druid": NC_("card trait", "Druid"),
    "hunter": NC_("card trait", "Hunter"),
    "mage": NC_("card trait", "Mage"),
    "paladin": NC_("card trait", "Paladin"),
    "priest": NC_("card trait", "Priest"),
    "rogue": NC_("card trait", "Rogue"),
    "shaman": NC_("card trait", "Shaman"),
    "warlock": NC_("card trait", "Warlock"),
    "warrior": NC_("card trait", "Warrior"),
    # ... races, talents and professions (free words: the shipped set's and the usual ones) ...
    "blood elf": NC_("card trait", "Blood elf"),
    "draenei": NC_("card trait", "Draenei"),
    "dwarf": NC_("card trait", "Dwarf"),
    "gnome": NC_("card trait", "Gnome"),
    "human": NC_("card trait", "Human"),
    "night elf": NC_("card trait", "Night elf"),
    "orc": NC_("card trait", "Orc"),
    "tauren": NC_("card trait", "Tauren"),
    "troll": NC_("card trait", "Troll"),
    "undead": NC_("card trait", "Undead"),
    "arms": NC_("card trait", "Arms"),
    "elemental": NC_("card trait", "Elemental"),
    "feral": NC_("card trait", "Feral"),
    "holy": NC_("card trait", "Holy"),
    "protection": NC_("card trait", "Protection"),
    "alchemy": NC_("card trait", "Alchemy"),
    "blacksmithing": NC_("card trait", "Blacksmithing"),
    "enchanting": NC_("card trait", "Enchanting"),
    "engineering": NC_("card trait", "Engineering"),
    "herbalism": NC_("card trait", "Herbalism"),
    "mining": NC_("card trait", "Mining"),
    "tailoring": NC_("card trait", "Tailoring"),
    "leatherworking": NC_("card trait", "Leatherworking"),
    "skinning": NC_("card trait", "Skinning"),
    # ... keywords ...
    "bear_form": NC_("card trait", "Bear form"),
    "elusive": NC_("card trait", "Elusive"),
    "ferocity": NC_("card trait", "Ferocity"),
    "instant": NC_("card trait", "Instant"),
    "long_range": NC_("card trait", "Long range"),
    "ongoing": NC_("card trait", "Ongoing"),
    "protector": NC_("card trait", "Protector"),
    "stealth": NC_("card trait", "Stealth"),
    "totem": NC_("card trait", "Totem"),
    "unique": NC_("card trait", "Unique"),
    "unlimited": NC_("card trait", "Unlimited"),
    # ... and weapon slots and strikes (W8.5, W13.3)
    "two_handed": NC_("card trait", "Two-handed"),
    "off_hand": NC_("card trait", "Off-hand"),
    "melee": NC_("card trait", "Melee (1)"),
    "ranged": NC_("card trait", "Ranged (1)"),
}

# A replay's words for the fields of its actions that name cards.
ACTION_WORDS: dict[str, FieldWords] = {
    **ACTION_FIELDS,
    "weapon": FieldWords("card"),  # the type's words say it: "strikes with a weapon: «Axe»"
    "attacker": FieldWords("card", N_("attacker %(what)s")),
    "defender": FieldWords("card", N_("defender %(what)s")),
}

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
    action_fields=ACTION_WORDS,
    card_types=CARD_TYPES,
    card_fields=CARD_FIELDS,
    card_values=CARD_VALUES,
    zones={"hero": ZONE_HERO, "main": ZONE_MAIN, "side": ZONE_SIDE},
    zones_short={"side": ZONE_SIDE_SHORT},
    places={
        "hero": IN_HERO,
        "main": IN_MAIN,
        "side": IN_SIDE,
        "main deck": IN_MAIN,
        "sideboard": N_("in the sideboard"),
    },
    swap_rule="W2.5",
)
