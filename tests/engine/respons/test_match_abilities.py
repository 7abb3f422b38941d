"""Abilities (ABILITIES.md): one handler per vocabulary kind, each with its own test."""

import pytest
from match_builders import (
    ability,
    at,
    enhancement,
    events_of,
    location,
    pass_,
    pass_both,
    play,
    put,
    scripted,
    spell,
    target,
    trap,
    unit,
    unit_at,
)

from engine.games.respons import abilities
from engine.games.respons.abilities import STATIC, Moment
from engine.games.respons.match import IllegalAction, Match
from engine.games.respons.vocabulary import EFFECTS, TARGETS, TRIGGERS

MIDDLE = unit("Middle", 3)
WALL = location("Wall", 4, cost=1)
HERALD = unit("Herald", 1, abilities=[ability("on_play", "draw", "you", 1)])
GROWER = unit("Grower", 2, abilities=[ability("start_of_turn", "strengthen", "self", 1)])
SUNSET = unit("Sunset", 2, abilities=[ability("end_of_turn", "draw", "you", 1)])
CANNON = unit("Cannon", 2, abilities=[ability("start_of_combat", "damage", "enemy_front_in_line", 1)])
MARTYR = unit("Martyr", 1, abilities=[ability("on_destroyed", "damage", "all_enemy_units", 1)])
DRUM = enhancement("War Drum", abilities=[ability("ally_attacks_in_line", "strengthen", "attacker", 2)])
PIT = trap("Pit", abilities=[ability("enemy_attacks_in_line", "damage", "attacker", 2)])
SNIPER = unit("Sniper", 1, abilities=[ability("activated", "damage", "chosen_enemy_unit", 1, cost=1)])
BANNER = enhancement("Banner", abilities=[ability("static", "strengthen", "own_units_in_line", 1)])
BOLT = spell("Bolt", abilities=[ability("on_play", "damage", "chosen_enemy_unit", 1)])
QUAKE = spell("Quake", abilities=[ability("on_play", "damage", "enemy_location", 2)])
BLESS = spell("Bless", abilities=[ability("on_play", "strengthen", "chosen_own_unit", 2)])
STUDY = spell("Study", abilities=[ability("on_play", "draw", "you", 2)])
TITHE = spell("Tithe", abilities=[ability("on_play", "gain_influence", "you", 3)])
SMITE = spell("Smite", abilities=[ability("on_play", "destroy", "chosen_enemy_unit")])
BOUNCE = spell("Bounce", abilities=[ability("on_play", "return_to_hand", "chosen_enemy_unit")])
BANISH = spell("Banish", abilities=[ability("on_play", "remove_to_space", "chosen_unit")])
DOOM = spell("Doom", abilities=[ability("on_play", "player_loses", "opponent")])
CROWN = spell("Crown", abilities=[ability("on_play", "you_win", "you")])
ORDER_BOLT = spell(
    "Order Bolt", cost=0, order=True, abilities=[ability("on_play", "damage", "chosen_unit", 5)]
)
# Orders that do nothing, so that a hit on a hero asks nobody for a cell.
SIGNALS = [spell(f"Signal {i}", cost=0, order=True) for i in range(1, 6)]

CARDS = [
    MIDDLE, WALL, HERALD, GROWER, SUNSET, CANNON, MARTYR, DRUM, PIT, SNIPER, BANNER, BOLT, QUAKE,
    BLESS, STUDY, TITHE, SMITE, BOUNCE, BANISH, DOOM, CROWN, ORDER_BOLT, *SIGNALS,
]  # fmt: skip
POOL = [card.name for card in CARDS if not card.is_order]


def table(*top: str, orders: list[str] | None = None) -> Match:
    """Return a match where both hands hold ``top`` (then the rest of the pool, then Soldiers)."""
    main = [*top, *(name for name in POOL if name not in top)]
    main += ["Soldier"] * (30 - len(main))
    signals = [card.name for card in SIGNALS]
    return scripted(CARDS, main, main, orders0=signals, orders1=orders or signals)


# --- the registries ---------------------------------------------------------------------------


