"""RULES.md F1–F4, F6.5, F9, F10 and F14 on built positions (the sections the played-out tests of
test_rules_played.py leave without a test of their own number)."""

from __future__ import annotations

import copy

import pytest

from engine.decklist import Decklist
from engine.games.fow.cards import CARD_TYPES, Card, parse_card
from engine.games.fow.deck import validate_deck
from engine.games.fow.match.scenario import build
from engine.problems import InputError, Problem
from tests.support.fow import (
    AURELIA,
    ILSA,
    MORVANE,
    act,
    card,
    catalog,
    decision_kind,
    pass_until,
    position,
    refusal,
    seat,
)


def test_f1_1_the_sample_set_has_every_card_type() -> None:
    assert {c.type for c in catalog()} == set(CARD_TYPES)
    assert all(c.judgment is not None for c in catalog() if c.is_ruler)  # and its J-ruler side


def test_f1_2_five_attributes_and_none_is_void() -> None:
    assert card_of("Hollow Automaton").attributes == ()
    problems: list[Problem] = []
    assert (
        parse_card({"name": "X", "type": "chant", "cost": 1, "attributes": ["ice"]}, "cards[0]", problems)
        is None
    )
    assert problems[0].where.startswith("cards[0].attributes")


def test_f1_3_a_total_cost_reads_as_one_symbol_per_attribute_and_the_rest_generic() -> None:
    parsed = parse_card({"name": "X", "type": "chant", "cost": 3, "attributes": ["fire", "water"]}, "c", [])
    assert parsed is not None and parsed.will_cost == (("fire", 1), ("water", 1), ("any", 1))


def test_f1_4_resonators_have_atk_and_def_in_hundreds() -> None:
    match = position(seat(AURELIA, field=["Dawnspire Lancer", "Lantern Acolyte"]))
    shown = match.observation(1)["seats"][0]["field"][0]
    lancer = card_of("Dawnspire Lancer")
    assert (shown["atk"], shown["def_left"]) == (lancer.atk, lancer.def_) and lancer.atk % 100 == 0


def test_f1_5_a_ruler_has_a_judgment_cost() -> None:
    assert card_of(AURELIA).judgment == (("light", 1), ("any", 2))


def test_f2_1_to_f2_3_the_main_deck_holds_no_stone_and_no_ruler() -> None:
    main = {"Dawnspire Lancer": 4, "Dawnlit Shard": 1, MORVANE: 1, "Hollow Automaton": 4}
    deck = Decklist(game="fow", zones={"ruler": "Dawnlit Shard", "main": main, "stones": {"Ember Imp": 1}})
    codes = {v.code for v in validate_deck(deck, catalog())}
    assert {"stone_in_main", "ruler_in_main", "not_a_ruler", "not_a_stone"} <= codes


def test_f2_1_a_position_puts_no_stone_in_a_hand_or_deck_and_no_ruler_anywhere() -> None:
    spec = {"seats": [seat(hand=["Dawnlit Shard"], field=[MORVANE]), seat()]}
    with pytest.raises(InputError) as refused:
        build(catalog(), copy.deepcopy(spec))
    assert [p.where for p in refused.value.problems] == ["seats[0].hand[0]", "seats[0].field[0]"]


def test_f3_1_each_seat_has_its_zones_in_its_view() -> None:
    match = position(seat(AURELIA, field=["Lantern Acolyte"], graveyard=["Flare Bolt"]))
    mine = match.observation(0)["seats"][0]
    assert {"hand", "deck", "stone_deck", "graveyard", "removed", "field", "ruler", "life", "will"} <= set(
        mine
    )


def test_f3_2_the_chase_is_shared_and_both_see_it() -> None:
    match = position(seat(AURELIA, field=["Dawnlit Shard", "Lantern Acolyte"], hand=["Sanctuary Hymn"]))
    act(match, 0, type="play", card=card(match, 0, "Sanctuary Hymn", zone="hand").id)
    assert match.observation(0)["chase"] == match.observation(1)["chase"] != []


