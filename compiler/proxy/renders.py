"""Questions the model asks the user (``_ui_render``), their answers, and the proxy's event log.

    _ui_render {tree, title?, wait?, timeoutSeconds?}   model: show a tree, (wait for) the answer
    _ui_wait   {renderId, timeoutSeconds?}             model: collect an answer later
    _ui_view   {arguments, requestId?}                 app only: the markup of the question shown
    _ui_respond {renderId, action, values}             app only: the user's answer

A render is open until it is answered, timed out (a waiting ``_ui_render`` gave up), cancelled,
or ten minutes old; an answer is kept until collected (by the waiting call or ``_ui_wait``) or
for ten minutes. At most ``MAX_RENDERS`` renders are kept; an answer's values are bounded
(``MAX_VALUES_BYTES``). Renders are independent: each has its own id, wait and answer.

The page of ``_ui_render`` is generic (``ui://compile-ui/_ui_render``): the host sends it the
call's arguments, and it asks ``_ui_view`` for its question. ``_ui_view`` finds the open render
those arguments made — the one the host's request id names (``hostContext.toolInfo.id``) when
the host gives it, else the oldest not yet shown — and returns its markup, made by the page
renderer from the checked tree.

``Events`` is what ``GET /api/events`` serves: user answers and app-started runs, numbered, the
newest ``MAX_EVENTS`` kept, with a long poll.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from compiler import ask

from .registry import OWN_PREFIX

RENDER_URI = OWN_PREFIX + ask.RENDER_TOOL
KEEP_S = 600.0
MAX_RENDERS = 200
MAX_VALUES_BYTES = 1024 * 1024
MAX_EVENTS = 1000
MAX_EVENT_WAIT_S = 60.0
MAX_EVENT_VALUE_BYTES = 16 * 1024
"""An event's arguments or values longer than this (as JSON) are replaced by their size."""

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


@dataclass
class Render:
    id: str
    question: ask.Question
    arguments: str
    """The call's arguments, canonical JSON (what the page's ``_ui_view`` sends back)."""
    host_request_id: Any
    created: float
    answer: dict[str, Any] | None = None
    closed: str | None = None
    """Why no answer can come any more: "timed out", "cancelled"."""
    shown: int = 0
    answered: asyncio.Event = field(default_factory=asyncio.Event)


class Renders:
    def __init__(self, events: Events, clock: Callable[[], float] = time.monotonic) -> None:
        self.events = events
        self.clock = clock
        self.by_id: dict[str, Render] = {}
        self._ids = itertools.count(1)

    # ------------------------------------------------------------------ the model's side

    def open(self, question: ask.Question, arguments: dict[str, Any], host_request_id: Any) -> Render:
        self.prune()
        if len(self.by_id) >= MAX_RENDERS:
            oldest = min(self.by_id.values(), key=lambda r: (r.answer is None, r.created))
            self._drop(oldest.id, "evicted: too many renders kept")
        render = Render(f"r{next(self._ids)}-{int(time.time() * 1000) % 100000:05d}", question,
                        _canonical(arguments), host_request_id, self.clock())
        self.by_id[render.id] = render
        return render

    async def wait(self, render: Render, timeout_s: float, *, close_on_timeout: bool) -> dict[str, Any]:
        """The answer (collected: the render is forgotten), or ``{timedOut: true}``."""
        try:
            await asyncio.wait_for(render.answered.wait(), timeout_s)
        except TimeoutError:
            if close_on_timeout:
                render.closed = "timed out"
                self.by_id.pop(render.id, None)
            return {"renderId": render.id, "timedOut": True}
        except asyncio.CancelledError:
            render.closed = "cancelled"
            self.by_id.pop(render.id, None)
            raise
        self.by_id.pop(render.id, None)
        return dict(render.answer or {})

    def get(self, render_id: Any) -> Render | None:
        self.prune()
        return self.by_id.get(render_id) if isinstance(render_id, str) else None

    # ------------------------------------------------------------------ the page's side

    def shown_for(self, arguments: Any, request_id: Any) -> Render | None:
        """The open render a page showing ``arguments`` belongs to."""
        self.prune()
        key = _canonical(arguments)
        same = [r for r in self.by_id.values() if r.arguments == key and r.closed is None and r.answer is None]
        if not same:
            return None
        named = [r for r in same if request_id is not None and r.host_request_id == request_id]
        render = (named or [r for r in same if not r.shown] or same[-1:])[0]
        render.shown += 1
        return render

    def respond(self, render_id: Any, action: Any, values: Any) -> str | None:
        """Record the user's answer; ``None``, or why it cannot be taken."""
        render = self.get(render_id)
        if render is None:
            return "This question is no longer open (answered, timed out, cancelled or expired)."
        if render.closed or render.answer is not None:
            return f"This question was already {render.closed or 'answered'}."
        if not isinstance(action, str) or not action:
            return "action must be a non-empty string"
        size = len(json.dumps(values, ensure_ascii=False, default=str))
        if size > MAX_VALUES_BYTES:
            return f"The answer is {size} bytes; at most {MAX_VALUES_BYTES} are accepted."
        render.answer = {"renderId": render.id, "action": action, "values": {} if values is None else values}
        render.answered.set()
        self.events.add("answer", {"renderId": render.id, "title": render.question.app.props.title,
                                   "action": action, "values": bounded(render.answer["values"])})
        return None

    # ------------------------------------------------------------------ bounds

    def prune(self) -> None:
        now = self.clock()
        for render in [r for r in self.by_id.values() if now - r.created > KEEP_S]:
            self._drop(render.id, "expired")

    def _drop(self, render_id: str, why: str) -> None:
        render = self.by_id.pop(render_id, None)
        if render is not None and render.closed is None and render.answer is None:
            render.closed = why


class Events:
    """Numbered events for ``GET /api/events``: ``since(after)``, and ``wait`` for the next."""

    def __init__(self) -> None:
        self.items: deque[dict[str, Any]] = deque(maxlen=MAX_EVENTS)
        self.seq = 0
        self._changed = asyncio.Event()

    def add(self, kind: str, data: dict[str, Any]) -> None:
        self.seq += 1
        self.items.append({"seq": self.seq, "at": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "kind": kind, **data})
        self._changed.set()
        self._changed = asyncio.Event()

    def since(self, after: int) -> list[dict[str, Any]]:
        return [e for e in self.items if e["seq"] > after]

    async def wait(self, after: int, timeout_s: float) -> list[dict[str, Any]]:
        deadline = asyncio.get_running_loop().time() + min(max(timeout_s, 0.0), MAX_EVENT_WAIT_S)
        while not (found := self.since(after)):
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0:
                break
            try:
                await asyncio.wait_for(self._changed.wait(), left)
            except TimeoutError:
                break
        return found


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
