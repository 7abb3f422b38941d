"""RULES.md C9 (attack and defense) and C7.6–C7.9 (the attack's resources), one test or more per
rule, named by its number; each sets up its position directly (match/scenario.py)."""

from __future__ import annotations

from chronomagia_builders import ab, act, events_of, on_field, position, refusal, row, same

RAIDER = {"name": "Raider", "type": "thoughtform", "cost": 1, "rows": same(row({"attack": 5}))}
WALL = {"name": "Wall", "type": "thoughtform", "cost": 1, "rows": same(row({"defense": 2}))}
SWIFT_WALL = {
    "name": "Swift Wall",
    "type": "thoughtform",
    "cost": 1,
    "rows": same(row({"defense": 3}, keywords=("haste",))),
}
BERSERK = {
    "name": "Berserk",
    "type": "thoughtform",
    "cost": 1,
    "rows": same(row({"attack": 4, "self_damage": 2})),
}
BURNER = {"name": "Burner", "type": "thoughtform", "cost": 1, "rows": same(row({"damage": 3}))}
FORT = {"name": "Fort", "type": "terrain", "cost": 1, "lives": 4, "rows": same(row({}))}
FIREBALL = {
    "name": "Fireball",
    "type": "thoughtform",
    "cost": 0,
    "rows": same(row(None, ab("spell", "damage", 3))),
}


def attack_step(*cards, attacker=(), defender=(), **seats):
    return position(
        RAIDER, WALL, SWIFT_WALL, BERSERK, BURNER, FORT, FIREBALL, *cards, step="attack", turn=3, active=0,
        seats=(
            {"field": list(attacker), **seats.get("a", {})},
            {"field": list(defender), **seats.get("b", {})},
        ),
    )  # fmt: skip


def test_c9_1_the_attack_is_the_attackers_attack_minus_the_defenders_defense() -> None:
    match = attack_step(attacker=["Raider"], defender=["Wall"])
    decision = match.decision()
    assert decision.kind == "attack" and decision.info["attack"] == 3
    act(match, 0, "attack", opponent=3, terrain=0)
    assert match.seats[1].life == 27


def test_c9_2_a_permanent_that_entered_this_turn_does_not_defend() -> None:
    match = attack_step(attacker=["Raider"], defender=[{"card": "Wall", "new": True}])
    assert match.decision().info["attack"] == 5


def test_c9_2_haste_exempts_a_permanent_from_being_in_play_when_the_turn_began() -> None:
    match = attack_step(attacker=["Raider"], defender=[{"card": "Swift Wall", "new": True}])
    assert match.decision().info["attack"] == 2


def test_c9_2_a_tapped_permanent_does_not_defend() -> None:
    match = attack_step(attacker=["Raider"], defender=[{"card": "Wall", "tapped": True}])
    assert match.decision().info["attack"] == 5


def test_c9_3_the_attacker_splits_attack_and_damage_between_player_and_terrain() -> None:
    match = attack_step(attacker=["Raider", "Burner"], defender=["Fort"])
    assert match.decision().info["damage"] == 3
    assert refusal(match, 0, {"type": "attack", "opponent": 3, "terrain": 5}).rule == "C10.2"
    act(match, 0, "attack", opponent=4, terrain=4)
    assert match.seats[1].life == 26
    assert [inst.name for inst in match.seats[1].graveyard] == ["Fort"]


def test_c9_4_attacking_is_optional() -> None:
    match = attack_step(attacker=["Raider"])
    act(match, 0, "pass")
    assert match.seats[1].life == 30 and match.active == 1


def test_c7_6_damage_is_not_lowered_by_defense_and_armor_absorbs_it() -> None:
    match = attack_step(attacker=["Burner"], defender=["Wall", "Wall"], b={"armor": 1})
    assert match.decision().info == {"attack": 0, "damage": 3, "self_damage": 0, "terrain": None}
    act(match, 0, "attack", opponent=3, terrain=0)
    assert (match.seats[1].life, match.seats[1].armor) == (28, 0)


def test_c7_7_self_damage_is_lost_when_the_attack_is_collected_armor_or_not() -> None:
    match = attack_step(attacker=["Berserk"], a={"armor": 5})
    act(match, 0, "attack", opponent=4, terrain=0)
    assert (match.seats[0].life, match.seats[0].armor, match.seats[1].life) == (28, 5, 26)


def test_c7_7_a_player_who_passes_the_attack_step_collects_no_self_damage() -> None:
    match = attack_step(attacker=["Berserk"])
    act(match, 0, "pass")
    assert match.seats[0].life == 30


def test_c7_7_both_players_at_0_by_the_attack_and_its_self_damage_draw() -> None:
    match = attack_step(attacker=["Berserk"], a={"life": 2}, b={"life": 4})
    act(match, 0, "attack", opponent=4, terrain=0)
    assert match.result.winner is None and match.result.reason == "life"


def test_c7_9_armor_absorbs_the_attack_first() -> None:
    match = attack_step(attacker=["Raider"], b={"armor": 2})
    act(match, 0, "attack", opponent=5, terrain=0)
    assert (match.seats[1].life, match.seats[1].armor) == (27, 0)


def test_c10_2_damage_from_an_effect_may_go_to_the_opponents_terrain() -> None:
    match = position(
        FORT, FIREBALL, turn=3,
        seats=({"hand": ["Fireball"]}, {"field": ["Fort"]}),
    )  # fmt: skip
    act(match, 0, "play", card=match.seats[0].hand[0].id)
    decision = match.decision()
    assert decision.kind == "choose" and decision.info["effect"] == "damage"
    assert [a["terrain"] for a in match.legal_actions(0) if a["type"] == "choose"] == [0, 1, 2, 3]
    events = act(match, 0, "choose", terrain=2)
    assert (match.seats[1].life, on_field(match, 1, "Fort").lives) == (29, 2)
    assert events_of(events, "terrain_hit")[0]["amount"] == 2


def test_c10_2_without_a_terrain_effect_damage_needs_no_choice() -> None:
    match = position(FIREBALL, turn=3, seats=({"hand": ["Fireball"]}, {}))
    act(match, 0, "play", card=match.seats[0].hand[0].id)
    assert match.decision().kind == "main" and match.seats[1].life == 27
