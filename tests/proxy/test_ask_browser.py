"""``_ui_render`` end to end: the official ``mcp`` client calls it through the proxy; the ask page
runs in the official AppBridge host in Chromium, and its ``_ui_view``/``_ui_respond`` calls go
through the host and the same client to the proxy. The user's typing comes back as the call's
result. Both protocol eras on the host side."""

from __future__ import annotations

import json
import sys

import pytest

from conftest import ROOT
from harness.asyncutil import wait_until
from proxy.test_proxy_browser import BackgroundSession

UPSTREAM = [sys.executable, str(ROOT / "fixtures" / "servers" / "upstream.py")]
HOSTILE = '<img src=x onerror="window.__pwned=1"></script><script>window.__pwned=2</script>'


@pytest.fixture(params=["legacy", "2026-07-28"])
def session(request):
    one = BackgroundSession(UPSTREAM, request.param)
    yield one
    one.close()


def relay(session):
    def on_call_tool(name, arguments):
        result = session.call(lambda s: s.call_tool(name, arguments))
        return result.model_dump(by_alias=True, exclude_none=True, mode="json")

    return on_call_tool


def shown(apphost, session, arguments, visible: str):
    """Start ``_ui_render`` with ``arguments`` and show its page as a host does, until ``visible``
    is on screen; the host and the pending call."""
    page = session.call(lambda s: s.read_resource("ui://compile-ui/_ui_render")).contents[0].text
    pending = session.start(lambda s: s.call_tool("_ui_render", arguments))
    # As a host: the call goes out, then the page shows (the proxy has it in flight; it may still
    # be storing the question when the page asks for it)
    def in_flight() -> int:  # the proxy's own calls in flight: _ui_render's, and this _ui_status
        return session.call(lambda s: s.call_tool("_ui_status", {})).structured_content["inFlight"]["local"]

    wait_until(lambda: in_flight() >= 2, 10)
    host = apphost.load(page, on_call_tool=relay(session))
    host.wait_initialized()
    host.send_tool_input(arguments)
    host.frame.locator(visible).wait_for(state="visible")
    return host, pending


@pytest.mark.browser
def test_the_user_fills_the_models_form_and_the_call_returns_the_typed_values(apphost, session):
    arguments = {"title": "Book a table", "timeoutSeconds": 60, "tree": {
        "type": "Form", "id": "booking", "props": {"submitLabel": "Book"}, "children": [
            {"type": "TextField", "id": "name", "props": {"bind": "/name", "label": "Name", "required": True}},
            {"type": "NumberField", "id": "guests", "props": {"bind": "/guests", "label": "Guests", "integer": True, "minimum": 1}},
            {"type": "BooleanField", "id": "terrace", "props": {"bind": "/terrace", "label": "Terrace"}}]}}
    host, pending = shown(apphost, session, arguments, '[data-id="name"] input')
    assert "Book a table" in host.frame.inner_text("body")
    host.frame.click("[data-action=submit]")  # the name is required: refused in the page, nothing sent
    host.wait_until(lambda: "Required." in host.frame.inner_text("body"))
    assert not pending.done()
    host.frame.locator('[data-id="name"] input').fill("Ada")
    host.frame.locator('[data-id="guests"] input').fill("4")
    host.frame.locator('[data-id="terrace"] input').check()
    host.frame.click("[data-action=submit]")
    result = pending.result(30)
    assert not result.is_error
    assert result.structured_content["action"] == "submit"
    assert result.structured_content["values"] == {"name": "Ada", "guests": 4, "terrace": True}
    host.wait_until(lambda: "Sent." in host.frame.inner_text("body"))
    assert host.frame.locator("[data-action=submit]").is_disabled()  # one answer per question
    assert host.console_errors == [] and host.csp_violations == []


@pytest.mark.browser
def test_an_action_button_answers_and_hostile_text_stays_text(apphost, session):
    arguments = {"title": HOSTILE, "timeoutSeconds": 60, "tree": {
        "type": "Card", "id": "c", "props": {"title": HOSTILE}, "actions": [],
        "children": [{"type": "Text", "id": "t", "props": {"text": HOSTILE}},
                     {"type": "Alert", "id": "a", "props": {"tone": "warning", "title": HOSTILE, "text": HOSTILE}}]}}
    arguments["tree"] = {"type": "App", "id": "app", "props": {"title": HOSTILE, "description": HOSTILE},
                         "actions": [{"id": "approve", "label": HOSTILE, "primary": True}, {"id": "reject", "label": "Reject"}],
                         "children": [arguments["tree"]]}
    host, pending = shown(apphost, session, arguments, "[data-action=reject]")
    assert host.frame.inner_text("body").count("onerror") >= 4  # shown as text
    assert host.frame.locator("img").count() == 0 and host.frame.locator("main script").count() == 0
    host.frame.click("[data-action=reject]")
    result = pending.result(30)
    assert result.structured_content["action"] == "reject" and json.dumps(result.structured_content["values"]) == "{}"
    assert host.frame.evaluate("window.__pwned") is None
    assert host.console_errors == [] and host.csp_violations == []
