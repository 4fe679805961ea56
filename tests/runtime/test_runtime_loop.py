"""The model hears about the user's runs (issue 16): ui/update-model-context after a run from the
form, bounded; "Send to chat" (ui/message); the page's own calls marked ``compile-ui/app``.
Through the official AppBridge (tests/harness/apphost.py), with the capabilities each test declares."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.compile import compile_tree
from compiler.render import render_page
from compiler.tools import load_tools

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
EVERYTHING = ROOT / "fixtures" / "corpus" / "tools" / "everything.json"
GET_SUM = next(t for _, t in load_tools(EVERYTHING.read_text(), str(EVERYTHING)) if t["name"] == "get-sum")
NOTE = {"name": "note", "inputSchema": {"type": "object", "properties": {"text": {"type": "string"}}}}

N = 2048  # runtime.js: a value whose JSON is at most N bytes goes whole
BOUND = 5 * 1024  # the whole summary (docs/runtime.md)
STRUCTURED = {"serverTools": {}, "updateModelContext": {"text": {}, "structuredContent": {}}}
CHAT = {"serverTools": {}, "message": {"text": {}}}


def size(value) -> int:
    """Bytes of ``value``'s JSON as the runtime measures it (JSON.stringify: compact, UTF-8)."""
    return len(json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode())


def page(tool=GET_SUM) -> str:
    return render_page(compile_tree(tool))


def run_sum(host, a: str = "2", b: str = "3", n: int = 1) -> dict:
    host.frame.fill('[data-id="f:/a"] .ctl', a)
    host.frame.fill('[data-id="f:/b"] .ctl', b)
    host.frame.click("[data-action=submit]")
    return host.wait_calls(n)[n - 1]


def summary(host, n: int = 1) -> dict:
    host.wait_until(lambda: len(host.contexts) >= n, timeout=60)  # a 10 MB result takes a while
    return host.contexts[n - 1]


def test_the_model_hears_of_each_run_each_update_replacing_the_last(apphost):
    results = iter([
        {"content": [{"type": "text", "text": "5"}], "structuredContent": {"sum": 5}},
        {"content": [{"type": "text", "text": "b is too big"}], "isError": True},
    ])
    host = apphost.load(page(), host_capabilities=STRUCTURED, on_call_tool=lambda name, args: next(results))
    host.wait_initialized()
    call = run_sum(host)
    assert call["_meta"]["compile-ui/app"] is True and isinstance(call["_meta"]["progressToken"], int)
    assert summary(host) == {"structuredContent": {"tool": "get-sum", "arguments": {"a": 2, "b": 3}, "isError": False, "result": {"sum": 5}}}
    run_sum(host, "1", "99", n=2)
    # the tool's error: its text content is the result
    assert summary(host, 2) == {"structuredContent": {"tool": "get-sum", "arguments": {"a": 1, "b": 99}, "isError": True, "result": "b is too big"}}
    assert len(host.contexts) == 2 and host.console_errors == [] and host.csp_violations == []


def test_a_failed_call_and_a_host_that_takes_only_text(apphost):
    def fail(name, args):
        raise RuntimeError("upstream exploded")

    host = apphost.load(page(), host_capabilities={"updateModelContext": {"text": {}}}, on_call_tool=fail)
    host.wait_initialized()
    run_sum(host)
    update = summary(host)
    assert list(update) == ["content"] and update["content"][0]["type"] == "text"
    said = json.loads(update["content"][0]["text"])  # the same summary, as JSON text
    assert said["tool"] == "get-sum" and said["isError"] is True and "result" not in said
    assert "upstream exploded" in said["error"]


