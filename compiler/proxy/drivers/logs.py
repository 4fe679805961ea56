"""Logging to stderr only (stdout is the protocol): plain text or JSON lines."""

from __future__ import annotations

import json
import logging
import re
import sys
import time
from collections.abc import Iterable

_URL_PASSWORD = re.compile(r"\b([a-z][a-z0-9+.-]*://[^/\s:@]*:)[^@\s/]+@", re.I)
_SECRET_VALUE = re.compile(r"\b((?:password|passwd|pwd|token|secret|api[_-]?key)[\"']?\s*[=:]\s*[\"']?|bearer\s+)[^\s\"'&,;]+", re.I)
SECRET_MIN = 4
"""A known secret shorter than this is not searched for (it would blank ordinary words)."""


class JsonLines(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "ts": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created)) + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        for key in ("cid", "tool"):
            if hasattr(record, key):
                entry[key] = getattr(record, key)
        return json.dumps(entry, ensure_ascii=False)


class Text(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        cid = f" [{record.cid}]" if hasattr(record, "cid") else ""
        return f"compile-ui proxy: {record.levelname}{cid} {record.getMessage()}"


def configure(fmt: str, level: str) -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonLines() if fmt == "json" else Text())
    for name in ("compile_ui", "mcp", "uvicorn", "httpx2"):  # every line the process writes, at one level
        logger = logging.getLogger(name)
        logger.handlers[:] = [handler]
        logger.setLevel(level.upper() if name == "compile_ui" else max(logging.WARNING, logging.getLevelName(level.upper())))
        logger.propagate = False


def scrub(text: str, secrets: Iterable[str] = ()) -> str:
    """``text`` with what the logs never show replaced by ``***``: a URL's password (as
    ``store.redact`` does), the value after ``password=``, ``token:``, ``api_key=``, ``Bearer``,
    and each of ``secrets`` (the proxy's own: its token, the store's password, header values)."""
    text = _URL_PASSWORD.sub(r"\1***@", text)
    text = _SECRET_VALUE.sub(r"\1***", text)
    for secret in secrets:
        if len(secret) >= SECRET_MIN:
            text = text.replace(secret, "***")
    return text
