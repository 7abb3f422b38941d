"""RULES.md Y8 (keywords and abilities), one test or more per keyword and effect word, named by
the rule; positions are set up directly (match/scenario.py)."""

from __future__ import annotations

from typing import Any

import pytest
from yourwar_builders import UK, USA, USSR, act, events_of, load, name, position, refusal, unit

from engine.problems import CardSetError


def attacking(card: str, **extra: Any) -> dict[str, Any]:
    return {"card": card, "used": True, "attacking": True, **extra}


def test_y8_fast_a_fast_unit_attacks_the_turn_it_comes_into_play() -> None:
    match = position(turn=3, seats=({"bases": [UK, UK], "hand": ["Fog Commandos"]}, {}))
    act(match, 0, "play", card="Fog Commandos")
    act(match, 0, "attack", unit=unit(match, 0, "Fog Commandos").id)


def test_y8_leader_gives_the_owners_other_attackers_its_number_while_it_attacks() -> None:
    match = position(turn=3, seats=({"field": ["Condor Field HQ", "Prairie Rifle Platoon"]}, {}))  # leader 2
    rifles = unit(match, 0, "Prairie Rifle Platoon")
    act(match, 0, "attack", unit=rifles.id)
    assert match.attack_of(rifles) == 1
    act(match, 0, "attack", unit=unit(match, 0, "Condor Field HQ").id)
    assert match.attack_of(rifles) == 3 and match.attack_of(unit(match, 0, "Condor Field HQ")) == 1


def test_y8_colonel_the_earliest_linked_bodyguard_takes_the_colonels_damage() -> None:
    match = position(turn=3, seats=(
        {"bases": [USA] * 3, "hand": ["Howitzer Salvo"]},
        {"field": ["Ural Hammer Tank Brigade", "Royal Guards", "Birch Guards Regiment"],
         "guards": [[2, 0], [1, 0]]},
    ))  # fmt: skip
    act(match, 0, "play", card="Howitzer Salvo", target=unit(match, 1, "Ural Hammer Tank Brigade").id)
    assert [i.name for i in match.seats[1].destroyed] == [name("Birch Guards Regiment")]
    assert unit(match, 1, "Ural Hammer Tank Brigade").damage == 0 == unit(match, 1, "Royal Guards").damage


def test_y8_colonel_guard_links_up_to_its_number_of_bodyguards() -> None:
    match = position(
        turn=3, seats=({"field": ["Ranger Sergeant Stone", "Royal Guards", "Cruiser Polar"]}, {})
    )
    stone, guards, polar = (
        unit(match, 0, n).id for n in ("Ranger Sergeant Stone", "Royal Guards", "Cruiser Polar")
    )
    act(match, 0, "guard", colonel=stone, unit=guards)
    assert refusal(match, 0, "guard", colonel=stone, unit=polar).code == "bad_guard"
    assert refusal(match, 0, "guard", colonel=polar, unit=guards).code == "not_a_colonel"


def test_y8_from_destroyed_a_property_is_used_from_the_destroyed_pile() -> None:
    match = position(turn=3, seats=({"bases": [USA, USA], "destroyed": ["Captured Shells"]}, {}))
    act(match, 0, "use", card=match.seats[0].destroyed[0].id, ability=1)
    assert [i.name for i in match.seats[0].hand] == [name("Captured Shells")]


def test_y8_combo_adds_its_bonus_when_the_named_type_was_played_this_turn() -> None:
    match = position(
        turn=3, seats=({"bases": [USA], "hand": ["Mortar Barrage"], "played": ["artillery"]}, {})
    )
    act(match, 0, "play", card="Mortar Barrage", target={"seat": 1})
    assert match.seats[1].health == 20


