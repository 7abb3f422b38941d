"""RULES.md Y7 (combat), one test or more per rule, named by its number; positions are set up
directly (match/scenario.py)."""

from __future__ import annotations

from typing import Any

from yourwar_builders import USA, act, name, position, refusal, unit

from engine.games.yourwar.match.blocks import MOST_BLOCKS_LISTED


def attacking(card: str, **extra: Any) -> dict[str, Any]:
    return {"card": card, "used": True, "attacking": True, **extra}


def test_y7_1_attacking_uses_the_unit_and_a_used_unit_cannot_attack() -> None:
    match = position(turn=3, seats=({"field": ["Royal Guards", {"card": "Cruiser Polar", "used": True}]}, {}))
    guards = unit(match, 0, "Royal Guards")
    act(match, 0, "attack", unit=guards.id)
    assert guards.used and guards.attacking
    assert refusal(match, 0, "attack", unit=guards.id).code == "not_available"
    assert refusal(match, 0, "attack", unit=unit(match, 0, "Cruiser Polar").id).code == "not_available"


def test_y7_1_attacks_abilities_resolve_when_the_unit_is_put_into_the_attack_zone() -> None:
    match = position(turn=3, seats=({"field": ["Deep Pike Submarine"]}, {}))
    act(match, 0, "attack", unit=unit(match, 0, "Deep Pike Submarine").id)
    assert match.seats[1].health == 21


def block_position() -> Any:
    return position(phase="block", turn=3, seats=(
        {"field": [attacking("Bison Tank Battalion"), attacking("Far Hawk Fighter Flight")]},
        {"field": ["Prairie Rifle Platoon", "Destroyer West Bay", {"card": "Royal Guards", "used": True}]},
    ))  # fmt: skip


def test_y7_2_legal_actions_list_every_block_fewest_pairs_first() -> None:
    match = block_position()
    bison, hawk = (unit(match, 0, n).id for n in ("Bison Tank Battalion", "Far Hawk Fighter Flight"))
    rifles, westbay = (unit(match, 1, n).id for n in ("Prairie Rifle Platoon", "Destroyer West Bay"))
    blocks = [a["blocks"] for a in match.legal_actions(1) if a["type"] == "block"]
    # the rifles may block the Bison only (Y7.3), West Bay either; the used Royal Guards none
    assert blocks == [
        [],
        [[rifles, bison]],
        [[westbay, bison]],
        [[westbay, hawk]],
        [[rifles, bison], [westbay, bison]],
        [[rifles, bison], [westbay, hawk]],
    ]
    for pairs in blocks:  # each is legal as it stands
        built = block_position()
        act(built, 1, "block", blocks=pairs)
        assert built.phase == "intervene"


def test_y7_2_the_list_of_blocks_stops_at_its_bound_on_a_wide_board() -> None:
    match = position(phase="block", turn=3, seats=(
        {"field": [attacking("Destroyer West Bay")] * 5},
        {"field": ["Destroyer West Bay"] * 7},
    ))  # fmt: skip
    blocks = [a for a in match.legal_actions(1) if a["type"] == "block"]
    assert 6**7 > MOST_BLOCKS_LISTED and len(blocks) == MOST_BLOCKS_LISTED
    assert [len(a["blocks"]) for a in blocks] == sorted(len(a["blocks"]) for a in blocks)


def test_y7_2_each_blocker_blocks_once_only_unused_units_block_and_several_may_block_one() -> None:
    match = block_position()
    bison = unit(match, 0, "Bison Tank Battalion").id
    rifles, westbay, guards = (unit(match, 1, n).id for n in
                               ("Prairie Rifle Platoon", "Destroyer West Bay", "Royal Guards"))  # fmt: skip
    assert refusal(match, 1, "block", blocks=[[rifles, bison], [rifles, bison]]).code == "blocks_twice"
    assert refusal(match, 1, "block", blocks=[[guards, bison]]).code == "not_available"
    act(match, 1, "block", blocks=[[rifles, bison], [westbay, bison]])
    assert match.blocks == {bison: [rifles, westbay]} and not unit(match, 1, "Destroyer West Bay").used


def test_y7_3_a_ground_unit_cannot_block_an_air_unit() -> None:
    match = block_position()
    hawk, rifles = unit(match, 0, "Far Hawk Fighter Flight").id, unit(match, 1, "Prairie Rifle Platoon").id
    refused = refusal(match, 1, "block", blocks=[[rifles, hawk]])
    assert (refused.rule, refused.code) == ("Y7.3", "ground_blocks_air")


def test_y7_4_unblocked_attackers_hit_the_player_for_the_sum_of_their_attack() -> None:
    match = position(phase="block", turn=3, seats=(
        {"field": [attacking("Bison Tank Battalion"), attacking("Royal Guards")]}, {}))  # fmt: skip
    act(match, 1, "block", blocks=[])
    act(match, 0, "proceed")
    assert match.seats[1].health == 22 - 4 - 2


def test_y7_4_a_blocked_attacker_whose_blockers_are_gone_deals_nothing_to_the_player() -> None:
    match = position(phase="intervene", turn=3, blocks=[[None, 0]],
                     seats=({"field": [attacking("Bison Tank Battalion")]}, {}))  # fmt: skip
    act(match, 0, "proceed")
    assert match.seats[1].health == 22 and match.phase == "final"


