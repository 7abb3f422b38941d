"""``python -m engine validate`` as formats.md specifies it: JSON out, exit 0/1/2, one-line errors."""

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
CORE = ROOT / "engine/games/respons/data/core.json"
DECKS = ROOT / "engine/games/respons/data/decks"


def validate(*args: str | Path) -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "engine", "validate", *map(str, args)]
    return subprocess.run(command, cwd=ROOT, capture_output=True, text=True, encoding="utf-8", timeout=60)


def report_of(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    lines = done.stdout.splitlines()
    assert len(lines) == 1, done.stdout
    report: dict[str, Any] = json.loads(lines[0])
    return report


def assert_bad_input(done: subprocess.CompletedProcess[str], *fragments: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert done.stderr.count("\n") == 1, done.stderr
    for fragment in fragments:
        assert fragment in done.stderr


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


LEGAL_TEXT = (DECKS / "vesta_order.txt").read_text(encoding="utf-8")


def test_it_says_a_legal_deck_is_legal_and_exits_0() -> None:
    done = validate("--cards", CORE, "--deck", DECKS / "warden_order_technology.json")
    assert done.returncode == 0, done.stderr
    assert report_of(done) == {"legal": True, "violations": []}
    assert done.stderr == ""


def test_it_lists_every_violation_and_exits_1(tmp_path: Path) -> None:
    deck = write(
        tmp_path / "deck.txt",
        LEGAL_TEXT.replace("2 Iron Sentinel", "3 Iron Sentinel").replace("1 Inquisitor", "1 Inquisiter"),
    )
    done = validate("--cards", CORE, "--deck", deck)
    assert done.returncode == 1, done.stderr
    report = report_of(done)
    assert report["legal"] is False
    assert [(v["code"], v["card"]) for v in report["violations"]] == [
        ("unknown_card", "Inquisiter"),
        ("main_size", None),
        ("copy_limit", "Железный страж"),
    ]
    assert set(report["violations"][0]) == {"code", "card", "message"}
    assert "did you mean" in report["violations"][0]["message"]


def test_it_takes_the_side_deck_maximum_from_the_command_line() -> None:
    done = validate("--cards", CORE, "--deck", DECKS / "vesta_order.txt", "--side-max", "0")
    assert done.returncode == 1
    assert [v["code"] for v in report_of(done)["violations"]] == ["side_size"]
    assert validate("--cards", CORE, "--deck", DECKS / "vesta_order.txt", "--side-max", "9").returncode == 0


def test_it_reads_cards_from_several_sets(tmp_path: Path) -> None:
    more = {
        "game": "respons",
        "set": {"code": "MORE", "name": "More", "year": 2026},
        "cards": [{"name": "Ночной дозор", "aliases": ["Night Watch"], "type": "unit", "factions": ["order"],
                   "cost": 2, "strength": 2}],
    }  # fmt: skip
    more_path = write(tmp_path / "more.json", json.dumps(more))
    deck = write(tmp_path / "deck.txt", LEGAL_TEXT.replace("1 Inquisitor", "1 Night Watch"))
    assert validate("--cards", CORE, "--deck", deck).returncode == 1
    assert validate("--cards", CORE, "--cards", more_path, "--deck", deck).returncode == 0


def test_it_names_a_missing_deck_file() -> None:
    assert_bad_input(
        validate("--cards", CORE, "--deck", "no/such/deck.txt"), "no/such/deck.txt", "cannot read"
    )


def test_it_names_a_missing_card_set() -> None:
    assert_bad_input(validate("--cards", "nowhere.json", "--deck", DECKS / "vesta_order.txt"), "nowhere.json")


def test_it_names_the_place_where_a_card_set_is_not_json(tmp_path: Path) -> None:
    broken = write(tmp_path / "broken.json", '{"game": "respons", "cards": [}')
    assert_bad_input(
        validate("--cards", broken, "--deck", DECKS / "vesta_order.txt"), "broken.json", "line 1 column"
    )


def test_it_names_the_key_path_of_a_bad_card(tmp_path: Path) -> None:
    data = json.loads(CORE.read_text(encoding="utf-8"))
    data["cards"][5]["abilities"] = [{"trigger": "on_play", "effect": "fly", "target": "self"}]
    bad = write(tmp_path / "bad.json", json.dumps(data, ensure_ascii=False))
    done = validate("--cards", bad, "--deck", DECKS / "vesta_order.txt")
    assert_bad_input(done, "bad.json", "cards[5].abilities[0].effect: unknown ability kind 'fly'")


def test_it_names_the_line_of_a_deck_it_cannot_read(tmp_path: Path) -> None:
    deck = write(tmp_path / "deck.txt", LEGAL_TEXT.replace("2 Lookout", "0 Lookout"))
    line = LEGAL_TEXT.splitlines().index("2 Lookout") + 1
    assert_bad_input(validate("--cards", CORE, "--deck", deck), "deck.txt", f"line {line}", "'0 Lookout'")


def test_it_names_the_key_path_of_a_bad_json_deck(tmp_path: Path) -> None:
    deck = write(tmp_path / "deck.json", json.dumps({"hero": "Commander Vesta", "main": {"Lookout": "two"}}))
    assert_bad_input(validate("--cards", CORE, "--deck", deck), "deck.json", 'main["Lookout"]')


def test_it_refuses_a_deck_of_another_game(tmp_path: Path) -> None:
    deck = write(tmp_path / "deck.json", json.dumps({"game": "yourwar", "main": {"A": 1}}))
    assert_bad_input(validate("--cards", CORE, "--deck", deck), "deck.json", "'yourwar'", "'respons'")


@pytest.mark.parametrize("value", ["-1", "many"])
def test_it_refuses_a_side_deck_maximum_that_is_not_a_whole_number(value: str) -> None:
    assert_bad_input(
        validate("--cards", CORE, "--deck", DECKS / "vesta_order.txt", "--side-max", value), "side-max"
    )


def test_it_needs_cards_and_a_deck() -> None:
    assert_bad_input(validate("--deck", DECKS / "vesta_order.txt"), "--cards")
    assert_bad_input(validate("--cards", CORE), "--deck")
