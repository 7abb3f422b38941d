"""The bracket page's data, as GET /api/events/{id}/bracket/ gives it: rounds, matches, seats' sources."""

from tournaments.structures import bracket_progress, bracket_view, double_elimination, single_elimination
from tournaments.swiss import MatchRecord

NAMES = {1: "ann", 2: "ben", 3: "cat", 4: "dan", 5: "eve"}


def test_it_gives_each_round_with_its_matches_players_winners_and_sources() -> None:
    bracket = single_elimination(seeds=[1, 2, 3, 4, 5])
    progress = bracket_progress(bracket=bracket, results={"W1-2": MatchRecord(1, 4, 5, 0, 2)})
    view = bracket_view(progress, names=NAMES, ids={"W1-2": 701, "W2-1": 702})
    assert view == {
        "rounds": [
            {
                "number": 1,
                "kind": "winners",
                "stage": "quarterfinal",
                "matches": [
                    {
                        "id": 701,
                        "key": "W1-2",
                        "table": 1,
                        "player_a": "dan",
                        "player_b": "eve",
                        "winner": "eve",
                        "status": "played",
                        "from_a": {"seed": 4},
                        "from_b": {"seed": 5},
                    }
                ],
            },
            {
                "number": 2,
                "kind": "winners",
                "stage": "semifinal",
                "matches": [
                    {
                        "id": 702,
                        "key": "W2-1",
                        "table": 1,
                        "player_a": "ann",
                        "player_b": "eve",
                        "winner": None,
                        "status": "ready",
                        "from_a": {"seed": 1},
                        "from_b": {"winner_of": "W1-2"},
                    },
                    {
                        "id": "W2-2",  # no row on the site yet: the key
                        "key": "W2-2",
                        "table": 2,
                        "player_a": "ben",
                        "player_b": "cat",
                        "winner": None,
                        "status": "ready",
                        "from_a": {"seed": 2},
                        "from_b": {"seed": 3},
                    },
                ],
            },
            {
                "number": 3,
                "kind": "winners",
                "stage": "final",
                "matches": [
                    {
                        "id": "W3-1",
                        "key": "W3-1",
                        "table": 1,
                        "player_a": None,
                        "player_b": None,
                        "winner": None,
                        "status": "waiting",
                        "from_a": {"winner_of": "W2-1"},
                        "from_b": {"winner_of": "W2-2"},
                    }
                ],
            },
        ]
    }


def test_it_names_the_losers_bracket_sources_and_the_grand_finals() -> None:
    bracket = double_elimination(seeds=[1, 2, 3, 4], grand_final_reset=True)
    view = bracket_view(bracket_progress(bracket=bracket, results={}), names=NAMES)
    rounds = [
        (r["number"], r["kind"], [(m["key"], m["from_a"], m["from_b"]) for m in r["matches"]])
        for r in view["rounds"]
    ]  # type: ignore[index]
    assert rounds == [
        (1, "winners", [("W1-1", {"seed": 1}, {"seed": 4}), ("W1-2", {"seed": 2}, {"seed": 3})]),
        (2, "winners", [("W2-1", {"winner_of": "W1-1"}, {"winner_of": "W1-2"})]),
        (3, "losers", [("L1-1", {"loser_of": "W1-1"}, {"loser_of": "W1-2"})]),
        (4, "losers", [("L2-1", {"winner_of": "L1-1"}, {"loser_of": "W2-1"})]),
        (5, "grand_final", [("GF1", {"winner_of": "W2-1"}, {"winner_of": "L2-1"})]),
        (6, "grand_final", [("GF2", {"loser_of": "GF1"}, {"winner_of": "GF1"})]),
    ]
