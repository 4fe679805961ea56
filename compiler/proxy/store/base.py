"""The store: what a proxy keeps beyond one request, behind one interface, on two engines.

    --store sqlite:///path/layouts.sqlite3   embedded (the default: one user, one machine)
    --store postgresql://user@host/db        shared by every replica of a team's proxy

What lives here is what replicas must share: layout generations by cache key (spec, sources,
usage), each tool's refinement history and set layout (``_ui_refine``), and the renders of
``_ui_render`` with their answers. Pages themselves are not stored: they are pure functions of
(tool, spec), so each replica renders them from the spec in milliseconds.

Two kinds of failure, two contracts:

- the layout half (generations, refinements, layouts) is a cache: a failed read answers "nothing
  stored" and a failed write logs a warning; the proxy serves on and compiles what it needs;
- the render half is the only copy of a question and its answer: a failure raises
  ``StoreError``, and the call that needed it answers with that error.

A change another replica should see (an answer, an event, a set layout, refinements) is
announced: the PostgreSQL engine sends a ``NOTIFY`` and ``listen`` hands each one to the proxy;
the embedded engine announces nothing, so it keeps renders and events to the process that opened
them (temporary tables): processes sharing one SQLite file share layouts, never questions.

Every operation is a coroutine with a deadline (``DEADLINE_S``): the event loop never waits on
the store, so while it hangs (a lock, a failover, a stuck disk) forwarded calls and cached pages
are served as before, and what needs the store fails within the deadline, saying why.
"""

from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol
from urllib.parse import urlsplit, urlunsplit

from compiler.errors import fail

log = logging.getLogger("compile_ui.proxy")

SCHEMA_VERSION = 3
"""PostgreSQL's schema: 1 generations, refinements, layouts; 2 renders; 3 events (the embedded
file keeps its own version, ``sqlite.FILE_VERSION``)."""
CHANNEL = "compile_ui"
"""The PostgreSQL channel of change announcements: payloads ``answer:<id>``, ``event:<seq>``,
``layout:<tool>``, ``refine:<tool>``."""
DEADLINE_S = 4.0
"""The longest any store operation is waited for (the client's side; PostgreSQL's own
``statement_timeout`` is shorter, so a slow server usually says so itself first)."""
PING_S = 1.0
"""The longest ``ping`` (``GET /healthz``) waits: a balancer's probe must not time out first."""
CONFIRM_S = 1.0
"""The longest a page read waits for the store to confirm the tool's layout (``tool_layout``):
past it the replica serves the page it has and logs that it may be stale."""
POSTGRES_EXTRA = "pip install 'compile-ui[postgres]'"

Change = Callable[[str, str], None]
"""``(kind, subject)``: ``("answer", render id)``, ``("event", seq)``, ``("layout", tool)``, ``("refine", tool)``, or
``("connected", "")`` when announcements (re)start and anything may have been missed."""


class StoreError(Exception):
    """The store could not do what was asked (unreachable, refused); the message says why."""


@dataclass(frozen=True)
class RenderRow:
    """A ``_ui_render`` question as stored."""

    id: str
    arguments: str
    """The call's arguments, canonical JSON (what the page's ``_ui_view`` sends back)."""
    host_request_id: Any
    created: float
    """Seconds since the epoch (a wall clock: replicas on several machines compare them)."""
    answer: dict[str, Any] | None = None
    closed: str | None = None
    """Why no answer can come any more: "timed out", "cancelled", "expired", "evicted: …"."""
    shown: int = 0


