"""The LLM layout: ask a Claude model for a LayoutSpec, under one hard time budget.

The model is an improvement, never a dependency. ``LLMLayout.generate`` always returns a complete
spec: the model's where it is valid, the heuristic's everywhere else, and a record of which part
came from where and why.

* One request shape (no sampling parameters: the API version the SDK speaks refuses them):
  forced tool use (``tool_choice`` = the ``layout`` tool) whose input schema is
  ``spec_schema(tree)`` — every field reference an enum of the tree's real JSON Pointers.
* One total budget (``LLMSettings.budget_s``) across attempts; retries with exponential backoff
  only for retryable failures (429 honouring ``retry-after``, 529, other 5xx, network); the
  in-flight request is cancelled when the budget ends (``asyncio.timeout``).
* Invalid answers go back once with the problems (a ``tool_result`` with ``is_error``); what is
  still invalid is dropped part by part and the heuristic fills in.
* Concurrency is limited (a semaphore) and identical concurrent requests share one call.
* The tool definition is data between markers; its strings are truncated and cannot contain the
  markers (angle brackets in data are replaced), and the system prompt says to treat it as data.
* The ``anthropic`` SDK is large (``import anthropic`` costs about a second of CPU): with a key it
  is imported, and its client made, in worker threads from the moment an ``LLMLayout`` exists
  (``load_sdk``, ``_make_client``), and a generation awaits them without ever blocking the event
  loop; without a key it is never imported. The import yields to the event loop: each of its
  modules runs only once the loop has caught up with what it had to do (``_behind``), so a page
  asked while the SDK loads is made at the heuristic's speed, not at half of it (the two threads
  would otherwise share the GIL in 5 ms turns for the whole two seconds of the import).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import contextlib
import hashlib
import json
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from importlib.machinery import SourceFileLoader
from typing import Any

import prompts
from compiler.compile.facts import Facts, facts_of
from components.nodes import App

from .check import check_spec
from .choices import choices, leads_of
from .heuristic import heuristic_spec, present_of
from .schema import spec_schema
from .spec import LayoutSpec, spec_json

log = logging.getLogger("compile_ui.layout")

DEFAULT_MODEL = "claude-haiku-4-5"
TOOL_NAME = "layout"
MAX_ATTEMPTS = 6
FIRST_BACKOFF_S = 0.5
MAX_FEEDBACK = 5
LIMITS = {"name": 100, "title": 200, "description": 2000, "schema": 6000, "feedback": 500}
MODEL_NOT_READY = "the model was not ready yet (its SDK still loading): its layout replaces this one when it lands"
PARTS = (
    "title", "summary", "input.order", "input.groups", "input.advanced", "input.widgets", "input.submitLabel",
    "input.live", "input.pickers", "output", "links", "paging", "present", "live",
)


@dataclass(frozen=True)
class LLMSettings:
    """How to reach the model. The key comes only from the environment or a config file and is
    never part of ``repr`` (so never of a log line)."""

    model: str = DEFAULT_MODEL
    temperature: float | None = None
    """Not sent by default: the Messages API version the SDK 2.x speaks (2026-10-21) rejects
    sampling parameters. Set it only for an endpoint that still takes one (sent as an extra body
    field). Determinism comes from forced tool use over an enum-only schema, and from the cache."""
    max_tokens: int = 700
    budget_s: float = 15.0
    concurrency: int = 2
    api_key: str | None = field(default=None, repr=False)
    base_url: str | None = None

    @classmethod
    def from_env(cls, env: Mapping[str, str] | None = None, **overrides: Any) -> LLMSettings:
        env = os.environ if env is None else env
        values: dict[str, Any] = {
            "api_key": env.get("ANTHROPIC_API_KEY") or None,
            "base_url": env.get("ANTHROPIC_BASE_URL") or None,
            "model": env.get("COMPILE_UI_MODEL") or DEFAULT_MODEL,
        }
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    @property
    def enabled(self) -> bool:
        return bool(self.api_key)


@dataclass
class Generation:
    """One layout generation: the spec used, where each part came from, and what it cost."""

    spec: LayoutSpec
    sources: dict[str, str]
    reasons: dict[str, str] = field(default_factory=dict)
    usage: dict[str, int] = field(default_factory=lambda: {"input_tokens": 0, "output_tokens": 0})
    duration_ms: float = 0.0
    model: str | None = None
    prompt_version: str = prompts.PROMPT_VERSION
    key: str = ""
    attempts: int = 0

    @property
    def layout(self) -> str:
        kinds = set(self.sources.values())
        return "llm" if kinds == {"llm"} else "heuristic" if kinds == {"heuristic"} else "mixed"

    def to_json(self) -> dict[str, Any]:
        return {
            "layout": self.layout,
            "spec": spec_json(self.spec, exclude_defaults=True),
            "sources": self.sources,
            "reasons": self.reasons,
            "usage": self.usage,
            "durationMs": round(self.duration_ms, 1),
            "model": self.model,
            "promptVersion": self.prompt_version,
            "key": self.key,
            "attempts": self.attempts,
        }


class ModelFailed(Exception):
    """The model could not give an answer (a non-retryable error, or retries exhausted)."""


def key_material(tool: Mapping[str, Any], refinements: Sequence[str], settings: LLMSettings) -> dict[str, Any]:
    """Everything a model's answer depends on."""
    return {
        "tool": tool,
        "refinements": list(refinements)[-MAX_FEEDBACK:],
        "prompt": prompts.PROMPT_VERSION,
        "model": settings.model if settings.enabled else None,
        "temperature": settings.temperature if settings.enabled else None,  # part of the key even when unsent
    }


