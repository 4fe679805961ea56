"""Names a person reads (labels from property names) and names the runtime reads (pointers, ids)."""

from __future__ import annotations

import json
import re
from typing import Any

_WORD = re.compile(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+")
_ACRONYMS = frozenset(
    {"id", "ids", "url", "urls", "uri", "api", "http", "https", "json", "html", "css", "sql", "ip",
     "ui", "utc", "uuid", "pdf", "csv", "xml", "sha", "dns", "tcp", "udp", "ssh", "gpu", "cpu", "mcp", "dpi", "os", "ttl", "llm"}
)
MAX_LABEL = 120
MAX_PLACEHOLDER = 80


def humanize(name: str) -> str:
    """``maxResults`` / ``max_results`` / ``max-results`` → ``Max results``; ``repo_url`` → ``Repo URL``."""
    words = _WORD.findall(name)
    if not words:
        return clip(name.strip(), MAX_LABEL) or name
    shown = [w.upper() if w.lower() in _ACRONYMS else w.lower() for w in words]
    first = shown[0]
    shown[0] = first if first.isupper() else first[:1].upper() + first[1:]
    return clip(" ".join(shown), MAX_LABEL)


def escape_token(name: str) -> str:
    """One JSON Pointer reference token (RFC 6901: ``~`` → ``~0``, ``/`` → ``~1``)."""
    return name.replace("~", "~0").replace("/", "~1")


def child_pointer(pointer: str, token: str | int) -> str:
    return f"{pointer}/{escape_token(str(token))}"


def as_text(value: Any, limit: int = MAX_PLACEHOLDER) -> str:
    """A value as a person would type it: strings as they are, anything else as compact JSON."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return clip(text, limit)


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
