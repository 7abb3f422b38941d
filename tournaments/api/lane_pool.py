"""The fast lane's connections to the site's database (``tournaments/api/lane.py``): a pool of
asynchronous autocommit connections per event loop, each statement prepared; a connection tried
before use unless it answered a moment ago, and the pool replaced at once when PostgreSQL has
restarted or gives no connection in time (then the request goes on to Django)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections.abc import AsyncIterator
from typing import Any, TypeVar

from django.db import connection

from tournaments.plainsql import Read

log = logging.getLogger(__name__)

T = TypeVar("T")

POOL_SIZE = 8  # connections per process (each statement holds one for about a millisecond)
# Seconds a request waits for one of them; past it Django answers the request (a statement holds a
# connection for about a millisecond, so a wait this long means the database is away).
POOL_WAIT = 3.0
# A connection back in the pool for less than this many seconds is used without being tried
# first (it answered a moment ago); one idle for longer is tried, as Django's pool tries its own.
TRIED_WITHIN = 1.0


class LanePools:
    """The lane's pools of connections to the site's database, one per event loop."""

    def __init__(self) -> None:
        self._pools: dict[asyncio.AbstractEventLoop, Any] = {}
        # When each connection last came back to its pool (by id; the connection itself kept
        # to tell a new one that took a closed one's id).
        self._returned: dict[int, tuple[Any, float]] = {}

    async def fetch(self, read: Read[T]) -> T:
        """Run ``read`` on a pooled connection (prepared); return what its rows make.

        A connection used a moment ago is not tried first (:meth:`connection`); should it turn
        out broken (PostgreSQL restarted in that moment), the pool is replaced and the statement
        runs once more on a tried connection. Nothing ran twice: a broken connection ran
        nothing, or ran it and the ledger answers the second (an action's ``seq`` is taken:
        the view answers it, ``rows.action_insert``)."""
        from psycopg import OperationalError

        for attempt in range(2):
            async with self.connection(trusted=attempt == 0) as (pool, conn):
                try:
                    cursor = await conn.execute(read.sql, read.params, prepare=True)
                    rows = await cursor.fetchall()
                except OperationalError:
                    if attempt or not conn.broken:
                        raise
                    await self.renew(pool)
                    continue
            return read.build(rows)
        raise AssertionError("unreachable")

    @contextlib.asynccontextmanager
    async def connection(self, *, trusted: bool = False) -> AsyncIterator[tuple[Any, Any]]:
        """A connection of this loop's pool (with the pool), tried before it is used, as Django's
        pool tries its own (config.py) — unless ``trusted`` and it came back to the pool less
        than :data:`TRIED_WITHIN` seconds ago (under load, every statement would cost a round
        trip more; :meth:`fetch` copes with one found broken). One found dead means PostgreSQL
        restarted, and every idle one is dead too: rather than try them one by one (psycopg_pool
        waits 1 s, 2 s, 4 s … between tries, so a lone request after a restart timed out after
        30 s), the pool is replaced by a fresh one, whose connection is made at once. A pool
        that gives no connection within :data:`POOL_WAIT` (its reconnections backing off after
        an outage) is replaced the same way, and the request goes on to Django. Raises psycopg's
        errors or PoolTimeout."""
        from psycopg import Error as DatabaseError
        from psycopg_pool import AsyncConnectionPool, PoolClosed, PoolTimeout

        for _attempt in range(3):
            pool = await self.pool()
            try:
                conn = await pool.getconn(timeout=POOL_WAIT)
            except PoolClosed:
                continue  # replaced by another request meanwhile: take the new one
            except PoolTimeout:
                await self.renew(pool)
                raise
            back = self._returned.get(id(conn))
            if not (
                trusted and back is not None and back[0] is conn and time.monotonic() - back[1] < TRIED_WITHIN
            ):
                try:
                    await AsyncConnectionPool.check_connection(conn)
                except DatabaseError:
                    await pool.putconn(conn)  # broken: the pool closes it
                    await self.renew(pool)
                    continue
            try:
                yield pool, conn
            finally:
                if len(self._returned) > 8 * POOL_SIZE:  # connections of replaced pools, gone
                    self._returned.clear()
                self._returned[id(conn)] = (conn, time.monotonic())
                await pool.putconn(conn)
            return
        raise PoolTimeout("no working connection to the database")

    async def renew(self, dead: Any) -> Any:
        """Replace this loop's pool ``dead`` by a new one (unless another request has already);
        return the loop's pool now."""
        loop = asyncio.get_running_loop()
        current = self._pools.get(loop)
        if current is not None and current is dead:
            del self._pools[loop]
            log.warning("fast lane: the database connections were lost (a restart?); connecting anew")
            # Its idle connections are closed; those in use are closed as they come back.
            await current.close(timeout=0)
        return await self.pool()

    async def pool(self) -> Any:
        """This event loop's pool of autocommit connections to the site's database (each is
        tried before use: :meth:`connection`)."""
        loop = asyncio.get_running_loop()
        pool = self._pools.get(loop)
        if pool is None:
            from psycopg import AsyncConnection
            from psycopg_pool import AsyncConnectionPool

            params = {
                k: v
                for k, v in connection.get_connection_params().items()
                if k not in ("cursor_factory", "pool")
            }
            pool = AsyncConnectionPool(
                kwargs={**params, "autocommit": True},
                connection_class=AsyncConnection,
                min_size=1,
                max_size=POOL_SIZE,
                open=False,
                name="respons-lane",
            )
            self._pools[loop] = pool
            await pool.open()
        return pool

    async def close(self) -> None:
        """Close this event loop's pool."""
        pool = self._pools.pop(asyncio.get_running_loop(), None)
        if pool is not None:
            await pool.close()
