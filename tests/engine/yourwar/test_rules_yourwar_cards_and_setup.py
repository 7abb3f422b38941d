"""RULES.md Y1 (cards), Y2 (deck construction), Y3 (zones) and Y4 (setup), one test or more per
rule, named by its number, and the paper-event contract; positions are set up directly
(match/scenario.py)."""

from __future__ import annotations

from typing import Any

import pytest
from yourwar_builders import CATALOG, UK, USA, USSR, act, load, name, position, refusal, unit

from engine.catalog import Catalog
from engine.decklist import Decklist
from engine.games.yourwar import RULES
from engine.games.yourwar.match.core import new_match
from engine.problems import CardSetError, InputError

ENGINE = RULES.match_engine
assert ENGINE is not None


def test_y1_1_a_one_shot_support_goes_to_the_destroyed_pile_a_permanent_one_stays() -> None:
    match = position(seats=({"bases": [USA, USA, USA], "hand": ["Camouflage Nets", "Field Hospital"],
                             "field": ["Prairie Rifle Platoon"]}, {}))  # fmt: skip
    act(match, 0, "play", card="Camouflage Nets", target=unit(match, 0, "Prairie Rifle Platoon").id)
    act(match, 0, "play", card="Field Hospital")
    side = match.seats[0]
    assert [i.name for i in side.destroyed] == [name("Camouflage Nets")]
    assert [i.name for i in side.support] == [name("Field Hospital")]


def test_y1_2_a_tank_destroyer_is_a_ground_unit_and_cannot_block_an_air_unit() -> None:
    match = position(phase="block", turn=3, seats=(
        {"field": [{"card": "Far Hawk Fighter Flight", "used": True, "attacking": True}]},
        {"field": ["Rattler Tank Destroyer", "Destroyer West Bay"]},
    ))  # fmt: skip
    hawk = unit(match, 0, "Far Hawk Fighter Flight").id
    rattler, westbay = (unit(match, 1, n).id for n in ("Rattler Tank Destroyer", "Destroyer West Bay"))
    assert refusal(match, 1, "block", blocks=[[rattler, hawk]]).code == "ground_blocks_air"
    act(match, 1, "block", blocks=[[westbay, hawk]])  # Y7.3: a sea unit may block it


def test_y1_3_defense_is_the_damage_that_destroys_a_unit() -> None:
    match = position(seats=({"bases": [USA, USA], "hand": ["Howitzer Salvo"]},
                            {"field": [{"card": "Bison Tank Battalion", "damage": 1}]}))  # fmt: skip
    act(match, 0, "play", card="Howitzer Salvo", target=unit(match, 1, "Bison Tank Battalion").id)
    assert [i.name for i in match.seats[1].destroyed] == [name("Bison Tank Battalion")]


def test_y1_4_the_country_part_of_a_split_cost_needs_bases_of_the_cards_country() -> None:
    hunters = "Hedgehog Tank Hunters"  # 1 of the USA and 1 of any country
    match = position(seats=({"bases": [USSR, USSR], "hand": [hunters]}, {}))
    assert refusal(match, 0, "play", card=hunters).code == "cannot_pay"
    match = position(seats=({"bases": [USSR, USA], "hand": [hunters]}, {}))
    act(match, 0, "play", card=hunters)
    assert all(base.used for base in match.seats[0].bases)


def test_y1_5_a_property_costs_a_base_or_has_the_use_icon() -> None:
    free = {"name": "Free", "type": "support", "country": None, "permanent": True,
            "abilities": [{"trigger": "use", "effect": "draw", "amount": 1}]}  # fmt: skip
    with pytest.raises(CardSetError) as error:
        load([free])
    assert [p.where for p in error.value.problems] == ["cards[0].abilities[0].cost"]
    load([{**free, "abilities": [{"trigger": "use", "effect": "draw", "amount": 1, "use_icon": True}]}])


