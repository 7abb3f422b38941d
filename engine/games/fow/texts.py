"""What Force of Will's deck rules say, in English templates by code (engine/texts.py)."""

from engine.texts import DECK_COMMON, N_, PROTOCOL_REFUSALS, GameTexts, deck_variant

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
)
