"""What Force of Will's deck rules say, in English templates by code (engine/texts.py)."""

from engine.texts import (
    ACTION_FIELDS,
    DECK_COMMON,
    IN_MAIN,
    IN_SIDE,
    N_,
    NC_,
    PROTOCOL_REFUSALS,
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
    "ruler": NC_("card type", "Ruler"),
    "resonator": NC_("card type", "Resonator"),
    "addition": NC_("card type", "Addition"),
    "regalia": NC_("card type", "Regalia"),
    "chant": NC_("card type", "Chant"),
    "magic_stone": NC_("card type", "Magic stone"),
}

CARD_FIELDS: dict[str, InContext] = {
    "attributes": NC_("card field", "attributes"),
    "keywords": NC_("card field", "keywords"),
    "basic": NC_("card field", "basic"),
}

# Attributes and keywords, case-folded.
CARD_VALUES: dict[str, InContext] = {
    "light": NC_("card trait", "Light"),
    "darkness": NC_("card trait", "Darkness"),
    "fire": NC_("card trait", "Fire"),
    "water": NC_("card trait", "Water"),
    "wind": NC_("card trait", "Wind"),
    "swiftness": NC_("card trait", "Swiftness"),
    "flying": NC_("card trait", "Flying"),
    "quickcast": NC_("card trait", "Quickcast"),
}

IN_STONES = N_("in the magic stone deck")

# A replay's words for the fields of its actions.
ACTION_WORDS: dict[str, FieldWords] = {
    **ACTION_FIELDS,
    "attacker": FieldWords("card", N_("attacker %(what)s")),
    "player": FieldWords("player", N_("target %(what)s")),  # a player as the target (F9, F11)
    "item": FieldWords("value", N_("target the chase's item %(n)s")),  # waiting on the chase (F11)
}

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
    reasons={
        "life": N_("Life fell to 0"),  # F12.1
        "deck_out": N_("a player could not draw"),  # F12.1
    },
    actions={
        "keep": N_("keeps the opening hand"),  # F5.2
        "mulligan": N_("takes a mulligan"),  # F5.2
        "pass": N_("passes"),  # F8.3
        "play": N_("plays a card"),  # F8.3
        "activate": N_("uses a card's ability"),  # F8.3
        "call": N_("calls a magic stone"),  # F7.2
        "judgment": N_("performs Judgment"),  # F7.3
        "attack": N_("attacks"),  # F9
        "block": N_("blocks"),  # F9.2
        "discard": N_("discards a card"),  # F6.4
        "will": N_("rests a magic stone for will"),  # F7.1, F8.2
        "order": N_("orders a trigger"),  # F8.5
        "target": N_("chooses a trigger's target"),  # F8.5
        "concede": N_("concedes the game"),
    },
    refusals={
        **PROTOCOL_REFUSALS,
        "action_too_expensive": N_("not enough will"),
        "action_used": N_(
            "that is done once (a call or a Judgment a turn; no Judgment after a J-ruler is destroyed)"
        ),
        "bad_payment": N_("those magic stones do not pay for %(card)s"),
        "cannot_attack": N_("%(card)s cannot attack now"),
        "cannot_block": N_("%(card)s cannot block that attacker"),
        "illegal_target": N_("%(target)s is not a legal target"),
        "mulligan_cards": N_("name the hand cards to shuffle back, each once"),
        "mulligan_not_in_hand": N_("that card is not in your hand"),
        "no_action": N_("activate a card you control"),
        "not_a_choice": N_("%(type)s does not answer the %(decision)s decision"),
        "not_a_discard": N_("discard a card of your hand"),
        "not_a_trigger": N_("put one of your waiting triggers on the chase"),
        "not_in_hand": N_("play a card from your hand"),
        "not_main_timing": N_("only at main timing: your main phase, no battle, an empty chase"),
        "rested": N_("«%(card)s» is rested"),
        "summoning_sick": N_("«%(card)s» came onto the field this turn"),
        "target_missing": N_("choose a target"),
        "too_expensive": N_("not enough will"),
    },
    variant=deck_variant,
    action_fields=ACTION_WORDS,
    card_types=CARD_TYPES,
    card_fields=CARD_FIELDS,
    card_values=CARD_VALUES,
    zones={
        "ruler": NC_("deck zone", "Ruler"),
        "main": ZONE_MAIN,
        "stones": NC_("deck zone", "Stones"),
        "side": ZONE_SIDE,
    },
    zones_short={"side": ZONE_SIDE_SHORT, "stones": NC_("deck zone, short", "Stones")},
    places={
        "ruler": N_("in the ruler slot"),
        "main": IN_MAIN,
        "stones": IN_STONES,
        "side": IN_SIDE,
        "main deck": IN_MAIN,
        "magic stone deck": IN_STONES,
        "side deck": IN_SIDE,
    },
    swap_rule="F2.4",
)
