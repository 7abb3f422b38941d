"""Real Celery workers for the tests: processes on the Redis broker, sharing the test database.

The tests that use these run only with PostgreSQL and Redis (:func:`require_real_services`):
a worker is another process, so it must reach the same database the test writes to, and
a broker that really queues messages between processes.

Each test gets its own queue (:func:`real_broker`): the test process sends to it, and the
workers it starts both consume it and send their own follow-up tasks (clock deadlines,
the beat's sweep) to it, so nothing crosses between tests sharing the Redis database.

The tests wait on events, never on a worker's log lines: each worker records Celery's signals
(ready, each task finished, each pool process started) in a Redis hash of its own
(:meth:`Worker.events`), and the tests poll that hash, the database or the processes with a
deadline (:func:`wait_until`). A worker's output is only ever shown when a test fails.
"""

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import connection

from tests.support.services import require_or_skip

ROOT = Path(__file__).resolve().parents[2]
EXTS = ("", ".bak", ".dat", ".dir", ".db")  # the files a beat's shelve may write

# Run by the worker process: send follow-up tasks to the test's queue, record the worker's
# events in its hash (argv[2]; a forked pool process keeps the handlers, and redis-py opens
# its own connections after a fork), then start as the CLI does.
_LAUNCHER = """
import json, sys
import redis
from celery import signals
from respons_site.celery import app
queue, events_key = sys.argv[1], sys.argv[2]
app.conf.task_default_queue = queue
app.conf.broker_transport_options = {**app.conf.broker_transport_options, **json.loads(sys.argv[3])}
events = redis.Redis.from_url(app.conf.broker_url)

@signals.worker_ready.connect
def ready(**_):
    events.hset(events_key, "ready", 1)

@signals.worker_process_init.connect
def pool_process_started(**_):
    events.hincrby(events_key, "pool_processes", 1)

@signals.task_postrun.connect
def task_done(task=None, state=None, **_):
    events.hincrby(events_key, f"{task.name}:{state}", 1)

app.worker_main(sys.argv[4:])
"""

# The tasks that adjudicate a match (its own, or a drain of the queued actions).
ADJUDICATION_TASKS = ("tournaments.adjudicate_match", "tournaments.drain_actions")


@cache
def _events_client(url: str) -> Any:
    import redis

    return redis.Redis.from_url(url)


def require_real_services() -> None:
    """Skip locally (fail in CI) unless the broker is Redis and the database PostgreSQL."""
    require_or_skip(
        str(settings.CELERY_BROKER_URL).startswith("redis://") and not settings.CELERY_TASK_ALWAYS_EAGER,
        "CELERY_BROKER_URL is not a Redis URL",
    )
    require_or_skip(connection.vendor == "postgresql", "the worker shares the test database: PostgreSQL")


def database_url() -> str:
    """Return a DATABASE_URL naming the database this test process uses (the test database)."""
    db = connection.settings_dict
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return f"postgres://{auth}{db.get('HOST') or '127.0.0.1'}:{db.get('PORT') or 5432}/{db['NAME']}"


def wait_until(
    condition: Callable[[], Any], *, timeout: float, every: float = 0.1, what: str | Callable[[], str] = ""
) -> Any:
    """Return the first truthy value of ``condition()``; raise AssertionError after ``timeout`` s.

    ``what`` names the awaited event in that error; a callable is called only then (e.g. to
    add a worker's output as it is at the deadline, not as it was before the wait).
    """
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            said = what() if callable(what) else what
            raise AssertionError(f"timed out after {timeout:.0f} s waiting for {said or condition}")
        time.sleep(every)


TAIL = 12  # a worker's last lines in a failure's message (all of them: the captured output)


