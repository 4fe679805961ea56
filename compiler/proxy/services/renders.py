"""Questions the model asks the user (``_ui_render``), their answers, and the proxy's event log.

    _ui_render {tree, title?, wait?, timeoutSeconds?}   model: show a tree, (wait for) the answer
    _ui_wait   {renderId, timeoutSeconds?}             model: collect an answer later
    _ui_view   {arguments, requestId?}                 app only: the markup of the question shown
    _ui_respond {renderId, action, values}             app only: the user's answer

A render is open until it is answered, timed out (a waiting ``_ui_render`` gave up), cancelled,
or ten minutes old; an answer is kept until collected (by the waiting call or ``_ui_wait``) or
for ten minutes. At most ``MAX_RENDERS`` renders are kept; an answer's values are bounded
(``MAX_VALUES_BYTES``). Renders are independent: each has its own id, wait and answer. They live
in the store (``store/base.py``), so with a shared store a render asked through one replica can be
shown and answered through a second and collected through a third.

The page of ``_ui_render`` is generic (``ui://compile-ui/_ui_render``): the host sends it the
call's arguments, and it asks ``_ui_view`` for its question. ``_ui_view`` finds the open render
those arguments made — the one the host's request id names (``hostContext.toolInfo.id``) when
the host gives it, else the oldest not yet shown — and returns its markup, made by the page
renderer from the checked tree.

``Events`` is what ``GET /api/events`` serves: user answers and app-started runs, numbered, the
newest ``MAX_EVENTS`` kept, with a long poll. They live in the store too, numbered there, so
every replica of a shared store serves the same events (a waiting poll wakes on the store's
announcement, as a waiting ``_ui_render`` does); the embedded store keeps them to its process.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from compiler import ask

from ..store.base import RenderRow, Store, StoreError
from .registry import OWN_PREFIX

log = logging.getLogger("compile_ui.proxy")

RENDER_URI = OWN_PREFIX + ask.RENDER_TOOL
KEEP_S = 600.0
MAX_RENDERS = 200
MAX_VALUES_BYTES = 1024 * 1024
MAX_EVENTS = 1000
MAX_EVENT_WAIT_S = 60.0
MAX_EVENT_VALUE_BYTES = 16 * 1024
"""An event's arguments or values longer than this (as JSON) are replaced by their size."""
OPENING_WAIT_S = 10.0
"""How long a page's ``_ui_view`` waits for a render of its arguments that this process is
storing (the host sent ``_ui_render`` first and shows the page at once: its ask can come before
the store has the render)."""

_APP_ONLY = {"ui": {"visibility": ["app"]}}
_RENDER_ID = {"type": "string", "description": "The renderId a _ui_render call returned"}
_TIMEOUT = {"type": "number", "minimum": 1, "maximum": 300, "default": 30,
            "description": "Seconds to wait for the user's answer (1 to 300)"}

RENDER_DESCRIPTION = """Show the user an interactive form or message and get their answer back.
`tree` is a compile-ui component tree (JSON; schema: components/schema.json of compile-ui). Every
node is {"type", "id" (unique), "props", "children"?, "actions"?}. Useful kinds:
Form (children are fields; its submit sends the values), TextField {bind, label, required?,
widget: text|textarea|password}, NumberField {bind, label, integer?, minimum?, maximum?},
BooleanField {bind, label}, SelectField {bind, label, options: [{value, label}], widget?:
radio|dropdown}, DateTimeField {bind, label, format: date|time|date-time}, Section {title},
Card {title?}, Stack {direction: vertical|horizontal}, Heading {text, level}, Text {text},
Alert {tone: info|success|warning|error, text}. `bind` is a JSON Pointer into the answer's values
("/name"). `actions` (on the root) are buttons: [{"id": "approve", "label": "Approve",
"primary": true}]. Example: {"type": "Form", "id": "f", "props": {"submitLabel": "Book"},
"children": [{"type": "TextField", "id": "name", "props": {"bind": "/name", "label": "Name",
"required": true}}]}. Returns {action, values} when the user answers, {timedOut: true} when they
do not within timeoutSeconds; with wait=false it returns {renderId} at once: collect the answer
with _ui_wait. An invalid tree is refused with every problem and its JSON Pointer: fix and retry."""

