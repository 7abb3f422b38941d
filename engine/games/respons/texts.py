"""What RESPONSE says, in English templates by code (engine/texts.py): its deck rules (R2.1-R2.7,
codes of R2.8) and its refused actions (``IllegalAction.code``, REFUSAL_CODES of
``engine/games/respons/match``). The English follows the engine's messages, which English
readers get as they are. A refusal's rule is not part of its text: one code can come with
different rules (an answer out of turn cites the pending decision's rule).
"""

from collections.abc import Mapping
from typing import Any

from engine.texts import (
    IN_HERO,
    IN_MAIN,
    IN_SIDE,
    N_,
    NC_,
    NN_,
    ZONE_HERO,
    ZONE_MAIN,
    ZONE_SIDE,
    GameTexts,
    InContext,
    Plural,
)


def variant(code: str, params: Mapping[str, Any]) -> str:
    """Return which form of ``code`` a RESPONSE violation takes (its params say)."""
    if code == "hero_in_deck":
        return str(params.get("zone", ""))
    if code == "bad_swap":
        return str(params.get("kind", ""))
    if code == "side_size" and params.get("limit") == 0:
        return "none"
    return ""


VIOLATIONS: dict[str, str] = {
    "main_size": N_("R2.1: the main deck must hold exactly %(expected)s cards (found %(found)s)"),
    "side_size": N_("R2.6: the side deck may hold at most %(limit)s cards (found %(found)s)"),
    "hero_missing": N_("R2.1: the deck has no hero"),
    "not_a_hero": N_("R2.1: «%(card)s» is not a hero (%(type)s)"),
    "orders_count": N_("R2.1: exactly %(expected)s orders are needed (found %(found)s)"),
    "not_an_order": N_("R2.4: «%(card)s» is not an order card (%(type)s)"),
    "order_in_main": N_("R2.3: the Order card «%(card)s» cannot be in the main deck, only in the orders"),
    "legendary_limit": N_("R2.2: at most %(limit)s copy of the legendary «%(card)s» (found %(found)s)"),
    "copy_limit": N_("R2.2: at most %(limit)s copies of «%(card)s» (found %(found)s)"),
    "faction": N_("R2.5: «%(card)s» does not fit the factions of hero «%(hero)s»"),
    "side_size/none": N_("R2.6: this event uses no side deck (found %(found)s cards)"),
    "hero_in_deck/main": N_("R2.3: the hero card «%(card)s» cannot be in the main deck"),
    "hero_in_deck/side": N_("R2.6: the hero card «%(card)s» cannot be in the side deck"),
    "unknown_card": N_("«%(card)s» %(where)s is not a known card"),
    # R2.7, between games: what a sideboard swap did wrong (``params["kind"]``).
    "bad_swap/hero": N_("R2.7: the hero cannot change between games (was «%(was)s», now «%(now)s»)"),
    "bad_swap/one_for_one": N_(
        "R2.7: swaps are one-for-one, but %(out)s card(s) left %(zone)s and %(in)s came in"
    ),
    "bad_swap/entered_deck": N_(
        "R2.7: %(count)s × «%(card)s» entered the deck without leaving the side deck"
    ),
    "bad_swap/left_side": N_("R2.7: %(count)s × «%(card)s» left the side deck without going into the deck"),
    "bad_swap/entered_side": N_(
        "R2.7: %(count)s × «%(card)s» entered the side deck without leaving the deck"
    ),
    "bad_swap/left_deck": N_("R2.7: %(count)s × «%(card)s» left the deck without going into the side deck"),
    "bad_swap/not_an_order": N_("R2.7: only an Order card may be swapped into the orders, not «%(card)s»"),
}