@pytest.mark.parametrize(
    ("trigger_card", "where", "check"),
    [
        ("Coyote Recon Patrol", "hand", "draw"),  # play: draw
        ("Patrol Ship Ladoga-2", "field", "heal"),  # start_of_turn: heal
    ],
)
def test_y8_play_and_start_of_turn_triggers(trigger_card: str, where: str, check: str) -> None:
    if where == "hand":
        match = position(
            turn=3, seats=({"bases": [USA], "hand": [trigger_card], "deck": ["Royal Guards"]}, {})
        )
        act(match, 0, "play", card=trigger_card)
        assert len(match.seats[0].hand) == 1
    else:
        match = position(phase="start", turn=3, seats=({"field": [trigger_card], "health": 5,
                                                        "deck": ["Royal Guards"]}, {}))  # fmt: skip
        assert match.seats[0].health == 6 and events_of(match.initial_events, check)


def test_y8_destroyed_trigger_resolves_when_the_unit_is_destroyed() -> None:
    match = position(turn=3, seats=({"bases": [USA] * 2, "hand": ["Howitzer Salvo"]},
                                    {"field": ["Canyon Mountain Rifles"]}))  # fmt: skip
    act(match, 0, "play", card="Howitzer Salvo", target=unit(match, 1, "Canyon Mountain Rifles").id)
    assert match.seats[0].health == 21


def test_y8_damage_all_destroy_and_destroy_support() -> None:
    match = position(turn=3, seats=(
        {"bases": [USSR] * 4, "hand": ["Storm Rocket Salvo", "Field Engineers"]},
        {"field": ["Prairie Rifle Platoon", "Coyote Recon Patrol"], "support": ["Field Hospital"]},
    ))  # fmt: skip
    act(match, 0, "play", card="Storm Rocket Salvo")
    assert [i.name for i in match.seats[1].field] == [name("Prairie Rifle Platoon")]
    act(match, 0, "play", card="Field Engineers", target=match.seats[1].support[0].id)
    assert match.seats[1].support == []


def test_y8_untap_a_unit_and_attack_until_end_of_turn() -> None:
    match = position(turn=3, seats=({"bases": [UK, UK], "hand": ["Night Raid"],
                                     "field": [{"card": "Royal Guards", "used": True}]}, {}))  # fmt: skip
    guards = unit(match, 0, "Royal Guards")
    act(match, 0, "play", card="Night Raid", target=guards.id)
    assert not guards.used and match.attack_of(guards) == 3


def test_y8_extra_base_lets_one_more_base_be_built_this_turn() -> None:
    match = position(turn=3, seats=({"bases": [USA], "builds": 0, "hand": ["Supply Line", USA]}, {}))
    act(match, 0, "play", card="Supply Line")
    act(match, 0, "build", card=USA)
    assert len(match.seats[0].bases) == 2


# --- a unit's bonus while it stays in play ------------------------------------------------------------


def test_y8_attack_in_play_stays_past_the_end_of_the_turn() -> None:
    match = position(turn=3, seats=({"bases": [USA], "hand": ["Baptism of Fire"], "field": ["Royal Guards"]},
                                    {"deck": ["Cruiser Polar"]}))  # fmt: skip
    guards = unit(match, 0, "Royal Guards")
    act(match, 0, "play", card="Baptism of Fire", target=guards.id)
    act(match, 0, "end")
    assert match.attack_of(guards) == 3 and match.observation(1)["seats"][0]["field"][0]["attack"] == 3


def test_y8_defense_in_play_stays_past_the_end_of_the_turn_and_leaves_with_the_unit() -> None:
    match = position(turn=3, seats=(
        {"bases": [USSR, USA, USA], "hand": ["Armour Plating", "Howitzer Salvo"],
         "field": ["Birch Guards Regiment"]},
        {"deck": ["Cruiser Polar"]},
    ))  # fmt: skip
    birch = unit(match, 0, "Birch Guards Regiment")  # 2/3
    act(match, 0, "play", card="Armour Plating", target=birch.id)
    act(match, 0, "play", card="Howitzer Salvo", target=birch.id)
    assert birch.damage == 3 and match.defense_of(birch) == 5  # it survives 3 damage
    act(match, 0, "end")
    assert match.defense_of(birch) == 5
    match = position(phase="intervene", turn=3, blocks=[[0, 0]], seats=(
        {"field": [attacking("Bison Tank Battalion")]},
        {"field": [{"card": "Birch Guards Regiment", "damage": 1, "defense_in_play": 2}]},
    ))  # fmt: skip
    act(match, 0, "proceed")
    dead = match.seats[1].destroyed[0]
    assert dead.name == name("Birch Guards Regiment") and dead.defense_in_play == 0


