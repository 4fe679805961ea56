"""Issue 27, item 1: every demo tool's app in two real host UIs — @mcp-ui/client's AppRenderer
(tests/harness/mcpui.py: a React host page, the TypeScript SDK client over streamable HTTP to
``compile-ui proxy --serve http``) and MCP Inspector's web UI (tests/harness/inspector.py: its own stdio
client to ``compile-ui proxy``) — in front of the demo server (``python -m compiler.demo.server``).

Each app must initialize, show the real result, report its size, follow a theme change live and
log no console error of its own (tests/harness/hostcases.py). One host (and one proxy) per module: the
demo server keeps its tasks, so the task cases run in order (list, create, update, delete).
"""

from __future__ import annotations

import pytest

pytest.register_assert_rewrite("hostcases", "inspector", "mcpui")
pytest_plugins = ["harness.mcpui"]  # its fixtures: harness, mcpui_host

from harness.hostcases import Case, case_id, check_in_apprenderer, check_in_inspector  # noqa: E402
from harness.inspector import DEMO, Inspector, InspectorPage, answer_to, proxy_command, read_tap  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.npm]

CASES = [
    Case("forecast", {"city": "Oslo", "days": 3}, ["Oslo", "Nov 23, 2026"], form={"City": "Oslo", "Days": 3}),
    Case("tasks_list", {}, ["Water the plants", "Send the quarterly report"]),
    Case("task_create", {"title": "Buy bread"}, ["Buy bread"], form={"Title": "Buy bread"}),
    Case("task_update", {"id": 2, "title": "Send the yearly report"}, ["Send the yearly report"],
         form={"Id": 2, "Title": "Send the yearly report"}),
    Case("task_delete", {"id": 1}, ["Deleted task 1"], form={"Id": 1}),
    Case("search_records", {"query": "oslo"}, ["Oslo", "Norway", "709,037"], form={"Query": "oslo"}),
    Case("chart_image", {}, ["5 bars"], image=True),
    Case("slow_job", {"seconds": 0.5}, ["Finished after 0.5 s"], form={"Seconds": 0.5}),
    Case("failing_tool", {"message": "It broke on purpose"}, ["It broke on purpose"],
         form={"Message": "It broke on purpose"}, error=True),
]


def test_every_demo_tool_is_a_case():
    from compiler.demo.server import server
    from harness.asyncutil import run_async

    listed = {tool.name for tool in run_async(server.list_tools())}  # in a thread: Playwright's loop runs here
    assert listed == {case.tool for case in CASES}


@pytest.fixture(scope="module")
def demo_harness(harness):
    harness.add("demo", DEMO)
    return harness


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_demo_tool_in_apprenderer(demo_harness, mcpui_host, case, tmp_path):
    check_in_apprenderer(mcpui_host, "demo", case, tmp_path)


@pytest.fixture(scope="module")
def demo_inspector(browser, tmp_path_factory):
    tap = tmp_path_factory.mktemp("inspector") / "upstream.jsonl"
    inspector = Inspector(proxy_command(DEMO, tap_to=tap), era="legacy")
    ui = InspectorPage(inspector, browser.browser)
    try:
        ui.connect()
        assert ui.open_apps_tab() >= len(CASES)
        yield ui, tap
    finally:
        ui.close()
        inspector.stop()


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_demo_tool_in_the_inspector(demo_inspector, case, tmp_path):
    ui, tap = demo_inspector
    check_in_inspector(ui, case, lambda: answer_to(read_tap(tap), "tools/call", case.tool), tmp_path)