def digest(material: Mapping[str, Any]) -> str:
    """sha256 of the canonical JSON of ``material``."""
    canonical = json.dumps(material, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(canonical.encode()).hexdigest()


def request_key(tool: Mapping[str, Any], refinements: Sequence[str], settings: LLMSettings) -> str:
    """The key of a model request (identical concurrent requests share one call). The page's key,
    which adds the runtime, is ``compiler.pipeline.page_key``."""
    return digest(key_material(tool, refinements, settings))


_sdk: concurrent.futures.Future[Any] | None = None
_sdk_lock = threading.Lock()


def load_sdk(loop: asyncio.AbstractEventLoop | None = None) -> concurrent.futures.Future[Any]:
    """The ``anthropic`` module, imported once in a worker thread started by the first call. An
    ``import`` on the event loop would hold every request of the process for its whole duration
    (and a second ``import`` waits on the first one's module lock, just as long). ``loop``: the
    event loop the import gives way to (``_behind``)."""
    global _sdk
    with _sdk_lock:
        if _sdk is None:
            _sdk = concurrent.futures.Future()
            _sdk.set_running_or_notify_cancel()  # running: a cancelled waiter cannot cancel the import
            threading.Thread(target=_import_sdk, args=(_sdk, loop), name="anthropic-import", daemon=True).start()
        return _sdk


CATCH_UP_WAIT_S = 0.5
"""How long a module of the SDK waits for the event loop at most. A loop that does not catch up
in that time (busy that long, or blocked on this very import) is not waited for again."""


@contextlib.contextmanager
def _behind(loop: asyncio.AbstractEventLoop | None) -> Iterator[None]:
    """While in it, each Python module this thread imports first waits until ``loop`` has run
    what was ready before (a callback put at the end of its queue has run): the import goes on
    between the loop's work, never beside it. Other threads' imports are untouched; the loader
    is restored on the way out."""
    if loop is None:
        yield
        return
    me, giving_way = threading.get_ident(), [True]
    run = SourceFileLoader.exec_module

    def exec_module(loader: SourceFileLoader, module: Any) -> None:
        if giving_way[0] and threading.get_ident() == me:
            caught_up = threading.Event()
            try:
                loop.call_soon_threadsafe(caught_up.set)
            except RuntimeError:  # the loop closed: nothing to give way to
                giving_way[0] = False
            else:
                giving_way[0] = caught_up.wait(CATCH_UP_WAIT_S)
        run(loader, module)

    SourceFileLoader.exec_module = exec_module  # type: ignore[method-assign,assignment]
    try:
        yield
    finally:
        del SourceFileLoader.exec_module  # the inherited one again


def _in_thread(make: Callable[[], Any], name: str) -> concurrent.futures.Future[Any]:
    """``make()`` in a daemon thread of its own; its result (or exception) in the future."""
    future: concurrent.futures.Future[Any] = concurrent.futures.Future()
    future.set_running_or_notify_cancel()  # running: a cancelled waiter cannot cancel it

    def run() -> None:
        try:
            future.set_result(make())
        except BaseException as error:  # noqa: BLE001 (handed to whoever awaits it)
            future.set_exception(error)

    threading.Thread(target=run, name=name, daemon=True).start()
    return future


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _import_sdk(future: concurrent.futures.Future[Any], loop: asyncio.AbstractEventLoop | None = None) -> None:
    try:
        with _behind(loop):
            import anthropic
    except BaseException as error:  # noqa: BLE001 (handed to whoever awaits the SDK)
        future.set_exception(error)
    else:
        future.set_result(anthropic)


class LLMLayout:
    def __init__(self, settings: LLMSettings, client: Any = None, make_client: Callable[[], Any] | None = None) -> None:
        """``client``: one already made; ``make_client``: how to make it, in a worker thread (by
        default the SDK, imported there, makes it from ``settings``)."""
        self.settings = settings
        self._client = client
        self._make = make_client or self._make_client
        self._client_made: concurrent.futures.Future[Any] | None = None
        self._semaphore: asyncio.Semaphore | None = None
        self._inflight: dict[str, _Shared] = {}
        self.calls = 0
        """Model requests sent (for tests and reports)."""
        self._loop = _running_loop()
        """The event loop this layout serves, if any: the SDK's import gives way to it."""
        if settings.enabled and client is None:
            # Off the first page's path: the import, then the client (it reads the CA bundle), in
            # a worker thread from the moment the proxy starts.
            self._client_made = _in_thread(self._make, "anthropic-client")

    @property
    def ready(self) -> bool:
        """A generation would ask the model at once: no key (the heuristic answers), or the SDK
        imported and the client made (or failed to be: the generation then fails at once too)."""
        if not self.settings.enabled or self._client is not None:
            return True
        return self._client_made is not None and self._client_made.done()

    async def loaded(self) -> None:
        """Returns once the model can be asked: the SDK imported and the client made (or failed
        to be: the generation then reports it at once). A generation behind an interim page
        waits for this before its budget starts: the budget is the model's, and the import, a
        few seconds of CPU, took more than all of it on a loaded machine (the model's page then
        never came)."""
        if not self.ready:
            with contextlib.suppress(Exception):
                await self.client()

    def interim(self, tool: Mapping[str, Any], tree: App, refinements: Sequence[str] = (), facts: Facts | None = None) -> Generation:
        """The heuristic layout, for a page served while the model is not ready (``ready``); the
        model's generation for the same key replaces it when it lands."""
        facts = facts_of(tree) if facts is None else facts
        key = request_key(tool, refinements, self.settings)
        return _heuristic(heuristic_spec(tree, tool, facts), key, time.monotonic(), MODEL_NOT_READY)

    async def sdk(self) -> Any:
        """The ``anthropic`` module, without blocking the event loop while it imports."""
        return await asyncio.wrap_future(load_sdk(asyncio.get_running_loop()))

    async def client(self) -> Any:
        """The SDK's client, made once, in a worker thread (started with the layout, or now)."""
        if self._client is not None:
            return self._client
        if self._client_made is None:
            self._client_made = _in_thread(self._make, "anthropic-client")
        self._client = await asyncio.shield(asyncio.wrap_future(self._client_made))
        return self._client

    def _make_client(self) -> Any:
        """In a worker thread: the SDK once imported (``load_sdk``), its client."""
        anthropic = load_sdk(self._loop).result()
        return anthropic.AsyncAnthropic(
            api_key=self.settings.api_key,
            base_url=self.settings.base_url,
            max_retries=0,  # retries are ours, inside the one budget
            timeout=self.settings.budget_s,
        )

    async def generate(
        self, tool: Mapping[str, Any], tree: App, refinements: Sequence[str] = (), facts: Facts | None = None
    ) -> Generation:
        """The layout for ``tool``; concurrent calls with the same key share one generation.
        ``facts``: compile's facts of the tree's fields (built from the tree when not given)."""
        key = request_key(tool, refinements, self.settings)
        shared = self._inflight.get(key)
        if shared is None:
            facts = facts_of(tree) if facts is None else facts
            shared = _Shared(asyncio.ensure_future(self._generate(key, tool, tree, list(refinements), facts)))
            self._inflight[key] = shared
            shared.task.add_done_callback(lambda _task: self._inflight.pop(key, None))
        return await shared.wait()

    async def _generate(self, key: str, tool: Mapping[str, Any], tree: App, refinements: list[str], facts: Facts) -> Generation:
        start = time.monotonic()
        fallback = heuristic_spec(tree, tool, facts)
        if not self.settings.enabled:
            return _heuristic(fallback, key, start, "no API key configured (ANTHROPIC_API_KEY)")
        if self._semaphore is None:
            self._semaphore = asyncio.Semaphore(self.settings.concurrency)
        deadline = start + self.settings.budget_s
        conversation = _Conversation(self, tool, tree, facts, refinements, deadline)
        try:
            async with self._semaphore:
                remaining = deadline - time.monotonic()
                async with asyncio.timeout(max(remaining, 0.001)):
                    raw, problems = await conversation.run()
        except TimeoutError:
            reason = f"the model did not answer within the {self.settings.budget_s:g} s budget"
            return _heuristic(fallback, key, start, reason, conversation)
        except ModelFailed as error:
            return _heuristic(fallback, key, start, str(error), conversation)
        spec, sources, reasons = _merge(tree, facts, raw, fallback)
        return Generation(
            spec=spec,
            sources=sources,
            reasons=reasons,
            usage=conversation.usage,
            duration_ms=(time.monotonic() - start) * 1000,
            model=self.settings.model,
            key=key,
            attempts=conversation.attempts,
        )


class _Shared:
    """One generation awaited by several callers; cancelled only when every caller has gone."""

    def __init__(self, task: asyncio.Future[Any]) -> None:
        self.task = task
        self.waiters = 0

    async def wait(self) -> Generation:
        self.waiters += 1
        try:
            return await asyncio.shield(self.task)
        except asyncio.CancelledError:
            if not self.task.done() and self.waiters == 1:
                self.task.cancel()
            raise
        finally:
            self.waiters -= 1


class _Conversation:
    """The exchange with the model for one generation: ask, and repair once."""

    def __init__(self, owner: LLMLayout, tool: Mapping[str, Any], tree: App, facts: Facts, refinements: list[str], deadline: float):
        self.owner = owner
        self.tree = tree
        self.facts = facts
        self.deadline = deadline
        self.schema = spec_schema(tree, facts)
        self.messages: list[dict[str, Any]] = [{"role": "user", "content": user_prompt(tool, tree, refinements, facts)}]
        self.usage = {"input_tokens": 0, "output_tokens": 0}
        self.attempts = 0

    async def run(self) -> tuple[Any, list[Any]]:
        answer = await self.ask()
        spec, problems = check_spec(self.tree, answer["input"], self.facts)
        if spec is not None:
            return answer["input"], []
        # one repair round: the same conversation, with the problems as the tool's error result
        self.messages += [
            {"role": "assistant", "content": [answer]},
            {
                "role": "user",
                "content": [
                    {
                        "type": "tool_result",
                        "tool_use_id": answer["id"],
                        "is_error": True,
                        "content": "The layout is invalid. Fix exactly these problems and call `layout` again:\n"
                        + "\n".join(f"- {p}" for p in problems[:20]),
                    }
                ],
            },
        ]
        repaired = await self.ask()
        spec, problems = check_spec(self.tree, repaired["input"], self.facts)
        return repaired["input"], problems

    async def ask(self) -> dict[str, Any]:
        settings = self.owner.settings
        extra = {"temperature": settings.temperature} if settings.temperature is not None else None
        response = await self.request(
            model=settings.model,
            max_tokens=settings.max_tokens,
            extra_body=extra,
            system=prompts.load("layout_system.md"),
            messages=self.messages,
            tools=[{"name": TOOL_NAME, "description": "Set the layout of the tool's interface.", "input_schema": self.schema}],
            tool_choice={"type": "tool", "name": TOOL_NAME},
        )
        usage = getattr(response, "usage", None)
        for k in self.usage:
            self.usage[k] += int(getattr(usage, k, 0) or 0)
        block = next((b for b in response.content if getattr(b, "type", None) == "tool_use"), None)
        if block is None:
            raise ModelFailed("the model answered without calling the layout tool")
        return {"type": "tool_use", "id": block.id, "name": block.name, "input": block.input}

    async def request(self, **params: Any) -> Any:
        anthropic = await self.owner.sdk()
        client = await self.owner.client()
        backoff = FIRST_BACKOFF_S
        while True:
            self.attempts += 1
            self.owner.calls += 1
            try:
                return await client.messages.create(**params)
            except anthropic.APIStatusError as error:
                if not _retryable(error.status_code):
                    raise ModelFailed(f"the model API refused the request (HTTP {error.status_code})") from None
                wait = _retry_after(error) or backoff
                what = f"HTTP {error.status_code}"
            except anthropic.APIConnectionError as error:
                wait, what = backoff, type(error).__name__
            if self.attempts >= MAX_ATTEMPTS:
                raise ModelFailed(f"the model API kept failing ({what}) after {self.attempts} attempts")
            if time.monotonic() + wait >= self.deadline:
                raise ModelFailed(f"the model API asked to wait {wait:g} s ({what}), beyond the budget")
            log.info("layout: %s, retrying in %.2g s", what, wait)
            await asyncio.sleep(wait)
            backoff *= 2


def _retryable(status: int) -> bool:
    return status == 429 or status >= 500


def _retry_after(error: Any) -> float | None:
    value = error.response.headers.get("retry-after") if error.response is not None else None
    try:
        return max(float(value), 0.0) if value is not None else None
    except ValueError:
        return None


# --------------------------------------------------------------------------- prompt


def user_prompt(tool: Mapping[str, Any], tree: App, refinements: Sequence[str], facts: Facts | None = None) -> str:
    offer = choices(tree, facts)
    data = {
        "name": _data(tool.get("name"), LIMITS["name"]),
        "title": _data(tool.get("title"), LIMITS["title"]),
        "description": _data(tool.get("description"), LIMITS["description"]),
        "inputSchema": _schema_data(tool.get("inputSchema")),
        "outputSchema": _schema_data(tool.get("outputSchema")),
    }
    feedback = [_data(f, LIMITS["feedback"]) for f in list(refinements)[-MAX_FEEDBACK:]]
    text: str = prompts.load("layout_user.md").format(
        tool=json.dumps({k: v for k, v in data.items() if v}, separators=(",", ":"), ensure_ascii=False),
        fields=json.dumps(list(offer.fields)),
        required=json.dumps(sorted(offer.required)),
        paths=json.dumps([{"path": p.bind, "views": list(p.views), "columns": list(p.pointers)} for p in offer.paths]),
        present=_present_prompt(tree, tool, facts),
        feedback="\n".join(f"- {f}" for f in feedback) or "(none)",
    )
    return text + _leads_prompt(tree)


def _present_prompt(tree: App, tool: Mapping[str, Any], facts: Facts | None) -> str:
    """What the heuristic inferred of the result's presentation (formats, headline, the chart's
    place), as compact prompt data; the model corrects it, or leaves it out."""
    inferred = present_of(tree, tool, facts)
    if inferred is None:
        return "(nothing: the page infers it from the data)"
    return json.dumps(spec_json(inferred, exclude_defaults=True, exclude_none=True), separators=(",", ":"), ensure_ascii=False)


def _leads_prompt(tree: App) -> str:
    """The result's links and paging as prompt data (nothing when it leads nowhere: the prompt of
    a tool alone is unchanged)."""
    leads = leads_of(tree)
    if leads is None:
        return ""
    links = [
        {"id": link.id, "label": _data(link.label, LIMITS["title"]), "offered": link.offered,
         **({"confirms": True} if link.destructive else {})}
        for link in leads.props.links
    ]
    paging = leads.props.paging
    lines = [f"\nLinks from the result's values to other tools (`links`, by id; offered: shown by default): {json.dumps(links, ensure_ascii=False)}"]
    if paging is not None:
        lines.append(f"The result pages by its `{_data(paging.argument, LIMITS['name'])}` input (`paging`: show it or not, its label).")
    return "\n".join(lines) + "\n"


def _schema_data(schema: Any) -> Any:
    """A schema as prompt data: the JSON itself when short enough, else its truncated text."""
    if schema is None:
        return None
    inert = _inert(schema)
    text = json.dumps(inert, separators=(",", ":"), ensure_ascii=False)
    return inert if len(text) <= LIMITS["schema"] else text[: LIMITS["schema"] - 1] + "…"


def _inert(value: Any) -> Any:
    if isinstance(value, str):
        return value.replace("<", "‹").replace(">", "›")
    if isinstance(value, list):
        return [_inert(v) for v in value]
    if isinstance(value, dict):
        return {_inert(k): _inert(v) for k, v in value.items()}
    return value


def _data(value: Any, limit: int) -> str | None:
    """Untrusted text, made inert as prompt data: truncated, and unable to forge a marker."""
    if not isinstance(value, str) or not value:
        return None
    text: str = _inert(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


# --------------------------------------------------------------------------- merging


def _heuristic(spec: LayoutSpec, key: str, start: float, reason: str, conversation: _Conversation | None = None) -> Generation:
    return Generation(
        spec=spec,
        sources={part: "heuristic" for part in PARTS},
        reasons={"*": reason},
        usage=conversation.usage if conversation else {"input_tokens": 0, "output_tokens": 0},
        duration_ms=(time.monotonic() - start) * 1000,
        model=None,
        key=key,
        attempts=conversation.attempts if conversation else 0,
    )


def _merge(tree: App, facts: Facts, raw: Any, fallback: LayoutSpec) -> tuple[LayoutSpec, dict[str, str], dict[str, str]]:
    """The model's valid parts over the heuristic spec; invalid parts dropped with their reason."""
    spec, _ = check_spec(tree, raw, facts)
    if spec is not None:
        return spec, {part: "llm" for part in PARTS}, {}
    accepted = spec_json(fallback)
    sources = {part: "heuristic" for part in PARTS}
    reasons: dict[str, str] = {}
    given = raw if isinstance(raw, dict) else {}
    offered = set(choices(tree, facts).links)
    for part in PARTS:
        value = _get(given, part)
        if part == "links" and isinstance(value, list):  # links the compiler never proposed are dropped, the rest kept
            value = [c for c in value if not isinstance(c, dict) or c.get("id") in offered]
        if value is _MISSING:
            reasons[part] = "not given by the model"
            continue
        candidate = json.loads(json.dumps(accepted))
        _set(candidate, part, value)
        ok, part_problems = check_spec(tree, candidate, facts)
        if ok is not None:
            accepted, sources[part] = candidate, "llm"
        else:
            reasons[part] = "; ".join(str(p) for p in part_problems[:3])
    final, _ = check_spec(tree, accepted, facts)
    return final or fallback, sources, reasons


_MISSING = object()


def _get(data: dict[str, Any], part: str) -> Any:
    head, _, tail = part.partition(".")
    if head not in data:
        return _MISSING
    if not tail:
        return data[head]
    inner = data[head]
    return inner.get(tail, _MISSING) if isinstance(inner, dict) else _MISSING


def _set(data: dict[str, Any], part: str, value: Any) -> None:
    head, _, tail = part.partition(".")
    if tail:
        data.setdefault(head, {})[tail] = value
    else:
        data[head] = value
