"""What Your War's deck rules say, in English templates by code (engine/texts.py)."""

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
    "unit": NC_("card type", "Unit"),
    "artillery": NC_("card type", "Artillery"),
    "support": NC_("card type", "Support"),
    "medal": NC_("card type", "Medal"),
    "base": NC_("card type", "Base"),
}

CARD_FIELDS: dict[str, InContext] = {
    "country": NC_("card field", "country"),
    "unit class": NC_("card field", "unit class"),
    "attack": NC_("card field", "attack"),
    "defense": NC_("card field", "defense"),
}

# Countries and unit classes, case-folded.
CARD_VALUES: dict[str, InContext] = {
    "usa": NC_("card trait", "USA"),
    "ussr": NC_("card trait", "USSR"),
    "germany": NC_("card trait", "Germany"),
    "uk": NC_("card trait", "UK"),
    "ground": NC_("card trait", "Ground"),
    "tank_destroyer": NC_("card trait", "Tank destroyer"),
    "bomber": NC_("card trait", "Bomber"),
    "fighter": NC_("card trait", "Fighter"),
    "navy": NC_("card trait", "Navy"),
}

# A replay's words for the fields of its actions.
ACTION_WORDS: dict[str, FieldWords] = {
    **ACTION_FIELDS,
    "target": FieldWords("card", N_("target %(what)s")),  # a card, or a player: {"seat": n} (Y6.4)
    "attacker": FieldWords("card", N_("attacker %(what)s")),
    "blocker": FieldWords("card", N_("blocker %(what)s")),
    "colonel": FieldWords("card", N_("colonel %(what)s")),
    # [blocker, attacker] pairs (Y7.2)
    "blocks": FieldWords(
        "rows", N_("%(blocker)s blocks %(attacker)s"), N_("no blocks"), ("card:blocker", "card:attacker")
    ),
    # [attacker, blocker, damage] (Y7.6)
    "split": FieldWords(
        "rows",
        N_("%(attacker)s deals %(n)s damage to %(blocker)s"),
        parts=("card:attacker", "card:blocker", "value:n"),
    ),
    "pay": FieldWords("mapping", N_("paid by bases: %(what)s")),  # bases by country for "any" (Y6.2)
}

TEXTS = GameTexts(
    violations={
        **DECK_COMMON,
        "copy_limit": N_(
            "at most %(limit)s copies of «%(card)s» (found %(found)s); only «Военная База» is exempt"
        ),
    },
    reasons={
        "health": N_("a player's health fell to 0"),  # Y9.1
        "deck_out": N_("a player could not draw"),  # Y9.3
    },
    actions={
        "keep": N_("keeps the opening hand"),  # Y4.3
        "redeal": N_("takes a redeal"),  # Y4.3
        "build": N_("builds a base"),  # Y6.1
        "play": N_("plays a card"),
        "use": N_("uses a property"),  # Y6.5
        "attack": N_("sends a unit to attack"),  # Y7.1
        "guard": N_("links a bodyguard"),  # Y8
        "end": N_("ends the phase"),  # Y5.3, Y5.5
        "block": N_("declares blocks"),  # Y7.2
        "proceed": N_("goes on to the damage"),  # Y7.5
        "assign": N_("assigns the combat damage"),  # Y7.6
        "discard": N_("discards a card"),  # Y5.6
        "concede": N_("concedes the game"),
    },
    refusals={
        **PROTOCOL_REFUSALS,
        "card_name_missing": N_("the action needs the card's name"),
        "not_in_hand": N_("«%(card)s» is not in your hand"),
        "illegal_target": N_("%(target)s is not a legal target (%(target_kind)s)"),
        "target_missing": N_("choose a target (%(target_kind)s)"),
        "wrong_action": N_("%(decision)s takes other actions, not %(got)s"),
        "no_redeal": N_("another redeal would deal no card"),
        "base_built": N_("you have built your base this turn"),
        "not_a_base": N_("%(card)s is not a «Военная База»"),
        "cannot_pay": N_("%(card)s costs %(cost)s bases; you have %(available)s available"),
        "bad_payment": N_('pay names how many bases of each country pay the "any" part'),
        "not_while_intervening": N_("while intervening you play no units or bases"),
        "no_such_card": N_("no card of yours with id %(id)s there"),
        "not_available": N_("%(card)s is used"),
        "summoning_sick": N_("%(card)s came into play this turn and is not fast"),
        "no_property": N_("%(card)s has no such property here"),
        "property_used": N_("%(card)s's property is used once per turn"),
        "bad_blocks": N_("blocks are [your unit, attacker] pairs"),
        "ground_blocks_air": N_("%(card)s (ground) cannot block an air unit"),
        "blocks_twice": N_("%(card)s blocks one attacker"),
        "bad_split": N_("the damage split does not match the blockers and the attack"),
        "not_a_colonel": N_("%(card)s is not a «Полковник»"),
        "bad_guard": N_("%(card)s cannot become a bodyguard here"),
    },
    variant=deck_variant,
    action_fields=ACTION_WORDS,
    card_types=CARD_TYPES,
    card_fields=CARD_FIELDS,
    card_values=CARD_VALUES,
    zones={"main": ZONE_MAIN, "side": ZONE_SIDE},
    zones_short={"side": ZONE_SIDE_SHORT},
    places={"main": IN_MAIN, "side": IN_SIDE, "deck": N_("in the deck"), "side deck": IN_SIDE},
    swap_rule="Y2.4",
)