@dataclass
class Worker:
    """A ``celery worker`` process (its own process group), the Redis hash of its events, and
    the lines it printed so far (shown when a test fails)."""

    name: str
    process: subprocess.Popen[str]
    events_key: str
    lines: list[str] = field(default_factory=list)
    reader: threading.Thread | None = None
    files: list[Path] = field(default_factory=list)  # to remove once stopped (the beat's schedule)

    def output(self, last: int | None = TAIL) -> str:
        """The worker's lines so far: the ``last`` ones (a failure's message, which CI prints
        whole on the summary line of the failed test), or all of them with ``last=None``."""
        lines = self.lines if last is None or len(self.lines) <= last else ["…\n", *self.lines[-last:]]
        return "".join(lines)

    def alive(self) -> bool:
        return self.process.poll() is None

    def events(self) -> dict[str, int]:
        """Return the worker's events so far: ``ready`` (1 once it consumes its queue),
        ``pool_processes`` (pool processes started) and ``<task name>:<state>`` (tasks finished,
        counted by their state: SUCCESS, FAILURE, RETRY)."""
        raw = _events_client(str(settings.CELERY_BROKER_URL)).hgetall(self.events_key)
        return {key.decode(): int(value) for key, value in raw.items()}

    def wait_ready(self, timeout: float = 30) -> None:
        """Wait until the worker consumes its queue (Celery's ``worker_ready`` signal); raise
        AssertionError with its output if it died or the time is over."""

        def ready() -> bool:
            assert self.alive(), f"worker {self.name} died:\n{self.output()}"
            return bool(self.events().get("ready"))

        wait_until(
            ready,
            timeout=timeout,
            every=0.05,
            what=lambda: f"worker {self.name} to be ready:\n{self.output()}",
        )

    def tasks_done(self) -> int:
        """Return how many adjudication tasks (a match's, or a drain of the queued actions) this
        worker finished successfully (its ``task_postrun`` signals, sent after the task's commit)."""
        events = self.events()
        return sum(events.get(f"{task}:SUCCESS", 0) for task in ADJUDICATION_TASKS)

    def pool_processes_started(self) -> int:
        """Return how many pool processes the worker started (``worker_process_init``): one per
        process of a prefork pool at the start, and one more for each replaced after a loss."""
        return self.events().get("pool_processes", 0)

    def children(self) -> list[int]:
        """Return the pids of the worker's child processes (its prefork pool, an embedded beat)."""
        pids = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(fields[1]) == self.process.pid:
                pids.append(int(stat.parent.name))
        return pids

    def kill(self) -> None:
        """SIGKILL the worker and its children at once: no warm shutdown, nothing acknowledged."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=20)

    def stop(self) -> str:
        """Stop the worker (warm shutdown, SIGKILL after 20 s); return everything it printed."""
        if self.alive():
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        if self.reader is not None:
            self.reader.join(timeout=5)
        for path in self.files:
            path.unlink(missing_ok=True)
        return self.output(last=None)


def _drain(worker: Worker) -> None:
    # Read continuously: a worker logging at INFO would block on a full pipe otherwise.
    assert worker.process.stdout is not None
    for line in worker.process.stdout:
        worker.lines.append(line)


# Whether the running test is marked ``celery_worker`` (tests/conftest.py sets it for each test):
# `make check` leaves those tests out, and a worker started by any other test would run there.
marked_celery_worker = False


def start_worker(
    queue: str,
    *,
    name: str = "w1",
    pool: str = "solo",
    beat: bool = False,
    transport_options: dict[str, Any] | None = None,
    env: dict[str, str] | None = None,
    also: tuple[str, ...] = (),
) -> Worker:
    """Start ``celery worker`` consuming ``queue`` on the configured broker and the test database.

    ``beat`` embeds the beat (``-B``: the online sweep every 2 s); ``transport_options``
    are the broker's (e.g. a short ``visibility_timeout``), added to the settings'; ``env`` adds
    variables; ``also`` names queues consumed after ``queue`` (the bots' queue).
    """
    if not marked_celery_worker:
        raise RuntimeError("a test that starts a Celery worker is marked celery_worker (pytest.mark)")
    environ = dict(
        os.environ,
        DATABASE_URL=database_url(),
        CELERY_BROKER_URL=str(settings.CELERY_BROKER_URL),
        PYTHONUNBUFFERED="1",
        **(env or {}),
    )
    args = ["worker", "--pool", pool, "--queues", ",".join((queue, *also)), "--loglevel", "INFO"]
    args += [
        "--without-gossip",
        "--without-mingle",
        "--without-heartbeat",
        "--hostname",
        f"{name}-{queue}@%h",
    ]
    if pool == "prefork":
        args += ["--concurrency", "1"]
    schedule = Path(tempfile.gettempdir()) / f"respons-beat-{queue}-{name}"
    if beat:
        args += ["-B", "--schedule-filename", str(schedule)]
    events_key = f"{queue}:events:{name}"  # deleted with the queue's keys (real_broker)
    process = subprocess.Popen(
        [sys.executable, "-c", _LAUNCHER, queue, events_key, json.dumps(transport_options or {}), *args],
        cwd=ROOT,
        env=environ,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    worker = Worker(
        name=name,
        process=process,
        events_key=events_key,
        files=[schedule.parent / f"{schedule.name}{ext}" for ext in EXTS],
    )
    worker.reader = threading.Thread(target=_drain, args=(worker,), daemon=True)
    worker.reader.start()
    return worker


@dataclass
class Broker:
    """A test's own queue on the real broker, and the workers started on it."""

    queue: str
    workers: list[Worker] = field(default_factory=list)

    def start_worker(self, **options: Any) -> Worker:
        """Start a worker on this queue (see :func:`start_worker`) and wait until it is ready."""
        return self.start_workers(1, **options)[0]

    def start_workers(self, count: int, **options: Any) -> list[Worker]:
        """Start ``count`` workers on this queue at once and wait until each is ready."""
        started = []
        for _ in range(count):
            worker = start_worker(self.queue, name=f"w{len(self.workers) + 1}", **options)
            self.workers.append(worker)
            started.append(worker)
        for worker in started:
            worker.wait_ready()
        return started

    def outputs(self) -> str:
        """Each worker's last lines, for a failure's message (the whole output is printed into
        the test's captured output as the workers stop: :func:`real_broker`)."""
        return "\n".join(f"--- worker {w.name}:\n{w.output()}" for w in self.workers)


@contextmanager
def real_broker() -> Iterator[Broker]:
    """Send this process's tasks to a fresh queue on the real broker; stop every worker and
    delete the queue on the way out (also when the test fails)."""
    require_real_services()
    from respons_site.celery import app

    queue = f"test-{uuid.uuid4().hex[:10]}"
    saved = app.conf.task_always_eager, app.conf.task_default_queue
    app.conf.task_always_eager = False
    app.conf.task_default_queue = queue
    broker = Broker(queue=queue)
    try:
        yield broker
    finally:
        for worker in broker.workers:
            # Whole, into the test's captured output: pytest shows it only when the test fails.
            print(f"--- worker {worker.name}:\n{worker.stop()}")
        app.conf.task_always_eager, app.conf.task_default_queue = saved
        with app.connection_for_write() as conn:
            # The clock follow-ups the workers put back on shutdown, and the queue's bindings.
            client = conn.default_channel.client
            keys = list(client.scan_iter(match=f"*{queue}*"))
            if keys:
                client.delete(*keys)
        # A killed worker's connections end with it; wait so the test database can be flushed.
        wait_until(
            lambda: not other_database_sessions(), timeout=20, what="the workers' database sessions to end"
        )


def other_database_sessions() -> list[int]:
    """Return the pids of the other sessions on this test database (workers', lock holders')."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return [row[0] for row in cursor.fetchall()]


def backends_waiting_on(blocker_pid: int) -> list[int]:
    """Return the database sessions blocked by a lock that session ``blocker_pid`` holds."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pid FROM pg_stat_activity WHERE %s = ANY(pg_blocking_pids(pid))",
            [blocker_pid],
        )
        return [row[0] for row in cursor.fetchall()]


