"""Following an elimination bracket with its results: who plays now, who won, the placings, the page's data.

The results are the finished matches by bracket key (``{"W1-2": MatchRecord(...)}``), each
won by the player with more games won (drawn games do not count; a match with as many games
won by each side has no winner: :class:`EliminationDrawError`). A dropped player's match not
yet played is a *walkover*: the other player goes on without playing (both dropped: the
better seed goes on, and loses the next match the same way).

**Placings.** The champion is 1st; then the players eliminated in each round, the latest
round first: in a single-elimination bracket the final's loser is 2nd, the semifinals' losers
3rd–4th, the quarterfinals' 5th–8th; in a double-elimination bracket the grand final's loser
is 2nd, the losers' final's loser 3rd, the round before's 4th, then 5th–6th, 7th–8th, 9th–12th,
... (a round's losers share those places: :attr:`Placing.places`). Inside a round the event
says how the rank is decided (:attr:`EliminationStandings.tie_break`): by seed, or by the
event's tiebreakers over the bracket's matches and then by seed. While the event runs, the
players still in come first, by seed.
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.structures.bracket import Bracket, BracketMatch
from tournaments.structures.records import RoundPairing, Source, Table, TiebreakValue
from tournaments.structures.tiebreakers import DEFAULT_PROFILE, check_profile, rank_by_profile
from tournaments.swiss import MatchRecord, Player

TIE_BREAKS = ("seed", "tiebreakers")

# A match's state: a seat not known yet; both known, no result; a result; won unplayed
# (a dropped player); not needed (the reset, when the winners' bracket champion won the final).
WAITING, READY, PLAYED, WALKOVER, VOID = "waiting", "ready", "played", "walkover", "void"


class EliminationDrawError(ValueError):
    """An elimination match with as many games won by each player: it has no winner."""

    code = "elimination_draw"


@dataclass(frozen=True, slots=True)
class MatchState:
    """A bracket match as the results leave it: its players (None: not known yet), its
    ``status`` (waiting, ready, played, walkover, void), its winner and its result."""

    match: BracketMatch
    player_a: int | None
    player_b: int | None
    status: str
    winner: int | None = None
    record: MatchRecord | None = None

    @property
    def loser(self) -> int | None:
        """Return the player who lost (None while the match has no winner)."""
        if self.winner is None:
            return None
        return self.player_b if self.winner == self.player_a else self.player_a


@dataclass(frozen=True, slots=True)
class BracketProgress:
    """A bracket and the state of each of its matches, in play order; ``champion`` once decided."""

    bracket: Bracket
    states: tuple[MatchState, ...]
    champion: int | None
    index: Mapping[str, MatchState] = field(default_factory=dict, compare=False, repr=False)

    def state(self, key: str) -> MatchState:
        """Return the state of the match ``key``; raises KeyError for an unknown key."""
        return self.index[key]

    @property
    def ready(self) -> tuple[MatchState, ...]:
        """The matches whose two players are known and that have no result yet, in play order."""
        return tuple(s for s in self.states if s.status == READY)

    def ready_rounds(self) -> list[RoundPairing]:
        """Return the ready matches as one :class:`RoundPairing` per bracket round (its number
        and kind), each table numbered as in its bracket round, with the seats' sources."""
        by_round: dict[int, list[Table]] = {}
        kinds: dict[int, str] = {}
        for s in self.ready:
            m = s.match
            assert s.player_a is not None and s.player_b is not None
            by_round.setdefault(m.round, []).append(
                Table(m.table, s.player_a, s.player_b, match=m.key, from_a=m.from_a, from_b=m.from_b)
            )
            kinds[m.round] = m.kind
        return [RoundPairing(number, kinds[number], tuple(tables)) for number, tables in by_round.items()]

    def history(self) -> list[MatchRecord]:
        """Return the bracket's matches as records for the tiebreakers, each in its bracket
        round: the results as played, a walkover as a bye for the winner and a missed round
        (a loss) for the dropped player."""
        records = []
        for s in self.states:
            number = s.match.round
            if s.status == PLAYED and s.record is not None:
                r = s.record
                records.append(MatchRecord(number, r.a, r.b, r.wins_a, r.wins_b, r.draws))
            elif s.status == WALKOVER and s.winner is not None and s.loser is not None:
                records.append(MatchRecord.bye(round=number, player=s.winner))
                records.append(MatchRecord.missed(round=number, player=s.loser))
        return records