def test_f3_3_a_removed_card_is_public() -> None:
    match = position(seat(AURELIA, field=["Lantern Acolyte"], removed=["Ember Imp"]))
    assert match.spectator_view()["seats"][0]["removed"] == ["Ember Imp"]


def test_f4_2_both_decks_are_face_down_even_to_their_owner() -> None:
    match = position(seat(AURELIA, field=["Lantern Acolyte"], stones=["Dawnlit Shard"]))
    mine = match.observation(0)["seats"][0]
    assert mine["deck"] == 6 and mine["stone_deck"] == 1
    assert match.judge_view()["seats"][0]["stone_cards"] == ["Dawnlit Shard"]


def test_f4_3_the_graveyard_is_public_and_ordered() -> None:
    match = position(seat(AURELIA, field=["Lantern Acolyte"], graveyard=["Flare Bolt", "Ember Imp"]))
    assert match.observation(1)["seats"][0]["graveyard"] == ["Flare Bolt", "Ember Imp"]


def test_f4_4_the_field_life_and_will_pools_are_public() -> None:
    match = position(seat(AURELIA, field=["Lantern Acolyte"], life=3100, will={"fire": 2}))
    seen = match.spectator_view()["seats"][0]
    assert (seen["life"], seen["will"], seen["field"][0]["card"]) == (3100, {"fire": 2}, "Lantern Acolyte")


def test_f6_5_battles_happen_inside_the_main_phase_one_at_a_time() -> None:
    match = position(seat(AURELIA, field=["Dawnspire Lancer", "Halo Sentinel"]))
    lancer, sentinel = card(match, 0, "Dawnspire Lancer"), card(match, 0, "Halo Sentinel")
    act(match, 0, type="attack", card=lancer.id, player=1)  # nobody can answer: it is fought out
    pass_until(match, lambda m: m.battle is None)
    assert match.phase == "main" and decision_kind(match) == ("priority", 0)
    assert match.seats[1].life == 4000 - lancer.card.atk
    assert refusal(match, 0, type="attack", card=lancer.id, player=1).code == "cannot_attack"  # rested
    act(match, 0, type="attack", card=sentinel.id, player=1)
    assert match.seats[1].life == 4000 - lancer.card.atk - sentinel.card.atk


def test_f9_3_a_blocker_that_left_sends_the_attacker_back_to_its_target() -> None:
    match = position(
        seat(AURELIA, field=["Dawnspire Lancer", "Tidal Shard", "Ember Shard"], hand=["Shatter the Sigil"]),
        seat(ILSA, field=["Stonehide Sentry"]),
    )
    lancer = card(match, 0, "Dawnspire Lancer")
    act(match, 0, type="attack", card=lancer.id, player=1)
    pass_until(match, lambda m: decision_kind(m)[0] == "block")
    act(match, 1, type="block", card=card(match, 1, "Stonehide Sentry").id)
    sentry = card(match, 1, "Stonehide Sentry").id
    act(match, 0, type="play", card=card(match, 0, "Shatter the Sigil", zone="hand").id, target=sentry)
    pass_until(match, lambda m: m.battle is None)
    assert match.seats[1].life == 4000 - lancer.card.atk


def test_f9_4_an_attack_on_a_player_deals_the_attackers_atk() -> None:
    match = position(seat(MORVANE, field=["Forge-Born Golem"]))
    act(match, 0, type="attack", card=card(match, 0, "Forge-Born Golem").id, player=1)
    pass_until(match, lambda m: m.battle is None)
    assert match.seats[1].life == 4000 - card_of("Forge-Born Golem").atk


