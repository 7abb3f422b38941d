"""A player's copy of a match log before the event publishes its decklists (R3.5, R10.1):
their own deck and actions, of the opponent only what was revealed in play, no seed."""

import json
import random

import pytest
from match_builders import ability, at, catalog, play, scripted, starter, trap, unit

from engine.games.respons.bots import RandomBot
from engine.games.respons.match import Match, redacted_log, replay
from engine.problems import InputError

HIDDEN_TRAP = trap("Snare", cost=1, abilities=[ability("enemy_attacks_in_line", "damage", "attacker", 3)])
SHOWN_TRAP = trap("Pitfall", cost=1, abilities=[ability("on_play", "gain_influence", "you", 1)])
BRUTE = unit("Brute", 4, cost=1)
SIDE_ONLY = unit("Secret Weapon", 3)
CARDS = [HIDDEN_TRAP, SHOWN_TRAP, BRUTE, SIDE_ONLY]
THEIR_MAIN = ["Snare", "Pitfall", "Brute"] + ["Soldier"] * 27


def played_out() -> tuple[Match, dict]:
    """Seat 1 puts a Soldier back, plays a trap face down (never revealed), a unit, and a trap
    that is revealed at once (its on_play ability), then concedes. Its deck has a side deck."""
    match = scripted(CARDS, ["Soldier"] * 30, THEIR_MAIN, keep=False, seed=7_777_777_777_777)
    match.apply(0, {"type": "keep"})
    match.apply(1, {"type": "mulligan", "cards": ["Soldier"]})
    for name, line in (("Snare", 1), ("Brute", 3), ("Pitfall", 2)):
        match.apply(0, {"type": "pass"})
        play(match, 1, name, line, 1)
    match.apply(0, {"type": "concede"})
    log = match.to_log(["TEST"])
    log["players"][1]["deck"]["side"] = {"Secret Weapon": 2}
    return match, log


def test_it_keeps_the_players_own_deck_and_only_what_the_opponent_revealed() -> None:
    match, log = played_out()
    mine = redacted_log(log, catalog(*CARDS), 0)
    assert mine["players"][0] == log["players"][0]
    assert mine["players"][1] == {
        "name": "B",
        "deck": None,
        "revealed": {"hero": "Tester", "orders": [None] * 5, "main": {"Brute": 1, "Pitfall": 1}},
    }
    text = json.dumps(mine)
    for secret in ("Snare", "Secret Weapon", str(log["seed"])):
        assert secret not in text
    assert mine["seed"] is None and mine["shuffle"] is None


def test_it_names_no_card_the_player_never_saw_in_the_opponents_actions() -> None:
    _match, log = played_out()
    actions = redacted_log(log, catalog(*CARDS), 0)["actions"]
    assert actions[1] == {"seat": 1, "type": "mulligan", "count": 1}
    assert actions[3] == {"seat": 1, "type": "play", "card": None, "cell": at(1, 1), "face_down": True}
    assert actions[5] == {"seat": 1, "type": "play", "card": "Brute", "cell": at(3, 1)}
    assert actions[7] == {"seat": 1, "type": "play", "card": "Pitfall", "cell": at(2, 1)}
    assert [a for a in actions if a["seat"] == 0] == [a for a in log["actions"] if a["seat"] == 0]


def test_it_gives_the_other_seat_its_own_copy() -> None:
    _match, log = played_out()
    theirs = redacted_log(log, catalog(*CARDS), 1)
    assert theirs["players"][1] == log["players"][1]  # their own deck, side deck and all
    assert theirs["players"][0]["deck"] is None and theirs["actions"] == log["actions"]


def test_it_says_it_is_redacted_and_refuses_to_be_replayed() -> None:
    _match, log = played_out()
    mine = redacted_log(log, catalog(*CARDS), 0)
    assert mine["redacted"]["seat"] == 0 and "not replayable" in mine["redacted"]["why"]
    with pytest.raises(InputError, match="redacted"):
        replay(mine, catalog(*CARDS))
    assert replay(log, catalog(*CARDS)).result.reason == "concede"  # the full log replays


def test_it_never_shows_a_player_what_they_did_not_see_in_random_games() -> None:
    cards, decks = starter()
    rng = random.Random(15)
    for game in range(40):
        seed = rng.getrandbits(63) | 1 << 62
        match = Match(cards, (rng.choice(decks), rng.choice(decks)), seed=seed)
        seen: list[set[str]] = [set(), set()]

        def look(events: list, seen: list[set[str]] = seen, match: Match = match) -> None:
            for seat in (0, 1):
                seen[seat].add(json.dumps([e.for_seat(seat) for e in events]))
                seen[seat].add(json.dumps(match.observation(seat)))

        look(match.initial_events)
        bots = (RandomBot(game), RandomBot(game + 1))
        while not match.is_over:
            seat = match.decision().seat
            look(match.apply(seat, bots[seat].act(match, seat)))
        log = match.to_log(["CORE"])
        for seat in (0, 1):
            copy = redacted_log(log, cards, seat)
            text = json.dumps(copy)
            assert str(seed) not in text
            saw = "".join(seen[seat])
            other = copy["players"][1 - seat]["revealed"]
            named = [*other["main"], *filter(None, other["orders"])]
            named += [a["card"] for a in copy["actions"] if a["seat"] != seat and a.get("card")]
            assert all(json.dumps(name) in saw for name in named), (game, seat, named)
            assert not any("cards" in a for a in copy["actions"] if a["seat"] != seat)


def test_it_names_the_orders_the_opponent_revealed_and_no_other() -> None:
    match = scripted(CARDS, ["Soldier"] * 30, THEIR_MAIN)
    play(match, 0, "Soldier", 1, 1)
    match.apply(1, {"type": "pass"})
    match.apply(0, {"type": "pass"})  # combat: the Soldier hits seat 1's hero, which plays Order 1
    match.apply(1, {"type": "choose", "cell": at(5, 3)})
    match.apply(1, {"type": "concede"})
    copy = redacted_log(match.to_log(["TEST"]), catalog(*CARDS), 0)
    assert copy["players"][1]["revealed"]["orders"] == ["Order 1", None, None, None, None]
    assert copy["players"][1]["revealed"]["main"] == {}
