"""Elimination brackets: the matches of a single- or double-elimination event and where each seat comes from.

A bracket is built once, from the seeds, before any result; :mod:`tournaments.structures.elimination`
then follows it with the results.

**Seeding and byes.** A field of n players plays in a bracket of P places, P the power of two
at or above n. The first round pairs seed s with seed P + 1 − s in the standard bracket order
(1 v 16, 8 v 9, 4 v 13, 5 v 12, 2 v 15, 7 v 10, 3 v 14, 6 v 11 for 16), so the two best seeds
can only meet in the final, the best four in the semifinals, and so on. Places above n are
empty: the P − n best seeds meet nobody in the first round (a bye) and enter the second round
directly. A match with an empty seat is not a match: its one player goes on (``from_a`` of
the next match then names the seed), and in a double-elimination bracket it sends nobody to
the losers' bracket, whose matches with one empty seat pass their player on the same way.
So a single-elimination bracket of n players has n − 1 matches, a double-elimination one
2n − 2, and 2n − 1 with the grand-final reset (played only when the losers' bracket
champion wins the first final).

**The losers' bracket.** Its rounds alternate: a *minor* round pairs the bracket's own
survivors; a *major* round pairs each survivor with a player dropping from the winners'
bracket. Losers' round 1 pairs the losers of winners' round 1 in bracket order (the loser of
match 1 with the loser of match 2, ...); losers' round 2j (major) brings in the losers of
winners' round j + 1; losers' round 2j + 1 (minor) pairs the winners of round 2j. Players
eliminated in the same winners' round never met, but a player dropping later may have beaten
someone already in the losers' bracket, so each winners' round's losers enter in a
*crossing order* (:func:`crossing_order`) that sends them to the part of the losers' bracket
far from the players they beat: winners' round 2 with its halves swapped, round 3 with each
half reversed, round 4 reversed whole, then again halves swapped, and so on. With it no
rematch can happen in the first half of the losers' bracket's rounds for 8 to 64 players
(checked exhaustively for 8 and over random results up to 64 in
``tests/structures/test_double_elimination_rematches.py``; ``bench/bench_structures.py``
counts the rematches of random events).

**Play order.** Each bracket round is numbered in the order it can be played: a round comes
after the rounds its players come from (winners' round r can start after r rounds, losers'
round j after j + 1), winners' rounds before losers' rounds of the same depth. For 8 players:
winners 1; winners 2; losers 1; winners 3; losers 2; losers 3; losers 4; grand final; reset.
Rounds with no match left (all byes) get no number.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from tournaments.structures.records import Source
from tournaments.swiss.topcut import top_cut_stage

SINGLE = "single_elimination"
DOUBLE = "double_elimination"
KIND_ORDER = {"winners": 0, "losers": 1, "grand_final": 2}


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """One match of a bracket.

    ``key`` names it ("W1-3": winners' round 1, place 3 of the full round; "L2-1"; "GF1", and
    "GF2" for the reset); ``kind`` is "winners", "losers" or "grand_final"; ``stage`` names its
    round ("quarterfinal", "semifinal", "final" for a single-elimination bracket, else
    "winners_2", "losers_3", "grand_final", "grand_final_reset"); ``round`` is its round's
    number in play order and ``table`` its table in that round (1, 2, ... in bracket order).
    ``from_a``/``from_b`` say where each seat comes from; ``winner_to``/``loser_to`` name the
    match the winner and the loser go to (None: out, or the title). A ``conditional`` match
    (the reset) is played only when the losers' bracket champion wins the first final.
    """

    key: str
    kind: str
    stage: str
    round: int
    table: int
    from_a: Source
    from_b: Source
    winner_to: str | None = None
    loser_to: str | None = None
    conditional: bool = False


@dataclass(frozen=True, slots=True)
class BracketRound:
    """A round of a bracket: its ``number`` in play order, its ``kind`` and ``stage``, its matches."""

    number: int
    kind: str
    stage: str
    matches: tuple[BracketMatch, ...]


@dataclass(frozen=True, slots=True)
class Bracket:
    """A whole bracket: ``structure`` ("single_elimination" or "double_elimination"), the
    ``seeds`` (player ids, seed 1 first) and its ``rounds`` in play order."""

    structure: str
    seeds: tuple[int, ...]
    rounds: tuple[BracketRound, ...]
    grand_final_reset: bool = False
    index: Mapping[str, BracketMatch] = field(default_factory=dict, compare=False, repr=False)
    seed_index: Mapping[int, int] = field(default_factory=dict, compare=False, repr=False)

    @property
    def matches(self) -> tuple[BracketMatch, ...]:
        """Every match, in play order."""
        return tuple(m for r in self.rounds for m in r.matches)

    def match(self, key: str) -> BracketMatch:
        """Return the match named ``key``; raises KeyError for a key the bracket does not have."""
        return self.index[key]

    @property
    def byes(self) -> tuple[int, ...]:
        """Return the players who skip the first round (the best seeds), in seed order."""
        seeds = sorted(
            s.seed
            for m in self.matches
            if m.kind == "winners" and not m.key.startswith("W1-")
            for s in (m.from_a, m.from_b)
            if s.seed is not None
        )
        return tuple(self.seeds[s - 1] for s in seeds)

    def seed_of(self, player: int) -> int:
        """Return ``player``'s seed (1 is the best); raises ValueError for a player not seeded."""
        if player not in self.seed_index:
            raise ValueError(f"player {player} is not seeded in this bracket")
        return self.seed_index[player]


