"""Seeding: at random from a seed, by rating (ties at random), or the organizer's own order."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures import SEEDINGS, seed_order

ENTRANTS = [11, 12, 13, 14, 15, 16, 17, 18]


@settings(max_examples=50, deadline=None)
@given(entrants=st.lists(st.integers(1, 10**6), unique=True, max_size=40), seed=st.integers(0, 10**6))
def test_it_seeds_every_entrant_once_the_same_way_for_the_same_seed(entrants: list[int], seed: int) -> None:
    order = seed_order(entrants=entrants, method="random", seed=seed)
    assert sorted(order) == sorted(entrants)
    assert seed_order(entrants=entrants, method="random", seed=seed) == order


def test_it_shuffles_at_random_differently_for_different_seeds() -> None:
    orders = {tuple(seed_order(entrants=ENTRANTS, method="random", seed=seed)) for seed in range(20)}
    assert len(orders) > 15  # of 8! orders: twenty seeds giving the same few would mean no shuffle
    assert tuple(ENTRANTS) not in orders


def test_it_seeds_by_rating_highest_first_with_a_missing_rating_as_zero() -> None:
    ratings = {11: 1500.0, 12: 1720.5, 13: -20.0, 15: 1610.0, 16: 1500.0, 17: 1499.0, 18: 12.0}
    order = seed_order(entrants=ENTRANTS, method="rating", seed=3, ratings=ratings)
    assert order[:2] == [12, 15]
    assert set(order[2:4]) == {11, 16}  # level on 1500: in the seeded random order
    assert order[4:] == [17, 18, 14, 13]  # 14 has no rating: 0, above a negative one


def test_it_breaks_rating_ties_by_the_seeded_shuffle() -> None:
    level = dict.fromkeys(ENTRANTS, 1500.0)
    for seed in range(5):
        by_rating = seed_order(entrants=ENTRANTS, method="rating", seed=seed, ratings=level)
        assert by_rating == seed_order(entrants=ENTRANTS, method="random", seed=seed)


def test_it_keeps_the_organizers_order() -> None:
    mine = [14, 12, 18, 11, 13, 17, 16, 15]
    assert seed_order(entrants=ENTRANTS, method="organizer", order=mine) == mine


@pytest.mark.parametrize(
    ("order", "message"),
    [
        ([14, 12, 18, 11, 13, 17, 16], r"missing \[15\]"),
        ([14, 12, 18, 11, 13, 17, 16, 15, 99], r"not entered \[99\]"),
        ([14, 12, 18, 11, 13, 17, 16, 16], "twice"),
        (None, "missing"),
    ],
)
def test_it_refuses_an_organizers_order_that_is_not_the_entrants(
    order: list[int] | None, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        seed_order(entrants=ENTRANTS, method="organizer", order=order)


def test_it_refuses_an_unknown_method_or_a_repeated_entrant() -> None:
    assert SEEDINGS == ("random", "rating", "organizer")
    with pytest.raises(ValueError, match="unknown seeding 'swiss'"):
        seed_order(entrants=ENTRANTS, method="swiss")
    with pytest.raises(ValueError, match="twice"):
        seed_order(entrants=[1, 2, 1], method="random")
