"""Pages for the wrapped tools: generate (layout, then render), cache, de-duplicate.

``PageStore.page(tool)`` is what ``resources/read ui://<tool>`` answers. The key is the layout
cache key (tool definition, refinements, prompt version, model, runtime version): a cached page is
returned at once; otherwise one generation per key runs (concurrent reads share it), bounded by
the LLM budget, and the page is rendered from the spec it produced.

The model's SDK is never in front of a page: while the model is not ready (``LLMLayout.ready``:
the SDK still importing, its client not made), a page that would ask it is made with the heuristic
layout at once (``Made.interim``, kept out of the cache), and the model's generation for the same
key runs behind it; when it lands its page is cached and stored like any, and ``landed`` is called
(the proxy tells hosts that the ``ui://`` resource changed).

Read your writes, across replicas: a tool's refinements and set layout are part of its key, and
another replica may have changed them a moment ago (its ``NOTIFY`` may not have arrived yet, or
the re-read it starts may still be under way). So a host's read first asks the store for that
tool's two rows (``confirm``: one statement, two primary-key look-ups, bounded by
``store.CONFIRM_S``) and takes them when they differ; only then is the key made and the cache
consulted. A version in the key that the replica confirms would cost the same round trip and a
schema change besides; the rows themselves are a few hundred bytes. When the store does not
answer in time, the read is served from what this replica knows, and the log says it may be stale.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import msgspec

from compiler.compile.leads import Tools, index, leads
from compiler.layout import (
    Generation,
    LLMLayout,
    LLMSettings,
    Refinements,
    check_spec,
    needs_model,
    spec_json,
    spec_schema,
)
from compiler.layout.llm import digest
from compiler.pipeline import (
    Compiled,
    Given,
    Heuristic,
    Model,
    Page,
    Stored,
    compile,
    laid_out,
    make_page,
    page_file_name,
    page_key,
)
from runtime_js import RUNTIME_VERSION

from ..store.base import Store, StoreError
from .cache import Entry, PageCache

log = logging.getLogger("compile_ui.proxy")


@dataclass
class Made:
    """A page and how it was made (what ``_ui_inspect`` reports)."""

    key: str
    page: bytes
    generation: dict[str, Any]
    generated_at: float
    cached: bool = False
    info: dict[str, Any] = field(default_factory=dict)
    interim: bool = False
    """Made with the heuristic layout while the model was not ready; the model's page follows."""


