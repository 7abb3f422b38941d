"""R4.1 initiative and R5 game start: heroes, orders, the opening hand and the one mulligan."""

import pytest
from match_builders import ORDERS, catalog, deck, scripted, unit

from engine.games.respons.match import IllegalAction, new_match

NUMBERED = [unit(f"Card {i}", 1) for i in range(1, 31)]
LISTED = [f"Card {i}" for i in range(1, 31)]


def test_it_lays_out_the_orders_face_down_left_to_right_in_the_registered_order() -> None:
    match = scripted(keep=False)
    own = match.observation(0)["seats"][0]
    theirs = match.observation(0)["seats"][1]
    assert [o["card"] for o in own["orders"]] == [o.name for o in ORDERS]  # R5.1: registered order
    assert {o["state"] for o in own["orders"]} == {"face_down"}
    assert [o["card"] for o in theirs["orders"]] == [None] * 5  # R3.5: only backs
    assert own["hero"]["card"] == "Tester" and theirs["hero"]["card"] == "Tester"


def test_it_starts_each_hero_with_its_full_influence_supply() -> None:
    match = scripted(keep=False)
    assert [side["hero"]["influence"] for side in match.judge_view()["seats"]] == [5, 5]  # R5.3


def test_it_draws_seven_cards_in_listed_order_when_not_shuffling() -> None:
    match = scripted(NUMBERED, LISTED, LISTED, keep=False)
    assert match.observation(0)["seats"][0]["hand"] == LISTED[:7]  # R5.2, R10.2: first card on top
    assert match.observation(0)["seats"][0]["deck"] == 23


def test_it_decides_initiative_by_the_match_seed_unless_fixed() -> None:
    cards = catalog()
    decks = (deck(), deck())
    seen = {new_match(cards, decks, seed=seed).initiative for seed in range(40)}
    assert seen == {0, 1}  # R4.1 [decision]: the seed decides, both seats happen
    assert all(
        new_match(cards, decks, seed=s).initiative == new_match(cards, decks, seed=s).initiative
        for s in range(10)
    )
    assert {new_match(cards, decks, seed=s, first_initiative=1).initiative for s in range(10)} == {1}  # R10.2


def test_it_asks_the_initiative_player_to_decide_the_mulligan_first() -> None:
    match = scripted(initiative=1, keep=False)
    decision = match.decision()
    assert decision is not None and (decision.kind, decision.seat) == ("mulligan", 1)  # R5.2 [decision]
    with pytest.raises(IllegalAction) as refused:
        match.apply(0, {"type": "keep"})
    assert refused.value.rule == "R5.2"
    match.apply(1, {"type": "keep"})
    assert match.decision().seat == 0 and match.decision().kind == "mulligan"


def test_it_puts_mulliganed_cards_on_the_bottom_and_draws_as_many() -> None:
    match = scripted(NUMBERED, LISTED, LISTED, keep=False)
    match.apply(0, {"type": "mulligan", "cards": ["Card 2", "Card 5"]})
    hand = match.observation(0)["seats"][0]["hand"]
    assert hand == ["Card 1", "Card 3", "Card 4", "Card 6", "Card 7", "Card 8", "Card 9"]
    bottom = [inst.name for inst in match.seats[0].deck[:2]]  # the deck's bottom is the list's start
    assert sorted(bottom) == ["Card 2", "Card 5"]
    assert len(match.seats[0].deck) == 23


def test_it_puts_mulliganed_cards_back_in_seeded_random_order() -> None:
    orders = set()
    for seed in range(12):
        match = scripted(NUMBERED, LISTED, LISTED, keep=False, seed=seed)
        match.apply(0, {"type": "mulligan", "cards": LISTED[:7]})
        orders.add(tuple(inst.name for inst in match.seats[0].deck[:7]))
    assert len(orders) > 1  # R5.2: "in random order", from the match seed even without shuffle


def test_it_accepts_any_subset_of_the_hand_as_a_mulligan() -> None:
    match = scripted(NUMBERED, LISTED, LISTED, keep=False)
    subset = ["Card 1", "Card 4", "Card 7"]
    assert {"type": "mulligan", "cards": subset} not in match.legal_actions(0)
    match.apply(0, {"type": "mulligan", "cards": subset})
    assert match.seats[0].mulliganed is True and len(match.seats[0].hand) == 7


def test_it_refuses_a_mulligan_of_cards_not_in_the_hand() -> None:
    match = scripted(NUMBERED, LISTED, LISTED, keep=False)
    for cards in (["Card 9"], ["Card 1", "Card 1"], ["Nonsense"]):
        with pytest.raises(IllegalAction) as refused:
            match.apply(0, {"type": "mulligan", "cards": cards})
        assert refused.value.rule == "R5.2"
    assert match.decision().kind == "mulligan" and match.seq == 0


def test_it_allows_one_mulligan_per_player_and_then_starts_the_first_turn() -> None:
    match = scripted(keep=False)
    match.apply(0, {"type": "mulligan", "cards": ["Soldier"]})
    match.apply(1, {"type": "keep"})
    decision = match.decision()
    assert (decision.kind, decision.seat, match.turn) == ("act", 0, 1)
    with pytest.raises(IllegalAction):
        match.apply(0, {"type": "mulligan", "cards": ["Soldier"]})
