"""The page cache: an in-memory LRU, and an optional SQLite file that survives restarts.

Memory holds whole pages, bounded by entry count, entry size and total bytes. The file holds only
what is expensive to remake — layout generations (spec, sources, usage) by cache key — and each
tool's refinement history; a page is re-rendered from its spec in milliseconds. The file carries
a schema version; a corrupt or foreign file is moved aside with a warning and rebuilt. Nothing in
the interface assumes one process: several proxies may share the file (SQLite locks), since pages
are pure functions of (tool, spec).
"""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

log = logging.getLogger("compile_ui.proxy")

MAX_ENTRIES = 100
MAX_ENTRY_BYTES = 500 * 1024
MAX_TOTAL_BYTES = 50 * 1024 * 1024
SCHEMA_VERSION = 1
APPLICATION_ID = 0x63756931  # "cui1": marks the file as ours


@dataclass
class Entry:
    page: bytes
    generation: dict[str, Any]
    generated_at: float


class PageCache:
    def __init__(
        self,
        max_entries: int = MAX_ENTRIES,
        max_entry_bytes: int = MAX_ENTRY_BYTES,
        max_total_bytes: int = MAX_TOTAL_BYTES,
    ) -> None:
        self._entries: OrderedDict[str, Entry] = OrderedDict()
        self.max_entries, self.max_entry_bytes, self.max_total_bytes = max_entries, max_entry_bytes, max_total_bytes
        self.total_bytes = 0

    def get(self, key: str) -> Entry | None:
        entry = self._entries.get(key)
        if entry is not None:
            self._entries.move_to_end(key)
        return entry

    def put(self, key: str, entry: Entry) -> bool:
        """Keep ``entry`` unless it alone is over the entry bound; evict least recently used."""
        if len(entry.page) > self.max_entry_bytes:
            return False
        self.discard(key)
        self._entries[key] = entry
        self.total_bytes += len(entry.page)
        while len(self._entries) > self.max_entries or self.total_bytes > self.max_total_bytes:
            _, old = self._entries.popitem(last=False)
            self.total_bytes -= len(old.page)
        return True

    def discard(self, key: str) -> None:
        old = self._entries.pop(key, None)
        if old is not None:
            self.total_bytes -= len(old.page)

    def __contains__(self, key: str) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)


class SpecStore:
    """Layout generations and refinement histories in SQLite."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.db = self._open()

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            return self._connect()
        except sqlite3.DatabaseError as error:
            moved = self.path.with_name(f"{self.path.name}.bad-{int(time.time())}")
            log.warning("cache file %s is unusable (%s); moved aside to %s and rebuilt", self.path, error, moved)
            self.path.rename(moved)
            return self._connect()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=5, isolation_level=None, check_same_thread=False)
        try:
            app, version = db.execute("PRAGMA application_id").fetchone()[0], db.execute("PRAGMA user_version").fetchone()[0]
            tables = db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
            if tables and (app != APPLICATION_ID or version != SCHEMA_VERSION):
                raise sqlite3.DatabaseError(f"not a compile-ui cache of schema version {SCHEMA_VERSION}")
            db.executescript(
                f"""
                PRAGMA application_id = {APPLICATION_ID};
                PRAGMA user_version = {SCHEMA_VERSION};
                PRAGMA journal_mode = WAL;
                CREATE TABLE IF NOT EXISTS generations (key TEXT PRIMARY KEY, tool TEXT, record TEXT, created REAL);
                CREATE TABLE IF NOT EXISTS refinements (tool TEXT PRIMARY KEY, history TEXT);
                CREATE TABLE IF NOT EXISTS layouts (tool TEXT PRIMARY KEY, spec TEXT);
                """
            )
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def generation(self, key: str) -> dict[str, Any] | None:
        try:
            row = self.db.execute("SELECT record FROM generations WHERE key = ?", (key,)).fetchone()
            return json.loads(row[0]) if row else None
        except (sqlite3.Error, ValueError) as error:
            log.warning("cache read failed (%s); generating afresh", error)
            return None

    def save_generation(self, key: str, tool: str, record: dict[str, Any]) -> None:
        self._write("INSERT OR REPLACE INTO generations VALUES (?, ?, ?, ?)", (key, tool, json.dumps(record), time.time()))

    def refinements(self) -> dict[str, list[str]]:
        try:
            return {tool: json.loads(history) for tool, history in self.db.execute("SELECT tool, history FROM refinements")}
        except (sqlite3.Error, ValueError) as error:
            log.warning("cache read failed (%s); starting without refinements", error)
            return {}

    def save_refinements(self, tool: str, history: list[str]) -> None:
        self._write("INSERT OR REPLACE INTO refinements VALUES (?, ?)", (tool, json.dumps(history)))

    def layouts(self) -> dict[str, dict[str, Any]]:
        """The LayoutSpecs set with ``_ui_refine {layout}``, by tool."""
        try:
            return {tool: json.loads(spec) for tool, spec in self.db.execute("SELECT tool, spec FROM layouts")}
        except (sqlite3.Error, ValueError) as error:
            log.warning("cache read failed (%s); starting without set layouts", error)
            return {}

    def save_layout(self, tool: str, spec: dict[str, Any] | None) -> None:
        if spec is None:
            self._write("DELETE FROM layouts WHERE tool = ?", (tool,))
        else:
            self._write("INSERT OR REPLACE INTO layouts VALUES (?, ?)", (tool, json.dumps(spec, sort_keys=True)))

    def _write(self, sql: str, values: tuple[Any, ...]) -> None:
        try:
            self.db.execute(sql, values)
        except sqlite3.Error as error:  # disk full, read-only, locked: serve on, say so
            log.warning("cache write failed (%s); the page is served, but not kept across restarts", error)

    def close(self) -> None:
        self.db.close()
