"""R3.5 hidden information: each seat's observation, the spectator's and the judge's views, events."""

import json

from match_builders import ORDERS, at, play, put, scripted, trap, unit

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
