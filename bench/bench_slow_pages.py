"""Benchmark of the pages an organizer and a player open on event day:
``.venv/bin/python bench/bench_slow_pages.py [--players N] [--profile PAGE]``.

It reuses ``bench_event_pages.py``'s set-up (its own database on DATABASE_URL's PostgreSQL
server, an 8,192-player paper event with 9 played Swiss rounds) and adds an online event of
as many players in registration. It times, through the whole Django stack (in-process, no
network), each page ``--repeat`` times after a first call (cold caches, shown apart):

- the new-event form (organizer), the card list, the paper event's page (a player) and its
  dashboard (the organizer); the dashboard of the started online event (its round 1 of 4,096
  tables still being played) and the names its correction forms read when opened;
- the start of an online event (the organizer's POST: round 1 paired and its matches written),
  a fresh event of as many players for each call, timed as a deployment with a broker runs it:
  the tasks that set its games up are queued (to an in-memory broker nobody reads), not run;
- the background set-up of that round's games (the workers' task, ``games_set_up``), run here
  on the first chunks of one started round and given per game and for the whole round;
- the play page of one of the started event's matches (a seated player).

It prints the median and worst time, the web process's CPU time (median, ``time.process_time``)
and the SQL queries of each against the target (300 ms).
``--profile PAGE`` (a label's first word: new, cards, event, dashboard, start, play) prints
the cProfile of one more call of that page, sorted by cumulative time.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_event_pages import DEFAULT_DB, event_build  # noqa: E402  (the bench's own folder, on the path above)
from support import (  # noqa: E402
    TARGET_MS,
    database_drop,
    database_recreate,
    database_url,
    django_start,
    over_flag,
    page_call,
    timed,
)

BATCH = 5000

Row = tuple[float, float, float, float, int, int]  # first, median, worst, CPU median ms; SQL; status


def online_event_build(players: int, organizer: Any) -> int:
    """Create an online RESPONSE event in registration with ``players`` registered (the users
    of the paper event); return its id."""
    from engine.decklist import decklist_to_json, load_decklist
    from engine.registry import bundled_decklists
    from tournaments.models import Event, Registration

    decks = [decklist_to_json(load_decklist(path)) for path in bundled_decklists("respons")]
    event = Event.objects.create(
        name="Online start bench",
        game="respons",
        organizer=organizer,
        status=Event.Status.REGISTRATION,
        online=True,
        seed=7,
    )
    users = list(type(organizer).objects.filter(username__startswith="p").order_by("username")[:players])
    Registration.objects.bulk_create(
        (Registration(event=event, player=user, deck=decks[i % len(decks)]) for i, user in enumerate(users)),
        batch_size=BATCH,
    )
    return event.pk


class CpuTimed:
    """A call that also records the process's CPU time of each run (ms)."""

    def __init__(self, call: Callable[[], int]) -> None:
        self.call, self.cpu = call, list[float]()

    def __call__(self) -> int:
        began = time.process_time()
        try:
            return self.call()
        finally:
            self.cpu.append((time.process_time() - began) * 1000)

    def median(self) -> float:
        return statistics.median(self.cpu[1:] or self.cpu)


def timed_cpu(call: Callable[[], int], repeat: int, *, before: Callable[[], Any] | None = None) -> Row:
    counted = CpuTimed(call)
    first, median, worst, queries, status = timed(counted, repeat, before=before)
    return first, median, worst, counted.median(), queries, status


@contextmanager
def tasks_queued() -> Iterator[None]:
    """Queue tasks as a deployment with a broker does (to Celery's in-memory transport, which
    nothing reads) instead of running them in the request, as the bench's broker-less mode would."""
    from respons_site.celery import app

    saved = app.conf.task_always_eager, app.conf.broker_url
    app.conf.task_always_eager, app.conf.broker_url = False, "memory://"
    try:
        yield
    finally:
        app.conf.task_always_eager, app.conf.broker_url = saved


def start_timed(client: Any, players: int, organizer: Any, repeat: int) -> tuple[Row, int]:
    """Time the organizer's start of ``repeat + 1`` fresh online events of ``players`` players
    (each built before its clock starts; a start cannot be undone and timed again); return the
    figures and the last event's id (its games not set up)."""
    built: list[int] = []

    def build() -> None:
        built.append(online_event_build(players, organizer))

    def start() -> int:
        return int(client.post(f"/events/{built[-1]}/manage/start/").status_code)

    with tasks_queued():
        row = timed_cpu(start, repeat, before=build)
    return row, built[-1]


