"""Round robin: everyone plays everyone (twice in a double round robin), by the circle schedule.

**The schedule.** With an even number n of entrants, n − 1 rounds: the last entrant stays
in place while the others turn one place a round around a circle, and each round pairs
the players facing each other (the "circle" or Berger method). An odd field adds an empty
place: each round the player facing it rests (no match, no points), so n rounds, and each
player rests exactly once. Seats alternate so that every player sits first (``a``) in half
their matches, give or take one. A double round robin plays the same rounds again with the
seats swapped.

**Drops.** The event decides what a dropped player's results become
(:data:`DROP_POLICIES`): "keep" counts the matches they played, and their matches left are
forfeits won 2–0 by their opponents (so everyone still has a result against everyone);
"void" strikes every match they played, before and after the drop, for everyone, and their
opponents left rest instead. The standings say which (:attr:`RoundRobinStandings.drop_policy`,
:attr:`StandingRow.voided`): voided players are listed after everyone.

**Standings.** Match points (win 3, draw 1, loss 0), then the event's tiebreakers
(:mod:`tournaments.structures.tiebreakers`), then the name.
"""

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from tournaments.structures.records import RoundPairing, StandingRow, Table, standing_row
from tournaments.structures.tiebreakers import DEFAULT_PROFILE, check_profile, rank_by_profile
from tournaments.swiss import MatchRecord, Player
from tournaments.swiss.scoring import tally

KIND = "round_robin"
DROP_POLICIES = ("keep", "void")


def round_robin_rounds(players: int, *, double: bool = False) -> int:
    """Return the number of rounds of a round robin of ``players`` (twice as many when ``double``)."""
    if players < 2:
        return 0
    single = players - 1 if players % 2 == 0 else players
    return 2 * single if double else single


def round_robin_round(
    *,
    entrants: Sequence[int],
    round_number: int,
    double_round_robin: bool = False,
    dropped: Collection[int] = (),
    drop_policy: str = "keep",
) -> RoundPairing:
    """Return round ``round_number`` of the circle schedule of ``entrants`` (ids, in their
    schedule order, fixed for the whole event), in O(players).

    A match with a ``dropped`` player is a forfeit (``drop_policy`` "keep": the table's
    ``forfeit``) or not played, the opponent resting ("void"); two dropped players have no
    match. Raises ValueError for a round outside the schedule, fewer than 2 entrants, a
    repeated entrant or an unknown drop policy.
    """
    if drop_policy not in DROP_POLICIES:
        raise ValueError(f"unknown drop policy {drop_policy!r}: choose from {', '.join(DROP_POLICIES)}")
    if len(set(entrants)) != len(entrants):
        raise ValueError("an entrant is listed twice")
    total = round_robin_rounds(len(entrants), double=double_round_robin)
    if not 1 <= round_number <= total:
        raise ValueError(
            f"a round robin of {len(entrants)} players has rounds 1 to {total}, not {round_number}"
        )
    out = set(dropped)
    tables: list[Table] = []
    rests: list[int] = []
    for a, b in _circle_pairs(entrants, round_number):
        if a is None or b is None:  # the odd field's empty place
            rester = a if b is None else b
            if rester is not None and rester not in out:
                rests.append(rester)
            continue
        if a in out and b in out:
            continue
        if a in out or b in out:
            if drop_policy == "void":
                rests.append(b if a in out else a)
                continue
            tables.append(Table(len(tables) + 1, a, b, forfeit=a if a in out else b))
            continue
        tables.append(Table(len(tables) + 1, a, b))
    return RoundPairing(number=round_number, kind=KIND, tables=tuple(tables), rests=tuple(rests))


def round_robin_schedule(*, entrants: Sequence[int], double_round_robin: bool = False) -> list[RoundPairing]:
    """Return every round of the round robin of ``entrants`` (see :func:`round_robin_round`)."""
    total = round_robin_rounds(len(entrants), double=double_round_robin)
    return [
        round_robin_round(entrants=entrants, round_number=n, double_round_robin=double_round_robin)
        for n in range(1, total + 1)
    ]


def _circle_pairs(entrants: Sequence[int], round_number: int) -> list[tuple[int | None, int | None]]:
    """Return the circle method's pairs of a round (None: the empty place of an odd field)."""
    places: list[int | None] = list(entrants)
    if len(places) % 2:
        places.append(None)
    m = len(places)
    turn = m - 1  # rounds in one cycle; the last place stays put
    r = (round_number - 1) % turn
    swapped = round_number > turn  # the second cycle of a double round robin
    fixed = places[-1]
    pairs: list[tuple[int | None, int | None]] = [(places[r], fixed) if r % 2 == 0 else (fixed, places[r])]
    # The fixed place alternates its seat; every other place sits first for half a cycle.
    pairs += [(places[(r + i) % turn], places[(r - i) % turn]) for i in range(1, m // 2)]
    return [(b, a) for a, b in pairs] if swapped else pairs


@dataclass(frozen=True, slots=True)
class RoundRobinStandings:
    """The standings rows, best first, with what was done with dropped players' results."""

    rows: tuple[StandingRow, ...]
    drop_policy: str
    profile: tuple[str, ...]


def round_robin_standings(
    *,
    players: Sequence[Player],
    history: Sequence[MatchRecord],
    tiebreakers: Sequence[str] = DEFAULT_PROFILE,
    drop_policy: str = "keep",
) -> RoundRobinStandings:
    """Return the standings: match points, then ``tiebreakers``, then the name.

    With ``drop_policy`` "void", every match of a dropped player is struck for everyone and
    the dropped players follow everyone, by their own (voided) match points, marked
    ``voided``, without tiebreakers. Raises ValueError for an unknown drop policy or
    tiebreaker, and as :func:`tournaments.swiss.scoring.tally` for inconsistent input.
    """
    if drop_policy not in DROP_POLICIES:
        raise ValueError(f"unknown drop policy {drop_policy!r}: choose from {', '.join(DROP_POLICIES)}")
    profile = check_profile(tiebreakers)
    voided = {p.id for p in players if p.dropped} if drop_policy == "void" else set()
    counted = [p for p in players if p.id not in voided]
    kept = [r for r in history if r.a not in voided and r.b not in voided]
    ranking = rank_by_profile(players=counted, history=kept, profile=profile)
    by_id = {p.id: p for p in players}
    rows = [
        standing_row(rank, by_id[pid], ranking.tallies[pid], ranking.tiebreakers(pid))
        for rank, pid in enumerate(ranking.order, start=1)
    ]
    if voided:
        everyone = tally(players, history)  # the struck players' own figures, for the page
        struck = sorted(
            (by_id[pid] for pid in voided), key=lambda p: (-everyone[p.id].match_points, p.name, p.id)
        )
        empty = tuple((key, None) for key in profile)
        rows += [
            standing_row(len(rows) + i, p, everyone[p.id], empty, voided=True)
            for i, p in enumerate(struck, start=1)
        ]
    return RoundRobinStandings(rows=tuple(rows), drop_policy=drop_policy, profile=profile)