# --- Y2 deck construction ---------------------------------------------------------------------------


def deck(main: dict[str, int], side: dict[str, int] | None = None) -> Decklist:
    return Decklist(game="yourwar", zones={"main": main, **({"side": side} if side else {})})


def test_y2_1_a_deck_holds_at_least_50_cards_and_has_no_maximum() -> None:
    codes = [v.code for v in RULES.validate_deck(deck({name(USA): 49}), CATALOG)]
    assert codes == ["main_size"]
    assert RULES.validate_deck(deck({name(USA): 500}), CATALOG) == []


def test_y2_2_four_copies_at_most_except_a_military_base() -> None:
    main = {name(USA): 46, name("Bison Tank Battalion"): 5}
    assert [v.code for v in RULES.validate_deck(deck(main), CATALOG)] == ["copy_limit"]
    assert RULES.validate_deck(deck({name(USA): 46, name("Bison Tank Battalion"): 4}), CATALOG) == []


def test_y2_3_countries_mix_freely() -> None:
    main = {name(USA): 20, name(USSR): 20, name("Bison Tank Battalion"): 4, name("Cruiser Polar"): 4,
            name("Royal Guards"): 4}  # fmt: skip
    assert RULES.validate_deck(deck(main), CATALOG) == []


def test_y2_4_no_side_deck_unless_the_event_sets_one() -> None:
    main = {name(USA): 50}
    assert [v.code for v in RULES.validate_deck(deck(main, {name(USSR): 2}), CATALOG)] == ["side_size"]
    assert RULES.validate_deck(deck(main, {name(USSR): 2}), CATALOG, options={"side_max": 5}) == []


# --- the paper-event contract (formats.md; engine/playable.py) ----------------------------------------

PAPER = [
    {"name": "Base", "type": "base", "country": "usa"},
    {"name": "Rifles", "type": "unit", "country": "usa"},
    {"name": "Tanks", "type": "unit", "country": "usa", "attack": 4, "defense": 4},
    {"name": "Barrage", "type": "artillery", "country": None},
]


def test_y1_a_set_with_only_the_minimum_fields_loads_and_validates_decks() -> None:
    catalog = Catalog(load(PAPER).cards)
    assert RULES.validate_deck(deck({"Base": 38, "Rifles": 4, "Tanks": 4, "Barrage": 4}), catalog) == []
    assert [v.code for v in RULES.validate_deck(deck({"Base": 10, "Rifles": 5}), catalog)] == [
        "main_size",
        "copy_limit",
    ]


def test_y1_a_match_names_each_card_and_engine_field_a_paper_set_left_out() -> None:
    catalog = Catalog(load(PAPER).cards)
    decks = [deck({"Base": 38, "Rifles": 4, "Tanks": 4, "Barrage": 4}), deck({"Base": 50})]
    found = ENGINE.playable_problems(catalog, decks)
    assert [(v.code, v.params) for v in found] == [
        ("not_playable", {"card": "Rifles", "field": "attack"}),
        ("not_playable", {"card": "Rifles", "field": "defense"}),
        ("not_playable", {"card": "Rifles", "field": "domain"}),
        ("not_playable", {"card": "Tanks", "field": "domain"}),
    ]
    with pytest.raises(InputError) as error:
        ENGINE.new_match(catalog, decks, seed=1)
    text = " ".join(str(p) for p in error.value.problems)
    assert "players[0].deck" in text and "Rifles has no attack" in text and "Tanks has no domain" in text
    assert ENGINE.playable_problems(catalog, [deck({"Base": 50})]) == []


def test_y1_the_shipped_set_lacks_no_engine_field() -> None:
    assert all(not card.missing for card in CATALOG)


# --- Y3 zones ------------------------------------------------------------------------------------------


