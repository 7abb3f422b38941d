"""Swiss standings: match points, then OMW%, GW%, OGW% (Magic's tournament rules, Appendix C)."""

from collections.abc import Sequence

from tournaments.swiss.records import MatchRecord, Player, Standing
from tournaments.swiss.scoring import score

PLACES = 4


def compute_standings(*, players: Sequence[Player], history: Sequence[MatchRecord]) -> list[Standing]:
    """Return every player's :class:`Standing`, best first, ranks 1..n (no shared ranks).

    Order: match points (win 3, draw 1, loss 0; a bye is a win, a missed round a loss), then
    OMW%, GW%, OGW%, each compared exactly; players equal on all four are ordered by name,
    then by id, so the order is stable. Dropped players keep their place, marked ``dropped``.
    Percentages are floored at 1/3 as the rules say; a player without opponents has OMW% and
    OGW% of 1/3, and one without games a GW% of 1/3. O(players log players + matches).
    Raises ValueError for inconsistent input (see :func:`tournaments.swiss.scoring.tally`).
    """
    scores = score(players, history)
    keys = scores.keys

    def order(player: Player) -> tuple[int, int, int, int, str, int]:
        points, omw, gw, ogw = keys[player.id]
        return (-points, -omw, -gw, -ogw, player.name, player.id)

    standings = []
    for rank, player in enumerate(sorted(players, key=order), start=1):
        t = scores.tallies[player.id]
        _, omw, gw, ogw = keys[player.id]
        standings.append(
            Standing(
                rank=rank,
                player_id=player.id,
                name=player.name,
                match_points=t.match_points,
                wins=t.wins,
                losses=t.losses,
                draws=t.draws,
                omw=round(omw / scores.omw_denominator, PLACES),
                gw=round(gw / scores.gw_denominator, PLACES),
                ogw=round(ogw / scores.ogw_denominator, PLACES),
                dropped=player.dropped,
            )
        )
    return standings
