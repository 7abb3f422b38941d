"""RULES.md Y5 (the turn) and Y6 (bases and costs), one test or more per rule, named by its number;
positions are set up directly (match/scenario.py)."""

from __future__ import annotations

from yourwar_builders import UK, USA, USSR, act, events_of, name, position, refusal, unit


def test_y5_1_the_turn_starts_untapping_the_turn_players_cards_then_it_draws() -> None:
    match = position(phase="start", turn=3, seats=(
        {"deck": ["Cruiser Polar", "Royal Guards"], "bases": [{"card": USA, "used": True}],
         "field": [{"card": "Bison Tank Battalion", "used": True, "sick": True}]},
        {"field": [{"card": "Royal Guards", "used": True}]},
    ))  # fmt: skip
    side = match.seats[0]
    assert (match.turn, match.phase, match.decision().seat) == (3, "initial", 0)  # type: ignore[union-attr]
    assert not side.bases[0].used and not side.field[0].used and not side.field[0].sick
    assert [i.name for i in side.hand] == [name("Cruiser Polar")] and len(side.deck) == 1
    assert match.seats[1].field[0].used  # the other seat's cards stay used


def test_y5_1_the_first_player_does_not_draw_in_the_first_turn() -> None:
    match = position(phase="start", turn=1, seats=({"deck": ["Cruiser Polar"]}, {}))
    assert match.seats[0].hand == [] and len(match.seats[0].deck) == 1
    match = position(phase="start", turn=2, active=1, seats=({}, {"deck": ["Cruiser Polar"]}))
    assert len(match.seats[1].hand) == 1


def test_y5_2_a_unit_that_came_into_play_this_turn_cannot_attack_unless_fast() -> None:
    match = position(turn=3, seats=({"field": [{"card": "Bison Tank Battalion", "sick": True},
                                               {"card": "Reef Marines", "sick": True}]}, {}))  # fmt: skip
    assert (
        refusal(match, 0, "attack", unit=unit(match, 0, "Bison Tank Battalion").id).code == "summoning_sick"
    )
    act(match, 0, "attack", unit=unit(match, 0, "Reef Marines").id)  # «Быстрый»


def test_y5_2_a_unit_that_came_into_play_last_turn_may_block() -> None:
    match = position(phase="block", turn=4, active=1, seats=(
        {"field": [{"card": "Bison Tank Battalion", "sick": True}]},
        {"field": [{"card": "Royal Guards", "used": True, "attacking": True}]},
    ))  # fmt: skip
    act(
        match,
        0,
        "block",
        blocks=[[unit(match, 0, "Bison Tank Battalion").id, unit(match, 1, "Royal Guards").id]],
    )
    assert match.phase == "intervene"


def test_y5_3_ending_the_initial_phase_with_attackers_starts_combat_without_ends_the_turn() -> None:
    match = position(
        turn=3, seats=({"field": [{"card": "Royal Guards", "used": True, "attacking": True}]}, {})
    )
    act(match, 0, "end")
    assert match.decision().kind == "block" and match.decision().seat == 1  # type: ignore[union-attr]
    match = position(turn=3, seats=({"field": ["Royal Guards"]}, {"deck": ["Cruiser Polar"]}))
    act(match, 0, "end")
    assert (match.active, match.turn, match.phase) == (1, 4, "initial")


def test_y5_5_the_final_phase_plays_cards_but_puts_no_unit_into_the_attack_zone() -> None:
    match = position(phase="final", turn=3, seats=({"bases": [UK, UK], "hand": [UK, "Fog Commandos"],
                                                    "field": ["Royal Guards"]}, {}))  # fmt: skip
    kinds = {a["type"] for a in match.legal_actions(0)}
    assert "attack" not in kinds and {"build", "play", "end"} <= kinds
    assert refusal(match, 0, "attack", unit=unit(match, 0, "Royal Guards").id).code == "wrong_action"


def test_y5_6_at_the_end_of_the_turn_a_hand_of_more_than_nine_is_discarded_by_choice() -> None:
    hand = ["Royal Guards"] * 4 + ["Cruiser Polar"] * 4 + ["Fog Commandos"] * 3
    match = position(phase="final", turn=3, seats=({"hand": hand}, {"deck": ["Cruiser Polar"]}))
    act(match, 0, "end")
    assert match.decision().kind == "discard"  # type: ignore[union-attr]
    act(match, 0, "discard", card="Fog Commandos")
    assert match.decision().kind == "discard"  # type: ignore[union-attr]
    act(match, 0, "discard", card="Cruiser Polar")
    assert len(match.seats[0].hand) == 9 and match.active == 1
    assert [i.name for i in match.seats[0].destroyed] == [name("Fog Commandos"), name("Cruiser Polar")]


