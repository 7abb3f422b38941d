"""What Chronomagia's deck rules say, in English templates by code (engine/texts.py)."""

from engine.texts import (
    COPIES,
    DECK_COMMON,
    N_,
    NO_HERO,
    NOT_A_HERO,
    PROTOCOL_REFUSALS,
    GameTexts,
    deck_variant,
)

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
)
