"""Leagues: matches over a window of days, up to a number a player, never the same opponent twice.

A league has no rounds. While its window is open (from ``opens_at`` for ``league_days``),
any two players may be matched (:meth:`League.refusal` says why not): neither has dropped,
neither has reached the league's number of matches (``league_matches``, counting the
matches they are playing), neither is playing a league match now, and they have never been
matched in this league. Players find opponents themselves, from the list of players looking
for a match (:meth:`League.opponents_for`), or the site matches the waiting players
(:meth:`League.pair_waiting`): as many as possible, each with someone close in the
standings (match points, then rating), never a rematch; with an odd number waiting, the one
who joined the list last waits for the next one.

The standings are live: match points, then the event's tiebreakers, over the finished
matches, with each player's matches left (:attr:`StandingRow.remaining`).
"""

import bisect
import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

import rustworkx

from tournaments.structures.records import RoundPairing, StandingRow, Table, standing_row
from tournaments.structures.tiebreakers import DEFAULT_PROFILE, check_profile, rank_by_profile
from tournaments.swiss import MatchRecord, Player
from tournaments.swiss.scoring import tally

KIND = "league"
REPAIR_CAP = 200  # players in one exact repair matching (O(n³))
WINDOW = 64  # how far down the waiting order the greedy pass looks for a partner

Pair = tuple[int, int]


@dataclass(frozen=True, slots=True)
class LeagueRules:
    """A league's options: ``matches`` each player may play, from ``opens_at`` until ``closes_at``."""

    matches: int
    opens_at: datetime
    closes_at: datetime

    @classmethod
    def over(cls, *, opens_at: datetime, days: int, matches: int) -> "LeagueRules":
        """Return the rules of a league of ``days`` days (``league_days``) and ``matches``
        matches a player (``league_matches``); raises ValueError for fewer than 1 of either."""
        if days < 1 or matches < 1:
            raise ValueError(f"a league needs at least 1 day and 1 match, not {days} and {matches}")
        return cls(matches=matches, opens_at=opens_at, closes_at=opens_at + timedelta(days=days))


@dataclass(frozen=True, slots=True)
class Refusal:
    """Why two players may not be matched now: a stable ``code``, its ``params`` and an
    English ``message`` (the pages translate by code)."""

    code: str
    message: str
    params: Mapping[str, object]


@dataclass(frozen=True, slots=True)
class LeaguePairing:
    """Waiting players matched: ``pairs`` (the better-placed player first, the closest pairs
    of the standings first) and the players left ``unmatched``, in the list's order."""

    pairs: tuple[Pair, ...]
    unmatched: tuple[int, ...]

    def as_round(self, number: int) -> RoundPairing:
        """Return the pairs as a round of kind "league" numbered ``number``, tables from 1."""
        tables = tuple(Table(i, a, b) for i, (a, b) in enumerate(self.pairs, start=1))
        return RoundPairing(number=number, kind=KIND, tables=tables)