def test_y5_7_only_the_turn_player_acts_and_the_other_waits() -> None:
    match = position(turn=3, seats=({}, {"hand": ["Royal Guards"]}))
    assert match.decision_for(1).kind == "wait"  # type: ignore[union-attr]
    assert match.legal_actions(1) == [{"type": "concede"}]
    assert refusal(match, 1, "end").code == "not_your_decision"


# --- Y6 bases and costs ------------------------------------------------------------------------------


def test_y6_1_one_base_is_built_per_turn_and_pays_at_once() -> None:
    match = position(turn=3, seats=({"hand": [USA, USA, "Prairie Rifle Platoon"]}, {}))
    act(match, 0, "build", card=USA)
    assert refusal(match, 0, "build", card=USA).code == "base_built"
    act(match, 0, "play", card="Prairie Rifle Platoon")
    assert match.seats[0].bases[0].used


def test_y6_1_no_base_is_built_while_intervening() -> None:
    attacker = {"card": "Royal Guards", "used": True, "attacking": True}
    match = position(phase="intervene", turn=3, seats=({"hand": [USA], "field": [attacker]}, {}))
    assert refusal(match, 0, "build", card=USA).code == "wrong_action"


def test_y6_2_the_any_part_is_paid_as_pay_names_by_default_other_countries_first() -> None:
    mortar = "Mortar Barrage"  # no country: 1 of any
    match = position(turn=3, seats=({"bases": [USA, USSR, USSR], "hand": [mortar, mortar]}, {}))
    act(match, 0, "play", card=mortar, target={"seat": 1})
    assert [b.used for b in match.seats[0].bases] == [False, True, False]  # the most available first
    act(match, 0, "play", card=mortar, target={"seat": 1}, pay={"usa": 1})
    assert [b.used for b in match.seats[0].bases] == [True, True, False]
    match = position(turn=3, seats=({"bases": [USA], "hand": [mortar]}, {}))
    assert refusal(match, 0, "play", card=mortar, target={"seat": 1}, pay={"ussr": 1}).code == "bad_payment"


def test_y6_2_used_bases_untap_in_their_owners_next_initial_phase() -> None:
    match = position(phase="start", turn=5, seats=({"bases": [{"card": USA, "used": True}]}, {}))
    assert not match.seats[0].bases[0].used


def test_y6_3_every_six_bases_give_one_defense_to_every_unit_of_their_owner() -> None:
    match = position(
        turn=3, seats=({"bases": [USA] * 5, "hand": [USA], "field": ["Prairie Rifle Platoon"]}, {})
    )
    rifles = unit(match, 0, "Prairie Rifle Platoon")
    assert match.defense_of(rifles) == 2
    act(match, 0, "build", card=USA)
    assert match.defense_of(rifles) == 3


def test_y6_4_a_card_played_is_moved_first_then_its_play_abilities_resolve() -> None:
    match = position(
        turn=3, seats=({"bases": [USA], "hand": ["Coyote Recon Patrol"], "deck": ["Royal Guards"]}, {})
    )
    events = act(match, 0, "play", card="Coyote Recon Patrol")
    kinds = [e.public["type"] for e in events]
    assert kinds.index("play") < kinds.index("draw")
    assert [i.name for i in match.seats[0].hand] == [name("Royal Guards")]


def test_y6_5_a_use_icon_property_is_used_once_per_turn_and_resets_in_the_owners_turn() -> None:
    match = position(turn=3, seats=({"support": ["Field Hospital"], "health": 10}, {}))
    hospital = match.seats[0].support[0].id
    act(match, 0, "use", card=hospital, ability=0)
    assert refusal(match, 0, "use", card=hospital, ability=0).code == "property_used"
    assert match.seats[0].health == 12
    match = position(
        phase="start", turn=5, seats=({"support": [{"card": "Field Hospital", "icon_used": True}]}, {})
    )
    assert not match.seats[0].support[0].icon_used
    assert events_of(match.initial_events, "turn")
