"""The ask page (issue 16, ``_ui_render``): the model sends a tree, the user answers.

Through the official AppBridge (tests/harness/apphost.py). The host plays the proxy's part: it answers
``_ui_view`` with ``render_body`` of a tree built from components.nodes and records
``_ui_respond``; the ask page is ``render_ask_page()``.
"""

from __future__ import annotations

import msgspec
import pytest

from compiler.render import render_ask_page, render_body
from components.nodes import (
    Action,
    App,
    AppProps,
    BooleanField,
    BooleanFieldProps,
    Form,
    FormProps,
    NumberField,
    NumberFieldProps,
    Option,
    SelectField,
    SelectFieldProps,
    Text,
    TextField,
    TextFieldProps,
    TextProps,
)

pytestmark = pytest.mark.browser

TOOL_INFO = {"toolInfo": {"id": 42, "tool": {"name": "_ui_render", "inputSchema": {"type": "object"}}}}
INPUT = {"tree": {"type": "App"}, "wait": True}  # what the model sent _ui_render (opaque to the page)


def question(text: str = "Which plan?", *, note: str = "Pick one for the team.") -> App:
    form = Form(
        id="form",
        props=FormProps(toolName="_ui_render", submitLabel="Send"),
        children=(
            TextField(id="f:/name", props=TextFieldProps(bind="/name", label="Name", required=True, help=note)),
            NumberField(id="f:/seats", props=NumberFieldProps(bind="/seats", label="Seats", integer=True, minimum=1)),
            SelectField(
                id="f:/plan",
                props=SelectFieldProps(bind="/plan", label="Plan", options=(Option(value="team", label="Team"), Option(value="solo", label=text))),
            ),
            BooleanField(id="f:/yearly", props=BooleanFieldProps(bind="/yearly", label="Yearly")),
        ),
        actions=(Action(id="submit", label="Send", primary=True), Action(id="draft", label="Save draft")),
    )
    return App(
        id="app",
        props=AppProps(toolName="_ui_render", title=text, description=note),
        children=(Text(id="t", props=TextProps(text=note)), form),
        actions=(Action(id="skip", label=text if text != "Which plan?" else "Skip", destructive=True, alignment="end"),),
    )


class Proxy:
    """The proxy's part: ``_ui_view`` answers with the tree's body, ``_ui_respond`` is recorded."""

    def __init__(self, tree: App, *, view=None, respond=None) -> None:
        self.tree, self.view, self.respond = tree, view, respond

    def __call__(self, name: str, arguments: dict) -> dict:
        if name == "_ui_view":
            if self.view is not None:
                return self.view
            structured = {"renderId": "r1", "html": render_body(self.tree), "tree": msgspec.to_builtins(self.tree)}
            return {"content": [{"type": "text", "text": "shown"}], "structuredContent": structured}
        if name == "_ui_respond":
            if callable(self.respond):
                return self.respond(arguments)
            return self.respond or {"content": []}
        raise AssertionError(f"unexpected call {name}")


def ask(apphost, tree: App | None = None, *, context=TOOL_INFO, **kw):
    host = apphost.load(render_ask_page(), host_context=context, on_call_tool=Proxy(tree or question(), **kw))
    host.wait_initialized()
    return host


def shown(host) -> None:
    """Send the tool input and wait for the question's form."""
    host.send_tool_input(INPUT)
    host.frame.wait_for_selector("form.form")


def status(host) -> str:
    return host.frame.locator("main > p.status").inner_text()


def disabled(host) -> list[bool]:
    return host.frame.eval_on_selector_all("main input, main select, main button", "(els) => els.map((e) => e.disabled)")


def test_the_question_comes_from_tool_input_and_the_answer_goes_back_typed(apphost, tmp_path):
    host = ask(apphost)
    assert status(host) == "Waiting for the question…"
    host.send_tool_input_partial({"tree": {}})  # ignored: no call for a partial input
    shown(host)
    view = host.calls[0]
    assert view["name"] == "_ui_view" and view["arguments"] == {"arguments": INPUT, "requestId": 42}
    assert len(host.calls) == 1
    f = host.frame
    assert f.locator("h1").inner_text() == "Which plan?" and status(host) == ""
    f.fill('[data-id="f:/name"] .ctl', "Ada")
    f.fill('[data-id="f:/seats"] .ctl', "3")
    f.select_option('[data-id="f:/plan"] select', "0")
    f.check('[data-id="f:/yearly"] .ctl')
    host.wait_frames()
    host.screenshot(tmp_path / "ask.png")
    assert (tmp_path / "ask.png").stat().st_size > 5000
    f.click("[data-action=submit]")
    respond = host.wait_calls(2)[1]
    assert respond["name"] == "_ui_respond"
    assert respond["arguments"] == {"renderId": "r1", "action": "submit", "values": {"name": "Ada", "seats": 3, "plan": "team", "yearly": True}}
    host.wait_until(lambda: status(host) == "Sent.")
    assert all(disabled(host))  # one answer per question
    assert host.console_errors == [] and host.csp_violations == []


def test_without_a_request_id_none_is_sent(apphost):
    host = ask(apphost, context={})
    shown(host)
    assert host.calls[0]["arguments"] == {"arguments": INPUT}


