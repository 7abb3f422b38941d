"""Round 1: everyone in one point group, paired at random from the event's seed."""

from collections import Counter

from tournaments.swiss import pair_round

from .support import roster


def test_it_pairs_every_player_exactly_once() -> None:
    players = roster(16)
    pairing = pair_round(players=players, history=[], round_number=1, seed=7)
    seated = Counter(p for pair in pairing.pairs for p in pair)
    assert sorted(seated) == [p.id for p in players]
    assert set(seated.values()) == {1}
    assert pairing.bye is None
    assert pairing.round == 1


def test_it_gives_exactly_one_bye_to_an_odd_field() -> None:
    players = roster(9)
    pairing = pair_round(players=players, history=[], round_number=1, seed=7)
    assert len(pairing.pairs) == 4
    assert pairing.bye is not None
    assert sorted([p for pair in pairing.pairs for p in pair] + [pairing.bye]) == [p.id for p in players]


def test_it_is_reproducible_from_the_seed() -> None:
    players = roster(33)
    first = pair_round(players=players, history=[], round_number=1, seed=2024)
    again = pair_round(players=players, history=[], round_number=1, seed=2024)
    assert first == again


def test_it_differs_across_seeds() -> None:
    players = roster(33)
    pairings = {pair_round(players=players, history=[], round_number=1, seed=s) for s in range(10)}
    assert len(pairings) == 10
    byes = {p.bye for p in pairings}
    assert len(byes) > 1  # the bye is not tied to a name either


def test_it_is_not_the_registration_order() -> None:
    players = roster(40)
    pairing = pair_round(players=players, history=[], round_number=1, seed=1)
    neighbours = sum(abs(a - b) == 1 for a, b in pairing.pairs)
    assert neighbours < 10


def test_it_pairs_large_fields_at_random_too() -> None:
    players = roster(1001)
    pairing = pair_round(players=players, history=[], round_number=1, seed=3)
    assert len(pairing.pairs) == 500
    assert pairing == pair_round(players=players, history=[], round_number=1, seed=3)
    assert pairing != pair_round(players=players, history=[], round_number=1, seed=4)
    assert sum(abs(a - b) == 1 for a, b in pairing.pairs) < 20
