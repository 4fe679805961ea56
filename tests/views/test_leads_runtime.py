"""Results that lead on (issue 41), the runtime's side: leads.js in headless Chromium under the
official AppBridge, the page's calls going to a real MCP server (``fixtures/servers/
leads_server.py``, typed, over stdio through the compile-ui proxy: ``BackgroundSession``).

The trees are written by hand here (the compiler's inference is another part of the issue): each
tool's page compiled as usual, then a ``Leads`` node — links, paging, the linked tools' own views
as ``LinkedView``s — added as the last child of its ``ResultView``, valid per
``components.validate``. What the page does with them: a link shows the linked tool's result in
place and Back restores the main one; More appends the next page's rows; Previous / Next turn
pages and the end shows as the end; a link to a destructive tool asks first, and nothing reaches
the server before the yes; every call is reported through ui/update-model-context."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest

from compiler.pipeline import compile_tool
from compiler.render import render_page
from components.nodes import (
    Leads,
    LeadsProps,
    Link,
    LinkedView,
    LinkedViewProps,
    LinkFill,
    Live,
    Node,
    Paging,
    ResultView,
)
from components.validate import validate
from conftest import ROOT
from proxy.test_proxy_browser import BackgroundSession

pytestmark = pytest.mark.browser

SERVER = ROOT / "fixtures" / "servers" / "leads_server.py"
CAPS = {"serverTools": {}, "updateModelContext": {"structuredContent": {}}}


@pytest.fixture(scope="module", params=["legacy", "2026-07-28"])
def server(request, tmp_path_factory):
    """The server through the proxy, the host's session in either protocol era; its journal."""
    journal = tmp_path_factory.mktemp("leads") / "calls.jsonl"
    session = BackgroundSession([sys.executable, str(SERVER), "--journal", str(journal)], request.param)
    session.journal = journal
    yield session
    session.close()


@pytest.fixture
def journal(server) -> Path:
    return server.journal


@pytest.fixture(scope="module")
def tools(server) -> dict[str, dict[str, Any]]:
    listed = server.call(lambda s: s.list_tools()).tools
    return {tool.name: tool.model_dump(by_alias=True, exclude_none=True, mode="json") for tool in listed}


def seen(journal: Path) -> list[dict[str, Any]]:
    """The calls that reached the server."""
    return [json.loads(line) for line in journal.read_text().splitlines()] if journal.exists() else []


def prefixed(node: Node, prefix: str) -> Node:
    children = tuple(prefixed(child, prefix) for child in node.children)
    return msgspec.structs.replace(node, id=prefix + node.id, children=children)


def linked_view(tools: dict[str, dict[str, Any]], name: str) -> LinkedView:
    """The tool's own compiled views, as the compiler inlines them."""
    result = next(child for child in compile_tool(tools[name]).children if isinstance(child, ResultView))
    children = tuple(prefixed(child, f"linked:{name}:") for child in result.children if not isinstance(child, (Leads, Live)))
    return LinkedView(id=f"linked:{name}", props=LinkedViewProps(tool=name, title=name.replace("_", " ").title(), source=result.props.source), children=children)


def page_with(tools: dict[str, dict[str, Any]], name: str, links: tuple[Link, ...], paging: Paging | None) -> str:
    app = compile_tool(tools[name])
    targets = tuple(dict.fromkeys(link.tool for link in links))
    leads = Leads(id="result:leads", props=LeadsProps(links=links, paging=paging), children=tuple(linked_view(tools, tool) for tool in targets))
    children = tuple(msgspec.structs.replace(child, children=(*child.children, leads)) if isinstance(child, ResultView) else child for child in app.children)
    tree = msgspec.structs.replace(app, children=children)
    assert validate(tree) == []
    return render_page(tree)


GET_ORDER = Link(id="link:get_order:order_id", tool="get_order", label="Show the order", title="Get Order", keys=("order_id",),
                 fills=(LinkFill(argument="order_id", source="value"),))
CANCEL_ORDER = Link(id="link:cancel_order:order_id", tool="cancel_order", label="Cancel the order", title="Cancel Order", keys=("order_id",),
                    fills=(LinkFill(argument="order_id", source="value"),), readOnly=False, destructive=True)
READ_FILE = Link(id="link:read_file:path", tool="read_file", label="Read the file", title="Read File", keys=("path",), lines=True,
                 fills=(LinkFill(argument="path", source="value", join=True),))
