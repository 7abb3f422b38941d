"""Ratings per player per game: Weng-Lin (openskill's Plackett-Luce model).

Which matches rate, and the two rules that keep ratings from being farmed, are
:mod:`tournaments.services.rating_rules`'s. The ledger (:class:`RatedMatch`) holds every rated
match in finalisation order with both players' ratings before and after it, so:

- a match becoming final after every rated one (the usual case) is one more step: both
  players' new ratings, one ledger row (:func:`rating_update`; the ratings pass,
  :mod:`tournaments.services.rating_batch`, takes many such steps at once);
- a corrected result, a match no longer final, a match deleted with an undone round, or one
  arriving late replays the ledger from that match on (:func:`_replay_from`): each player's
  rating just before it is in the row, and the matches after it are rated again in order;
  the other matches of the same two players in the same period are looked at again with it
  (one of them may become, or stop being, the one that rates);
- :func:`tournaments.services.rating_recompute.ratings_recompute` rebuilds a game's ratings
  from its final matches alone (the ``ratings_recompute`` command), keeping the order the
  ledger knew (a match it never saw is placed at its last change, ``Match.updated_at``) and
  applying both rules in that order.

Every function is idempotent: rating a match twice changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from django.db import connection, transaction
from django.db.models import Count, Max, Model, Q
from openskill.models import PlackettLuce

from tournaments.models import Event, RatedMatch, Rating, RatingBook
from tournaments.plainsql import column_of, quote
from tournaments.services.rating_rules import (
    Outcome,
    match_outcome,
    outcome_counted,
    pair_keys,
    pair_period,
)

MODEL = PlackettLuce()  # mu 25, sigma 25/3: openskill's defaults
MU = float(MODEL.mu)
SIGMA = float(MODEL.sigma)


def rating_value(mu: float, sigma: float) -> float:
    """The displayed rating: mu − 3σ (openskill's ordinal), 0 for a new player."""
    return mu - 3 * sigma


def rate_pair(
    mu_a: float, sigma_a: float, mu_b: float, sigma_b: float, score_a: float
) -> tuple[float, float, float, float]:
    """Return (mu_a, sigma_a, mu_b, sigma_b) after one match (``score_a``: 1, 0.5 or 0)."""
    ranks = [0.0, 0.0] if score_a == 0.5 else ([0.0, 1.0] if score_a == 1 else [1.0, 0.0])
    [[a], [b]] = MODEL.rate(
        [[MODEL.rating(mu=mu_a, sigma=sigma_a)], [MODEL.rating(mu=mu_b, sigma=sigma_b)]], ranks=ranks
    )
    return float(a.mu), float(a.sigma), float(b.mu), float(b.sigma)


def game_lock(game: str) -> None:
    """Hold the game's rating lock until the transaction ends."""
    RatingBook.objects.get_or_create(game=game)
    list(RatingBook.objects.select_for_update().filter(game=game))


def rating_update(*, match_id: int) -> bool:
    """Bring the ratings of the match's game in line with the match, and with it the other
    matches of the same two players (one of them may become, or stop being, the one of their
    period that rates); return whether anything changed (False: the ledger already says what
    the matches say, or the match does not rate)."""
    known: dict[int, bool] = {}  # whether each event rates, read once for the whole update
    outcome = match_outcome(match_id, known)
    row = RatedMatch.objects.filter(match_id=match_id).values_list("game", flat=True).first()
    game = outcome.game if outcome is not None else row
    if game is None:
        return False
    with transaction.atomic():
        game_lock(game)
        # The periods the match is in, now and in the ledger, for its players now and in the ledger.
        pairs: set[tuple[int, int]] = set()
        periods: set[int] = set()
        ledger = list(RatedMatch.objects.filter(match_id=match_id))
        for rated in ledger:
            pairs.add((rated.player_a_id, rated.player_b_id))
            periods.add(pair_period(rated.at))
        outcome = match_outcome(match_id, known)
        if outcome is not None:
            pairs.add((outcome.player_a, outcome.player_b))
            periods.add(pair_period(outcome.at))
        changed = _update(game, match_id, known, outcome=outcome, ledger=ledger)
        for a, b in pairs:
            for key, other in pair_keys(game, a, b, known):
                if other != match_id and pair_period(key) in periods:
                    changed = _update(game, other, known) or changed
        return changed


def _update(
    game: str,
    match_id: int,
    known: dict[int, bool] | None = None,
    *,
    outcome: Outcome | None = None,
    ledger: list[RatedMatch] | None = None,
) -> bool:
    """:func:`rating_update` for this match alone, under the game's lock (``outcome`` and
    ``ledger``, its ledger row: as read under it already, if they were)."""
    outcome = outcome_counted(match_id, known, outcome)  # under the lock: the truth this update rates
    found = ledger if ledger is not None else list(RatedMatch.objects.filter(match_id=match_id)[:1])
    existing = found[0] if found else None
    if existing is not None and outcome is not None:
        same = (existing.player_a_id, existing.player_b_id, existing.score_a) == (
            outcome.player_a,
            outcome.player_b,
            outcome.score_a,
        )
        if same:
            return False
    if existing is None and outcome is None:
        return False
    if existing is None:
        assert outcome is not None
        # Ranges on the order's index, never an OR of two (which PostgreSQL scans whole).
        later = RatedMatch.objects.filter(game=game, at__gte=outcome.at).exclude(
            at=outcome.at, match_id__lte=match_id
        )
        if not later.exists():
            _append(match_id, outcome)
            return True
        _replay_from(game, (outcome.at, match_id), insert=(match_id, outcome))
        return True
    key = (existing.at, existing.match_id)
    # The match's players start from their ratings before it; everyone else from their
    # first row from key on.
    start = {
        existing.player_a_id: (existing.mu_a, existing.sigma_a),
        existing.player_b_id: (existing.mu_b, existing.sigma_b),
    }
    existing.delete()
    # A correction keeps the match's place in the order: when it first became final.
    insert = None if outcome is None else (match_id, replace(outcome, at=key[0]))
    _replay_from(game, key, insert=insert, start=start)
    return True


def ratings_now(game: str, players: Iterable[int]) -> dict[int, tuple[float, float]]:
    found = {
        player: (mu, sigma)
        for player, mu, sigma in Rating.objects.filter(game=game, player__in=list(players)).values_list(
            "player_id", "mu", "sigma"
        )
    }
    return found


def ledger_step(match_id: int, outcome: Outcome, state: dict[int, tuple[float, float]]) -> RatedMatch:
    """Rate a match that comes after every rated one: its ledger row (not saved yet), from its
    players' ratings in ``state`` (a new player's: the defaults), which it moves on to theirs
    after the match."""
    mu_a, sigma_a = state.get(outcome.player_a, (MU, SIGMA))
    mu_b, sigma_b = state.get(outcome.player_b, (MU, SIGMA))
    after = rate_pair(mu_a, sigma_a, mu_b, sigma_b, outcome.score_a)
    state[outcome.player_a], state[outcome.player_b] = (after[0], after[1]), (after[2], after[3])
    return RatedMatch(
        match_id=match_id,
        game=outcome.game,
        at=outcome.at,
        player_a_id=outcome.player_a,
        player_b_id=outcome.player_b,
        score_a=outcome.score_a,
        mu_a=mu_a,
        sigma_a=sigma_a,
        mu_b=mu_b,
        sigma_b=sigma_b,
        mu_a_after=after[0],
        sigma_a_after=after[1],
        mu_b_after=after[2],
        sigma_b_after=after[3],
    )


def _append(match_id: int, outcome: Outcome) -> None:
    """Rate a match that comes after every rated one: one step for its two players."""
    players = (outcome.player_a, outcome.player_b)
    state = ratings_now(outcome.game, players)
    ledger_step(match_id, outcome, state).save(force_insert=True)
    ratings_store(outcome.game, {p: state[p] for p in players})


def _replay_from(
    game: str,
    key: tuple[datetime, int],
    *,
    insert: tuple[int, Outcome] | None = None,
    start: dict[int, tuple[float, float]] | None = None,
) -> None:
    """Rate again, in order, every ledger row of ``game`` from ``key`` on (and ``insert``, a
    match taking its place among them). Each player starts from ``start`` (a removed row's
    players: their ratings before it), else from the ``before`` values of their first row
    from ``key`` on, else from their last row before ``key``."""
    at, match_id = key
    rows = list(
        RatedMatch.objects.filter(game=game)
        .filter(at__gte=at)
        .exclude(at=at, match_id__lt=match_id)
        .order_by("at", "match_id")
    )
    if insert is not None:
        new_id, outcome = insert
        rows.append(
            RatedMatch(
                match_id=new_id,
                game=game,
                at=outcome.at,
                player_a_id=outcome.player_a,
                player_b_id=outcome.player_b,
                score_a=outcome.score_a,
                mu_a=MU,
                sigma_a=SIGMA,
                mu_b=MU,
                sigma_b=SIGMA,
                mu_a_after=MU,
                sigma_a_after=SIGMA,
                mu_b_after=MU,
                sigma_b_after=SIGMA,
            )
        )
        rows.sort(key=lambda r: (r.at, r.match_id))
    state: dict[int, tuple[float, float]] = dict(start or {})
    for row in rows:  # the rating before each player's first row from key on
        if row.pk is not None:
            state.setdefault(row.player_a_id, (row.mu_a, row.sigma_a))
            state.setdefault(row.player_b_id, (row.mu_b, row.sigma_b))
    players = set(state) | {p for r in rows for p in (r.player_a_id, r.player_b_id)}
    # A player whose only row from key on is the inserted one is where their last row before
    # key left them.
    for player in players - set(state):
        state[player] = _before(game, player, key)
    for row in rows:
        mu_a, sigma_a = state[row.player_a_id]
        mu_b, sigma_b = state[row.player_b_id]
        after = rate_pair(mu_a, sigma_a, mu_b, sigma_b, row.score_a)
        row.mu_a, row.sigma_a, row.mu_b, row.sigma_b = mu_a, sigma_a, mu_b, sigma_b
        row.mu_a_after, row.sigma_a_after, row.mu_b_after, row.sigma_b_after = after
        state[row.player_a_id], state[row.player_b_id] = (after[0], after[1]), (after[2], after[3])
    fields = [
        "mu_a",
        "sigma_a",
        "mu_b",
        "sigma_b",
        "mu_a_after",
        "sigma_a_after",
        "mu_b_after",
        "sigma_b_after",
    ]
    _bulk_set(RatedMatch, [r for r in rows if r.pk is not None], fields)
    RatedMatch.objects.bulk_create([r for r in rows if r.pk is None])
    # Only the changed match's players have other counts; everyone else has only another skill.
    recount = set(start or ()) | ({insert[1].player_a, insert[1].player_b} if insert else set())
    ratings_store(game, {p: state[p] for p in recount})
    _set_skill(game, {p: state[p] for p in players - recount})


def _set_skill(game: str, ratings: dict[int, tuple[float, float]]) -> None:
    """Write the players' mu, sigma and rating (their counts stay)."""
    rows = list(Rating.objects.filter(game=game, player__in=list(ratings)).only("pk", "player_id"))
    for row in rows:
        row.mu, row.sigma = ratings[row.player_id]
        row.rating = rating_value(row.mu, row.sigma)
    _bulk_set(Rating, rows, ["mu", "sigma", "rating"])


def _before(game: str, player: int, key: tuple[datetime, int]) -> tuple[float, float]:
    """The player's rating after their last ledger row before ``key`` (new: the defaults)."""
    at, match_id = key
    found = []
    for side in ("player_a_id", "player_b_id"):  # each on its own index (player, at)
        row = (
            RatedMatch.objects.filter(game=game, at__lte=at, **{side: player})
            .exclude(at=at, match_id__gte=match_id)
            .order_by("-at", "-match_id")
            .values_list(
                "at", "match_id", "player_a_id", "mu_a_after", "sigma_a_after", "mu_b_after", "sigma_b_after"
            )
            .first()
        )
        if row is not None:
            found.append(row)
    if not found:
        return MU, SIGMA
    _, _, a, mu_a, sigma_a, mu_b, sigma_b = max(found, key=lambda row: (row[0], row[1]))
    return (mu_a, sigma_a) if a == player else (mu_b, sigma_b)


@dataclass
class _Tally:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    last: datetime | None = None


def ratings_store(game: str, ratings: dict[int, tuple[float, float]]) -> None:
    """Write the players' ratings and their counts from the ledger (a player with no rated
    match left loses the row)."""
    players = list(ratings)
    counts = {p: _Tally() for p in players}
    for side, mine, theirs in (("player_a", 1.0, 0.0), ("player_b", 0.0, 1.0)):
        rows = (
            RatedMatch.objects.filter(game=game, **{f"{side}__in": players})
            .values(side)
            .annotate(
                wins=Count("id", filter=Q(score_a=mine)),
                losses=Count("id", filter=Q(score_a=theirs)),
                draws=Count("id", filter=Q(score_a=0.5)),
                last=Max("at"),
            )
        )
        for row in rows:
            tally = counts[row[side]]
            tally.wins += row["wins"]
            tally.losses += row["losses"]
            tally.draws += row["draws"]
            if tally.last is None or row["last"] > tally.last:
                tally.last = row["last"]
    existing = {r.player_id: r for r in Rating.objects.filter(game=game, player__in=players)}
    create: list[Rating] = []
    update: list[Rating] = []
    gone: list[int] = []
    for player, (mu, sigma) in ratings.items():
        tally = counts[player]
        if tally.last is None:
            gone.append(player)
            continue
        row = existing.get(player) or Rating(player_id=player, game=game)
        row.mu, row.sigma, row.rating = mu, sigma, rating_value(mu, sigma)
        row.wins, row.losses, row.draws = tally.wins, tally.losses, tally.draws
        row.matches = tally.wins + tally.losses + tally.draws
        row.last_played_at = tally.last
        (update if row.pk else create).append(row)
    Rating.objects.filter(game=game, player__in=gone).delete()
    Rating.objects.bulk_create(create)
    _bulk_set(
        Rating, update, ["mu", "sigma", "rating", "wins", "losses", "draws", "matches", "last_played_at"]
    )


def _bulk_set(model: type[Model], rows: Sequence[Model], fields: list[str]) -> None:
    """Write ``fields`` of ``rows``: on PostgreSQL one ``UPDATE ... FROM (VALUES ...)`` per
    5,000 rows (Django's bulk_update builds a CASE per field whose cost grows with the square of
    the batch: a replay of 3,000 ledger rows took seconds); elsewhere bulk_update."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model._default_manager.bulk_update(rows, fields, batch_size=500)
        return
    meta = model._meta
    by_name = {field.name: field for field in meta.concrete_fields}
    columns = [column_of(by_name[name]) for name in fields]
    sets = ", ".join(f"{c} = v.{c}" for c in columns)
    casts = ", ".join(f"%s::{by_name[name].db_type(connection)}" for name in fields)
    table, key = quote(meta.db_table), column_of(meta.pk)
    with connection.cursor() as cursor:
        for start in range(0, len(rows), 5000):
            chunk = rows[start : start + 5000]
            values = ", ".join([f"(%s::bigint, {casts})"] * len(chunk))
            params = [value for row in chunk for value in (row.pk, *(getattr(row, name) for name in fields))]
            cursor.execute(
                f"UPDATE {table} AS t SET {sets} FROM (VALUES {values}) AS v(id, {', '.join(columns)}) "
                f"WHERE t.{key} = v.id",
                params,
            )


def registration_ratings(*, event: Event) -> dict[int, float]:
    """Each rated player's rating in the event's game, by registration id (round-1 seeding)."""
    rated = dict(
        Rating.objects.filter(game=event.game)
        .filter(player__registrations__event=event)
        .values_list("player_id", "rating")
    )
    return {
        pk: rated[player]
        for pk, player in event.registrations.values_list("pk", "player_id")
        if player in rated
    }