class League:
    """A league at one moment: its rules, players, finished matches and matches in progress.

    ``history`` lists the finished matches (their round numbers do not matter: a league has
    none); ``pending`` the pairs playing now. Raises ValueError for an unknown player in
    either, or a player in two matches in progress.
    """

    def __init__(
        self,
        *,
        rules: LeagueRules,
        players: Sequence[Player],
        history: Sequence[MatchRecord],
        pending: Collection[Pair] = (),
    ) -> None:
        self.rules = rules
        self.players = {p.id: p for p in players}
        # Each match its own "round": the Swiss tally refuses two matches of a player in one.
        self.history = [
            MatchRecord(i, r.a, r.b, r.wins_a, r.wins_b, r.draws) for i, r in enumerate(history, start=1)
        ]
        self.tallies = tally(players, self.history)
        self.met: dict[int, set[int]] = {pid: set(t.opponents) for pid, t in self.tallies.items()}
        self.busy: set[int] = set()
        for a, b in pending:
            for pid in (a, b):
                if pid not in self.players:
                    raise ValueError(f"a match in progress names unknown player {pid}")
                if pid in self.busy:
                    raise ValueError(f"player {pid} is in two league matches in progress")
                self.busy.add(pid)
            self.met[a].add(b)
            self.met[b].add(a)

    def started(self, player: int) -> int:
        """Return the matches ``player`` has played or is playing."""
        return len(self.tallies[player].opponents) + (player in self.busy)

    def player_refusal(self, player: int, *, now: datetime) -> Refusal | None:
        """Return why ``player`` may not be matched with anyone now, or None."""
        p = self.players.get(player)
        if p is None:
            return Refusal("unknown_player", f"player {player} is not in the league", {"player": player})
        if now < self.rules.opens_at:
            at = self.rules.opens_at.isoformat()
            return Refusal("not_open", f"the league opens at {at}", {"opens_at": at})
        if now >= self.rules.closes_at:
            at = self.rules.closes_at.isoformat()
            return Refusal("closed", f"the league closed at {at}", {"closes_at": at})
        if p.dropped:
            return Refusal("dropped", f"{p.name} has left the league", {"player": p.name})
        if player in self.busy:
            return Refusal("busy", f"{p.name} is playing a league match now", {"player": p.name})
        if self.started(player) >= self.rules.matches:
            n = self.rules.matches
            return Refusal(
                "limit",
                f"{p.name} has played all {n} league matches",
                {"player": p.name, "matches": n},
            )
        return None

    def refusal(self, a: int, b: int, *, now: datetime) -> Refusal | None:
        """Return why ``a`` and ``b`` may not be matched now, or None when they may."""
        if a == b:
            return Refusal("same_player", "a player cannot play themself", {})
        for pid in (a, b):
            refused = self.player_refusal(pid, now=now)
            if refused is not None:
                return refused
        if b in self.met[a]:
            names = {"player": self.players[a].name, "opponent": self.players[b].name}
            return Refusal(
                "rematch",
                f"{names['player']} and {names['opponent']} have already been matched in this league",
                names,
            )
        return None

    def opponents_for(self, player: int, *, looking: Sequence[int], now: datetime) -> list[int]:
        """Return the players of ``looking`` (the list of players looking for a match, in
        its order) whom ``player`` may be matched with now."""
        if self.player_refusal(player, now=now) is not None:
            return []
        return [other for other in looking if self.refusal(player, other, now=now) is None]

    def pair_waiting(
        self,
        *,
        waiting: Sequence[int],
        now: datetime,
        ratings: Mapping[int, float] | None = None,
        seed: int = 0,
    ) -> LeaguePairing:
        """Return a :class:`LeaguePairing` of the players ``waiting`` (in the order they
        joined the list): the most pairs possible among those who may play now, each player
        with someone close in the standings (match points, then rating; missing: 0), never a
        rematch; with an odd number, the last to join waits when the others can all be paired.

        O(players × ``WINDOW``) for a greedy pass down the standings, then exact matchings
        (rustworkx) over the few players it leaves, each with a growing sample of nearby pairs.
        """
        queue = list(dict.fromkeys(waiting))
        arrival = {pid: i for i, pid in enumerate(queue)}
        able = [pid for pid in queue if self.player_refusal(pid, now=now) is None]
        rated = ratings or {}
        order = sorted(
            able, key=lambda pid: (-self.tallies[pid].match_points, -rated.get(pid, 0.0), arrival[pid])
        )
        position = {pid: i for i, pid in enumerate(order)}
        held = max(order, key=lambda pid: arrival[pid]) if len(order) % 2 else None
        pairs, stuck = self._greedy([pid for pid in order if pid != held])
        if held is not None:
            stuck.append(held)
        if len(stuck) > len(order) % 2:
            pairs, stuck = self._repair(pairs, stuck, position, arrival, random.Random(f"league:{seed}"))
        paired = {pid for pair in pairs for pid in pair}
        seated = sorted(
            ((a, b) if position[a] < position[b] else (b, a) for a, b in pairs),
            key=lambda pair: position[pair[0]],
        )
        return LeaguePairing(pairs=tuple(seated), unmatched=tuple(pid for pid in queue if pid not in paired))

    def _greedy(self, order: list[int]) -> tuple[list[Pair], list[int]]:
        """Pair each player, down the order, with the first one above still unpaired whom
        they may meet (within ``WINDOW``); return the pairs and the players left."""
        pairs: list[Pair] = []
        left: list[int] = []
        for pid in order:
            met = self.met[pid]
            for i in range(max(0, len(left) - WINDOW), len(left)):
                if left[i] not in met:
                    pairs.append((left.pop(i), pid))
                    break
            else:
                left.append(pid)
        return pairs, left

    def _repair(
        self,
        pairs: list[Pair],
        stuck: list[int],
        position: Mapping[int, int],
        arrival: Mapping[int, int],
        rng: random.Random,
    ) -> tuple[list[Pair], list[int]]:
        """Re-pair the ``stuck`` players with a growing sample of the nearest pairs by one exact
        matching that prefers, in order: more pairs, the earlier arrivals, closer pairs."""
        spots = sorted(position[pid] for pid in stuck)

        def distance(i: int) -> int:
            # From the pair's nearer player to the nearest stuck player.
            best = len(position)
            for pid in pairs[i]:
                at = position[pid]
                k = bisect.bisect_left(spots, at)
                for spot in spots[max(0, k - 1) : k + 1]:
                    best = min(best, abs(at - spot))
            return best

        near = sorted(range(len(pairs)), key=distance)
        budget = max(8, 2 * len(stuck))
        while True:
            take = min(budget, len(pairs), max(0, (REPAIR_CAP - len(stuck)) // 2))
            chosen = set(near[:take])
            members = stuck + [pid for i in chosen for pid in pairs[i]]
            matched, left = self._match(members, position, arrival, rng)
            if len(left) <= len(members) % 2 or take == len(pairs) or 2 * take + len(stuck) >= REPAIR_CAP:
                kept = [pair for i, pair in enumerate(pairs) if i not in chosen]
                return kept + matched, left
            budget *= 2

    def _match(
        self,
        members: list[int],
        position: Mapping[int, int],
        arrival: Mapping[int, int],
        rng: random.Random,
    ) -> tuple[list[Pair], list[int]]:
        n = len(members)
        late = max(arrival.values(), default=0) + 1
        span = max(position.values(), default=0) + 1
        per_arrival = span * n + 1  # above any matching's closeness
        graph = rustworkx.PyGraph()
        graph.add_nodes_from(members)
        edges = []
        for i, u in enumerate(members):
            met = self.met[u]
            for j in range(i + 1, n):
                v = members[j]
                if v in met:
                    continue
                # Every pair counts more than anything else (max cardinality); then each
                # matched player's earliness in the list; then closeness.
                earliness = late - arrival[u] + late - arrival[v]
                weight = earliness * per_arrival - abs(position[u] - position[v])
                edges.append((i, j, weight * 4 + rng.randrange(4)))
        graph.add_edges_from(edges)
        matching = rustworkx.max_weight_matching(graph, max_cardinality=True, weight_fn=lambda w: w)
        pairs = [(members[i], members[j]) for i, j in matching]
        paired = {pid for pair in pairs for pid in pair}
        return pairs, [pid for pid in members if pid not in paired]

    def standings(self, *, tiebreakers: Sequence[str] = DEFAULT_PROFILE) -> list[StandingRow]:
        """Return the live standings: match points, then ``tiebreakers``, then the name, with
        each player's matches left (``remaining``; none for a dropped player)."""
        profile = check_profile(tiebreakers)
        ranking = rank_by_profile(
            players=list(self.players.values()), history=self.history, profile=profile, tallies=self.tallies
        )
        rows = []
        for rank, pid in enumerate(ranking.order, start=1):
            player = self.players[pid]
            left = 0 if player.dropped else max(0, self.rules.matches - self.started(pid))
            rows.append(
                standing_row(rank, player, ranking.tallies[pid], ranking.tiebreakers(pid), remaining=left)
            )
        return rows
