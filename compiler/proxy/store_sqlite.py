"""The embedded store: one SQLite file beside the user (``sqlite:///PATH``, the default).

The file carries a schema version (``PRAGMA user_version``) and marks itself as ours
(``application_id``). Version 1 (before renders were stored) is migrated in place; a corrupt or
foreign file, or one of a newer version, is moved aside with a warning and rebuilt — it is a cache
and what it holds can be made again. Several processes may share the file (SQLite locks), but
they announce nothing to each other: for replicas, use PostgreSQL.
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .store import SCHEMA, SCHEMA_VERSION, Change, SqlStore, StoreError

log = logging.getLogger("compile_ui.proxy")

APPLICATION_ID = 0x63756931  # "cui1": marks the file as ours


class SqliteStore(SqlStore):
    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.memory = str(path) == ":memory:"
        self.url = "sqlite:///:memory:" if self.memory else f"sqlite:///{self.path}"
        self.db = self._open()

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
            if tables and (app != APPLICATION_ID or not 1 <= version <= SCHEMA_VERSION):
                raise sqlite3.DatabaseError(f"not a compile-ui cache of schema version 1 to {SCHEMA_VERSION}")
            if not self.memory:
                db.execute("PRAGMA journal_mode = WAL")
            db.execute("BEGIN IMMEDIATE")  # one process migrates; the others wait (timeout) and see it done
            for statement in SCHEMA:
                db.execute(statement)
            db.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            db.execute("COMMIT")
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def run(self, sql: str, params: Sequence[Any] = ()) -> list[tuple[Any, ...]]:
        try:
            return self.db.execute(sql.replace("%s", "?"), tuple(params)).fetchall()
        except sqlite3.Error as error:
            raise StoreError(str(error)) from error

    def ping(self) -> None:
        self.run("SELECT 1")

    async def listen(self, on_change: Change) -> None:
        """Nothing to hear: this process is the only one that announces (and it knows)."""
        await asyncio.Event().wait()

    def close(self) -> None:
        self.db.close()


__all__ = ["APPLICATION_ID", "SqliteStore"]
