"""Benchmark of online play: ``bench/bench_online.py [--game KEY] [--matches N] [--minutes M]``.

One online round of ``2 * N`` players (default N = 512 matches, 1,024 players) played
through the HTTP API as people would, adjudicated by real Celery workers:

- sets up its OWN database (``respons_bench``, dropped and migrated at start) with an
  online best-of-1 event of ``--game`` (default: the site's default game), its players
  registered with that game's shipped decklists;
- starts the web tier as README "Production" serves online play — uvicorn
  (``respons_site.asgi``, ``--web-workers`` processes) for the actions (the fast lane,
  ``tournaments/api/lane.py``) and the live streams; ``--serve split``: the set-up before the
  lane, gunicorn (WSGI, threaded) for the actions and one uvicorn for the streams — and
  ``--workers`` Celery workers (solo pool, the first with the embedded beat unless
  ``--no-beat``), all on 127.0.0.1;
- starts round 1 and runs one client per player (asyncio on uvloop when installed, stdlib
  HTTP/1.1): each opens the
  match's live stream (``GET /api/matches/{id}/game/stream/``, Server-Sent Events) and
  keeps it open (reopened when the server ends it); when an answer gives it a decision it
  waits a human pause (``--pause-min`` to ``--pause-max`` s), POSTs one of its legal actions
  with ``next_seq`` on a keep-alive connection of its own, and waits for the answer that
  shows the action applied (the view's seq moves on, or it is listed as refused);
- on a server that runs without autovacuum (this machine's, set up for CI), VACUUMs the hot
  tables every ``--vacuum-every`` s, as autovacuum would in production (``Autovacuum``);
- prints the latency from the POST to the action being visible in the actor's stream
  (p50/p95/p99), the actions offered and applied per second, the POST latencies, the
  queue wait the workers add, how much of the round finished within ``--minutes``, and the
  CPU time each part used (so a run on a shared machine still tells the cost per action).

Per applied action it also prints the server's CPU (web, workers and the PostgreSQL sessions
alive throughout the run), the database's transactions, rows written and read (its
``pg_stat_database`` counters; statements too when ``pg_stat_statements`` is preloaded) and the
bytes sent to the clients. ``--baseline PATH`` (an older checkout with its own ``.venv``) runs
that tree and this one back to back, alternating, ``--runs`` times each with the same
arguments, and prints each figure's mean per tree and the ratio (``bench/online_compare.py``);
``--json PATH`` writes one run's figures.

Target (issue: online play): p95 < 150 ms at 300 actions/s offered. The clients are a
closed loop: a match offers one action per (pause + latency), so the default pauses
(0.8-2.4 s, mean 1.6 s) offer about 512 / 1.7 s = 300 actions/s while the server keeps up.

Environment: DATABASE_URL (any database name: the bench uses ``--database`` on that
server) and CELERY_BROKER_URL (default redis://127.0.0.1:6379/12; that Redis database
is EMPTIED at start and end: give the bench its own). Every process it starts is
stopped at the end, and every loop is bounded by ``--minutes``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

import orjson  # the clients read every answer: the less CPU they take, the less they disturb the server

# The tree whose server is measured: this one, or with --baseline an older checkout (its own
# venv runs this very file with BENCH_ROOT set to it).
ROOT = Path(os.environ.get("BENCH_ROOT") or Path(__file__).resolve().parents[1])
sys.path.insert(0, str(ROOT))

DEFAULT_DB = "postgres://postgres@127.0.0.1:5432/respons_bench"
DEFAULT_BROKER = "redis://127.0.0.1:6379/12"


# --- processes -----------------------------------------------------------------------------


class Processes:
    """The server processes the bench started (each in its own process group), stopped at the end."""

    def __init__(self, env: dict[str, str], logs: Path) -> None:
        self.env = env
        self.logs = logs
        self.started: list[tuple[str, subprocess.Popen[bytes]]] = []

    def start(self, name: str, args: list[str]) -> subprocess.Popen[bytes]:
        log = open(self.logs / f"{name}.log", "wb")
        process = subprocess.Popen(
            args, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        log.close()
        self.started.append((name, process))
        return process

    def check(self) -> None:
        for name, process in self.started:
            if process.poll() is not None:
                tail = (self.logs / f"{name}.log").read_text(errors="replace")[-3000:]
                raise SystemExit(f"{name} exited with {process.returncode}:\n{tail}")

    def stop(self) -> None:
        for _name, process in self.started:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        deadline = time.monotonic() + 30
        for _name, process in self.started:
            try:
                process.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()


def _with_database(url: str, name: str) -> str:
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{name}"))


def database_recreate(url: str) -> None:
    """Drop and create the bench's database (connecting to the server's ``postgres`` database)."""
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def database_drop(url: str) -> None:
    import psycopg

    parts = urlsplit(url)
    with psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{parts.path.lstrip("/")}" WITH (FORCE)')


def broker_flush(url: str) -> None:
    import redis

    redis.Redis.from_url(url).flushdb()


def broker_backlog(url: str) -> tuple[int, int]:
    """Return (tasks waiting in the queue, tasks delivered to a worker and not acknowledged yet)."""
    import redis

    client = redis.Redis.from_url(url)
    # kombu keeps a list per priority step of the queue (services/jobs.py: PRIORITY_*)
    lists = ["celery", *(f"celery\x06\x16{step}" for step in (3, 6, 9))]
    return sum(int(client.llen(name)) for name in lists), int(client.hlen("unacked"))


# --- the event -----------------------------------------------------------------------------


def event_prepare(players: int, game: str | None = None) -> tuple[int, Any, list[tuple[str, str]]]:
    """Create the online event of ``game`` (None: the default game) with ``players`` registered;
    return (event id, organizer, [(name, token)])."""
    from django.conf import settings
    from django.contrib.auth import get_user_model
    from django.core.management import call_command
    from rest_framework.authtoken.models import Token

    from engine.registry import bundled_decklists
    from tournaments.services.demo import bundled_card_sets_import
    from tournaments.services.events import event_create, event_open, registration_submit

    call_command("migrate", verbosity=0)
    list(bundled_card_sets_import())
    User = get_user_model()
    organizer = User.objects.create_user(username="bench-organizer", password=None)
    game = game or getattr(settings, "DEFAULT_GAME", "respons")
    event = event_create(
        organizer=organizer, name="Online bench", game=game, online=True, best_of=1, rounds=1
    )
    event_open(event=event, by=organizer)
    # Bulk: hashing a password per player would take minutes; the API uses tokens anyway.
    users = User.objects.bulk_create(
        [User(username=f"bench{i:04d}", password="!") for i in range(players)], batch_size=500
    )
    tokens = Token.objects.bulk_create(
        [Token(user=user, key=Token.generate_key()) for user in users], batch_size=500
    )
    decks = [path.read_text(encoding="utf-8") for path in bundled_decklists(game)]
    for i, user in enumerate(users):
        registration_submit(event=event, player=user, deck=decks[i % len(decks)])
    return event.pk, organizer, [(u.username, t.key) for u, t in zip(users, tokens, strict=True)]


def round_start(event_id: int, organizer: Any) -> dict[str, int]:
    """Start round 1 (pairs it and deals every game); return {player name: match id}."""
    from tournaments.models import Event
    from tournaments.services.events import event_start

    round_ = event_start(event=Event.objects.get(pk=event_id), by=organizer)
    seats: dict[str, int] = {}
    for match in round_.matches.filter(player_b__isnull=False).select_related(
        "player_a__player", "player_b__player"
    ):
        seats[match.player_a.player.username] = match.pk
        seats[match.player_b.player.username] = match.pk
    return seats


# --- the clients ---------------------------------------------------------------------------


class Http:
    """One HTTP/1.1 connection (stdlib asyncio), kept open while the server allows and
    reopened when the server closes it."""

    def __init__(self, port: int, token: str, stats: Stats) -> None:
        self.port, self.stats = port, stats
        self.head = (
            f"Host: 127.0.0.1:{port}\r\nAuthorization: Token {token}\r\n"
            "Accept: application/json\r\nAccept-Language: en\r\n"
        )
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = orjson.dumps(body) if body is not None else b""
        head = f"{method} {path} HTTP/1.1\r\n{self.head}"
        if body is not None:
            head += f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n"
        message = (head + "\r\n").encode() + data
        for attempt in range(3):
            try:
                if self.writer is None:
                    self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
                assert self.reader is not None
                self.writer.write(message)
                status_line = await self.reader.readuntil(b"\r\n")
                headers = (await self.reader.readuntil(b"\r\n\r\n")).decode("latin-1").lower()
                length = 0
                close = "connection: close" in headers
                for line in headers.split("\r\n"):
                    if line.startswith("content-length:"):
                        length = int(line.split(":", 1)[1])
                payload = await self.reader.readexactly(length)
                self.stats.received += len(status_line) + len(headers) + length
                if close:
                    self.close()
                status = int(status_line.split()[1])
                return status, orjson.loads(payload) if payload else None
            except (ConnectionError, asyncio.IncompleteReadError, OSError):
                self.close()
                if attempt == 2:
                    raise
                await asyncio.sleep(0.05 * (attempt + 1))  # a retried POST is harmless: same seq
        raise AssertionError("unreachable")

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None


class Stream:
    """One player's Server-Sent Events stream (``GET .../game/stream/``): a reader task keeps the
    newest answer and when it arrived; the connection is reopened whenever the server ends it."""

    def __init__(self, port: int, token: str, path: str, stats: Stats) -> None:
        self.port, self.path, self.stats = port, path, stats
        self.head = (
            f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nAuthorization: Token {token}\r\n"
            "Accept: text/event-stream\r\nAccept-Language: en\r\n\r\n"
        ).encode()
        self.state: dict[str, Any] | None = None
        self.arrived = 0.0
        self.changed = asyncio.Event()
        self.task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self.task = asyncio.create_task(self._run())

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    async def next(self, timeout: float) -> dict[str, Any] | None:
        """Wait for an answer newer than the last one taken; None on timeout."""
        try:
            await asyncio.wait_for(self.changed.wait(), timeout)
        except TimeoutError:
            return None
        self.changed.clear()
        return self.state

    async def _run(self) -> None:
        while True:
            writer = None
            try:
                t0 = time.monotonic()
                reader, writer = await asyncio.open_connection("127.0.0.1", self.port)
                writer.write(self.head)
                status_line = await reader.readuntil(b"\r\n")
                self.stats.received += len(status_line) + len(await reader.readuntil(b"\r\n\r\n"))
                if int(status_line.split()[1]) != 200:
                    raise RuntimeError(f"stream: {status_line!r}")
                self.stats.connects.append(time.monotonic() - t0)
                buffer = b""
                while True:
                    size = int((await reader.readuntil(b"\r\n")).strip(), 16)  # chunked encoding
                    if size == 0:
                        break
                    self.stats.received += size
                    buffer += (await reader.readexactly(size + 2))[:-2]
                    while b"\n\n" in buffer:
                        block, buffer = buffer.split(b"\n\n", 1)
                        for line in block.split(b"\n"):
                            if line.startswith(b"data: "):
                                self.state = orjson.loads(line[6:])
                                self.arrived = time.monotonic()
                                self.changed.set()
            except asyncio.CancelledError:
                raise
            except (ConnectionError, asyncio.IncompleteReadError, OSError, RuntimeError, ValueError) as error:
                self.stats.stream_errors += 1
                if self.stats.stream_errors <= 5:
                    self.stats.errors.append(f"stream {self.path}: {error!r}")
                await asyncio.sleep(0.5)
            finally:
                if writer is not None:
                    writer.close()


@dataclass
class Stats:
    started: float = field(default_factory=time.monotonic)
    latencies: list[tuple[float, float]] = field(default_factory=list)  # (when, seconds)
    posts: list[float] = field(default_factory=list)  # when each action was offered
    post_times: list[float] = field(default_factory=list)
    connects: list[float] = field(default_factory=list)  # time to open a stream (its first answer)
    stream_errors: int = 0
    received: int = 0  # bytes the server sent the clients (answers, headers, stream events)
    refused: int = 0
    unseen: int = 0  # not seen adjudicated within --lost-after (slow, or lost: see the database counts)
    errors: list[str] = field(default_factory=list)
    finished: dict[int, float] = field(default_factory=dict)  # match id -> when it was seen final
    busiest: float = 0.0  # the machine's busiest progress window, in cores


def _choices(state: dict[str, Any]) -> list[dict[str, Any]]:
    """The seat's legal actions other than conceding (empty: not its decision)."""
    return [a for a in state["legal_actions"] if a["type"] != "concede"]


