"""Issue 51 on real servers: an input another read-only tool's result provides gets a picker
filled by that tool, through the proxy, in the official AppBridge host (Chromium).

* PyPI's ``mcp-server-sqlite`` (mcp 1.x, in its own venv ``.venv-mcp1``, made by
  ``scripts/test.sh``): ``describe_table``'s ``table_name`` is picked from ``list_tables``
  (its answer a Python literal);
* npm's ``server-filesystem``: ``read_text_file``'s ``path`` is picked from ``list_directory`` of
  the directory typed in it (the listing's ``[FILE]`` lines joined to it); so is ``write_file``'s,
  a tool that writes: the value picked only fills the input, and the person sends the form;
  and ``list_directory``'s from ``directory_tree``, chosen by ``_ui_refine`` (the tree's nodes as
  paths).

Each page is the proxy's (``resources/read``); the picker's call goes through the host and the
proxy to the real server, and the value picked runs a read-only tool."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from harness.inspector import NPM
from proxy.test_proxy_browser import BackgroundSession

pytestmark = [pytest.mark.browser, pytest.mark.npm]

SQLITE_SERVER = ROOT / ".venv-mcp1" / "bin" / "mcp-server-sqlite"
CAPS = {"updateModelContext": {"structuredContent": {}}, "serverTools": {}}


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("live")
    (root / "files" / "src").mkdir(parents=True)
    (root / "files" / "notes.txt").write_text("The quick brown fox\n", encoding="utf-8")
    db = sqlite3.connect(root / "shop.db")
    db.execute("create table sales (id integer primary key, region text not null, amount real)")
    db.execute("create table customers (id integer primary key, name text)")
    db.commit()
    db.close()
    return root


def as_json(result: Any) -> dict[str, Any]:
    return result.model_dump(by_alias=True, exclude_none=True, mode="json")


def open_page(apphost, session: BackgroundSession, tool: str):
    page = session.call(lambda s: s.read_resource(f"ui://compile-ui/{tool}")).contents[0].text
    host = apphost.load(page, host_capabilities=CAPS,
                        on_call_tool=lambda name, args: as_json(session.call(lambda s: s.call_tool(name, args))))
    host.wait_initialized()
    return host


def options(host) -> list[str]:
    host.frame.locator(".pick-list [role=option]").first.wait_for(timeout=30_000)
    return [o.get_attribute("data-value") for o in host.frame.locator(".pick-list [role=option]").all()]


def pick_in(host, files: str, source: str, value: str) -> None:
    """Types the directory ``files`` in ``path``, opens its picker (``source`` called with it):
    both entries of the scratch directory offered as paths; picks ``value``."""
    host.frame.fill('[data-id="f:/path"] input.ctl', files)
    host.frame.click(f'[data-pick="{source}"]')
    assert options(host) == [f"{files}/notes.txt", f"{files}/src"]
    assert host.calls[-1] == {**host.calls[-1], "name": source, "arguments": {"path": files}}
    host.frame.click(f'.pick-list [data-value="{value}"]')


@pytest.mark.skipif(not SQLITE_SERVER.exists(), reason="mcp-server-sqlite's venv (.venv-mcp1, scripts/test.sh) is missing")
def test_a_table_is_picked_from_list_tables(apphost, scratch):
    session = BackgroundSession([str(SQLITE_SERVER), "--db-path", str(scratch / "shop.db")], "legacy")
    try:
        host = open_page(apphost, session, "describe_table")
        host.frame.click('[data-pick="list_tables"]')
        assert sorted(options(host)) == ["customers", "sales"]
        assert host.calls[-1]["name"] == "list_tables"
        host.frame.click('.pick-list [data-value="sales"]')
        host.frame.click("[data-action=submit]")
        host.wait_until(lambda: "region" in host.frame.locator(".result-body").inner_text(), timeout=30)
        assert host.calls[-1]["arguments"] == {"table_name": "sales"}
        assert host.console_errors == [] and host.csp_violations == []
    finally:
        session.close()


def test_a_file_is_picked_from_the_listing_of_the_directory_typed(apphost, scratch):
    files = str(scratch / "files")
    session = BackgroundSession(["node", str(NPM / "server-filesystem" / "dist" / "index.js"), files], "2026-07-28")
    try:
        host = open_page(apphost, session, "read_text_file")
        pick_in(host, files, "list_directory", f"{files}/notes.txt")
        host.frame.click("[data-action=submit]")
        host.wait_until(lambda: "quick brown fox" in host.frame.locator(".result-body").inner_text(), timeout=30)
        assert host.console_errors == [] and host.csp_violations == []
    finally:
        session.close()


def test_a_directory_is_picked_from_the_tree_a_refinement_chose(apphost, scratch):
    """``_ui_refine`` chooses ``directory_tree`` as ``list_directory``'s source (its second): the
    tree's nodes are offered as paths under the directory typed, and the pick lists the folder."""
    files = str(scratch / "files")
    session = BackgroundSession(["node", str(NPM / "server-filesystem" / "dist" / "index.js"), files], "legacy")
    try:
        layout = {"input": {"pickers": [{"field": "/path", "tool": "directory_tree"}]}}
        refined = session.call(lambda s: s.call_tool("_ui_refine", {"toolName": "list_directory", "layout": layout}))
        assert not refined.is_error, refined
        host = open_page(apphost, session, "list_directory")
        pick_in(host, files, "directory_tree", f"{files}/src")
        host.frame.click("[data-action=submit]")
        host.wait_until(lambda: host.calls[-1]["name"] == "list_directory", timeout=30)
        assert host.calls[-1]["arguments"] == {"path": f"{files}/src"}
        assert host.console_errors == [] and host.csp_violations == []
    finally:
        session.close()


def test_a_write_tools_path_is_picked_and_only_the_person_sends_it(apphost, scratch):
    drafts = scratch / "drafts"
    drafts.mkdir()
    (drafts / "draft.txt").write_text("first\n", encoding="utf-8")
    session = BackgroundSession(["node", str(NPM / "server-filesystem" / "dist" / "index.js"), str(drafts)], "legacy")
    try:
        host = open_page(apphost, session, "write_file")
        assert host.frame.evaluate("() => [typeof CU.pick, typeof CU.live]") == ["object", "undefined"]
        host.frame.fill('[data-id="f:/path"] input.ctl', str(drafts))
        host.frame.click('[data-pick="list_directory"]')
        assert options(host) == [f"{drafts}/draft.txt"]
        host.frame.click(f'.pick-list [data-value="{drafts}/draft.txt"]')
        assert host.frame.locator('[data-id="f:/path"] input.ctl').input_value() == f"{drafts}/draft.txt"
        host.frame.fill('[data-id="f:/content"] .ctl', "second")
        host.frame.click("[data-action=submit]")
        host.wait_until(lambda: (drafts / "draft.txt").read_text(encoding="utf-8") == "second", timeout=30)
        assert [c["name"] for c in host.calls] == ["list_directory", "write_file"]  # the pick sent nothing
        assert host.console_errors == [] and host.csp_violations == []
    finally:
        session.close()