def test_y7_5_while_intervening_the_attacker_plays_no_unit_but_artillery() -> None:
    match = position(phase="intervene", turn=3, blocks=[[0, 0]], seats=(
        {"bases": [USA] * 4, "hand": ["Prairie Rifle Platoon", "Howitzer Salvo"],
         "field": [attacking("Royal Guards")]},
        {"field": ["Bison Tank Battalion"]},
    ))  # fmt: skip
    refused = refusal(match, 0, "play", card="Prairie Rifle Platoon")
    assert (refused.rule, refused.code) == ("Y7.5", "not_while_intervening")
    act(match, 0, "play", card="Howitzer Salvo", target=unit(match, 1, "Bison Tank Battalion").id)
    act(match, 0, "proceed")
    assert match.seats[1].destroyed[0].name == name("Bison Tank Battalion")


def split_position() -> Any:
    return position(phase="intervene", turn=3, blocks=[[0, 0], [1, 0]], seats=(
        {"field": [attacking("Bison Tank Battalion")]},
        {"field": ["Prairie Rifle Platoon", "Royal Guards"]},
    ))  # fmt: skip


def test_y7_6_an_attacker_with_several_blockers_splits_exactly_its_attack() -> None:
    match = split_position()
    act(match, 0, "proceed")
    assert match.decision().kind == "assign"  # type: ignore[union-attr]
    bison = unit(match, 0, "Bison Tank Battalion").id
    rifles, guards = unit(match, 1, "Prairie Rifle Platoon").id, unit(match, 1, "Royal Guards").id
    assert refusal(match, 0, "assign", split=[[bison, rifles, 1], [bison, guards, 1]]).code == "bad_split"
    act(match, 0, "assign", split=[[bison, rifles, 0], [bison, guards, 4]])
    side = match.seats[1]
    assert [i.name for i in side.destroyed] == [name("Royal Guards")]
    assert [i.name for i in side.field] == [name("Prairie Rifle Platoon")]


def test_y7_7_combat_damage_is_simultaneous() -> None:
    match = position(phase="intervene", turn=3, blocks=[[0, 0]], seats=(
        {"field": [attacking("Royal Guards")]},  # 2/4
        {"field": [{"card": "Bison Tank Battalion", "damage": 2}]},  # 4/4 with 2 damage
    ))  # fmt: skip
    act(match, 0, "proceed")
    assert match.seats[0].field == [] and match.seats[1].field == []


def test_y7_8_a_tank_destroyer_deals_one_more_to_each_ground_blocker() -> None:
    match = position(phase="intervene", turn=3, blocks=[[0, 0]], seats=(
        {"field": [attacking("Rattler Tank Destroyer")]},  # 3/2
        {"field": ["Bison Tank Battalion"]},  # 4/4
    ))  # fmt: skip
    act(match, 0, "proceed")
    assert match.seats[1].destroyed[0].name == name("Bison Tank Battalion")


def test_y7_8_a_bomber_deals_one_less_to_a_fighter_and_one_to_every_ground_unit() -> None:
    match = position(phase="intervene", turn=3, blocks=[[0, 0]], seats=(
        {"field": [attacking("Plains Thunder Bomber")]},  # 4/3
        {"field": ["Far Hawk Fighter Flight", "Royal Guards", "Destroyer West Bay"]},  # 2/3, 2/4, 3/4
    ))  # fmt: skip
    act(match, 0, "proceed")
    assert match.seats[1].destroyed[0].name == name("Far Hawk Fighter Flight")  # 4 − 1 = 3
    assert [(i.name, i.damage) for i in match.seats[1].field] == [
        (name("Royal Guards"), 1), (name("Destroyer West Bay"), 0),
    ]  # fmt: skip


def test_y7_8_artillery_deals_one_more_to_tank_destroyers_and_none_to_sea_units() -> None:
    match = position(turn=3, seats=(
        {"bases": [USA] * 4, "hand": ["Mortar Barrage", "Mortar Barrage"]},
        {"field": ["Rattler Tank Destroyer", "Destroyer West Bay"]},
    ))  # fmt: skip
    act(match, 0, "play", card="Mortar Barrage", target=unit(match, 1, "Destroyer West Bay").id)
    assert unit(match, 1, "Destroyer West Bay").damage == 0
    act(match, 0, "play", card="Mortar Barrage", target=unit(match, 1, "Rattler Tank Destroyer").id)
    assert match.seats[1].destroyed[0].name == name("Rattler Tank Destroyer")  # 1 + 1 combo + 1 = 3 ≥ 2


def test_y7_9_damage_and_until_end_of_turn_bonuses_wear_off_at_the_end_of_the_turn() -> None:
    match = position(turn=3, seats=(
        {"field": [{"card": "Royal Guards", "damage": 3, "attack_bonus": 2, "defense_bonus": 1}]},
        {"deck": ["Cruiser Polar"]},
    ))  # fmt: skip
    guards = unit(match, 0, "Royal Guards")
    assert (match.attack_of(guards), match.defense_of(guards)) == (4, 5)
    act(match, 0, "end")
    assert (guards.damage, match.attack_of(guards), match.defense_of(guards)) == (0, 2, 4)


def test_y7_10_survivors_stay_on_the_field_used_and_the_final_phase_follows() -> None:
    match = position(phase="intervene", turn=3, blocks=[[0, 0]], seats=(
        {"field": [attacking("Bison Tank Battalion")]}, {"field": ["Prairie Rifle Platoon"]}))  # fmt: skip
    act(match, 0, "proceed")
    bison = unit(match, 0, "Bison Tank Battalion")
    assert bison.used and not bison.attacking and match.phase == "final"
    assert refusal(match, 0, "attack", unit=bison.id).code == "wrong_action"
