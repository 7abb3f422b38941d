"""The single-elimination top cut after the Swiss rounds: seeding, brackets, winners.

A bracket is a list of matches in *bracket order*: the winners of matches 1 and 2 meet next,
then those of 3 and 4, and so on, so seeds 1 and 2 can only meet in the final. For 8 players
the order is 1v8, 4v5, 2v7, 3v6.

Top-cut matches cannot end in a draw: :func:`top_cut_winner` refuses a tied result with
:class:`DrawnTopCutError` (code ``top_cut_draw``), which the site reports as a 400; the
players play on until one of them is ahead in games won.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.swiss.records import Standing

Pair = tuple[int, int]


class DrawnTopCutError(ValueError):
    """A top-cut result with as many games won by each player: it has no winner."""

    code = "top_cut_draw"


def top_cut_seeds(standings: Sequence[Standing], size: int) -> list[int]:
    """Return the ids of the top ``size`` players of ``standings`` who have not dropped, seed 1 first.

    Raises ValueError when ``size`` is not a power of two of at least 2, or fewer than ``size``
    players are still in.
    """
    _check_size(size)
    seeds = [s.player_id for s in sorted(standings, key=lambda s: s.rank) if not s.dropped][:size]
    if len(seeds) < size:
        raise ValueError(f"a top {size} needs {size} players still in, not {len(seeds)}")
    return seeds


def top_cut_pairings(seeds: list[int]) -> list[Pair]:
    """Return the first top-cut round for ``seeds`` (player ids, seed 1 first) in bracket order,
    the better seed first in each pair: 2 → [1v2]; 4 → [1v4, 2v3]; 8 → [1v8, 4v5, 2v7, 3v6].

    Raises ValueError when the number of seeds is not a power of two of at least 2, or an id
    is repeated.
    """
    _check_size(len(seeds))
    if len(set(seeds)) != len(seeds):
        raise ValueError("a player is seeded twice")
    # Seed numbers (0-based) in bracket order, built by doubling: each seed s of a bracket of
    # size m is paired with its mirror 2m-1-s, which keeps the best seeds apart until the end.
    order = [0]
    while len(order) < len(seeds):
        size = 2 * len(order)
        order = [s for seed in order for s in (seed, size - 1 - seed)]
    return [(seeds[order[i]], seeds[order[i + 1]]) for i in range(0, len(order), 2)]


def top_cut_winner(*, a: int, b: int, wins_a: int, wins_b: int, draws: int = 0) -> int:
    """Return the winner (``a`` or ``b``) of a top-cut match: the player with more games won.

    Drawn games do not count. Raises :class:`DrawnTopCutError` when both won as many games,
    and ValueError for a negative count.
    """
    if min(wins_a, wins_b, draws) < 0:
        raise ValueError("a game count is negative")
    if wins_a == wins_b:
        raise DrawnTopCutError(
            f"a top-cut match cannot end in a draw ({wins_a}-{wins_b}-{draws}): play on until one player "
            "has won more games"
        )
    return a if wins_a > wins_b else b


def next_top_cut_round(previous: Sequence[tuple[int, int, int]], *, seeds: Sequence[int] = ()) -> list[Pair]:
    """Return the next top-cut round from the ``previous`` one's matches as (a, b, winner), in
    bracket order: the winners of matches 1 and 2 meet, then those of 3 and 4, and so on.

    Each pair lists the better seed first when ``seeds`` (the top-cut seeds, seed 1 first)
    are given, else the winner of the earlier match. Returns an empty list after the final
    (one match: its winner has won the event). Raises ValueError when the previous round
    has an odd number of matches (other than the final) or a winner who did not play in
    their match.
    """
    for a, b, winner in previous:
        if winner not in (a, b):
            raise ValueError(f"player {winner} cannot win a match between {a} and {b}")
    if len(previous) <= 1:
        return []
    if len(previous) % 2:
        raise ValueError(f"a top-cut round of {len(previous)} matches: it needs an even number")
    seed_of = {pid: i for i, pid in enumerate(seeds)}
    pairs = []
    for first, second in zip(previous[::2], previous[1::2], strict=True):
        a, b = first[2], second[2]
        if seed_of.get(b, len(seed_of)) < seed_of.get(a, len(seed_of)):
            a, b = b, a
        pairs.append((a, b))
    return pairs


def _check_size(size: int) -> None:
    if size < 2 or size & (size - 1):
        raise ValueError(f"a top cut of {size} players: it must be 2, 4, 8 (a power of two)")


# The stages of a top cut, named by the number of matches in the round; "winner" is the one
# player who won the final. A player's stage is the furthest round they played in.
WINNER = "winner"
STAGES = {1: "final", 2: "semifinal", 4: "quarterfinal"}


def top_cut_stage(matches: int) -> str:
    """Return the name of a top-cut round of ``matches`` matches: "final" (1), "semifinal" (2),
    "quarterfinal" (4), else "round_of_N" (N players). Raises ValueError for a count that is
    not a power of two."""
    if matches < 1 or matches & (matches - 1):
        raise ValueError(f"a top-cut round of {matches} matches: it must be 1, 2, 4 (a power of two)")
    return STAGES.get(matches, f"round_of_{2 * matches}")


@dataclass(frozen=True, slots=True)
class Placing:
    """One player's final place: ``rank`` (1 is the winner after a top cut), their ``swiss_rank``,
    and ``top_cut``, the stage they reached ("winner", "final", "semifinal", ...; None: not in
    the top cut)."""

    rank: int
    player_id: int
    swiss_rank: int
    top_cut: str | None


TopCutMatch = tuple[int, int, int | None]


def final_placings(standings: Sequence[Standing], rounds: Sequence[Sequence[TopCutMatch]]) -> list[Placing]:
    """Return every player's final place, best first, given the Swiss ``standings`` and the
    top-cut ``rounds`` played so far (in order; each match as (a, b, winner), winner None
    while it has no final result).

    The winner of the final is 1st and the finalist 2nd; then the players who lost in each
    earlier round (the semifinals, then the quarterfinals), each group by Swiss rank; then
    everyone else by Swiss rank. While the top cut runs, the players still in come first, by
    Swiss rank. Without top-cut rounds this is the Swiss order. Raises ValueError when a
    winner did not play in their match, a player plays twice in a round, or a player is not
    in the standings.
    """
    swiss = {s.player_id: s.rank for s in standings}
    stage: dict[int, str] = {}
    lost_in: dict[int, int] = {}  # player → index of the round they lost in
    champion = None
    for index, matches in enumerate(rounds):
        name = top_cut_stage(len(matches)) if matches else None
        seen: set[int] = set()
        for a, b, winner in matches:
            for pid in (a, b):
                if pid not in swiss:
                    raise ValueError(f"player {pid} of the top cut is not in the standings")
                if pid in seen:
                    raise ValueError(f"player {pid} plays twice in top-cut round {index + 1}")
                seen.add(pid)
                stage[pid] = name or ""
            if winner is None:
                continue
            if winner not in (a, b):
                raise ValueError(f"player {winner} cannot win a match between {a} and {b}")
            lost_in[b if winner == a else a] = index
            if len(matches) == 1:
                champion = winner
    if champion is not None:
        stage[champion] = WINNER

    def order(s: Standing) -> tuple[int, int, int]:
        pid = s.player_id
        if pid == champion:
            group = 0
        elif pid in stage and pid not in lost_in:
            group = 1  # still playing
        elif pid in lost_in:
            group = 2 + len(rounds) - lost_in[pid]  # a later round's losers first
        else:
            group = 3 + len(rounds)
        return (group, s.rank, pid)

    return [
        Placing(rank=rank, player_id=s.player_id, swiss_rank=s.rank, top_cut=stage.get(s.player_id))
        for rank, s in enumerate(sorted(standings, key=order), start=1)
    ]
