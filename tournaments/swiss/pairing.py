"""Swiss pairing: one exact max-weight matching for small fields, point groups top-down for large ones.

What a pairing achieves, strongest first:

1. No rematch, ever (a hard constraint; :class:`PairingError` when no pairing exists).
2. With an odd number of players, exactly one bye, to the lowest-ranked player who has not
   had one (the next one up when the rest cannot be paired without that player).
3. Players meet players of their own point group. Across groups it minimises, in order:
   the sum over pairs of the squared distance between their groups (counted in groups
   present this round), so two one-group floats beat one two-group float and the leader
   never meets the last player to save a float; the number of pairs across groups; how far
   each down-floater stands above the bottom of its group.
4. Otherwise random, from ``seed``: round 1 is one point group, so it is a seeded shuffle.

Forbidden pairs (``forbidden``: family, the same team, …) are honoured when possible: such a
pair is never chosen greedily, and in every exact matching it carries a penalty heavier than
all the other weights of a matching together, so a pairing uses one only when no pairing of
the (sub)field without it exists, and then as few as it can. A rematch stays impossible.

"Rank" is the standings order (match points, OMW%, GW%, OGW%) with a seeded random final
key instead of the name, so ties (all of round 1) do not always favour the same names.

Fields of up to ``EXACT_LIMIT`` players are paired by one maximum-weight matching
(rustworkx) over every non-rematch pair, whose weights encode 3 and 4 exactly. That costs
O(n³) — about 1.6 s for 5,000 players and 49 s for 20,000 (measured) — so larger fields are
paired group by group instead: each point group with the players floated into it (a
*bracket*) is paired greedily in a random order, floaters first, its bottom player left to
float when the bracket is odd; the few players the greedy pass strands are re-paired with a
growing random sample of the bracket's pairs by an exact matching that prefers, in order,
to pair the floaters, to pair the most players, and to leave the lowest-ranked. Players
still unpaired at the bottom are re-paired, with the same weights as the small fields, with
a growing sample of the lowest brackets' pairs, bottom first. Where rematches do not get in
the way this meets the same optimum (each group boundary with an odd number of players above
it is crossed by exactly one pair, from the bottom of the upper group); the benchmark
(bench/bench_swiss.py) measures how close it stays. :class:`PairingError` is definite for
fields of up to ``EXACT_LIMIT`` players.
"""

import random
from collections.abc import Callable, Collection, Mapping, Sequence

import rustworkx

from tournaments.swiss.records import MatchRecord, Pairing, Player
from tournaments.swiss.scoring import score

# Dense rustworkx matching costs ~0.06 s for 200 players and ~0.5 s for 400 on the reference
# machine (it is O(n³)), so no single matching sees more players than these.
EXACT_LIMIT = 200  # fields paired by one exact matching
REPAIR_CAP = 200  # players in one repair matching of a larger field
# Random tie-breaking weight added to each edge; the priority weights are scaled above it.
NOISE = 1000
# Byes tried before giving up on a large field: a failure there is not about the bye.
BYE_ATTEMPTS_LARGE = 8

Pair = tuple[int, int]


class PairingError(Exception):
    """No pairing of the round avoids a rematch (or, in a field larger than ``EXACT_LIMIT``,
    none was found)."""


