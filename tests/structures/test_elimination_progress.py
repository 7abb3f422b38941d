"""Following a bracket: the matches ready to pair, results checked, walkovers for dropped players."""

import pytest

from tournaments.structures import (
    EliminationDrawError,
    Source,
    bracket_progress,
    double_elimination,
    match_winner,
    single_elimination,
)
from tournaments.swiss import MatchRecord

EIGHT = [101, 102, 103, 104, 105, 106, 107, 108]


def test_it_pairs_the_first_round_then_each_match_whose_two_players_are_known() -> None:
    bracket = single_elimination(seeds=EIGHT)
    progress = bracket_progress(bracket=bracket, results={})
    assert [(s.match.key, s.player_a, s.player_b) for s in progress.ready] == [
        ("W1-1", 101, 108),
        ("W1-2", 104, 105),
        ("W1-3", 102, 107),
        ("W1-4", 103, 106),
    ]
    results = {"W1-1": MatchRecord(1, 101, 108, 2, 0), "W1-2": MatchRecord(1, 104, 105, 1, 2)}
    progress = bracket_progress(bracket=bracket, results=results)
    # The semifinal of 1 v 8 and 4 v 5 is ready; the other still waits for its players.
    assert [(s.match.key, s.player_a, s.player_b) for s in progress.ready] == [
        ("W1-3", 102, 107),
        ("W1-4", 103, 106),
        ("W2-1", 101, 105),
    ]
    waiting = progress.state("W2-2")
    assert (waiting.status, waiting.player_a, waiting.player_b) == ("waiting", None, None)
    assert progress.state("W1-2").winner == 105 and progress.state("W1-2").loser == 104
    assert progress.champion is None


def test_it_gives_the_ready_matches_as_rounds_with_tables_and_sources() -> None:
    bracket = double_elimination(seeds=EIGHT)
    results = {
        "W1-1": MatchRecord(1, 101, 108, 2, 0),
        "W1-2": MatchRecord(1, 104, 105, 2, 1),
        "W1-3": MatchRecord(1, 102, 107, 2, 0),
        "W1-4": MatchRecord(1, 106, 103, 2, 0),  # either player may be ``a`` in a record
    }
    rounds = bracket_progress(bracket=bracket, results=results).ready_rounds()
    assert [(r.number, r.kind, [(t.number, t.match, t.a, t.b) for t in r.tables]) for r in rounds] == [
        (2, "winners", [(1, "W2-1", 101, 104), (2, "W2-2", 102, 106)]),
        (3, "losers", [(1, "L1-1", 108, 105), (2, "L1-2", 107, 103)]),
    ]
    losers_table = rounds[1].tables[0]
    assert (losers_table.from_a, losers_table.from_b) == (Source.loser_of("W1-1"), Source.loser_of("W1-2"))
    assert rounds[1].byes == rounds[1].rests == ()


def test_it_decides_a_match_on_games_won_and_refuses_a_draw() -> None:
    assert match_winner(MatchRecord(1, 7, 9, 2, 1, 3)) == 7  # drawn games do not count
    assert match_winner(MatchRecord(1, 7, 9, 0, 1)) == 9
    for wins in ((1, 1), (0, 0)):
        with pytest.raises(EliminationDrawError, match="cannot end in a draw") as refused:
            match_winner(MatchRecord(1, 7, 9, *wins, draws=1))
        assert refused.value.code == "elimination_draw"
    with pytest.raises(ValueError, match="two players"):
        match_winner(MatchRecord.bye(round=1, player=7))
    with pytest.raises(EliminationDrawError):
        bracket_progress(
            bracket=single_elimination(seeds=EIGHT), results={"W1-1": MatchRecord(1, 101, 108, 1, 1)}
        )


@pytest.mark.parametrize(
    ("results", "message"),
    [
        ({"W9-1": MatchRecord(1, 101, 108, 2, 0)}, "does not have"),
        ({"W2-1": MatchRecord(2, 101, 104, 2, 0)}, "not known yet"),
        ({"W1-1": MatchRecord(1, 101, 107, 2, 0)}, "not 101 and 108"),
    ],
)
def test_it_refuses_a_result_that_is_not_the_brackets(results: dict[str, MatchRecord], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        bracket_progress(bracket=single_elimination(seeds=EIGHT), results=results)


def test_a_dropped_players_match_is_a_walkover_for_the_opponent() -> None:
    bracket = single_elimination(seeds=EIGHT)
    results = {"W1-1": MatchRecord(1, 101, 108, 2, 0)}
    progress = bracket_progress(bracket=bracket, results=results, dropped=[105])
    walkover = progress.state("W1-2")
    assert (walkover.status, walkover.winner, walkover.loser) == ("walkover", 104, 105)
    # The walkover's winner goes on at once: their next match is ready.
    assert progress.state("W2-1").status == "ready"
    assert (progress.state("W2-1").player_a, progress.state("W2-1").player_b) == (101, 104)
    assert [s.match.key for s in progress.ready] == ["W1-3", "W1-4", "W2-1"]


def test_a_result_already_in_stands_for_a_player_who_drops_afterwards() -> None:
    results = {"W1-1": MatchRecord(1, 101, 108, 0, 2)}
    progress = bracket_progress(bracket=single_elimination(seeds=EIGHT), results=results, dropped=[108])
    assert progress.state("W1-1").status == "played" and progress.state("W1-1").winner == 108
    # 108 then forfeits the next match, once its opponent is known.
    assert progress.state("W2-1").status == "waiting"


def test_when_both_players_dropped_the_better_seed_goes_on_and_forfeits_next() -> None:
    bracket = single_elimination(seeds=EIGHT)
    progress = bracket_progress(bracket=bracket, results={}, dropped=[104, 105, 108])
    assert (progress.state("W1-2").status, progress.state("W1-2").winner) == ("walkover", 104)
    assert progress.state("W1-1").winner == 101
    assert (progress.state("W2-1").status, progress.state("W2-1").winner) == ("walkover", 101)


def test_the_champion_is_the_finals_winner() -> None:
    bracket = single_elimination(seeds=[1, 2])
    progress = bracket_progress(bracket=bracket, results={"W1-1": MatchRecord(1, 2, 1, 2, 0)})
    assert progress.champion == 2
    assert progress.ready == ()


def test_it_gives_the_brackets_matches_as_records_for_the_tiebreakers() -> None:
    bracket = single_elimination(seeds=[1, 2, 3])
    results = {"W1-2": MatchRecord(7, 3, 2, 1, 2, 1)}  # the site's round number does not matter
    progress = bracket_progress(bracket=bracket, results=results, dropped=[1])
    # 2 beats 3 in round 1; 1 (bye into the final) dropped: the final is a walkover.
    assert progress.history() == [
        MatchRecord(1, 3, 2, 1, 2, 1),
        MatchRecord.bye(round=2, player=2),
        MatchRecord.missed(round=2, player=1),
    ]
    assert progress.champion == 2