def test_y3_1_every_zone_of_a_seat_is_laid_out_and_counted() -> None:
    match = position(seats=({"hand": ["Coyote Recon Patrol"], "deck": ["Royal Guards", "Cruiser Polar"],
                             "bases": [UK], "support": ["Field Hospital"], "field": ["Royal Guards"],
                             "destroyed": ["Fog Commandos"]}, {}))  # fmt: skip
    side = match.observation(0)["seats"][0]
    assert (side["hand"], side["deck_size"]) == ([name("Coyote Recon Patrol")], 2)
    assert [x["card"] for x in (*side["bases"], *side["support"], *side["field"], *side["destroyed"])] == [
        name(n) for n in (UK, "Field Hospital", "Royal Guards", "Fog Commandos")
    ]


def test_y3_2_the_order_of_units_on_the_field_means_nothing() -> None:
    one = position(seats=({"field": ["Bison Tank Battalion", "Prairie Rifle Platoon"]}, {}))
    two = position(seats=({"field": ["Prairie Rifle Platoon", "Bison Tank Battalion"]}, {}))
    assert len(one.legal_actions(0)) == len(two.legal_actions(0))
    assert sorted(one.describe_action(a) for a in one.legal_actions(0)) == sorted(
        two.describe_action(a) for a in two.legal_actions(0)
    )


def test_y3_3_a_seat_sees_its_own_hand_and_only_the_size_of_the_others() -> None:
    match = position(seats=({"hand": ["Bison Tank Battalion"]}, {"hand": ["Cruiser Polar", "Royal Guards"]}))
    view = match.observation(0)
    assert view["seats"][0]["hand"] == [name("Bison Tank Battalion")]
    assert "hand" not in view["seats"][1] and view["seats"][1]["hand_size"] == 2
    assert match.hidden_from(0) == {name("Cruiser Polar"), name("Royal Guards")}


def test_y3_4_a_card_back_in_the_hand_has_no_id_and_a_new_one_when_it_comes_out() -> None:
    match = position(seats=({"bases": [UK, UK, UK, UK], "destroyed": ["Fog Commandos"]}, {}))
    fog = match.seats[0].destroyed[0]
    old = fog.id
    act(match, 0, "use", card=old, ability=0)
    assert fog.id == -1 and fog in match.seats[0].hand and old not in match.by_id
    act(match, 0, "play", card="Fog Commandos")
    assert fog.id > old and match.by_id[fog.id] is fog


# --- Y4 setup ------------------------------------------------------------------------------------------


def a_deck() -> Decklist:
    return deck({name(USA): 30, name("Prairie Rifle Platoon"): 20})


def test_y4_1_each_player_starts_with_22_health_and_7_cards() -> None:
    match = new_match(CATALOG, (a_deck(), a_deck()), seed=3)
    assert [(s.health, len(s.hand)) for s in match.seats] == [(22, 7), (22, 7)]


@pytest.mark.parametrize("first", [0, 1])
def test_y4_2_the_option_first_fixes_the_first_player(first: int) -> None:
    match = new_match(CATALOG, (a_deck(), a_deck()), seed=3, first=first)
    assert match.first == first and match.decision().seat == first  # type: ignore[union-attr]


def test_y4_2_the_seed_draws_the_first_player() -> None:
    firsts = {new_match(CATALOG, (a_deck(), a_deck()), seed=seed).first for seed in range(20)}
    assert firsts == {0, 1}


def test_y4_3_the_nth_redeal_deals_8_minus_n_cards_then_the_second_player_decides() -> None:
    match = new_match(CATALOG, (a_deck(), a_deck()), seed=3, first=0)
    sizes: list[Any] = []
    for _ in range(7):
        act(match, 0, "redeal")
        sizes.append(len(match.seats[0].hand))
    assert sizes == [7, 6, 5, 4, 3, 2, 1]
    assert refusal(match, 0, "redeal").code == "no_redeal"
    act(match, 0, "keep")
    assert match.decision().seat == 1 and match.decision().kind == "opening"  # type: ignore[union-attr]