ASK_TOOLS: dict[str, dict[str, Any]] = {
    "_ui_render": {
        "name": "_ui_render",
        "title": "Ask the user",
        "description": RENDER_DESCRIPTION,
        "inputSchema": {
            "type": "object",
            "properties": {
                "tree": {"type": "object", "required": ["type"],
                         "description": "A compile-ui component tree (see the tool's description)"},
                "title": {"type": "string", "minLength": 1, "maxLength": ask.MAX_TITLE},
                "wait": {"type": "boolean", "default": True,
                         "description": "Wait for the answer (false: return the renderId at once)"},
                "timeoutSeconds": _TIMEOUT,
            },
            "required": ["tree"],
        },
        "outputSchema": {
            "type": "object",
            "properties": {
                "renderId": {"type": "string"},
                "action": {"type": "string"},
                "values": {},
                "timedOut": {"type": "boolean"},
            },
            "required": ["renderId"],
        },
        "_meta": {"ui": {"resourceUri": RENDER_URI, "visibility": ["model"]}, "ui/resourceUri": RENDER_URI},
    },
    "_ui_wait": {
        "name": "_ui_wait",
        "description": "Wait for the user's answer to a _ui_render call made with wait=false.",
        "inputSchema": {"type": "object", "properties": {"renderId": _RENDER_ID, "timeoutSeconds": _TIMEOUT},
                        "required": ["renderId"]},
        "_meta": {"ui": {"visibility": ["model"]}},
    },
    "_ui_view": {
        "name": "_ui_view",
        "description": "The question a _ui_render page shows (used by that page).",
        "inputSchema": {"type": "object", "properties": {"arguments": {"type": "object"}, "requestId": {}},
                        "required": ["arguments"]},
        "_meta": _APP_ONLY,
    },
    "_ui_respond": {
        "name": "_ui_respond",
        "description": "The user's answer to a question shown by _ui_render (used by its page).",
        "inputSchema": {
            "type": "object",
            "properties": {"renderId": _RENDER_ID, "action": {"type": "string", "minLength": 1, "maxLength": 100},
                           "values": {}},
            "required": ["renderId", "action"],
        },
        "_meta": _APP_ONLY,
    },
}


@dataclass(frozen=True)
class Render:
    """A question as this replica sees it: the stored row (the store holds the truth) and the
    question it asks, read from the row's arguments."""

    row: RenderRow
    question: ask.Question

    @property
    def id(self) -> str:
        return self.row.id

    @property
    def closed(self) -> str | None:
        return self.row.closed

    @property
    def answer(self) -> dict[str, Any] | None:
        return self.row.answer


