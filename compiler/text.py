"""Text a person reads, derived from names in schemas (shared by normalize and compile)."""

from __future__ import annotations

import re
from functools import lru_cache

_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_CODE = re.compile(r"[A-Za-z]{1,3}\d+")
"""A code of a few letters and a number: one word ("C8", "p95"), as views.js's human() reads it."""
_ACRONYMS = frozenset(
    {"id", "ids", "url", "urls", "uri", "api", "http", "https", "json", "html", "css", "sql", "ip",
     "ui", "utc", "dst", "ceo", "uuid", "pdf", "csv", "xml", "sha", "dns", "tcp", "udp", "ssh", "gpu", "cpu", "mcp", "dpi", "os", "ttl", "llm",
     "mrr", "arr", "roi", "kpi", "sku"}
)
MAX_LABEL = 120


@lru_cache(maxsize=4096)  # pure, and the same names recur across tools and nested schemas
def humanize(name: str) -> str:
    """``maxResults`` / ``max_results`` / ``max-results`` → ``Max results``; ``repo_url`` → ``Repo URL``;
    a code of a few letters and a number stays one word: ``C8``, ``p95`` → ``P95``."""
    if _CODE.fullmatch(name):
        return name[:1].upper() + name[1:]
    words = _WORD.findall(name)
    if not words:
        return clip(name.strip(), MAX_LABEL) or name
    shown = [w.upper() if w.lower() in _ACRONYMS else w.lower() for w in words]
    first = shown[0]
    shown[0] = first if first.isupper() else first[:1].upper() + first[1:]
    return clip(" ".join(shown), MAX_LABEL)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
