"""RESPONSE's positions for rules tests (match/scenario.py): a position a game reached, built from
its spec, is that position and plays on as the game did; a spec the rules cannot lay out is
refused with every problem's key path."""

from __future__ import annotations

import json
from typing import Any

import pytest
from match_builders import (
    ability,
    catalog,
    enhancement,
    on_field,
    position,
    random_game,
    seat_spec,
    starter,
    unit,
)

from engine.games.respons.match import replay
from engine.games.respons.match.scenario import build, describe
from engine.problems import InputError


def act_positions(seeds: range, every: int = 6) -> list[tuple[Any, int, dict[str, Any]]]:
    """Return (log, index, spec) of every ``every``-th action of random games whose state before
    it is an act decision after the mulligans (the match's generator is not drawn from again)."""
    found = []
    cards, _decks = starter()
    for seed in seeds:
        log = random_game(seed).to_log(["CORE"])
        for index in range(2, len(log["actions"]), every):
            spec = describe(replay(log, cards, upto=index))
            if spec is not None and spec["phase"] == "actions":
                found.append((log, index, json.loads(json.dumps(spec))))
    return found


def test_a_position_built_from_its_spec_is_the_position_the_game_reached():
    cards, _decks = starter()
    for log, index, spec in act_positions(range(6)):
        reached, built = replay(log, cards, upto=index), build(cards, spec)
        assert (
            built.judge_view() == reached.judge_view() and built.spectator_view() == reached.spectator_view()
        )
        for seat in (0, 1):
            assert built.observation(seat) == reached.observation(seat)
            assert built.legal_actions(seat) == reached.legal_actions(seat)


def test_a_built_position_plays_on_exactly_as_the_game_did():
    # Every act decision of three games: whatever the position holds that no view shows (the
    # last decision a pass, R6.3) shows here.
    cards, _decks = starter()
    for log, index, spec in act_positions(range(6, 9), every=1):
        reached, built = replay(log, cards, upto=index), build(cards, spec)
        for action in log["actions"][index:]:
            seat = action["seat"]
            answer = {key: value for key, value in action.items() if key != "seat"}
            expected = [event.judge_dict() for event in reached.apply(seat, answer)]
            assert [event.judge_dict() for event in built.apply(seat, answer)] == expected
        assert built.result == reached.result and built.result is not None


def test_it_starts_the_turn_from_the_phase_it_names():
    dawn = unit("Dawn", 2, abilities=[ability("start_of_turn", "gain_influence", "you", 1)])
    start = position(
        [dawn],
        phase="start",
        turn=3,
        seat0={"field": [on_field("Dawn", 1, 1)], "deck": ["Soldier"]},
        seat1={"deck": ["Soldier"]},
    )
    kinds = [event.type for event in start.initial_events]
    assert kinds[:3] == ["turn", "effect", "phase"] and "draw" in kinds
    assert (start.turn, start.phase, start.decision().kind) == (3, "actions", "act")
    assert describe(start) is not None and describe(start)["turn"] == 3


def test_it_applies_the_static_effects_of_the_position():
    banner = enhancement("Banner", abilities=[ability("static", "strengthen", "own_units_in_line", 2)])
    match = position([banner], seat0={"field": [on_field("Soldier", 1, 1), on_field("Banner", 1, 3)]})
    assert match.cells[0] is not None and match.cells[0].strength == 4


def problems(spec: dict[str, Any], *cards: Any) -> list[str]:
    with pytest.raises(InputError) as caught:
        build(catalog(*cards), spec)
    return [str(problem) for problem in caught.value.problems]


def spec_of(
    seat0: dict[str, Any] | None = None, seat1: dict[str, Any] | None = None, **top: Any
) -> dict[str, Any]:
    return {"phase": "actions", **top, "seats": [seat_spec(**(seat0 or {})), seat_spec(**(seat1 or {}))]}


def test_it_names_an_unknown_card_with_the_closest_names():
    assert problems(spec_of({"hand": ["Soldeir"]})) == [
        "seats[0].hand[0]: unknown card 'Soldeir' (did you mean 'Soldier'?)"
    ]


def test_it_refuses_cards_where_the_rules_cannot_put_them():
    found = problems(
        spec_of(
            {
                "hero": "Soldier",
                "hand": ["Tester"],
                "location": "Soldier",
                "field": [
                    on_field("Soldier", 1, 1, face_down=True),
                    on_field("Soldier", 1, 1),
                    {"card": "Soldier"},
                ],
            }
        )
    )
    assert found == [
        "seats[0].hero: 'Soldier' is not a Hero (R2.1)",
        "seats[0].hand[0]: 'Tester' is a Hero: it is only ever the hero (R2.3)",
        "seats[0].location: a unit is not a location (R7.2)",
        "seats[0].field[0].face_down: only a trap is face down on the field (R7.3)",
        "seats[0].field[1]: its cell holds seats[0].field[0] already (R3.2)",
        "seats[0].field[2].line: is missing",
        "seats[0].field[2].row: is missing",
    ]


def test_it_refuses_an_unsettled_board_and_an_order_that_was_not_revealed():
    blight = enhancement("Blight", abilities=[ability("static", "damage", "own_units_in_line", 2)])
    found = problems(
        spec_of(
            {
                "field": [on_field("Soldier", 2, 1), on_field("Blight", 2, 2)],
                "hand": [{"card": "Order 1", "order": 1}],
            }
        ),
        blight,
    )
    assert found == ["seats[0].hand[0].order: must be the position of a revealed order (R7.5)"]
    found = problems(spec_of({"field": [on_field("Soldier", 2, 1), on_field("Blight", 2, 2)]}), blight)
    assert found == ["seats[0].field[0]: Soldier would be at strength 0: it goes (R8.3)"]


def test_it_refuses_a_decision_nobody_can_make():
    assert problems(spec_of({"decisions": 0})) == [
        "seats[0].decisions: the seat to act has no decision left (R6.3)"
    ]
    assert problems(spec_of({"mulliganed": False}, {"mulliganed": True}, phase="mulligan")) == [
        "seats: in the mulligan phase a seat has still to answer (mulliganed: null, R5.2)"
    ]
    assert problems(spec_of(phase="combat", to_act=1)) == [
        "to_act: only a position in the actions phase has it (R6.3)"
    ]
    assert problems(spec_of({"mulliganed": None})) == [
        "seats[0].mulliganed: every seat has answered its mulligan by now (R5.2)"
    ]