def test_f9_6_a_window_after_the_declaration_and_after_the_block() -> None:
    match = position(
        seat(MORVANE, field=["Forge-Born Golem"]),
        seat(ILSA, field=["Dawnlit Shard", "Stonehide Sentry"], hand=["Sanctuary Hymn"]),
    )
    act(match, 0, type="attack", card=card(match, 0, "Forge-Born Golem").id, player=1)
    assert match.battle is not None and match.battle["stage"] == "declared"
    pass_until(match, lambda m: decision_kind(m) == ("priority", 1))
    act(match, 1, type="pass")
    assert decision_kind(match) == ("block", 1)
    act(match, 1, type="pass")
    assert match.battle is not None and match.battle["stage"] == "blocked"
    pass_until(match, lambda m: decision_kind(m) == ("priority", 1))
    assert match.battle is not None and match.battle["stage"] == "blocked"


def test_f9_7_an_attacker_that_left_deals_no_damage() -> None:
    match = position(
        seat(MORVANE, field=["Forge-Born Golem"]),
        seat(ILSA, field=["Tidal Shard", "Tidal Shard"], hand=["Shatter the Sigil"]),
    )
    golem = card(match, 0, "Forge-Born Golem").id
    act(match, 0, type="attack", card=golem, player=1)
    pass_until(match, lambda m: decision_kind(m) == ("priority", 1))
    act(match, 1, type="play", card=card(match, 1, "Shatter the Sigil", zone="hand").id, target=golem)
    pass_until(match, lambda m: m.battle is None)
    assert match.seats[1].life == 4000


def test_f10_1_a_resonator_enters_recovered_and_a_chant_goes_to_the_graveyard() -> None:
    match = position(
        seat(AURELIA, field=["Dawnlit Shard", "Dawnlit Shard", "Lantern Acolyte"], hand=["Dawnspire Lancer"]),
    )
    act(match, 0, type="play", card=card(match, 0, "Dawnspire Lancer", zone="hand").id)
    pass_until(match, lambda m: not m.chain.items)
    lancer = card(match, 0, "Dawnspire Lancer")
    assert not lancer.rested and lancer.entered == match.turn


def test_f10_1_a_chosen_target_gone_by_resolution_makes_the_effect_do_nothing() -> None:
    match = position(
        seat(
            MORVANE,
            field=["Ember Shard", "Ember Shard", "Ember Shard", "Lantern Acolyte"],
            hand=["Flare Bolt"],
        ),
        seat(ILSA, field=["Tidal Shard", "Tidal Shard", "Coral Leviathan"], hand=["Shatter the Sigil"]),
    )
    leviathan = card(match, 1, "Coral Leviathan").id
    act(match, 0, type="play", card=card(match, 0, "Flare Bolt", zone="hand").id, target=leviathan)
    act(match, 0, type="pass")
    act(match, 1, type="play", card=card(match, 1, "Shatter the Sigil", zone="hand").id, target=leviathan)
    pass_until(match, lambda m: not m.chain.items)
    assert [inst.name for inst in match.seats[0].graveyard] == ["Flare Bolt"]
    assert "Coral Leviathan" in [inst.name for inst in match.seats[1].hand]


def test_f10_3_regalia_stay_on_the_field_and_their_abilities_work() -> None:
    match = position(seat(AURELIA, field=["Sunforged Circlet", "Dawnlit Shard"]))
    circlet = card(match, 0, "Sunforged Circlet").id
    act(match, 0, type="activate", card=circlet, ability=0)
    pass_until(match, lambda m: not m.chain.items)
    assert match.seats[0].life == 4300 and card(match, 0, "Sunforged Circlet").rested


def test_f14_1_a_position_built_twice_plays_the_same() -> None:
    spec = {"seats": [seat(AURELIA, field=["Dawnspire Lancer"]), seat()], "seed": 4}
    first, second = build(catalog(), copy.deepcopy(spec)), build(catalog(), copy.deepcopy(spec))
    for match in (first, second):
        act(match, 0, type="attack", card=card(match, 0, "Dawnspire Lancer").id, player=1)
    assert first.judge_view() == second.judge_view()


def card_of(name: str) -> Card:
    found = catalog().get(name)
    assert isinstance(found, Card)
    return found