def bracket_size(players: int) -> int:
    """Return P, the power of two at or above ``players`` (at least 2)."""
    size = 2
    while size < players:
        size *= 2
    return size


def bracket_order(size: int) -> list[int]:
    """Return the seeds 1..``size`` in bracket order (``size`` a power of two): 8 → 1 8 4 5 2 7 3 6."""
    order = [0]
    while len(order) < size:
        doubled = 2 * len(order)
        order = [s for seed in order for s in (seed, doubled - 1 - seed)]
    return [s + 1 for s in order]


def crossing_order(count: int, winners_round: int) -> list[int]:
    """Return the order in which the losers of the ``count`` matches of winners' round
    ``winners_round`` (2 or more) meet the losers' bracket's survivors: the i-th survivor
    meets the loser of match ``order[i]`` (0-based, bracket order).

    The orders cycle from round 2: halves swapped, each half reversed, reversed whole.
    """
    positions = list(range(count))
    half = count // 2
    step = (winners_round - 2) % 3
    if step == 0:
        return positions[half:] + positions[:half]
    if step == 1:
        return positions[:half][::-1] + positions[half:][::-1]
    return positions[::-1]


def single_elimination(*, seeds: Sequence[int]) -> Bracket:
    """Return the single-elimination :class:`Bracket` of ``seeds`` (player ids, seed 1 first).

    Raises ValueError for fewer than 2 players or a player seeded twice.
    """
    return _Builder(seeds, SINGLE, reset=False).build()


def double_elimination(*, seeds: Sequence[int], grand_final_reset: bool = False) -> Bracket:
    """Return the double-elimination :class:`Bracket` of ``seeds`` (player ids, seed 1 first),
    with a conditional reset of the grand final when ``grand_final_reset``.

    Raises ValueError for fewer than 2 players or a player seeded twice.
    """
    return _Builder(seeds, DOUBLE, reset=grand_final_reset).build()


@dataclass
class _Draft:
    key: str
    kind: str
    stage: str
    depth: int
    from_a: Source
    from_b: Source
    winner_to: str | None = None
    loser_to: str | None = None
    conditional: bool = False


Seat = Source | None  # None: an empty place (nobody comes from there)


