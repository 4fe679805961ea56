"""End to end: the proxy's page in the official AppBridge host (Chromium); the page's tools/call
goes through the proxy to the upstream and the answer comes back into the page — with the host
connected in either protocol era (the official ``mcp`` 2.x ``Client``, modes legacy and
2026-07-28).

The host page relays each call through the session and polls it (``relay``): a run still going
after a second has the page long-poll ``_ui_question`` beside it (runtime_js/question.js), which
the proxy holds up to 25 s — a callback blocking on it would hold the browser's dispatcher."""

from __future__ import annotations

import asyncio
import concurrent.futures
import os
import sys
import threading
from collections.abc import Callable, Coroutine
from typing import Any, TypeVar

import pytest
from mcp.client.client import Client
from mcp.client.extension import advertise
from mcp.client.stdio import StdioServerParameters

from conftest import ROOT

UI = [advertise("io.modelcontextprotocol/ui", {"mimeTypes": ["text/html;profile=mcp-app"]})]
T = TypeVar("T")


class BackgroundSession:
    """An official MCP client session to the proxy, on its own event loop in a thread, so the
    synchronous browser test can call through it."""

    def __init__(self, upstream: list[str], mode: str, env: dict[str, str] | None = None) -> None:
        self.mode = mode
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.stop = None
        self.lock = threading.Lock()
        self.closed = False  # no call starts after close: a page outliving its session gets an error
        self.params = StdioServerParameters(
            command=sys.executable, args=["-m", "compiler", "proxy", "--no-cache", "--", *upstream], cwd=str(ROOT),
            env={**os.environ, **env} if env else None,
        )
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()
        assert self.ready.wait(30), "proxy session did not start"

    def _serve(self) -> None:
        """The session's thread: the session, then the calls still running on its loop (a page's
        long poll) cancelled and the loop closed, so no coroutine is left unawaited."""
        try:
            self.loop.run_until_complete(self._main())
        finally:
            self.loop.run_until_complete(self._cancel_the_rest())
            self.loop.close()

    async def _main(self) -> None:
        self.stop = asyncio.Event()
        async with Client(self.params, mode=self.mode, extensions=UI) as client:
            self.session = client
            self.ready.set()
            await self.stop.wait()

    def start(self, coroutine_factory: Callable[[Client], Coroutine[Any, Any, T]]) -> concurrent.futures.Future[T]:
        """Start a call on the session's loop; its ``concurrent.futures.Future`` (failed at once
        when the session is closed, the coroutine closed unrun)."""
        coroutine = coroutine_factory(self.session)
        with self.lock:
            if not self.closed:
                try:
                    return asyncio.run_coroutine_threadsafe(coroutine, self.loop)
                except RuntimeError:  # the loop closed under us: its thread ended (the upstream died)
                    pass
        coroutine.close()
        refused: concurrent.futures.Future[T] = concurrent.futures.Future()
        refused.set_exception(RuntimeError("the session is closed"))
        return refused

    def call(self, coroutine_factory: Callable[[Client], Coroutine[Any, Any, T]], timeout: float = 30) -> T:
        return self.start(coroutine_factory).result(timeout)

    def close(self) -> None:
        """Stop the session (again: a no-op; after its thread ended: nothing left to stop)."""
        with self.lock:
            self.closed = True
        if self.thread.is_alive() and not self.loop.is_closed():
            try:
                self.loop.call_soon_threadsafe(self.stop.set)
            except RuntimeError:  # the loop closed in between: its thread is ending
                pass
            self.thread.join(15)

    @staticmethod
    async def _cancel_the_rest() -> None:
        await asyncio.sleep(0)  # calls scheduled before close become tasks
        rest = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
        for task in rest:
            task.cancel()
        await asyncio.gather(*rest, return_exceptions=True)


def relay(session: BackgroundSession, *, hold: str | None = None):
    """The host's ``start_call_tool``: each call the page makes goes through the session with the
    page's ``_meta``, as a host relays it. ``hold``: that tool's calls wait for the page's first
    question poll (at most 10 s), so the run outlasts the second after which the page polls.
    ``start.polls``: each question poll's arguments and the future of its answer."""
    polled = asyncio.Event()  # set and awaited on the session's loop only

    def start(name: str, arguments: dict[str, Any], meta: Any):
        async def run(client):
            if name == "_ui_question":
                polled.set()
            elif name == hold:
                async with asyncio.timeout(10):
                    await polled.wait()
            result = await client.call_tool(name, arguments, meta=meta)
            return result.model_dump(by_alias=True, exclude_none=True, mode="json")

        future = session.start(run)
        if name == "_ui_question":
            start.polls.append((arguments, future))
        return future

    start.polls = []  # type: ignore[attr-defined]
    return start


@pytest.fixture(params=["legacy", "2026-07-28"])
def proxy_session(request, tmp_path):
    journal = tmp_path / "journal.txt"  # what reached the upstream's note tool, a line a call
    upstream = [sys.executable, str(ROOT / "fixtures" / "servers" / "upstream.py")]
    session = BackgroundSession(upstream, request.param, env={"UPSTREAM_JOURNAL": str(journal)})
    session.journal = journal
    yield session
    session.close()


@pytest.mark.browser
def test_page_from_the_proxy_calls_through_the_proxy(apphost, proxy_session):
    page = proxy_session.call(lambda s: s.read_resource("ui://compile-ui/add")).contents[0].text
    assert (proxy_session.session.protocol_version == "2026-07-28") == (proxy_session.mode == "2026-07-28")

    host = apphost.load(page, start_call_tool=relay(proxy_session))
    host.wait_initialized()
    host.frame.locator('[data-id="f:/a"] input').fill("2.5")
    host.frame.locator('[data-id="f:/b"] input').fill("4")
    host.frame.click("[data-action=submit]")
    (call,) = host.wait_calls(1)
    assert call["name"] == "add" and call["arguments"] == {"a": 2.5, "b": 4}
    host.wait_until(lambda: "6.5" in host.frame.inner_text("body"))
    assert [call["name"] for call in host.calls] == ["add"]
    assert host.console_errors == [] and host.csp_violations == []


@pytest.mark.browser
def test_one_click_is_one_call_upstream_when_the_run_outlasts_the_question_poll(apphost, proxy_session):
    # The flake this pins (two tools/call for one click, under load): the second was the page's
    # question poll, sent a second into a run still going; the upstream got the tool's call once.
    page = proxy_session.call(lambda s: s.read_resource("ui://compile-ui/note")).contents[0].text
    host = apphost.load(page, start_call_tool=(start := relay(proxy_session, hold="note")))
    host.wait_initialized()
    host.frame.locator('[data-id="f:/text"] input').fill("once")
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: "noted once" in host.frame.inner_text("body"), timeout=20)
    assert [(call["name"], call["arguments"]) for call in host.calls] == [("note", {"text": "once"})]
    # the run outlasted the poll; once it ended, the page said so (ended), and the poll still
    # waiting was answered at once with no question, not 25 s later
    assert [(poll["arguments"]["tool"], poll["arguments"].get("ended", False)) for poll in host.polls] == [("note", False), ("note", True)]
    assert {poll["arguments"]["token"] for poll in host.polls} == {host.calls[0]["_meta"]["compile-ui/ask"]}
    waiting = start.polls[0][1]
    host.wait_until(waiting.done, timeout=10)
    assert waiting.result()["structuredContent"] == {"question": None}
    assert proxy_session.journal.read_text(encoding="utf-8") == "once\n"
    assert host.console_errors == [] and host.csp_violations == []
