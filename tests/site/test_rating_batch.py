"""The ratings pass: matches waiting to be rated are rated at once, with the same ledger and
ratings as rating each of them by itself, in a handful of statements for the usual case."""

import random

import pytest
from django.db import transaction

from respons_site.celery import app as celery_app
from tests.site.rating_support import League
from tests.support.workers import require_real_services
from tournaments.models import Match, RatedMatch, Rating, RatingPending
from tournaments.services import jobs, live, rating_batch
from tournaments.services.rating_batch import ratings_pass, ratings_rate, ratings_wake_if_waiting
from tournaments.services.ratings import rating_update
from tournaments.tasks import online_sweep_task

pytestmark = pytest.mark.django_db

NAMES = [f"p{i:02d}" for i in range(24)]


@pytest.fixture(autouse=True)
def small_events_rate(settings):
    settings.RATING_MIN_PLAYERS = 4


def ledger() -> list[tuple]:
    return list(
        RatedMatch.objects.order_by("at", "match_id").values_list(
            "match_id", "at", "player_a_id", "player_b_id", "score_a", "mu_a", "sigma_a", "mu_b_after"
        )
    )


def ratings() -> dict[int, tuple]:
    return {
        r.player_id: (r.mu, r.sigma, r.rating, r.wins, r.losses, r.draws, r.matches, r.last_played_at)
        for r in Rating.objects.all()
    }


def forget() -> None:
    RatedMatch.objects.all().delete()
    Rating.objects.all().delete()


def random_matches(league: League, rng: random.Random, count: int, *, first_minute: int = 0) -> list[Match]:
    """``count`` final matches between random players, some of them pairs that met before, a
    few draws and byes, last changed in a random order of minutes."""
    minutes = list(range(first_minute, first_minute + count))
    rng.shuffle(minutes)
    matches = []
    for minute in minutes:
        a, b = rng.sample(NAMES, 2)
        if rng.random() < 0.05:
            matches.append(league.play(a, None, 2, 0, minute=minute))
            continue
        wins_a, wins_b = rng.choice([(2, 0), (2, 1), (0, 2), (1, 2), (1, 1)])
        matches.append(league.play(a, b, wins_a, wins_b, draws=int(wins_a == wins_b), minute=minute))
    return matches


def test_a_pass_rates_as_each_match_rated_by_itself_in_the_ledgers_order():
    league = League(*NAMES)
    matches = random_matches(league, random.Random(3), 60)
    in_order = sorted(matches, key=lambda m: (Match.objects.get(pk=m.pk).updated_at, m.pk))
    for match in in_order:
        rating_update(match_id=match.pk)
    one_by_one = ledger(), ratings()
    assert len(one_by_one[0]) > 20  # the pair rule leaves some out; most rate
    forget()
    assert ratings_rate([m.pk for m in matches]) == len(one_by_one[0])
    assert (ledger(), ratings()) == one_by_one


def test_a_pass_of_corrections_late_matches_and_new_ones_ends_where_rating_each_would():
    league = League(*NAMES)
    rng = random.Random(5)
    rated = random_matches(league, rng, 40, first_minute=100)
    ratings_rate([m.pk for m in rated])
    # Then: results corrected, a match no longer final, matches that came late (earlier
    # times than the ledger's last) and new ones, all in one pass.
    changed = rng.sample(rated, 6)
    for match in changed[:5]:
        Match.objects.filter(pk=match.pk).update(wins_a=match.wins_b, wins_b=match.wins_a)
    Match.objects.filter(pk=changed[5].pk).update(status=Match.Status.PENDING)
    late = random_matches(league, rng, 5, first_minute=10)
    new = random_matches(league, rng, 20, first_minute=500)
    waiting = [m.pk for m in [*changed, *late, *new]]
    with transaction.atomic():  # each by itself, in any order; then rolled back
        for match_id in sorted(waiting):
            rating_update(match_id=match_id)
        one_by_one = ledger(), ratings()
        transaction.set_rollback(True)
    assert (ledger(), ratings()) != one_by_one
    ratings_rate(waiting)
    assert (ledger(), ratings()) == one_by_one


