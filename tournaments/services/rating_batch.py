"""The ratings pass: every match waiting to be rated (:class:`RatingPending`), rated at once.

A match's result that becomes, stops being or changes from final writes its id to the pending
table in the same transaction (:func:`rating_queue`), and the commit wakes one pass (a Redis
flag, as the online drain's: a burst of matches ending costs one task), which starts a moment
later (:data:`RATINGS_GATHER_S`) so that the matches ending meanwhile join it. The pass takes
the waiting ids, and for each game, under the game's lock:

- the usual case — a match of a rating event, final after every rated one, never rated yet,
  and the only one of its two players that may rate — is one step each, in the ledger's order,
  with every read and write made once for the whole batch (about ten statements however many
  matches, where :func:`~tournaments.services.ratings.rating_update` makes about twenty a
  match);
- anything else (a correction, a match no longer final, one arriving late, a pair that met
  before) goes through :func:`~tournaments.services.ratings.rating_update`, one by one.

Both give the same ledger and ratings as rating every match by itself in the ledger's order
(tests/site/test_rating_batch.py). A pass that fails leaves its ids waiting; the periodic sweep
wakes a pass while any wait (:func:`ratings_wake_if_waiting`).
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Iterable

from django.db import OperationalError, transaction

from tournaments.models import Match, RatedMatch, RatingPending
from tournaments.services import jobs, live
from tournaments.services.rating_rules import (
    OUTCOME_COLUMNS,
    Outcome,
    events_that_rate,
    ratable_matches,
    score_of,
)
from tournaments.services.ratings import (
    game_lock,
    ledger_step,
    rating_update,
    ratings_now,
    ratings_store,
)

log = logging.getLogger(__name__)

RATINGS_WOKEN = live.key("ratings-woken")  # the deployment's own (settings.REDIS_NAMESPACE)
# A woken pass starts this long after the first match that woke it, so that the matches ending
# meanwhile (a round's tables finish close together) are rated with it: a pass of one match
# costs about 12 ms of a worker, a pass of 32 about 0.6 ms a match (docs/performance-history.md).
RATINGS_GATHER_S = 2.0
# The flag is taken down when the pass starts; should that pass be lost, it lapses after this,
# and the sweep wakes another (ratings_wake_if_waiting).
RATINGS_WOKEN_MS = 30_000
PASS_SIZE = 500  # matches a pass takes at most; the rest wait for the next one, woken at once


def rating_queue(match_id: int) -> None:
    """Have the match rated: its id waits in the pending table (written with the transaction
    that changed its result, so it is rated exactly when that commits), and the commit wakes
    a ratings pass. Idempotent: an extra call costs nothing."""
    RatingPending.objects.bulk_create([RatingPending(match_id=match_id)], ignore_conflicts=True)
    transaction.on_commit(ratings_wake)


def ratings_wake() -> None:
    """Queue a ratings pass, to start :data:`RATINGS_GATHER_S` from now, unless one is woken
    already (in-process: it runs now)."""
    if jobs.in_process():
        jobs.task(jobs.RATINGS_PASS).delay()
    elif live.first_to_flag(RATINGS_WOKEN, RATINGS_WOKEN_MS):
        jobs.task(jobs.RATINGS_PASS).apply_async(countdown=RATINGS_GATHER_S, priority=jobs.PRIORITY_RATINGS)


def ratings_wake_if_waiting() -> bool:
    """Wake a pass if any match waits (the sweep's check: a pass that failed left them)."""
    waiting = RatingPending.objects.exists()
    if waiting:
        ratings_wake()
    return waiting


def ratings_pass(limit: int = PASS_SIZE) -> int:
    """Rate up to ``limit`` waiting matches (the lowest ids first); return how many matches'
    ratings changed. Ids another pass holds are skipped; more left waiting wake another pass."""
    live.flag_clear(RATINGS_WOKEN)  # a match queued from now on wakes the next pass
    with transaction.atomic():
        taken = _take(limit)
        try:
            with transaction.atomic():
                changed = ratings_rate(taken)
        except OperationalError:
            raise  # the database away: the task is retried, the ids still waiting
        except Exception:
            # One match the rules cannot rate must not hold up the others (nor be tried again
            # and again): each is rated on its own, and one that fails is logged and left.
            log.exception("ratings: a pass of %d matches failed; rating them one by one", len(taken))
            changed = 0
            for match_id in taken:
                try:
                    with transaction.atomic():
                        changed += ratings_rate([match_id])
                except OperationalError:
                    raise
                except Exception:
                    log.exception(
                        "ratings: match %s could not be rated (its ratings left as they were)", match_id
                    )
    if len(taken) == limit:
        ratings_wake()
    return changed


def _take(limit: int) -> list[int]:
    """Delete and return up to ``limit`` waiting ids, skipping rows another pass holds. A result
    changed meanwhile writes its id again once this transaction ends (its insert waits for
    the delete), so it is rated again with what it says then."""
    held = RatingPending.objects.select_for_update(skip_locked=True).order_by("match_id")[:limit]
    ids = list(held.values_list("match_id", flat=True))
    RatingPending.objects.filter(match_id__in=ids).delete()
    return ids


def ratings_rate(match_ids: Iterable[int]) -> int:
    """Bring the ratings in line with each of the matches, as :func:`rating_update` of each
    would; return how many of them changed the ratings."""
    ids = sorted(set(match_ids))
    games: dict[str, list[int]] = defaultdict(list)
    for match_id, game in Match.objects.filter(pk__in=ids).values_list("pk", "round__event__game"):
        games[game].append(match_id)
    changed = 0
    one_by_one = set(ids) - {m for found in games.values() for m in found}  # gone: rated back
    for game, found in sorted(games.items()):
        with transaction.atomic():
            game_lock(game)
            appended, rest = _append_many(game, found)
        changed += appended
        one_by_one |= rest
    for match_id in sorted(one_by_one):
        changed += rating_update(match_id=match_id)
    return changed


def _append_many(game: str, match_ids: list[int]) -> tuple[int, set[int]]:
    """Under the game's lock: rate the matches that are one more step each (module docstring),
    in the ledger's order; return how many, and the ids left for :func:`rating_update`."""
    rest = set(match_ids)
    rows = list(Match.objects.filter(ratable_matches(), pk__in=match_ids).values_list(*OUTCOME_COLUMNS))
    rated_already = set(RatedMatch.objects.filter(match_id__in=match_ids).values_list("match_id", flat=True))
    # Neither rating nor rated: rating_update would find nothing to do.
    rest -= set(match_ids) - {row[0] for row in rows} - rated_already
    rows = [row for row in rows if row[0] not in rated_already]
    if not rows:
        return 0, rest
    players = {p for row in rows for p in (row[1], row[2])}
    # Every match that may rate between any two of these players: a pair with another one goes
    # one by one (which of them rates in the period is the pair rule's: rating_rules).
    met: dict[frozenset[int], set[int]] = defaultdict(set)
    others = list(
        Match.objects.filter(ratable_matches(), round__event__game=game)
        .filter(player_a__player_id__in=players, player_b__player_id__in=players)
        .values_list("pk", "player_a__player_id", "player_b__player_id", "round__event_id")
    )
    rating = events_that_rate({event for *_rest, event in others} | {row[6] for row in rows})
    for pk, a, b, event in others:
        if event in rating:
            met[frozenset((a, b))].add(pk)
    last = (
        RatedMatch.objects.filter(game=game)
        .order_by("-at", "-match_id")
        .values_list("at", "match_id")
        .first()
    )
    steps: list[tuple[int, Outcome]] = []
    for pk, a, b, wins_a, wins_b, at, event in rows:
        if event not in rating:
            rest.discard(pk)  # rates nowhere, and was never rated: nothing to do
            continue
        if met[frozenset((a, b))] != {pk} or (last is not None and (at, pk) <= last):
            continue
        steps.append(
            (pk, Outcome(game=game, player_a=a, player_b=b, score_a=score_of(wins_a, wins_b), at=at))
        )
    if not steps:
        return 0, rest
    steps.sort(key=lambda step: (step[1].at, step[0]))
    state = ratings_now(game, {p for _pk, o in steps for p in (o.player_a, o.player_b)})
    ledger = [ledger_step(pk, outcome, state) for pk, outcome in steps]
    rest -= {pk for pk, _outcome in steps}
    RatedMatch.objects.bulk_create(ledger)
    ratings_store(game, {p: state[p] for _pk, o in steps for p in (o.player_a, o.player_b)})
    return len(steps), rest
