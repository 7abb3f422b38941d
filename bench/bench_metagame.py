"""Benchmark of the metagame: ``.venv/bin/python bench/bench_metagame.py [--players N]``.

The metagame page of an 8,192-player event answers under 300 ms.
The bench

- sets up its OWN database (``respons_bench_metagame`` on DATABASE_URL's PostgreSQL server,
  dropped, created and migrated at start, dropped at the end unless ``--keep``);
- builds a finished paper-and-online event of ``--players`` players (default 8,192), each
  with one of the bundled RESPONSE decklists, ``--rounds`` Swiss rounds (default 9) of final
  results paired by score, its decklists published, and ``--games`` adjudicated online games
  (default 4,096) whose logs play cards (a tenth with the starter left to the seed, so the
  task asks the engine who started);
- times the task's computation (``tournaments.metagame_build``'s service) once, then the
  event's metagame page, its API and a CSV download with the cache warm, in-process through
  the whole Django stack (``--repeat`` times each, the first call apart);
- prints the compute time and each read's median and worst server time and SQL queries
  against the target: each read under 300 ms.

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

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/respons_bench_metagame"
BATCH = 5000


# --- the event -----------------------------------------------------------------------------


def event_build(players: int, rounds: int, games: int, seed: int) -> int:
    """Create the finished, published event with its online games; return its id."""
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import make_password
    from django.core.management import call_command
    from django.db import connection
    from django.utils import timezone

    from engine.decklist import decklist_to_json, load_decklist
    from engine.registry import bundled_decklists
    from tournaments.models import Event, Game, Match, Registration, Round
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
    decks = [decklist_to_json(load_decklist(path)) for path in bundled_decklists("respons")]
    now = timezone.now()
    event = Event.objects.create(
        name="Metagame bench",
        game="respons",
        organizer=organizer,
        status=Event.Status.FINISHED,
        online=True,
        rounds=rounds,
        swiss_rounds=rounds,
        seed=seed,
        starts_at=now - timedelta(hours=rounds),
        decklists_public=True,
    )
    Registration.objects.bulk_create(
        (Registration(event=event, player=user, deck=rng.choice(decks)) for user in users), batch_size=BATCH
    )
    regs = dict(Registration.objects.filter(event=event).values_list("id", "deck"))
    ids = sorted(regs)
    points = dict.fromkeys(ids, 0)
    for number in range(1, rounds + 1):
        started = now - timedelta(hours=rounds - number + 1)
        round_ = Round.objects.create(
            event=event, number=number, seed=rng.getrandbits(48), started_at=started,
            ends_at=started + timedelta(minutes=50),
        )  # fmt: skip
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
                    round=round_, table=table, player_a_id=a, player_b_id=b, status=Match.Status.FINAL,
                    wins_a=wins_a, wins_b=wins_b, draws=draws,
                )
            )  # fmt: skip
        if len(field) % 2:
            bye = field[-1]
            points[bye] += 3
            matches.append(
                Match(
                    round=round_, table=len(matches) + 1, player_a_id=bye, status=Match.Status.FINAL, wins_a=2
                )
            )
        Match.objects.bulk_create(matches, batch_size=BATCH)
    rows = list(
        Match.objects.filter(round__event=event, player_b__isnull=False)
        .order_by("-round__number", "table")
        .values_list("id", "player_a_id", "player_b_id", "wins_a", "wins_b")[:games]
    )
    game_rows = []
    for match_id, a, b, wins_a, wins_b in rows:
        seat_decks = [regs[a], regs[b]]
        actions = []
        for turn in range(rng.randint(4, 12)):
            seat = turn % 2
            card = rng.choice(sorted(seat_decks[seat]["main"]))
            actions.append({"seat": seat, "type": "play", "card": card, "cell": {"line": 1, "row": 1}})
            actions.append({"seat": 1 - seat, "type": "pass"})
        winner = 0 if wins_a > wins_b else 1 if wins_b > wins_a else None
        game_rows.append(
            Game(
                match_id=match_id, number=1, status=Game.Status.FINISHED, seed=rng.getrandbits(48),
                first_initiative=None if rng.random() < 0.1 else rng.randrange(2), card_sets=["CORE"],
                decks=seat_decks, actions=actions, winner=winner, clock_used=[0.0, 0.0], finished_at=now,
                reason="orders_exhausted" if winner is not None else "draw",
            )
        )  # fmt: skip
    Game.objects.bulk_create(game_rows, batch_size=1000)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE")
    return event.pk


# --- the timing ----------------------------------------------------------------------------


def time_reads(event_id: int, repeat: int) -> list[tuple[str, float, float, float, int, int]]:
    """Return (read, first ms, median ms, worst ms, SQL queries, status) of every read."""
    from django.test import Client

    reads = [
        ("metagame page (en)", f"/events/{event_id}/metagame/", "en"),
        ("metagame page (ru)", f"/events/{event_id}/metagame/", "ru"),
        ("metagame API", f"/api/events/{event_id}/metagame/", "en"),
        ("metagame CSV (cards)", f"/api/events/{event_id}/metagame/csv/?table=cards", "en"),
        ("game metagame API", "/api/metagame/?game=respons", "en"),
        ("game metagame page", "/metagame/?game=respons", "en"),
    ]
    rows = []
    for label, path, language in reads:
        client = Client(HTTP_ACCEPT_LANGUAGE=language)
        rows.append((label, *timed(page_call(client, path), repeat)))
    return rows


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=8192)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--games", type=int, default=4096, help="adjudicated online games")
    parser.add_argument(
        "--repeat", type=int, default=5, help="timed calls of each read after the first (≥ 1)"
    )
    parser.add_argument("--seed", type=int, default=23)
    parser.add_argument("--database", default="respons_bench_metagame")
    parser.add_argument("--keep", action="store_true", help="keep the database at the end")
    args = parser.parse_args()
    args.repeat = max(1, args.repeat)

    db_url = database_url("bench_metagame", args.database, DEFAULT_DB)
    if db_url is None:
        return 0
    database_recreate(db_url)
    try:
        django_start()
        began = time.monotonic()
        print(
            f"building {args.players} players, {args.rounds} rounds, {args.games} online games "
            f"in {args.database} ...",
            flush=True,
        )
        event_id = event_build(args.players, args.rounds, args.games, args.seed)
        print(f"built in {time.monotonic() - began:.1f} s", flush=True)
        from tournaments.models import MetagameReport
        from tournaments.services.metagame import metagame_build

        began = time.perf_counter()
        players = metagame_build(key=f"event:{event_id}")
        compute = time.perf_counter() - began
        began = time.perf_counter()
        metagame_build(key="game:respons::")
        compute_period = time.perf_counter() - began
        size = len(str(MetagameReport.objects.get(key=f"event:{event_id}").data))
        rows = time_reads(event_id, args.repeat)
        from django.db import connections

        connections.close_all()
    finally:
        if not args.keep:
            database_drop(db_url)
    print(f"\ntask: the event's metagame ({players} players) computed in {compute:.1f} s, "
          f"the game's period in {compute_period:.1f} s; cached numbers {size / 1024:.0f} KiB")  # fmt: skip
    print(f"\n{'read (cache warm)':<26} {'first ms':>9} {'median ms':>10} {'worst ms':>9} {'SQL':>5}  status")
    over = 0
    for label, first, median, worst, queries, status in rows:
        flag = over_flag(median, status)
        over += bool(flag)
        print(f"{label:<26} {first:9.1f} {median:10.1f} {worst:9.1f} {queries:5d}  {status}{flag}")
    print(f"\ntarget: every read's median under {TARGET_MS:.0f} ms — {'met' if not over else f'{over} over'}")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