def test_y8_attack_in_play_without_a_target_goes_to_the_unit_itself_each_time_it_attacks() -> None:
    match = position(turn=3, seats=({"field": ["Dunkirk Veterans"]}, {"deck": ["Cruiser Polar"] * 2}))
    veterans = unit(match, 0, "Dunkirk Veterans")
    act(match, 0, "attack", unit=veterans.id)
    assert match.attack_of(veterans) == 3
    act(match, 0, "end")
    act(match, 1, "block", blocks=[])
    act(match, 0, "proceed")
    assert match.seats[1].health == 19
    assert match.attack_of(veterans) == 3  # still, in the final phase and after


# --- heal aimed at a player ---------------------------------------------------------------------------


def test_y8_heal_goes_to_the_player_chosen_either_seat_and_has_no_maximum() -> None:
    match = position(turn=3, seats=({"bases": [USA] * 4, "hand": ["Relief Convoy", "Relief Convoy"]},
                                    {"health": 4}))  # fmt: skip
    targets = [a.get("target") for a in match.legal_actions(0) if a.get("card") == name("Relief Convoy")]
    assert targets == [{"seat": 1}, {"seat": 0}]
    assert refusal(match, 0, "play", card="Relief Convoy").code == "target_missing"
    act(match, 0, "play", card="Relief Convoy", target={"seat": 1})
    act(match, 0, "play", card="Relief Convoy", target={"seat": 0})
    assert [s.health for s in match.seats] == [25, 7]


def test_y8_heal_without_a_target_goes_to_its_controller() -> None:
    match = position(turn=3, seats=({"support": ["Field Hospital"], "health": 30}, {}))
    act(match, 0, "use", card=match.seats[0].support[0].id, ability=0)
    assert [s.health for s in match.seats] == [32, 22]


BASE_CARD = {"type": "support", "country": None, "cost": 1}


def ability_problems(name_: str, card: dict[str, Any]) -> list[str]:
    with pytest.raises(CardSetError) as error:
        load([{"name": name_, **BASE_CARD, **card}])
    return [str(problem) for problem in error.value.problems]


def test_y8_heal_aimed_at_a_unit_is_a_load_error_naming_the_card_and_the_field() -> None:
    problems = ability_problems("Field Kitchen", {"abilities": [
        {"trigger": "play", "effect": "heal", "amount": 2, "target": "own_unit"}]})  # fmt: skip
    assert len(problems) == 1
    assert problems[0].startswith("cards[0].abilities[0].target") and "Field Kitchen" in problems[0]
    heal = {"trigger": "destroyed", "effect": "heal", "amount": 2, "target": "player"}
    unit_card = {"type": "unit", "country": "usa", "domain": "ground", "attack": 1, "defense": 1}
    problems = ability_problems("Field Kitchen", {**unit_card, "abilities": [heal]})
    assert len(problems) == 1 and "chooses no player" in problems[0]


def test_y8_a_lasting_bonus_is_a_load_error_where_it_cannot_go() -> None:
    cases = {
        "target": {"trigger": "play", "effect": "attack_in_play", "amount": 1},  # none on a support
        "trigger": {"trigger": "static", "effect": "defense_in_play", "amount": 1, "target": "own_unit"},
        "amount": {"trigger": "play", "effect": "defense_in_play", "target": "own_unit"},
    }
    for field, ability in cases.items():
        problems = ability_problems("Drill", {"abilities": [ability]})
        assert any(p.startswith(f"cards[0].abilities[0].{field}") and "Drill" in p for p in problems), (
            problems
        )
    problems = ability_problems("Drill", {"abilities": [
        {"trigger": "play", "effect": "attack_in_play", "amount": 1, "target": "enemy_player"}]})  # fmt: skip
    assert len(problems) == 1 and "goes to one unit" in problems[0]
