"""Issue 41 on real servers: a result leads on, one click away, through the proxy, in the official
AppBridge host (Chromium), with the official ``mcp`` 2.x client as the host's connection.

Three real third-party servers, each where its own tools lead from one result to another:

* npm's ``server-filesystem``: a search's paths and a directory listing's ``[FILE]`` lines lead
  to ``read_text_file`` (the listing's names joined to the listed directory);
* PyPI's ``mcp-server-git``: a log's commits lead to ``git_show``, the repository carried over;
* PyPI's ``mcp-server-sqlite`` (mcp 1.x, in its own venv ``.venv-mcp1``, made by
  ``scripts/test.sh``): the table list leads to ``describe_table``.

Each page is the proxy's (``resources/read``), the first result is the upstream's real answer
handed to the page as a host does (tool-input, tool-result), and the click calls the linked tool
through the host and the proxy: its real answer is shown in place, with a way back.
"""

from __future__ import annotations

import sqlite3
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from harness.inspector import NPM
from proxy.test_proxy_browser import BackgroundSession

pytestmark = [pytest.mark.browser, pytest.mark.npm]

SQLITE_SERVER = ROOT / ".venv-mcp1" / "bin" / "mcp-server-sqlite"
GIT_SERVER = Path(sys.executable).with_name("mcp-server-git")

# The page's controls (runtime_js/leads.js).
LINK = "[data-link]"
BACK = "[data-leads-back]"
LINKED = ".linked"


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    """Files, a git repository of two commits, and a SQLite database of one table."""
    root = tmp_path_factory.mktemp("leads")
    files = root / "files"
    (files / "src").mkdir(parents=True)
    (files / "notes.txt").write_text("The quick brown fox\njumps over the lazy dog\n", encoding="utf-8")
    (files / "src" / "fib.py").write_text("def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n", encoding="utf-8")
    repo = root / "repo"
    repo.mkdir()
    git = ["git", "-C", str(repo), "-c", "user.name=Ada Lovelace", "-c", "user.email=ada@example.org"]
    subprocess.run([*git, "init", "-q", "-b", "main"], check=True)
    (repo / "fib.py").write_text("def fib(n):\n    return n\n", encoding="utf-8")
    subprocess.run([*git, "add", "."], check=True)
    subprocess.run([*git, "commit", "-q", "-m", "Add fib"], check=True)
    (repo / "fib.py").write_text("def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n", encoding="utf-8")
    subprocess.run([*git, "commit", "-q", "-am", "fib: recurse"], check=True)
    db = sqlite3.connect(root / "shop.db")
    db.execute("create table sales (id integer primary key, region text not null, amount real)")
    db.executemany("insert into sales (region, amount) values (?, ?)", [("north", 12.5), ("south", 7.25)])
    db.commit()
    db.close()
    return root


def servers(scratch: Path) -> dict[str, list[str]]:
    return {
        "filesystem": ["node", str(NPM / "server-filesystem" / "dist" / "index.js"), str(scratch / "files")],
        "git": [str(GIT_SERVER)],
        "sqlite": [str(SQLITE_SERVER), "--db-path", str(scratch / "shop.db")],
    }


def as_json(result: Any) -> dict[str, Any]:
    return result.model_dump(by_alias=True, exclude_none=True, mode="json")


def open_result(apphost, session: BackgroundSession, tool: str, arguments: dict[str, Any]):
    """The proxy's page for ``tool`` in the host, showing the upstream's real answer to
    ``arguments`` (as a host shows a call its model made); the page's own calls go through the
    proxy."""
    page = session.call(lambda s: s.read_resource(f"ui://compile-ui/{tool}")).contents[0].text
    first = as_json(session.call(lambda s: s.call_tool(tool, arguments)))
    assert not first.get("isError"), first

    def on_call_tool(name: str, args: dict[str, Any]) -> dict[str, Any]:
        return as_json(session.call(lambda s: s.call_tool(name, args)))

    host = apphost.load(page, on_call_tool=on_call_tool,
                        host_capabilities={"updateModelContext": {"structuredContent": {}}, "serverTools": {}})
    host.wait_initialized()
    host.send_tool_input(arguments)
    host.send_tool_result(first)
    return host


