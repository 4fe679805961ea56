"""``_ui_render``: the model shows the user a tree and gets the answer back — through the real
proxy over stdio, driven by the official ``mcp`` client in both protocol eras. The page's part
(``_ui_view``, ``_ui_respond``) is called here the way the page calls it through its host; the
page itself in Chromium is ``test_ask_browser.py``."""

from __future__ import annotations

import asyncio
import sys

import anyio
import pytest

from conftest import ROOT
from harness.asyncutil import eventually, run_async
from proxy.test_proxy_eras import host, stdio_proxy

UPSTREAM = [sys.executable, str(ROOT / "fixtures" / "servers" / "upstream.py")]
EVERYTHING = ["node", str(ROOT / "tests" / "js" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"), "stdio"]
MODES = ["legacy", "2026-07-28"]

FORM = {
    "type": "Form", "id": "booking", "props": {"submitLabel": "Book"},
    "children": [
        {"type": "TextField", "id": "name", "props": {"bind": "/name", "label": "Name", "required": True}},
        {"type": "NumberField", "id": "guests", "props": {"bind": "/guests", "label": "Guests", "integer": True, "minimum": 1}},
    ],
}


def ask(tree=FORM, **more):
    return {"tree": tree, "title": "Book a table", **more}


async def answer(client, arguments, action="submit", values=None, request_id=None):
    """What the page does: ask for its question, then send the user's answer."""
    # eventually: a call in flight is not yet a question (the proxy checks the tree and stores it first)
    view = await eventually(
        lambda: client.call_tool("_ui_view", {"arguments": arguments, **({"requestId": request_id} if request_id else {})}),
        lambda view: not view.is_error, 10)
    assert not view.is_error, view.content[0].text
    shown = view.structured_content
    sent = await client.call_tool("_ui_respond", {"renderId": shown["renderId"], "action": action, "values": values or {}})
    return shown, sent


@pytest.mark.parametrize("upstream", ["fixture", "npm server-everything"])
@pytest.mark.parametrize("mode", MODES)
def test_a_waiting_render_returns_what_the_user_typed(mode, upstream):
    async def scenario():
        async with host(stdio_proxy(UPSTREAM if upstream == "fixture" else EVERYTHING), mode) as client:
            tools = {t.name: t for t in (await client.list_tools()).tools}
            page = (await client.read_resource("ui://compile-ui/_ui_render")).contents[0]
            pending = asyncio.ensure_future(client.call_tool("_ui_render", ask()))
            # the page asks as soon as the host shows it; the call may not have arrived yet
            view = await eventually(lambda: client.call_tool("_ui_view", {"arguments": ask()}), lambda v: not v.is_error, 10)
            shown = view.structured_content
            sent = await client.call_tool("_ui_respond", {"renderId": shown["renderId"], "action": "submit",
                                                          "values": {"name": "Ada", "guests": 3}})
            result = await asyncio.wait_for(pending, 10)
            again = await client.call_tool("_ui_respond", {"renderId": shown["renderId"], "action": "submit", "values": {}})
            return tools, page, shown, sent, result, again

    tools, page, shown, sent, result, again = run_async(scenario())
    assert tools["_ui_render"].meta["ui"] == {"resourceUri": "ui://compile-ui/_ui_render", "visibility": ["model"]}
    assert tools["_ui_respond"].meta["ui"]["visibility"] == ["app"] and tools["_ui_view"].meta["ui"]["visibility"] == ["app"]
    assert page.mime_type == "text/html;profile=mcp-app" and "data-ask" in page.text
    assert shown["tree"]["type"] == "App" and shown["tree"]["props"]["title"] == "Book a table"
    assert 'data-id="name"' in shown["html"] and "Book" in shown["html"] and "<script" not in shown["html"]
    assert not sent.is_error
    assert not result.is_error
    assert result.structured_content == {"renderId": shown["renderId"], "action": "submit", "values": {"name": "Ada", "guests": 3}}
    assert "'submit'" in result.content[0].text and '"Ada"' in result.content[0].text
    assert again.is_error and "no longer open" in again.content[0].text


@pytest.mark.parametrize("mode", MODES)
def test_wait_false_then_ui_wait_collects_the_answer_once(mode):
    async def scenario():
        async with host(stdio_proxy(UPSTREAM), mode) as client:
            started = await client.call_tool("_ui_render", ask(wait=False))
            render_id = started.structured_content["renderId"]
            early = await client.call_tool("_ui_wait", {"renderId": render_id, "timeoutSeconds": 1})
            await answer(client, ask(wait=False), action="submit", values={"name": "Bo"})
            collected = await client.call_tool("_ui_wait", {"renderId": render_id})
            twice = await client.call_tool("_ui_wait", {"renderId": render_id})
            return started, early, collected, twice

    started, early, collected, twice = run_async(scenario())
    assert not started.is_error and "_ui_wait" in started.content[0].text
    assert early.structured_content["timedOut"] is True and not early.is_error  # the question stays open
    assert collected.structured_content["values"] == {"name": "Bo"}
    assert twice.is_error and "collected once" in twice.content[0].text


def test_a_render_times_out_without_an_error_and_closes():
    async def scenario():
        async with host(stdio_proxy(UPSTREAM), "2026-07-28") as client:
            result = await client.call_tool("_ui_render", ask(timeoutSeconds=1))
            late = await client.call_tool("_ui_view", {"arguments": ask(timeoutSeconds=1)})
            return result, late

    result, late = run_async(scenario())
    assert not result.is_error and result.structured_content["timedOut"] is True
    assert "timed out" in result.content[0].text
    assert late.is_error and "no longer open" in late.content[0].text


def test_two_renders_at_once_stay_independent():
    first, second = ask(title="First"), ask(title="Second")

    async def scenario():
        async with host(stdio_proxy(UPSTREAM), "legacy") as client:
            a = asyncio.ensure_future(client.call_tool("_ui_render", first))
            b = asyncio.ensure_future(client.call_tool("_ui_render", second))
            await answer(client, second, values={"name": "second"})
            done_b = await asyncio.wait_for(b, 10)
            assert not a.done()
            await answer(client, first, action="later", values={"name": "first"})
            return await asyncio.wait_for(a, 10), done_b

    done_a, done_b = run_async(scenario())
    assert done_a.structured_content["action"] == "later" and done_a.structured_content["values"] == {"name": "first"}
    assert done_b.structured_content["action"] == "submit" and done_b.structured_content["values"] == {"name": "second"}
    assert done_a.structured_content["renderId"] != done_b.structured_content["renderId"]


def test_the_same_question_twice_is_told_apart_by_the_hosts_request_id():
    async def scenario():
        async with host(stdio_proxy(UPSTREAM), "legacy") as client:
            async def shown(besides: str | None = None) -> dict:
                """The page's view of the oldest question not yet shown, once there is one other
                than ``besides`` (a call in flight is not yet a question: the proxy checks the
                tree and stores it first; until then the view is of the newest shown)."""
                view = await eventually(lambda: client.call_tool("_ui_view", {"arguments": ask()}),
                                        lambda view: not view.is_error and view.structured_content["renderId"] != besides, 10)
                return view.structured_content

            a = asyncio.ensure_future(client.call_tool("_ui_render", ask()))
            first_view = await shown()  # a's question is first
            b = asyncio.ensure_future(client.call_tool("_ui_render", ask()))
            second_view = await shown(besides=first_view["renderId"])
            await client.call_tool("_ui_respond", {"renderId": second_view["renderId"], "action": "b", "values": {}})
            await client.call_tool("_ui_respond", {"renderId": first_view["renderId"], "action": "a", "values": {}})
            return await asyncio.wait_for(a, 10), await asyncio.wait_for(b, 10)

    a, b = run_async(scenario())
    assert (a.structured_content["action"], b.structured_content["action"]) == ("a", "b")  # oldest shown first


@pytest.mark.parametrize("mode", MODES)
def test_cancelling_the_call_stops_the_wait_and_closes_the_question(mode):
    async def scenario():
        async with host(stdio_proxy(UPSTREAM), mode) as client:
            with anyio.move_on_after(0.5):
                await client.call_tool("_ui_render", ask(timeoutSeconds=300))
            # the cancel closes the question as the proxy takes it in: until then it is still open
            late = await eventually(lambda: client.call_tool("_ui_view", {"arguments": ask(timeoutSeconds=300)}),
                                    lambda view: view.is_error, 10)
            still = await client.call_tool("echo", {"message": "alive"})
            return late, still

    late, still = run_async(scenario())
    assert late.is_error and "no longer open" in late.content[0].text
    assert still.content[0].text == "alive"


@pytest.mark.parametrize("mode", MODES)
def test_an_invalid_tree_is_refused_with_every_problem_and_its_pointer(mode):
    bad = {"type": "Form", "id": "f", "props": {"submitLabel": 3},
           "children": [{"type": "TextField", "id": "f", "props": {"label": "x", "bogus": 1}}, {"type": "Marquee", "id": "m", "props": {}}]}

    async def scenario():
        async with host(stdio_proxy(UPSTREAM), mode) as client:
            return await client.call_tool("_ui_render", {"tree": bad, "timeoutSeconds": 0})

    result = run_async(scenario())
    assert result.is_error
    pointers = {p["pointer"] for p in result.structured_content["problems"]}
    assert pointers == {"/timeoutSeconds", "/tree/props/submitLabel", "/tree/children/0/id", "/tree/children/0/props/bind",
                        "/tree/children/0/props/bogus", "/tree/children/1/type"}
    text = result.content[0].text
    assert all(p in text for p in pointers) and "call _ui_render again" in text


def test_hostile_and_huge_trees_are_refused_cheaply():
    deep: dict = {"type": "Text", "id": "t", "props": {"text": "x"}}
    for i in range(60):
        deep = {"type": "Stack", "id": f"s{i}", "props": {"direction": "vertical"}, "children": [deep]}
    huge = {"type": "Text", "id": "t", "props": {"text": "x" * 300_000}}

    async def scenario():
        async with host(stdio_proxy(UPSTREAM), "legacy") as client:
            return [await client.call_tool("_ui_render", {"tree": tree}) for tree in (deep, huge, [1, 2], "<script>")]

    results = run_async(scenario())
    assert all(r.is_error for r in results)
    assert "deeper than 48" in results[0].content[0].text and "bytes" in results[1].content[0].text
    assert results[2].structured_content["problems"][0]["pointer"] == "/tree"


def test_a_tree_without_a_form_or_action_gets_an_ok_button_and_a_text_root_is_wrapped():
    tree = {"type": "Text", "id": "t", "props": {"text": "The deploy finished."}}

    async def scenario():
        async with host(stdio_proxy(UPSTREAM), "legacy") as client:
            started = await client.call_tool("_ui_render", {"tree": tree, "wait": False})
            view = (await client.call_tool("_ui_view", {"arguments": {"tree": tree, "wait": False}})).structured_content
            return started, view

    started, view = run_async(scenario())
    assert view["tree"]["type"] == "App" and view["tree"]["children"][0]["id"] == "t"
    assert view["tree"]["actions"] == [{"id": "ok", "label": "OK", "primary": True}]
    assert 'data-action="ok"' in view["html"]


def slowly_stored():
    """The embedded store with its render writes held until the test lets them land (as a remote
    store's are slow under load), the renders kept in it, and the question of ``ask()``. The store
    says when a write has begun (``writing``) and when it was read during one (``read_meanwhile``)."""
    from compiler import ask as asking
    from compiler.proxy.services import renders
    from compiler.proxy.store.sqlite import SqliteStore

    class SlowStore(SqliteStore):
        writing, read_meanwhile, land = asyncio.Event(), asyncio.Event(), asyncio.Event()  # a class per call: its own

        async def add_render(self, row, **kw):
            self.writing.set()
            await self.land.wait()
            await super().add_render(row, **kw)

        async def open_renders(self, key):
            if self.writing.is_set() and not self.land.is_set():
                self.read_meanwhile.set()
            return await super().open_renders(key)

    kept = SlowStore(":memory:")
    question, _ = asking.check(ask())
    return kept, renders.Renders(kept, renders.Events(kept)), question


def test_a_page_that_asks_while_its_render_is_being_stored_is_shown_it():
    """A host sends ``_ui_render`` and shows its page at once: the page's ``_ui_view`` can come
    while the proxy is still storing the render (a remote store takes a while). It is shown the
    render when stored, not told the question is no longer open; arguments nobody is asking about
    are refused at once."""
    from compiler.proxy.services import renders

    kept, store, question = slowly_stored()

    async def scenario():
        opening = asyncio.ensure_future(store.open(question, ask(), 1))
        await asyncio.wait_for(kept.writing.wait(), 10)  # the render is being stored, not yet there
        assert await kept.open_renders(renders._canonical(ask())) == []
        kept.read_meanwhile.clear()
        showing = asyncio.ensure_future(store.shown_for(ask(), None))
        await asyncio.wait_for(kept.read_meanwhile.wait(), 10)  # the page looked, found nothing yet, and waits
        kept.land.set()
        shown = await showing
        opened = await opening
        nobody = await asyncio.wait_for(store.shown_for(ask(title="never asked"), None), 0.2)
        return shown, opened, nobody

    shown, opened, nobody = run_async(scenario())
    assert shown is not None and shown.id == opened.id
    assert nobody is None


def test_a_render_cancelled_while_it_is_being_stored_is_closed_once_stored():
    """A host that cancels ``_ui_render`` while the proxy is still storing its question (under
    load, a remote store): the question is closed once stored, not left open for ten minutes."""
    from compiler.proxy.services import renders

    kept, store, question = slowly_stored()

    def closed() -> list:
        return [row[0] for row in kept.execute("SELECT closed FROM renders")]

    async def scenario():
        opening = asyncio.ensure_future(store.open(question, ask(), 1))
        await asyncio.wait_for(kept.writing.wait(), 10)
        opening.cancel()
        await asyncio.gather(opening, return_exceptions=True)
        kept.land.set()
        await eventually(closed, lambda now: now == ["cancelled"], 10)  # the store's write lands, then the close
        return await kept.open_renders(renders._canonical(ask())), closed()

    still_open, closed_as = run_async(scenario())
    assert still_open == [] and closed_as == ["cancelled"]


# --------------------------------------------------------------------------- the store's bounds, on a clock of its own


def test_renders_expire_after_ten_minutes_and_the_count_is_bounded():
    from compiler import ask as asking
    from compiler.proxy.services import renders
    from compiler.proxy.store.sqlite import SqliteStore

    now = [0.0]
    kept = SqliteStore(":memory:")
    store = renders.Renders(kept, renders.Events(kept), clock=lambda: now[0])
    question, _ = asking.check(ask())

    def stored() -> set[str]:
        return {row[0] for row in kept.execute("SELECT id FROM renders")}

    async def scenario():
        first = await store.open(question, ask(), 1)
        now[0] = renders.KEEP_S - 1
        assert (await store.get(first.id)).id == first.id
        now[0] = renders.KEEP_S + 1
        assert await store.get(first.id) is None
        assert await store.respond(first.id, "submit", {}) is not None  # too late
        answered = await store.open(question, ask(), 2)
        assert first.id not in stored()  # opening drops the expired
        assert await store.respond(answered.id, "submit", {"name": "x"}) is None
        opened = [await store.open(question, ask(title=f"q{i}"), i) for i in range(renders.MAX_RENDERS)]
        assert len(stored()) == renders.MAX_RENDERS and opened[-1].id in stored()
        assert answered.id not in stored()  # the oldest answered one went first
        too_big = await store.respond(opened[-1].id, "submit", {"blob": "x" * (renders.MAX_VALUES_BYTES + 1)})
        assert too_big and "bytes" in too_big and (await store.get(opened[-1].id)).answer is None

    run_async(scenario())
