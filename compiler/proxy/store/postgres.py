"""The shared store: PostgreSQL through psycopg 3's asynchronous side (``--store postgresql://…``),
for replicas.

A small pool of connections (``psycopg_pool.AsyncConnectionPool``, ``POOL_SIZE``) runs the
store's statements, autocommit; one more connection ``LISTEN``s on the ``compile_ui`` channel and
hands every ``NOTIFY`` to the proxy (an answer landed, an event, a layout was set) — no polling.
The schema is created or migrated by the first statement, inside a transaction holding an
advisory lock, so replicas starting together do it once, in turn.

Every statement has a deadline on both ends: the server's ``statement_timeout``
(``STATEMENT_TIMEOUT_MS``) and the client's (``base.DEADLINE_S``; ``PING_S`` for ``ping``). The
client's is what holds against a hung server — one stopped, or under a lock, whose kernel still
acknowledges, so no TCP timeout ever fires: the statement is abandoned to unwind in the
background (psycopg cancels it, then drops the connection), and the caller has its
``StoreError`` at the deadline. Nothing here blocks the event loop, so a replica whose store
hangs serves forwarded calls and cached pages as before.

After a failure of the connection (unreachable, dropped, no answer in time) statements fail at
once, with the same reason, for ``RETRY_S``; then the next one tries again, on a fresh pool if
the old one could not connect, so the store comes back by itself within about ``RETRY_S`` of the
server. The listener reconnects too (backing off to ``RETRY_S``).

The DSN's password never reaches a log line: only ``base.redact``'s form of the URL does, and
psycopg's messages name the host, port and user, not the password.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from compiler.errors import fail

from .base import (
    CHANNEL,
    DEADLINE_S,
    PING_S,
    POSTGRES_EXTRA,
    RENDERS_SCHEMA,
    SCHEMA,
    SCHEMA_VERSION,
    Change,
    SqlStore,
    StoreError,
    redact,
)

if TYPE_CHECKING:
    import psycopg
    from psycopg_pool import AsyncConnectionPool

log = logging.getLogger("compile_ui.proxy")

POOL_SIZE = 4
"""Statements are single round trips; four connections carry a replica's few (page misses,
refinements, renders, events), and leave room for those abandoned to a hung server to unwind."""
STATEMENT_TIMEOUT_MS = 3000
"""The server's deadline: shorter than the client's (``DEADLINE_S``), so a slow server says so."""
POOL_WAIT_S = 2.5
"""How long a statement waits for a connection of the pool (being opened, or all busy)."""
CONNECT_TIMEOUT_S = 3
RETRY_S = 1.0
LOCK_KEY = 0x63756931
"""The advisory lock held while the schema is created or migrated ("cui1")."""
KEEPALIVES = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 2,
              "tcp_user_timeout": 5000}
"""A server that vanishes without closing the connection is noticed within seconds, idle or not."""


def _psycopg() -> Any:
    try:
        import psycopg
        import psycopg_pool  # noqa: F401
    except ImportError:
        fail("--store postgresql:// needs psycopg and psycopg-pool: {extra}", extra=POSTGRES_EXTRA)
    return psycopg


class PostgresStore(SqlStore):
    def __init__(self, dsn: str) -> None:
        self.psycopg = _psycopg()
        self.dsn = dsn
        self.url = redact(dsn)
        self._pool: AsyncConnectionPool[Any] | None = None
        """Opened by the first statement (a pool belongs to the event loop it runs on)."""
        self._opening = asyncio.Lock()
        self._migrated = False
        self._migrating = asyncio.Lock()
        self._down: str | None = None
        """Why the store failed last (logged once per outage), or ``None`` while it answers."""
        self._retry_at = 0.0
        self._abandoned: set[asyncio.Future[Any]] = set()
        """Statements past their deadline, unwinding (cancelled, then their connection dropped)."""

    # ------------------------------------------------------------------ statements

    async def run(self, sql: str, params: Sequence[Any] = (), *, deadline_s: float | None = None) -> list[tuple[Any, ...]]:
        deadline_s = deadline_s or DEADLINE_S
        if self._down is not None and time.monotonic() < self._retry_at:
            raise StoreError(self._down)
        statement = asyncio.ensure_future(self._statement(sql.encode(), tuple(params)))
        try:
            done, _ = await asyncio.wait({statement}, timeout=deadline_s)
        except asyncio.CancelledError:
            self._abandon(statement)
            raise
        if not done:
            self._abandon(statement)
            why = f"no answer within {deadline_s:g} s"
            self._went_down(why)
            raise StoreError(why)
        try:
            rows = statement.result()
        except _Unreachable as error:  # noted here, not in the statement: one abandoned earlier may fail late
            self._went_down(str(error))
            raise StoreError(str(error)) from error
        if self._down is not None:
            log.info("the store %s answers again", self.url)
            self._down = None
        return rows

    async def _statement(self, sql: bytes, params: tuple[Any, ...]) -> list[tuple[Any, ...]]:
        """One statement on a connection of the pool; a connection the server dropped (a
        restart) gets one fresh try."""
        psycopg = self.psycopg
        pool = await self._opened()
        try:
            for attempt in (1, 2):
                async with pool.connection() as conn:
                    try:
                        await self._schema(conn)
                        cursor = await conn.execute(sql, params)
                        return await cursor.fetchall() if cursor.description else []
                    except psycopg.OperationalError:
                        if attempt == 2 or not conn.broken:
                            raise
        except psycopg.OperationalError as error:  # unreachable, dropped, or no connection in time
            if self._pool is pool and _no_connection(error):  # its reconnections may be backing off: start afresh
                self._pool = None
                self._abandon(asyncio.ensure_future(pool.close(timeout=1.0)), cancel=False)
            raise _Unreachable(_one_line(error)) from error
        except psycopg.Error as error:
            raise StoreError(_one_line(error)) from error
        raise AssertionError("unreachable")

    async def _opened(self) -> AsyncConnectionPool[Any]:
        """The pool, opened (its first connection is made in the background: ``POOL_WAIT_S``)."""
        async with self._opening:  # one pool, and none used before it is open
            if self._pool is None:
                from psycopg_pool import AsyncConnectionPool

                pool = AsyncConnectionPool(
                    self.dsn, min_size=1, max_size=POOL_SIZE, open=False, timeout=POOL_WAIT_S, name="compile-ui-store",
                    kwargs={"autocommit": True, "connect_timeout": CONNECT_TIMEOUT_S, **KEEPALIVES},
                    configure=_configure)
                await pool.open(wait=False)
                self._pool = pool
            return self._pool

    def _abandon(self, statement: asyncio.Future[Any], *, cancel: bool = True) -> None:
        if cancel:
            statement.cancel()
        self._abandoned.add(statement)
        statement.add_done_callback(self._unwound)

    def _unwound(self, statement: asyncio.Future[Any]) -> None:
        self._abandoned.discard(statement)
        if not statement.cancelled():
            statement.exception()  # retrieved: it was reported at the deadline

    def _went_down(self, why: str) -> None:
        if self._down is None:
            log.warning("the store %s does not answer (%s); serving on, retrying every %g s", self.url, why, RETRY_S)
        self._down, self._retry_at = why, time.monotonic() + RETRY_S

    async def announce(self, kind: str, subject: str) -> None:
        try:
            await self.run("SELECT pg_notify(%s, %s)", (CHANNEL, f"{kind}:{subject}"[:7999]))
        except StoreError as error:
            log.warning("store announcement failed (%s); other replicas see the change on their next read", error)

    async def ping(self) -> None:
        await self.run("SELECT 1", deadline_s=PING_S)

    async def _schema(self, conn: psycopg.AsyncConnection[Any]) -> None:
        """Create or migrate the schema, once per process, one replica at a time (the advisory lock)."""
        if self._migrated:
            return
        async with self._migrating:
            if self._migrated:
                return
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
                await conn.execute("CREATE TABLE IF NOT EXISTS compile_ui_schema (version INTEGER NOT NULL)")
                row = await (await conn.execute("SELECT max(version) FROM compile_ui_schema")).fetchone()
                version = row[0] if row and row[0] is not None else 0
                if version > SCHEMA_VERSION:
                    raise self.psycopg.DataError(f"the store's schema is version {version}, newer than this "
                                                 f"compile-ui's ({SCHEMA_VERSION}): upgrade compile-ui")
                if version < SCHEMA_VERSION:
                    for statement in (*SCHEMA, *RENDERS_SCHEMA):  # idempotent: older versions gain what is new
                        await conn.execute(statement.format(temp="", schema="").encode())
                    await conn.execute("DELETE FROM compile_ui_schema")
                    await conn.execute("INSERT INTO compile_ui_schema VALUES (%s)", (SCHEMA_VERSION,))
                    log.info("the store %s: schema %s → %s", self.url, version or "none", SCHEMA_VERSION)
            self._migrated = True

    # ------------------------------------------------------------------ announcements

    async def listen(self, on_change: Change) -> None:
        psycopg = self.psycopg
        delay = 0.1
        while True:
            try:
                aconn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True,
                                                              connect_timeout=CONNECT_TIMEOUT_S, **KEEPALIVES)
                async with aconn:
                    await aconn.execute(f"LISTEN {CHANNEL}".encode())
                    delay = 0.1
                    await self._statements_answer()
                    _hand(on_change, "connected", "")  # whoever hears it may read the store at once
                    async for notice in aconn.notifies():
                        kind, _, subject = notice.payload.partition(":")
                        _hand(on_change, kind, subject)
            except (psycopg.Error, OSError) as error:
                log.debug("the store's announcements stopped (%s); listening again in %.1f s", _one_line(error), delay)
            await asyncio.sleep(delay)
            delay = min(delay * 2, RETRY_S)

    async def _statements_answer(self) -> None:
        """Until a statement succeeds (the statements' connection may come back after this one)."""
        while True:
            try:
                await self.ping()
                return
            except StoreError:
                await asyncio.sleep(0.2)

    async def close(self) -> None:
        pool, self._pool = self._pool, None
        for statement in list(self._abandoned):
            statement.cancel()
        if pool is not None:
            await pool.close(timeout=1.0)


class _Unreachable(StoreError):
    """The connection failed (not the statement): the store is down for ``RETRY_S``."""


async def _configure(conn: psycopg.AsyncConnection[Any]) -> None:
    """Each new connection of the pool: the server's side of every statement's deadline."""
    await conn.execute(f"SET statement_timeout = {STATEMENT_TIMEOUT_MS}".encode())


def _no_connection(error: BaseException) -> bool:
    """The pool had no connection to give in time."""
    from psycopg_pool import PoolTimeout

    return isinstance(error, PoolTimeout)


def _hand(on_change: Change, kind: str, subject: str) -> None:
    """One change to the proxy; its failure is logged, and the next changes are still heard."""
    try:
        on_change(kind, subject)
    except Exception as error:  # noqa: BLE001 - the listener outlives any one change
        log.error("handling the store's change %s:%s failed: %r", kind, subject, error)


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


__all__ = ["PostgresStore"]
