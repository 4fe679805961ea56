"""Record the field corpus: real results of real MCP servers, for the result-view tests.

    python scripts/record_field.py            # every server
    python scripts/record_field.py git time   # only these

Each server is started over stdio with the official ``mcp`` client, its tools are listed, and
tools are called with fixed arguments on scratch data this script creates under
``/tmp/compile-ui-field`` (a git repository with a commit that holds a diff, a CSV file, a
directory tree, a log file, a SQLite database…). Every call is written to
``fixtures/field/<server>__<tool>[__<case>].json`` as ``{server, package, version, tool,
arguments, result}``: ``tool`` is the server's tool definition and ``result`` the exact
``tools/call`` result as it came off the wire (a JSON-RPC error is kept as ``{"jsonrpcError":
...}``). The scratch directory has a fixed path so that paths in results are stable.

The servers are NOT dependencies of compile-ui or of its tests (the tests only read the
recordings). To re-record, install them beside the checkout:

    (cd tests/js && npm ci)          # server-filesystem, server-memory, server-everything
    python3 -m venv .cache/field-venv
    .cache/field-venv/bin/pip install mcp-server-time mcp-server-git mcp-server-fetch
    python3 -m venv .cache/sqlite-venv                     # mcp-server-sqlite predates mcp 2.x
    .cache/sqlite-venv/bin/pip install mcp-server-sqlite "mcp<2"

A server whose command is missing is skipped with a message. Run with the project's venv
(``.venv/bin/python``), which has the ``mcp`` client.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "fixtures" / "field"
SCRATCH = Path("/tmp/compile-ui-field")
NPM_BIN = ROOT / "tests" / "js" / "node_modules" / ".bin"
FIELD_BIN = ROOT / ".cache" / "field-venv" / "bin"
SQLITE_BIN = ROOT / ".cache" / "sqlite-venv" / "bin"
REPO = SCRATCH / "repo"
FILES = SCRATCH / "files"


@dataclass
class Server:
    name: str
    package: str
    command: list[str]
    calls: list[tuple[str, dict[str, Any], str]]
    env: dict[str, str] = field(default_factory=dict)


# --------------------------------------------------------------------------- scratch data

CSV = "city,country,population,founded\nOslo,Norway,709037,1040\nBergen,Norway,291189,1070\nTrondheim,Norway,214565,997\nStavanger,Norway,149048,1125\n"
LOG = "".join(
    f"2026-11-23T10:{i // 60:02d}:{i % 60:02d}Z {'ERROR' if i % 7 == 0 else 'INFO'} worker-{i % 3} processed batch {i} in {i * 13 % 97} ms\n"
    for i in range(40)
)
CODE = '''def fib(n: int) -> int:
    """The n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


if __name__ == "__main__":
    print(fib(30))
