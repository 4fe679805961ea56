"""The ``_ui_render`` family's calls (the store and its bounds: ``renders.py``)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

from compiler import ask

from ..store.base import Store, StoreError
from .management import data, text
from .renders import ASK_TOOLS, Events, Renders

__all__ = ["ASK_TOOLS", "Asking"]


class Asking:
    def __init__(self, store: Store) -> None:
        self.events = Events(store)
        self.renders = Renders(store, self.events)

    async def call(self, name: str, arguments: Any, host_request_id: Any) -> dict[str, Any]:
        handler: Callable[[dict[str, Any], Any], Awaitable[dict[str, Any]]] = getattr(self, name.removeprefix("_ui_"))
        try:
            return await handler(arguments if isinstance(arguments, dict) else {}, host_request_id)
        except StoreError as error:
            return text(f"{name} failed: the store that keeps questions and answers is unavailable ({error}); "
                        "try again shortly.", error=True)

    async def render(self, arguments: dict[str, Any], host_request_id: Any) -> dict[str, Any]:
        question, problems = ask.check(arguments)
        if question is None:
            lines = "\n".join(f"- {p.pointer or '/'}: {p.message}" for p in problems)
            return text(f"The tree was not shown: {len(problems)} problem(s). Fix them and call _ui_render again.\n{lines}",
                        error=True) | {"structuredContent": {"problems": [{"pointer": p.pointer, "message": p.message} for p in problems]}}
        render = await self.renders.open(question, arguments, host_request_id)
        if not question.wait:
            return _answer({"renderId": render.id},
                           f"Shown to the user as {render.id}; collect the answer with _ui_wait {{\"renderId\": \"{render.id}\"}}.")
        return _outcome(await self.renders.wait(render, question.timeout_s, close_on_timeout=True), question.timeout_s)

    async def wait(self, arguments: dict[str, Any], host_request_id: Any) -> dict[str, Any]:
        timeout = arguments.get("timeoutSeconds", 30)
        if isinstance(timeout, bool) or not isinstance(timeout, int | float) or not 1 <= timeout <= 300:
            return text("timeoutSeconds must be a number from 1 to 300", error=True)
        render = await self.renders.get(arguments.get("renderId"))
        if render is None:
            return text(f"No open question {arguments.get('renderId')!r}: answers are collected once, and kept 10 minutes.", error=True)
        if render.closed:
            return text(f"Question {render.id} was {render.closed}.", error=True)
        return _outcome(await self.renders.wait(render, float(timeout), close_on_timeout=False), float(timeout))

    async def view(self, arguments: dict[str, Any], host_request_id: Any) -> dict[str, Any]:
        render = await self.renders.shown_for(arguments.get("arguments"), arguments.get("requestId"))
        if render is None:
            question, problems = ask.check(arguments.get("arguments"))
            if question is None:
                return text("This question cannot be shown: " + "; ".join(map(str, problems[:5])), error=True)
            return text("This question is no longer open (answered, timed out, cancelled or expired).", error=True)
        return data({"renderId": render.id, "html": ask.body(render.question), "tree": ask.tree_json(render.question)})

    async def respond(self, arguments: dict[str, Any], host_request_id: Any) -> dict[str, Any]:
        why = await self.renders.respond(arguments.get("renderId"), arguments.get("action"), arguments.get("values"))
        return text(why, error=True) if why else text("Sent.")


def _answer(value: dict[str, Any], line: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": line}], "structuredContent": value}


def _outcome(value: dict[str, Any], timeout_s: float) -> dict[str, Any]:
    if value.get("closed"):
        return text(f"Question {value.get('renderId')} was {value['closed']}: no answer can come.", error=True)
    if value.get("timedOut"):
        return _answer(value, f"No answer within {timeout_s:g} s: the user has not answered (timed out).")
    values = json.dumps(value.get("values"), ensure_ascii=False)
    return _answer(value, f"The user answered with action {value.get('action')!r} and values {values[:2000]}")