def test_it_has_one_handler_for_every_vocabulary_kind() -> None:
    assert set(abilities.TRIGGERS) == set(TRIGGERS)
    assert set(abilities.EFFECTS) == set(EFFECTS)
    assert set(abilities.TARGETS) == set(TARGETS)


def test_it_refuses_to_register_a_word_outside_the_vocabulary() -> None:
    with pytest.raises(KeyError):
        abilities.effect("teleport")(lambda *args: None)


# --- triggers -----------------------------------------------------------------------------------


def test_it_fires_on_play_when_the_card_is_played() -> None:
    match = table()
    hand = len(match.seats[0].hand)
    events = play(match, 0, "Herald", 1, 1)
    assert [e.type for e in events] == ["play", "draw"] and len(match.seats[0].hand) == hand


def test_it_fires_start_of_turn_while_on_the_field() -> None:
    match = table()
    put(match, 0, "Grower", [(5, 3)])
    events = pass_both(match)
    assert unit_at(match, 0, 5, 3).strength == 3  # R6.1: after the turn-2 start (R6.6 cleared turn 1)
    assert events_of(events, "effect")[-1]["source"] == "Grower"


def test_it_fires_end_of_turn_while_on_the_field() -> None:
    match = table()
    put(match, 0, "Sunset", [(5, 3)])
    events = pass_both(match)
    types = [e.type for e in events]
    end = types.index("recovery")
    sunset_draws = [
        i for i, e in enumerate(events) if e.type == "draw" and e.public.get("source") == "Sunset"
    ]
    assert sunset_draws and sunset_draws[0] < end  # R6.5, before recovery


def test_it_fires_start_of_combat_before_the_first_line() -> None:
    match = table()
    put(match, 0, "Cannon", [(2, 1)])
    put(match, 1, "Middle", [(2, 1)])
    events = pass_both(match)
    collision = events_of(events, "collision")[0]
    assert collision["defender"]["strength"] == 2  # Middle took 1 at the start of combat (R6.4)


def test_it_fires_on_destroyed_when_the_card_goes_to_the_graveyard() -> None:
    match = table()
    put(match, 0, "Martyr", [(3, 1)])
    put(match, 1, "Soldier", [(3, 1)])
    put(match, 1, "Soldier", [(4, 1)])
    pass_both(match)
    assert unit_at(match, 1, 3, 1) is None  # 2 - 1 (collision) - 1 (Martyr) = 0
    assert unit_at(match, 1, 4, 1).strength == 2  # recovered; it survived with 1


def test_it_fires_ally_attacks_in_line_for_the_owners_attacker() -> None:
    match = table()
    put(match, 0, "War Drum", [(1, 3)])
    put(match, 0, "Soldier", [(1, 1)])
    put(match, 1, "Middle", [(1, 1)])
    events = pass_both(match)
    assert events_of(events, "collision")[0]["attacker"]["strength"] == 4  # 2 + 2 before hitting
    assert unit_at(match, 1, 1, 1) is None


def test_it_fires_a_face_down_trap_when_an_enemy_attacks_in_its_line_and_reveals_it() -> None:
    match = table()
    put(match, 0, "Pit", [(4, 2)])
    put(match, 1, "Soldier", [(4, 1)])
    assert match.observation(1)["seats"][0]["cells"][0]["card"] is None
    events = pass_both(match)
    types = [e.type for e in events]
    assert types.index("trap_revealed") < types.index("trap_spent")  # R7.3
    assert match.seats[0].hits_taken == 0 and unit_at(match, 1, 4, 1) is None  # died before hitting
    assert [inst.name for inst in match.seats[0].graveyard] == ["Pit"]  # spent [decision R7.3]


def test_it_fires_activated_abilities_with_their_targets() -> None:
    match = table()
    put(match, 0, "Sniper", [(2, 3)])
    put(match, 1, "Middle", [(3, 1)])
    events = match.apply(0, {"type": "activate", "cell": at(2, 3), "targets": [target(1, 3, 1)]})
    assert events_of(events, "effect")[0]["now"] == 2 and match.seats[0].influence == 4


