"""An upstream's question asked in the tool's own page, where the host has no form for it.

    upstream ── elicitation/create ──► router: the call it belongs to was started from our page
                                       (its ``_meta`` carries the page's token), and the host
                                       declared no ``elicitation`` ──► ``Questions.ask``
    page ── _ui_question {token, tool} ──► the open question of that call (a long poll)
    page ── _ui_answer {questionId, token, action, content} ──► the ``ElicitResult`` upstream
    page ── _ui_question {token, tool, ended: true} ──► its run is over: the poll still waiting is
                                       answered ``{"question": null}`` at once

How a page knows which question is its own: when a person presses Run, the page draws a fresh
random token (128 bits, ``crypto.getRandomValues``) and sends it in that ``tools/call``'s
``_meta`` (``ASK_META``); while the call runs it long-polls ``_ui_question`` with the token and
its tool's name. When the run ends with a poll still waiting, the page says so (``ended``): that
poll, and any of the token's that arrives after, is answered at once with no question, instead of
holding the host's request and ours for the rest of its 25 s. A question is filed under the token and tool of the call that was in flight
when the upstream asked, and is given, and answered, only with both: another tool's page, or
another run of the same page, never sees the token, so cannot read or answer it. Only calls
started from a page are asked this way; a call the model made while the page shows carries no
token (nothing on the wire ties it to one page), and its questions get the spec's error at once.

Form mode: ``requestedSchema`` (the spec's flat object of primitive fields) is compiled by the
same compiler as any tool's arguments, into the same field widgets, rendered by the same
renderer; the page hydrates them with the runtime's fields and offers Accept, Decline and
Cancel. URL mode: the page shows the message, opens the URL through the host (``ui/open-link``)
when the person asks, and a Done button accepts.

A question lives in this replica's memory with the call that asked it (a handshake-era upstream's
paused request belongs to one upstream session): the page's polls reach it through the same host
session. It ends with its answer; when no page fetches it within ``PICKUP_S`` (the page was
closed) or no answer comes within ``ANSWER_S``, the upstream gets an error; when the call ends
first, the router cancels it (``CancelLocal``).
"""

from __future__ import annotations

import asyncio
import hmac
import re
import secrets
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeGuard

import msgspec

from compiler import messages as m
from compiler.pipeline import compile_tool
from compiler.render import render_body
from components.nodes import Action, App, AppProps, Form, FormProps
from components.validate import decode

from ..core import wire
from ..core.failures import ProxyError
from ..core.services import ASK_META

__all__ = ["ASK_META", "QUESTION_TOOLS", "Questions", "shown"]
TOKEN = re.compile(r"^[A-Za-z0-9_-]{16,64}$")
PICKUP_S = 15.0
"""A page that started the call polls while it runs: a question nobody fetches in this time has no page."""
ANSWER_S = 600.0
"""A person may take a while to answer."""
POLL_MAX_S = 30.0
MAX_ENDED = 1024
"""Runs a page said were over, remembered at least ``POLL_MAX_S`` (a poll that overtook the word); the oldest go first."""
MAX_FIELDS = 50
MAX_SCHEMA_BYTES = 64 * 1024
ACTIONS = ("accept", "decline", "cancel")
PRIMITIVES = frozenset({"string", "number", "integer", "boolean"})
ID_PREFIX = "q:"
"""The question's node ids and DOM ids, apart from the page's own."""

_APP_ONLY = {"ui": {"visibility": ["app"]}}
_TOKEN_SCHEMA = {"type": "string", "pattern": TOKEN.pattern, "description": "The token the page sent in its call's _meta"}

QUESTION_TOOLS: dict[str, dict[str, Any]] = {
    "_ui_question": {
        "name": "_ui_question",
        "description": "The upstream's open question about a call this page started (used by the page while the call runs).",
        "inputSchema": {"type": "object", "required": ["token", "tool"], "properties": {
            "token": _TOKEN_SCHEMA, "tool": {"type": "string"},
            "timeoutSeconds": {"type": "number", "minimum": 0, "maximum": POLL_MAX_S, "default": 25},
            "ended": {"type": "boolean", "default": False,
                      "description": "The run is over: its poll waiting now, or sent later, is answered at once with no question."}}},
        "_meta": _APP_ONLY,
    },
    "_ui_answer": {
        "name": "_ui_answer",
        "description": "The person's answer to a question shown by _ui_question (used by the page).",
        "inputSchema": {"type": "object", "required": ["questionId", "token", "action"], "properties": {
            "questionId": {"type": "string"}, "token": _TOKEN_SCHEMA,
            "action": {"enum": list(ACTIONS)}, "content": {"type": "object"}}},
        "_meta": _APP_ONLY,
    },
}


