"""What Chronomagia's deck rules say, in English templates by code (engine/texts.py)."""

from engine.texts import (
    ACTION_FIELDS,
    COPIES,
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
    "thoughtform": NC_("card type", "Thoughtform"),
    "terrain": NC_("card type", "Terrain"),
    "phenomenon": NC_("card type", "Phenomenon"),
    "event": NC_("card type", "Event"),
    "shadow": NC_("card type", "Shadow"),
}

CARD_FIELDS: dict[str, InContext] = {
    "subtypes": NC_("card field", "subtypes"),
    "rarity": NC_("card field", "rarity"),
    "epoch": NC_("card field", "epoch"),
}

# Rarities, and subtypes as its sets print them (in Russian), case-folded.
CARD_VALUES: dict[str, InContext] = {
    "common": NC_("card trait", "Common"),
    "uncommon": NC_("card trait", "Uncommon"),
    "rare": NC_("card trait", "Rare"),
    "mythic": NC_("card trait", "Mythic"),
    "варвар": NC_("card trait", "Barbarian"),
    "заклинание": NC_("card trait", "Spell"),
    "изобретатель": NC_("card trait", "Inventor"),
    "провидица": NC_("card trait", "Seer"),
    "страж": NC_("card trait", "Guardian"),
    "существо": NC_("card trait", "Creature"),
}

# What ``collect`` and ``collect_time`` take (C7.1–C7.4, C7.9).
COLLECTED: dict[str, InContext] = {
    "concentration": NC_("what is collected", "concentration"),
    "life": NC_("what is collected", "life"),
    "armor": NC_("what is collected", "armor"),
    "time": NC_("what is collected", "time"),
    "time_past": NC_("what is collected", "time of the past"),
    "time_future": NC_("what is collected", "time of the future"),
}

# A replay's words for the fields of its actions.
ACTION_WORDS: dict[str, FieldWords] = {
    **ACTION_FIELDS,
    "trigger": FieldWords("index", N_("trigger %(n)s of those waiting")),  # which goes next (C6.7)
    "kind": FieldWords("choice", choices=COLLECTED),
    "move": FieldWords("signed", N_("time moved by %(n)s")),  # along the epochs (C7.3)
    "erode": FieldWords("number", N_("%(n)s eroded")),
    "opponent": FieldWords("number", N_("%(n)s damage to the opponent")),  # the attack's split (C9.3)
    "terrain": FieldWords("number", N_("%(n)s damage to the terrain")),
    "epoch": FieldWords("value", N_("to epoch %(n)s")),
    # Intuition: the shadow looked at goes back or stays.
    "return": FieldWords("flag", N_("returned to its owner's hand"), N_("left face down")),
}

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
    reasons={
        "life": N_("Life fell to 0"),  # C14.1
        "end_of_time": N_("the end of time: the higher Life wins"),  # C15.1
    },
    actions={
        "keep": N_("keeps the opening hand"),  # C5.3
        "redraw": N_("redraws cards"),  # C5.3
        "meditate": N_("meditates"),  # C6.3
        "play": N_("plays a card"),  # C6.4
        "shadow": N_("places a shadow"),  # C6.4
        "collect": N_("collects resources"),  # C7.1
        "collect_time": N_("collects time"),  # C7.3
        "hero": N_("uses a hero ability"),  # C6.4
        "activate": N_("taps a card for its ability"),  # C12.1
        "sacrifice": N_("sacrifices a creature"),  # C6.4
        "attack": N_("attacks"),  # C9.3
        "choose": N_("makes a choice"),  # C13
        "flip": N_("flips a shadow"),  # C10.4
        "stay": N_("keeps a shadow face down"),  # C10.4
        "order": N_("puts one of its triggers next"),  # C6.7
        "pass": N_("passes"),  # C6.4
        "concede": N_("concedes the game"),
    },
    refusals={
        **PROTOCOL_REFUSALS,
        "action_used": N_("«%(card)s» is tapped"),
        "illegal_target": N_("that target is not allowed here"),
        "mulligan_cards": N_("a redraw names one or more cards of your hand"),
        "mulligan_not_in_hand": N_("a redraw names cards of your hand, each once"),
        "no_action": N_("this card has no «Поворот» ability to use now"),
        "not_a_choice": N_("%(got)s does not answer a %(decision)s decision"),
        "not_in_hand": N_("no card %(card)s there"),
        "target_count": N_("the targets' spirits total %(total)s, more than %(limit)s"),
        "target_missing": N_("the choice is incomplete"),
        "targets_not_a_list": N_("a mass effect takes a list of targets"),
        "no_concentration": N_("«%(card)s» costs %(cost)s concentration; you have %(have)s"),
        "terrain_taken": N_("you control a terrain already"),
        "phenomenon_taken": N_("you control a phenomenon already"),
        "absent_in_epoch": N_("«%(card)s» does not exist in epoch %(epoch)s"),
        "meditated": N_("after meditating you cannot play cards or use hero abilities this turn"),
        "not_a_shadow": N_("shadows are placed face down with 'shadow'; other cards are played with 'play'"),
        "not_its_event": N_("this shadow's event has not happened: it stays face down"),
        "cannot_meditate": N_("you cannot meditate now"),
        "not_in_hero_deck": N_("meditation takes a card of your hero deck"),
        "already_collected": N_("you collected %(kind)s this turn already"),
        "nothing_to_collect": N_("your cards give no %(kind)s now"),
        "bad_time_spend": N_("move and erode within the %(amount)s time collected"),
        "bad_assignment": N_(
            "assign all %(total)s (attack past the defense, plus damage) to the opponent and the terrain"
        ),
        "not_enough_tokens": N_("the ability needs %(need)s tokens; the hero has %(have)s"),
        "summoning_sick": N_("«%(card)s» entered this turn (summoning sickness)"),
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
        "hero deck": N_("in the hero deck"),
    },
    swap_rule="C2.1",
)
