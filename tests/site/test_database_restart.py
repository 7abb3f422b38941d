"""After PostgreSQL restarts, the requests that follow all succeed: the pooled connections (Django's
under ASGI, DATABASE_POOL; the fast lane's) are checked before use, not handed out dead.

The database restarted here is a throw-away cluster of the test's own (never the shared server).
"""

import asyncio
import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.db import DatabaseError
from django.db.utils import ConnectionHandler

from respons_site import config
from tests.support.services import require_or_skip
from tournaments.api import lane as lane_module
from tournaments.api import lane_pool
from tournaments.plainsql import Read

REQUESTS = 200


@dataclass
class Cluster:
    """A PostgreSQL server of the test's own: its port, and a way to restart it."""

    port: int
    data: Path
    run: list[str]  # the command prefix that runs a PostgreSQL tool (as the postgres user under root)
    options: str = ""  # the server's own options (its port, its socket directory)

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/postgres"

    def pg_ctl(self, *args: str) -> None:
        subprocess.run(
            [*self.run, self._bin("pg_ctl"), "-D", str(self.data), *args],
            check=True,
            capture_output=True,
            timeout=60,
        )

    def restart(self) -> None:
        """Stop the server as an operator would (its connections are ended) and start it again."""
        self.pg_ctl("-m", "fast", "-l", str(self.data.parent / "log"), "-w", "restart")

    def stop(self) -> None:
        self.pg_ctl("-m", "fast", "-w", "stop")

    def start(self) -> None:
        self.pg_ctl("-o", self.options, "-l", str(self.data.parent / "log"), "-w", "start")

    def _bin(self, name: str) -> str:
        return str(Path(_initdb()).with_name(name))


