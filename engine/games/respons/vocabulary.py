"""The RESPONSE ability vocabulary: the only words a card set may use.

An ability is a JSON object ``{"trigger": T, "effect": E, ...params}``. Both the
trigger and the effect are *kinds* with one registered handler each in the match
engine (``engine.games.respons.abilities``); the card loader refuses any kind not
listed here (formats.md: an unknown ability kind is a load error). Documented for
card designers in ``engine/games/respons/ABILITIES.md``.
"""

# When an ability fires. "activated" is R7.6 (a cost paid from influence, once a
# turn); "static" is a continuous effect while the card is on the field
# (enhancements modifying the units of their line); the attack triggers are how
# traps fire face down (R7.3).
TRIGGERS: dict[str, str] = {
    "on_play": "when the card is played (a spell resolves; a permanent enters its cell)",
    "start_of_turn": "at the start of each turn (R6.1), while on the field",
    "end_of_turn": "at the end of each turn (R6.5), while on the field",
    "start_of_combat": "at the start of combat (R6.4), while on the field",
    "on_destroyed": "when this card goes from the field to the graveyard",
    "ally_attacks_in_line": "when a unit of this card's owner attacks in this card's line",
    "enemy_attacks_in_line": "when an opposing unit attacks in this card's line",
    "activated": "an action with a cost in influence, at most once a turn (R7.6)",
    "static": "continuously, while this card is on the field",
}

# What an ability does, with the parameters each effect takes besides
# trigger/effect/target/cost.
EFFECTS: dict[str, tuple[str, ...]] = {
    "damage": ("amount",),  # a unit loses strength / a location durability
    "strengthen": ("amount",),  # a unit gains strength (until recovery, R6.6; static: while present)
    "draw": ("amount",),
    "gain_influence": ("amount",),
    "destroy": (),
    "return_to_hand": (),
    "remove_to_space": (),
    "player_loses": (),  # R9.2 "player loses": the target player
    "you_win": (),  # R9.2 "you win": the card's owner
}

# Who or what an effect applies to. "chosen_*" targets are picked by the acting
# player and sent with the action as "targets" (formats.md).
UNIT_TARGETS: tuple[str, ...] = (
    "self",
    "attacker",  # only with the *_attacks_in_line triggers
    "chosen_unit",
    "chosen_own_unit",
    "chosen_enemy_unit",
    "enemy_front_in_line",  # the front-most opposing unit in this card's line
    "own_units_in_line",
    "enemy_units_in_line",
    "all_own_units",
    "all_enemy_units",
)
LOCATION_TARGETS: tuple[str, ...] = ("own_location", "enemy_location")
PLAYER_TARGETS: tuple[str, ...] = ("you", "opponent")
TARGETS: tuple[str, ...] = UNIT_TARGETS + LOCATION_TARGETS + PLAYER_TARGETS

# Which target families each effect accepts.
EFFECT_TARGETS: dict[str, tuple[str, ...]] = {
    "damage": UNIT_TARGETS + LOCATION_TARGETS,
    "strengthen": UNIT_TARGETS,
    "draw": PLAYER_TARGETS,
    "gain_influence": PLAYER_TARGETS,
    "destroy": UNIT_TARGETS + LOCATION_TARGETS,
    "return_to_hand": UNIT_TARGETS,
    "remove_to_space": UNIT_TARGETS,
    "player_loses": PLAYER_TARGETS,
    "you_win": ("you",),
}
