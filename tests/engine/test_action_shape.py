"""A player's action is checked for its shape before anything stores it (R10.3, R9.4):
a type the game lets a player send, plain JSON values, bounded depth and size."""

import json

import pytest

from engine.actions import ACTION_SHAPE_CODES, MAX_ACTION_BYTES, MAX_ACTION_DEPTH, action_problem
from engine.registry import game_keys, games_taking, get_game

RESPONS = get_game("respons").action_types


def _nested(levels: int) -> dict:  # type: ignore[type-arg]
    action: dict = {"type": "play", "card": "Soldier"}  # type: ignore[type-arg]
    inner = action
    for _ in range(levels - 1):
        inner["cell"] = {}
        inner = inner["cell"]
    return action


def test_it_takes_every_shape_a_respons_player_sends() -> None:
    for action in (
        {"type": "keep"},
        {"type": "mulligan", "cards": ["Soldier", "Scout"]},
        {"type": "pass"},
        {
            "type": "play",
            "card": "Soldier",
            "cell": {"line": 1, "row": 1},
            "targets": [{"seat": 1, "zone": "hero"}],
        },
        {"type": "activate", "zone": "location"},
        {"type": "choose", "targets": [None]},
        {"type": "concede"},
    ):
        assert action_problem(action, types=RESPONS) is None, action


def test_it_refuses_the_site_only_timeout_from_a_player() -> None:
    problem = action_problem({"type": "timeout"}, types=RESPONS)
    assert problem is not None and problem.code == "action_type" and problem.params == {"kind": "timeout"}
    assert "timeout" not in RESPONS and "timeout" not in games_taking("timeout")


def test_it_refuses_a_type_no_game_declares_and_anything_that_is_not_an_action() -> None:
    assert action_problem({"type": "win_now"}, types=RESPONS).code == "action_type"  # type: ignore[union-attr]
    for raw in (None, [], "pass", {"kind": "pass"}, {"type": 3}):
        assert action_problem(raw, types=RESPONS).code == "not_an_action"  # type: ignore[union-attr]


def test_it_leaves_the_type_to_the_caller_when_told_to() -> None:
    assert action_problem({"type": "timeout"}, types=None) is None


def test_it_refuses_an_action_nested_deeper_than_the_limit_without_recursing() -> None:
    assert action_problem(_nested(MAX_ACTION_DEPTH), types=RESPONS) is None
    assert action_problem(_nested(MAX_ACTION_DEPTH + 1), types=RESPONS).code == "action_too_deep"  # type: ignore[union-attr]
    poison = _nested(250)  # stored, it froze its match
    problem = action_problem(poison, types=RESPONS)
    assert problem is not None and problem.code == "action_too_deep" and problem.rule == "R10.3"
    deep: list = []  # type: ignore[type-arg]
    for _ in range(100_000):  # far beyond Python's recursion limit
        deep = [deep]
    assert action_problem({"type": "pass", "x": deep}, types=RESPONS).code == "action_too_deep"  # type: ignore[union-attr]


def test_it_refuses_an_action_longer_than_the_limit_as_compact_json() -> None:
    filler = "x" * (MAX_ACTION_BYTES - len('{"type":"pass","note":""}'))
    fits = {"type": "pass", "note": filler}
    assert len(json.dumps(fits, separators=(",", ":"))) == MAX_ACTION_BYTES
    assert action_problem(fits, types=RESPONS) is None
    assert action_problem({"type": "pass", "note": filler + "x"}, types=RESPONS).code == "action_too_large"  # type: ignore[union-attr]
    wide = {"type": "pass", "cards": list(range(10_000))}
    assert action_problem(wide, types=RESPONS).code == "action_too_large"  # type: ignore[union-attr]
    russian = {"type": "pass", "note": "я" * (MAX_ACTION_BYTES // 2)}  # two bytes a letter in UTF-8
    assert action_problem(russian, types=RESPONS).code == "action_too_large"  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "value",
    [float("nan"), float("inf"), 2**53, -(2**70), "\ud800", "a\x00b", b"bytes", {1: "x"}, ("a",), object()],
)
def test_it_refuses_what_is_not_a_plain_json_value(value: object) -> None:
    problem = action_problem({"type": "pass", "cards": [value]}, types=RESPONS)
    assert problem is not None and problem.code == "action_value"


def test_it_refuses_a_key_no_encoder_or_database_takes() -> None:
    for key in ("\ud800", "\x00"):
        assert action_problem({"type": "pass", key: 1}, types=RESPONS).code == "action_value"  # type: ignore[union-attr]


def test_it_gives_stable_codes_and_only_games_with_an_engine_take_actions() -> None:
    assert {"not_an_action", "action_type", "action_value", "action_too_deep", "action_too_large"} == set(
        ACTION_SHAPE_CODES
    )
    for key in game_keys():
        rules = get_game(key)
        assert bool(rules.action_types) == rules.has_match_engine
    assert "respons" in games_taking("pass") and "chronomagia" in games_taking("pass")
    assert games_taking("no such action") == ()
