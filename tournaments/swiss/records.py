"""The inputs and outputs of the Swiss core, as plain values.

The Django layer builds a :class:`Player` per registration and a :class:`MatchRecord` per
finished match (one cheap tuple per row); nothing in this package knows about the database.
"""

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Player:
    """A registered player.

    ``late_round`` is the first round the player may be paired in (None: from round 1). The
    rounds a late entry missed are the caller's to record, as :meth:`MatchRecord.missed`.
    A ``dropped`` player is never paired again but keeps their place in the standings.
    """

    id: int
    name: str
    dropped: bool = False
    late_round: int | None = None

    def can_play(self, round_number: int) -> bool:
        """Return True if the player may be paired in ``round_number``."""
        return not self.dropped and (self.late_round is None or self.late_round <= round_number)


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """One finished match of a Swiss round: games won by each side and games drawn.

    ``b is None`` means the match had no opponent: a bye, recorded 2–0 (:meth:`bye`), or a
    round a late entry missed, recorded 0–2 (:meth:`missed`). Raises ValueError on negative
    counts, a round below 1, or a player facing themself.
    """

    round: int
    a: int
    b: int | None
    wins_a: int
    wins_b: int
    draws: int = 0

    def __post_init__(self) -> None:
        if self.round < 1:
            raise ValueError(f"round must be 1 or more, not {self.round}")
        if min(self.wins_a, self.wins_b, self.draws) < 0:
            raise ValueError(f"negative game count in round {self.round} for player {self.a}")
        if self.a == self.b:
            raise ValueError(f"player {self.a} cannot play themself in round {self.round}")

    @classmethod
    def bye(cls, *, round: int, player: int) -> "MatchRecord":
        """Return the record of a bye: a 2–0 match win with no opponent."""
        return cls(round=round, a=player, b=None, wins_a=2, wins_b=0)

    @classmethod
    def missed(cls, *, round: int, player: int) -> "MatchRecord":
        """Return the record of a round a late entry missed: a 0–2 match loss with no opponent."""
        return cls(round=round, a=player, b=None, wins_a=0, wins_b=2)

    @property
    def is_bye(self) -> bool:
        """True for a match won without an opponent (a bye)."""
        return self.b is None and self.wins_a > self.wins_b


@dataclass(frozen=True, slots=True)
class Pairing:
    """One paired Swiss round: ``pairs`` by table (table 1 first, the top of the standings),
    each as (a, b) with the better-ranked player as ``a``; ``bye`` is the player with the bye."""

    round: int
    pairs: tuple[tuple[int, int], ...]
    bye: int | None

    def bye_record(self) -> MatchRecord | None:
        """Return the 2–0 record to store for the bye, or None when the round has no bye."""
        return None if self.bye is None else MatchRecord.bye(round=self.round, player=self.bye)


@dataclass(frozen=True, slots=True)
class Standing:
    """One line of the standings (api.md). Percentages are in [0, 1], rounded to 4 places;
    the ranking itself compares the exact values."""

    rank: int
    player_id: int
    name: str
    match_points: int
    wins: int
    losses: int
    draws: int
    omw: float
    gw: float
    ogw: float
    dropped: bool

    def as_dict(self) -> dict[str, int | float | str | bool]:
        """Return the standings row of the API (``name`` is the ``username``)."""
        return {
            "rank": self.rank,
            "username": self.name,
            "match_points": self.match_points,
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "omw": self.omw,
            "gw": self.gw,
            "ogw": self.ogw,
            "dropped": self.dropped,
        }