def test_an_app_action_sends_its_id_and_the_valid_values_without_blocking(apphost):
    host = ask(apphost, respond={"content": [{"type": "text", "text": "Skipped, thanks."}]})
    shown(host)
    host.frame.fill('[data-id="f:/seats"] .ctl', "0")  # below the minimum: left out, not shown
    host.frame.select_option('[data-id="f:/plan"] select', "1")
    host.frame.get_by_role("button", name="Skip").click()
    respond = host.wait_calls(2)[1]["arguments"]
    assert respond == {"renderId": "r1", "action": "skip", "values": {"plan": "solo"}}  # no name (required): not blocked
    host.wait_until(lambda: status(host) == "Skipped, thanks.")
    assert host.frame.locator("[aria-invalid]").count() == 0 and all(disabled(host))


def test_a_form_action_beside_submit_sends_its_id(apphost):
    host = ask(apphost)
    shown(host)
    host.frame.fill('[data-id="f:/name"] .ctl', "Bo")
    host.frame.get_by_role("button", name="Save draft").click()
    assert host.wait_calls(2)[1]["arguments"] == {"renderId": "r1", "action": "draft", "values": {"name": "Bo"}}


def test_an_invalid_submit_is_refused_with_the_field_error(apphost):
    host = ask(apphost)
    shown(host)
    f = host.frame
    f.click("[data-action=submit]")
    assert f.locator('[data-id="f:/name"] .err').inner_text() == "Required."
    assert f.locator(".form .actions > .status").inner_text() == "Check the highlighted field."
    assert f.locator('[data-id="f:/name"] .ctl').get_attribute("aria-invalid") == "true"
    f.fill('[data-id="f:/name"] .ctl', "Cy")
    f.click("[data-action=submit]")
    # the refused submit sent nothing: the next call is the valid one
    assert host.wait_calls(2)[1]["arguments"] == {"renderId": "r1", "action": "submit", "values": {"name": "Cy"}}


def test_an_answer_the_proxy_refuses_keeps_the_question_open(apphost):
    replies = iter([{"content": [{"type": "text", "text": "This question was already answered elsewhere"}], "isError": True}])

    def respond(arguments):
        reply = next(replies, None)
        if reply is None:
            raise RuntimeError("proxy gone")
        return reply

    host = ask(apphost, respond=respond)
    shown(host)
    host.frame.fill('[data-id="f:/name"] .ctl', "Di")
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: status(host) == "This question was already answered elsewhere")
    assert not any(disabled(host))
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: "proxy gone" in status(host))
    assert status(host).startswith("Not sent: ") and not any(disabled(host))


@pytest.mark.parametrize(
    "result, says",
    [
        ({"content": [], "structuredContent": {"action": "submit", "values": {"name": "Ed"}}}, "Answered."),
        ({"content": [], "structuredContent": {"timedOut": True}}, "The question timed out."),
        (None, "Cancelled."),
    ],
    ids=["answered", "timed-out", "cancelled"],
)
def test_the_render_calls_end_closes_the_question(apphost, result, says):
    host = ask(apphost)
    shown(host)
    assert not any(disabled(host))
    host.send_tool_result({"content": [], "structuredContent": {"renderId": "r1"}})  # wait: false
    host.wait_handled()
    assert status(host) == "" and not any(disabled(host))
    if result is None:
        host.send_cancelled("the user moved on")
    else:
        host.send_tool_result(result)
    host.wait_until(lambda: status(host) == says)
    assert all(disabled(host))  # nothing more can be sent


def test_a_view_the_proxy_cannot_show_is_an_error(apphost):
    host = ask(apphost, view={"content": [{"type": "text", "text": "unknown renderId"}], "isError": True})
    host.send_tool_input(INPUT)
    host.wait_until(lambda: status(host) == "unknown renderId")
    assert host.frame.locator("main > p.status.error").count() == 1
    assert host.frame.locator("form").count() == 0


HOSTILE = [
    "<img src=x onerror=alert(1)>",
    "</script><script>alert(1)</script>",
    "<!--<script>",
    "<style>*{display:none}</style>",
    '"><svg onload=alert(1)>',
]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_text_stays_text(apphost, text):
    host = ask(apphost, question(text, note=text))
    shown(host)
    f = host.frame
    assert f.locator("h1").inner_text() == text
    assert f.locator("p.desc").inner_text() == text and f.locator("p.text").inner_text() == text
    assert f.locator('[data-id="f:/name"] .help').inner_text() == text
    assert f.get_by_role("button", name=text).count() == 1
    # no element was made from the data: every element in the page is one the renderer writes
    made = f.eval_on_selector_all("main *", "(els) => [...new Set(els.map((e) => e.tagName.toLowerCase()))].sort()")
    assert set(made) <= {"button", "div", "form", "h1", "header", "input", "label", "option", "p", "select", "span"}, made
    assert f.evaluate("() => document.querySelectorAll('script').length") == 1  # the runtime's own
    host.frame.fill('[data-id="f:/name"] .ctl', text)
    host.frame.click("[data-action=submit]")
    assert host.wait_calls(2)[1]["arguments"]["values"]["name"] == text
    assert host.console_errors == [] and host.csp_violations == []


def test_a_script_in_the_views_html_never_runs(apphost):
    # The html comes from our renderer through the proxy and never holds a script; were it to,
    # the page drops it before insertion (and the CSP would block it anyway).
    tree = question()
    html = render_body(tree).replace("</header>", "<script>window.pwned = 1; parent.postMessage('pwned', '*')</script></header>")
    view = {"content": [], "structuredContent": {"renderId": "r1", "html": html, "tree": msgspec.to_builtins(tree)}}
    host = ask(apphost, tree, view=view)
    shown(host)
    assert host.frame.evaluate("() => [window.pwned, document.querySelectorAll('main script').length]") == [None, 0]
    assert host.console_errors == [] and host.csp_violations == []