# --- playing through the API ------------------------------------------------------------------


def game_state(actor: Any, match_id: int) -> dict[str, Any]:
    """GET the actor's view of the match's game (asserting 200)."""
    response = actor.api.get(f"/api/matches/{match_id}/game/")
    assert response.status_code == 200, response.content
    return response.json()


def post_action(actor: Any, match_id: int, seq: int, action: dict[str, Any]) -> Any:
    """POST one action with its seq; return the response."""
    body = {"seq": seq, "action": action}
    return actor.api.post(f"/api/matches/{match_id}/game/actions/", body, format="json")


def applied_or_refused(actor: Any, match_id: int, seq: int, before: int, timeout: float) -> dict[str, Any]:
    """Poll the actor's view until its action ``seq`` shows: the view's seq moved past ``before``
    or the action is among the refused ones. Return that state; AssertionError after ``timeout``."""

    def seen() -> dict[str, Any] | None:
        state = game_state(actor, match_id)
        if state["view"].get("seq", 0) > before or any(r["seq"] == seq for r in state["refused"]):
            return state
        if state["match_status"] == "final":
            return state
        return None

    return wait_until(seen, timeout=timeout, every=0.02, what=f"action {seq} to be adjudicated")


@contextmanager
def row_locked(table: str, pk: int) -> Iterator[int]:
    """Hold ``SELECT ... FOR UPDATE`` on one row from a separate database session, so a worker
    that writes the row waits inside its transaction; yield that session's backend pid.
    The lock is released (rolled back) on the way out."""
    import psycopg

    db = connection.settings_dict
    conn = psycopg.connect(
        host=db.get("HOST") or "127.0.0.1",
        port=int(db.get("PORT") or 5432),
        user=db.get("USER") or None,
        password=db.get("PASSWORD") or None,
        dbname=db["NAME"],
    )
    try:
        pid = conn.execute("SELECT pg_backend_pid()").fetchone()[0]
        conn.execute(f'SELECT 1 FROM "{table}" WHERE id = %s FOR UPDATE', [pk])
        yield pid
    finally:
        conn.rollback()
        conn.close()


