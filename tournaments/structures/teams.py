"""Team events: teams of 2 or 3, paired as teams by the Swiss core, each team match played seat by seat.

**Pairing.** A team is paired as one player of the Swiss core (:func:`tournaments.swiss.pair_round`
over the teams: no rematch, point groups, one bye for an odd number of teams, forbidden
pairs kept apart), from the team matches so far. Round 1 by rating pairs teams by their
members' mean rating. Each team table is played seat by seat: seat 1 of one team against
seat 1 of the other, and so on (:class:`SeatTable`; the team's member order is its seats).

**A team match** is the members' matches seat by seat, won by the team that wins more of
them. A team match with as many seats won by each team (2-player teams splitting 1–1; 1–1
with a drawn seat, or every seat drawn, in 3-player teams) is a drawn team match: 1 match
point each, as a drawn match. As a match record (:func:`team_match_result`) a team match
counts its seats as games: seats won by each team and seats drawn, so the teams' game-win %
is their seat-win %; a team's bye is every seat won.

**Standings** list teams by match points, then the event's tiebreakers over the team
matches (:func:`team_standings`).

**Decks.** Each member's deck is checked as an individual's; a constructed team format may
also limit the copies of a card across the team's decks (:func:`team_copy_problems`, given
each game's copy limit by the engine).
"""

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.structures.records import RoundPairing, StandingRow, Table, standing_row
from tournaments.structures.tiebreakers import DEFAULT_PROFILE, check_profile, rank_by_profile
from tournaments.swiss import MatchRecord, Player, pair_round

TEAM_SIZES = (2, 3)


@dataclass(frozen=True, slots=True)
class Team:
    """A team: its ``members`` in seat order (seat 1 first); ``dropped`` and ``late_round``
    as a :class:`~tournaments.swiss.Player`'s."""

    id: int
    name: str
    members: tuple[Player, ...]
    dropped: bool = False
    late_round: int | None = None

    def as_player(self) -> Player:
        """Return the team as the Swiss core's player."""
        return Player(id=self.id, name=self.name, dropped=self.dropped, late_round=self.late_round)


def check_teams(teams: Sequence[Team]) -> int:
    """Return the team size of ``teams``; raises ValueError for a size other than 2 or 3,
    teams of different sizes, a team id listed twice, or a player in two teams (or twice)."""
    sizes = {len(t.members) for t in teams}
    if sizes - set(TEAM_SIZES):
        raise ValueError(f"a team has 2 or 3 players, not {sorted(sizes - set(TEAM_SIZES))}")
    if len(sizes) > 1:
        raise ValueError(f"the teams of an event have one size, not {sorted(sizes)}")
    if len({t.id for t in teams}) != len(teams):
        raise ValueError("a team is listed twice")
    seen: set[int] = set()
    for team in teams:
        for member in team.members:
            if member.id in seen:
                raise ValueError(f"player {member.id} is in two teams (or twice in one)")
            seen.add(member.id)
    return sizes.pop() if sizes else TEAM_SIZES[0]


@dataclass(frozen=True, slots=True)
class SeatTable:
    """One member's match of a team table: ``seat`` (1-based) of team table ``team_table``,
    played at table ``table`` ((team table − 1) × team size + seat), ``a`` of the first team
    against ``b`` of the second."""

    table: int
    team_table: int
    seat: int
    a: int
    b: int


@dataclass(frozen=True, slots=True)
class TeamRoundPairing:
    """A team round: ``teams`` is the round of team tables (team ids; the bye team in
    ``byes``), ``seats`` the members' matches, team table by team table."""

    teams: RoundPairing
    seats: tuple[SeatTable, ...]
    member_byes: tuple[int, ...] = ()

    def records_without_play(self, *, size: int) -> tuple[list[MatchRecord], list[MatchRecord]]:
        """Return the bye team's records: its team record (every seat won) and its members' byes."""
        number = self.teams.number
        team_records = [team_bye_record(round=number, team=team, size=size) for team in self.teams.byes]
        return team_records, [MatchRecord.bye(round=number, player=pid) for pid in self.member_byes]


def team_pair_round(
    *,
    teams: Sequence[Team],
    history: Sequence[MatchRecord],
    round_number: int,
    seed: int,
    forbidden: Collection[tuple[int, int]] = (),
    ratings: Mapping[int, float] | None = None,
) -> TeamRoundPairing:
    """Return the :class:`TeamRoundPairing` of ``round_number`` from the team matches so far.

    ``history`` holds team records (:func:`team_match_result`, :func:`team_bye_record`);
    ``forbidden`` pairs of team ids; ``ratings`` the members' ratings (player id → rating),
    for a round 1 by rating. Raises ValueError as :func:`check_teams` and
    :func:`tournaments.swiss.pair_round` do, and :class:`tournaments.swiss.PairingError` when
    no pairing avoids a rematch.
    """
    size = check_teams(teams)
    team_ratings = None
    if ratings is not None:
        team_ratings = {t.id: sum(ratings.get(m.id, 0.0) for m in t.members) / size for t in teams}
    pairing = pair_round(
        players=[t.as_player() for t in teams],
        history=history,
        round_number=round_number,
        seed=seed,
        forbidden=forbidden,
        ratings=team_ratings,
    )
    by_id = {t.id: t for t in teams}
    tables = tuple(Table(i, a, b) for i, (a, b) in enumerate(pairing.pairs, start=1))
    seats = tuple(
        SeatTable(
            (t.number - 1) * size + s, t.number, s, by_id[t.a].members[s - 1].id, by_id[t.b].members[s - 1].id
        )
        for t in tables
        for s in range(1, size + 1)
    )
    byes = () if pairing.bye is None else (pairing.bye,)
    member_byes = tuple(m.id for team in byes for m in by_id[team].members)
    return TeamRoundPairing(
        teams=RoundPairing(number=round_number, kind="swiss", tables=tables, byes=byes),
        seats=seats,
        member_byes=member_byes,
    )