def follow(host, text: str, expect: str, *, call: dict[str, Any]) -> None:
    """Click the link on ``text`` in the result: the linked tool is called once with ``call``
    and its answer (holding ``expect``) is shown in place; Back brings the result back."""
    link = host.frame.locator(LINK, has_text=text).first
    link.wait_for(timeout=10_000)
    link.click()
    (sent,) = host.wait_calls(1, timeout=30)
    assert {"name": sent["name"], "arguments": sent["arguments"]} == call
    host.wait_until(lambda: expect in host.frame.locator(LINKED).inner_text(), timeout=30)
    assert host.frame.locator(LINKED).is_visible()
    host.frame.locator(BACK).click()
    host.wait_until(lambda: not host.frame.locator(LINKED).is_visible())
    assert host.frame.locator(LINK, has_text=text).first.is_visible()
    # the model hears of the followed link as of a run: the tool and its arguments
    told = [c["structuredContent"] for c in host.contexts if c.get("structuredContent", {}).get("tool") == call["name"]]
    assert told and told[-1]["arguments"] == call["arguments"], host.contexts
    assert host.console_errors == [] and host.csp_violations == []


@pytest.fixture(scope="module")
def sessions(scratch):
    started: dict[tuple[str, str], BackgroundSession] = {}

    def get(server: str, mode: str) -> BackgroundSession:
        if (server, mode) not in started:
            started[(server, mode)] = BackgroundSession(servers(scratch)[server], mode)
        return started[(server, mode)]

    yield get
    for session in started.values():
        session.close()


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_a_search_leads_to_each_file_text(apphost, sessions, scratch, mode):
    files = str(scratch / "files")
    host = open_result(apphost, sessions("filesystem", mode), "search_files", {"path": files, "pattern": "**/*.py"})
    fib = f"{files}/src/fib.py"
    follow(host, fib, "fib(n - 1)", call={"name": "read_text_file", "arguments": {"path": fib}})


def test_a_listing_leads_to_a_file_text_joined_to_its_directory(apphost, sessions, scratch):
    files = str(scratch / "files")
    host = open_result(apphost, sessions("filesystem", "legacy"), "list_directory", {"path": files})
    follow(host, "notes.txt", "lazy dog", call={"name": "read_text_file", "arguments": {"path": f"{files}/notes.txt"}})
    # a file's line leads to the file readers, a directory's to the tools that take a directory
    def tools_on(text: str) -> list[str]:
        value = host.frame.locator(f"{LINK}:text-is('{text}')").first  # its other links sit beside it
        script = "(b) => (b.parentElement.matches('.leads') ? [...b.parentElement.children] : [b]).map((l) => l.dataset.link)"
        return [link.split(":")[1] for link in value.evaluate(script)]

    assert tools_on("notes.txt")[0] == "read_text_file" and not any("dir" in tool for tool in tools_on("notes.txt"))
    assert tools_on("src") and all("dir" in tool for tool in tools_on("src"))


def test_a_git_log_leads_to_each_commit(apphost, sessions, scratch):
    repo = str(scratch / "repo")
    head = subprocess.run(["git", "-C", repo, "rev-parse", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
    host = open_result(apphost, sessions("git", "2026-07-28"), "git_log", {"repo_path": repo, "max_count": 5})
    follow(host, head, "fib(n - 1)", call={"name": "git_show", "arguments": {"repo_path": repo, "revision": head}})


def test_a_table_list_leads_to_the_table_schema(apphost, sessions):
    host = open_result(apphost, sessions("sqlite", "legacy"), "list_tables", {})
    follow(host, "sales", "region", call={"name": "describe_table", "arguments": {"table_name": "sales"}})