def test_a_pass_of_new_matches_takes_a_handful_of_statements_whatever_their_number(
    django_assert_max_num_queries,
):
    league = League(*NAMES)
    matches = [
        league.play(a, b, 2, 0, minute=i)
        for i, (a, b) in enumerate(zip(NAMES[::2], NAMES[1::2], strict=True))
    ]
    # Rating each by itself: about twenty statements a match.
    with django_assert_max_num_queries(20):
        assert ratings_rate([m.pk for m in matches]) == len(matches) == 12
    assert RatedMatch.objects.count() == 12


def test_a_match_made_final_waits_in_the_table_until_the_pass_after_the_commit(
    django_capture_on_commit_callbacks,
):
    league = League(*NAMES)
    league.play("p02", "p03", 2, 0)  # four people seated in round 1: the event rates
    match = league.play("p00", "p01", 2, 0)
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        rating_batch.rating_queue(match.pk)
        rating_batch.rating_queue(match.pk)  # twice: waits once
    assert list(RatingPending.objects.values_list("match_id", flat=True)) == [match.pk]
    assert not RatedMatch.objects.exists()
    for callback in callbacks:
        callback()  # the commit: in-process, the pass runs at once
    assert RatedMatch.objects.filter(match_id=match.pk).exists()
    assert not RatingPending.objects.exists()


def test_the_sweep_wakes_a_pass_while_matches_wait():
    league = League(*NAMES)
    league.play("p02", "p03", 2, 0)  # four people seated in round 1: the event rates
    match = league.play("p00", "p01", 0, 2)
    RatingPending.objects.create(match_id=match.pk)  # left by a pass that failed
    assert online_sweep_task() == 0  # the beat's sweep (no online game to look at)
    assert RatedMatch.objects.filter(match_id=match.pk).exists()
    assert not RatingPending.objects.exists()
    assert ratings_wake_if_waiting() is False


def test_a_match_the_pass_cannot_rate_holds_up_none_of_the_others(monkeypatch, caplog):
    league = League(*NAMES)
    bad, *good = [
        league.play(a, b, 2, 1, minute=i)
        for i, (a, b) in enumerate(zip(NAMES[::2], NAMES[1::2], strict=True))
    ]
    for match in [bad, *good]:
        RatingPending.objects.create(match_id=match.pk)
    real = rating_batch._append_many

    def failing(game, match_ids):
        if bad.pk in match_ids:
            raise ValueError("a bug in the rules")
        return real(game, match_ids)

    monkeypatch.setattr(rating_batch, "_append_many", failing)
    assert ratings_pass() == len(good)
    assert set(RatedMatch.objects.values_list("match_id", flat=True)) == {m.pk for m in good}
    assert not RatingPending.objects.exists()  # the one that failed is logged, not tried forever
    assert f"match {bad.pk} could not be rated" in caplog.text


def test_a_pass_takes_at_most_its_size_and_leaves_the_rest_waiting(monkeypatch):
    league = League(*NAMES)
    matches = [
        league.play(a, b, 2, 0, minute=i)
        for i, (a, b) in enumerate(zip(NAMES[::2], NAMES[1::2], strict=True))
    ]
    for match in matches:
        RatingPending.objects.create(match_id=match.pk)
    woken = []
    monkeypatch.setattr(rating_batch, "ratings_wake", lambda: woken.append(1))
    assert ratings_pass(limit=5) == 5
    assert RatingPending.objects.count() == 7 and woken == [1]  # the rest: another pass
    assert set(RatedMatch.objects.values_list("match_id", flat=True)) == {m.pk for m in matches[:5]}


def test_with_a_broker_matches_ending_together_wake_one_pass_a_moment_later(monkeypatch):
    require_real_services()
    celery_app.conf.task_always_eager = False  # reset per test (tests/conftest.py)
    sent = []
    monkeypatch.setattr(
        jobs.task(jobs.RATINGS_PASS), "apply_async", lambda *args, **options: sent.append(options)
    )
    client = live.redis_client()
    client.delete(rating_batch.RATINGS_WOKEN)
    for _ in range(3):
        rating_batch.ratings_wake()
    assert sent == [
        {"countdown": rating_batch.RATINGS_GATHER_S, "priority": jobs.PRIORITY_RATINGS}
    ]  # one pass
    assert 0 < client.pttl(rating_batch.RATINGS_WOKEN) <= rating_batch.RATINGS_WOKEN_MS  # a lost one lapses
    live.flag_clear(rating_batch.RATINGS_WOKEN)  # what the pass does first
    rating_batch.ratings_wake()
    assert len(sent) == 2
    client.delete(rating_batch.RATINGS_WOKEN)
