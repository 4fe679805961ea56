"""The proxy's cache: LRU bounds, SQLite persistence across restarts, corrupt and foreign files,
and a failing disk — the proxy serves on in every case."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import httpx2 as httpx

from compiler.layout import LLMLayout, LLMSettings
from compiler.pipeline import build_page
from compiler.proxy.services.cache import Entry, PageCache
from compiler.proxy.services.pages import PageStore
from compiler.proxy.store.sqlite import SqliteStore as SpecStore
from compiler.tools import load_tools
from harness.asyncutil import run_async
from harness.fake_model import layout_answer, sdk_client
from harness.layout_trees import FORECAST_TOOL

CORPUS_TOOLS = Path(__file__).resolve().parents[2] / "fixtures" / "corpus" / "tools"
KEY = "sk-ant-test"
SPEC = {"title": "Stored title", "input": {"order": ["/units", "/city"]}}


def entry(size: int) -> Entry:
    return Entry(b"x" * size, {}, 0.0)


def test_lru_bounds_entries_entry_size_and_total():
    cache = PageCache(max_entries=3, max_entry_bytes=100, max_total_bytes=250)
    for key in "abc":
        assert cache.put(key, entry(80))
    assert cache.get("a") is not None  # a is now the most recent
    cache.put("d", entry(80))
    assert "b" not in cache and {"a", "c", "d"} == {k for k in "abcd" if k in cache}
    assert not cache.put("huge", entry(101)) and "huge" not in cache
    cache.put("e", entry(90))
    assert cache.total_bytes <= 250 and len(cache) <= 3


def test_pages_share_their_runtime_blocks_and_read_back_whole():
    # Real pages of the corpus: most share one runtime script and style (the same module set).
    path = CORPUS_TOOLS / "everything.json"
    tools = [tool for _, tool in load_tools(path.read_text(), str(path))][:6]
    pages = [build_page(tool).encode() for tool in tools]
    cache = PageCache()
    for tool, page in zip(tools, pages, strict=True):
        cache.put(tool["name"], Entry(page, {"layout": "heuristic"}, 1.0))
    for tool, page in zip(tools, pages, strict=True):
        got = cache.get(tool["name"])
        assert got is not None and got.page == page and got.generation == {"layout": "heuristic"}
    assert cache.total_bytes == sum(map(len, pages))  # the bounds count every page whole, as served
    kept = [cache._entries[tool["name"]] for tool in tools]
    scripts = {id(part) for k in kept for part in k.parts if part.startswith(b"<script data-csp=")}
    distinct = {part for k in kept for part in k.parts if part.startswith(b"<script data-csp=")}
    assert len(scripts) == len(distinct) < len(tools)  # one object per distinct runtime script
    stored = sum(len(part) for part in {id(p): p for k in kept for p in k.parts}.values())
    assert stored < sum(map(len, pages)) / 2
    for tool in tools:  # the last page out takes its shared blocks with it
        cache.discard(tool["name"])
    assert cache._shared == {} and cache.total_bytes == 0 and len(cache) == 0


def model(calls: list):
    async def handler(request: httpx.Request) -> httpx.Response:
        calls.append(request)
        return httpx.Response(200, json=layout_answer(SPEC))

    return LLMLayout(LLMSettings(api_key=KEY), client=sdk_client(handler, KEY))


def test_specs_and_refinements_survive_a_restart(tmp_path):
    path = tmp_path / "layouts.sqlite3"
    first_calls: list = []
    first = PageStore(LLMSettings(api_key=KEY), cache=PageCache(), store=SpecStore(path), llm=model(first_calls))

    async def before_the_restart():
        await first.refine("forecast", "units first")
        made = await first.page(FORECAST_TOOL)
        await first.store.close()
        return made

    made = run_async(before_the_restart())
    assert b"Stored title" in made.page and len(first_calls) == 1

    second_calls: list = []
    second = PageStore(LLMSettings(api_key=KEY), cache=PageCache(), store=SpecStore(path), llm=model(second_calls))

    async def after_it():
        await second.load()
        assert second.refinements.get("forecast") == ("units first",)
        return await second.page(FORECAST_TOOL)

    again = run_async(after_it())
    assert again.page == made.page and second_calls == []  # from the stored spec, no model call


def test_a_corrupt_file_is_moved_aside_and_rebuilt(tmp_path, caplog):
    path = tmp_path / "layouts.sqlite3"
    path.write_bytes(b"this is not a database" * 100)
    store = SpecStore(path)
    run_async(store.save_refinements("t", ["x"]))
    assert run_async(store.refinements()) == {"t": ["x"]}
    assert [p.name for p in tmp_path.glob("layouts.sqlite3.bad-*")]
    assert "moved aside" in caplog.text


def test_a_foreign_database_is_moved_aside(tmp_path):
    path = tmp_path / "layouts.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE other (x)")
    db.commit()
    db.close()
    run_async(SpecStore(path).save_refinements("t", ["y"]))
    assert list(tmp_path.glob("layouts.sqlite3.bad-*"))


def test_a_failing_disk_write_is_logged_and_serving_goes_on(tmp_path, caplog):
    store = SpecStore(tmp_path / "layouts.sqlite3")
    store.db.execute("PRAGMA query_only = ON")  # every write now fails, as on a full disk
    pages = PageStore(LLMSettings(api_key=KEY), cache=PageCache(), store=store, llm=model([]))
    run_async(pages.refine("forecast", "anything"))
    made = run_async(pages.page(FORECAST_TOOL))
    assert made.page.startswith(b"<!") and "store write failed" in caplog.text
