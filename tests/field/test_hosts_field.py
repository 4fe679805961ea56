"""Issue 27, item 1: a sample of the field corpus's tools (fixtures/field/), called for real on the
real servers — npm's server-filesystem, server-memory and server-everything (in tests/js) and PyPI's
mcp-server-time (a test dependency) — behind ``compile-ui proxy``, in two real host UIs:
@mcp-ui/client's AppRenderer (tests/harness/mcpui.py) and MCP Inspector's web UI (tests/harness/inspector.py).

Each app must initialize, show the real result, report its size, follow a theme change live and
log no console error of its own (tests/harness/hostcases.py). One host per module, one proxy (AppRenderer)
or Inspector per server, started when its first case runs.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path

import pytest

pytest.register_assert_rewrite("hostcases", "inspector", "mcpui")
pytest_plugins = ["harness.mcpui"]  # its fixtures: harness, mcpui_host

from harness.hostcases import Case, check_in_apprenderer, check_in_inspector  # noqa: E402
from harness.inspector import NPM, Inspector, InspectorPage, answer_to, proxy_command, read_tap  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.npm]

CITIES = "city,country,population\nOslo,Norway,709037\nBergen,Norway,291189\nLisbon,Portugal,548703\n"
MEMORY = [
    {"type": "entity", "name": "Ada Lovelace", "entityType": "person", "observations": ["wrote the first program"]},
    {"type": "entity", "name": "Analytical Engine", "entityType": "machine", "observations": ["designed by Babbage"]},
    {"type": "relation", "from": "Ada Lovelace", "to": "Analytical Engine", "relationType": "programmed"},
]


@pytest.fixture(scope="module")
def scratch(tmp_path_factory) -> Path:
    """The files the servers work on: a directory tree with a CSV file, and a knowledge graph."""
    root = tmp_path_factory.mktemp("field")
    files = root / "files"
    (files / "src").mkdir(parents=True)
    (files / "cities.csv").write_text(CITIES, encoding="utf-8")
    (files / "src" / "fib.py").write_text("def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n", encoding="utf-8")
    (root / "memory.jsonl").write_text("".join(json.dumps(line) + "\n" for line in MEMORY), encoding="utf-8")
    return root


def servers(scratch: Path) -> dict[str, list[str]]:
    files = str(scratch / "files")
    return {
        "filesystem": ["node", str(NPM / "server-filesystem" / "dist" / "index.js"), files],
        # the Inspector starts its server with a minimal environment: the variable rides on the command
        "memory": ["env", f"MEMORY_FILE_PATH={scratch / 'memory.jsonl'}", "node", str(NPM / "server-memory" / "dist" / "index.js")],
        "everything": ["node", str(NPM / "server-everything" / "dist" / "index.js")],
        "time": [sys.executable, "-m", "mcp_server_time", "--local-timezone", "UTC"],
    }


FILES = "{files}"  # replaced by the scratch directory
CASES: list[tuple[str, Case]] = [
    ("filesystem", Case("list_directory_with_sizes", {"path": FILES}, ["cities.csv", "src"],
                        title="List Directory with Sizes")),
    ("filesystem", Case("read_text_file", {"path": FILES + "/cities.csv"}, ["Oslo", "Bergen", "Portugal"],
                        title="Read Text File")),
    ("filesystem", Case("directory_tree", {"path": FILES}, ["fib.py", "cities.csv"], title="Directory Tree")),
    ("memory", Case("search_nodes", {"query": "Ada"}, ["Ada Lovelace", "wrote the first program"], title="Search Nodes")),
    ("memory", Case("read_graph", {}, ["Analytical Engine", "programmed"], title="Read Graph", no_input=True)),
    ("everything", Case("get-sum", {"a": 1040, "b": 2026}, ["3066"], title="Get Sum Tool")),
    ("everything", Case("get-tiny-image", {}, [], title="Get Tiny Image Tool", image=True, no_input=True)),
    ("time", Case("get_current_time", {"timezone": "Europe/Oslo"}, ["Europe/Oslo"], form={"Timezone": "Europe/Oslo"})),
]
IDS = [f"{server}-{case.tool}" for server, case in CASES]


def resolved(case: Case, scratch: Path) -> Case:
    """``case`` with the scratch directory in its arguments."""
    args = {k: v.replace(FILES, str(scratch / "files")) if isinstance(v, str) else v for k, v in case.args.items()}
    return dataclasses.replace(case, args=args)


def test_every_case_is_a_field_recording():
    """The sample is the corpus's: each tool has a recording in fixtures/field/."""
    recorded = {p.name.split("__")[0] + "/" + p.name.split("__")[1].removesuffix(".json")
                for p in (Path(__file__).parents[2] / "fixtures" / "field").glob("*.json")}
    assert {f"{server}/{case.tool}" for server, case in CASES} <= recorded


@pytest.mark.parametrize(("server", "case"), CASES, ids=IDS)
def test_field_tool_in_apprenderer(harness, mcpui_host, scratch, server, case, tmp_path):
    if server not in harness.proxies:
        harness.add(server, servers(scratch)[server])
    check_in_apprenderer(mcpui_host, server, resolved(case, scratch), tmp_path)


@pytest.fixture(scope="module")
def inspectors(browser, scratch, tmp_path_factory):
    """``get(server)`` → (InspectorPage connected with its Apps tab open, the upstream's tap)."""
    started: dict[str, tuple[Inspector, InspectorPage, Path]] = {}

    def get(server: str) -> tuple[InspectorPage, Path]:
        if server not in started:
            for inspector, ui, _ in started.values():  # one at a time: the machine is small
                ui.close()
                inspector.stop()
            started.clear()
            tap = tmp_path_factory.mktemp(server) / "upstream.jsonl"
            inspector = Inspector(proxy_command(servers(scratch)[server], tap_to=tap), era="legacy")
            ui = InspectorPage(inspector, browser.browser)
            started[server] = (inspector, ui, tap)
            ui.connect()
            ui.open_apps_tab()
        _, ui, tap = started[server]
        return ui, tap

    yield get
    for inspector, ui, _ in started.values():
        ui.close()
        inspector.stop()


@pytest.mark.parametrize(("server", "case"), CASES, ids=IDS)
def test_field_tool_in_the_inspector(inspectors, scratch, server, case, tmp_path):
    ui, tap = inspectors(server)
    case = resolved(case, scratch)
    check_in_inspector(ui, case, lambda: answer_to(read_tap(tap), "tools/call", case.tool), tmp_path)