class Renders:
    """The renders, kept in the store so that any replica can show, answer or collect one.

    A waiting call (``_ui_render``, ``_ui_wait``) sleeps on an event of this process, woken when
    an answer lands here (``respond``) or is announced by another replica (``changed``: the
    store's LISTEN/NOTIFY); then it reads the store. Store failures raise ``StoreError``."""

    def __init__(self, store: Store, events: Events, clock: Callable[[], float] = time.time) -> None:
        self.store = store
        self.events = events
        self.clock = clock
        self._waiters: dict[str, set[asyncio.Event]] = {}
        self._closing: set[asyncio.Task[None]] = set()
        self._opening: dict[str, int] = {}
        """Renders being stored by this process, by their canonical arguments (how many)."""
        self._stored = asyncio.Event()
        """Set (and replaced) each time one of them is stored or fails to be."""

    # ------------------------------------------------------------------ the model's side

    async def open(self, question: ask.Question, arguments: dict[str, Any], host_request_id: Any) -> Render:
        row = RenderRow(f"r{secrets.token_hex(6)}", _canonical(arguments), host_request_id, self.clock())
        self._opening[row.arguments] = self._opening.get(row.arguments, 0) + 1
        adding = asyncio.ensure_future(self.store.add_render(row, keep=MAX_RENDERS, expired_before=row.created - KEEP_S))
        try:
            await asyncio.shield(adding)
        except asyncio.CancelledError:  # the call was cancelled while its question was being stored:
            # once stored, it is closed (in a task of its own: a cancelled call answers at once)
            self._closing.add(closing := asyncio.ensure_future(self._close_once_stored(adding, row.id)))
            closing.add_done_callback(self._closing.discard)
            raise
        finally:
            if self._opening[row.arguments] == 1:
                del self._opening[row.arguments]
            else:
                self._opening[row.arguments] -= 1
            stored, self._stored = self._stored, asyncio.Event()
            stored.set()
        return Render(row, question)

    async def wait(self, render: Render, timeout_s: float, *, close_on_timeout: bool) -> dict[str, Any]:
        """The answer (collected: the render is forgotten), ``{timedOut: true}``, or ``{closed: why}``
        when the render went another way (expired, collected elsewhere)."""
        woken = asyncio.Event()
        self._waiters.setdefault(render.id, set()).add(woken)
        deadline = asyncio.get_running_loop().time() + timeout_s
        try:
            while True:
                woken.clear()
                outcome = await self._collect(render.id)
                if outcome is not None:
                    return outcome
                left = deadline - asyncio.get_running_loop().time()
                if left <= 0:
                    break
                try:
                    await asyncio.wait_for(woken.wait(), left)
                except TimeoutError:
                    break
        except asyncio.CancelledError:  # closed in a task of its own: a cancelled call answers at once
            self._closing.add(closing := asyncio.ensure_future(self._close_quietly(render.id, "cancelled")))
            closing.add_done_callback(self._closing.discard)
            raise
        finally:
            waiting = self._waiters.get(render.id, set())
            waiting.discard(woken)
            if not waiting:
                self._waiters.pop(render.id, None)
        if close_on_timeout and not await self.store.close_render(render.id, "timed out"):
            return await self._collect(render.id) or {"renderId": render.id, "timedOut": True}
        return {"renderId": render.id, "timedOut": True}

    async def _collect(self, render_id: str) -> dict[str, Any] | None:
        try:
            row = await self.store.collect(render_id)
        except StoreError as error:  # the listener wakes every waiter when the store is back
            log.warning("reading render %s failed (%s); waiting on", render_id, error)
            return None
        if row is None:
            return {"renderId": render_id, "closed": "collected or expired"}
        if row.answer is not None:
            return dict(row.answer)
        if row.closed:
            return {"renderId": render_id, "closed": row.closed}
        return None

    async def _close_once_stored(self, adding: asyncio.Future[None], render_id: str) -> None:
        try:
            await adding
        except (StoreError, asyncio.CancelledError):
            return  # never stored: nothing to close
        await self._close_quietly(render_id, "cancelled")

    async def _close_quietly(self, render_id: str, why: str) -> None:
        try:
            await self.store.close_render(render_id, why)
        except StoreError as error:
            log.warning("closing render %s failed (%s)", render_id, error)

    async def get(self, render_id: Any) -> Render | None:
        if not isinstance(render_id, str):
            return None
        row = await self.store.render(render_id)
        return None if row is None or self._expired(row) else self._render(row)

    def changed(self, render_id: str | None) -> None:
        """An answer was announced (``None``: anything may have been missed): wake its waiters."""
        for rid, waiting in list(self._waiters.items()):
            if render_id is None or rid == render_id:
                for woken in waiting:
                    woken.set()

    # ------------------------------------------------------------------ the page's side

    async def shown_for(self, arguments: Any, request_id: Any) -> Render | None:
        """The open render a page showing ``arguments`` belongs to; one this process is storing
        is waited for (``OPENING_WAIT_S`` at most)."""
        key = _canonical(arguments)
        deadline = asyncio.get_running_loop().time() + OPENING_WAIT_S
        while True:
            stored = self._stored
            same = [r for r in await self.store.open_renders(key) if not self._expired(r)]
            left = deadline - asyncio.get_running_loop().time()
            if same or key not in self._opening or left <= 0:
                break
            try:
                await asyncio.wait_for(stored.wait(), left)
            except TimeoutError:
                pass
        if not same:
            return None
        named = [r for r in same if request_id is not None and r.host_request_id == request_id]
        row = (named or [r for r in same if not r.shown] or same[-1:])[0]
        await self.store.mark_shown(row.id)
        return self._render(row)

    async def respond(self, render_id: Any, action: Any, values: Any) -> str | None:
        """Record the user's answer; ``None``, or why it cannot be taken."""
        render = await self.get(render_id)
        if render is None:
            return "This question is no longer open (answered, timed out, cancelled or expired)."
        if render.closed or render.answer is not None:
            return f"This question was already {render.closed or 'answered'}."
        if not isinstance(action, str) or not action:
            return "action must be a non-empty string"
        size = len(json.dumps(values, ensure_ascii=False, default=str))
        if size > MAX_VALUES_BYTES:
            return f"The answer is {size} bytes; at most {MAX_VALUES_BYTES} are accepted."
        answer = {"renderId": render.id, "action": action, "values": {} if values is None else values}
        if not await self.store.answer(render.id, answer):
            return "This question was already answered or closed."
        self.changed(render.id)
        try:  # the answer is kept: an event lost with the store is a line in the log, not a refusal
            await self.events.add("answer", {"renderId": render.id, "title": render.question.app.props.title,
                                             "action": action, "values": bounded(answer["values"])})
        except StoreError as error:
            log.warning("the answer to %s was kept, its event was not: the store failed (%s)", render.id, error)
        return None

    # ------------------------------------------------------------------ from the store

    def _expired(self, row: RenderRow) -> bool:
        return self.clock() - row.created > KEEP_S

    def _render(self, row: RenderRow) -> Render | None:
        question, _ = ask.check(json.loads(row.arguments))
        if question is None:  # checked when opened: only a foreign row can fail here
            return None
        return Render(row, question)


