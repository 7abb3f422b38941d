"""Forbidden pairs (family, the same team): honoured when possible, never at a rematch's price."""

import random
from unittest import mock

import pytest

from tournaments.swiss import MatchRecord, PairingError, pair_round
from tournaments.swiss import pairing as pairing_module

from .support import met, play, roster

PATHS = {"exact": 10**9, "by groups": 0}


def pairs_of(pairing) -> set[frozenset[int]]:  # type: ignore[no-untyped-def]
    return {frozenset(p) for p in pairing.pairs}


@pytest.mark.parametrize("path", list(PATHS))
@pytest.mark.parametrize("seed", range(20))
def test_it_never_pairs_a_forbidden_pair_when_another_pairing_exists(path: str, seed: int) -> None:
    players = roster(16)
    rng = random.Random(seed)
    ids = [p.id for p in players]
    rng.shuffle(ids)
    forbidden = [(ids[i], ids[i + 1]) for i in range(0, 8, 2)] + [(ids[0], ids[2])]
    with mock.patch.object(pairing_module, "EXACT_LIMIT", PATHS[path]):
        pairing = pair_round(players=players, history=[], round_number=1, seed=seed, forbidden=forbidden)
    assert not pairs_of(pairing) & {frozenset(p) for p in forbidden}
    assert len(pairing.pairs) == 8


def test_it_pairs_a_forbidden_pair_when_there_is_no_other_way() -> None:
    # Two players: the only pairing there is. A forbidden pair is not a rematch.
    players = roster(2)
    pairing = pair_round(players=players, history=[], round_number=1, seed=1, forbidden=[(1, 2)])
    assert pairing.pairs == ((1, 2),) or pairing.pairs == ((2, 1),)


@pytest.mark.parametrize("path", list(PATHS))
def test_it_uses_as_few_forbidden_pairs_as_it_must(path: str) -> None:
    # 1 is kept apart from everyone, and 2 from 3: {1-4, 2-3} would play two forbidden pairs,
    # the other two pairings one each.
    players = roster(4)
    forbidden = [(1, 2), (1, 3), (1, 4), (2, 3)]
    with mock.patch.object(pairing_module, "EXACT_LIMIT", PATHS[path]):
        pairing = pair_round(players=players, history=[], round_number=1, seed=3, forbidden=forbidden)
    assert len(pairs_of(pairing) & {frozenset(p) for p in forbidden}) == 1
    assert pairs_of(pairing) in (
        {frozenset((1, 3)), frozenset((2, 4))},
        {frozenset((1, 2)), frozenset((3, 4))},
    )


def test_it_still_refuses_a_rematch_rather_than_a_forbidden_pair() -> None:
    players = roster(2)
    history = [MatchRecord(round=1, a=1, b=2, wins_a=2, wins_b=0, draws=0)]
    with pytest.raises(PairingError):
        pair_round(players=players, history=history, round_number=2, seed=1, forbidden=[(1, 2)])


@pytest.mark.parametrize("path", list(PATHS))
def test_it_keeps_forbidden_pairs_apart_over_a_whole_event(path: str) -> None:
    players = roster(24)
    forbidden = [(1, 2), (3, 4), (5, 6), (1, 3)]
    history: list[MatchRecord] = []
    rng = random.Random(7)
    with mock.patch.object(pairing_module, "EXACT_LIMIT", PATHS[path]):
        for number in range(1, 6):
            pairing = pair_round(
                players=players, history=history, round_number=number, seed=11, forbidden=forbidden
            )
            assert not pairs_of(pairing) & {frozenset(p) for p in forbidden}
            history += play(number, pairing, [rng.choice([(2, 0, 0), (0, 2, 0)]) for _ in pairing.pairs])
    assert not met(history) & {frozenset(p) for p in forbidden}


def test_it_gives_the_same_pairing_without_forbidden_pairs_as_before() -> None:
    players = roster(30)
    assert pair_round(players=players, history=[], round_number=1, seed=5) == pair_round(
        players=players, history=[], round_number=1, seed=5, forbidden=[]
    )
