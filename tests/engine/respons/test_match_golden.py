"""Golden playthroughs: every action of a few fixed games with each seat's view.

Each file under ``golden/`` is JSON lines: a header (the match log without its actions and
both opening views), then one line per action with what each seat saw of its events and
each seat's observation after it. A change to the engine that changes any of it fails here;
regenerate on purpose with::

    UPDATE_GOLDEN=1 .venv/bin/python -m pytest -p no:django tests/engine/respons/test_match_golden.py

and read the diff before committing it.
"""

import json
import os
from pathlib import Path
from typing import Any

import pytest
from match_builders import ORDERS, ability, catalog, deck, enhancement, location, spell, trap, unit

from engine.games.respons.bots import make_bot
from engine.games.respons.match import new_match

GOLDEN = Path(__file__).parent / "golden"
UPDATE = os.environ.get("UPDATE_GOLDEN") == "1"

WORLD = catalog(
    unit("Brute", 4, cost=3),
    unit("Herald", 1, cost=1, abilities=[ability("on_play", "draw", "you", 1)]),
    spell("Bolt", cost=1, abilities=[ability("on_play", "damage", "chosen_enemy_unit", 2)]),
    trap("Snare", cost=1, abilities=[ability("enemy_attacks_in_line", "damage", "attacker", 3)]),
    enhancement("Banner", cost=2, abilities=[ability("static", "strengthen", "own_units_in_line", 1)]),
    location("Wall", 5, cost=2),
)
MAIN = {"Soldier": 10, "Brute": 4, "Herald": 4, "Bolt": 4, "Snare": 4, "Banner": 2, "Wall": 2}
GAMES = {
    "random_vs_random": ("random", "random", 3),
    "heuristic_vs_random": ("heuristic", "random", 4),
}


def playthrough(first: str, second: str, seed: int) -> list[dict[str, Any]]:
    """Return the golden lines of one game of the test world between two bots."""
    decks = (deck(MAIN, orders=[o.name for o in ORDERS]), deck(MAIN))
    match = new_match(WORLD, decks, seed=seed, names=(first, second))
    log = match.to_log(["TEST"])
    del log["actions"]
    lines: list[dict[str, Any]] = [
        {"log": log, "events": _events(match.initial_events), "views": _views(match)},
    ]
    bots = (make_bot(first, seed), make_bot(second, seed + 1))
    while not match.is_over:
        seat = match.decision().seat
        action = bots[seat].act(match, seat)
        events = match.apply(seat, action)
        lines.append(
            {
                "index": len(lines) - 1,
                "seat": seat,
                "action": action,
                "description": match.describe_action(action),
                "events": _events(events),
                "views": _views(match),
            }
        )
    lines.append({"result": match.result.as_dict(), "turn": match.turn})
    return lines


def _events(events: list[Any]) -> dict[str, list[dict[str, Any]]]:
    return {str(seat): [event.for_seat(seat) for event in events] for seat in (0, 1)}


def _views(match: Any) -> dict[str, Any]:
    return {str(seat): match.observation(seat) for seat in (0, 1)}


@pytest.mark.parametrize("name", sorted(GAMES))
def test_it_plays_the_golden_games_exactly_as_recorded(name: str) -> None:
    path = GOLDEN / f"{name}.jsonl"
    lines = [json.loads(json.dumps(line)) for line in playthrough(*GAMES[name])]
    if UPDATE:
        GOLDEN.mkdir(exist_ok=True)
        path.write_text(
            "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines), encoding="utf-8"
        )
    recorded = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == len(recorded), "the game has a different length; see the module docstring"
    for line, expected in zip(lines, recorded, strict=True):
        assert line == expected, f"first difference at line {line.get('index', 'header')}"