def team_bye_record(*, round: int, team: int, size: int) -> MatchRecord:
    """Return a team's bye as a team record: every seat won, no opponent."""
    return MatchRecord(round=round, a=team, b=None, wins_a=size, wins_b=0)


@dataclass(frozen=True, slots=True)
class TeamMatchResult:
    """A team match from its seats: the team ``record`` (seats won by each team as games won,
    seats drawn as games drawn), the ``winner`` team (None: a draw, or not decided), and
    whether it is ``decided`` (every seat has a result, or one team has won more than half
    the seats)."""

    record: MatchRecord
    winner: int | None
    decided: bool


def team_match_result(
    *, round: int, team_a: Team, team_b: Team, seats: Sequence[MatchRecord | None]
) -> TeamMatchResult:
    """Return the :class:`TeamMatchResult` of ``team_a`` against ``team_b`` from the results
    of their seats (seat order; None: not finished).

    Raises ValueError for a number of seats other than the team size, or a seat whose
    players are not the two teams' members of that seat.
    """
    size = len(team_a.members)
    if len(team_b.members) != size or len(seats) != size:
        raise ValueError(f"a team match of {size}-player teams has {size} seats, not {len(seats)}")
    won_a = won_b = drawn = 0
    for s, record in enumerate(seats):
        if record is None:
            continue
        a, b = team_a.members[s].id, team_b.members[s].id
        if {record.a, record.b} != {a, b}:
            raise ValueError(
                f"seat {s + 1} is player {a} against player {b}, not {record.a} against {record.b}"
            )
        mine, theirs = (record.wins_a, record.wins_b) if record.a == a else (record.wins_b, record.wins_a)
        if mine > theirs:
            won_a += 1
        elif theirs > mine:
            won_b += 1
        else:
            drawn += 1
    finished = sum(record is not None for record in seats)
    decided = finished == size or 2 * max(won_a, won_b) > size
    winner = None
    if decided and won_a != won_b:
        winner = team_a.id if won_a > won_b else team_b.id
    record = MatchRecord(round=round, a=team_a.id, b=team_b.id, wins_a=won_a, wins_b=won_b, draws=drawn)
    return TeamMatchResult(record=record, winner=winner, decided=decided)


def team_standings(
    *, teams: Sequence[Team], history: Sequence[MatchRecord], tiebreakers: Sequence[str] = DEFAULT_PROFILE
) -> list[StandingRow]:
    """Return the team standings: match points, then ``tiebreakers`` over the team records,
    then the team's name; each row lists the team's ``members``. Raises ValueError as
    :func:`check_teams` and :func:`tournaments.structures.tiebreakers.rank_by_profile` do."""
    check_teams(teams)
    profile = check_profile(tiebreakers)
    by_id = {t.id: t for t in teams}
    ranking = rank_by_profile(players=[t.as_player() for t in teams], history=history, profile=profile)
    return [
        standing_row(
            rank,
            by_id[tid].as_player(),
            ranking.tallies[tid],
            ranking.tiebreakers(tid),
            members=by_id[tid].members,
        )
        for rank, tid in enumerate(ranking.order, start=1)
    ]


# --- the copy limit across a team's decks ------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TeamDeck:
    """One member's deck for the team check: card name → copies (main and side deck together;
    names as the game's deck reader spells them, so the same card has one name)."""

    member: int
    cards: Mapping[str, int]


@dataclass(frozen=True, slots=True)
class TeamDeckProblem:
    """A card over the copy limit across a team's decks, shaped as a deck violation: a stable
    ``code`` ("team_copy_limit"), the ``card``, an English ``message`` and its ``params``
    (copies, limit, the members whose decks hold it)."""

    code: str
    card: str
    message: str
    params: Mapping[str, object] = field(default_factory=dict, compare=False)

    def as_dict(self) -> dict[str, str | None]:
        """Return the violation as the API gives it: ``{"code", "card", "message"}``."""
        return {"code": self.code, "card": self.card, "message": self.message}


CopyLimit = Callable[[str], int | None]  # a game's copy limit of a card (None: no limit)


def team_copy_problems(*, decks: Sequence[TeamDeck], limit_of: CopyLimit) -> list[TeamDeckProblem]:
    """Return every card whose copies across the team's ``decks`` exceed ``limit_of(card)``,
    in the order the cards first appear; an empty list when the team's decks are legal."""
    copies: dict[str, int] = {}
    holders: dict[str, list[int]] = {}
    for deck in decks:
        for card, count in deck.cards.items():
            copies[card] = copies.get(card, 0) + count
            holders.setdefault(card, []).append(deck.member)
    problems = []
    for card, count in copies.items():
        limit = limit_of(card)
        if limit is not None and count > limit:
            problems.append(
                TeamDeckProblem(
                    code="team_copy_limit",
                    card=card,
                    message=f"{count} copies of {card} across the team's decks: at most {limit}",
                    params={"card": card, "copies": count, "limit": limit, "members": tuple(holders[card])},
                )
            )
    return problems