REFUSALS: dict[str, str] = {
    # R9.5, R10: the game, the seat, the seq, the action's shape
    "game_over": N_("the game is over (%(reason)s)"),
    "no_seat": N_("no seat %(seat)s"),
    "stale_seq": N_("stale action: expected seq %(expected)s, got %(got)s"),
    "not_an_action": N_('an action is a JSON object with a "type"'),
    "card_name_missing": N_("play needs the card's name"),
    # R5.2, R6.3: whose decision, which answers it takes
    "no_decisions_left": N_("you have no decisions left this turn (%(limit)s per turn)"),
    "not_your_decision": N_("it is seat %(seat)s's decision (%(decision)s)"),
    "not_an_act": N_("a decision is play, activate or pass, not %(got)s"),
    "not_a_choice": N_("%(decision)s expects a choose action, not %(got)s"),
    "not_a_mulligan": N_("the opening decision is keep or mulligan, not %(got)s"),
    "mulligan_cards": N_("mulligan needs the list of card names to put back"),
    "mulligan_not_in_hand": N_("«%(card)s» is not in your hand (as many times as listed)"),
    "not_in_hand": N_("«%(card)s» is not in your hand"),
    # R3.2, R7.1, R7.2, R7.5: cells and room
    "bad_cell": N_('a cell is {"line": 1-5, "row": 1-3}'),
    "no_such_cell": N_("no such cell: line %(line)s row %(row)s (lines 1–5, rows 1–3)"),
    "not_your_cell": N_("you can only use a cell of your own tactical segment"),
    "no_free_cell": N_("no free cell for %(card)s"),
    "cell_missing": N_("%(card)s goes to a free cell of yours: send its cell"),
    "cell_taken": N_("line %(line)s row %(row)s is not free"),
    "cell_not_offered": N_("line %(line)s row %(row)s is not a free cell of yours"),
    "no_cell_for_type": N_("a card of type %(type)s does not go to a cell"),
    "location_taken": N_("your location slot already holds %(card)s"),
    "too_expensive": N_("%(card)s costs %(cost)s, you have %(influence)s influence"),
    # R7.6: a card's action
    "no_location": N_("you have no location"),
    "source_missing": N_('activate needs the card\'s "cell" (or "zone": "location"/"hero")'),
    "no_card_in_cell": N_("there is no card of yours in that cell"),
    "no_action": N_("%(card)s has no action"),
    "action_used": N_("%(card)s has already used its action this turn"),
    "action_too_expensive": N_("%(card)s's action costs %(cost)s, you have %(influence)s"),
    # R7.7: chosen targets
    "targets_not_a_list": N_("targets must be a list"),
    "no_targets": N_("%(card)s takes no targets"),
    "target_count": N_("%(card)s needs %(expected)s target(s), one per chosen ability, got %(got)s"),
    "target_missing": N_("targets[%(index)s]: choose one for %(effect)s (%(target_kind)s)"),
    "illegal_target": N_("targets[%(index)s]: %(target)s is not a legal %(target_kind)s for %(card)s"),
    "one_target": N_('choose one target: {"type": "choose", "targets": [target]}'),
    "target_not_offered": N_("%(target)s is not a legal target for %(card)s"),
}

REASONS: dict[str, str] = {
    "orders_exhausted": N_("no orders left"),  # R9.1
    "card_effect": N_("a card's effect"),  # R9.2
}

# What each action type does, after the player's name in a replay's line (R5.2, R6.3, R7).
ACTIONS: dict[str, str] = {
    "keep": N_("keeps the opening hand"),  # R5.2
    "mulligan": N_("takes a mulligan"),  # R5.2
    "pass": N_("passes"),  # R6.3
    "play": N_("plays a card"),  # R7.1
    "activate": N_("uses a card's action"),  # R7.6
    "choose": N_("makes a choice"),  # R7.7
    "concede": N_("concedes the game"),
}

# --- the words of its cards, decks and play, as the site shows them ---------------------------

CARD_TYPES: dict[str, InContext] = {
    "hero": NC_("card type", "Hero"),
    "unit": NC_("card type", "Unit"),
    "spell": NC_("card type", "Spell"),
    "trap": NC_("card type", "Trap"),
    "enhancement": NC_("card type", "Enhancement"),
    "location": NC_("card type", "Location"),
    "order": NC_("card type", "Order"),
}

FACTIONS: dict[str, InContext] = {  # R1.3
    "order": NC_("faction", "Order"),
    "technology": NC_("faction", "Technology"),
    "chaos": NC_("faction", "Chaos"),
}

SUPERTYPES: dict[str, InContext] = {
    "legendary": NC_("supertype", "Legendary"),
    # Not "Order": that is the faction's label (R1.3), and an Order card may be of the Order faction.
    "order": NC_("supertype", "Order card"),
}

