"""Benchmark of a big event's pages: ``.venv/bin/python bench/bench_event_pages.py [--players N]``.

An 8,192-player event's pages stay quick. The bench

- sets up its OWN database (``respons_bench_pages`` on DATABASE_URL's PostgreSQL server,
  dropped, created and migrated at start, dropped at the end unless ``--keep``);
- builds a paper event of ``--players`` players (default 8,192) with ``--rounds`` played Swiss
  rounds (default 9), every match final; rows are bulk-created (users, registrations, rounds,
  matches) and rounds are paired by score as a Swiss event would be (adjacent players of
  the sorted field; the results drawn from a seeded generator, a few draws), so the pages
  compute standings and tiebreakers from real rows;
- times each page and its API twin in-process through the whole Django stack (middleware,
  views, templates, serializers; no network): the event page, the standings, the last
  round's pairings, read by a signed-in player (their own table is looked up) and by an
  anonymous visitor; ``--repeat`` times each, the first call (cold caches) apart;
- prints the median and worst server time and the number of SQL queries of each, against
  the target: each under 300 ms.

Environment: DATABASE_URL (the server; the bench uses ``--database`` on it) and
CELERY_BROKER_URL (the request counters' Redis; only this bench's keys are touched).
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

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/respons_bench_pages"
BATCH = 5000


# --- the event -----------------------------------------------------------------------------


def event_build(players: int, rounds: int, seed: int) -> tuple[int, Any]:
    """Create the finished-rounds event; return (event id, a registered player's user)."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    from engine.decklist import decklist_to_json, load_decklist
    from engine.registry import bundled_decklists
    from tournaments.models import Event, Match, Registration, Round
    from tournaments.services.demo import bundled_card_sets_import

    call_command("migrate", verbosity=0)
    list(bundled_card_sets_import())
    rng = random.Random(seed)
    User = get_user_model()
    organizer = User.objects.create_user(username="bench-organizer", password=None)
    unusable = make_password(None)
    User.objects.bulk_create(
        (User(username=f"p{i:05d}", password=unusable) for i in range(1, players + 1)), batch_size=BATCH
    )
    users = list(User.objects.filter(username__startswith="p").order_by("username"))
    deck = decklist_to_json(load_decklist(next(iter(bundled_decklists("respons")))))
    now = timezone.now()
    event = Event.objects.create(
        name="Big event bench",
        game="respons",
        organizer=organizer,
        status=Event.Status.RUNNING,
        rounds=rounds,
        swiss_rounds=rounds,
        seed=seed,
        starts_at=now - timedelta(hours=rounds),
    )
    Registration.objects.bulk_create(
        (Registration(event=event, player=user, deck=deck) for user in users), batch_size=BATCH
    )
    ids = list(Registration.objects.filter(event=event).order_by("id").values_list("id", flat=True))
    points = dict.fromkeys(ids, 0)
    for number in range(1, rounds + 1):
        started = now - timedelta(hours=rounds - number + 1)
        round_ = Round.objects.create(
            event=event,
            number=number,
            seed=rng.getrandbits(48),
            started_at=started,
            ends_at=started + timedelta(minutes=50),
        )
        field = sorted(ids, key=lambda r: (-points[r], rng.random()))
        matches = []
        for table, at in enumerate(range(0, len(field) - 1, 2), start=1):
            a, b = field[at], field[at + 1]
            roll = rng.random()
            wins_a, wins_b, draws = (1, 0, 0) if roll < 0.48 else (0, 1, 0) if roll < 0.96 else (0, 0, 1)
            points[a] += 3 * wins_a + draws
            points[b] += 3 * wins_b + draws
            matches.append(
                Match(
                    round=round_,
                    table=table,
                    player_a_id=a,
                    player_b_id=b,
                    status=Match.Status.FINAL,
                    wins_a=wins_a,
                    wins_b=wins_b,
                    draws=draws,
                )
            )
        if len(field) % 2:  # the last player gets the bye
            bye = field[-1]
            points[bye] += 3
            matches.append(
                Match(
                    round=round_, table=len(matches) + 1, player_a_id=bye, status=Match.Status.FINAL, wins_a=2
                )
            )
        Match.objects.bulk_create(matches, batch_size=BATCH)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return event.pk, users[len(users) // 2]


# --- the timing ----------------------------------------------------------------------------


def time_pages(
    event_id: int, reader: Any, rounds: int, repeat: int
) -> list[tuple[str, str, float, float, float, int, int]]:
    """Return (page, reader, first ms, median ms, worst ms, SQL queries, status) of every page."""
    from django.test import Client

    pages = [
        ("event page", f"/events/{event_id}/"),
        ("standings page", f"/events/{event_id}/standings/"),
        (f"pairings page (round {rounds})", f"/events/{event_id}/rounds/{rounds}/"),
        ("event API", f"/api/events/{event_id}/"),
        ("standings API", f"/api/events/{event_id}/standings/"),
        (f"pairings API (round {rounds})", f"/api/events/{event_id}/rounds/{rounds}/"),
    ]
    signed_in = Client(HTTP_ACCEPT_LANGUAGE="en")
    signed_in.force_login(reader)
    anonymous = Client(HTTP_ACCEPT_LANGUAGE="en")
    rows = []
    for label, path in pages:
        for who, client in (("player", signed_in), ("anonymous", anonymous)):
            rows.append((label, who, *timed(page_call(client, path), repeat)))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8192)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument(
        "--repeat", type=int, default=5, help="timed calls of each page after the first (≥ 1)"
    )
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--database", default="respons_bench_pages")
    parser.add_argument("--keep", action="store_true", help="keep the database at the end")
    args = parser.parse_args()
    args.repeat = max(1, args.repeat)

    db_url = database_url("bench_event_pages", args.database, DEFAULT_DB)
    if db_url is None:
        return 0
    database_recreate(db_url)
    try:
        django_start()
        began = time.monotonic()
        print(f"building {args.players} players and {args.rounds} rounds in {args.database} ...", flush=True)
        event_id, reader = event_build(args.players, args.rounds, args.seed)
        print(f"built in {time.monotonic() - began:.1f} s", flush=True)
        rows = time_pages(event_id, reader, args.rounds, args.repeat)
        from django.db import connections

        connections.close_all()
    finally:
        if not args.keep:
            database_drop(db_url)
    print(
        f"\n{'page':<28} {'reader':<10} {'first ms':>9} {'median ms':>10} {'worst ms':>9} {'SQL':>5}  status"
    )
    over = 0
    for label, who, first, median, worst, queries, status in rows:
        flag = over_flag(median, status)
        over += bool(flag)
        print(f"{label:<28} {who:<10} {first:9.1f} {median:10.1f} {worst:9.1f} {queries:5d}  {status}{flag}")
    print(f"\ntarget: every page's median under {TARGET_MS:.0f} ms — {'met' if not over else f'{over} over'}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