class Store(Protocol):
    """What the proxy keeps, whichever engine keeps it. Every operation is bounded by ``DEADLINE_S``."""

    url: str
    """The store's URL with any password replaced by ``***`` (safe to log)."""

    # ------------------------------------------------------------------ the layout half (a cache)

    async def generation(self, key: str) -> dict[str, Any] | None: ...

    async def save_generation(self, key: str, tool: str, record: dict[str, Any]) -> None: ...

    async def refinements(self) -> dict[str, list[str]]: ...

    async def save_refinements(self, tool: str, history: list[str]) -> None: ...

    async def layouts(self) -> dict[str, dict[str, Any]]:
        """The LayoutSpecs set with ``_ui_refine {layout}``, by tool."""
        ...

    async def save_layout(self, tool: str, spec: dict[str, Any] | None) -> bool:
        """``False`` when it could not be kept (logged): this process alone knows it then."""
        ...

    async def snapshot(self) -> tuple[dict[str, list[str]], dict[str, dict[str, Any]]]:
        """Refinements and set layouts as stored now; ``StoreError`` (not "none") when unreadable."""
        ...

    async def tool_layout(self, tool: str) -> tuple[list[str], dict[str, Any] | None]:
        """One tool's refinements and set layout as stored now, in one statement of two
        primary-key look-ups, within ``CONFIRM_S``; ``StoreError`` (not "none") when unreadable."""
        ...

    # ------------------------------------------------------------------ the render half (raises StoreError)

    async def add_render(self, row: RenderRow, *, keep: int, expired_before: float) -> None:
        """Store ``row``; first drop renders created before ``expired_before``, and the oldest
        (answered ones first) while ``keep`` or more are stored."""
        ...

    async def render(self, render_id: str) -> RenderRow | None: ...

    async def open_renders(self, arguments: str) -> list[RenderRow]:
        """The renders of these arguments still waiting for an answer, oldest first."""
        ...

    async def mark_shown(self, render_id: str) -> None: ...

    async def answer(self, render_id: str, answer: dict[str, Any]) -> bool:
        """Record the answer, if the render is open and unanswered (and announce it)."""
        ...

    async def close_render(self, render_id: str, why: str) -> bool:
        """Close an open, unanswered render; ``False`` when it was answered or is gone."""
        ...

    async def collect(self, render_id: str) -> RenderRow | None:
        """The render; when it is answered, removed at the same time (an answer is collected once)."""
        ...

    # ------------------------------------------------------------------ events (raise StoreError)

    async def add_event(self, event: dict[str, Any], *, keep: int) -> int:
        """Store ``event`` under the next number (the newest ``keep`` are kept), announce it; its number."""
        ...

    async def events(self, after: int, limit: int) -> tuple[list[dict[str, Any]], int]:
        """The first ``limit`` events numbered above ``after`` (each with its ``seq``), and the latest number."""
        ...

    # ------------------------------------------------------------------ the engine

    async def ping(self) -> None:
        """Return when the store answers; ``StoreError`` saying why it does not (within ``PING_S``)."""
        ...

    async def listen(self, on_change: Change) -> None:
        """Hand every change announced by other processes to ``on_change``, until cancelled."""
        ...

    async def close(self) -> None: ...


def check_url(url: str) -> None:
    """``CompileUIError`` for a ``--store`` URL no engine takes, or whose engine is not installed."""
    scheme = urlsplit(url).scheme.lower()
    if scheme == "sqlite":
        sqlite_path(url)
    elif scheme in ("postgresql", "postgres"):
        try:
            import psycopg  # noqa: F401
        except ImportError:
            fail("--store postgresql:// needs psycopg: {extra}", extra=POSTGRES_EXTRA)
    else:
        fail("--store must be sqlite:///PATH or postgresql://…, got {url!r}", url=redact(url))


def sqlite_path(url: str) -> str:
    """``sqlite:///abs/path`` → ``/abs/path``; ``sqlite:///:memory:`` → ``:memory:``;
    ``sqlite://relative/path`` → ``relative/path``."""
    rest = url.split("://", 1)[1] if "://" in url else ""
    if rest.startswith("/:memory:"):
        return ":memory:"
    if not rest or rest == "/":
        fail("--store sqlite:// needs a file: sqlite:///path/to/layouts.sqlite3")
    return rest