# Its subtypes, printed in Russian in its sets (R1.1); «Страж» is said as Chronomagia says it.
CARD_VALUES: dict[str, InContext] = {
    "воин": NC_("card trait", "Warrior"),
    "гоблин": NC_("card trait", "Goblin"),
    "демон": NC_("card trait", "Demon"),
    "зверь": NC_("card trait", "Beast"),
    "инженер": NC_("card trait", "Engineer"),
    "культист": NC_("card trait", "Cultist"),
    "маг": NC_("card trait", "Mage"),
    "орк": NC_("card trait", "Orc"),
    "разведчик": NC_("card trait", "Scout"),
    "робот": NC_("card trait", "Robot"),
    "рыцарь": NC_("card trait", "Knight"),
    "советник": NC_("card trait", "Advisor"),
    "человек": NC_("card trait", "Human"),
}

# Its zones (R2.1, R2.6): the English labels are the zones' first text headers, title-cased.
ZONES: dict[str, InContext] = {
    "hero": ZONE_HERO,
    "orders": NC_("deck zone", "Orders"),
    "main": ZONE_MAIN,
    "side": ZONE_SIDE,
}

# The play page's and the judges' words for its phases (R5, R6) and decisions (R5.2, R6.3, R7.7).
PHASES: dict[str, str] = {
    "mulligan": N_("Opening hands"),
    "start": N_("Start of turn"),
    "draw": N_("Draw"),
    "actions": N_("Actions"),
    "combat": N_("Combat"),
    "end": N_("End of turn"),
    "recovery": N_("Recovery"),
    "over": N_("Game over"),
}

# Decision kinds keep their keys as the English labels (the pages showed them so).
DECISIONS: dict[str, InContext] = {
    "mulligan": NC_("decision", "mulligan"),
    "act": NC_("decision", "act"),
    "choose_cell": NC_("decision", "choose_cell"),
    "choose_target": NC_("decision", "choose_target"),
    "wait": NC_("decision", "wait"),
}

# How the site says an action in full (the judges' log, a replay with every card shown), as the
# engine's ``describe_action`` says it in English: places on the tactical field (R3.2), targets
# (R7.7) and cards by name.
SENTENCES: dict[str, str | Plural] = {
    "place": N_("line %(line)s row %(row)s"),
    "no_target": N_("no target"),
    "target_hero": N_("seat %(n)s (the player)"),
    "target_location": N_("seat %(n)s's location"),
    "target_card": N_("seat %(n)s's card at %(place)s"),
    "targeting": N_(", targeting %(targets)s"),
    "keep": N_("keep the opening hand"),
    "mulligan": NN_("mulligan %(n)s card: %(cards)s", "mulligan %(n)s cards: %(cards)s"),
    "nothing": N_("nothing"),
    "pass": N_("pass"),
    "play_to": N_("play %(card)s to %(place)s%(tail)s"),
    "play": N_("play %(card)s%(tail)s"),
    "activate_hero": N_("use the action of the hero%(tail)s"),
    "activate_location": N_("use the action of the location%(tail)s"),
    "activate_card": N_("use the action of the card at %(place)s%(tail)s"),
    "choose": N_("choose %(what)s"),
}


TEXTS = GameTexts(
    violations=VIOLATIONS,
    refusals=REFUSALS,
    reasons=REASONS,
    actions=ACTIONS,
    variant=variant,
    action_sentences="cells",  # its actions name places and cards by name: the site's describe_action
    sentences=SENTENCES,
    card_types=CARD_TYPES,
    factions=FACTIONS,
    supertypes=SUPERTYPES,
    card_fields={"subtypes": NC_("card field", "subtypes")},
    card_values=CARD_VALUES,
    zones=ZONES,
    places={"hero": IN_HERO, "main": IN_MAIN, "side": IN_SIDE},
    # R2.7: the zone cards left in a swap.
    swap_from={"main": NC_("cards left it", "the main deck"), "orders": NC_("cards left it", "the orders")},
    phases=PHASES,
    decisions=DECISIONS,
    swap_rule="R2.7",
)
