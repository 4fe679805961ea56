"""Text a person reads, derived from names in schemas (shared by normalize and compile)."""

from __future__ import annotations

import re
from functools import lru_cache

_WORD = re.compile(r"[A-Z]{2,}s(?![a-z])|[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_CODE = re.compile(r"([A-Za-z]{1,3})(\d+)")
"""A code of a few letters and a number: one word ("C8", "p95", "ID2"), as views.js's human() reads it."""
_ACRONYMS = frozenset(
    {"id", "url", "uri", "api", "http", "https", "json", "html", "css", "sql", "ip", "ui", "utc", "dst", "ceo",
     "uuid", "pdf", "csv", "xml", "sha", "dns", "tcp", "udp", "ssh", "gpu", "cpu", "mcp", "dpi", "os", "ttl",
     "llm", "mrr", "arr", "roi", "kpi", "sku"}
)
"""Words written in capitals ("ID"), and so their plurals ("IDs"): the same list as views.js's ACRONYM."""
_STD_DEV = re.compile(r"std?dev", re.I)
"""A standard deviation's one word (``stddev``, ``stdev``) as two: "Std dev", as views.js's human() writes it."""
MAX_LABEL = 120


@lru_cache(maxsize=4096)  # pure, and the same names recur across tools and nested schemas
def humanize(name: str) -> str:
    """``maxResults`` / ``max_results`` / ``max-results`` → ``Max results``; ``repo_url`` → ``Repo URL``;
    a code of a few letters and a number stays one word: ``C8``, ``p95`` → ``P95``, ``cpu0`` → ``CPU0``."""
    if code := _CODE.fullmatch(name):
        letters, number = code.groups()
        return (capitals(letters) or letters[:1].upper() + letters[1:]) + number
    words = _WORD.findall(name)
    if not words:
        return clip(name.strip(), MAX_LABEL) or name
    shown = [capitals(w) or ("std dev" if _STD_DEV.fullmatch(w) else w.lower()) for w in words]
    first = shown[0]
    shown[0] = first if first.isupper() else first[:1].upper() + first[1:]
    return clip(" ".join(shown), MAX_LABEL)


def capitals(word: str) -> str | None:
    """``word`` as an acronym is written (``id`` → ``ID``, ``urls`` → ``URLs``); None when it is none."""
    if word.lower() in _ACRONYMS:
        return word.upper()
    if word[-1:] in "sS" and word[:-1].lower() in _ACRONYMS:
        return word[:-1].upper() + "s"
    return None


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
