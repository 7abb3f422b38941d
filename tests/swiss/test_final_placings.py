"""Final placings after a top cut: the winner, the finalist, each round's losers by Swiss
rank, then everyone else by Swiss rank; each player's stage named (final, semifinal, ...)."""

import pytest

from tournaments.swiss import Standing, final_placings, top_cut_stage

# Player ids that are not their Swiss ranks, so a mix-up shows: Swiss rank r is player 100 + r.
FIELD = 10


def standings(n: int = FIELD) -> list[Standing]:
    return [
        Standing(
            rank=r, player_id=100 + r, name=f"p{r}", match_points=3 * (n - r), wins=n - r, losses=r - 1,
            draws=0, omw=0.5, gw=0.5, ogw=0.5, dropped=False,
        )
        for r in range(1, n + 1)
    ]  # fmt: skip


def order(placings) -> list[int]:
    return [p.player_id - 100 for p in placings]  # as Swiss ranks


def stage_of(placings) -> dict[int, str | None]:
    return {p.player_id - 100: p.top_cut for p in placings}


def test_it_puts_the_winner_of_a_top_two_first_though_she_was_second_after_the_swiss() -> None:
    placings = final_placings(standings(), [[(101, 102, 102)]])
    assert order(placings) == [2, 1, 3, 4, 5, 6, 7, 8, 9, 10]
    assert [p.rank for p in placings] == list(range(1, FIELD + 1))
    assert stage_of(placings)[2] == "winner" and stage_of(placings)[1] == "final"
    assert stage_of(placings)[3] is None
    assert placings[0].swiss_rank == 2


def test_it_orders_a_top_eight_by_how_far_each_went_then_by_swiss_rank() -> None:
    quarterfinals = [(101, 108, 108), (104, 105, 105), (102, 107, 102), (103, 106, 106)]
    semifinals = [(105, 108, 108), (102, 106, 106)]
    final = [(106, 108, 106)]
    placings = final_placings(standings(), [quarterfinals, semifinals, final])
    # Winner 6, finalist 8; semifinal losers 2 and 5 by Swiss rank; quarterfinal losers 1, 3, 4, 7.
    assert order(placings) == [6, 8, 2, 5, 1, 3, 4, 7, 9, 10]
    stages = stage_of(placings)
    assert stages[6] == "winner" and stages[8] == "final"
    assert stages[2] == stages[5] == "semifinal"
    assert stages[1] == stages[3] == stages[4] == stages[7] == "quarterfinal"
    assert stages[9] is None and stages[10] is None


def test_it_lists_the_players_still_in_first_while_the_top_cut_runs() -> None:
    quarterfinals = [(101, 108, 108), (104, 105, 105), (102, 107, 102), (103, 106, 106)]
    semifinals = [(105, 108, None), (102, 106, 106)]  # one semifinal not over yet
    placings = final_placings(standings(), [quarterfinals, semifinals])
    assert order(placings) == [5, 6, 8, 2, 1, 3, 4, 7, 9, 10]
    assert stage_of(placings)[6] == "semifinal"  # in the final once it is paired, not before
    assert "winner" not in stage_of(placings).values()


def test_it_is_the_swiss_order_without_a_top_cut() -> None:
    placings = final_placings(standings(), [])
    assert order(placings) == list(range(1, FIELD + 1))
    assert all(p.top_cut is None and p.rank == p.swiss_rank for p in placings)


def test_it_has_no_winner_until_the_final_has_a_result() -> None:
    placings = final_placings(standings(4), [[(101, 104, 101), (102, 103, 103)], [(101, 103, None)]])
    assert order(placings) == [1, 3, 2, 4]
    assert stage_of(placings) == {1: "final", 3: "final", 2: "semifinal", 4: "semifinal"}


@pytest.mark.parametrize(
    ("rounds", "message"),
    [
        ([[(101, 102, 103)]], "cannot win"),
        ([[(101, 102, 101), (101, 103, 103)]], "twice"),
        ([[(101, 199, 101)]], "not in the standings"),
        ([[(101, 102, 101), (103, 104, 103), (105, 106, 105)]], "power of two"),
    ],
)
def test_it_refuses_an_inconsistent_bracket(rounds, message) -> None:
    with pytest.raises(ValueError, match=message):
        final_placings(standings(), rounds)


def test_it_names_the_rounds_of_a_top_cut() -> None:
    assert [top_cut_stage(n) for n in (1, 2, 4, 8)] == ["final", "semifinal", "quarterfinal", "round_of_16"]