def test_a_10_mb_result_is_told_as_its_shape_under_the_bound(apphost):
    # (a run that takes over a second polls _ui_question, question.js: answered with no question)
    row = {"id": 0, "name": "ünïcødé \"quoted\" \\ row " * 40, "tags": ["a", "b"]}  # ~1 KB: few objects to carry
    rows = [dict(row, id=i) for i in range(10 * 1024 * 1024 // size(row))]
    big = {"total": len(rows), "rows": rows, "note": "x"}
    assert size(big) > 10 * 1024 * 1024
    host = apphost.load(page(), host_capabilities=STRUCTURED, on_call_tool=lambda name, args: {"content": []} if name.startswith("_ui_") else {"content": [], "structuredContent": big})
    host.wait_initialized()
    run_sum(host)
    update = summary(host, 1)["structuredContent"]
    assert size(update) <= BOUND, size(update)
    result = update["result"]
    assert size(result) <= N
    assert result["type"] == "object" and result["bytes"] == size(big)
    assert result["keys"] == ["total", "rows", "note"] and result["rows"] == len(rows) and result["rowsAt"] == "rows"
    assert result["preview"] and json.dumps(big, separators=(",", ":"), ensure_ascii=False).startswith(result["preview"])
    assert update["arguments"] == {"a": 2, "b": 3}  # small: whole


def test_large_arguments_and_a_large_text_result_are_bounded_the_same_way(apphost):
    text = "«ünïcødé» \"quote\" \\ \t\u0001 " * 400  # escapes and multi-byte characters, ~12 KB (an <input> drops newlines)
    huge = "line of text\n" * 800_000  # ~10 MB of text content, no structuredContent
    host = apphost.load(page(NOTE), host_capabilities=STRUCTURED, on_call_tool=lambda name, args: {"content": []} if name.startswith("_ui_") else {"content": [{"type": "text", "text": huge}]})
    host.wait_initialized()
    host.frame.locator('[data-id="f:/text"] .ctl').fill(text)
    host.frame.click("[data-action=submit]")
    update = summary(host)["structuredContent"]
    assert size(update) <= BOUND, size(update)
    args, result = update["arguments"], update["result"]
    assert size(args) <= N and args["type"] == "object" and args["keys"] == ["text"] and "rows" not in args
    assert args["bytes"] == size({"text": text})
    assert json.dumps({"text": text}, separators=(",", ":"), ensure_ascii=False).startswith(args["preview"])
    assert size(result) <= N and result["type"] == "string" and result["bytes"] == size(huge)
    assert huge.startswith(result["preview"]) and len(result["preview"]) > N // 2


def test_no_update_and_no_send_to_chat_without_the_capabilities(apphost):
    host = apphost.load(page(), on_call_tool=lambda name, args: {"content": [{"type": "text", "text": "5"}]})
    host.wait_initialized()
    run_sum(host)
    host.wait_until(lambda: "5" in host.frame.inner_text("#result .result-body"))
    # the button comes with the result, and the page posts an update, if any, before its next
    # call: once the host has the second call, it would have the update of the first
    assert host.frame.get_by_role("button", name="Send to chat").count() == 0
    host.frame.click("[data-action=submit]")
    host.wait_calls(2)
    assert host.contexts == [] and host.messages == []
    assert host.console_errors == []


def test_send_to_chat_posts_one_line_about_the_run(apphost):
    results = iter([{"content": [{"type": "text", "text": "5"}]}, {"content": [{"type": "text", "text": "no such number"}], "isError": True}])
    host = apphost.load(page(), host_capabilities=CHAT, on_call_tool=lambda name, args: next(results))
    host.wait_initialized()
    run_sum(host)
    button = host.frame.get_by_role("button", name="Send to chat")
    button.click()
    host.wait_until(lambda: host.messages)
    assert host.messages == [{"role": "user", "content": [{"type": "text", "text": 'I ran get-sum {"a":2,"b":3}: it worked.'}]}]
    host.wait_until(lambda: host.frame.get_by_text("Sent to chat.").count())
    assert button.is_disabled()  # once per run
    assert host.contexts == []  # updateModelContext was not declared
    run_sum(host, "1", "4", n=2)
    host.frame.get_by_role("button", name="Send to chat").click()
    host.wait_until(lambda: len(host.messages) == 2)
    assert host.messages[1]["content"][0]["text"] == 'I ran get-sum {"a":1,"b":4}: it failed: no such number'


def test_send_to_chat_shows_the_hosts_refusal(apphost):
    host = apphost.load(page(), host_capabilities=CHAT, message_result={"isError": True})
    host.wait_initialized()
    run_sum(host)
    button = host.frame.get_by_role("button", name="Send to chat")
    button.click()
    host.wait_until(lambda: host.frame.get_by_text("Not sent: the host refused it").count())
    assert not button.is_disabled()  # the user may try again
