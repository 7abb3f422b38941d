"""Benchmark of ratings and profiles: ``.venv/bin/python bench/bench_profiles.py [--players N]``.

A player's profile and a leaderboard of 100,000 rated players each
answer under 300 ms, and recomputing every rating from 1,000,000 final matches takes under 5
minutes. The bench

- sets up its OWN database (``respons_bench_profiles`` on DATABASE_URL's PostgreSQL server,
  dropped, created and migrated at start, dropped at the end unless ``--keep``);
- builds ``--players`` players (default 100,000) who each enter two of ``--events`` finished
  events (default 200, so 1,000 players each) of ``--rounds`` rounds (default 10): 1,000,000
  final matches by default, bulk-inserted, results from a seeded generator (a few draws);
- rates them all with ``ratings_recompute`` (what ``manage.py ratings_recompute`` runs), timed;
- times one match becoming final (the rating task's append) and one correction of a result
  rated early in the last event (the ledger replayed from it);
- times, in-process through the whole Django stack, a player's profile (API and page, with a
  head-to-head), the leaderboard (API page 1, a deep page, a period; the page), and a series of
  ``--series-events`` of the events (API and page): ``--repeat`` times each after a first call
  (cold caches: the events' standings are computed on it), median and worst against 300 ms.

Environment: DATABASE_URL (the server; the bench uses ``--database`` on it) and
CELERY_BROKER_URL (the cache's Redis; only this bench's keys are touched).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from support import (  # noqa: E402  (bench/, the script's own folder)
    TARGET_MS,
    database_drop,
    database_recreate,
    database_url,
    django_start,
    over_flag,
    page_call,
    timed,
)

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/respons_bench_profiles"
RECOMPUTE_TARGET_S = 300.0
BATCH = 10_000


def build(players: int, events: int, rounds: int, seed: int) -> dict[str, Any]:
    """Create the users, the finished events and their matches; return what the timing needs."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    from tournaments.models import Event, Match, Registration, Round

    call_command("migrate", verbosity=0)
    rng = random.Random(seed)
    User = get_user_model()
    organizer = User.objects.create_user(username="bench-organizer", password=None)
    unusable = make_password(None)
    User.objects.bulk_create(
        (User(username=f"p{i:06d}", password=unusable) for i in range(1, players + 1)), batch_size=BATCH
    )
    user_ids = list(User.objects.filter(username__startswith="p").order_by("pk").values_list("pk", flat=True))
    # Every player enters two events: two shuffles of the field, each cut into events / 2 events.
    per_event = players * 2 // events
    fields: list[list[int]] = []
    for _ in range(2):
        order = user_ids[:]
        rng.shuffle(order)
        fields += [order[i : i + per_event] for i in range(0, len(order), per_event)][: events // 2]
    now = timezone.now()
    match_count = 0
    for number, field in enumerate(fields, start=1):
        start = now - timedelta(days=2 * (len(fields) - number) + 1)
        event = Event.objects.create(
            name=f"Bench event {number}",
            game="respons",
            organizer=organizer,
            status=Event.Status.FINISHED,
            rounds=rounds,
            swiss_rounds=rounds,
            seed=seed + number,
            starts_at=start,
        )
        Registration.objects.bulk_create(
            (Registration(event=event, player_id=user) for user in field), batch_size=BATCH
        )
        regs = list(Registration.objects.filter(event=event).order_by("pk").values_list("pk", flat=True))
        points = dict.fromkeys(regs, 0)
        matches = []
        for r in range(1, rounds + 1):
            began = start + timedelta(hours=r)
            round_ = Round.objects.create(
                event=event, number=r, seed=r, started_at=began, ends_at=began + timedelta(minutes=50)
            )
            order = sorted(regs, key=lambda x: (-points[x], rng.random()))
            for table, at in enumerate(range(0, len(order) - 1, 2), start=1):
                a, b = order[at], order[at + 1]
                roll = rng.random()
                wins_a, wins_b, draws = (2, 0, 0) if roll < 0.48 else (0, 2, 0) if roll < 0.96 else (1, 1, 1)
                points[a] += 3 if wins_a > wins_b else 1 if wins_a == wins_b else 0
                points[b] += 3 if wins_b > wins_a else 1 if wins_a == wins_b else 0
                matches.append(
                    Match(
                        round=round_, table=table, player_a_id=a, player_b_id=b, status=Match.Status.FINAL,
                        wins_a=wins_a, wins_b=wins_b, draws=draws,
                    )
                )  # fmt: skip
        Match.objects.bulk_create(matches, batch_size=BATCH)
        match_count += len(matches)
        if number % 20 == 0:
            print(f"  {number} events, {match_count} matches", flush=True)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    reader = User.objects.get(pk=fields[-1][0])
    opponent_reg = (
        Match.objects.filter(player_a__player=reader)
        .values_list("player_b__player__username", flat=True)
        .first()
    )
    return {"reader": reader, "opponent": opponent_reg, "matches": match_count, "event_ids": []}


def reused() -> dict[str, Any]:
    """What ``build`` returned, from the database a ``--keep`` run left."""
    from django.contrib.auth import get_user_model

    from tournaments.models import Event, Match, Registration

    last = Event.objects.order_by("-pk").first()
    first = Registration.objects.filter(event=last).order_by("pk").first()
    assert first is not None, "nothing to reuse: run with --keep first"
    reader = get_user_model().objects.get(pk=first.player_id)
    opponent = (
        Match.objects.filter(player_a__player=reader)
        .values_list("player_b__player__username", flat=True)
        .first()
    )
    return {"reader": reader, "opponent": opponent, "matches": Match.objects.count(), "event_ids": []}


def time_recompute() -> tuple[int, float]:
    from tournaments.services.rating_recompute import ratings_recompute

    began = time.monotonic()
    count = ratings_recompute(game="respons")
    return count, time.monotonic() - began


def time_updates() -> list[tuple[str, float]]:
    """One match becoming final after all others, and a correction of one rated early in the last event."""
    from django.utils import timezone

    from tournaments.models import Match, RatedMatch
    from tournaments.services.ratings import rating_update

    rows = []
    last = Match.objects.order_by("-pk").first()
    assert last is not None
    Match.objects.filter(pk=last.pk).update(status=Match.Status.REPORTED)
    rating_update(match_id=last.pk)
    Match.objects.filter(pk=last.pk).update(status=Match.Status.FINAL, updated_at=timezone.now())
    began = time.perf_counter()
    rating_update(match_id=last.pk)
    rows.append(("a match becomes final (append)", (time.perf_counter() - began) * 1000))
    total = RatedMatch.objects.count()
    early = RatedMatch.objects.order_by("at", "match_id").values_list("match_id", flat=True)[total - 3000]
    match = Match.objects.get(pk=early)
    Match.objects.filter(pk=early).update(wins_a=match.wins_b, wins_b=match.wins_a)
    began = time.perf_counter()
    rating_update(match_id=early)
    rows.append(("a correction 3,000 matches back (replay)", (time.perf_counter() - began) * 1000))
    return rows


def series_build(events: int) -> int:
    from tournaments.models import Event, Series

    Series.objects.filter(name="Bench league").delete()
    organizer = Event.objects.first().organizer  # type: ignore[union-attr]
    series = Series.objects.create(
        name="Bench league", game="respons", organizer=organizer, points=[25, 18, 15, 12, 10, 8, 6, 4, 2, 1],
        participation_points=1,
    )  # fmt: skip
    series.events.set(Event.objects.order_by("-pk")[:events])
    return series.pk


def time_pages(
    built: dict[str, Any], series_id: int, repeat: int
) -> list[tuple[str, float, float, float, int, int]]:
    from django.test import Client

    name, opponent = built["reader"].username, built["opponent"]
    pages = [
        ("profile API", f"/api/players/{name}/"),
        ("profile API, head-to-head", f"/api/players/{name}/?vs={opponent}"),
        ("profile page", f"/players/{name}/"),
        ("leaderboard API, page 1", "/api/ratings/?game=respons"),
        ("leaderboard API, page 1000", "/api/ratings/?game=respons&page=1000&page_size=100"),
        ("leaderboard API, last month", "/api/ratings/?game=respons&period=month"),
        ("leaderboard page", "/ratings/?game=respons"),
        ("series standings API", f"/api/series/{series_id}/standings/"),
        ("series page", f"/series/{series_id}/"),
    ]
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    return [(label, *timed(page_call(client, path), repeat)) for label, path in pages]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--events", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--series-events", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--database", default="respons_bench_profiles")
    parser.add_argument("--keep", action="store_true", help="keep the database at the end")
    parser.add_argument(
        "--reuse", action="store_true", help="time the database a --keep run left (no build, no recompute)"
    )
    parser.add_argument(
        "--pages-only", action="store_true", help="with --reuse: leave the ratings as they are"
    )
    args = parser.parse_args()
    args.repeat = max(1, args.repeat)

    db_url = database_url("bench_profiles", args.database, DEFAULT_DB)
    if db_url is None:
        return 0
    if not args.reuse:
        database_recreate(db_url)
    try:
        django_start()
        began = time.monotonic()
        seconds = 0.0
        if args.reuse:
            built = reused()
        else:
            print(
                f"building {args.players} players in {args.events} events of {args.rounds} rounds ...",
                flush=True,
            )
            built = build(args.players, args.events, args.rounds, args.seed)
            print(f"built {built['matches']} final matches in {time.monotonic() - began:.1f} s", flush=True)
            count, seconds = time_recompute()
            print(
                f"recompute: {count} matches rated in {seconds:.1f} s (target {RECOMPUTE_TARGET_S:.0f} s)",
                flush=True,
            )
        updates = [] if args.reuse and args.pages_only else time_updates()
        series_id = series_build(args.series_events)
        rows = time_pages(built, series_id, args.repeat)
        from django.db import connections

        connections.close_all()
    finally:
        if not args.keep:
            database_drop(db_url)
    for label, ms in updates:
        print(f"{label:<44} {ms:9.1f} ms")
    print(f"\n{'page':<30} {'first ms':>9} {'median ms':>10} {'worst ms':>9} {'SQL':>5}  status")
    over = 0 if seconds < RECOMPUTE_TARGET_S else 1
    for label, first, median, worst, queries, status in rows:
        flag = over_flag(median, status)
        over += bool(flag)
        print(f"{label:<30} {first:9.1f} {median:10.1f} {worst:9.1f} {queries:5d}  {status}{flag}")
    print(f"\ntargets: pages under {TARGET_MS:.0f} ms, recompute under {RECOMPUTE_TARGET_S:.0f} s — "
          f"{'met' if not over else f'{over} over'}")  # fmt: skip
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
