"""RULES.md C5 and C6 (setup and the turn), one test or more per rule, named by its number; the
positions are set up directly (match/scenario.py)."""

from __future__ import annotations

from chronomagia_builders import ab, act, events_of, position, refusal, row, same

from engine.games.chronomagia.bots import make_bot

DAWN = {
    "name": "Dawn",
    "type": "thoughtform",
    "cost": 1,
    "rows": same(row({}, ab("start_of_turn", "gain_life", 1), ab("start_of_turn", "armor", 2))),
}
TWIN = {
    "name": "Twin",
    "type": "thoughtform",
    "cost": 1,
    "rows": same(row({}, ab("start_of_turn", "gain_life", 1))),
}
DUSK = {"name": "Dusk", "type": "thoughtform", "cost": 1, "rows": same(row({}, ab("end_of_turn", "draw", 1)))}


def test_c6_1_the_turn_starts_with_the_natural_flow_untap_and_start_of_turn_abilities() -> None:
    match = position(
        TWIN, step="start", turn=3, century=15,
        seats=({"field": [{"card": "Twin", "tapped": True}], "deck": ["Filler"]}, {}),
    )  # fmt: skip
    assert (match.century, match.epoch, match.turn) == (16, 2, 3)
    assert not match.seats[0].field[0].tapped and match.seats[0].life == 31
    assert events_of(match.initial_events, "time")[0]["moved"] == "natural"


def test_c6_2_upkeep_draws_a_card_and_gives_the_heros_base_window() -> None:
    match = position(step="upkeep", turn=3, seats=({"deck": ["Filler", "Filler", "Filler"]}, {}))
    side = match.seats[0]
    assert (len(side.hand), len(side.pool), len(side.deck)) == (1, 2, 0)


def test_c6_3_after_meditating_no_card_is_played_this_turn() -> None:
    match = position(
        step="meditation", turn=3,
        seats=({"pool": ["Filler", "Filler"], "hero_deck": ["Filler"], "hand": ["Filler"]}, {}),
    )  # fmt: skip
    act(match, 0, "meditate", card=match.seats[0].hero_deck[0].id)
    assert match.decision().kind == "main" and match.seats[0].meditating
    assert refusal(match, 0, {"type": "play", "card": match.seats[0].hand[0].id}).code == "meditated"


def test_c6_3_there_is_no_meditation_on_the_first_turn_of_the_game() -> None:
    match = position(step="meditation", turn=2, active=1,
                     seats=({}, {"pool": ["Filler"], "hero_deck": ["Filler"]}))  # fmt: skip
    assert match.decision().kind == "meditation"
    match = position(step="upkeep", turn=1, seats=({"pool": ["Filler"], "hero_deck": ["Filler"]}, {}))
    assert match.decision().kind == "main"


def test_c6_4_the_main_phase_passes_to_the_attack_step() -> None:
    match = position(turn=3)
    act(match, 0, "pass")
    assert match.active == 1  # nothing to attack with: the attack step passed by itself


def test_c6_6_end_of_turn_abilities_then_the_turn_passes() -> None:
    match = position(DUSK, step="end", turn=3, seats=({"field": ["Dusk"], "deck": ["Filler"]}, {}))
    assert len(match.seats[0].hand) == 1 and match.active == 1


def test_c6_7_a_player_orders_their_own_simultaneous_triggers() -> None:
    match = position(DAWN, step="start", turn=3, seats=({"field": ["Dawn"]}, {}))
    decision = match.decision()
    assert decision.kind == "order" and decision.seat == 0
    assert [t["effect"] for t in decision.info["triggers"]] == ["gain_life", "armor"]
    assert match.legal_actions(1) == [{"type": "concede"}]
    assert refusal(match, 0, {"type": "order", "trigger": 2}).rule == "C6.7"
    events = act(match, 0, "order", trigger=1)  # armor first, then the life
    effects = [e["effect"] for e in events_of(events, "effect")]
    assert effects == ["armor", "gain_life"]
    assert (match.seats[0].armor, match.seats[0].life) == (2, 31)


def test_c6_7_copies_of_one_trigger_need_no_order() -> None:
    match = position(TWIN, step="start", turn=3, seats=({"field": ["Twin", "Twin"]}, {}))
    assert match.decision().kind == "main" and match.seats[0].life == 32


def test_c6_7_bots_order_triggers_too() -> None:
    for name in ("random", "heuristic"):
        match = position(DAWN, step="start", turn=3, seats=({"field": ["Dawn"]}, {}))
        action = make_bot(name, 1).act(match, 0)
        assert action["type"] == "order"
        match.apply(0, action)
        assert match.decision().kind == "main"