class _Builder:
    def __init__(self, seeds: Sequence[int], structure: str, *, reset: bool) -> None:
        if len(seeds) < 2:
            raise ValueError(f"an elimination bracket needs at least 2 players, not {len(seeds)}")
        if len(set(seeds)) != len(seeds):
            raise ValueError("a player is seeded twice")
        self.seeds = tuple(seeds)
        self.structure = structure
        self.reset = reset
        self.drafts: dict[str, _Draft] = {}

    def add(self, key: str, kind: str, stage: str, depth: int, a: Seat, b: Seat) -> tuple[Seat, Seat]:
        """Add a match unless a seat is empty; return where its winner and its loser come from."""
        if a is None or b is None:
            return (a if b is None else b), None
        for side in (a, b):
            if side.match is not None:
                source = self.drafts[side.match]
                if side.outcome == "winner":
                    source.winner_to = key
                else:
                    source.loser_to = key
        self.drafts[key] = _Draft(key, kind, stage, depth, a, b)
        return Source.winner_of(key), Source.loser_of(key)

    def build(self) -> Bracket:
        n = len(self.seeds)
        size = bracket_size(n)
        rounds = size.bit_length() - 1
        order = bracket_order(size)
        seats: list[Seat] = [Source.of_seed(s) if s <= n else None for s in order]
        dropped: dict[int, list[Seat]] = {}  # winners' round → its losers, bracket order
        for r in range(1, rounds + 1):
            stage = top_cut_stage(size >> r) if self.structure == SINGLE else f"winners_{r}"
            winners, losers = [], []
            for i in range(len(seats) // 2):
                w, lo = self.add(f"W{r}-{i + 1}", "winners", stage, r, seats[2 * i], seats[2 * i + 1])
                winners.append(w)
                losers.append(lo)
            seats, dropped[r] = winners, losers
        if self.structure == DOUBLE:
            champion = self._losers_bracket(dropped, rounds)
            self.add("GF1", "grand_final", "grand_final", 2 * rounds, seats[0], champion)
            if self.reset:
                self.add(
                    "GF2",
                    "grand_final",
                    "grand_final_reset",
                    2 * rounds + 1,
                    Source.loser_of("GF1"),
                    Source.winner_of("GF1"),
                )
                self.drafts["GF2"].conditional = True
        return self._freeze()

    def _losers_bracket(self, dropped: dict[int, list[Seat]], rounds: int) -> Seat:
        """Add the losers' bracket's matches; return where its champion comes from."""
        if rounds == 1:
            return dropped[1][0]
        first = dropped[1]
        survivors = [
            self.add(f"L1-{i + 1}", "losers", "losers_1", 2, first[2 * i], first[2 * i + 1])[0]
            for i in range(len(first) // 2)
        ]
        j = 1
        for r in range(2, rounds + 1):
            incoming = dropped[r]
            crossing = [incoming[i] for i in crossing_order(len(incoming), r)]
            j += 1
            survivors = [
                self.add(f"L{j}-{i + 1}", "losers", f"losers_{j}", j + 1, survivor, crossing[i])[0]
                for i, survivor in enumerate(survivors)
            ]
            if r < rounds:
                j += 1
                survivors = [
                    self.add(
                        f"L{j}-{i + 1}",
                        "losers",
                        f"losers_{j}",
                        j + 1,
                        survivors[2 * i],
                        survivors[2 * i + 1],
                    )[0]
                    for i in range(len(survivors) // 2)
                ]
        return survivors[0]

    def _freeze(self) -> Bracket:
        by_round: dict[tuple[int, int, str], list[_Draft]] = {}
        for draft in self.drafts.values():
            by_round.setdefault((draft.depth, KIND_ORDER[draft.kind], draft.stage), []).append(draft)
        frozen_rounds = []
        index: dict[str, BracketMatch] = {}
        for number, ((_, _, stage), drafts) in enumerate(sorted(by_round.items()), start=1):
            matches = []
            for table, d in enumerate(drafts, start=1):
                match = BracketMatch(
                    key=d.key,
                    kind=d.kind,
                    stage=d.stage,
                    round=number,
                    table=table,
                    from_a=d.from_a,
                    from_b=d.from_b,
                    winner_to=d.winner_to,
                    loser_to=d.loser_to,
                    conditional=d.conditional,
                )
                matches.append(match)
                index[d.key] = match
            frozen_rounds.append(BracketRound(number, drafts[0].kind, stage, tuple(matches)))
        return Bracket(
            structure=self.structure,
            seeds=self.seeds,
            rounds=tuple(frozen_rounds),
            grand_final_reset=self.reset,
            index=index,
            seed_index={pid: seed for seed, pid in enumerate(self.seeds, start=1)},
        )
