"""Logging to stderr only (stdout is the protocol): plain text or JSON lines."""

from __future__ import annotations

import json
import logging
import sys
import time


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
