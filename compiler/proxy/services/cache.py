"""The page cache: an in-memory LRU of whole pages, bounded by entry count, entry size and total
bytes. What is expensive to remake — layout generations (spec, sources, usage) by cache key, each
tool's refinements and set layout — lives in the store (``store/base.py``: an SQLite file, or
PostgreSQL shared by replicas); a page is re-rendered from its spec in milliseconds.

Pages are mostly the same bytes: each inlines the runtime's script and style (tens of KB), one of
a few combinations of modules. The cache keeps each such block once, shared by every page that
inlines it (counted by reference, dropped with the last), and a page's own bytes around them: a
hundred cached pages cost their own bytes and a few runtimes, not a hundred runtimes (issue 42's
memory figure). A read joins the parts back, a copy of one page.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

MAX_ENTRIES = 100
MAX_ENTRY_BYTES = 500 * 1024
MAX_TOTAL_BYTES = 50 * 1024 * 1024
_BLOCKS = re.compile(rb"(<script data-csp=[^>]*>.*?</script>|<style>.*?</style>)", re.DOTALL)
"""The runtime's inlined blocks in a rendered page (``compiler/render.py``): what pages share."""
SHARED_MIN_BYTES = 1024
"""A block shorter than this is kept with its page: sharing it saves less than its bookkeeping."""


@dataclass
class Entry:
    page: bytes
    generation: dict[str, Any]
    generated_at: float


@dataclass
class _Kept:
    parts: tuple[bytes, ...]
    """The page's own bytes and its shared blocks (the very objects in ``PageCache._shared``)."""
    size: int
    generation: dict[str, Any]
    generated_at: float


class PageCache:
    def __init__(
        self,
        max_entries: int = MAX_ENTRIES,
        max_entry_bytes: int = MAX_ENTRY_BYTES,
        max_total_bytes: int = MAX_TOTAL_BYTES,
    ) -> None:
        self._entries: OrderedDict[str, _Kept] = OrderedDict()
        self._shared: dict[bytes, list[Any]] = {}
        """A shared block → [the one kept copy, how many cached pages hold it]."""
        self.max_entries, self.max_entry_bytes, self.max_total_bytes = max_entries, max_entry_bytes, max_total_bytes
        self.total_bytes = 0

    def get(self, key: str) -> Entry | None:
        kept = self._entries.get(key)
        if kept is None:
            return None
        self._entries.move_to_end(key)
        return Entry(b"".join(kept.parts), kept.generation, kept.generated_at)

    def put(self, key: str, entry: Entry) -> bool:
        """Keep ``entry`` unless it alone is over the entry bound; evict least recently used.
        ``total_bytes`` counts every page whole (as served), so the bounds mean what they say."""
        if len(entry.page) > self.max_entry_bytes:
            return False
        self.discard(key)
        self._entries[key] = _Kept(self._share(entry.page), len(entry.page), entry.generation, entry.generated_at)
        self.total_bytes += len(entry.page)
        while len(self._entries) > self.max_entries or self.total_bytes > self.max_total_bytes:
            _, old = self._entries.popitem(last=False)
            self._forget(old)
        return True

    def discard(self, key: str) -> None:
        old = self._entries.pop(key, None)
        if old is not None:
            self._forget(old)

    def _share(self, page: bytes) -> tuple[bytes, ...]:
        """``page`` cut around its runtime blocks, each block replaced by the one shared copy."""
        parts = []
        for i, part in enumerate(_BLOCKS.split(page)):
            if i % 2 and len(part) >= SHARED_MIN_BYTES:
                held = self._shared.setdefault(part, [part, 0])
                held[1] += 1
                part = held[0]
            parts.append(part)
        return tuple(parts)

    def _forget(self, kept: _Kept) -> None:
        self.total_bytes -= kept.size
        for i, part in enumerate(kept.parts):
            held = self._shared.get(part) if i % 2 else None
            if held is not None:
                held[1] -= 1
                if not held[1]:
                    del self._shared[part]

    def __contains__(self, key: str) -> bool:
        return key in self._entries

    def __len__(self) -> int:
        return len(self._entries)