def match_winner(record: MatchRecord) -> int:
    """Return the winner of an elimination match: the player with more games won.

    Raises :class:`EliminationDrawError` when both won as many games, ValueError for a record
    without an opponent.
    """
    if record.b is None:
        raise ValueError(f"an elimination match needs two players (player {record.a} has none)")
    if record.wins_a == record.wins_b:
        raise EliminationDrawError(
            f"an elimination match cannot end in a draw ({record.wins_a}-{record.wins_b}-{record.draws}): "
            "play on until one player has won more games"
        )
    return record.a if record.wins_a > record.wins_b else record.b


def bracket_progress(
    *, bracket: Bracket, results: Mapping[str, MatchRecord], dropped: Collection[int] = ()
) -> BracketProgress:
    """Return the :class:`BracketProgress` of ``bracket`` given the finished matches by key.

    O(matches). Raises ValueError for a result under an unknown key, for a match whose
    players are not known yet or not needed, or whose players are not the match's, and
    :class:`EliminationDrawError` for a drawn match.
    """
    unknown = set(results) - set(bracket.index)
    if unknown:
        raise ValueError(f"results for matches the bracket does not have: {sorted(unknown)}")
    out = set(dropped)
    states: dict[str, MatchState] = {}

    def seat(source: Source) -> int | None:
        if source.seed is not None:
            return bracket.seeds[source.seed - 1]
        assert source.match is not None
        before = states[source.match]
        return before.winner if source.outcome == "winner" else before.loser

    for m in bracket.matches:
        a, b = seat(m.from_a), seat(m.from_b)
        record = results.get(m.key)
        if m.conditional and a is not None and b is not None:
            first = states[m.from_b.match or ""]
            if first.winner == first.player_a:  # the winners' bracket champion won: no reset
                if record is not None:
                    raise ValueError(f"{m.key} is not played: the winners' bracket champion won the final")
                states[m.key] = MatchState(m, None, None, VOID)
                continue
        if a is None or b is None:
            if record is not None:
                raise ValueError(f"{m.key} has a result but its players are not known yet")
            states[m.key] = MatchState(m, a, b, WAITING)
        elif record is not None:
            if {record.a, record.b} != {a, b}:
                raise ValueError(
                    f"the result of {m.key} names players {record.a} and {record.b}, not {a} and {b}"
                )
            states[m.key] = MatchState(m, a, b, PLAYED, match_winner(record), record)
        elif a in out or b in out:
            # Both dropped: the better seed goes on, and loses their next match the same way.
            goes_on = b if a in out and (b not in out or bracket.seed_of(b) < bracket.seed_of(a)) else a
            states[m.key] = MatchState(m, a, b, WALKOVER, goes_on)
        else:
            states[m.key] = MatchState(m, a, b, READY)
    return BracketProgress(
        bracket=bracket, states=tuple(states.values()), champion=_champion(states), index=states
    )


def _champion(states: Mapping[str, MatchState]) -> int | None:
    final = list(states.values())[-1]
    if final.status == VOID:  # the reset was not needed: the first final decided
        return states[final.match.from_b.match or ""].winner
    return final.winner


@dataclass(frozen=True, slots=True)
class Placing:
    """One player's place in an elimination event.

    ``rank`` is their place (1 the champion); ``places`` the places the players eliminated in
    the same round share (5, 8); ``eliminated_in`` the stage of that round (None for the
    champion and for players still in, ``still_in``). ``tiebreakers`` holds the event's
    tiebreakers when they decided the order inside a round.
    """

    rank: int
    player_id: int
    name: str
    seed: int
    eliminated_in: str | None
    places: tuple[int, int]
    still_in: bool
    wins: int
    losses: int
    dropped: bool
    tiebreakers: tuple[tuple[str, TiebreakValue], ...] = ()

    def as_dict(self) -> dict[str, object]:
        """Return the standings row of the API (``name`` is the ``username``)."""
        row: dict[str, object] = {
            "rank": self.rank,
            "username": self.name,
            "seed": self.seed,
            "eliminated_in": self.eliminated_in,
            "places": list(self.places),
            "still_in": self.still_in,
            "wins": self.wins,
            "losses": self.losses,
        }
        row.update(self.tiebreakers)
        row["dropped"] = self.dropped
        return row


@dataclass(frozen=True, slots=True)
class EliminationStandings:
    """The placings, best first, and how ties inside a round were broken (``tie_break``:
    "seed" or "tiebreakers", with the event's ``profile``)."""

    rows: tuple[Placing, ...]
    tie_break: str
    profile: tuple[str, ...] = ()