def pair_round(
    *,
    players: Sequence[Player],
    history: Sequence[MatchRecord],
    round_number: int,
    seed: int,
    forbidden: Collection[Pair] = (),
    ratings: Mapping[int, float] | None = None,
) -> Pairing:
    """Return the :class:`Pairing` of ``round_number``, given every finished round in ``history``.

    ``players`` lists everyone registered (dropped players too: they stay opponents in the
    tiebreakers); only those who :meth:`Player.can_play` this round are paired. The same
    inputs and ``seed`` always give the same pairing. ``forbidden`` lists pairs of player ids
    who should not meet (see the module's docstring): avoided whenever a pairing without them
    exists. ``ratings`` (player id → rating; missing: 0, a new player's) pairs round 1 by
    rating instead of at random: :func:`_pair_by_rating`.

    Raises ValueError for inconsistent input (a record of this round or later, an unknown
    player, a duplicate) and :class:`PairingError` when no pairing avoids a rematch.
    """
    if round_number < 1:
        raise ValueError(f"round_number must be 1 or more, not {round_number}")
    if any(record.round >= round_number for record in history):
        raise ValueError(f"the history already has a record of round {round_number} or later")
    scores = score(players, history)
    rng = random.Random(f"swiss-pairing:{seed}:{round_number}")
    active = [p.id for p in players if p.can_play(round_number)]
    shuffled = active[:]
    rng.shuffle(shuffled)
    tiebreak = {pid: i for i, pid in enumerate(shuffled)}
    keys = scores.keys
    order = sorted(active, key=lambda pid: (*(-v for v in keys[pid]), tiebreak[pid]))
    points = {pid: keys[pid][0] for pid in order}
    opponents = {pid: frozenset(scores.tallies[pid].opponents) for pid in order}
    avoid: dict[int, set[int]] = {}
    for a, b in forbidden:
        if a != b:
            avoid.setdefault(a, set()).add(b)
            avoid.setdefault(b, set()).add(a)
    if ratings is not None and round_number == 1:
        return _pair_by_rating(active, ratings, tiebreak, avoid)
    field = _Field(order, points, opponents, rng, {pid: frozenset(ids) for pid, ids in avoid.items()})

    bye: int | None = None
    if len(order) % 2 == 0:
        pairs = field.pair(excluding=None)
    else:
        # Lowest-ranked first; players who already had a bye only when nobody else can take it.
        had_bye = {pid for pid in order if scores.tallies[pid].byes}
        candidates = [p for p in reversed(order) if p not in had_bye] + [
            p for p in reversed(order) if p in had_bye
        ]
        if len(order) > EXACT_LIMIT:
            candidates = candidates[:BYE_ATTEMPTS_LARGE]
        failure: PairingError | None = None
        for candidate in candidates:
            try:
                pairs = field.pair(excluding=candidate)
            except PairingError as error:
                failure = error
                continue
            bye = candidate
            break
        else:
            raise failure or PairingError("no player can take the bye")

    position = {pid: i for i, pid in enumerate(order)}
    seated = [(a, b) if position[a] < position[b] else (b, a) for a, b in pairs]
    seated.sort(key=lambda pair: position[pair[0]])
    return Pairing(round=round_number, pairs=tuple(seated), bye=bye)


def _pair_by_rating(
    active: Sequence[int],
    ratings: Mapping[int, float],
    tiebreak: Mapping[int, int],
    avoid: Mapping[int, set[int]],
) -> Pairing:
    """Round 1 seeded by rating (the organizer's choice): the field sorted by rating
    (ties in the seeded random order), the lowest-rated player takes the bye of an odd field, and
    the top half meets the bottom half in order (1st against half+1st, ...), so the strongest
    players meet only later. A forbidden pair moves the top player on to the next bottom player
    still free (no rematch is possible in round 1)."""
    order = sorted(active, key=lambda pid: (-ratings.get(pid, 0.0), tiebreak[pid]))
    bye = order.pop() if len(order) % 2 else None
    half = len(order) // 2
    top, bottom = order[:half], order[half:]
    pairs: list[Pair] = []
    for player in top:
        partner = next((b for b in bottom if b not in avoid.get(player, ())), bottom[0])
        bottom.remove(partner)
        pairs.append((player, partner))
    return Pairing(round=1, pairs=tuple(pairs), bye=bye)


def recommended_rounds(n_players: int) -> int:
    """Return the number of Swiss rounds for ``n_players`` (Magic's tournament rules, Appendix E).

    5–8 players: 3, 9–32: 5, 33–64: 6, 65–128: 7, 129–226: 8, 227–409: 9, 410 and more: 10.
    Below the table: 3–4 players play 2 rounds, 2 players 1 (a second round would be a
    rematch), fewer than 2 play none. Raises ValueError for a negative count.
    """
    if n_players < 0:
        raise ValueError(f"a negative number of players: {n_players}")
    for limit, rounds in ((1, 0), (2, 1), (4, 2), (8, 3), (32, 5), (64, 6), (128, 7), (226, 8), (409, 9)):
        if n_players <= limit:
            return rounds
    return 10