def setup_timed(event_id: int, chunks: int) -> tuple[int, int, float, float]:
    """Set up the games of the first ``chunks`` task chunks of the event's round 1 as a worker
    does; return (games set up, games of the round, wall ms, CPU ms)."""
    from tournaments.models import Match
    from tournaments.services.online import games_set_up
    from tournaments.services.online.setup import SETUP_CHUNK

    ids = list(
        Match.objects.filter(round__event_id=event_id, player_b__isnull=False, games__isnull=True)
        .order_by("table")
        .values_list("id", flat=True)
    )
    total = Match.objects.filter(round__event_id=event_id, player_b__isnull=False).count()
    began, cpu = time.perf_counter(), time.process_time()
    starts = range(0, chunks * SETUP_CHUNK, SETUP_CHUNK)
    done = sum(games_set_up(match_ids=ids[i : i + SETUP_CHUNK]) for i in starts)
    return done, total, (time.perf_counter() - began) * 1000, (time.process_time() - cpu) * 1000


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8192)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=16)
    parser.add_argument("--database", default="respons_bench_slow_pages")
    parser.add_argument("--keep", action="store_true", help="keep the database at the end")
    parser.add_argument("--reuse", action="store_true", help="use the kept database as it is")
    parser.add_argument("--profile", default="", help="print the cProfile of one page")
    parser.add_argument("--only", default="", help="time only the pages whose label starts so")
    parser.add_argument("--setup-chunks", type=int, default=4, help="task chunks of games set up, timed")
    args = parser.parse_args()
    args.repeat = max(1, args.repeat)

    db_url = database_url("bench_slow_pages", args.database, DEFAULT_DB)
    if db_url is None:
        return 0
    os.environ.pop("CELERY_BROKER_URL", None)  # tasks a start queues run in the request, rolled back
    if not args.reuse:
        database_recreate(db_url)
    try:
        django_start()
        from django.contrib.auth import get_user_model
        from django.test import Client

        from tournaments.models import Event, Match

        if not args.reuse:
            began = time.monotonic()
            print(f"building {args.players} players and {args.rounds} rounds ...", flush=True)
            event_build(args.players, args.rounds, args.seed)
            organizer = get_user_model().objects.get(username="bench-organizer")
            online_event_build(args.players, organizer)
            print(f"built in {time.monotonic() - began:.1f} s", flush=True)
        organizer = get_user_model().objects.get(username="bench-organizer")
        paper = Event.objects.get(name="Big event bench")
        # The first one built (the timed starts of a kept database add more of that name).
        online = Event.objects.filter(name="Online start bench").order_by("id").first()
        assert online is not None
        player = paper.registrations.order_by("id")[len(range(args.players)) // 2].player

        as_organizer = Client(HTTP_ACCEPT_LANGUAGE="en")
        as_organizer.force_login(organizer)
        as_player = Client(HTTP_ACCEPT_LANGUAGE="en")
        as_player.force_login(player)

        # The play page needs a started round: start the online event once, for good (its
        # games' set-up queued, then its first chunks set up here as a worker would).
        setup = None
        if online.status == Event.Status.REGISTRATION:
            with tasks_queued():
                as_organizer.post(f"/events/{online.pk}/manage/start/")
            setup = setup_timed(online.pk, args.setup_chunks)
        match = (
            Match.objects.filter(round__event=online, player_b__isnull=False, games__isnull=False)
            .order_by("table")
            .first()
        )
        assert match is not None
        seated = Client(HTTP_ACCEPT_LANGUAGE="en")
        seated.force_login(match.player_a.player)
        calls = {
            "new event form": page_call(as_organizer, "/events/new/"),
            "cards list": page_call(as_player, "/cards/"),
            "event page": page_call(as_player, f"/events/{paper.pk}/"),
            "dashboard": page_call(as_organizer, f"/events/{paper.pk}/manage/"),
            "dashboard, live": page_call(as_organizer, f"/events/{online.pk}/manage/"),
            "names to move": page_call(as_organizer, f"/events/{online.pk}/manage/names/movable/"),
            "play page": page_call(seated, f"/matches/{match.pk}/play/"),
        }
        wanted = [label for label in calls if not args.only or label.startswith(args.only)]
        rows = [(label, *timed_cpu(calls[label], args.repeat)) for label in wanted]
        if not args.only or "start".startswith(args.only):
            row, last_started = start_timed(as_organizer, args.players, organizer, args.repeat)
            rows.append(("start (online)", *row))
            # The workers' share, timed on the last start's round (its games all still to set up).
            setup = setup_timed(last_started, args.setup_chunks)
        if args.profile == "start":
            event_id = online_event_build(args.players, organizer)
            profiler = cProfile.Profile()
            with tasks_queued():
                profiler.runcall(lambda: as_organizer.post(f"/events/{event_id}/manage/start/"))
            print("\n--- profile: start (online)")
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(40)
        elif args.profile:
            label = next(label for label in calls if label.startswith(args.profile))
            profiler = cProfile.Profile()
            profiler.runcall(calls[label])
            print(f"\n--- profile: {label}")
            pstats.Stats(profiler).sort_stats("cumulative").print_stats(35)
        from django.db import connections

        connections.close_all()
    finally:
        if not args.keep and not args.reuse:
            database_drop(db_url)
    head = f"{'first ms':>9} {'median ms':>10} {'worst ms':>9} {'CPU ms':>7} {'SQL':>5}"
    print(f"\n{'page':<18} {head}  status")
    over = 0
    for label, first, median, worst, cpu, queries, status in rows:
        flag = over_flag(median, status, ok=(200, 302))
        over += bool(flag)
        print(f"{label:<18} {first:9.1f} {median:10.1f} {worst:9.1f} {cpu:7.1f} {queries:5d}  {status}{flag}")
    if setup is not None:
        done, total, wall, cpu = setup
        if done:
            print(
                f"\ngames set up in the background (a worker's task, {done} of the round's {total}): "
                f"{wall / done:.1f} ms a game ({cpu / done:.1f} ms CPU), the whole round "
                f"{wall / done * total / 1000:.0f} s for one worker"
            )
    print(f"\ntarget: every page's median under {TARGET_MS:.0f} ms — {'met' if not over else f'{over} over'}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
