"""``python -m engine replay`` and ``python -m engine play`` as formats.md describes them."""

import json
from pathlib import Path

import pytest
from match_builders import random_game

from engine.cli import main
from engine.games.respons.starter import CORE_SET_PATH

CORE = str(CORE_SET_PATH)


def _write(tmp_path: Path, data: object, name: str = "log.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_it_replays_a_log_and_prints_the_state_reached(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = random_game(31)
    log = _write(tmp_path, match.to_log(["CORE"]))
    assert main(["replay", "--cards", CORE, log]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"] == match.result.as_dict() and out["turn"] == match.turn
    assert out["actions_applied"] == len(match.actions)
    assert out["seats"][0] == {
        "orders_left": match.seats[0].orders_left,
        "hand": len(match.seats[0].hand),
        "deck": len(match.seats[0].deck),
        "graveyard": len(match.seats[0].graveyard),
    }


def test_it_reports_a_game_in_progress_with_a_null_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = random_game(31).to_log(["CORE"])
    log["actions"] = log["actions"][:5]
    assert main(["replay", "--cards", CORE, _write(tmp_path, log)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"] == {"winner": None, "reason": None} and out["actions_applied"] == 5


def test_it_names_the_illegal_action_and_still_prints_the_state_before_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = random_game(31).to_log(["CORE"])
    log["actions"].insert(4, {"seat": 0, "type": "activate", "cell": {"line": 9, "row": 1}})
    path = _write(tmp_path, log)
    assert main(["replay", "--cards", CORE, path]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["actions_applied"] == 4
    assert captured.err.startswith(f"{path}: actions[4] (seat 0): R") and captured.err.count("\n") == 1


def test_it_traces_every_applied_action_with_its_events(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    match = random_game(32)
    assert main(["replay", "--cards", CORE, _write(tmp_path, match.to_log(["CORE"])), "--trace"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == len(match.actions) + 1
    assert lines[0]["index"] == 0 and lines[0]["action"]["type"] in ("keep", "mulligan")
    assert "setup_events" in lines[0] and all("events" in line for line in lines[:-1])
    kinds = {event["type"] for line in lines[:-1] for event in line["events"]}
    assert {"draw", "play", "hit_hero", "order"} <= kinds
    assert lines[-1]["result"] == match.result.as_dict()


@pytest.mark.parametrize(
    ("log", "message"),
    [
        ("{not json", "not valid JSON"),
        ({"game": "respons"}, "rules_version"),
        ({"game": "wow", "cards": []}, "game"),
        ({"cards": ["NOPE"]}, "cards[0]"),
    ],
)
def test_it_exits_2_with_one_line_for_bad_input(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], log: object, message: str
) -> None:
    path = tmp_path / "log.json"
    path.write_text(log if isinstance(log, str) else json.dumps(log), encoding="utf-8")
    assert main(["replay", "--cards", CORE, str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err


def test_it_exits_2_for_a_log_naming_unknown_cards(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = random_game(31).to_log(["CORE"])
    log["players"][1]["deck"]["main"] = {"No Such Card": 30}
    assert main(["replay", "--cards", CORE, _write(tmp_path, log)]) == 2
    assert "unknown card 'No Such Card'" in capsys.readouterr().err


def test_it_lets_bots_play_and_prints_statistics(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bots", "heuristic,random", "--games", "20", "--seed", "4"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["games"] == 20 and set(report["win_rate"]) == {"heuristic", "random"}
    assert abs(sum(report["win_rate"].values()) + report["draw_rate"] - 1) < 1e-9
    assert set(report["win_rate_by_seat"]) == {"0", "1"} and report["mean_turns"] > 1
    assert report["mean_actions"] > 10 and abs(sum(report["reasons"].values()) - 1) < 1e-9


def test_it_builds_random_legal_decks_from_given_card_sets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bots", "random,random", "--games", "6", "--cards", CORE]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["win_rate"]) == {"random#1", "random#2"} and report["decks"] > 3


def test_it_refuses_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--bots", "genius,random"]) == 2
    assert "--bots" in capsys.readouterr().err