@dataclass(eq=False)
class Question:
    id: str
    token: str
    tool: str
    shown: dict[str, Any]
    """What the page gets: ``{questionId, mode, message, html, tree}`` or ``{…, url}``."""
    fields: dict[str, Any]
    """Form mode: the requested schema's properties (an answer's keys must be among them)."""
    answer: asyncio.Future[dict[str, Any]]
    picked: asyncio.Event = field(default_factory=asyncio.Event)


class Questions:
    """The open questions of this replica, by id; pages long-poll for theirs."""

    def __init__(self, clock: Callable[[], float] | None = None) -> None:
        self.open: dict[str, Question] = {}
        self._changed = asyncio.Event()
        self._ended: dict[tuple[str, str], float] = {}
        """(token, tool) of a run its page said was over → when it is forgotten (the loop's clock)."""

    # ------------------------------------------------------------------ the upstream's side

    async def ask(self, token: str, tool: str, params: Any) -> dict[str, Any]:
        """The ``ElicitResult`` the person gave in the page; ``ProxyError`` when none can come."""
        params = params if isinstance(params, dict) else {}
        question = Question(f"q{secrets.token_hex(8)}", token, tool, {}, {}, asyncio.get_running_loop().create_future())
        question.shown, question.fields = shown(question.id, tool, params)
        self.open[question.id] = question
        self._wake()
        try:  # asyncio.timeout, not wait_for: 3.11's wait_for may swallow a cancel that races a wake-up
            try:
                async with asyncio.timeout(PICKUP_S):
                    await question.picked.wait()
            except TimeoutError:
                raise ProxyError(wire.INTERNAL_ERROR, m.QUESTION_NOT_PICKED.format(seconds=f"{PICKUP_S:g}")) from None
            try:
                async with asyncio.timeout(ANSWER_S):
                    return await question.answer
            except TimeoutError:
                raise ProxyError(wire.INTERNAL_ERROR, m.QUESTION_NOT_ANSWERED.format(seconds=f"{ANSWER_S:g}")) from None
        finally:
            self.open.pop(question.id, None)

    # ------------------------------------------------------------------ the page's side

    async def next(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """``_ui_question``: the first open question of this token and tool, waiting for one up to
        ``timeoutSeconds``; ``{"question": null}`` when none came."""
        token, tool = arguments.get("token"), arguments.get("tool")
        timeout = arguments.get("timeoutSeconds", 25)
        if not _is_token(token) or not isinstance(tool, str):
            return _text(m.QUESTION_BAD_TOKEN, error=True)
        assert isinstance(token, str)
        if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not 0 <= timeout <= POLL_MAX_S:
            return _text(m.QUESTION_BAD_TIMEOUT.format(most=f"{POLL_MAX_S:g}"), error=True)
        ended = arguments.get("ended", False)
        if not isinstance(ended, bool):
            return _text(m.QUESTION_BAD_ENDED, error=True)
        now = asyncio.get_running_loop().time()
        if ended:
            self._end((token, tool), now)
        deadline = now + timeout
        while (token, tool) in self._ended or (found := self._of(token, tool)) is None:
            left = deadline - asyncio.get_running_loop().time()
            if left <= 0 or (token, tool) in self._ended:  # an ended run's question is not picked
                return {"content": [{"type": "text", "text": m.QUESTION_NONE}], "structuredContent": {"question": None}}
            try:
                async with asyncio.timeout(left):
                    await self._changed.wait()
            except TimeoutError:
                continue
        found.picked.set()
        return {"content": [{"type": "text", "text": str(found.shown.get("message", ""))}], "structuredContent": {"question": found.shown}}

    def respond(self, arguments: dict[str, Any]) -> dict[str, Any]:
        """``_ui_answer``: the person's answer, checked, on its way upstream."""
        question = self.open.get(arguments.get("questionId"))  # type: ignore[arg-type]
        token = arguments.get("token")
        if question is None or not _is_token(token) or not hmac.compare_digest(question.token, token) \
                or question.answer.done():
            return _text(m.QUESTION_GONE, error=True)
        action, content = arguments.get("action"), arguments.get("content")
        if action not in ACTIONS:
            return _text(m.QUESTION_BAD_ACTION, error=True)
        result: dict[str, Any] = {"action": action}
        if action == "accept" and question.shown.get("mode") == "form":
            if not isinstance(content, dict) or not set(content) <= set(question.fields):
                return _text(m.QUESTION_BAD_CONTENT, error=True)
            result["content"] = content
        question.answer.set_result(result)
        self._wake()
        return _text(m.QUESTION_SENT)

    def _of(self, token: str, tool: str) -> Question | None:
        for question in self.open.values():
            if question.tool == tool and hmac.compare_digest(question.token, token) and not question.answer.done():
                return question
        return None

    def _end(self, run: tuple[str, str], now: float) -> None:
        """A run is over: its polls stop waiting. The word is kept a while, the oldest dropped first."""
        for old in [key for key, until in self._ended.items() if until <= now]:
            del self._ended[old]
        while len(self._ended) >= MAX_ENDED:
            del self._ended[next(iter(self._ended))]
        self._ended[run] = now + POLL_MAX_S
        self._wake()

    def _wake(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()


# --------------------------------------------------------------------------- what the page shows


def shown(question_id: str, tool: str, params: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """What the page shows for ``elicitation/create``'s params, and the form's fields;
    ``ProxyError`` (invalid params) for a question the spec does not allow."""
    message = params.get("message")
    if not isinstance(message, str):
        raise ProxyError(wire.INVALID_PARAMS, m.QUESTION_NO_MESSAGE)
    mode = params.get("mode", "form")
    if mode == "url":
        url = params.get("url")
        if not isinstance(url, str) or not re.match(r"^https?://", url, re.IGNORECASE):
            raise ProxyError(wire.INVALID_PARAMS, m.QUESTION_BAD_URL)
        return {"questionId": question_id, "mode": "url", "message": message, "url": url}, {}
    if mode != "form":
        raise ProxyError(wire.INVALID_PARAMS, m.QUESTION_BAD_MODE.format(mode=str(mode)[:40]))
    schema = params.get("requestedSchema")
    fields = _restricted(schema)
    tree = _form_tree(tool, message, schema)
    return {"questionId": question_id, "mode": "form", "message": message, "html": render_body(tree, uid_prefix="qu"),
            "tree": msgspec.to_builtins(tree)}, fields


def _restricted(schema: Any) -> dict[str, Any]:
    """The properties of the spec's requested schema (a flat object of primitive fields)."""
    if not isinstance(schema, dict) or schema.get("type") != "object":
        raise ProxyError(wire.INVALID_PARAMS, m.QUESTION_BAD_SCHEMA.format(why="it must be an object schema"))
    if len(msgspec.json.encode(schema)) > MAX_SCHEMA_BYTES:
        raise ProxyError(wire.INVALID_PARAMS, m.QUESTION_BAD_SCHEMA.format(why=f"it is over {MAX_SCHEMA_BYTES} bytes"))
    properties = schema.get("properties", {})
    if not isinstance(properties, dict) or len(properties) > MAX_FIELDS:
        raise ProxyError(wire.INVALID_PARAMS, m.QUESTION_BAD_SCHEMA.format(why=f"properties: an object of at most {MAX_FIELDS}"))
    for name, prop in properties.items():
        if not _primitive(prop):
            raise ProxyError(wire.INVALID_PARAMS, m.QUESTION_BAD_SCHEMA.format(why=f"{name!r} is not a primitive field"))
    return properties


def _primitive(prop: Any) -> bool:
    if not isinstance(prop, dict):
        return False
    kind = prop.get("type")
    if kind == "array":  # the spec's multi-select: an array of enumerated strings
        items = prop.get("items")
        return isinstance(items, dict) and ("enum" in items or "anyOf" in items or "oneOf" in items)
    return kind in PRIMITIVES or (kind is None and ("enum" in prop or "oneOf" in prop))


def _form_tree(tool: str, message: str, schema: Any) -> App:
    """The requested schema compiled like a tool's arguments; its form's actions are the spec's three."""
    compiled = compile_tool({"name": tool, "inputSchema": schema})
    form = next(c for c in compiled.children if isinstance(c, Form))
    actions = (Action("submit", m.QUESTION_ACCEPT, primary=True), Action("decline", m.QUESTION_DECLINE),
               Action("cancel", m.QUESTION_CANCEL))
    form = msgspec.structs.replace(form, props=FormProps(toolName=tool, submitLabel=m.QUESTION_ACCEPT), actions=actions)
    app = App(id="app", props=AppProps(toolName=tool, title=message), children=(form,))
    tree = _prefixed(msgspec.to_builtins(app))
    root = decode(tree)
    assert isinstance(root, App)
    return root


def _prefixed(node: Any) -> Any:
    """Every node id with ``ID_PREFIX``: the question's form sits in the page beside the tool's own."""
    if isinstance(node, dict):
        node_id = "type" in node  # a node (an action's id is what its button sends: kept)
        return {k: (ID_PREFIX + v if node_id and k == "id" and isinstance(v, str) else _prefixed(v)) for k, v in node.items()}
    if isinstance(node, list | tuple):
        return [_prefixed(v) for v in node]
    return node


def _is_token(value: Any) -> TypeGuard[str]:
    return isinstance(value, str) and TOKEN.match(value) is not None


def _text(line: str, *, error: bool = False) -> dict[str, Any]:
    result: dict[str, Any] = {"content": [{"type": "text", "text": line}]}
    if error:
        result["isError"] = True
    return result
