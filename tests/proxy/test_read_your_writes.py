"""A page read confirms the tool's layout with the store (issue 52, ``PageStore.confirm``): two
proxies' page stores over one SQLite file (processes sharing a file share layouts; the embedded
engine announces nothing, so before the check the second one served its cached page until it
restarted). The PostgreSQL cluster case is ``tests/cluster/test_scale.py``."""

from __future__ import annotations

from compiler.layout import LLMSettings
from compiler.proxy.services.cache import PageCache
from compiler.proxy.services.pages import PageStore
from compiler.proxy.store.sqlite import SqliteStore
from harness.asyncutil import run_async

TOOL = {"name": "echo", "description": "Echo a message.",
        "inputSchema": {"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"]}}


def test_a_read_after_another_process_set_the_layout_serves_it(tmp_path):
    path = tmp_path / "layouts.sqlite3"

    async def scenario():
        a_store, b_store = SqliteStore(path), SqliteStore(path)
        a = PageStore(LLMSettings(api_key=None), cache=PageCache(), store=a_store)
        b = PageStore(LLMSettings(api_key=None), cache=PageCache(), store=b_store)
        try:
            await b.load()
            before = await b.page(TOOL)
            await a.set_layout("echo", {"title": "Set by the other process"})
            unchecked = await b.page(TOOL)  # what a read served before the check
            changed = await b.confirm("echo")
            checked = await b.page(TOOL)
            again = await b.confirm("echo")
            await a.set_layout("echo", None)
            cleared = await b.confirm("echo")
            back = await b.page(TOOL)
            return before, unchecked, changed, checked, again, cleared, back
        finally:
            await a_store.close()
            await b_store.close()

    before, unchecked, changed, checked, again, cleared, back = run_async(scenario())
    assert unchecked.page == before.page and unchecked.cached
    assert changed and b"Set by the other process" in checked.page and not checked.cached
    assert not again  # nothing new: the page is the cached one
    assert cleared and back.page == before.page
