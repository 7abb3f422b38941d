"""What the page benchmarks share (``bench_event_pages``, ``bench_slow_pages``, ``bench_metagame``,
``bench_profiles``): their own database on DATABASE_URL's PostgreSQL server (dropped, created
and migrated by each run), Django started as the test client needs it, and the timing loop —
one call with cold caches, then ``repeat`` timed calls, each with its SQL queries counted.

Not a benchmark itself (``run_all.py`` runs the ``bench_*.py`` scripts only).
"""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable
from typing import Any
from urllib.parse import urlsplit, urlunsplit

TARGET_MS = 300.0  # a page's median, server time

Timing = tuple[float, float, float, int, int]  # first ms, median ms, worst ms, SQL queries, status


def _with_database(url: str, name: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path=f"/{name}"))


def _admin(url: str) -> str:
    return urlunsplit(urlsplit(url)._replace(path="/postgres"))


def database_recreate(url: str) -> None:
    """Drop and create the bench's database (connecting to the server's ``postgres`` database)."""
    import psycopg

    name = urlsplit(url).path.lstrip("/")
    with psycopg.connect(_admin(url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def database_drop(url: str) -> None:
    import psycopg

    with psycopg.connect(_admin(url), autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{urlsplit(url).path.lstrip("/")}" WITH (FORCE)')


def database_url(bench: str, database: str, default: str) -> str | None:
    """Return the URL of the bench's own database ``database`` on DATABASE_URL's server (else
    ``default``'s) and point Django at it; None, said on the output, when PostgreSQL cannot be
    reached (``make bench`` runs every script: it says why this one did nothing). Only
    PostgreSQL on this machine is accepted."""
    db_url = _with_database(os.environ.get("DATABASE_URL") or default, database)
    if not db_url.startswith(("postgres://", "postgresql://")):
        raise SystemExit(f"{bench} needs PostgreSQL (DATABASE_URL)")
    if urlsplit(db_url).hostname not in ("127.0.0.1", "localhost", "::1"):
        raise SystemExit(f"{bench} only talks to this machine")
    try:
        import psycopg

        psycopg.connect(_admin(db_url), connect_timeout=3).close()
    except Exception as error:
        print(f"{bench} skipped: PostgreSQL is needed ({str(error).splitlines()[0]})")
        return None
    os.environ.update(
        DATABASE_URL=db_url,
        DEBUG="false",
        DJANGO_SETTINGS_MODULE="respons_site.settings",
        THROTTLE_ANON="1000000/min",
        THROTTLE_USER="1000000/min",
    )
    return db_url


def django_start() -> None:
    """Set Django up with the test client's host allowed (nothing else changed)."""
    import django

    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()


def timed(call: Callable[[], int], repeat: int, *, before: Callable[[], Any] | None = None) -> Timing:
    """Return (first ms, median ms, worst ms, SQL queries, status) of ``call()`` (which returns
    the HTTP status) run 1 + ``repeat`` times; ``before()`` runs untimed ahead of each call."""
    from django.db import connection, reset_queries
    from django.test.utils import CaptureQueriesContext

    times: list[float] = []
    queries = status = 0
    for _ in range(repeat + 1):
        if before is not None:
            before()
        reset_queries()  # the log keeps 9,000 queries at most: count this request's alone
        with CaptureQueriesContext(connection) as captured:
            began = time.perf_counter()
            status = call()
            times.append((time.perf_counter() - began) * 1000)
        queries = len(captured)
    rest = times[1:]
    return times[0], statistics.median(rest), max(rest), queries, status


def page_call(client: Any, path: str) -> Callable[[], int]:
    """A GET of ``path`` by ``client``, its body read through."""

    def call() -> int:
        response = client.get(path)
        _body = response.content
        return int(response.status_code)

    return call


def over_flag(median: float, status: int, ok: tuple[int, ...] = (200,)) -> str:
    """ "" when the page answered ``ok`` under the target, else what is wrong."""
    if status not in ok:
        return f"  HTTP {status}"
    return "" if median < TARGET_MS else "  OVER"
