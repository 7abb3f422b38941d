"""The scenario kit: what every game's builder of positions (engine/scenario.py) passes.

Parametrised over the registry: every game whose match engine has a ``scenario`` builder is
checked here on the positions its random games reach (each the builder describes, through
JSON), so a builder is tested on what play produces, not only on what its author thought of:

- a built position is sound: the engine's invariants hold;
- described again, it is the spec it was built from (the builder sets up what the spec says);
- built twice, it is the same (views, legal actions);
- its views hide what they must: no seat sees a card hidden from it, in its observation or its
  part of the events the position's start caused, and spectators see none;
- every legal action of either seat applies to it, and leaves a sound state;
- it has no match log (its setup is the spec);
- a spec with an unknown key, an unknown key of a seat, or an unknown card is refused with an
  InputError naming it.
"""

from __future__ import annotations

import copy
import os

import pytest

from engine.problems import InputError
from engine.scenario import NoMatchLog
from tests.support.scenario import (
    SCENARIO_KEYS,
    assert_views_hide,
    scenario_table,
    with_first_card_renamed,
)

GAMES = int(os.environ.get("SCENARIO_GAMES", "12"))


def test_the_flagship_builds_positions():
    assert "respons" in SCENARIO_KEYS


@pytest.mark.parametrize("key", SCENARIO_KEYS)
def test_a_built_position_is_sound_and_is_the_spec_it_was_built_from(key):
    table = scenario_table(key)
    checked = 0
    for _state, spec in table.positions(GAMES):
        built = table.build(spec)
        assert table.engine.invariants(built) == [], spec
        assert table.builder.describe(built) == spec
        checked += 1
    assert checked >= GAMES, "the random games reached too few positions the builder describes"


@pytest.mark.parametrize("key", SCENARIO_KEYS)
def test_a_position_built_twice_is_the_same(key):
    table = scenario_table(key)
    for _state, spec in table.positions(GAMES // 3 or 1, every=7):
        first, second = table.build(spec), table.build(spec)
        assert first.judge_view() == second.judge_view()
        for seat in (0, 1):
            assert first.observation(seat) == second.observation(seat)
            assert first.legal_actions(seat) == second.legal_actions(seat)


@pytest.mark.parametrize("key", SCENARIO_KEYS)
def test_a_built_position_hides_what_it_must(key):
    table = scenario_table(key)
    for _state, spec in table.positions(GAMES):
        assert_views_hide(table.build(spec))


@pytest.mark.parametrize("key", SCENARIO_KEYS)
def test_every_legal_action_of_a_built_position_applies(key):
    table = scenario_table(key)
    for _state, spec in table.positions(GAMES // 2 or 1, every=9, most=8):
        position = table.build(spec)
        for seat in (0, 1):
            for action in position.legal_actions(seat)[:24]:
                built = table.build(spec)
                built.apply(seat, copy.deepcopy(action), seq=built.seq)
                assert table.engine.invariants(built) == [], (spec, seat, action)


@pytest.mark.parametrize("key", SCENARIO_KEYS)
def test_a_built_position_has_no_match_log(key):
    table = scenario_table(key)
    _state, spec = next(table.positions(1))
    with pytest.raises(NoMatchLog):
        table.build(spec).to_log([])


def refused(table, spec) -> InputError:
    with pytest.raises(InputError) as caught:
        table.build(spec)
    return caught.value


@pytest.mark.parametrize("key", SCENARIO_KEYS)
def test_it_names_an_unknown_key_an_unknown_seat_key_and_an_unknown_card(key):
    table = scenario_table(key)
    _state, spec = next(table.positions(1))
    error = refused(table, {**spec, "bogus": 1})
    assert [problem.where for problem in error.problems] == ["bogus"]
    seats = copy.deepcopy(spec["seats"])
    seats[0]["hnad"] = []
    error = refused(table, {**spec, "seats": seats})
    assert [problem.where for problem in error.problems] == ["seats[0].hnad"]
    error = refused(table, with_first_card_renamed(spec, table.catalog, "No Such Card Anywhere"))
    assert len(error.problems) == 1 and "'No Such Card Anywhere'" in error.problems[0].message


@pytest.mark.parametrize("key", SCENARIO_KEYS)
def test_it_refuses_a_spec_that_is_not_an_object_with_two_seats(key):
    table = scenario_table(key)
    assert refused(table, []).problems
    _state, spec = next(table.positions(1))
    assert [p.where for p in refused(table, {**spec, "seats": spec["seats"][:1]}).problems] == ["seats"]