def test_it_applies_static_abilities_continuously_to_their_targets() -> None:
    match = table("Banner", "Middle")
    put(match, 0, "Soldier", [(2, 1), (3, 1)])
    play(match, 0, "Banner", 2, 3)
    assert unit_at(match, 0, 2, 1).strength == 3 and unit_at(match, 0, 3, 1).strength == 2  # R7.9
    pass_(match, 1)
    play(match, 0, "Middle", 2, 2)
    assert unit_at(match, 0, 2, 2).strength == 4  # a unit entering the line gets it too


def test_it_ignores_static_abilities_of_a_face_down_trap() -> None:
    hidden = trap("Hidden Banner", abilities=[ability("static", "strengthen", "own_units_in_line", 1)])
    match = scripted([hidden], ["Hidden Banner"] + ["Soldier"] * 29)
    put(match, 0, "Soldier", [(1, 1)])
    play(match, 0, "Hidden Banner", 1, 2)
    assert unit_at(match, 0, 1, 1).strength == 2  # R3.5: it would give the trap away


# --- effects --------------------------------------------------------------------------------


def test_it_damages_a_unit() -> None:
    match = table("Bolt")
    put(match, 1, "Middle", [(1, 1)])
    play(match, 0, "Bolt", targets=[target(1, 1, 1)])
    assert unit_at(match, 1, 1, 1).strength == 2


def test_it_damages_a_location() -> None:
    match = table("Quake", "Wall")
    pass_(match, 0)
    play(match, 1, "Wall")
    play(match, 0, "Quake")
    assert match.seats[1].location.strength == 2


def test_it_strengthens_a_unit_until_recovery() -> None:
    match = table("Bless")
    put(match, 0, "Soldier", [(5, 1)])
    play(match, 0, "Bless", targets=[target(0, 5, 1)])
    assert unit_at(match, 0, 5, 1).strength == 4
    pass_both(match)
    assert unit_at(match, 0, 5, 1).strength == 2  # R6.6


def test_it_draws_cards() -> None:
    match = table("Study")
    events = play(match, 0, "Study")
    assert events_of(events, "draw")[0]["count"] == 2 and len(match.seats[0].hand) == 9


def test_it_gains_influence_above_the_supply_until_recovery() -> None:
    match = table("Tithe")
    play(match, 0, "Tithe")
    assert match.seats[0].influence == 7  # 5 - 1 + 3 [decision R7.10]
    pass_both(match)
    assert match.seats[0].influence == 5


def test_it_destroys_a_unit() -> None:
    match = table("Smite")
    put(match, 1, "Martyr", [(2, 1)])
    put(match, 0, "Soldier", [(2, 1)])
    play(match, 0, "Smite", targets=[target(1, 2, 1)])
    assert [i.name for i in match.seats[1].graveyard] == ["Martyr"]
    assert unit_at(match, 0, 2, 1).strength == 1  # its on_destroyed fired


def test_it_returns_a_unit_to_its_owners_hand() -> None:
    match = table("Bounce")
    put(match, 1, "Middle", [(2, 1)])
    hand = len(match.seats[1].hand)
    play(match, 0, "Bounce", targets=[target(1, 2, 1)])
    assert unit_at(match, 1, 2, 1) is None and len(match.seats[1].hand) == hand + 1


def test_it_removes_a_unit_to_space() -> None:
    match = table("Banish")
    put(match, 0, "Middle", [(2, 1)])
    play(match, 0, "Banish", targets=[target(0, 2, 1)])
    assert [i.name for i in match.seats[0].space] == ["Middle"]
    assert match.observation(1)["seats"][0]["space"] == ["Middle"]  # R3.5: public


def test_it_makes_the_target_player_lose() -> None:
    match = table("Doom")
    play(match, 0, "Doom")
    assert (match.result.winner, match.result.reason) == (0, "card_effect")


def test_it_makes_the_cards_owner_win() -> None:
    match = table("Crown")
    pass_(match, 0)
    play(match, 1, "Crown")
    assert (match.result.winner, match.result.reason) == (1, "card_effect")


# --- targets --------------------------------------------------------------------------------