def elimination_standings(
    *,
    progress: BracketProgress,
    players: Sequence[Player],
    tie_break: str = "seed",
    tiebreakers: Sequence[str] = DEFAULT_PROFILE,
) -> EliminationStandings:
    """Return the placings of every seeded player (see the module's docstring).

    ``players`` gives the names and drops of the bracket's seeds (others are ignored).
    Raises ValueError for an unknown ``tie_break`` or tiebreaker, or a seed missing from
    ``players``.
    """
    if tie_break not in TIE_BREAKS:
        raise ValueError(f"unknown tie break {tie_break!r}: choose from {', '.join(TIE_BREAKS)}")
    profile = check_profile(tiebreakers) if tie_break == "tiebreakers" else ()
    bracket = progress.bracket
    by_id = {p.id: p for p in players}
    missing = [pid for pid in bracket.seeds if pid not in by_id]
    if missing:
        raise ValueError(f"seeded players missing from the players: {missing[:10]}")
    seeded = [by_id[pid] for pid in bracket.seeds]
    seed_of = {pid: i for i, pid in enumerate(bracket.seeds, start=1)}
    states = progress.index
    wins = dict.fromkeys(bracket.seeds, 0)
    losses = dict.fromkeys(bracket.seeds, 0)
    out_in: dict[int, BracketMatch] = {}
    for s in progress.states:
        if s.winner is None or s.loser is None:
            continue
        wins[s.winner] += 1
        losses[s.loser] += 1
        after = s.match.loser_to
        if after is None or states[after].status == VOID:
            out_in[s.loser] = s.match
    position = {pid: 0 for pid in bracket.seeds}
    shown: dict[int, tuple[tuple[str, TiebreakValue], ...]] = {}
    if profile:
        ranking = rank_by_profile(
            players=seeded,
            history=progress.history(),
            profile=profile,
            final_key=lambda p: (seed_of[p.id],),
        )
        position = {pid: i for i, pid in enumerate(ranking.order)}
        shown = {pid: ranking.tiebreakers(pid) for pid in bracket.seeds}

    last = len(bracket.rounds)
    group = {  # 0 the champion, 1 still in, then a later round's losers first
        pid: 0 if pid == progress.champion else 1 if pid not in out_in else 2 + last - out_in[pid].round
        for pid in bracket.seeds
    }
    order = sorted(bracket.seeds, key=lambda pid: (group[pid], position[pid], seed_of[pid]))
    sizes: dict[int, int] = {}
    for pid in order:
        sizes[group[pid]] = sizes.get(group[pid], 0) + 1
    first_place: dict[int, int] = {}
    place = 1
    for g in sorted(sizes):
        first_place[g] = place
        place += sizes[g]
    rows = []
    for rank, pid in enumerate(order, start=1):
        g = group[pid]
        out = out_in.get(pid)
        rows.append(
            Placing(
                rank=rank,
                player_id=pid,
                name=by_id[pid].name,
                seed=seed_of[pid],
                eliminated_in=None if out is None else out.stage,
                places=(first_place[g], first_place[g] + sizes[g] - 1),
                still_in=g == 1,
                wins=wins[pid],
                losses=losses[pid],
                dropped=by_id[pid].dropped,
                tiebreakers=shown.get(pid, ()),
            )
        )
    return EliminationStandings(rows=tuple(rows), tie_break=tie_break, profile=profile)


def bracket_view(
    progress: BracketProgress, *, names: Mapping[int, str], ids: Mapping[str, int] | None = None
) -> dict[str, list[dict[str, object]]]:
    """Return the bracket as ``GET /api/events/{id}/bracket/`` gives it.

    ``{"rounds": [{"number", "kind", "stage", "matches": [{"id", "key", "table", "player_a",
    "player_b", "winner", "status", "from_a", "from_b"}]}]}``: players by ``names`` (id →
    username; None while unknown), ``id`` the site's match id from ``ids`` (key → id; the key
    while the match has no row), ``from_a``/``from_b`` as :meth:`Source.as_dict`.
    """
    states = progress.index

    def name(pid: int | None) -> str | None:
        return None if pid is None else names[pid]

    rounds = []
    for r in progress.bracket.rounds:
        matches: list[dict[str, object]] = []
        for m in r.matches:
            s = states[m.key]
            matches.append(
                {
                    "id": (ids or {}).get(m.key, m.key),
                    "key": m.key,
                    "table": m.table,
                    "player_a": name(s.player_a),
                    "player_b": name(s.player_b),
                    "winner": name(s.winner),
                    "status": s.status,
                    "from_a": m.from_a.as_dict(),
                    "from_b": m.from_b.as_dict(),
                }
            )
        rounds.append({"number": r.number, "kind": r.kind, "stage": r.stage, "matches": matches})
    return {"rounds": rounds}
