"""The shared store: PostgreSQL through psycopg 3 (``--store postgresql://…``), for replicas.

One connection runs the store's statements (autocommit, one at a time; it is opened in a thread,
and a statement waits ``CONNECT_WAIT_S`` for it at most); a second, asynchronous
one ``LISTEN``s on the ``compile_ui`` channel and hands every ``NOTIFY`` to the proxy (an answer
landed, a layout was set) — no polling. The schema is created or migrated on the first
connection, inside a transaction holding an advisory lock, so replicas starting together do it
once, in turn.

When the server is down, a statement fails at once with ``StoreError`` (after a failed connection
attempt the next waits ``RETRY_S``, so a dead server costs no time per request); the next
statement after that reconnects by itself, and so does the listener (backing off to ``RETRY_S``).
The statements are synchronous, on the caller's thread: each is one round trip to a server on
the same network, and the proxy makes few (page misses, refinements, renders; never a forwarded
call or a cached page read).
The DSN's password never reaches a log line: only ``store.redact``'s form of the URL does, and
psycopg's messages name the host, port and user, not the password.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Sequence
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import TYPE_CHECKING, Any

from compiler.errors import fail

from .store import (
    CHANNEL,
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

log = logging.getLogger("compile_ui.proxy")

CONNECT_TIMEOUT_S = 3
CONNECT_WAIT_S = 0.5
"""How long a statement waits for a connection being opened (the event loop waits with it)."""
RETRY_S = 1.0
LOCK_KEY = 0x63756931
"""The advisory lock held while the schema is created or migrated ("cui1")."""
KEEPALIVES = {"keepalives": 1, "keepalives_idle": 5, "keepalives_interval": 2, "keepalives_count": 2,
              "tcp_user_timeout": 5000}
"""A server that vanishes without closing the connection is noticed within seconds, idle or not."""


def _psycopg() -> Any:
    try:
        import psycopg
    except ImportError:
        fail("--store postgresql:// needs psycopg: {extra}", extra=POSTGRES_EXTRA)
    return psycopg


class PostgresStore(SqlStore):
    def __init__(self, dsn: str) -> None:
        self.psycopg = _psycopg()
        self.dsn = dsn
        self.url = redact(dsn)
        self._conn: psycopg.Connection[Any] | None = None
        self._lock = threading.Lock()
        self._retry_at = 0.0
        self._attempt: Future[psycopg.Connection[Any]] | None = None
        """A connection being opened (in a thread of its own), or ``None``."""
        self._down: str | None = None
        """Why the store is unreachable (logged once per outage), or ``None``."""
        try:
            with self._lock:
                self._connection(wait_s=CONNECT_TIMEOUT_S + 1)
        except StoreError as error:
            log.warning("the store %s does not answer yet (%s); serving on, and reconnecting when it does", self.url, error)

    # ------------------------------------------------------------------ statements

    def run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        with self._lock:
            for attempt in (1, 2):
                conn = self._connection()
                try:
                    cursor = conn.execute(sql.encode(), tuple(params))
                    return cursor.fetchall() if cursor.description else []
                except self.psycopg.OperationalError as error:
                    # a connection the server dropped (a restart): one fresh try, then give up
                    self._lost(error)
                    if attempt == 2 or not conn.broken:
                        raise StoreError(_one_line(error)) from error
                except self.psycopg.Error as error:
                    raise StoreError(_one_line(error)) from error
        raise AssertionError("unreachable")

    def announce(self, kind: str, subject: str) -> None:
        try:
            self.run("SELECT pg_notify(%s, %s)", (CHANNEL, f"{kind}:{subject}"[:7999]))
        except StoreError as error:
            log.warning("store announcement failed (%s); other replicas see the change on their next read", error)

    def ping(self) -> None:
        self.run("SELECT 1")

    def _connection(self, wait_s: float = CONNECT_WAIT_S) -> psycopg.Connection[Any]:
        """The open connection; else one being opened in a thread, waited for ``wait_s`` at most
        (a store behind a network that drops packets never holds a caller for its connect
        timeout); ``StoreError`` meanwhile, and for ``RETRY_S`` after a failed attempt."""
        if self._conn is not None and not self._conn.closed:
            return self._conn
        if self._attempt is None:
            if time.monotonic() < self._retry_at and self._down:
                raise StoreError(self._down)
            self._attempt = Future()
            threading.Thread(target=self._open, args=(self._attempt,), name="store-connect", daemon=True).start()
        try:
            conn: psycopg.Connection[Any] = self._attempt.result(timeout=wait_s)
        except FutureTimeout as error:
            raise StoreError(f"connecting to the store ({self._down or 'not yet connected'})") from error
        except self.psycopg.Error as error:
            self._attempt = None
            self._retry_at = time.monotonic() + RETRY_S
            why = _one_line(error)
            if self._down is None:
                log.warning("the store %s is unreachable: %s", self.url, why)
            self._down = why
            raise StoreError(why) from error
        self._attempt = None
        if self._down is not None:
            log.info("the store %s answers again", self.url)
        self._conn, self._down = conn, None
        return conn

    def _open(self, attempt: Future[psycopg.Connection[Any]]) -> None:
        try:
            conn = self.psycopg.connect(self.dsn, autocommit=True, connect_timeout=CONNECT_TIMEOUT_S, **KEEPALIVES)
            self._migrate(conn)
        except BaseException as error:  # noqa: BLE001 - handed to the caller waiting on the attempt
            attempt.set_exception(error)
        else:
            attempt.set_result(conn)

    def _lost(self, error: Exception) -> None:
        if self._conn is not None:
            try:
                self._conn.close()
            except self.psycopg.Error:
                pass
        self._conn = None
        if self._down is None:
            log.warning("the store %s went away: %s", self.url, _one_line(error))
        self._down = _one_line(error)

    def _migrate(self, conn: psycopg.Connection[Any]) -> None:
        """Create or migrate the schema, one replica at a time (the advisory lock)."""
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
            conn.execute("CREATE TABLE IF NOT EXISTS compile_ui_schema (version INTEGER NOT NULL)")
            row = conn.execute("SELECT max(version) FROM compile_ui_schema").fetchone()
            version = row[0] if row and row[0] is not None else 0
            if version > SCHEMA_VERSION:
                raise self.psycopg.DataError(f"the store's schema is version {version}, newer than this compile-ui's "
                                             f"({SCHEMA_VERSION}): upgrade compile-ui")
            if version < SCHEMA_VERSION:
                for statement in (*SCHEMA, *RENDERS_SCHEMA):  # idempotent: version 1 gains its renders
                    conn.execute(statement.format(temp="", schema="").encode())
                conn.execute("DELETE FROM compile_ui_schema")
                conn.execute("INSERT INTO compile_ui_schema VALUES (%s)", (SCHEMA_VERSION,))
                log.info("the store %s: schema %s → %s", self.url, version or "none", SCHEMA_VERSION)

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
                await asyncio.to_thread(self.ping)
                return
            except StoreError:
                await asyncio.sleep(0.2)

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None
            if self._attempt is not None:  # a connection opened after all: closed when it is
                self._attempt.add_done_callback(_close_opened)
                self._attempt = None


def _close_opened(attempt: Future[Any]) -> None:
    if attempt.exception() is None:
        attempt.result().close()


def _hand(on_change: Change, kind: str, subject: str) -> None:
    """One change to the proxy; its failure is logged, and the next changes are still heard."""
    try:
        on_change(kind, subject)
    except Exception as error:  # noqa: BLE001 - the listener outlives any one change
        log.error("handling the store's change %s:%s failed: %r", kind, subject, error)


def _one_line(error: BaseException) -> str:
    return " ".join(str(error).split()) or type(error).__name__


__all__ = ["PostgresStore"]
