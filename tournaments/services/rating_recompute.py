"""A game's ratings rebuilt from its final matches alone (the ``ratings_recompute`` command):
the ledger written anew in the order it knew (a match it never saw is placed at its last change,
``Match.updated_at``), applying both rules of :mod:`tournaments.services.rating_rules` in that
order, then every player's rating. The same model and lock as :mod:`tournaments.services.ratings`,
whose ledger it rebuilds."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import datetime

from django.db import connection, transaction

from tournaments.models import Match, RatedMatch, Rating
from tournaments.plainsql import column_of, quote
from tournaments.services.rating_rules import (
    OUTCOME_COLUMNS,
    events_that_rate,
    pair_period,
    ratable_matches,
    score_of,
)
from tournaments.services.ratings import MU, SIGMA, game_lock, rate_pair, rating_value

RECOMPUTE_BATCH = 10_000


def _history(game: str) -> Iterator[tuple[int, int, int, float, datetime]]:
    """Every final match of ``game`` that rates, in rating order: (match id, user a, user b,
    score_a, at), where ``at`` is the ledger's time for a match it knows, else the match's
    last change; of an event that rates, the first of its two players' in its period."""
    known = dict(
        RatedMatch.objects.filter(game=game).values_list("match_id", "at").iterator(chunk_size=50_000)
    )
    rows = list(
        Match.objects.filter(ratable_matches(), round__event__game=game)
        .values_list(*OUTCOME_COLUMNS)
        .iterator(chunk_size=50_000)
    )
    eligible = events_that_rate(row[-1] for row in rows)
    history = [
        (known.get(pk, at), pk, a, b, score_of(wa, wb))
        for pk, a, b, wa, wb, at, event in rows
        if event in eligible
    ]
    history.sort(key=lambda r: (r[0], r[1]))
    rated: set[tuple[int, int, int]] = set()  # (one player, the other, period): the pair rule
    for at, pk, a, b, score in history:
        slot = (min(a, b), max(a, b), pair_period(at))
        if slot in rated:
            continue
        rated.add(slot)
        yield pk, a, b, score, at


def ratings_recompute(*, game: str) -> int:
    """Rebuild every rating of ``game`` from its final matches (the module docstring; which rate:
    rating_rules); return the number of matches rated. Holds the game's lock throughout:
    updates queued meanwhile wait, then find the ledger already agreeing with their match."""
    with transaction.atomic():
        game_lock(game)
        state: dict[int, list[float]] = {}  # player → [mu, sigma, wins, losses, draws, last (ts)]
        last: dict[int, datetime] = {}
        ledger: list[tuple[object, ...]] = []
        RatedMatch.objects.filter(game=game).delete()  # one DELETE: nothing refers to the rows
        count = 0
        for pk, a, b, score, at in _history(game):
            sa = state.get(a) or [MU, SIGMA, 0, 0, 0]
            sb = state.get(b) or [MU, SIGMA, 0, 0, 0]
            after = rate_pair(sa[0], sa[1], sb[0], sb[1], score)
            ledger.append((pk, game, at, a, b, score, sa[0], sa[1], sb[0], sb[1], *after))
            sa[0], sa[1], sb[0], sb[1] = after
            slot_a, slot_b = (2, 3) if score == 1 else (3, 2) if score == 0 else (4, 4)
            sa[slot_a] += 1
            sb[slot_b] += 1
            state[a], state[b], last[a], last[b] = sa, sb, at, at
            count += 1
            if len(ledger) >= RECOMPUTE_BATCH:
                _insert(ledger)
                ledger = []
        _insert(ledger)
        Rating.objects.filter(game=game).delete()
        ratings = [
            Rating(
                player_id=p, game=game, mu=s[0], sigma=s[1], rating=rating_value(s[0], s[1]),
                wins=int(s[2]), losses=int(s[3]), draws=int(s[4]), matches=int(s[2] + s[3] + s[4]),
                last_played_at=last[p],
            )
            for p, s in state.items()
        ]  # fmt: skip
        Rating.objects.bulk_create(ratings, batch_size=RECOMPUTE_BATCH)
    if connection.vendor == "postgresql":
        # Both tables were rebuilt: fresh statistics, or the planner scans a million ledger rows
        # for one player's (until autovacuum gets to them).
        with connection.cursor() as cursor:
            cursor.execute(f"ANALYZE {quote(RatedMatch._meta.db_table)}, {quote(Rating._meta.db_table)}")
    return count


LEDGER_FIELDS = (
    "match_id", "game", "at", "player_a", "player_b", "score_a", "mu_a", "sigma_a", "mu_b", "sigma_b",
    "mu_a_after", "sigma_a_after", "mu_b_after", "sigma_b_after",
)  # fmt: skip


def _insert(rows: Sequence[tuple[object, ...]]) -> None:
    """Insert ledger rows given as tuples in LEDGER_FIELDS order: PostgreSQL's COPY (a million
    rows in seconds, where INSERTs of model instances took minutes), else bulk_create."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        names = [f"{n}_id" if n in ("player_a", "player_b") else n for n in LEDGER_FIELDS]
        RatedMatch.objects.bulk_create([RatedMatch(**dict(zip(names, row, strict=True))) for row in rows])
        return
    meta = RatedMatch._meta
    columns = ", ".join(column_of(meta.get_field(name)) for name in LEDGER_FIELDS)
    with connection.cursor() as cursor:
        with cursor.cursor.copy(f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(row)


def ratings_games() -> list[str]:
    """The games that have final matches (what ``ratings_recompute`` without --game covers)."""
    return sorted(
        set(Match.objects.filter(ratable_matches()).values_list("round__event__game", flat=True).distinct())
    )
