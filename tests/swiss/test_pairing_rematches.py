"""No rematch, ever: the one constraint a pairing never bends."""

import itertools
from dataclasses import replace
from unittest import mock

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.swiss import MatchRecord, PairingError, pair_round, recommended_rounds
from tournaments.swiss import pairing as pairing_module

from .support import met, perfect_matchings, play, results, roster

PATHS = {"exact": 10**9, "by groups": 0}


def no_pairing_exists(able: list[int], met_pairs: set[frozenset[int]]) -> bool:
    """True when no choice of bye leaves players who can all be paired without a rematch."""
    sitting_out = able if len(able) % 2 else [None]
    return not any(
        next(perfect_matchings([p for p in able if p != bye], met_pairs), None) is not None
        for bye in sitting_out
    )


@pytest.mark.parametrize("path", list(PATHS))
@settings(max_examples=150, deadline=None)
@given(n=st.integers(2, 14), extra_rounds=st.integers(0, 3), seed=st.integers(0, 10**6), data=st.data())
def test_it_never_pairs_a_rematch(
    path: str, n: int, extra_rounds: int, seed: int, data: st.DataObject
) -> None:
    # Random events, played past the recommended length (so small fields run out of opponents),
    # with drops; when the pairer gives up, an exhaustive search must agree that nothing was possible.
    players = {p.id: p for p in roster(n)}
    history: list[MatchRecord] = []
    with mock.patch.object(pairing_module, "EXACT_LIMIT", PATHS[path]):
        for number in range(1, recommended_rounds(n) + extra_rounds + 1):
            able = [p.id for p in players.values() if p.can_play(number)]
            if not able:
                return
            try:
                pairing = pair_round(
                    players=list(players.values()), history=history, round_number=number, seed=seed
                )
            except PairingError:
                assert no_pairing_exists(able, met(history))
                return
            already = met(history)
            assert not any(frozenset(pair) in already for pair in pairing.pairs)
            seated = [p for pair in pairing.pairs for p in pair] + (
                [] if pairing.bye is None else [pairing.bye]
            )
            assert sorted(seated) == sorted(able)
            history += play(
                number,
                pairing,
                data.draw(st.lists(results, min_size=len(pairing.pairs), max_size=len(pairing.pairs))),
            )
            for pid in data.draw(st.sets(st.sampled_from(able), max_size=1)):
                players[pid] = replace(players[pid], dropped=True)


@pytest.mark.parametrize("path", list(PATHS))
@pytest.mark.parametrize("size", [64, 300])
def test_it_never_pairs_a_rematch_in_a_long_event(path: str, size: int) -> None:
    players = roster(size)
    history: list[MatchRecord] = []
    outcomes = itertools.cycle([(2, 0, 0), (0, 2, 0), (2, 1, 0), (1, 1, 1), (1, 2, 0), (0, 2, 0), (2, 0, 0)])
    with mock.patch.object(pairing_module, "EXACT_LIMIT", PATHS[path]):
        for number in range(1, recommended_rounds(size) + 4):
            pairing = pair_round(players=players, history=history, round_number=number, seed=size)
            already = met(history)
            assert not any(frozenset(pair) in already for pair in pairing.pairs)
            history += play(number, pairing, [next(outcomes) for _ in pairing.pairs])


def test_it_refuses_to_pair_two_players_who_have_met() -> None:
    players = roster(2)
    history = [MatchRecord(round=1, a=1, b=2, wins_a=2, wins_b=0)]
    with pytest.raises(PairingError, match="rematch"):
        pair_round(players=players, history=history, round_number=2, seed=1)


def test_it_refuses_a_fourth_round_to_four_players() -> None:
    players = roster(4)
    history: list[MatchRecord] = []
    for number in (1, 2, 3):
        pairing = pair_round(players=players, history=history, round_number=number, seed=1)
        history += play(number, pairing, [(2, 0, 0), (2, 1, 0)])
    assert len(met(history)) == 6  # a full round robin
    with pytest.raises(PairingError):
        pair_round(players=players, history=history, round_number=4, seed=1)
