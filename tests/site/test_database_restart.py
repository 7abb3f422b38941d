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
from tournaments.plainsql import Read

REQUESTS = 200


@dataclass
class Cluster:
    """A PostgreSQL server of the test's own: its port, and a way to restart it."""

    port: int
    data: Path
    run: list[str]  # the command prefix that runs a PostgreSQL tool (as the postgres user under root)

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
    server = Cluster(port=port, data=data, run=run)
    started = False
    try:
        subprocess.run(
            [*run, initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "--no-sync"],
            check=True,
            capture_output=True,
            timeout=120,
        )
        options = f"-p {port} -k {home} -c listen_addresses=127.0.0.1 -c fsync=off"
        server.pg_ctl("-o", options, "-l", str(home / "log"), "-w", "start")
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
    monkeypatch.setattr(lane_module, "connection", db)  # the lane's pool connects where Django does
    lane = lane_module.PlayLane(app=None)  # type: ignore[arg-type]
    one = Read("SELECT 1", [], lambda rows: rows[0][0])

    async def request() -> bool:
        try:
            return await lane._fetch(one) == 1
        except Exception:
            return False

    async def play() -> list[bool]:
        try:
            # Requests side by side, so that the pool holds several connections at the restart.
            assert all(await asyncio.gather(*(request() for _ in range(lane_module.POOL_SIZE * 2))))
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
