"""The embedded store: one SQLite file beside the user (``sqlite:///PATH``, the default).

The file carries a schema version (``PRAGMA user_version``) and marks itself as ours
(``application_id``); an older version is migrated in place, and a corrupt or foreign file, or
one of a newer version, is moved aside with a warning and rebuilt — it is a cache and what it
holds can be made again.

Several processes may share the file (each host starts its own stdio proxy; SQLite locks), but
they announce nothing to each other. So the renders — questions waiting for one process's
answer — stay in a temporary table of this process's own connection, as they stayed in its
memory before: a second proxy on the same file never shows, takes or collects another's
question. Replicas that must share renders use PostgreSQL.

Statements run on one worker thread of the store's own, never on the event loop: a statement
waiting on another process's lock (``timeout``) or on a stuck disk holds that thread, and the
caller for ``DEADLINE_S`` at most.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import threading
import time
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from .base import DEADLINE_S, PING_S, RENDERS_SCHEMA, SCHEMA, Change, SqlStore, StoreError

log = logging.getLogger("compile_ui.proxy")

APPLICATION_ID = 0x63756931  # "cui1": marks the file as ours
FILE_VERSION = 1
"""1: generations, refinements, layouts (unchanged since the first release, which reads it too)."""


class SqliteStore(SqlStore):
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.memory = str(path) == ":memory:"
        self.url = "sqlite:///:memory:" if self.memory else f"sqlite:///{self.path}"
        self.db = self._open()
        self._lock = threading.Lock()
        """One statement at a time (the worker's, and a test's or a script's on its own thread)."""
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="compile-ui-store")

    def _open(self) -> sqlite3.Connection:
        if self.memory:
            return self._connect()
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return self._connect()
        except sqlite3.DatabaseError as error:
            moved = self.path.with_name(f"{self.path.name}.bad-{int(time.time())}")
            log.warning("cache file %s is unusable (%s); moved aside to %s and rebuilt", self.path, error, moved)
            self.path.rename(moved)
            return self._connect()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(":memory:" if self.memory else self.path, timeout=5, isolation_level=None,
                             check_same_thread=False)
        try:
            app, version = db.execute("PRAGMA application_id").fetchone()[0], db.execute("PRAGMA user_version").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables and (app != APPLICATION_ID or not 1 <= version <= FILE_VERSION):
                raise sqlite3.DatabaseError(f"not a compile-ui cache of schema version 1 to {FILE_VERSION}")
            if not self.memory:
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("BEGIN IMMEDIATE")  # one process migrates; the others wait (timeout) and see it done
            for statement in SCHEMA:
                db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {FILE_VERSION}")
            db.execute("COMMIT")
            for statement in RENDERS_SCHEMA:
                db.execute(statement.format(temp="TEMP ", schema="temp."))
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    async def run(self, sql: str, params: Sequence[Any] = (), *, deadline_s: float | None = None) -> list[tuple[Any, ...]]:
        deadline_s = deadline_s or DEADLINE_S
        statement = asyncio.get_running_loop().run_in_executor(self._worker, self.execute, sql, tuple(params))
        try:
            return await asyncio.wait_for(statement, deadline_s)
        except TimeoutError as error:  # the worker finishes it (or its own timeout does); nobody waits
            log.warning("the store %s did not answer within %g s", self.url, deadline_s)
            raise StoreError(f"no answer within {deadline_s:g} s") from error

    def execute(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        """``run``'s statement, on the caller's thread."""
        try:
            with self._lock:
                return self.db.execute(sql.replace("%s", "?"), tuple(params)).fetchall()
        except sqlite3.Error as error:
            raise StoreError(str(error)) from error

    async def ping(self) -> None:
        await self.run("SELECT 1", deadline_s=PING_S)

    async def listen(self, on_change: Change) -> None:
        """Nothing to hear: this process is the only one that announces (and it knows)."""
        await asyncio.Event().wait()

    async def close(self) -> None:
        await asyncio.get_running_loop().run_in_executor(self._worker, self.db.close)
        self._worker.shutdown(wait=False)


__all__ = ["APPLICATION_ID", "FILE_VERSION", "SqliteStore"]
