"""R3.5 hidden information: each seat's observation, the spectator's and the judge's views, events."""

import json

from match_builders import ORDERS, ability, at, play, put, scripted, trap, unit

TRAP = trap("Snare", cost=0)
SECRET = unit("Secret Weapon", 3)
CARDS = [TRAP, SECRET]
MAIN = ["Snare"] * 2 + ["Secret Weapon"] * 2 + ["Soldier"] * 26


def test_it_shows_a_seat_its_own_hand_and_only_the_size_of_the_opponents() -> None:
    match = scripted(CARDS, MAIN, MAIN)
    view = match.observation(0)
    assert view["seats"][0]["hand"] == [
        "Snare",
        "Snare",
        "Secret Weapon",
        "Secret Weapon",
        "Soldier",
        "Soldier",
        "Soldier",
        "Soldier",
    ]
    assert view["seats"][1]["hand"] is None and view["seats"][1]["hand_size"] == 8
    assert view["seats"][1]["deck"] == 22 and view["seats"][1]["orders_left"] == 5


def test_it_shows_own_face_down_orders_and_only_backs_of_the_opponents() -> None:
    match = scripted(CARDS, MAIN, MAIN)
    mine = match.observation(1)["seats"][1]["orders"]
    theirs = match.observation(1)["seats"][0]["orders"]
    assert [o["card"] for o in mine] == [o.name for o in ORDERS]
    assert [o["card"] for o in theirs] == [None] * 5 and {o["state"] for o in theirs} == {"face_down"}


def test_it_hides_a_face_down_trap_from_the_opponent_and_the_spectator() -> None:
    match = scripted(CARDS, MAIN, MAIN)
    play(match, 0, "Snare", 2, 2)
    for view in (match.observation(1), match.spectator_view()):
        assert view["seats"][0]["cells"] == [
            {"line": 2, "row": 2, "card": None, "type": None, "face_up": False}
        ]
    assert match.observation(0)["seats"][0]["cells"][0]["card"] == "Snare"
    assert match.judge_view()["seats"][0]["cells"][0]["card"] == "Snare"


def test_it_shows_the_board_graveyards_and_revealed_orders_to_everyone() -> None:
    match = scripted(CARDS, MAIN, MAIN)
    put(match, 0, "Soldier", [(1, 1)])
    play(match, 0, "Secret Weapon", 3, 1)
    match.apply(1, {"type": "pass"})
    match.apply(0, {"type": "pass"})  # combat: the Soldier hits seat 1, which places Order 1
    match.apply(1, {"type": "choose", "cell": at(5, 3)})
    spectator = match.spectator_view()
    assert [c["card"] for c in spectator["seats"][0]["cells"]] == ["Soldier", "Secret Weapon"]
    assert spectator["seats"][1]["orders"][0] == {"position": 1, "state": "played", "card": "Order 1"}
    assert spectator["seats"][0]["hand"] is None and spectator["seats"][1]["hand"] is None


def test_it_shows_the_judge_every_hidden_card() -> None:
    match = scripted(CARDS, MAIN, MAIN)
    judge = match.judge_view()
    assert judge["viewer"] == "judge"
    assert all(side["hand"] and all(o["card"] for o in side["orders"]) for side in judge["seats"])


def test_it_keeps_private_event_parts_for_their_seat() -> None:
    match = scripted(CARDS, MAIN, MAIN, keep=False)
    match.apply(0, {"type": "mulligan", "cards": ["Secret Weapon"]})
    events = match.apply(1, {"type": "keep"})
    draw = next(e for e in events if e.type == "draw" and e.public["seat"] == 0)
    assert "cards" in draw.for_seat(0) and "cards" not in draw.for_seat(1)
    assert "cards" not in draw.public_dict() and draw.judge_dict()["private_to"] == 0
    opening = [e for e in match.initial_events if e.type == "draw"]
    assert all("cards" not in e.for_seat(1 - e.public["seat"]) for e in opening)


def test_it_builds_json_serialisable_views() -> None:
    match = scripted(CARDS, MAIN, MAIN)
    play(match, 0, "Snare", 1, 1)
    for view in (match.observation(0), match.observation(1), match.spectator_view(), match.judge_view()):
        assert json.loads(json.dumps(view)) == view
    assert match.observation(1)["decision"] == {"kind": "act", "seat": 1, "seq": 3, "decisions_left": 5}


def test_it_keeps_the_seed_and_the_shuffle_for_judges_only() -> None:
    # R3.5, R10.1: the seed and a decklist give that deck's whole order (and the opponent's).
    match = scripted(CARDS, MAIN, MAIN, keep=False, seed=8_123_456_789_012_345_678)
    setup = match.initial_events[0]
    assert setup.type == "setup"
    for seat in (0, 1):
        assert setup.for_seat(seat) == {"type": "setup", "initiative": 0}
    assert setup.public_dict() == {"type": "setup", "initiative": 0}
    assert setup.judge_dict() == {
        "type": "setup",
        "initiative": 0,
        "seed": 8_123_456_789_012_345_678,
        "shuffle": False,
        "private_to": "judges",
    }


def test_it_shows_the_opponent_only_the_cell_and_the_influence_a_face_down_trap_cost() -> None:
    # R7.3 [decision]: the card is hidden; the influence spent is public (R3.5, R7.1).
    cheap_a = trap("Snare", cost=2, abilities=[ability("enemy_attacks_in_line", "damage", "attacker", 3)])
    cheap_b = trap(
        "Pitfall", cost=2, abilities=[ability("start_of_combat", "damage", "enemy_units_in_line", 1)]
    )
    seen = []
    for hidden in (cheap_a, cheap_b):
        match = scripted([hidden], [hidden.name] * 2 + ["Soldier"] * 28)
        events = play(match, 0, hidden.name, 2, 2)
        assert events[0].for_seat(0)["card"] == hidden.name
        assert match.observation(0)["seats"][0]["hero"]["influence"] == 3
        seen.append(([e.for_seat(1) for e in events], match.observation(1), match.spectator_view()))
    assert seen[0] == seen[1]  # nothing the opponent or a spectator sees tells the two apart
    opponent_events, opponent_view, _ = seen[0]
    assert opponent_events[0] == {
        "type": "play",
        "seat": 0,
        "cost": 2,
        "cell": {"seat": 0, "line": 2, "row": 2},
        "face_down": True,
    }
    assert opponent_view["seats"][0]["hero"]["influence"] == 3
