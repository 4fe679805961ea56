"""Issue 41 in the proxy's pages: a tool's page leads to the other tools of the upstream's list
(``PageStore.listing``, the registry's), is keyed by what it takes from that list, and is made
again when the list changes; a tool that leads nowhere keeps the key it always had."""

from __future__ import annotations

import json
import re
from typing import Any

from compiler.layout import LLMSettings
from compiler.pipeline import page_key
from compiler.proxy.services.cache import PageCache
from compiler.proxy.services.pages import PageStore
from harness.asyncutil import run_async

ORDER = {"type": "object", "properties": {"order_id": {"type": "string"}, "customer": {"type": "string"}}}
LIST_ORDERS = {
    "name": "list_orders",
    "inputSchema": {"type": "object", "properties": {"cursor": {"type": "string"}}},
    "outputSchema": {"type": "object", "properties": {"orders": {"type": "array", "items": ORDER},
                                                       "next_cursor": {"type": ["string", "null"]}}},
    "annotations": {"readOnlyHint": True},
}
GET_ORDER = {
    "name": "get_order",
    "inputSchema": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
    "outputSchema": ORDER,
    "annotations": {"readOnlyHint": True},
}
CANCEL_ORDER = {
    "name": "cancel_order",
    "inputSchema": {"type": "object", "properties": {"order_id": {"type": "string"}}, "required": ["order_id"]},
    "annotations": {"destructiveHint": True},
}
ECHO = {"name": "echo", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}


class Listing:
    """The registry's part the page store reads: a version counted per listing, and the tools."""

    def __init__(self, *tools: dict[str, Any]) -> None:
        self.version, self.tools = 0, {}
        self.set(*tools)

    def set(self, *tools: dict[str, Any]) -> None:
        self.version += 1
        self.tools = {tool["name"]: tool for tool in tools}

    def __call__(self) -> tuple[int, dict[str, dict[str, Any]]]:
        return self.version, self.tools


def store(listing: Listing) -> PageStore:
    pages = PageStore(LLMSettings(api_key=None), cache=PageCache())
    pages.listing = listing
    return pages


def leads_of(page: bytes) -> dict[str, Any] | None:
    tree = json.loads(re.search(rb'<script id="ui-tree" type="application/json">(.*?)</script>', page, re.S).group(1))
    found = [node for node in walk(tree) if node["type"] == "Leads"]
    return found[0] if found else None


def walk(node: dict[str, Any]):
    yield node
    for child in node.get("children", []):
        yield from walk(child)


def test_a_page_leads_to_the_other_tools_and_is_made_again_when_the_list_changes():
    listing = Listing(LIST_ORDERS, CANCEL_ORDER, ECHO)
    pages = store(listing)
    alone = run_async(pages.page(listing.tools["list_orders"]))
    leads = leads_of(alone.page)
    assert leads is not None and [link["tool"] for link in leads["props"].get("links", [])] == []  # cancel: never by inference
    assert leads["props"]["paging"]["argument"] == "cursor"

    listing.set(LIST_ORDERS, GET_ORDER, CANCEL_ORDER, ECHO)  # get_order appears upstream
    again = run_async(pages.page(listing.tools["list_orders"]))
    assert again.key != alone.key and not again.cached
    links = leads_of(again.page)["props"]["links"]
    assert [(link["tool"], link["fills"]) for link in links] == [("get_order", [{"argument": "order_id", "source": "value"}])]
    linked = [node for node in walk(leads_of(again.page)) if node["type"] == "LinkedView"]
    assert [node["props"]["tool"] for node in linked] == ["get_order"]  # its own view, inlined
    assert run_async(pages.page(listing.tools["list_orders"])).cached  # the same list: the same page


def test_a_tool_that_leads_nowhere_keeps_its_key():
    listing = Listing(LIST_ORDERS, GET_ORDER, ECHO)
    pages = store(listing)
    assert pages.key(ECHO) == page_key(ECHO, (), pages.settings)
    assert leads_of(run_async(pages.page(ECHO)).page) is None
    assert pages.key(LIST_ORDERS) != page_key(LIST_ORDERS, (), pages.settings)


def test_inspect_shows_the_tree_with_its_leads():
    listing = Listing(LIST_ORDERS, GET_ORDER)
    pages = store(listing)
    tree = pages.inspect(listing.tools["list_orders"], None)["tree"]
    assert [link["id"] for node in walk(tree) if node["type"] == "Leads" for link in node["props"]["links"]] == [
        "link:get_order:order_id"
    ]
    schema = pages.inspect(listing.tools["list_orders"], None)["layoutSchema"]
    assert "link:get_order:order_id" in json.dumps(schema)
