"""R10 determinism: the seed and the action log rebuild every state; logs as formats.md says."""

import json
import random

import pytest
from match_builders import random_game, scripted, starter

from engine import RULES_VERSION
from engine.games.respons.match import Match, ReplayError, new_match, replay
from engine.problems import InputError


def _views(match: Match) -> list[dict]:  # type: ignore[type-arg]
    return [match.judge_view(), match.observation(0), match.observation(1)]


def test_it_plays_the_same_game_from_the_same_seed() -> None:
    for seed in range(5):
        first, second = random_game(seed), random_game(seed)
        assert first.actions == second.actions and first.judge_view() == second.judge_view()
    assert random_game(1).actions != random_game(2).actions


def test_it_shuffles_each_deck_with_the_match_seed() -> None:
    cards, decks = starter()
    hands = {
        tuple(new_match(cards, (decks[0], decks[0]), seed=s).observation(0)["seats"][0]["hand"])
        for s in range(8)
    }
    assert len(hands) > 1
    same = [new_match(cards, (decks[0], decks[1]), seed=9).judge_view() for _ in range(2)]
    assert same[0] == same[1]


def test_it_replays_a_log_to_every_state_of_the_game() -> None:
    cards, _ = starter()
    seen: list[list[dict]] = []  # type: ignore[type-arg]
    match = random_game(21, check=lambda m: seen.append(_views(m)))
    log = json.loads(json.dumps(match.to_log(["CORE"])))  # through JSON, as a judge downloads it
    for upto in range(1, len(seen) + 1):
        assert _views(replay(log, cards, upto=upto)) == seen[upto - 1]


def test_it_replays_the_logs_of_many_games_to_the_same_final_state() -> None:
    cards, _ = starter()
    for seed in range(40):
        match = random_game(seed, bots="heuristic" if seed % 2 else "random")
        again = replay(json.loads(json.dumps(match.to_log(["CORE"]))), cards)
        assert _views(again) == _views(match) and again.actions == match.actions


def test_it_writes_the_match_log_of_formats_md() -> None:
    match = scripted(seed=77)
    match.apply(0, {"type": "pass"})
    log = match.to_log(["TEST"])
    assert set(log) == {
        "game",
        "rules_version",
        "seed",
        "shuffle",
        "first_initiative",
        "cards",
        "players",
        "actions",
    }
    assert (log["game"], log["rules_version"], log["seed"], log["shuffle"]) == (
        "respons",
        RULES_VERSION,
        77,
        False,
    )
    assert log["first_initiative"] == 0 and log["cards"] == ["TEST"]
    assert log["players"][0]["name"] == "A" and log["players"][0]["deck"]["hero"] == "Tester"
    assert log["players"][0]["deck"]["orders"][0] == "Order 1" and log["players"][0]["deck"]["main"] == {
        "Soldier": 30
    }
    assert log["actions"] == [
        {"seat": 0, "type": "keep"},
        {"seat": 1, "type": "keep"},
        {"seat": 0, "type": "pass"},
    ]


def test_it_logs_canonical_card_names() -> None:
    cards, decks = starter()
    match = new_match(cards, (decks[0], decks[1]), seed=3, shuffle=False, first_initiative=0)
    english = next(alias for inst in match.seats[0].hand for alias in inst.card.aliases)
    match.apply(0, {"type": "mulligan", "cards": [english.upper()]})  # R1.5 matching
    assert match.actions[-1]["cards"] != [english.upper()]
    assert cards.get(match.actions[-1]["cards"][0]).name == match.actions[-1]["cards"][0]


def test_it_names_the_first_illegal_action_of_a_log() -> None:
    cards, _ = starter()
    log = random_game(5).to_log(["CORE"])
    log["actions"].insert(3, {"seat": 1, "type": "play", "card": "Nothing Such"})
    with pytest.raises(ReplayError) as failed:
        replay(log, cards)
    assert (failed.value.index, failed.value.error.rule) == (3, "R6.3")
    assert failed.value.seat == 1 and failed.value.match.seq == 3  # the state just before it


def test_it_refuses_a_malformed_log_as_bad_input() -> None:
    cards, _ = starter()
    log = random_game(5).to_log(["CORE"])
    for key, value in (
        ("game", "wow"),
        ("seed", "x"),
        ("players", []),
        ("actions", [{"seat": 3, "type": "pass"}]),
    ):
        with pytest.raises(InputError):
            replay({**log, key: value}, cards)


def test_it_draws_from_its_own_random_generator_only(monkeypatch: pytest.MonkeyPatch) -> None:
    def forbidden(*args: object, **kwargs: object) -> None:
        raise AssertionError("the global random module was used")

    for name in ("random", "randrange", "randint", "shuffle", "choice", "sample", "getrandbits"):
        monkeypatch.setattr(random, name, forbidden)
    match = random_game(8)
    assert match.is_over  # R10: one seeded random.Random per match