class _Field:
    """The players of one round, best-ranked first, and what pairing them needs."""

    def __init__(
        self,
        order: list[int],
        points: dict[int, int],
        opponents: dict[int, frozenset[int]],
        rng: random.Random,
        forbidden: dict[int, frozenset[int]] | None = None,
    ) -> None:
        self.order = order
        self.points = points
        self.opponents = opponents
        self.rng = rng
        self.forbidden = forbidden or {}
        # What the greedy passes never pair: rematches, and forbidden pairs as well.
        self.shunned = (
            {
                pid: met | self.forbidden[pid] if pid in self.forbidden else met
                for pid, met in opponents.items()
            }
            if self.forbidden
            else opponents
        )
        self.position = {pid: i for i, pid in enumerate(order)}

    def pair(self, *, excluding: int | None) -> list[Pair]:
        """Return pairs covering every player but ``excluding`` (the bye).

        Raises PairingError when no pairing without a rematch is found.
        """
        members = [pid for pid in self.order if pid != excluding]
        groups = _Groups(members, self.points, self.position)
        if len(members) <= EXACT_LIMIT:
            pairs, unpaired = self._match(members, self._float_weights(members, groups), max_cardinality=True)
            if unpaired:
                raise _unpairable(unpaired, among=None)
            return pairs
        carried: list[int] = []
        bracket_pairs: list[list[Pair]] = []
        for g, residents in enumerate(groups.members):
            below = groups.members[g + 1] if g + 1 < len(groups.members) else None
            pairs, carried = self._pair_bracket(carried, residents, below)
            bracket_pairs.append(pairs)
        if not carried:
            return [pair for pairs in bracket_pairs for pair in pairs]
        return self._repair_tail(carried, bracket_pairs, groups)

    # --- one bracket -------------------------------------------------------------------

    def _pair_bracket(
        self, floaters: list[int], residents: list[int], below: list[int] | None
    ) -> tuple[list[Pair], list[int]]:
        """Return the bracket's pairs and its unpaired players (best-ranked first), who float down."""
        leftover = None
        if (len(floaters) + len(residents)) % 2:
            leftover = self._choose_leftover(residents, below)
        pool = [pid for pid in residents if pid != leftover]
        pairs, stuck = self._greedy(floaters, pool)
        if not stuck:
            return pairs, [] if leftover is None else [leftover]
        return self._repair_bracket(pairs, stuck, leftover)

    def _choose_leftover(self, residents: list[int], below: list[int] | None) -> int:
        # The bottom player floats, unless they have already met the whole group below: then the
        # lowest one who can still be paired there, so nobody floats two groups for a rank's sake.
        if below is None:
            return residents[-1]
        for pid in reversed(residents):
            met = self.opponents[pid]
            if len(below) > len(met) or any(other not in met for other in below):
                return pid
        return residents[-1]

    def _greedy(self, floaters: list[int], pool: list[int]) -> tuple[list[Pair], list[int]]:
        """Return greedy pairs (floaters first, then the pool in random order) and who is left."""
        pool = pool[:]
        self.rng.shuffle(pool)
        pairs: list[Pair] = []
        stuck: list[int] = []
        taken: set[int] = set()
        for floater in floaters:
            met = self.shunned[floater]
            partner = next((pid for pid in pool if pid not in taken and pid not in met), None)
            if partner is None:
                stuck.append(floater)
            else:
                taken.add(partner)
                pairs.append((floater, partner))
        waiting: list[int] = []  # players whose every earlier candidate was a rematch
        for pid in pool:
            if pid in taken:
                continue
            met = self.shunned[pid]
            for i, other in enumerate(waiting):
                if other not in met:
                    pairs.append((other, pid))
                    del waiting[i]
                    break
            else:
                waiting.append(pid)
        return pairs, stuck + waiting

    def _repair_bracket(
        self, pairs: list[Pair], stuck: list[int], leftover: int | None
    ) -> tuple[list[Pair], list[int]]:
        """Re-pair the stuck players with a growing random sample of ``pairs``; return as _pair_bracket."""
        special = stuck + ([] if leftover is None else [leftover])
        budget = max(8, 2 * len(special))
        while True:
            take = min(budget, len(pairs), max(0, (REPAIR_CAP - len(special)) // 2))
            chosen = set(self.rng.sample(range(len(pairs)), take))
            members = special + [pid for i in chosen for pid in pairs[i]]
            # The priority order: best-ranked first, the chosen leftover last of all.
            members.sort(key=lambda pid: (pid == leftover, self.position[pid]))
            new_pairs, unpaired = self._match_by_priority(members)
            ideal = unpaired == ([] if leftover is None else [leftover])
            if ideal or take == len(pairs) or 2 * take + len(special) >= REPAIR_CAP:
                kept = [pair for i, pair in enumerate(pairs) if i not in chosen]
                unpaired.sort(key=self.position.__getitem__)
                return kept + new_pairs, unpaired
            budget *= 4

    def _match_by_priority(self, members: list[int]) -> tuple[list[Pair], list[int]]:
        """Return a matching of ``members`` (listed by priority) that pairs the best possible set
        of them — lexicographically by priority — and the unpaired members.

        Vertex weights decreasing with priority make the matched set the greedy-best one (the
        sets of players a matching can cover form a matroid, so only the weights' order
        matters); the random noise on top is too small to change that set.
        """
        n = len(members)
        step = NOISE * (n // 2 + 1)  # more than the noise of any whole matching
        weight = {pid: (n - i) * step for i, pid in enumerate(members)}
        rand = self.rng.randrange
        return self._match(members, lambda u, v: weight[u] + weight[v] + rand(NOISE), max_cardinality=False)

    def _match(
        self, members: list[int], weight: Callable[[int, int], int], *, max_cardinality: bool
    ) -> tuple[list[Pair], list[int]]:
        """Return a maximum-weight matching of ``members`` over every non-rematch edge, and who is left.

        A forbidden pair's edge weighs less than any matching without it could lose (its weight
        minus more than every other edge of a matching weighs together): used only when needed.
        """
        graph = rustworkx.PyGraph()
        graph.add_nodes_from(members)
        edges: list[tuple[int, int, int]] = []
        shunned: list[int] = []  # indexes in ``edges`` of forbidden pairs
        forbidden = self.forbidden
        for i, u in enumerate(members):
            met = self.opponents[u]
            avoid = forbidden.get(u)
            for j in range(i + 1, len(members)):
                v = members[j]
                if v not in met:
                    if avoid is not None and v in avoid:
                        shunned.append(len(edges))
                    edges.append((i, j, weight(u, v)))
        if shunned:
            heaviest = max(abs(w) for _, _, w in edges)
            penalty = (heaviest + 1) * (len(members) // 2 + 1)
            for k in shunned:
                i, j, w = edges[k]
                edges[k] = (i, j, w - penalty)
        graph.add_edges_from(edges)
        matching = rustworkx.max_weight_matching(
            graph, max_cardinality=max_cardinality, weight_fn=lambda w: w
        )
        pairs = [(members[i], members[j]) for i, j in matching]
        paired = {pid for pair in pairs for pid in pair}
        return pairs, [pid for pid in members if pid not in paired]

    # --- the bottom ----------------------------------------------------------------------

    def _repair_tail(
        self, stuck: list[int], bracket_pairs: list[list[Pair]], groups: "_Groups"
    ) -> list[Pair]:
        """Pair the players left at the bottom by re-pairing them with the lowest brackets' pairs.

        Returns every pair of the round; raises PairingError when no perfect matching is found.
        """
        # Bottom bracket first, each bracket's pairs in random order.
        candidates: list[Pair] = []
        for pairs in reversed(bracket_pairs):
            pairs = pairs[:]
            self.rng.shuffle(pairs)
            candidates.extend(pairs)
        budget = max(8, 2 * len(stuck))
        while True:
            take = min(budget, len(candidates), max(0, (REPAIR_CAP - len(stuck)) // 2))
            members = stuck + [pid for pair in candidates[:take] for pid in pair]
            new_pairs, unpaired = self._match(
                members, self._float_weights(members, groups), max_cardinality=True
            )
            if not unpaired:
                return candidates[take:] + new_pairs
            if take == len(candidates) or 2 * take + len(stuck) >= REPAIR_CAP:
                raise _unpairable(unpaired, among=None if take == len(candidates) else len(members))
            budget *= 2

    def _float_weights(self, members: list[int], groups: "_Groups") -> Callable[[int, int], int]:
        """Return edge weights for a max-cardinality matching of ``members`` that penalise, in
        this order: the squared distance between the point groups of a pair, each pair across
        groups, a down-floater's height above its group's bottom; then random noise."""
        n = len(members)
        per_height = NOISE * n  # above the noise of a whole matching
        per_float = per_height * (len(self.order) + 1) * n  # above every height of a matching
        per_square = per_float * n  # above the float count of a matching
        group_of, bottom = groups.group_of, groups.bottom
        rand = self.rng.randrange

        def weight(u: int, v: int) -> int:
            gu, gv = group_of[u], group_of[v]
            if gu == gv:
                return rand(NOISE)
            upper = u if gu < gv else v
            height = bottom[group_of[upper]] - self.position[upper]
            return rand(NOISE) - (gu - gv) ** 2 * per_square - per_float - height * per_height

        return weight


class _Groups:
    """The point groups of a round's players, best first."""

    def __init__(self, members: list[int], points: dict[int, int], position: dict[int, int]) -> None:
        self.members: list[list[int]] = []
        for pid in members:
            if self.members and points[self.members[-1][0]] == points[pid]:
                self.members[-1].append(pid)
            else:
                self.members.append([pid])
        self.group_of = {pid: g for g, group in enumerate(self.members) for pid in group}
        self.bottom = [position[group[-1]] for group in self.members]  # rank position of each group's last


def _unpairable(unpaired: list[int], *, among: int | None) -> PairingError:
    """Return the PairingError for players left unpaired (``among``: the size of the sample searched)."""
    where = "" if among is None else f" found among the lowest {among} players"
    return PairingError(
        f"no pairing without a rematch{where}: {len(unpaired)} players left unpaired "
        f"(ids {sorted(unpaired)[:10]})"
    )