def _initdb() -> str:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return found[-1] if found else ""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def cluster(django_db_blocker) -> Iterator[Cluster]:
    initdb = _initdb()
    require_or_skip(bool(initdb), "PostgreSQL's server binaries (initdb, pg_ctl) are not installed")
    run: list[str] = []
    home = Path(tempfile.mkdtemp(prefix="respons-pg-"))
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        try:
            owner = pwd.getpwnam("postgres")
        except KeyError:
            owner = None
        require_or_skip(
            owner is not None and shutil.which("runuser") is not None, "no postgres user to run PostgreSQL as"
        )
        assert owner is not None
        os.chown(home, owner.pw_uid, owner.pw_gid)
        run = ["runuser", "-u", "postgres", "--"]
    data = home / "data"
    port = _free_port()
    options = f"-p {port} -k {home} -c listen_addresses=127.0.0.1 -c fsync=off"
    server = Cluster(port=port, data=data, run=run, options=options)
    started = False
    try:
        subprocess.run(
            [*run, initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"],
            check=True,
            capture_output=True,
            timeout=120,
        )
        server.start()
        started = True
        with django_db_blocker.unblock():  # this server is the test's own, not the test database
            yield server
    finally:
        if started:
            server.pg_ctl("-m", "immediate", "stop")
        shutil.rmtree(home, ignore_errors=True)


def pooled_database(cluster: Cluster, monkeypatch: pytest.MonkeyPatch):
    """Django's connection to the cluster as the site configures it under ASGI (DATABASE_POOL)."""
    monkeypatch.setenv("DATABASE_URL", cluster.url)
    monkeypatch.setenv("DATABASE_POOL", "true")
    settings = config.database_config()
    # (A handler needs a default; its own pool, for the alias "restarting", is all that is used.)
    return ConnectionHandler({"default": settings, "restarting": settings})["restarting"]


def test_after_a_restart_djangos_pool_serves_every_request(cluster, monkeypatch):
    db = pooled_database(cluster, monkeypatch)

    def request() -> bool:
        """One request's use of the database: a connection from the pool, a statement, and the
        connection back to the pool as the request ends (CONN_MAX_AGE 0)."""
        try:
            with db.cursor() as cursor:
                cursor.execute("SELECT 1")
                return cursor.fetchone() == (1,)
        except DatabaseError:
            return False
        finally:
            db.close()

    try:
        assert all(request() for _ in range(20))
        cluster.restart()
        answered = [request() for _ in range(REQUESTS)]
        assert answered.count(False) == 0, f"{answered.count(False)} of {REQUESTS} requests failed"
    finally:
        db.close_pool()


def test_after_a_restart_the_fast_lanes_pool_serves_every_request(cluster, monkeypatch):
    db = pooled_database(cluster, monkeypatch)
    monkeypatch.setattr(lane_pool, "connection", db)  # the lane's pool connects where Django does
    lane = lane_module.PlayLane(app=None)  # type: ignore[arg-type]
    one = Read("SELECT 1", [], lambda rows: rows[0][0])

    async def request() -> bool:
        try:
            return await lane.db.fetch(one) == 1
        except Exception:
            return False

    async def play() -> list[bool]:
        try:
            # Requests side by side, so that the pool holds several connections at the restart.
            assert all(await asyncio.gather(*(request() for _ in range(lane_pool.POOL_SIZE * 2))))
            await asyncio.to_thread(cluster.restart)
            answered = []
            for _ in range(REQUESTS // 8):
                answered += await asyncio.gather(*(request() for _ in range(8)))
            return answered
        finally:
            await lane.close()

    try:
        answered = asyncio.run(play())
    finally:
        db.close_pool()
    assert answered.count(False) == 0, f"{answered.count(False)} of {len(answered)} requests failed"


def test_after_a_restart_a_lone_action_on_the_fast_lane_is_served(cluster, monkeypatch):
    """The pool full of connections from before the restart, one request alone: it must not try
    the dead ones one by one (psycopg_pool backs off 1 s, 2 s, 4 s … between tries: the first
    action after a restart waited 30 s and failed with PoolTimeout)."""
    db = pooled_database(cluster, monkeypatch)
    monkeypatch.setattr(lane_pool, "connection", db)
    lane = lane_module.PlayLane(app=None)  # type: ignore[arg-type]
    one = Read("SELECT 1", [], lambda rows: rows[0][0])

    async def play() -> tuple[int, list[object]]:
        try:
            # Requests side by side, until the pool holds all its connections, each idle.
            while (await lane.db.pool()).get_stats()["pool_size"] < lane_pool.POOL_SIZE:
                await asyncio.gather(*(lane.db.fetch(one) for _ in range(lane_pool.POOL_SIZE * 2)))
            # A connection goes back to the pool a moment after its answer: wait for all of them.
            for _ in range(200):
                idle = (await lane.db.pool()).get_stats()["pool_available"]
                if idle == lane_pool.POOL_SIZE:
                    break
                await asyncio.sleep(0.02)
            await asyncio.to_thread(cluster.restart)
            answers = []
            for _ in range(3):  # one at a time: the first alone meets every dead connection
                try:
                    answers.append(await lane.db.fetch(one))
                except Exception as error:
                    answers.append(error)
            return idle, answers
        finally:
            await lane.close()

    try:
        idle, answers = asyncio.run(play())
    finally:
        db.close_pool()
    assert idle == lane_pool.POOL_SIZE
    assert answers == [1, 1, 1]


def test_while_the_database_is_away_the_lane_gives_up_within_its_wait_and_then_recovers(cluster, monkeypatch):
    db = pooled_database(cluster, monkeypatch)
    monkeypatch.setattr(lane_pool, "connection", db)
    waits = lane_pool.POOL_WAIT
    lane = lane_module.PlayLane(app=None)  # type: ignore[arg-type]
    one = Read("SELECT 1", [], lambda rows: rows[0][0])

    async def attempt() -> object:
        try:
            return await lane.db.fetch(one)
        except Exception as error:
            return type(error).__name__

    async def play() -> tuple[object, object, object]:
        try:
            before = await attempt()
            await asyncio.to_thread(cluster.stop)
            monkeypatch.setattr(lane_pool, "POOL_WAIT", 1.0)  # the test's patience while it is away
            away = await attempt()  # Django answers it (its 503)
            monkeypatch.setattr(lane_pool, "POOL_WAIT", waits)
            await asyncio.to_thread(cluster.start)
            return before, away, await attempt()
        finally:
            await lane.close()

    try:
        before, away, after = asyncio.run(play())
    finally:
        db.close_pool()
    assert before == 1
    assert away in ("PoolTimeout", "OperationalError")
    assert after == 1


def test_a_connection_used_a_moment_ago_is_not_tried_again_and_one_found_broken_is_replaced(
    cluster, monkeypatch
):
    """Under load each statement would cost a round trip more if every connection were tried
    before use: one back in the pool within TRIED_WITHIN is used as it is. Should PostgreSQL
    restart in that moment, the statement finds it broken and runs again on a fresh pool."""
    from psycopg_pool import AsyncConnectionPool

    db = pooled_database(cluster, monkeypatch)
    monkeypatch.setattr(lane_pool, "connection", db)
    tried = []
    check = AsyncConnectionPool.check_connection

    async def counted(conn):
        tried.append(conn)
        return await check(conn)

    monkeypatch.setattr(AsyncConnectionPool, "check_connection", staticmethod(counted))
    lane = lane_module.PlayLane(app=None)  # type: ignore[arg-type]
    one = Read("SELECT 1", [], lambda rows: rows[0][0])

    async def play() -> tuple[list[int], tuple[int, int], list[object]]:
        try:
            answers = [await lane.db.fetch(one) for _ in range(5)]  # one after another
            before = len(tried), len({id(conn) for conn in tried})
            monkeypatch.setattr(lane_pool, "TRIED_WITHIN", 3600.0)  # every idle one "a moment ago"
            await asyncio.to_thread(cluster.restart)
            after = []
            for _ in range(3):
                try:
                    after.append(await lane.db.fetch(one))
                except Exception as error:
                    after.append(error)
            return answers, before, after
        finally:
            await lane.close()

    try:
        answers, before, after = asyncio.run(play())
    finally:
        db.close_pool()
    assert answers == [1] * 5
    # Each new connection tried once (a second may open while the first goes back to the pool),
    # none again when it is used a moment later.
    assert before[0] == before[1] < 5
    assert after == [1, 1, 1]  # the broken one found in use, the pool replaced, the statement run again