async def player(
    name: str, token: str, match_id: int, args: argparse.Namespace, stats: Stats, stop_at: float
) -> None:
    http = Http(args.port, token, stats)
    rng = random.Random(f"{args.seed}-{name}")
    path = f"/api/matches/{match_id}/game/"
    await asyncio.sleep(rng.uniform(0, args.arrive))  # the players do not all arrive at once
    stream = Stream(args.port + 1 if args.serve == "split" else args.port, token, f"{path}stream/", stats)
    stream.start()
    try:
        state: dict[str, Any] | None = None
        while time.monotonic() < stop_at:
            if state is None or not _choices(state):
                # Nothing to decide (the opponent's decision): wait for the next answer. An
                # answer that already gives this seat a decision (a card played, then its cell
                # to choose) is acted on at once: no other answer may come before it is.
                new = await stream.next(timeout=max(0.1, stop_at - time.monotonic()))
                state = new or state
                if state is None:
                    continue
            if state["match_status"] == "final":
                stats.finished.setdefault(match_id, time.monotonic())
                return
            if not _choices(state):
                continue
            await asyncio.sleep(rng.uniform(args.pause_min, args.pause_max))  # a person thinking
            state = stream.state or state  # whatever arrived meanwhile
            choices = _choices(state)
            if not choices or state["match_status"] == "final":
                continue
            seq, before = state["next_seq"], state["view"]["seq"]
            t0 = time.monotonic()
            stats.posts.append(t0)
            # Bound to the decision it answers (R10.4), as the play page sends it.
            body = {"seq": seq, "action": rng.choice(choices)}
            if isinstance(state["view"].get("decision"), dict):  # (an older tree's view has none)
                body["decision"] = state["view"]["decision"]["seq"]
            status, answer = await http.request("POST", f"{path}actions/", body)
            stats.post_times.append(time.monotonic() - t0)
            if status not in (200, 202, 400):
                raise RuntimeError(f"POST: {status} {answer}")
            while True:
                left = min(t0 + args.lost_after, stop_at + 5) - time.monotonic()
                if left <= 0:
                    stats.unseen += 1
                    break
                new = await stream.next(timeout=left)
                if new is None:
                    continue
                state = new
                if any(r["seq"] == seq for r in state["refused"]):
                    stats.refused += 1
                    break
                if state["view"].get("seq", 0) > before or state["match_status"] == "final":
                    stats.latencies.append((stream.arrived, stream.arrived - t0))
                    break
    except Exception as error:  # one broken client must not stop the others: reported at the end
        stats.errors.append(f"{name}: {error!r}")
    finally:
        stream.stop()
        http.close()


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def machine_busy() -> float:
    """Seconds of CPU the whole machine has spent busy since boot (every process, the kernel,
    PostgreSQL's sessions that have ended since: /proc/stat, all but idle and I/O wait)."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    return (sum(fields) - fields[3] - fields[4]) / os.sysconf("SC_CLK_TCK")


def _proc_stats() -> dict[int, tuple[int, float]]:
    """Return {pid: (parent pid, CPU seconds used)} for every process on this machine."""
    ticks = os.sysconf("SC_CLK_TCK")
    stats = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        stats[int(stat.parent.name)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / ticks)
    return stats


def cpu_by_part(processes: Processes, backends: list[int]) -> dict[str, float]:
    """Return the CPU seconds used so far by each part: uvicorn, the workers, the database
    sessions ``backends``, and this process (the load generator)."""
    stats = _proc_stats()
    used: dict[str, float] = {}
    for name, process in processes.started:
        part = "celery workers" if name.startswith("worker") else name
        tree, frontier = {process.pid}, [process.pid]
        while frontier:
            parent = frontier.pop()
            children = [pid for pid, (ppid, _cpu) in stats.items() if ppid == parent and pid not in tree]
            tree.update(children)
            frontier.extend(children)
        used[part] = used.get(part, 0.0) + sum(stats[pid][1] for pid in tree if pid in stats)
    for pid in backends:
        if pid in stats:
            used[f"postgres session {pid}"] = stats[pid][1]
    times = os.times()
    used["load generator"] = times.user + times.system
    return used


def database_sessions() -> list[int]:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return [row[0] for row in cursor.fetchall()]


async def report_progress(stats: Stats, matches: int, every: float) -> None:
    seen_posts = seen_lat = 0
    busy = machine_busy()
    while True:
        await asyncio.sleep(every)
        posts, lats = stats.posts[seen_posts:], stats.latencies[seen_lat:]
        seen_posts, seen_lat = len(stats.posts), len(stats.latencies)
        window = [s for _t, s in lats]
        now_busy = machine_busy()
        cores, busy = (now_busy - busy) / every, now_busy
        stats.busiest = max(stats.busiest, cores)
        print(
            f"  {time.monotonic() - stats.started:6.0f} s  offered {len(posts) / every:6.1f}/s  "
            f"applied {len(lats) / every:6.1f}/s  p50 {percentile(window, 0.5) * 1000:6.0f} ms  "
            f"p95 {percentile(window, 0.95) * 1000:6.0f} ms  final {len(stats.finished)}/{matches}  "
            f"machine {cores:4.2f} cores busy",
            flush=True,
        )


class Autovacuum:
    """PostgreSQL's autovacuum, for a server that runs without it (this machine's is set up for
    CI: ``autovacuum = off``). Production runs it: the players' actions leave a dead row version
    each (queued, then applied), and an index of the queued ones, never vacuumed, fills with
    entries every look at the queue must check (measured: 3,000 of them after a minute of a
    128-match round). A thread VACUUMs (and ANALYZEs) the hot tables every ``every`` seconds,
    as autovacuum would; nothing is done when the server runs autovacuum itself."""

    TABLES = ("tournaments_gameaction", "tournaments_game", "tournaments_match")

    def __init__(self, db_url: str, every: float) -> None:
        import psycopg

        self.db_url, self.every, self.runs = db_url, every, 0
        with psycopg.connect(db_url, autocommit=True) as conn:
            self.needed = every > 0 and conn.execute("SHOW autovacuum").fetchone()[0] == "off"
            conn.execute("ANALYZE")  # the statistics a running database has (auto-analyze: off too)
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="autovacuum", daemon=True)

    def start(self) -> None:
        if self.needed:
            self.thread.start()

    def _run(self) -> None:
        import psycopg

        with psycopg.connect(self.db_url, autocommit=True) as conn:
            while not self.stop.wait(self.every):
                conn.execute(f"VACUUM (ANALYZE) {', '.join(self.TABLES)}")
                self.runs += 1

    def finish(self) -> str:
        self.stop.set()
        if self.thread.is_alive():
            self.thread.join(timeout=60)
        if not self.needed:
            return "the server's own (on)" if self.every > 0 else "off (--vacuum-every 0)"
        return f"off on this server: VACUUM every {self.every:.0f} s instead ({self.runs} runs)"


async def drive(seats: dict[str, int], tokens: dict[str, str], args: argparse.Namespace) -> Stats:
    stats = Stats()
    stop_at = stats.started + args.minutes * 60
    progress = asyncio.create_task(report_progress(stats, len(set(seats.values())), args.every))
    clients = [
        asyncio.create_task(player(name, tokens[name], match_id, args, stats, stop_at))
        for name, match_id in seats.items()
    ]
    # Hard cap: a request stuck in a saturated server's backlog must not keep the run going.
    _done, stuck = await asyncio.wait(clients, timeout=args.minutes * 60 + 60)
    for task in stuck:
        task.cancel()
    await asyncio.gather(*stuck, return_exceptions=True)
    if stuck:
        stats.errors.append(f"{len(stuck)} clients still waiting for an answer at the hard cap")
    progress.cancel()
    return stats


# --- the run -------------------------------------------------------------------------------


def queue_wait() -> tuple[float, float]:
    """Return p50 and p95 of how long submitted actions waited before a worker picked them up."""
    from django.db.models import DurationField, ExpressionWrapper, F

    from tournaments.models import GameAction

    waits = (
        GameAction.objects.filter(by_bot=False, processed_at__isnull=False)
        .annotate(wait=ExpressionWrapper(F("processed_at") - F("created_at"), output_field=DurationField()))
        .values_list("wait", flat=True)
    )
    seconds = [w.total_seconds() for w in waits]
    return percentile(seconds, 0.5), percentile(seconds, 0.95)


def ledger() -> dict[str, int]:
    """Return how many submitted (not bot) actions the database holds in each status."""
    from django.db.models import Count

    from tournaments.models import GameAction

    rows = GameAction.objects.filter(by_bot=False).values("status").annotate(n=Count("id"))
    counts = {"applied": 0, "refused": 0, "queued": 0}
    counts.update({row["status"]: row["n"] for row in rows})
    return counts


def summary(
    stats: Stats,
    args: argparse.Namespace,
    matches: int,
    elapsed: float,
    cpu: dict[str, float],
    held: tuple[int, int],
    vacuum: str,
    db: dict[str, float],
) -> dict[str, float | None]:
    """Print the run's table; return its figures per applied action (``--json``)."""
    lat = [s for _t, s in stats.latencies]
    last = max((t for t, _s in stats.latencies), default=stats.started)
    active = max(1e-9, last - stats.started)
    finished = len(stats.finished)
    round_time = max(stats.finished.values()) - stats.started if finished == matches else None
    wait50, wait95 = queue_wait()
    ms = lambda seconds: f"{seconds * 1000:.0f} ms"  # noqa: E731
    rows = [
        ("matches / players", f"{matches} / {2 * matches}"),
        (
            "web / celery workers",
            (
                f"gunicorn x{args.web_workers}"
                f"{f' (gthread x{args.web_threads})' if args.web_threads else ''}"
                " + uvicorn x1 for the streams"
                if args.serve == "split"
                else f"uvicorn x{args.web_workers} (actions through the fast lane, streams)"
            )
            + f" / {args.workers} ({f'threads x{args.worker_threads}' if args.worker_threads else 'solo'})",
        ),
        ("human pause", f"{args.pause_min}-{args.pause_max} s; updates pushed (SSE), no polling"),
        ("autovacuum", vacuum),
        ("actions offered", f"{len(stats.posts)}  ({len(stats.posts) / active:.0f}/s)"),
        ("actions applied (seen)", f"{len(lat)}  ({len(lat) / active:.0f}/s)"),
        (
            "refused / unseen in time / client errors",
            f"{stats.refused} / {stats.unseen} / {len(stats.errors)}",
        ),
        ("database: applied / refused / still queued", "{applied} / {refused} / {queued}".format(**ledger())),
        ("POST -> visible  p50", ms(percentile(lat, 0.50))),
        ("POST -> visible  p95  (target < 150 ms)", ms(percentile(lat, 0.95))),
        ("POST -> visible  p99", ms(percentile(lat, 0.99))),
        (
            "POST response    p50 / p95",
            f"{ms(percentile(stats.post_times, 0.5))} / {ms(percentile(stats.post_times, 0.95))}",
        ),
        (
            "stream (re)connects / first answer p95",
            f"{len(stats.connects)} / {ms(percentile(stats.connects, 0.95))}  ({stats.stream_errors} broken)",
        ),
        ("queue wait before a worker  p50 / p95", f"{ms(wait50)} / {ms(wait95)}"),
        (
            "matches final",
            f"{finished}/{matches} ({100 * finished / max(1, matches):.0f}%) within {args.minutes} min",
        ),
        ("time to finish the round", f"{round_time:.0f} s" if round_time is not None else "not finished"),
        ("wall time of the run", f"{elapsed:.0f} s"),
        ("broker: tasks waiting / delivered, unacked", f"{held[0]} / {held[1]} (mostly clock follow-ups)"),
        ("load average at the end (all users)", " ".join(f"{x:.1f}" for x in os.getloadavg())),
    ]
    busy = cpu.pop("machine", 0.0)
    total = sum(cpu.values())
    requests = len(stats.connects) + len(stats.post_times)
    rows.append(
        (
            "machine CPU busy (everything on it)",
            f"{busy:.0f} s ({busy / max(1e-9, elapsed):.2f} of {os.cpu_count()} cores on average, "
            f"{stats.busiest:.2f} in the busiest {args.every:.0f} s)",
        )
    )
    rows.append(("machine CPU per applied action", ms(busy / max(1, len(lat)))))
    rows.append(
        ("CPU used by the run (cores busy)", f"{total:.0f} s ({total / max(1e-9, elapsed):.2f} cores)")
    )
    for part, seconds in sorted(cpu.items(), key=lambda kv: -kv[1]):
        rows.append((f"  {part}", f"{seconds:.1f} s"))
    server = total - cpu.get("load generator", 0.0)
    rows.append(("server CPU per applied action", ms(server / max(1, len(lat)))))
    web = cpu.get("web", 0.0) + cpu.get("web-streams", 0.0)
    rows.append(("web CPU per applied action", ms(web / max(1, len(lat)))))
    rows.append(("  (requests: POSTs and stream opens)", f"{requests}"))
    rows.append(("worker CPU per applied action", ms(cpu.get("celery workers", 0.0) / max(1, len(lat)))))
    applied = max(1, len(lat))
    postgres = cpu.get("postgres (sessions alive throughout)", 0.0)
    rows.append(("PostgreSQL sessions' CPU per applied action", ms(postgres / applied)))
    if "statements" in db:
        rows.append(("PostgreSQL statements per action", f"{db['statements'] / applied:.1f}"))
    rows.append(("PostgreSQL transactions per action", f"{db['transactions'] / applied:.1f}"))
    rows.append(
        (
            "rows written / read per action",
            f"{db['rows_written'] / applied:.1f} / {db['rows_read'] / applied:.0f}",
        )
    )
    rows.append(("bytes sent to the clients per action", f"{stats.received / applied:.0f}"))
    width = max(len(k) for k, _v in rows)
    print("\nOnline play benchmark")
    print("-" * (width + 30))
    for key, value in rows:
        print(f"{key:<{width}}  {value}")
    print("-" * (width + 30))
    for error in stats.errors[:5]:
        print(f"client error: {error}")
    return {
        "server_cpu_ms": 1000 * server / applied,
        "web_cpu_ms": 1000 * web / applied,
        "worker_cpu_ms": 1000 * cpu.get("celery workers", 0.0) / applied,
        "postgres_cpu_ms": 1000 * postgres / applied,
        "statements": db["statements"] / applied if "statements" in db else None,
        "transactions": db["transactions"] / applied,
        "rows_written": db["rows_written"] / applied,
        "rows_read": db["rows_read"] / applied,
        "bytes_sent": stats.received / applied,
        "p50_ms": 1000 * percentile(lat, 0.5),
        "p95_ms": 1000 * percentile(lat, 0.95),
        "applied_per_s": len(lat) / active,
        "applied": len(lat),
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default=None, help="the game's key (default: the site's default game)")
    parser.add_argument("--matches", type=int, default=512, help="matches of the round (players = 2x)")
    parser.add_argument("--minutes", type=float, default=5.0, help="time cap of the play")
    parser.add_argument(
        "--pause-min", type=float, default=0.8, help="shortest human pause before an action, s"
    )
    parser.add_argument("--pause-max", type=float, default=2.4, help="longest human pause, s")
    parser.add_argument("--arrive", type=float, default=20.0, help="players arrive over this many s")
    parser.add_argument(
        "--lost-after", type=float, default=30.0, help="stop waiting to see an action after, s"
    )
    parser.add_argument("--workers", type=int, default=2, help="celery worker processes (solo pool each)")
    parser.add_argument(
        "--worker-threads",
        type=int,
        default=0,
        help="threads per celery worker (threads pool: database waits overlap); 0: solo pool",
    )
    parser.add_argument("--no-beat", action="store_true", help="no embedded beat (online sweep)")
    parser.add_argument(
        "--serve",
        choices=["lane", "split"],
        default="lane",
        help="lane: uvicorn for the actions (fast lane) and the streams, as README 'Production'; "
        "split: gunicorn (WSGI) for the actions and one uvicorn for the streams (before the lane)",
    )
    parser.add_argument(
        "--web-workers", type=int, default=None, help="web server processes (default: lane 2, split 3)"
    )
    parser.add_argument(
        "--web-threads",
        type=int,
        default=4,
        help="with --serve split: gunicorn threads per worker (gthread); 0: sync workers",
    )
    parser.add_argument(
        "--vacuum-every",
        type=float,
        default=10.0,
        help="when the server runs without autovacuum, VACUUM the hot tables this often, as "
        "autovacuum would in production (0: never)",
    )
    parser.add_argument("--port", type=int, default=8099)
    parser.add_argument("--database", default="respons_bench", help="the bench's own database (dropped!)")
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    parser.add_argument("--every", type=float, default=10.0, help="seconds between progress lines")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--baseline",
        type=Path,
        default=None,
        help="an older tree's checkout (with its own .venv): measure it and this tree back to back",
    )
    parser.add_argument("--runs", type=int, default=2, help="with --baseline: runs of each tree")
    parser.add_argument("--json", type=Path, default=None, help="write the run's figures there")
    args = parser.parse_args()
    if args.baseline is not None:
        from online_compare import run_compare, strip_compare_args

        return run_compare(args.baseline, args.runs, strip_compare_args(sys.argv[1:]))

    db_url = _with_database(os.environ.get("DATABASE_URL") or DEFAULT_DB, args.database)
    broker = os.environ.get("CELERY_BROKER_URL") or DEFAULT_BROKER
    if not db_url.startswith(("postgres://", "postgresql://")) or not broker.startswith("redis://"):
        raise SystemExit("bench_online needs PostgreSQL (DATABASE_URL) and Redis (CELERY_BROKER_URL)")
    for host in (urlsplit(db_url).hostname, urlsplit(broker).hostname):
        if host not in ("127.0.0.1", "localhost", "::1"):
            raise SystemExit(f"bench_online only talks to this machine, not {host}")
    try:
        _reachable(db_url, broker)
    except Exception as error:  # make bench runs every script: say why this one did nothing
        print(f"bench_online skipped: PostgreSQL and Redis are needed ({str(error).splitlines()[0]})")
        return 0
    env = dict(
        os.environ,
        DATABASE_URL=db_url,
        CELERY_BROKER_URL=broker,
        DEBUG="false",
        ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SETTINGS_MODULE="respons_site.settings",
    )
    os.environ.update(env)
    logs = Path(tempfile.mkdtemp(prefix="respons-bench-"))
    print(f"setting up {2 * args.matches} players in {args.database} (logs in {logs}) ...", flush=True)
    database_recreate(db_url)
    broker_flush(broker)
    processes = Processes(env, logs)
    began = time.monotonic()
    try:
        import django

        django.setup()
        from django.db import connections

        event_id, organizer, accounts = event_prepare(2 * args.matches, args.game)
        connections.close_all()
        bin_dir = Path(sys.executable).parent
        uvicorn = [
            str(bin_dir / "uvicorn"),
            "respons_site.asgi:application",
            "--host",
            "127.0.0.1",
            "--backlog",
            "4096",
            "--timeout-keep-alive",
            "60",
            "--no-access-log",
            "--log-level",
            "warning",
        ]
        if args.web_workers is None:
            args.web_workers = 3 if args.serve == "split" else 2
        if args.serve == "split":
            # Before the fast lane: WSGI for the requests, ASGI only for the streams.
            gunicorn = [str(bin_dir / "gunicorn"), "respons_site.wsgi", "-w", str(args.web_workers)]
            if args.web_threads:
                gunicorn += ["-k", "gthread", "--threads", str(args.web_threads)]
            gunicorn += ["-b", f"127.0.0.1:{args.port}", "--keep-alive", "60", "--backlog", "4096"]
            processes.start("web", gunicorn)
            processes.start("web-streams", [*uvicorn, "--port", str(args.port + 1)])
        else:
            processes.start("web", [*uvicorn, "--workers", str(args.web_workers), "--port", str(args.port)])
        for n in range(args.workers):
            worker = [sys.executable, "-m", "celery", "-A", "respons_site", "worker"]
            if args.worker_threads:
                worker += ["--pool", "threads", "--concurrency", str(args.worker_threads)]
            else:
                worker += ["--pool", "solo"]
            worker += [
                "--loglevel",
                "WARNING",
                "--without-gossip",
                "--without-mingle",
                "--hostname",
                f"bench{n}@%h",
            ]
            if n == 0 and not args.no_beat:
                worker += ["-B", "--schedule-filename", str(logs / "beat-schedule")]
            processes.start(f"worker{n}", worker)
        _wait_for_server(args.port, processes)
        seats = round_start(event_id, organizer)
        connections.close_all()
        tokens = dict(accounts)
        print(
            f"round 1 started: {len(set(seats.values()))} matches; playing (cap {args.minutes} min)",
            flush=True,
        )
        vacuum = Autovacuum(db_url, args.vacuum_every)
        played_from = time.monotonic()
        from online_compare import database_counters

        cpu_before = cpu_by_part(processes, database_sessions())
        db_before = database_counters(db_url)
        busy_before = machine_busy()
        vacuum.start()
        stats = _run(drive(seats, tokens, args))
        vacuumed = vacuum.finish()
        processes.check()
        elapsed = time.monotonic() - played_from
        cpu_after = cpu_by_part(processes, database_sessions())
        time.sleep(1.5)  # the sessions report their counters at most once a second
        db_after = database_counters(db_url)
        busy = machine_busy() - busy_before
        held = broker_backlog(broker)
        # A database session that ended during the run takes its CPU time with it (not counted).
        cpu = {"postgres (sessions alive throughout)": 0.0}
        for part, seconds in cpu_after.items():
            key = "postgres (sessions alive throughout)" if part.startswith("postgres session ") else part
            cpu[key] = cpu.get(key, 0.0) + seconds - cpu_before.get(part, 0.0)
        db = {key: db_after[key] - db_before.get(key, 0.0) for key in db_after}
        figures = summary(
            stats, args, len(set(seats.values())), elapsed, {**cpu, "machine": busy}, held, vacuumed, db
        )
        if args.json is not None:
            args.json.write_text(json.dumps(figures))
    finally:
        processes.stop()
        from django.db import connections

        connections.close_all()
        broker_flush(broker)
        if not args.keep:
            database_drop(db_url)
        print(f"(set-up and run: {time.monotonic() - began:.0f} s; logs kept in {logs})")
    return 0


def _run(main: Any) -> Any:
    """Run the clients' event loop, on uvloop when it is installed (the load generator shares the
    machine with the server: the less CPU it takes, the less it disturbs what is measured)."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(main)
    return uvloop.run(main)


def _reachable(db_url: str, broker: str) -> None:
    """Raise unless the PostgreSQL server and the Redis broker answer."""
    import psycopg
    import redis

    parts = urlsplit(db_url)
    psycopg.connect(urlunsplit(parts._replace(path="/postgres")), connect_timeout=3).close()
    redis.Redis.from_url(broker, socket_connect_timeout=3).ping()


def _wait_for_server(port: int, processes: Processes, timeout: float = 60) -> None:
    import socket

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        processes.check()
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            time.sleep(2)  # the celery workers start as fast as uvicorn; give them a moment
            return
        except OSError:
            time.sleep(0.3)
    raise SystemExit(f"uvicorn did not listen on {port} within {timeout} s")


if __name__ == "__main__":
    sys.exit(main())
