"""WoW TCG's bots, its shipped decks in play, and the engine's command line for the game."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from engine.cardset import load_catalog
from engine.decklist import load_decklist
from engine.games.wow import DECKS_DIR, SAMPLE_SET
from engine.registry import get_game

ROOT = Path(__file__).resolve().parents[3]
ENGINE = get_game("wow").match_engine
SHIPPED = sorted(DECKS_DIR.glob("*.json"))


def play(pair, seed: int, names: tuple[str, str]):
    _, catalog = load_catalog([SAMPLE_SET])
    match = ENGINE.new_match(catalog, pair, seed=seed)
    bots = (ENGINE.make_bot(names[0], seed), ENGINE.make_bot(names[1], seed + 1))
    while not match.is_over:
        decision = match.decision()
        match.apply(decision.seat, bots[decision.seat].act(match, decision.seat))
    return match


def test_the_heuristic_bot_beats_the_random_bot_in_three_games_of_four() -> None:
    # bench/bench_wow.py plays 1,000; a smaller sample here, seats swapped.
    rng = random.Random(20)
    decks = [load_decklist(path, game="wow") for path in SHIPPED]
    wins = 0
    for game in range(80):
        seat = game % 2
        names = ("heuristic", "random") if seat == 0 else ("random", "heuristic")
        wins += play((rng.choice(decks), rng.choice(decks)), rng.getrandbits(32), names).winner == seat
    assert wins >= 60, wins


def test_the_shipped_decks_are_legal_and_play_each_other_evenly() -> None:
    rules, catalog = load_catalog([SAMPLE_SET])
    decks = [load_decklist(path, game="wow") for path in SHIPPED]
    assert len(decks) >= 2 and all(rules.validate_deck(deck, catalog) == [] for deck in decks)
    wins = [0, 0]
    for game in range(40):
        pair = (decks[game % 2], decks[1 - game % 2])
        winner = play(pair, game, ("heuristic", "heuristic")).winner
        if winner is not None:
            wins[(winner + game) % 2] += 1  # by deck, not by seat
    assert min(wins) >= 8, wins


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, capture_output=True, text=True)


def test_the_command_line_plays_and_replays_wow(tmp_path: Path) -> None:
    played = run("play", "--cards", str(SAMPLE_SET), "--games", "4", "--bots", "heuristic,random")
    assert played.returncode == 0, played.stderr
    assert json.loads(played.stdout)["games"] == 4
    deck = load_decklist(SHIPPED[0], game="wow")
    match = play((deck, deck), 9, ("heuristic", "random"))
    log = tmp_path / "log.json"
    log.write_text(json.dumps(match.to_log(["ASHF"])), encoding="utf-8")
    replayed = run("replay", "--cards", str(SAMPLE_SET), str(log))
    assert replayed.returncode == 0, replayed.stderr
    summary = json.loads(replayed.stdout)
    assert summary["result"] == match.result.as_dict() and summary["actions_applied"] == len(match.actions)
    assert [seat["hand"] for seat in summary["seats"]] == [len(side.hand) for side in match.seats]
    tampered = match.to_log(["ASHF"])
    tampered["actions"].insert(
        2, {"seat": tampered["actions"][2]["seat"], "type": "attack", "attacker": 0, "defender": 99}
    )
    log.write_text(json.dumps(tampered), encoding="utf-8")
    refused = run("replay", "--cards", str(SAMPLE_SET), str(log))
    assert refused.returncode == 1 and "actions[2]" in refused.stderr and ": W" in refused.stderr
