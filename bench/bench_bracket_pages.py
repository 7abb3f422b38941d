"""Benchmark of a large bracket's pages: ``.venv/bin/python bench/bench_bracket_pages.py [--players N]``.

A bracket of 1,024 players stays quick to read on the site. The bench

- sets up its OWN database (``respons_bench_brackets`` on DATABASE_URL's PostgreSQL server,
  dropped, created and migrated at start, dropped at the end unless ``--keep``);
- builds two paper events of ``--players`` players (default 1,024), a single and a double
  elimination, seeded at random, and plays each through the organizer's services (the start,
  then **Next round** after every ready match has a result drawn from a seeded generator)
  until ``--played`` of its bracket rounds are paired (default: half of them, the bracket at
  its fullest: played rounds, ready matches and rounds still to come);
- times, in-process through the whole Django stack, the bracket page, its API twin and the
  standings of each, read by a signed-in player and by an anonymous visitor, ``--repeat``
  times each after a first call (cold caches, shown apart);
- and the organizer's dashboard of a single elimination of ``--seed-players`` players (default
  8,192; 0: none) seeded in the organizer's order, before its start: its seed order form,
  shown a page at a time;
- prints the median and worst server time and the SQL queries of each, against the target:
  each under 300 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
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

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/respons_bench_brackets"
BATCH = 5000


def bracket_build(structure: str, players: int, played: float, seed: int) -> tuple[int, int]:
    """Create and play a bracket event; return (its id, the rounds paired)."""
    from django.contrib.auth import get_user_model

    from engine.decklist import decklist_to_json, load_decklist
    from engine.registry import bundled_decklists
    from tournaments.models import Event, Match, Registration
    from tournaments.services import events as svc

    rng = random.Random(seed)
    User = get_user_model()
    organizer = User.objects.get(username="bench-organizer")
    users = list(User.objects.filter(username__startswith="p").order_by("username")[:players])
    deck = decklist_to_json(load_decklist(next(iter(bundled_decklists("respons")))))
    event = Event.objects.create(
        name=f"Bracket bench ({structure})",
        game="respons",
        organizer=organizer,
        status=Event.Status.REGISTRATION,
        structure=structure,
        seed=seed,
    )
    Registration.objects.bulk_create(
        (Registration(event=event, player=user, deck=deck) for user in users), batch_size=BATCH
    )
    svc.event_start(event=event, by=organizer)
    # Rounds in all: one per halving of the field; a double elimination's losers' bracket has
    # about two more for each, and the grand final.
    halvings = (players - 1).bit_length()
    total = 3 * halvings - 1 if structure == "double_elimination" else halvings
    while event.round_set.count() < total * played:
        pending = list(Match.objects.filter(round__event=event).exclude(status=Match.Status.FINAL))
        for match in pending:
            match.wins_a, match.wins_b = (2, 1) if rng.random() < 0.5 else (1, 2)
            match.status = Match.Status.FINAL
        Match.objects.bulk_update(pending, ["wins_a", "wins_b", "status"], batch_size=BATCH)
        if svc.round_next(event=event, by=organizer) is None:
            break
    return event.pk, event.round_set.count()


def seed_event_build(players: int) -> int:
    """Create a single elimination seeded in the organizer's order, open, with ``players``
    entered (its seed order form on the dashboard); return its id."""
    from django.contrib.auth import get_user_model

    from engine.decklist import decklist_to_json, load_decklist
    from engine.registry import bundled_decklists
    from tournaments.models import Event, Registration

    User = get_user_model()
    organizer = User.objects.get(username="bench-organizer")
    users = list(User.objects.filter(username__startswith="p").order_by("username")[:players])
    deck = decklist_to_json(load_decklist(next(iter(bundled_decklists("respons")))))
    event = Event.objects.create(
        name="Seed order bench",
        game="respons",
        organizer=organizer,
        status=Event.Status.REGISTRATION,
        structure=Event.Structure.SINGLE_ELIMINATION,
        seeding=Event.Seeding.ORGANIZER,
        seed=1,
    )
    Registration.objects.bulk_create(
        (Registration(event=event, player=user, deck=deck) for user in users), batch_size=BATCH
    )
    return event.pk


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1024)
    parser.add_argument("--played", type=float, default=0.5, help="share of the bracket's rounds paired")
    parser.add_argument("--seed-players", type=int, default=8192, help="the seed order dashboard's players")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--seed", type=int, default=24)
    parser.add_argument("--database", default="respons_bench_brackets")
    parser.add_argument("--keep", action="store_true", help="keep the database at the end")
    args = parser.parse_args()
    args.repeat = max(1, args.repeat)

    db_url = database_url("bench_bracket_pages", args.database, DEFAULT_DB)
    if db_url is None:
        return 0
    os.environ["EMBEDDED_BEAT"] = "false"  # paper events: no sweep thread beside the timings
    database_recreate(db_url)
    rows: list[tuple[Any, ...]] = []
    try:
        django_start()
        from django.contrib.auth import get_user_model
        from django.contrib.auth.hashers import make_password
        from django.core.management import call_command
        from django.db import connection, connections
        from django.test import Client

        from tournaments.services.demo import bundled_card_sets_import

        began = time.monotonic()
        print(f"building two brackets of {args.players} players ...", flush=True)
        call_command("migrate", verbosity=0)
        list(bundled_card_sets_import())
        User = get_user_model()
        User.objects.create_user(username="bench-organizer", password=None)
        unusable = make_password(None)
        User.objects.bulk_create(
            (
                User(username=f"p{i:05d}", password=unusable)
                for i in range(1, max(args.players, args.seed_players) + 1)
            ),
            batch_size=BATCH,
        )
        built = {
            structure: bracket_build(structure, args.players, args.played, args.seed)
            for structure in ("single_elimination", "double_elimination")
        }
        seeded = seed_event_build(args.seed_players) if args.seed_players else None
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
        print(f"built in {time.monotonic() - began:.1f} s", flush=True)

        player = User.objects.get(username=f"p{args.players // 2:05d}")
        readers = {
            "player": Client(HTTP_ACCEPT_LANGUAGE="ru"),
            "anonymous": Client(HTTP_ACCEPT_LANGUAGE="en"),
        }
        readers["player"].force_login(player)
        for structure, (event_id, paired) in built.items():
            for label, path in (
                ("bracket page", f"/events/{event_id}/bracket/"),
                ("bracket API", f"/api/events/{event_id}/bracket/"),
                ("standings page", f"/events/{event_id}/standings/"),
            ):
                for who, client in readers.items():
                    figures = timed(page_call(client, path), args.repeat)
                    rows.append((f"{structure.split('_')[0]} ({paired} rounds) {label}", who, *figures))
        if seeded is not None:
            organizer = Client(HTTP_ACCEPT_LANGUAGE="en")
            organizer.force_login(User.objects.get(username="bench-organizer"))
            figures = timed(page_call(organizer, f"/events/{seeded}/manage/"), args.repeat)
            rows.append((f"single ({args.seed_players}) seed order dashboard", "organizer", *figures))
        connections.close_all()
    finally:
        if not args.keep:
            database_drop(db_url)
    print(
        f"\n{'page':<36} {'reader':<10} {'first ms':>9} {'median ms':>10} {'worst ms':>9} {'SQL':>5}  status"
    )
    over = 0
    for label, who, first, median, worst, queries, status in rows:
        flag = over_flag(median, status)
        over += bool(flag)
        print(f"{label:<36} {who:<10} {first:9.1f} {median:10.1f} {worst:9.1f} {queries:5d}  {status}{flag}")
    print(f"\ntarget: every page's median under {TARGET_MS:.0f} ms — {'met' if not over else f'{over} over'}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