def play_to_the_end(match_id: int, seats: tuple[Any, Any], *, seed: int, timeout: float, outputs: Any) -> int:
    """Both seats play random legal actions (never conceding) through the API, each waiting for
    the worker to adjudicate it, until the match is final; return how many actions were applied.
    ``outputs()`` (the workers' lines) goes into the message of a timeout or a refused action."""
    import random

    rng = random.Random(seed)
    moves, deadline = 0, time.monotonic() + timeout
    while True:
        assert time.monotonic() < deadline, f"match {match_id} did not finish in time\n{outputs()}"
        acted = False
        for actor in seats:
            state = game_state(actor, match_id)
            if state["match_status"] == "final":
                return moves
            choices = [x for x in state["legal_actions"] if x["type"] != "concede"]
            if not choices or state["game_status"] != "playing":
                continue
            seq = state["next_seq"]
            response = post_action(actor, match_id, seq, rng.choice(choices))
            assert response.status_code in (200, 202), response.content
            after = applied_or_refused(actor, match_id, seq, state["view"]["seq"], timeout=10)
            assert not any(r["seq"] == seq for r in after["refused"]), (after["refused"], outputs())
            moves, acted = moves + 1, True
        if not acted:
            time.sleep(0.02)  # nobody has a decision to make yet (the game is being set up): look again


def waiting(queue: str) -> int:
    """Return how many messages wait on ``queue`` in Redis, at every priority (kombu keeps a
    list per priority step: the queue's name, then the name, its separator and the step)."""
    from respons_site.celery import app

    with app.connection_for_write() as conn:
        channel = conn.default_channel
        return sum(
            int(channel.client.llen(channel._q_for_pri(queue, step))) for step in channel.priority_steps
        )