def redact(url: str) -> str:
    """``url`` with its password (and a ``password=`` query value) replaced by ``***``."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return "<an unparsable URL>"
    netloc = parts.netloc
    if parts.password is not None:
        user, _, host = netloc.rpartition("@")
        netloc = f"{user.split(':', 1)[0]}:***@{host}"
    query = "&".join(f"{k}=***" if k.lower() == "password" else f"{k}={v}" if sep else k
                     for k, sep, v in (item.partition("=") for item in parts.query.split("&") if item))
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))


# --------------------------------------------------------------------------- the SQL both engines run

SCHEMA = (
    "CREATE TABLE IF NOT EXISTS generations (key TEXT PRIMARY KEY, tool TEXT, record TEXT, created DOUBLE PRECISION)",
    "CREATE TABLE IF NOT EXISTS refinements (tool TEXT PRIMARY KEY, history TEXT)",
    "CREATE TABLE IF NOT EXISTS layouts (tool TEXT PRIMARY KEY, spec TEXT)",
)
RENDERS_SCHEMA = (
    "CREATE {temp}TABLE IF NOT EXISTS renders (id TEXT PRIMARY KEY, arguments TEXT NOT NULL, host_request_id TEXT, "
    "created DOUBLE PRECISION NOT NULL, answer TEXT, closed TEXT, shown INTEGER NOT NULL DEFAULT 0)",
    "CREATE INDEX IF NOT EXISTS {schema}renders_created ON renders (created)",
    "CREATE {temp}TABLE IF NOT EXISTS events (seq BIGINT PRIMARY KEY, event TEXT NOT NULL)",
)
"""``{temp}``/``{schema}``: PostgreSQL keeps renders and events in the database (``""``); the
embedded engine in temporary tables of its own connection (``"TEMP "``/``"temp."``), see
``sqlite``."""
_RENDER_COLUMNS = "id, arguments, host_request_id, created, answer, closed, shown"


class SqlStore:
    """The store's operations in SQL both engines speak (``%s`` parameters, ``ON CONFLICT``,
    ``RETURNING``); an engine supplies ``run``, ``announce``, ``ping``, ``listen`` and ``close``."""

    url: str

    async def run(self, sql: str, params: Sequence[Any] = (), *, deadline_s: float | None = None) -> list[tuple[Any, ...]]:
        """The rows ``sql`` returns (none for a statement); ``StoreError`` on any failure, and
        when the store has not answered within ``deadline_s`` (``DEADLINE_S`` when not given)."""
        raise NotImplementedError

    async def announce(self, kind: str, subject: str) -> None:
        """Tell the other processes of this store that ``subject`` changed (best effort)."""

    # ------------------------------------------------------------------ the layout half

    async def generation(self, key: str) -> dict[str, Any] | None:
        rows = await self._read("SELECT record FROM generations WHERE key = %s", (key,), "generating afresh")
        return _json_object(rows[0][0]) if rows else None

    async def save_generation(self, key: str, tool: str, record: dict[str, Any]) -> None:
        await self._write("INSERT INTO generations VALUES (%s, %s, %s, %s) ON CONFLICT (key) DO UPDATE SET "
                          "tool = excluded.tool, record = excluded.record, created = excluded.created",
                          (key, tool, json.dumps(record), time.time()))

    async def refinements(self) -> dict[str, list[str]]:
        rows = await self._read("SELECT tool, history FROM refinements", (), "starting without refinements")
        return {tool: history for tool, text in rows if isinstance(history := _json(text), list)}

    async def save_refinements(self, tool: str, history: list[str]) -> None:
        if await self._write("INSERT INTO refinements VALUES (%s, %s) ON CONFLICT (tool) DO UPDATE SET history = excluded.history",
                             (tool, json.dumps(history))):
            await self.announce("refine", tool)

    async def layouts(self) -> dict[str, dict[str, Any]]:
        rows = await self._read("SELECT tool, spec FROM layouts", (), "starting without set layouts")
        return {tool: spec for tool, text in rows if isinstance(spec := _json(text), dict)}

    async def save_layout(self, tool: str, spec: dict[str, Any] | None) -> bool:
        if spec is None:
            done = await self._write("DELETE FROM layouts WHERE tool = %s", (tool,))
        else:
            done = await self._write("INSERT INTO layouts VALUES (%s, %s) ON CONFLICT (tool) DO UPDATE SET spec = excluded.spec",
                                     (tool, json.dumps(spec, sort_keys=True)))
        if done:
            await self.announce("layout", tool)
        return done

    async def snapshot(self) -> tuple[dict[str, list[str]], dict[str, dict[str, Any]]]:
        refinements = {tool: history for tool, text in await self.run("SELECT tool, history FROM refinements")
                       if isinstance(history := _json(text), list)}
        layouts = {tool: spec for tool, text in await self.run("SELECT tool, spec FROM layouts")
                   if isinstance(spec := _json(text), dict)}
        return refinements, layouts

    async def tool_layout(self, tool: str) -> tuple[list[str], dict[str, Any] | None]:
        rows = await self.run("SELECT (SELECT history FROM refinements WHERE tool = %s), "
                              "(SELECT spec FROM layouts WHERE tool = %s)", (tool, tool), deadline_s=CONFIRM_S)
        history, spec = (_json(text) for text in rows[0]) if rows else (None, None)
        return (history if isinstance(history, list) else []), (spec if isinstance(spec, dict) else None)

    async def _read(self, sql: str, params: Sequence[Any], instead: str) -> list[tuple[Any, ...]]:
        try:
            return await self.run(sql, params)
        except StoreError as error:
            log.warning("store read failed (%s); %s", error, instead)
            return []

    async def _write(self, sql: str, params: Sequence[Any]) -> bool:
        try:
            await self.run(sql, params)
        except StoreError as error:  # disk full, read-only, server down or hung: serve on, say so
            log.warning("store write failed (%s); the page is served, but not kept for other replicas or restarts", error)
            return False
        return True

    # ------------------------------------------------------------------ the render half

    async def add_render(self, row: RenderRow, *, keep: int, expired_before: float) -> None:
        await self.run("DELETE FROM renders WHERE created < %s", (expired_before,))
        count = (await self.run("SELECT count(*) FROM renders"))[0][0]
        if count >= keep:
            await self.run("DELETE FROM renders WHERE id IN (SELECT id FROM renders ORDER BY answer IS NULL, created "
                           "LIMIT %s)", (count - keep + 1,))
        await self.run(f"INSERT INTO renders ({_RENDER_COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s)",
                       (row.id, row.arguments, json.dumps(row.host_request_id, default=str), row.created,
                        None if row.answer is None else json.dumps(row.answer), row.closed, row.shown))

    async def render(self, render_id: str) -> RenderRow | None:
        rows = await self.run(f"SELECT {_RENDER_COLUMNS} FROM renders WHERE id = %s", (render_id,))
        return _row(rows[0]) if rows else None

    async def open_renders(self, arguments: str) -> list[RenderRow]:
        rows = await self.run(f"SELECT {_RENDER_COLUMNS} FROM renders WHERE arguments = %s AND closed IS NULL "
                              "AND answer IS NULL ORDER BY created, id", (arguments,))
        return [_row(r) for r in rows]

    async def mark_shown(self, render_id: str) -> None:
        await self.run("UPDATE renders SET shown = shown + 1 WHERE id = %s", (render_id,))

    async def answer(self, render_id: str, answer: dict[str, Any]) -> bool:
        taken = await self.run("UPDATE renders SET answer = %s WHERE id = %s AND answer IS NULL AND closed IS NULL "
                               "RETURNING id", (json.dumps(answer), render_id))
        if taken:
            await self.announce("answer", render_id)
        return bool(taken)

    async def close_render(self, render_id: str, why: str) -> bool:
        return bool(await self.run("UPDATE renders SET closed = %s WHERE id = %s AND answer IS NULL AND closed IS NULL "
                                   "RETURNING id", (why, render_id)))

    async def collect(self, render_id: str) -> RenderRow | None:
        rows = await self.run(f"DELETE FROM renders WHERE id = %s AND answer IS NOT NULL RETURNING {_RENDER_COLUMNS}",
                              (render_id,))
        return _row(rows[0]) if rows else await self.render(render_id)

    # ------------------------------------------------------------------ events

    async def add_event(self, event: dict[str, Any], *, keep: int) -> int:
        """The next number is the largest stored plus one, taken by the insert itself: two
        replicas adding at once collide on it and the second takes the next, so numbers are
        committed in order and a reader that saw ``n`` never misses a smaller one later."""
        text = json.dumps(event, ensure_ascii=False, default=str)
        for _ in range(EVENT_TRIES):
            taken = await self.run("INSERT INTO events (seq, event) SELECT coalesce(max(seq), 0) + 1, %s FROM events WHERE true "
                                   "ON CONFLICT (seq) DO NOTHING RETURNING seq", (text,))
            if taken:
                seq = int(taken[0][0])
                await self.run("DELETE FROM events WHERE seq <= %s", (seq - keep,))
                await self.announce("event", str(seq))
                return seq
        raise StoreError(f"no event number free after {EVENT_TRIES} tries")

    async def events(self, after: int, limit: int) -> tuple[list[dict[str, Any]], int]:
        rows = await self.run("SELECT seq, event FROM events WHERE seq > %s ORDER BY seq LIMIT %s", (after, limit))
        latest = (await self.run("SELECT coalesce(max(seq), 0) FROM events"))[0][0]
        found = [{"seq": int(seq), **value} for seq, text in rows if isinstance(value := _json(text), dict)]
        return found, int(latest)


EVENT_TRIES = 20
"""Replicas adding events at the same moment, each retrying on a collision (events are rare)."""


def _row(values: tuple[Any, ...]) -> RenderRow:
    render_id, arguments, host_request_id, created, answer, closed, shown = values
    parsed = _json(answer) if answer is not None else None
    return RenderRow(render_id, arguments, _json(host_request_id) if host_request_id else None, float(created),
                     parsed if isinstance(parsed, dict) else None, closed, int(shown))


def _json(text: Any) -> Any:
    try:
        return json.loads(text)
    except (TypeError, ValueError):
        return None


def _json_object(text: Any) -> dict[str, Any] | None:
    value = _json(text)
    if value is None:
        log.warning("store read failed (a stored record is not JSON); generating afresh")
    return value if isinstance(value, dict) else None


__all__ = ["CHANNEL", "CONFIRM_S", "DEADLINE_S", "PING_S", "RENDERS_SCHEMA", "SCHEMA", "SCHEMA_VERSION", "Change", "RenderRow", "SqlStore", "Store", "StoreError",
           "check_url", "redact", "sqlite_path"]
