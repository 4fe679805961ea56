"""The page cache: an in-memory LRU of whole pages, bounded by entry count, entry size and total
bytes. What is expensive to remake — layout generations (spec, sources, usage) by cache key, each
tool's refinements and set layout — lives in the store (``store/base.py``: an SQLite file, or
PostgreSQL shared by replicas); a page is re-rendered from its spec in milliseconds.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

MAX_ENTRIES = 100
MAX_ENTRY_BYTES = 500 * 1024
MAX_TOTAL_BYTES = 50 * 1024 * 1024


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