class PageStore:
    def __init__(
        self,
        settings: LLMSettings,
        *,
        cache: PageCache | None = None,
        store: Store | None = None,
        export_dir: Path | None = None,
        llm: LLMLayout | None = None,
        keep_generations: bool = True,
    ) -> None:
        self.settings = settings
        self.llm = llm or LLMLayout(settings)
        self.cache = cache  # None: --no-cache
        self.store = store
        self.keep_generations = keep_generations
        """Read and write layout generations in the store (not with --no-cache: every read regenerates)."""
        self.export_dir = export_dir
        self.refinements = Refinements()
        self.layouts: dict[str, dict[str, Any]] = {}
        """LayoutSpecs set by the host's model (``_ui_refine {layout}``), by tool: they win (both
        read from the store by ``load``)."""
        self._reloading = asyncio.Lock()
        self._confirms = 0
        self._confirmed: dict[str, int] = {}
        """The tools ``confirm`` took from the store, each with its count at that moment: a
        snapshot read before it (``reload``) does not put older rows back."""
        self._inflight: dict[str, asyncio.Task[Made]] = {}
        self._ask_page: str | None = None
        self._interim: dict[str, Made] = {}
        """Pages served while the model's generation for their key runs behind them."""
        self._behind: set[asyncio.Task[None]] = set()
        self.landed: Callable[[str, Made, bool], None] | None = None
        """Called with the tool's name, the model's page and whether it differs from the interim
        one, when a generation that ran behind an interim page lands."""
        self.generations = 0
        """Pages generated (not served from cache) since start."""
        self.listing: Callable[[], tuple[int, Mapping[str, Mapping[str, Any]]]] = lambda: (0, {})
        """The upstream's whole tool list and its version (the proxy's registry): a page's links
        lead to the other tools (``compile.leads``), so a page depends on the list too."""
        self._leads: dict[str, tuple[int, Mapping[str, Any], str | None]] = {}
        self._index: tuple[int, Tools] | None = None

    def siblings(self) -> Tools:
        """Every tool of the upstream, in its order, read once per listing: what a page's links
        may call."""
        version, tools = self.listing()
        if self._index is None or self._index[0] != version:
            self._index = (version, index(list(tools.values())))
        return self._index[1]

    def compile(self, tool: Mapping[str, Any]) -> Compiled:
        """The tool compiled with the tools it may lead to."""
        return compile(tool, self.siblings())

    def key(self, tool: Mapping[str, Any]) -> str:
        key = page_key(tool, self.refinements.get(tool["name"]), self.settings)
        leads = self._leads_digest(tool)
        if leads is not None:  # a tool that leads nowhere keeps the key it always had
            key = digest({"page": key, "leads": leads})
        layout = self.layouts.get(tool["name"])
        return key if layout is None else digest({"page": key, "layout": layout})

    def _leads_digest(self, tool: Mapping[str, Any]) -> str | None:
        """What the tool's page takes from the rest of the list: its links and paging, and the
        definitions of the tools they call (their views are in the page). Inferred once per
        listing and tool."""
        version, tools = self.listing()
        known = self._leads.get(tool["name"])
        if known is not None and known[0] == version and known[1] is tool:
            return known[2]
        found = leads(tool, self.siblings())
        value = None if found is None else digest({
            "leads": msgspec.to_builtins(found),
            "tools": [tools[name] for name in sorted({link.tool for link in found.links}) if name in tools],
        })
        self._leads[tool["name"]] = (version, tool, value)
        return value

    def cached(self, tool: Mapping[str, Any]) -> bool:
        return self.cache is not None and self.key(tool) in self.cache

    async def page(self, tool: Mapping[str, Any], *, force: bool = False) -> Made:
        key = self.key(tool)
        if not force and self.cache is not None:
            entry = self.cache.get(key)
            if entry is not None:
                return Made(key, entry.page, entry.generation, entry.generated_at, cached=True)
        interim = None if force else self._interim.get(key)
        if interim is not None:
            return interim
        task = self._inflight.get(key)
        if task is None or force:
            task = asyncio.ensure_future(self._make(key, dict(tool), force))
            self._inflight[key] = task
            task.add_done_callback(self._forget_when_done(key))
        return await asyncio.shield(task)

    def _forget_when_done(self, key: str) -> Callable[[asyncio.Task[Made]], None]:
        def forget(task: asyncio.Task[Made]) -> None:
            if self._inflight.get(key) is task:
                del self._inflight[key]

        return forget

    async def _make(self, key: str, tool: dict[str, Any], force: bool) -> Made:
        start = time.monotonic()
        compiled = self.compile(tool)
        kept = self.store if self.keep_generations else None
        page: Page | None = self._given(compiled, self.layouts[tool["name"]]) if self.layouts.get(tool["name"]) else None
        if page is None:  # a set layout needs no store: its page is made while the store is down, too
            record = None if force or kept is None else await kept.generation(key)
            page = make_page(compiled, Stored(record)) if record else None
        if page is None and not force and not self.llm.ready:
            return self._serve_interim(key, tool, compiled, start)
        if page is None:
            page = await self._model_page(key, compiled)
        return self._done(key, compiled, page, start)

    async def _model_page(self, key: str, compiled: Compiled) -> Page:
        """The page from the model's generation (stored unless it fell back to the heuristic)."""
        tool = compiled.tool
        generation = await self.llm.generate(tool, compiled.tree, self.refinements.get(tool["name"]), compiled.facts)
        page = make_page(compiled, Model(generation))
        if page is None:  # a model's generation always lays out (the heuristic fills its gaps)
            raise RuntimeError(f"no page for {tool['name']}")
        kept = self.store if self.keep_generations else None
        if kept is not None and page.record and page.record["layout"] != "heuristic":
            await kept.save_generation(key, tool["name"], dict(page.record))
        return page

    def _done(self, key: str, compiled: Compiled, page: Page, start: float, *, interim: bool = False) -> Made:
        made = Made(key, page.html.encode(), dict(page.record or {}), time.time(), interim=interim)
        made.info["durationMs"] = round((time.monotonic() - start) * 1000, 1)
        self.generations += 1
        if self.cache is not None and not interim:
            self.cache.put(key, Entry(made.page, made.generation, made.generated_at))
        self._export(compiled.tool["name"], made)
        return made

    def _serve_interim(self, key: str, tool: dict[str, Any], compiled: Compiled, start: float) -> Made:
        """The heuristic page now; the model's generation behind it (``landed`` when it does)."""
        generation = self.llm.interim(tool, compiled.tree, self.refinements.get(tool["name"]), compiled.facts)
        page = make_page(compiled, Model(generation))
        assert page is not None  # a generation always lays out
        made = self._interim[key] = self._done(key, compiled, page, start, interim=True)
        task = asyncio.ensure_future(self._behind_interim(key, compiled, made))
        self._behind.add(task)
        task.add_done_callback(self._behind.discard)
        return made

    async def _behind_interim(self, key: str, compiled: Compiled, interim: Made) -> None:
        start = time.monotonic()
        try:
            await self.llm.loaded()  # the model's budget starts once it can be asked
            made = self._done(key, compiled, await self._model_page(key, compiled), start)
        except Exception:  # noqa: BLE001 (a task nobody awaits: the interim page stays, as the heuristic's)
            log.exception("the model's layout for %s could not replace the page served before it", compiled.tool["name"])
            return
        finally:
            self._interim.pop(key, None)
        if self.landed is not None:
            self.landed(compiled.tool["name"], made, made.page != interim.page)

    def _given(self, compiled: Compiled, layout: dict[str, Any]) -> Page | None:
        """The page laid out by a set layout (``None`` when it no longer fits the tool)."""
        spec, problems = check_spec(compiled.tree, layout, compiled.facts)
        if problems or spec is None:
            log.warning("the layout set for %s no longer fits the tool (%s); using the usual layout",
                        compiled.tool["name"], "; ".join(map(str, problems[:3])))
            return None
        page = make_page(compiled, Given(spec))
        if page is None:
            return None
        record = {"layout": "set", "spec": layout, "sources": {"*": "_ui_refine {layout}"}, "model": None,
                  "promptVersion": None, "usage": None, "reasons": None}
        return msgspec.structs.replace(page, record=record)

    def current_layout(self, compiled: Compiled, generation: Mapping[str, Any] | None) -> dict[str, Any]:
        """The LayoutSpec the tool's page uses now (``generation``: how the page was made), as
        JSON, defaults left out."""
        return spec_json(_laid_out(compiled, (generation or {}).get("spec")).spec, exclude_defaults=True)

    def schema_for(self, compiled: Compiled) -> dict[str, Any]:
        """The JSON Schema of the LayoutSpecs the tool accepts (its pointers as enums)."""
        return spec_schema(compiled.tree, compiled.facts)

    async def set_layout(self, name: str, layout: dict[str, Any] | None) -> bool:
        """Use ``layout`` for the tool's page; ``False`` when the store could not keep it (this
        process uses it, but neither a restart nor another replica will)."""
        if layout is None:
            self.layouts.pop(name, None)
        else:
            self.layouts[name] = layout
        return self.store is None or await self.store.save_layout(name, layout)

    async def load(self) -> None:
        """Refinements and set layouts as stored (none, with a warning, when the store fails)."""
        if self.store is not None:
            self.refinements = Refinements(await self.store.refinements())
            self.layouts = await self.store.layouts()

    async def confirm(self, name: str) -> bool:
        """The tool's refinements and set layout as the store has them now, taken when they
        differ from this replica's; whether they did. When the store does not answer within
        ``CONFIRM_S`` this replica's are kept (logged: its page may be stale)."""
        if self.store is None:
            return False
        try:
            history, layout = await self.store.tool_layout(name)
        except StoreError as error:
            log.warning("the store did not confirm the layout of %s (%s); serving this replica's page, which may be stale",
                        name, error)
            return False
        self._confirms += 1
        self._confirmed[name] = self._confirms
        if list(self.refinements.get(name)) == history and self.layouts.get(name) == layout:
            return False
        self.refinements = Refinements({**self.refinements.as_dict(), name: history})
        self.layouts = {t: spec for t, spec in self.layouts.items() if t != name} | ({name: layout} if layout else {})
        return True

    async def reload(self) -> set[str]:
        """Refinements and set layouts as the store holds them now (another replica may have
        changed them); the tools whose pages change. Nothing changes when the store is down.
        One at a time: a snapshot read later is never replaced by one read before it."""
        if self.store is None:
            return set()
        async with self._reloading:
            started = self._confirms
            try:
                refinements, layouts = await self.store.snapshot()
            except StoreError as error:
                log.warning("re-reading layouts from the store failed (%s); keeping those known", error)
                return set()
            return self._replace(refinements, layouts, keep={t for t, n in self._confirmed.items() if n > started})

    def _replace(self, refinements: dict[str, list[str]], layouts: dict[str, dict[str, Any]], *,
                 keep: Iterable[str] = ()) -> set[str]:
        """``keep``: tools confirmed since the snapshot was asked for (their rows are newer)."""
        before = self.refinements.as_dict()
        for name in keep:
            refinements = {t: h for t, h in refinements.items() if t != name} | ({name: before[name]} if before.get(name) else {})
            layouts = {t: s for t, s in layouts.items() if t != name} | ({name: self.layouts[name]} if self.layouts.get(name) else {})
        changed = {t for t in set(layouts) | set(self.layouts) if layouts.get(t) != self.layouts.get(t)}
        changed |= {t for t in set(refinements) | set(before) if (refinements.get(t) or []) != (before.get(t) or [])}
        self.refinements, self.layouts = Refinements(refinements), layouts
        return changed

    def ask_page(self) -> str:
        """The one generic page of ``_ui_render`` (its question arrives as the call's input)."""
        if self._ask_page is None:
            from compiler.render import render_ask_page

            self._ask_page = render_ask_page()
        return self._ask_page

    async def refine(self, name: str, feedback: str) -> tuple[str, ...]:
        history = self.refinements.add(name, feedback)
        if self.store is not None:
            await self.store.save_refinements(name, list(history))
        return history

    async def clear_refinements(self, name: str) -> None:
        self.refinements.clear(name)
        if self.store is not None:
            await self.store.save_refinements(name, [])

    def needs_model(self, name: str) -> bool:
        return needs_model(self.refinements.get(name), self.settings.enabled)

    def inspect(self, tool: Mapping[str, Any], made: Made | None) -> dict[str, Any]:
        generation = (made.generation if made else None) or {}
        compiled = self.compile(tool)
        done = _laid_out(compiled, generation.get("spec"))
        return {
            "toolName": tool["name"],
            "cacheKey": self.key(tool),
            "cached": self.cached(tool),
            "generatedAt": _iso(made.generated_at) if made else None,
            "durationMs": made.info.get("durationMs", generation.get("durationMs")) if made else None,
            "model": generation.get("model"),
            "promptVersion": generation.get("promptVersion"),
            "runtimeVersion": RUNTIME_VERSION,
            "layout": generation.get("layout"),
            "refinements": list(self.refinements.get(tool["name"])),
            "refinementsNeedModel": self.needs_model(tool["name"]),
            "spec": generation.get("spec"),
            "sources": generation.get("sources"),
            "reasons": generation.get("reasons"),
            "usage": generation.get("usage"),
            "inputSchema": tool.get("inputSchema"),
            "tree": msgspec.to_builtins(done.tree),
            "currentLayout": spec_json(done.spec, exclude_defaults=True),
            "layoutSet": bool(self.layouts.get(tool["name"])),
            "layoutSchema": self.schema_for(compiled),
        }

    def _export(self, name: str, made: Made) -> None:
        if self.export_dir is None:
            return
        import json

        self.export_dir.mkdir(parents=True, exist_ok=True)
        stem = page_file_name(name).removesuffix(".html")
        (self.export_dir / f"{stem}.html").write_bytes(made.page)
        (self.export_dir / f"{stem}.layout.json").write_text(json.dumps(made.generation, indent=1))


def _laid_out(compiled: Compiled, spec: Any) -> Page:
    """The tree laid out as its page was: by ``spec`` (the LayoutSpec a generation recorded, or
    one set with ``_ui_refine``), or by the heuristic when there is none (a heuristic generation
    records ``{}``) or it no longer fits the tool."""
    checked = check_spec(compiled.tree, spec, compiled.facts)[0] if spec else None
    done = laid_out(compiled, Heuristic() if checked is None else Given(checked))
    assert done is not None  # only a Stored source can miss
    return done


def _iso(timestamp: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(timestamp))


__all__ = ["Generation", "Made", "PageStore"]
