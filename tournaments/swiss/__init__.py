"""The pure core of Swiss events: pairing, standings with tiebreakers, top cut.

No Django here: the site builds :class:`Player` and :class:`MatchRecord` values from its rows,
calls these functions, and stores what they return.
"""

from tournaments.swiss.pairing import PairingError, pair_round, recommended_rounds
from tournaments.swiss.records import MatchRecord, Pairing, Player, Standing
from tournaments.swiss.standings import compute_standings
from tournaments.swiss.topcut import (
    DrawnTopCutError,
    Placing,
    final_placings,
    next_top_cut_round,
    top_cut_pairings,
    top_cut_seeds,
    top_cut_stage,
    top_cut_winner,
)

__all__ = [
    "DrawnTopCutError",
    "MatchRecord",
    "Pairing",
    "PairingError",
    "Placing",
    "Player",
    "Standing",
    "compute_standings",
    "final_placings",
    "next_top_cut_round",
    "pair_round",
    "recommended_rounds",
    "top_cut_pairings",
    "top_cut_seeds",
    "top_cut_stage",
    "top_cut_winner",
]
