"""The losers' bracket's crossing order: no rematch in the first half of its rounds, 8 to 64 players.

A player can meet again in the losers' bracket only someone they beat in the winners' bracket
(two players never meet twice inside the losers' bracket). With winners' round r's losers
entering in crossing order, the earliest losers' round where that can happen, whatever the
results, is round 3 of 4 for 8 players, 4 of 6 for 16, 5 of 8 for 32 and 7 of 10 for 64:
always after the first half of the losers' rounds.
"""

import itertools
import random
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.structures import Bracket, BracketMatch, MatchState, double_elimination

from .support import play_out


def early_rematches(played: list[MatchState], losers_rounds: int) -> list[str]:
    """Return the losers' matches in the first half of the losers' rounds whose players had met."""
    met: set[frozenset[int | None]] = set()
    found = []
    for state in played:
        pair = frozenset((state.player_a, state.player_b))
        if state.match.kind == "losers" and 2 * losers_round(state.match) <= losers_rounds and pair in met:
            found.append(state.match.key)
        met.add(pair)
    return found


def losers_round(match: BracketMatch) -> int:
    """Return the number of a losers' match's round in the losers' bracket ("losers_3" → 3; 0
    for a winners' match)."""
    return int(match.stage.removeprefix("losers_")) if match.kind == "losers" else 0


def losers_rounds(bracket: Bracket) -> int:
    return max(losers_round(m) for m in bracket.matches if m.kind == "losers")


def by_bits(bracket: Bracket, bits: tuple[bool, ...]) -> Callable[[MatchState], bool]:
    """Return a chooser: seat a wins the i-th match of the bracket (play order) when bits[i]."""
    order = {m.key: i for i, m in enumerate(bracket.matches)}
    return lambda state: bits[order[state.match.key]]


def test_eight_players_never_meet_again_in_the_first_two_losers_rounds_whatever_the_results() -> None:
    bracket = double_elimination(seeds=list(range(1, 9)))
    # Every result of the matches up to losers' round 2 (winners' rounds 1-3, losers' 1-2).
    before = [
        m for m in bracket.matches if m.kind == "winners" or (m.kind == "losers" and losers_round(m) <= 2)
    ]
    assert len(before) == 11
    checked = 0
    for bits in itertools.product((True, False), repeat=len(before)):
        _, played = play_out(
            bracket,
            by_bits(bracket, bits + (True,) * (len(bracket.matches) - len(before))),
            stop=lambda state: state.match.kind == "grand_final" or losers_round(state.match) > 2,
        )
        assert early_rematches(played, losers_rounds(bracket)) == []
        checked += 1
    assert checked == 2**11


@settings(max_examples=150, deadline=None)
@given(n=st.integers(8, 64), data=st.data())
def test_no_player_meets_an_opponent_again_in_the_first_half_of_the_losers_rounds(
    n: int, data: st.DataObject
) -> None:
    bracket = double_elimination(seeds=list(range(1, n + 1)))
    bits = tuple(data.draw(st.lists(st.booleans(), min_size=2 * n, max_size=2 * n)))
    _, played = play_out(bracket, by_bits(bracket, bits))
    assert early_rematches(played, losers_rounds(bracket)) == []


@settings(max_examples=40, deadline=None)
@given(n=st.sampled_from([8, 16, 32, 64]), seed=st.integers(0, 10**9))
def test_the_crossing_order_delays_the_first_possible_rematch_past_the_half(n: int, seed: int) -> None:
    # The better seed wins most matches (as in real events), so the same players climb and drop.
    bracket = double_elimination(seeds=list(range(1, n + 1)))
    rng = random.Random(seed)
    favourite = lambda state: (state.player_a or 0) < (state.player_b or 0)  # noqa: E731
    _, played = play_out(bracket, lambda state: favourite(state) == (rng.random() < 0.8))
    assert early_rematches(played, losers_rounds(bracket)) == []