ORDERS_MORE = Paging(style="cursor", argument="cursor", next=("/next_cursor",), total="/total", limit="limit", rows="/orders")


@pytest.fixture
def call_through(server):
    def on_call_tool(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        result = server.call(lambda s: s.call_tool(name, arguments))
        return result.model_dump(by_alias=True, exclude_none=True, mode="json")

    return on_call_tool


def run(host, arguments: dict[str, Any]) -> None:
    """The host's tool-input, then the page's own run of it (the form's Run)."""
    host.wait_initialized()
    host.send_tool_input(arguments)
    host.frame.click("[data-action=submit]")


def rows(host) -> list[str]:
    return host.frame.locator(".result-body table tbody tr td:first-child").all_inner_texts()


def test_a_link_shows_the_linked_result_in_place_and_back_restores(apphost, tools, call_through, journal):
    host = apphost.load(page_with(tools, "list_orders", (GET_ORDER,), None), on_call_tool=call_through, host_capabilities=CAPS)
    run(host, {"limit": 5})
    host.wait_until(lambda: host.frame.locator('[data-link="link:get_order:order_id"]').count() == 5)
    before = host.frame.inner_text(".result-body")
    host.frame.locator('[data-link="link:get_order:order_id"]', has_text="ord-003").click()
    host.wait_until(lambda: "Barbara" in host.frame.inner_text(".linked"))
    linked = host.frame.inner_text(".linked")
    assert "Get Order" in linked and '{"order_id":"ord-003"}' in linked and "31.75" in linked
    assert not host.frame.locator(".result-body").is_visible()
    assert host.calls[-1]["name"] == "get_order" and host.calls[-1]["arguments"] == {"order_id": "ord-003"}
    assert {"tool": "get_order", "arguments": {"order_id": "ord-003"}} in seen(journal)
    # Reported like a run: the tool, its arguments, its result.
    host.wait_until(lambda: any((c.get("structuredContent") or {}).get("tool") == "get_order" for c in host.contexts))
    report = [c["structuredContent"] for c in host.contexts if c["structuredContent"]["tool"] == "get_order"][-1]
    assert report["arguments"] == {"order_id": "ord-003"} and report["result"]["customer"] == "Barbara"
    host.frame.click("[data-leads-back]")
    host.wait_until(lambda: host.frame.locator(".linked").count() == 0)
    assert host.frame.inner_text(".result-body") == before
    assert host.frame.evaluate("document.activeElement.getAttribute('data-link')") == "link:get_order:order_id"


def test_more_appends_the_next_pages_rows_until_the_end(apphost, tools, call_through):
    host = apphost.load(page_with(tools, "list_orders", (GET_ORDER,), ORDERS_MORE), on_call_tool=call_through, host_capabilities=CAPS)
    run(host, {"limit": 10})
    host.wait_until(lambda: len(rows(host)) == 10)
    host.frame.click('[data-page="more"]')
    host.wait_until(lambda: len(rows(host)) == 20)
    assert rows(host)[0] == "ord-001" and rows(host)[19] == "ord-020"
    assert host.frame.evaluate("document.activeElement.getAttribute('data-page')") == "more"  # the keyboard stays there
    # The form shows the arguments in effect; the appended rows link too.
    assert host.frame.locator('[data-id="f:/cursor"] input').input_value() == "c-10"
    assert host.frame.locator('[data-link="link:get_order:order_id"]').count() == 20
    host.frame.click('[data-page="more"]')
    host.wait_until(lambda: len(rows(host)) == 25)
    assert host.frame.locator("[data-page-end]").count() == 1 and host.frame.locator('[data-page="more"]').count() == 0
    pages = [c["structuredContent"]["arguments"].get("cursor") for c in host.contexts if c["structuredContent"]["tool"] == "list_orders"]
    assert pages[-2:] == ["c-10", "c-20"]


def test_pages_turn_forth_and_back_and_the_last_page_is_the_end(apphost, tools, call_through):
    paging = Paging(style="offset", argument="offset", total="/total", limit="limit", rows="/items", mode="pages")
    host = apphost.load(page_with(tools, "list_items", (), paging), on_call_tool=call_through, host_capabilities=CAPS)
    run(host, {"offset": 0, "limit": 10})
    pager = ".lead-pager"
    host.wait_until(lambda: "Page 1 of 3" in host.frame.inner_text(pager))
    assert host.frame.locator('[data-page="prev"]').is_disabled()
    host.frame.click('[data-page="next"]')
    host.wait_until(lambda: "Page 2 of 3" in host.frame.inner_text(pager))
    assert host.frame.locator(".result-body table tbody tr").first.inner_text().startswith("10")
    host.frame.click('[data-page="next"]')
    host.wait_until(lambda: "Page 3 of 3" in host.frame.inner_text(pager))
    assert host.frame.locator("[data-page-end]").count() == 1 and host.frame.locator('[data-page="next"]').is_disabled()
    assert host.frame.locator(".result-body table tbody tr").count() == 3
    assert host.frame.locator('[data-id="f:/offset"] input').input_value() == "20"
    host.frame.click('[data-page="prev"]')
    host.wait_until(lambda: "Page 2 of 3" in host.frame.inner_text(pager))
    assert host.frame.locator('[data-id="f:/offset"] input').input_value() == "10"


def test_cursor_pages_go_back_through_the_cursors_seen(apphost, tools, call_through):
    paging = msgspec.structs.replace(ORDERS_MORE, mode="pages")
    host = apphost.load(page_with(tools, "list_orders", (GET_ORDER,), paging), on_call_tool=call_through, host_capabilities=CAPS)
    run(host, {"limit": 10})
    host.wait_until(lambda: "Page 1 of 3" in host.frame.inner_text(".lead-pager"))
    host.frame.click('[data-page="next"]')
    host.wait_until(lambda: "Page 2 of 3" in host.frame.inner_text(".lead-pager"))
    assert rows(host)[0] == "ord-011" and len(rows(host)) == 10
    host.frame.click('[data-page="prev"]')
    host.wait_until(lambda: "Page 1 of 3" in host.frame.inner_text(".lead-pager"))
    assert rows(host)[0] == "ord-001" and host.calls[-1]["arguments"].get("cursor") is None
    assert host.frame.locator('[data-id="f:/cursor"] input').input_value() == ""


def test_a_typed_listing_links_its_paths_to_the_file_text(apphost, tools, call_through, journal):
    host = apphost.load(page_with(tools, "list_files", (READ_FILE,), None), on_call_tool=call_through, host_capabilities=CAPS)
    run(host, {"directory": "/docs"})
    control = host.frame.locator('[data-link="link:read_file:path"]', has_text="/docs/notes.md")
    control.wait_for()
    control.press("Enter")  # a real button: the keyboard follows it
    host.wait_until(lambda: "Read File" in host.frame.inner_text(".linked") and "one" in host.frame.inner_text(".linked"))
    assert {"tool": "read_file", "arguments": {"path": "/docs/notes.md"}} in seen(journal)  # absolute: not joined


def test_a_destructive_link_asks_first_and_nothing_is_called_before_yes(apphost, tools, call_through, journal):
    host = apphost.load(page_with(tools, "list_orders", (GET_ORDER, CANCEL_ORDER), None), on_call_tool=call_through, host_capabilities=CAPS)
    run(host, {"limit": 3})
    cancel = host.frame.locator('[data-link="link:cancel_order:order_id"]')
    host.wait_until(lambda: cancel.count() == 3)
    calls = len(host.calls)
    cancel.nth(1).click()
    confirm = host.frame.locator("[data-confirm]")
    confirm.wait_for()
    assert "cancel_order" in confirm.inner_text() and '"order_id": "ord-002"' in confirm.inner_text()
    host.frame.click("[data-confirm-no]")
    host.wait_until(lambda: confirm.count() == 0)
    assert len(host.calls) == calls and not [c for c in seen(journal) if c["tool"] == "cancel_order"]
    cancel.nth(1).click()
    host.frame.click("[data-confirm-yes]")
    host.wait_until(lambda: "cancelled" in host.frame.inner_text(".linked"))
    assert [c["arguments"] for c in seen(journal) if c["tool"] == "cancel_order"] == [{"order_id": "ord-002"}]


def test_a_listing_in_text_links_its_lines_and_joins_relative_names(apphost, tools, call_through, journal):
    # npm's server-filesystem: {content: "<text>"}, entries as "[FILE] name" under the run's path.
    listing = {"content": [{"type": "text", "text": "[FILE] readme.txt\n[DIR] sub"}], "structuredContent": {"content": "[FILE] readme.txt\n[DIR] sub"}}
    link = msgspec.structs.replace(READ_FILE, fills=(LinkFill(argument="path", source="value", name="directory", join=True),))
    untyped = {**tools, "list_files": {k: v for k, v in tools["list_files"].items() if k != "outputSchema"}}  # as npm's declares none
    host = apphost.load(page_with(untyped, "list_files", (link,), None), on_call_tool=lambda name, args: listing if name == "list_files" else call_through(name, args), host_capabilities=CAPS)
    run(host, {"directory": "/docs"})
    control = host.frame.locator('[data-link="link:read_file:path"]', has_text="readme.txt")
    control.wait_for()
    control.click()
    host.wait_until(lambda: "Line two." in host.frame.inner_text(".linked"))
    assert {"tool": "read_file", "arguments": {"path": "/docs/readme.txt"}} in seen(journal)


def test_a_failed_page_says_why_and_keeps_the_rows_shown(apphost, tools, call_through):
    def flaky(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        if arguments.get("cursor") == "c-5":
            raise RuntimeError("the upstream is gone")
        return call_through(name, arguments)

    host = apphost.load(page_with(tools, "list_orders", (GET_ORDER,), ORDERS_MORE), on_call_tool=flaky, host_capabilities=CAPS)
    run(host, {"limit": 5})
    host.wait_until(lambda: len(rows(host)) == 5)
    host.frame.click('[data-page="more"]')
    error = host.frame.locator(".lead-pager [role=alert]")
    host.wait_until(lambda: "the upstream is gone" in error.inner_text())
    assert len(rows(host)) == 5 and host.frame.locator('[data-page="more"]').is_enabled()
    host.wait_until(lambda: any(c["structuredContent"].get("isError") for c in host.contexts))


def test_a_link_that_fails_shows_its_error_in_place_with_back(apphost, tools, call_through):
    host = apphost.load(page_with(tools, "list_orders", (GET_ORDER,), None), on_call_tool=call_through, host_capabilities=CAPS, reads=False)
    host.wait_initialized()
    host.send_tool_input({"limit": 1})
    # The host's own result (a tool-input and tool-result, no run from the page): its values link too.
    host.send_tool_result({"structuredContent": {"orders": [{"order_id": "ord-999", "customer": "Nobody", "amount": 0, "status": "open"}], "next_cursor": None, "total": 1},
                           "content": []})
    host.frame.locator('[data-link="link:get_order:order_id"]').click()
    host.wait_until(lambda: "no order ord-999" in host.frame.inner_text(".linked"))
    host.frame.click("[data-leads-back]")
    host.wait_until(lambda: host.frame.locator(".result-body").is_visible())
    assert host.reads == []  # self-contained: a tools-only host reads nothing for it


def test_one_line_of_text_and_a_key_in_another_case_link_too(apphost, tools, call_through, journal):
    # A search's one hit as {content: "<path>"}; then a link's key in another spelling ("Order-ID")
    # still matches the column's (order_id): case, "_", "-" and spaces ignored.
    found = {"content": [{"type": "text", "text": "/docs/notes.md"}], "structuredContent": {"content": "/docs/notes.md"}}
    untyped = {**tools, "list_files": {k: v for k, v in tools["list_files"].items() if k != "outputSchema"}}
    host = apphost.load(page_with(untyped, "list_files", (READ_FILE,), None), on_call_tool=lambda name, args: found if name == "list_files" else call_through(name, args), host_capabilities=CAPS)
    run(host, {"directory": "/docs"})
    host.frame.locator('[data-link="link:read_file:path"]', has_text="/docs/notes.md").click()
    host.wait_until(lambda: "two" in host.frame.inner_text(".linked"))
    spelled = msgspec.structs.replace(GET_ORDER, keys=("Order-ID",))
    host = apphost.load(page_with(tools, "list_orders", (spelled,), None), on_call_tool=call_through, host_capabilities=CAPS)
    run(host, {"limit": 2})
    host.wait_until(lambda: host.frame.locator('[data-link="link:get_order:order_id"]').count() == 2)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_links_and_pages_look_right_light_and_dark(apphost, tools, call_through, tmp_path, theme):
    """Screenshots to look at (tmp_path): the orders with their links and More, then an order in place."""
    host = apphost.load(page_with(tools, "list_orders", (GET_ORDER, CANCEL_ORDER), ORDERS_MORE), on_call_tool=call_through,
                        host_capabilities=CAPS, host_context={"theme": theme})
    run(host, {"limit": 4})
    host.wait_until(lambda: host.frame.locator('[data-page="more"]').count() == 1)
    host.screenshot(tmp_path / f"leads-{theme}.png")
    host.frame.locator('[data-link="link:get_order:order_id"]').first.click()
    host.wait_until(lambda: "Grace" in host.frame.inner_text(".linked"))
    host.screenshot(tmp_path / f"leads-linked-{theme}.png")
    host.frame.click("[data-leads-back]")
    host.frame.locator('[data-link="link:cancel_order:order_id"]').first.click()
    host.frame.locator("[data-confirm]").wait_for()
    host.screenshot(tmp_path / f"leads-confirm-{theme}.png")
    host.frame.click("[data-confirm-no]")
    assert not host.console_errors and not host.csp_violations


# ------------------------------------------------------------------ the proxy's own pages (inferred)


def proxy_page(server, tool: str) -> str:
    """The page the proxy serves: compiled with the server's whole list, nothing written by hand."""
    return server.call(lambda s: s.read_resource(f"ui://compile-ui/{tool}")).contents[0].text


def test_the_proxy_page_of_a_paged_list_leads_to_each_order_and_its_next_page(apphost, server, call_through, journal, tmp_path):
    host = apphost.load(proxy_page(server, "list_orders"), on_call_tool=call_through, host_capabilities=CAPS)
    run(host, {"limit": 10})
    host.frame.locator('[data-page="more"]').wait_for()
    assert rows(host)[:2] == ["ord-001", "ord-002"] and len(rows(host)) == 10
    # cancel_order takes the same id: destructive, so never linked by inference
    assert host.frame.locator('[data-link^="link:cancel_order"]').count() == 0
    assert host.frame.locator('[data-link="link:get_order:order_id"]').count() == 10
    host.frame.click('[data-page="more"]')
    host.wait_until(lambda: len(rows(host)) == 20)
    host.frame.click('[data-page="more"]')
    host.wait_until(lambda: len(rows(host)) == 25)
    host.frame.locator("[data-page-end]").wait_for()
    assert host.frame.locator('[data-id="f:/cursor"] input').input_value() == "c-20"  # the arguments in effect
    if server.mode == "legacy":
        host.screenshot(tmp_path / "orders.png")
    host.frame.locator('[data-link="link:get_order:order_id"]', has_text="ord-012").click()
    host.wait_until(lambda: "Linus" in host.frame.locator(".linked").inner_text())
    assert seen(journal)[-1] == {"tool": "get_order", "arguments": {"order_id": "ord-012"}}
    assert {c.get("structuredContent", {}).get("tool") for c in host.contexts} >= {"list_orders", "get_order"}
    if server.mode == "legacy":
        host.screenshot(tmp_path / "order.png")
    host.frame.click("[data-leads-back]")
    host.wait_until(lambda: len(rows(host)) == 25 and not host.frame.locator(".linked").count())
    assert calls_made(seen(journal)) == [("list_orders", None), ("list_orders", "c-10"), ("list_orders", "c-20"), ("get_order", None)]
    assert host.console_errors == [] and host.csp_violations == []


def calls_made(calls: list[dict[str, Any]]) -> list[tuple[str, Any]]:
    return [(c["tool"], c["arguments"].get("cursor")) for c in calls if c["tool"] in ("list_orders", "get_order")][-4:]


def test_the_proxy_page_of_a_listing_leads_to_each_file_text(apphost, server, call_through, journal):
    host = apphost.load(proxy_page(server, "list_files"), on_call_tool=call_through, host_capabilities=CAPS)
    run(host, {"directory": "/docs"})
    host.frame.locator('[data-link="link:read_file:path"]', has_text="/docs/notes.md").click()
    host.wait_until(lambda: "- one" in host.frame.locator(".linked").inner_text() or "one" in host.frame.locator(".linked").inner_text())
    assert seen(journal)[-1] == {"tool": "read_file", "arguments": {"path": "/docs/notes.md"}}
    assert host.console_errors == [] and host.csp_violations == []
