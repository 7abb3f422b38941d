"""Refusals carry a stable code and the values of their message, for front ends in other languages."""

import ast
import json
from pathlib import Path
from typing import Any

import pytest
from match_builders import at, location, scripted, unit

from engine.games.respons.match import REFUSAL_CODES, IllegalAction, Match

MATCH_DIR = Path(__file__).resolve().parents[3] / "engine" / "games" / "respons" / "match"
BRUTE = unit("Brute", 6, cost=6)
WALL = location("Wall", 4, cost=2)


def refusal_calls() -> list[tuple[str, ast.Call]]:
    """Return every ``IllegalAction(...)`` call in the match engine's source, with its place."""
    calls = []
    for path in sorted(MATCH_DIR.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                calls.append((f"{path.name}:{node.lineno}", node))
    return calls


def refused(match: Match, seat: Any, action: Any, **kwargs: Any) -> IllegalAction:
    with pytest.raises(IllegalAction) as error:
        match.apply(seat, action, **kwargs)
    return error.value


def assert_params_are_the_messages_values(error: IllegalAction) -> None:
    assert error.code in REFUSAL_CODES, error.code
    assert json.loads(json.dumps(error.params)) == error.params  # stored as JSON by the site
    for key, value in error.params.items():
        assert isinstance(value, str | int) and not isinstance(value, bool), (key, value)
        assert str(value) in error.message, (error.code, key, value, error.message)


def test_every_refusal_in_the_source_names_a_known_code() -> None:
    used = set()
    for place, call in refusal_calls():
        keywords = {k.arg: k.value for k in call.keywords}
        code = keywords.get("code")
        assert isinstance(code, ast.Constant) and code.value in REFUSAL_CODES, place
        used.add(code.value)
        params = keywords.get("params")
        if params is not None:
            assert isinstance(params, ast.Dict), place
            assert all(isinstance(k, ast.Constant) and isinstance(k.value, str) for k in params.keys), place
    assert used == set(REFUSAL_CODES), "every listed code is raised somewhere"
    assert len(REFUSAL_CODES) == len(set(REFUSAL_CODES))


def test_it_keeps_the_message_and_adds_the_code_and_values() -> None:
    match = scripted([BRUTE], ["Brute"] + ["Soldier"] * 29)
    error = refused(match, 0, {"type": "play", "card": "Brute", "cell": at(1, 1)})
    assert (error.rule, error.code) == ("R7.1", "too_expensive")
    assert error.message == "Brute costs 6, you have 5 influence"
    assert str(error) == "R7.1: Brute costs 6, you have 5 influence"
    assert error.params == {"card": "Brute", "cost": 6, "influence": 5}


def test_an_answer_out_of_turn_names_the_seat_and_decision_with_the_decisions_rule() -> None:
    match = scripted(keep=False)
    error = refused(match, 1, {"type": "keep"})
    assert (error.rule, error.code) == ("R5.2", "not_your_decision")
    assert error.params == {"seat": 0, "decision": "mulligan"}
    assert error.message == "it is seat 0's decision (mulligan)"


def test_an_old_caller_still_builds_a_refusal_without_code_or_values() -> None:
    error = IllegalAction("R7.1", "no room")
    assert (error.code, error.params, str(error)) == ("", {}, "R7.1: no room")


def test_every_refusal_a_player_can_provoke_carries_its_values() -> None:
    match = scripted([BRUTE, WALL], ["Brute", "Wall", "Wall"] + ["Soldier"] * 27)
    match.apply(0, {"type": "play", "card": "Wall"})
    match.apply(1, {"type": "play", "card": "Soldier", "cell": at(1, 1)})
    attempts: list[tuple[Any, Any, dict[str, Any]]] = [
        (1, {"type": "pass"}, {}),
        (2, {"type": "pass"}, {}),
        (0, "pass", {}),
        (0, {"type": "pass"}, {"seq": 99}),
        (0, {"type": "dance"}, {}),
        (0, {"type": "choose", "cell": at(1, 1)}, {}),
        (0, {"type": "play", "card": 7}, {}),
        (0, {"type": "play", "card": "Order 1", "cell": at(1, 1)}, {}),
        (0, {"type": "play", "card": "Soldier"}, {}),
        (0, {"type": "play", "card": "Soldier", "cell": "x"}, {}),
        (0, {"type": "play", "card": "Soldier", "cell": {"line": 9, "row": True}}, {}),
        (0, {"type": "play", "card": "Soldier", "cell": {"line": 1, "row": 1, "seat": 1}}, {}),
        (0, {"type": "play", "card": "Wall"}, {}),
        (0, {"type": "play", "card": "Wall", "cell": at(2, 1)}, {}),
        (0, {"type": "play", "card": "Brute", "cell": at(2, 1)}, {}),
        (0, {"type": "play", "card": "Soldier", "cell": at(2, 1), "targets": [None]}, {}),
        (0, {"type": "activate"}, {}),
        (0, {"type": "activate", "cell": at(3, 3)}, {}),
        (0, {"type": "activate", "zone": "hero"}, {}),
        (0, {"type": "mulligan", "cards": []}, {}),
    ]
    codes = set()
    for seat, action, kwargs in attempts:
        error = refused(match, seat, action, **kwargs)
        assert_params_are_the_messages_values(error)
        codes.add(error.code)
    assert len(codes) >= 15, codes