class Events:
    """Numbered events for ``GET /api/events``, kept in the store: ``add``, ``since(after)``, and
    ``wait`` for the next, woken by this replica's own ``add`` or another's announcement
    (``changed``). Store failures raise ``StoreError``."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._changed = asyncio.Event()

    async def add(self, kind: str, data: dict[str, Any]) -> int:
        at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        seq = await self.store.add_event({"at": at, "kind": kind, **data}, keep=MAX_EVENTS)
        self.changed()
        return seq

    def changed(self) -> None:
        """An event was added (here, or announced by another replica): wake the waiting polls."""
        self._changed.set()
        self._changed = asyncio.Event()

    async def since(self, after: int) -> tuple[list[dict[str, Any]], int]:
        """The events after ``after`` (at most ``MAX_EVENTS``), and the latest number."""
        return await self.store.events(after, MAX_EVENTS)

    async def wait(self, after: int, timeout_s: float) -> tuple[list[dict[str, Any]], int]:
        deadline = asyncio.get_running_loop().time() + min(max(timeout_s, 0.0), MAX_EVENT_WAIT_S)
        while True:
            woken = self._changed  # taken before reading: an event added meanwhile wakes this one
            found, latest = await self.since(after)
            left = deadline - asyncio.get_running_loop().time()
            if found or left <= 0:
                return found, latest
            try:
                await asyncio.wait_for(woken.wait(), left)
            except TimeoutError:
                return await self.since(after)


def bounded(value: Any) -> Any:
    """``value``, or ``{"omitted": true, "bytes": n}`` when its JSON is over the events' bound."""
    size = len(json.dumps(value, ensure_ascii=False, default=str))
    return value if size <= MAX_EVENT_VALUE_BYTES else {"omitted": True, "bytes": size}


def _canonical(value: Any) -> str:
    """One text per JSON value, whoever wrote it: keys sorted, and 30.0 written as 30 (as a
    JavaScript host sends back the arguments it was given)."""
    return json.dumps(_plain(value), sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)


def _plain(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value
