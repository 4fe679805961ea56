"""The library API (``compile_ui``) and the example server that uses it with no proxy.

The README's example runs as written; the facade gives the pipeline's own bytes; the example
server (``MCPServer`` + the SDK's ``Apps`` extension) is reached through the official client over
stdio: its tools carry ``_meta.ui``, its ``ui://`` pages are served, and a page, hosted in
Chromium by the official AppBridge, runs its tool on that server and shows the result."""

from __future__ import annotations

import json
import os
import re
import sys

import pytest
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client
from mcp_types import Tool as ToolModel

import compile_ui
from compiler.pipeline import build_page
from conftest import FIXTURES, ROOT
from harness.asyncutil import run_async

README = (ROOT / "README.md").read_text()
EXAMPLE = ROOT / "examples" / "unit_converter.py"
UI = {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}
TOOL = json.loads((FIXTURES / "tools" / "with_output.json").read_text())


def test_the_readme_example_runs():
    section = README.split("## Use it as a library", 1)[1].split("\n## ", 1)[0]
    [code] = re.findall(r"```python\n(.*?)\n```", section, re.S)
    namespace: dict = {}
    exec(compile(code, "README.md", "exec"), namespace)  # its asserts are the checks
    assert namespace["html"] != compile_ui.page(namespace["tool"])  # the layout made a difference


def test_page_is_the_pipelines_page_and_accepts_a_tool_model():
    assert compile_ui.page(TOOL) == build_page(TOOL, asks=False)  # the proxy's page, less the questions no proxy asks it
    model = ToolModel.model_validate(TOOL)
    assert compile_ui.page(model) == compile_ui.page(TOOL)
    assert compile_ui.tree(model)["props"]["toolName"] == TOOL["name"]


def test_a_layout_is_applied_or_refused_with_pointers():
    schema = compile_ui.spec_schema(TOOL)
    fields = schema["properties"]["input"]["properties"]["order"]["items"]["enum"]
    layout = {"title": "Custom title", "input": {"order": list(reversed(fields))}}
    assert compile_ui.check_layout(TOOL, layout) == []
    tree = compile_ui.tree(TOOL, layout)
    assert tree["props"]["title"] == "Custom title"
    assert [f["props"]["bind"] for f in tree["children"][0]["children"]] == list(reversed(fields))
    assert "Custom title" in compile_ui.page(TOOL, layout=layout)
    with pytest.raises(compile_ui.LayoutError) as caught:
        compile_ui.page(TOOL, layout={"input": {"order": ["/nope"]}, "colour": 1})
    pointers = {p.pointer for p in caught.value.problems}
    assert pointers == {"/colour"} or "/input/order/0" in pointers, caught.value.problems
    assert compile_ui.check_layout(TOOL, "not an object")


def test_an_unusable_tool_names_the_pointer():
    with pytest.raises(compile_ui.CompileUIError, match="#/inputSchema"):
        compile_ui.page({"name": "x", "inputSchema": [1]})


async def _session_to_example(work):
    # the whole environment (the SDK passes only a few variables): the server imports the compile_ui
    # under test, also when it comes from PYTHONPATH rather than the installed package
    params = StdioServerParameters(command=sys.executable, args=[str(EXAMPLE)], cwd=str(ROOT), env=dict(os.environ))
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write, extensions=UI) as session:
            await session.initialize()
            return await work(session)


async def _listing(session):
    tools = (await session.list_tools()).tools
    resources = (await session.list_resources()).resources
    pages = {}
    for tool in tools:
        uri = tool.meta["ui"]["resourceUri"]
        pages[tool.name] = (await session.read_resource(uri)).contents[0]
    return tools, resources, pages


def test_the_example_server_serves_apps_for_its_tools_without_a_proxy():
    tools, resources, pages = run_async(_session_to_example(_listing))
    assert {t.name for t in tools} == {"convert_length", "split_bill"}
    for tool in tools:
        assert tool.meta["ui"]["resourceUri"] == f"ui://compile-ui/{tool.name}"
        content = pages[tool.name]
        assert content.mime_type == "text/html;profile=mcp-app"
        # the page served is the one compile_ui makes from the definition the server lists
        listed = tool.model_dump(by_alias=True, exclude_none=True, mode="json")
        listed.pop("_meta")
        assert content.text == compile_ui.page(listed)
    assert {str(r.uri) for r in resources} == {"ui://compile-ui/convert_length", "ui://compile-ui/split_bill"}


def test_resource_uri_is_where_the_proxy_serves_the_page():
    """``resource_uri`` is no guess at the proxy's URIs: in front of the demo server, the proxy
    names each tool's page by it and serves the page there."""
    async def listing():
        params = StdioServerParameters(command=sys.executable, args=["-m", "compiler", "proxy", "--no-cache", "--",
                                                                     sys.executable, "-m", "compiler.demo.server"],
                                       cwd=str(ROOT), env=dict(os.environ))
        async with stdio_client(params) as (read, write):
            async with ClientSession(read, write, extensions=UI) as session:
                await session.initialize()
                tools = [t for t in (await session.list_tools()).tools if not t.name.startswith("_ui_")]
                return [(t, await session.read_resource(compile_ui.resource_uri(t))) for t in tools]

    served = run_async(listing())
    assert served
    for tool, page in served:
        assert tool.meta["ui"]["resourceUri"] == compile_ui.resource_uri(tool) == f"ui://compile-ui/{tool.name}"
        assert page.contents[0].mime_type == compile_ui.APP_MIME_TYPE
    assert compile_ui.resource_uri({"name": "a b/c"}) == "ui://compile-ui/a%20b%2Fc"


def _call(name: str, arguments: dict) -> dict:
    async def work(session):
        result = await session.call_tool(name, arguments)
        return result.model_dump(by_alias=True, exclude_none=True, mode="json")

    return run_async(_session_to_example(work))


@pytest.mark.browser
def test_an_example_page_runs_its_tool_on_the_example_server(apphost):
    _, _, pages = run_async(_session_to_example(_listing))
    host = apphost.load(pages["split_bill"].text, on_call_tool=_call)
    host.wait_initialized()
    frame = host.frame
    frame.locator('[data-id="f:/total"] input').fill("90")
    frame.locator('[data-id="f:/people"] input').fill("3")
    frame.locator("[data-action=submit]").click()
    [call] = host.wait_calls(1, timeout=30)
    assert call["name"] == "split_bill" and call["arguments"]["total"] == 90 and call["arguments"]["people"] == 3
    frame.get_by_text("33", exact=True).first.wait_for(timeout=20000)  # 99 with tip, three shares of 33
    assert frame.get_by_text("33", exact=True).count() == 3 and frame.get_by_text("99", exact=True).count() == 1
    assert host.csp_violations == [] and host.console_errors == []
