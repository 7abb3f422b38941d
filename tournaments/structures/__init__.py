"""The pure core of the event structures beyond Swiss: elimination, round robin, leagues, teams, tiebreakers.

Beside the Swiss core (:mod:`tournaments.swiss`, whose :class:`~tournaments.swiss.Player` and
:class:`~tournaments.swiss.MatchRecord` these modules share) and, like it, no Django: the site
builds plain records from its rows, calls these functions, and stores what they return.

- :mod:`~tournaments.structures.seeding`: seed order at random, by rating, or the organizer's;
- :mod:`~tournaments.structures.bracket`: single- and double-elimination brackets (byes to the
  best seeds, the losers' bracket's crossing order, the grand-final reset);
- :mod:`~tournaments.structures.elimination`: a bracket followed with its results (matches
  ready to pair, walkovers, the champion), placings, the bracket page's data;
- :mod:`~tournaments.structures.round_robin`: the circle schedule, drops kept or voided, standings;
- :mod:`~tournaments.structures.league`: who may be matched now, matching the waiting
  players, live standings;
- :mod:`~tournaments.structures.teams`: team Swiss pairing, team matches seat by seat, team
  standings, the copy limit across a team's decks;
- :mod:`~tournaments.structures.tiebreakers`: the tiebreakers an event's profile lists, for
  every structure with standings (Swiss included).
"""

from tournaments.structures.bracket import (
    DOUBLE,
    SINGLE,
    Bracket,
    BracketMatch,
    BracketRound,
    crossing_order,
    double_elimination,
    single_elimination,
)
from tournaments.structures.elimination import (
    BracketProgress,
    EliminationDrawError,
    EliminationStandings,
    MatchState,
    Placing,
    bracket_progress,
    bracket_view,
    elimination_standings,
    match_winner,
)
from tournaments.structures.league import League, LeaguePairing, LeagueRules, Refusal
from tournaments.structures.records import (
    ROUND_KINDS,
    STRUCTURES,
    RoundPairing,
    Source,
    StandingRow,
    Table,
)
from tournaments.structures.round_robin import (
    DROP_POLICIES,
    RoundRobinStandings,
    round_robin_round,
    round_robin_rounds,
    round_robin_schedule,
    round_robin_standings,
)
from tournaments.structures.seeding import SEEDINGS, seed_order
from tournaments.structures.teams import (
    TEAM_SIZES,
    SeatTable,
    Team,
    TeamDeck,
    TeamDeckProblem,
    TeamMatchResult,
    TeamRoundPairing,
    check_teams,
    team_bye_record,
    team_copy_problems,
    team_match_result,
    team_pair_round,
    team_standings,
)
from tournaments.structures.tiebreakers import (
    DEFAULT_PROFILE,
    TIEBREAKERS,
    Ranking,
    Tiebreaker,
    check_profile,
    rank_by_profile,
)

__all__ = [
    "DEFAULT_PROFILE",
    "DOUBLE",
    "DROP_POLICIES",
    "ROUND_KINDS",
    "SEEDINGS",
    "SINGLE",
    "STRUCTURES",
    "TEAM_SIZES",
    "TIEBREAKERS",
    "Bracket",
    "BracketMatch",
    "BracketProgress",
    "BracketRound",
    "EliminationDrawError",
    "EliminationStandings",
    "League",
    "LeaguePairing",
    "LeagueRules",
    "MatchState",
    "Placing",
    "Ranking",
    "Refusal",
    "RoundPairing",
    "RoundRobinStandings",
    "SeatTable",
    "Source",
    "StandingRow",
    "Table",
    "Team",
    "TeamDeck",
    "TeamDeckProblem",
    "TeamMatchResult",
    "TeamRoundPairing",
    "Tiebreaker",
    "bracket_progress",
    "bracket_view",
    "check_profile",
    "check_teams",
    "crossing_order",
    "double_elimination",
    "elimination_standings",
    "match_winner",
    "rank_by_profile",
    "round_robin_round",
    "round_robin_rounds",
    "round_robin_schedule",
    "round_robin_standings",
    "seed_order",
    "single_elimination",
    "team_bye_record",
    "team_copy_problems",
    "team_match_result",
    "team_pair_round",
    "team_standings",
]
