"""The store engine a ``--store`` URL names (``base.py`` says what a store keeps)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

from compiler.errors import fail

from .base import Store, check_url, redact, sqlite_path


def open_store(url: str) -> Store:
    """The store at ``url``: ``sqlite:///PATH`` or ``postgresql://…`` (``CompileUIError`` for
    any other, or when psycopg is not installed)."""
    check_url(url)
    scheme = urlsplit(url).scheme.lower()
    if scheme == "sqlite":
        from .sqlite import SqliteStore

        return SqliteStore(Path(sqlite_path(url)) if sqlite_path(url) != ":memory:" else ":memory:")
    if scheme in ("postgresql", "postgres"):
        from .postgres import PostgresStore

        return PostgresStore(url)
    fail("--store must be sqlite:///PATH or postgresql://…, got {url!r}", url=redact(url))


__all__ = ["open_store"]