EXPECTED_TARGETS = {
    # source: seat 0's Sniper at line 2 row 2. Board: seat 0 Soldiers at (2,1), (4,1);
    # seat 1 Middle at (2,3) and Soldier at (5,1); seat 1 has the Wall.
    "self": ["0:2:2"],
    "attacker": ["1:5:1"],  # the moment: seat 1's Soldier attacking in line 5
    "chosen_unit": ["0:2:1", "0:2:2", "0:4:1", "1:2:3", "1:5:1"],
    "chosen_own_unit": ["0:2:1", "0:2:2", "0:4:1"],
    "chosen_enemy_unit": ["1:2:3", "1:5:1"],
    "enemy_front_in_line": ["1:2:3"],
    "own_units_in_line": ["0:2:1", "0:2:2"],
    "enemy_units_in_line": ["1:2:3"],
    "all_own_units": ["0:2:1", "0:2:2", "0:4:1"],
    "all_enemy_units": ["1:2:3", "1:5:1"],
    "own_location": [],
    "enemy_location": ["location:1"],
    "you": ["player:0"],
    "opponent": ["player:1"],
}


def _label(found: object) -> str:
    if isinstance(found, int):
        return f"player:{found}"
    if found.zone == 3:  # type: ignore[attr-defined]
        return f"location:{found.owner}"  # type: ignore[attr-defined]
    cell = found.cell  # type: ignore[attr-defined]
    return f"{cell // 15}:{(cell % 15) // 3 + 1}:{cell % 3 + 1}"


@pytest.mark.parametrize("kind", sorted(TARGETS))
def test_it_resolves_each_target_kind(kind: str) -> None:
    match = table()
    put(match, 0, "Soldier", [(2, 1), (4, 1)])
    put(match, 0, "Sniper", [(2, 2)])
    put(match, 1, "Middle", [(2, 3)])
    put(match, 1, "Soldier", [(5, 1)])
    pass_(match, 0)
    play(match, 1, "Wall")
    source = match.cells[0 * 15 + 1 * 3 + 1]
    attacker = match.cells[15 + 4 * 3]
    moment = Moment("attack", attacker, 5) if kind == "attacker" else STATIC
    found = sorted(_label(t) for t in abilities.TARGETS[kind](match, source, moment))
    assert found == EXPECTED_TARGETS[kind]


# --- chosen targets (R7.7) ------------------------------------------------------------------


def test_it_refuses_a_missing_or_wrong_chosen_target() -> None:
    match = table("Bolt")
    put(match, 0, "Soldier", [(1, 1)])
    put(match, 1, "Soldier", [(1, 1)])
    for targets in (None, [], [target(0, 1, 1)], [target(1, 3, 3)], [None]):
        action = {"type": "play", "card": "Bolt"} | ({} if targets is None else {"targets": targets})
        with pytest.raises(IllegalAction) as refused:
            match.apply(0, action)
        assert refused.value.rule == "R7.7"


def test_it_lets_a_chosen_ability_without_candidates_do_nothing() -> None:
    match = table("Bolt", "Smite")
    events = play(match, 0, "Bolt", targets=[None])
    assert [e.type for e in events] == ["play", "spell_resolved"]
    assert {"type": "play", "card": "Smite", "targets": [None]} in match.legal_actions(1)


def test_it_asks_the_owner_of_an_order_for_its_chosen_target() -> None:
    match = table(orders=["Order Bolt"] * 5)
    put(match, 0, "Soldier", [(1, 1)])
    put(match, 0, "Middle", [(3, 1)])
    pass_both(match)  # the Soldier hits seat 1's hero: Order Bolt needs a target
    decision = match.decision()
    assert (decision.kind, decision.seat, decision.card, decision.effect) == (
        "choose_target",
        1,
        "Order Bolt",
        "damage",
    )
    assert match.legal_actions(1)[:-1] == [
        {"type": "choose", "targets": [target(0, 1, 1)]},
        {"type": "choose", "targets": [target(0, 3, 1)]},
    ]
    with pytest.raises(IllegalAction) as refused:
        match.apply(1, {"type": "choose", "targets": [target(0, 2, 1)]})
    assert refused.value.rule == "R7.7"
    match.apply(1, {"type": "choose", "targets": [target(0, 3, 1)]})
    assert unit_at(match, 0, 3, 1) is None  # Middle took 5
