"""Bots: a seeded random bot, and a heuristic bot that beats it in at least 75% of games."""

import random

import pytest
from match_builders import random_game, starter

from engine.games.respons.bots import HeuristicBot, RandomBot, play_game, project_combat
from engine.games.respons.bots import _Board as Board

GAMES = 1000


def test_it_makes_the_random_bot_repeat_itself_for_the_same_seed() -> None:
    assert random_game(11).actions == random_game(11).actions


def test_it_never_makes_a_bot_concede() -> None:
    for seed in range(20):
        assert random_game(seed).result.reason != "concede"
        assert random_game(seed, bots="heuristic").result.reason != "concede"


def test_it_projects_combat_as_r8_resolves_it() -> None:
    strength = [0] * 30
    strength[0] = 3  # seat 0, line 1, row 1
    strength[15 + 1] = 2  # seat 1, line 1, row 2
    strength[3] = 2  # seat 0, line 2, row 1: unopposed
    hits, after, locations = project_combat(Board(strength, [0, 4]), initiative=0)
    assert after[0] == 1 and after[16] == -1  # collision
    assert hits == [0, 0] and locations == [0, 2]  # the location absorbed line 2


@pytest.mark.slow
def test_it_makes_the_heuristic_bot_beat_the_random_bot_in_three_games_out_of_four() -> None:
    cards, decks = starter()
    rng = random.Random(75)
    wins = 0
    for game in range(GAMES):
        seat = game % 2  # the heuristic bot plays both seats equally
        bots = [RandomBot(game), RandomBot(game)]
        bots[seat] = HeuristicBot(game)
        match = play_game(
            cards, (rng.choice(decks), rng.choice(decks)), (bots[0], bots[1]), seed=rng.getrandbits(32)
        )
        wins += match.result.winner == seat
    assert wins / GAMES >= 0.75, wins / GAMES