'''
README = """# Field notes

Scratch data for **compile-ui**'s field corpus.

- cities.csv: a table
- app.log: a log
"""


def git(*args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Ada Lovelace",
        "GIT_AUTHOR_EMAIL": "ada@example.org",
        "GIT_COMMITTER_NAME": "Ada Lovelace",
        "GIT_COMMITTER_EMAIL": "ada@example.org",
        "GIT_AUTHOR_DATE": "2026-11-20T09:15:00+01:00",
        "GIT_COMMITTER_DATE": "2026-11-20T09:15:00+01:00",
        "GIT_CONFIG_GLOBAL": "/dev/null",
    }
    subprocess.run(["git", "-C", str(REPO), *args], check=True, env=env, capture_output=True)


def make_scratch() -> None:
    shutil.rmtree(SCRATCH, ignore_errors=True)
    (FILES / "src" / "pkg").mkdir(parents=True)
    (FILES / "docs").mkdir()
    (FILES / "cities.csv").write_text(CSV)
    (FILES / "app.log").write_text(LOG)
    (FILES / "src" / "fib.py").write_text(CODE)
    (FILES / "src" / "pkg" / "__init__.py").write_text("")
    (FILES / "docs" / "README.md").write_text(README)
    (FILES / "data.tsv").write_text("id\tname\tscore\n1\tAda\t92.5\n2\tAlan\t88\n3\tGrace\t95.25\n")
    REPO.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main", str(REPO)], check=True)
    (REPO / "fib.py").write_text(CODE)
    (REPO / "README.md").write_text(README)
    git("add", ".")
    git("commit", "-q", "-m", "Add fib and README")
    (REPO / "fib.py").write_text(CODE.replace("a, b = 0, 1", "a, b = 0, 1  # start\n    # iterate").replace("print(fib(30))", "print(fib(40))"))
    git("commit", "-q", "-am", "fib: comment the loop, print fib(40)")
    (REPO / "README.md").write_text(README + "\n## Unstaged\n\nA change not yet staged.\n")
    db = sqlite3.connect(SCRATCH / "field.db")
    db.execute("create table sales (id integer primary key, region text, quarter text, revenue real, units integer)")
    rows = [(i, r, f"2026-Q{q}", round(1000 + i * 137.5, 2), 10 + i * 3) for i, (r, q) in enumerate([(r, q) for r in ("North", "South", "East") for q in (1, 2, 3, 4)], 1)]
    db.executemany("insert into sales values (?,?,?,?,?)", rows)
    db.commit()
    db.close()


# --------------------------------------------------------------------------- the servers


def servers() -> list[Server]:
    f = str(FILES)
    r = str(REPO)
    return [
        Server("time", "mcp-server-time", [str(FIELD_BIN / "mcp-server-time"), "--local-timezone", "Europe/Oslo"], [
            ("get_current_time", {"timezone": "Europe/Oslo"}, ""),
            ("convert_time", {"source_timezone": "Europe/Oslo", "time": "14:30", "target_timezone": "America/New_York"}, ""),
            ("convert_time", {"source_timezone": "Asia/Kolkata", "time": "09:00", "target_timezone": "Australia/Adelaide"}, "half-hour"),
            ("convert_time", {"source_timezone": "Mars/Olympus", "time": "14:30", "target_timezone": "UTC"}, "bad-zone"),
        ]),
        Server("git", "mcp-server-git", [str(FIELD_BIN / "mcp-server-git"), "--repository", r], [
            ("git_status", {"repo_path": r}, ""),
            ("git_log", {"repo_path": r, "max_count": 5}, ""),
            ("git_show", {"repo_path": r, "revision": "HEAD"}, ""),
            ("git_diff_unstaged", {"repo_path": r}, ""),
            ("git_diff", {"repo_path": r, "target": "HEAD~1"}, ""),
            ("git_branch", {"repo_path": r, "branch_type": "local"}, ""),
            ("git_show", {"repo_path": r, "revision": "no-such-rev"}, "bad-rev"),
        ]),
        Server("fetch", "mcp-server-fetch", [str(FIELD_BIN / "mcp-server-fetch")], [
            ("fetch", {"url": "http://127.0.0.1:9/nothing"}, "refused"),
            ("fetch", {"url": "not a url"}, "bad-url"),
        ]),
        Server("sqlite", "mcp-server-sqlite", [str(SQLITE_BIN / "mcp-server-sqlite"), "--db-path", str(SCRATCH / "field.db")], [
            ("list_tables", {}, ""),
            ("describe_table", {"table_name": "sales"}, ""),
            ("read_query", {"query": "select * from sales order by id"}, ""),
            ("read_query", {"query": "select region, sum(revenue) as revenue, sum(units) as units from sales group by region"}, "grouped"),
            ("read_query", {"query": "select * from nowhere"}, "bad-table"),
        ]),
        Server("filesystem", "@modelcontextprotocol/server-filesystem", [str(NPM_BIN / "mcp-server-filesystem"), f], [
            ("list_directory", {"path": f}, ""),
            ("list_directory_with_sizes", {"path": f}, ""),
            ("directory_tree", {"path": f}, ""),
            ("read_text_file", {"path": f + "/cities.csv"}, "csv"),
            ("read_text_file", {"path": f + "/data.tsv"}, "tsv"),
            ("read_text_file", {"path": f + "/app.log"}, "log"),
            ("read_text_file", {"path": f + "/src/fib.py"}, "code"),
            ("read_text_file", {"path": f + "/docs/README.md"}, "markdown"),
            ("read_multiple_files", {"paths": [f + "/cities.csv", f + "/docs/README.md"]}, ""),
            ("search_files", {"path": f, "pattern": "**/*.py"}, ""),
            ("get_file_info", {"path": f + "/cities.csv"}, ""),
            ("list_allowed_directories", {}, ""),
            ("read_text_file", {"path": f + "/missing.txt"}, "missing"),
        ]),
        Server("memory", "@modelcontextprotocol/server-memory", [str(NPM_BIN / "mcp-server-memory")], [
            ("create_entities", {"entities": [
                {"name": "Ada Lovelace", "entityType": "person", "observations": ["wrote the first program", "born 1815"]},
                {"name": "Analytical Engine", "entityType": "machine", "observations": ["designed by Babbage"]},
            ]}, ""),
            ("create_relations", {"relations": [{"from": "Ada Lovelace", "to": "Analytical Engine", "relationType": "programmed"}]}, ""),
            ("read_graph", {}, ""),
            ("search_nodes", {"query": "Ada"}, ""),
        ], env={"MEMORY_FILE_PATH": str(SCRATCH / "memory.jsonl")}),
        Server("everything", "@modelcontextprotocol/server-everything", [str(NPM_BIN / "mcp-server-everything")], [
            ("echo", {"message": "hello field"}, ""),
            ("get-sum", {"a": 1040, "b": 2026}, ""),
            ("get-structured-content", {"location": "New York"}, ""),
            ("get-tiny-image", {}, ""),
            ("get-annotated-message", {"messageType": "error", "includeImage": False}, ""),
            ("get-resource-links", {"count": 2}, ""),
            ("trigger-long-running-operation", {"duration": 1, "steps": 4}, ""),
        ]),
    ]


# --------------------------------------------------------------------------- recording


class Tee:
    """The client's read stream, keeping every raw JSON-RPC message it passes on."""

    def __init__(self, inner: Any, seen: list[dict[str, Any]]) -> None:
        self.inner, self.seen = inner, seen

    async def receive(self) -> Any:
        item = await self.inner.receive()
        msg = getattr(item, "message", None)
        if msg is not None:
            self.seen.append(msg.model_dump(by_alias=True, mode="json", exclude_unset=True))
        return item

    async def aclose(self) -> None:
        await self.inner.aclose()

    def __aiter__(self) -> Tee:
        return self

    async def __anext__(self) -> Any:
        try:
            return await self.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            raise StopAsyncIteration from None

    async def __aenter__(self) -> Tee:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def raw_answer(seen: list[dict[str, Any]], start: int) -> dict[str, Any]:
    """The last JSON-RPC response among the messages received since ``start``."""
    for msg in reversed(seen[start:]):
        if "id" in msg and ("result" in msg or "error" in msg):
            return msg
    raise RuntimeError("no response recorded")


def unwrap(msg: dict[str, Any]) -> dict[str, Any]:
    inner = msg.get("root", msg)
    return inner


async def record(server: Server, log: Callable[[str], None]) -> int:
    seen: list[dict[str, Any]] = []
    params = StdioServerParameters(command=server.command[0], args=server.command[1:], env={**os.environ, **server.env})
    written = 0
    with open(os.devnull, "w") as devnull:
        async with stdio_client(params, errlog=devnull) as (read, write):
            async with ClientSession(Tee(read, seen), write) as session:
                init = await session.initialize()
                version = getattr(getattr(init, "server_info", None), "version", None)
                start = len(seen)
                await session.list_tools()
                tools = {t["name"]: t for t in unwrap(raw_answer(seen, start))["result"]["tools"]}
                for name, args, case in server.calls:
                    start = len(seen)
                    progress: list[dict[str, Any]] = []

                    async def on_progress(p: float, total: float | None, message: str | None) -> None:
                        # called only while this iteration's call_tool is awaited: the late binding is harmless
                        progress.append({"progress": p, "total": total, "message": message})  # noqa: B023

                    try:
                        await session.call_tool(name, args, progress_callback=on_progress)
                    except Exception as e:  # a JSON-RPC error is a result worth keeping
                        log(f"  {name} {case}: JSON-RPC error {e}")
                    answer = unwrap(raw_answer(seen, start))
                    result = answer["result"] if "result" in answer else {"jsonrpcError": answer["error"]}
                    entry = {
                        "server": server.name,
                        "package": server.package,
                        "version": version,
                        "tool": tools.get(name),
                        "arguments": args,
                        "result": result,
                    }
                    if progress:
                        entry["progress"] = progress
                    stem = f"{server.name}__{name}" + (f"__{case}" if case else "")
                    (OUT / f"{stem}.json").write_text(json.dumps(entry, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
                    written += 1
    return written


def main(argv: list[str]) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    make_scratch()
    wanted = set(argv)
    total = 0
    for server in servers():
        if wanted and server.name not in wanted:
            continue
        if not Path(server.command[0]).exists():
            print(f"skip {server.name}: {server.command[0]} is not installed (see this script's docstring)", file=sys.stderr)
            continue
        print(f"{server.name}: {server.package}", file=sys.stderr)
        total += anyio.run(record, server, lambda s: print(s, file=sys.stderr))
    print(f"{total} results in {OUT.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
