"""The plain records every structure takes and gives, beside the Swiss core's own.

Players and finished matches are the Swiss core's :class:`~tournaments.swiss.Player` and
:class:`~tournaments.swiss.MatchRecord`: the site already builds them from its rows. A
paired round of any structure is a :class:`RoundPairing` of :class:`Table`\\ s; a line of
any points-based standings (round robin, league, teams) is a :class:`StandingRow`.
"""

from dataclasses import dataclass

from tournaments.swiss import MatchRecord, Player
from tournaments.swiss.scoring import Tally

# The "kind" of a round in the API (GET /api/events/{id}/rounds/{n}/).
ROUND_KINDS = ("swiss", "top_cut", "winners", "losers", "grand_final", "round_robin", "league")

# The structures an event may take (POST /api/events/ "structure").
STRUCTURES = ("swiss", "single_elimination", "double_elimination", "round_robin", "league")

TiebreakValue = int | float | None


@dataclass(frozen=True, slots=True)
class Source:
    """Where a bracket seat's player comes from: ``seed`` N (``outcome`` "seed"), or the
    winner or loser of the bracket match ``match`` (``outcome`` "winner" or "loser")."""

    outcome: str
    seed: int | None = None
    match: str | None = None

    @classmethod
    def of_seed(cls, seed: int) -> "Source":
        return cls(outcome="seed", seed=seed)

    @classmethod
    def winner_of(cls, match: str) -> "Source":
        return cls(outcome="winner", match=match)

    @classmethod
    def loser_of(cls, match: str) -> "Source":
        return cls(outcome="loser", match=match)

    def as_dict(self) -> dict[str, int | str]:
        """Return ``{"seed": N}``, ``{"winner_of": key}`` or ``{"loser_of": key}``."""
        if self.outcome == "seed":
            assert self.seed is not None
            return {"seed": self.seed}
        assert self.match is not None
        return {f"{self.outcome}_of": self.match}

    def __str__(self) -> str:
        if self.outcome == "seed":
            return f"seed {self.seed}"
        return f"{self.outcome} of {self.match}"


@dataclass(frozen=True, slots=True)
class Table:
    """One match to play in a round: table ``number``, players ``a`` and ``b``.

    ``match`` is the bracket match's key (elimination), and ``from_a``/``from_b`` where each
    seat comes from. ``forfeit`` names a dropped player who loses this match unplayed (a
    round robin that keeps a dropped player's results): the other player wins it 2–0 and
    the site stores :meth:`forfeit_record` at once instead of waiting for a report. Raises
    ValueError for a player at both seats, or a forfeit by someone not at the table.
    """

    number: int
    a: int
    b: int
    match: str | None = None
    from_a: Source | None = None
    from_b: Source | None = None
    forfeit: int | None = None

    def __post_init__(self) -> None:
        if self.a == self.b:
            raise ValueError(f"player {self.a} cannot play themself at table {self.number}")
        if self.forfeit is not None and self.forfeit not in (self.a, self.b):
            raise ValueError(f"player {self.forfeit} does not play at table {self.number}")

    def forfeit_record(self, *, round: int) -> MatchRecord | None:
        """Return the 2–0 record of a forfeited match (the winner as ``a``), or None."""
        if self.forfeit is None:
            return None
        winner = self.b if self.forfeit == self.a else self.a
        return MatchRecord(round=round, a=winner, b=self.forfeit, wins_a=2, wins_b=0)


@dataclass(frozen=True, slots=True)
class RoundPairing:
    """One paired round of any structure: its ``number``, its API ``kind`` and its tables.

    ``byes`` win the round without an opponent (2–0, :meth:`MatchRecord.bye`); ``rests``
    have no match and no points this round (a round robin's odd field, the opponent of a
    player whose results are voided).
    """

    number: int
    kind: str
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()
    rests: tuple[int, ...] = ()

    def records_without_play(self) -> list[MatchRecord]:
        """Return the records the round's results already are: each bye's and each forfeit's."""
        records = [MatchRecord.bye(round=self.number, player=pid) for pid in self.byes]
        for table in self.tables:
            record = table.forfeit_record(round=self.number)
            if record is not None:
                records.append(record)
        return records


@dataclass(frozen=True, slots=True)
class StandingRow:
    """One line of points-based standings (round robin, league, a team event).

    ``entrant`` is a player id, or a team id when ``members`` lists the team's players.
    ``tiebreakers`` holds each of the event's tiebreakers as (key, value) in the event's
    order: percentages in [0, 1] rounded to 4 places, point sums as numbers, None where the
    tiebreaker does not apply (head-to-head outside a tie). ``voided``: a dropped player
    whose results were voided (round robin), ranked after everyone; ``remaining``: the
    matches a league player may still play.
    """

    rank: int
    entrant: int
    name: str
    match_points: int
    wins: int
    losses: int
    draws: int
    played: int
    tiebreakers: tuple[tuple[str, TiebreakValue], ...]
    dropped: bool = False
    voided: bool = False
    members: tuple[Player, ...] = ()
    remaining: int | None = None

    def tiebreaker(self, key: str) -> TiebreakValue:
        """Return the value of tiebreaker ``key``; raises KeyError when the event does not use it."""
        for name, value in self.tiebreakers:
            if name == key:
                return value
        raise KeyError(key)

    def as_dict(self) -> dict[str, object]:
        """Return the standings row of the API: ``username`` (or ``team`` and ``members``),
        the points, each tiebreaker under its key, and the structure's own fields."""
        row: dict[str, object] = {"rank": self.rank}
        if self.members:
            row["team"] = self.name
            row["members"] = [member.name for member in self.members]
        else:
            row["username"] = self.name
        row.update(
            match_points=self.match_points,
            wins=self.wins,
            losses=self.losses,
            draws=self.draws,
            played=self.played,
        )
        row.update(self.tiebreakers)
        row["dropped"] = self.dropped
        if self.voided:
            row["voided"] = True
        if self.remaining is not None:
            row["remaining"] = self.remaining
        return row


def standing_row(
    rank: int,
    player: Player,
    tally: Tally,
    tiebreakers: tuple[tuple[str, TiebreakValue], ...],
    *,
    voided: bool = False,
    members: tuple[Player, ...] = (),
    remaining: int | None = None,
) -> StandingRow:
    """Return the :class:`StandingRow` of ``player`` (a team as a player when ``members``
    are given) from their tally, with the structure's own fields."""
    return StandingRow(
        rank=rank,
        entrant=player.id,
        name=player.name,
        match_points=tally.match_points,
        wins=tally.wins,
        losses=tally.losses,
        draws=tally.draws,
        played=len(tally.opponents),
        tiebreakers=tiebreakers,
        dropped=player.dropped,
        voided=voided,
        members=members,
        remaining=remaining,
    )
