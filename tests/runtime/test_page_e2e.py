"""The page in a real host: headless Chromium + the official AppBridge (tests/harness/apphost.py)."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import jsonschema
import pytest

from compiler.compile import compile_tree
from compiler.pipeline import build_page
from compiler.render import render_page

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
EVERY_FIELD = json.loads((ROOT / "fixtures" / "page" / "every_field.json").read_text())
SCHEMA = EVERY_FIELD["inputSchema"]

FULL_INPUT = {
    "query": "cats",
    "notes": "two\nlines",
    "email": "a@b.co",
    "count": 3,
    "ratio": 0.5,
    "verbose": False,
    "mode": "slow",
    "tags": ["blue", "red"],
    "day": "2026-01-31",
    "when": "2026-01-31T09:30:00Z",
    "nickname": None,
    "limit": None,
    "address": {"street": "Main 1", "zip": "0123"},
    "keywords": ["a", "b"],
    "points": [{"x": 1, "y": 2.5}],
    "pair": ["p", 2],
    "headers": {"X-A": "1", "constructor": "odd key"},
    "shape": {"kind": "square", "side": 2},
    "attachment": "aGVsbG8=",
    "extra": {"any": [1, None, "x"]},
}


def echo(name, arguments):
    return {"content": [{"type": "text", "text": "called " + name}], "structuredContent": {"ok": True}}


@pytest.fixture
def page_html():
    """Every field kind, without layout (every control in view); the laid-out page is tested
    in ``test_laid_out_page``."""
    return render_page(compile_tree(EVERY_FIELD), input_schema=SCHEMA)


def field(host, node_id: str, sel: str = ".ctl"):
    return host.frame.locator(f'[data-id="{node_id}"] {sel}').first


def value_is(host, node_id: str, value: str):
    host.wait_until(lambda: field(host, node_id).input_value() == value)


def submit(host, n: int):
    host.frame.click("[data-action=submit]")
    return host.wait_calls(n)[n - 1]


def validate(args):
    jsonschema.Draft202012Validator(SCHEMA, format_checker=jsonschema.FormatChecker()).validate(args)


# --------------------------------------------------------------------------- handshake


def test_handshake_is_accepted_by_the_official_host(apphost, page_html):
    host = apphost.load(page_html)
    ms = host.wait_initialized()
    assert ms > 0
    info = host.page.evaluate("() => window.__host.bridge.getAppVersion()")
    assert info == {"name": "compile-ui", "version": "0.1.0"}
    assert host.console_errors == [] and host.csp_violations == []


# A parent that holds the app's ui/initialize until the test answers it (AppBridge answers at once).
HOLDING_HOST = """<!doctype html><html><body><iframe id="app" sandbox="allow-scripts allow-forms"></iframe><script>
window.held = null;
addEventListener("message", (e) => { if (e.data && e.data.method === "ui/initialize") held = e.data; });
window.answer = () => document.getElementById("app").contentWindow.postMessage(
  {jsonrpc: "2.0", id: held.id, result: {protocolVersion: "2026-01-26", hostInfo: {name: "t", version: "1"},
   hostCapabilities: {}, hostContext: {theme: "dark"}}}, "*");
</script></body></html>"""


# In the app: timers only run when the test fires them (Playwright's clock replays its commands
# into each new srcdoc document too late to hold the first one reliably).
HELD_TIMERS = """if (window.parent !== window) {
  window.__timers = [];
  window.setTimeout = (f, ms) => window.__timers.push({f: f, ms: ms});
  window.__fire = (ms) => window.__timers.filter((t) => t.ms <= ms).forEach((t) => t.f());
}"""


PAINT_TIMER_HELD = "() => Array.isArray(window.__timers) && window.__timers.some((t) => t.ms === 300)"


def test_first_paint_waits_for_the_host_context_but_never_for_a_silent_host(browser, page_html):
    context = browser.browser.new_context()
    try:
        context.add_init_script(HELD_TIMERS)
        page = context.new_page()
        page.set_content(HOLDING_HOST)
        for answered in (True, False):
            for _ in range(5):  # under a loaded full run the init script can miss a srcdoc document: load it again
                page.evaluate("(html) => { held = null; document.getElementById('app').srcdoc = html; }", page_html)
                page.wait_for_function("() => window.held !== null")
                app = page.frames[1]
                app.wait_for_selector("[data-action=submit]", state="attached")
                if app.evaluate(PAINT_TIMER_HELD):  # the init script ran before the runtime did
                    break
            assert app.evaluate(PAINT_TIMER_HELD)  # the page's 300 ms paint timer is held
            display = "() => getComputedStyle(document.documentElement).display"
            assert app.evaluate(display) == "none"  # parsed, handshake sent, not painted yet
            if answered:
                page.evaluate("() => answer()")
                app.wait_for_function("() => document.documentElement.dataset.theme === 'dark'")
            else:
                app.evaluate("() => __fire(299)")
                assert app.evaluate(display) == "none"
                app.evaluate("() => __fire(300)")  # a host that never answers still gets the form
            assert app.evaluate(display) != "none"
            assert app.locator("[data-action=submit]").is_visible()
    finally:
        context.close()


# Counts every postMessage the page makes (on itself or anyone else).
COUNT_POSTS = """window.__posts = 0;
const post = window.postMessage.bind(window);
window.postMessage = (...a) => { window.__posts++; return post(...a); };"""


def test_a_page_opened_on_its_own_says_it_needs_a_host(browser):
    """`compile-ui tool.json --html page.html`, then page.html opened in a browser: no host, so the
    form shows at once and both loading and Run say what is missing, without messaging itself."""
    tool = {"name": "lookup", "inputSchema": {"type": "object", "properties": {"q": {"type": "string"}}}}
    context = browser.browser.new_context()
    try:
        context.add_init_script(COUNT_POSTS)
        page = context.new_page()
        errors = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.set_content(render_page(compile_tree(tool), input_schema=tool["inputSchema"]))
        status = page.locator(".result .status")
        status.wait_for()
        assert status.text_content().startswith("Not inside an MCP host")
        assert page.locator("[data-action=submit]").is_visible()
        page.fill('[data-id="f:/q"] .ctl', "x")
        page.click("[data-action=submit]")
        page.wait_for_function("() => document.querySelector('.result .status').classList.contains('error')")
        assert "Not inside an MCP host" in status.text_content()
        assert page.evaluate("() => window.__posts") == 0
        assert errors == []
    finally:
        context.close()


def test_ping_teardown_and_unknown_requests(apphost, page_html):
    host = apphost.load(page_html)
    host.wait_initialized()
    answers = host.page.evaluate(
        """() => new Promise((done) => {
            const frame = document.getElementById('app').contentWindow, got = {};
            addEventListener('message', (e) => {
                if (e.source === frame && e.data && (e.data.id === 'p' || e.data.id === 0 || e.data.id === 'x')) {
                    got[e.data.id] = e.data;
                    if (Object.keys(got).length === 3) done(got);
                }
            });
            frame.postMessage({jsonrpc: '2.0', id: 'p', method: 'ping'}, '*');
            frame.postMessage({jsonrpc: '2.0', id: 0, method: 'no/such-method', params: {}}, '*');
            frame.postMessage({jsonrpc: '2.0', id: 'x', method: 'ping', params: {}}, '*');
        })"""
    )
    assert answers["p"] == {"jsonrpc": "2.0", "id": "p", "result": {}}
    assert answers["0"]["error"]["code"] == -32601  # id 0 is answered: `"id" in msg`, not `msg.id`
    assert answers["x"]["result"] == {}
    assert host.teardown() == {}


# --------------------------------------------------------------------------- prefill


def test_tool_input_prefills_every_field_kind(apphost, page_html):
    host = apphost.load(page_html)
    host.wait_initialized()
    host.send_tool_input(FULL_INPUT)
    host.wait_handled()
    assert field(host, "f:/query").input_value() == "cats"
    assert field(host, "f:/notes").input_value() == "two\nlines"
    assert field(host, "f:/count").input_value() == "3"
    assert field(host, "f:/ratio").input_value() == "0.5"
    assert not field(host, "f:/verbose").is_checked()
    assert host.frame.locator('[data-id="f:/mode"] input[value="1"]').is_checked()
    assert [c.is_checked() for c in host.frame.locator('[data-id="f:/tags"] input.opt').all()] == [True, False, True]
    assert field(host, "f:/day").input_value() == "2026-01-31"
    assert field(host, "f:/address/street").input_value() == "Main 1"
    assert host.frame.locator('[data-id="f:/keywords"] li.item').count() == 2
    assert host.frame.locator('[data-id="f:/shape"] select.branch').input_value() == "1"
    assert field(host, "f:/shape/side#1").input_value() == "2"
    assert json.loads(field(host, "f:/extra").input_value()) == {"any": [1, None, "x"]}
    # unchanged, the form sends exactly what the host showed
    args = submit(host, 1)["arguments"]
    assert args == FULL_INPUT
    validate(args)


def test_partial_input_then_full_input(apphost, page_html):
    host = apphost.load(page_html)
    host.wait_initialized()
    host.send_tool_input_partial({"query": "ca"})
    value_is(host, "f:/query", "ca")
    assert field(host, "f:/query").input_value() == "ca"
    host.send_tool_input({"query": "cats", "count": 2, "mode": "fast"})
    host.wait_handled()
    assert field(host, "f:/query").input_value() == "cats"
    assert "Waiting for the result" in host.frame.inner_text("#result")
    assert submit(host, 1)["arguments"] == {"query": "cats", "count": 2, "mode": "fast"}


# --------------------------------------------------------------------------- fill and submit


def test_fill_and_submit_every_field_kind(apphost, page_html):
    host = apphost.load(page_html, on_call_tool=echo)
    host.wait_initialized()
    f = host.frame
    field(host, "f:/query").fill("hello")
    field(host, "f:/notes").fill("line1\nline2")
    field(host, "f:/email").fill("a@b.co")
    field(host, "f:/count").fill("7")
    field(host, "f:/ratio").fill("0.25")
    field(host, "f:/verbose").check()
    f.locator('[data-id="f:/mode"] input[value="2"]').check()
    f.locator('[data-id="f:/tags"] input[value="1"]').check()  # green first, then red: order kept
    f.locator('[data-id="f:/tags"] input[value="0"]').check()
    field(host, "f:/day").fill("2026-02-03")
    field(host, "f:/when").fill("2026-02-03T10:00:00")  # a datetime-local picker: the person's clock
    minutes = f.evaluate("() => -new Date(2026, 1, 3, 10).getTimezoneOffset()")  # sent with its offset
    zone = "Z" if minutes == 0 else f"{'-' if minutes < 0 else '+'}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    field(host, "f:/limit").fill("4")
    field(host, "f:/limit").fill("")  # cleared nullable → null
    field(host, "f:/address/street").fill("Main 1")
    field(host, "f:/address/zip").fill("1234")
    for word in ("x", "y"):
        f.click('[data-id="f:/keywords"] > [data-action=add]')
        f.locator('[data-id="f:/keywords"] li.item .ctl').last.fill(word)
    f.click('[data-id="f:/points"] > [data-action=add]')
    field(host, "f:/points/*/x").fill("1.5")
    field(host, "f:/points/*/y").fill("-2")
    field(host, "f:/pair/0").fill("a")
    field(host, "f:/pair/1").fill("3")
    f.click('[data-id="f:/headers"] > [data-action=add]')
    f.locator('[data-id="f:/headers"] .key').fill("X-Key")
    field(host, "f:/headers/*").fill("v")
    f.locator('[data-id="f:/shape"] select.branch').select_option("0")
    field(host, "f:/shape/radius#0").fill("2")
    field(host, "f:/attachment").set_input_files({"name": "a.txt", "mimeType": "text/plain", "buffer": b"hi"})
    field(host, "f:/extra").fill('{"k": [1, 2]}')
    # the file is read asynchronously: its name and size show when it is
    host.frame.wait_for_function("""() => document.querySelector('[data-id="f:/attachment"]').textContent.includes('a.txt (2 bytes)')""")
    call = submit(host, 1)
    expected = {
        "query": "hello",
        "notes": "line1\nline2",
        "email": "a@b.co",
        "count": 7,
        "ratio": 0.25,
        "verbose": True,
        "mode": "careful",
        "tags": ["green", "red"],
        "day": "2026-02-03",
        "when": "2026-02-03T10:00:00" + zone,
        "limit": None,
        "address": {"street": "Main 1", "zip": "1234"},
        "keywords": ["x", "y"],
        "points": [{"x": 1.5, "y": -2}],
        "pair": ["a", 3],
        "headers": {"X-Key": "v"},
        "shape": {"kind": "circle", "radius": 2},
        "attachment": "aGk=",
        "extra": {"k": [1, 2]},
    }
    meta = call.pop("_meta")  # the page's call asks for progress with a token of its own
    assert list(meta)[:2] == ["progressToken", "compile-ui/app"] and isinstance(meta["progressToken"], int)
    # with question.js read (the host serves modules): the token its upstream's questions are asked under
    assert set(meta) <= {"progressToken", "compile-ui/app", "compile-ui/ask"}
    assert re.fullmatch(r"[0-9a-f]{32}", meta.get("compile-ui/ask", "0" * 32))
    assert meta["compile-ui/app"] is True  # marks the runs the user started from the page
    assert call == {"name": "every_field", "arguments": expected}
    assert isinstance(call["arguments"]["count"], int)
    validate(call["arguments"])
    host.wait_until(lambda: "called every_field" in host.frame.inner_text("#result"))
    raw = json.loads(host.frame.locator("#result details.raw pre").text_content())
    assert raw == echo("every_field", {})  # the raw JSON, one click away, is the whole result
    assert host.frame.locator("#result details.raw summary").inner_text() == "Raw JSON"
    assert host.console_errors == [] and host.csp_violations == []


def test_validation_errors_are_shown_before_calling(apphost, page_html):
    host = apphost.load(page_html)
    host.wait_initialized()
    field(host, "f:/count").fill("2.5")
    field(host, "f:/address/zip").fill("12")  # touching the optional object makes its street required
    host.frame.click("[data-action=submit]")
    host.frame.wait_for_function("""() => document.querySelector('[data-id="f:/query"] > .err').textContent""")
    assert host.calls == []  # the check runs before any call, in the same task
    err = lambda i: host.frame.locator(f'[data-id="{i}"] > .err').inner_text()  # noqa: E731
    assert err("f:/query") == "Required."
    assert err("f:/count") == "Enter a whole number."
    assert err("f:/address/zip") == "Must match the pattern ^[0-9]{4}$"
    assert err("f:/address/street") == "Required."
    assert field(host, "f:/query").get_attribute("aria-invalid") == "true"
    assert host.frame.evaluate("() => document.activeElement.closest('[data-id]').dataset.id") == "f:/query"
    assert "highlighted fields" in host.frame.locator(".actions > .status").inner_text()
    assert host.frame.locator('[data-id="f:/query"] > .err').get_attribute("aria-live") == "polite"
    # fixing the fields sends the call and clears the messages
    field(host, "f:/query").fill("q")
    field(host, "f:/count").fill("2")
    field(host, "f:/address/zip").fill("1234")
    field(host, "f:/address/street").fill("S")
    host.frame.locator('[data-id="f:/mode"] input[value="0"]').check()
    args = submit(host, 1)["arguments"]
    assert args == {"query": "q", "count": 2, "mode": "fast", "address": {"street": "S", "zip": "1234"}}
    assert host.frame.locator(".err:not(:empty)").count() == 0


# --------------------------------------------------------------------------- results


def test_errors_from_the_host_are_shown(apphost, page_html):
    def fail(name, args):
        raise RuntimeError("upstream exploded")

    host = apphost.load(page_html, on_call_tool=fail)
    host.wait_initialized()
    host.send_tool_input({"query": "q", "count": 1, "mode": "fast"})
    submit(host, 1)
    host.wait_until(lambda: "failed" in host.frame.inner_text("#result"))
    assert "upstream exploded" in host.frame.inner_text("#result")
    assert not host.frame.locator("[data-action=submit]").is_disabled()


def test_repeated_empty_and_error_results(apphost, page_html):
    host = apphost.load(page_html)
    host.wait_initialized()
    host.send_tool_result({"content": [{"type": "text", "text": "first answer"}]})
    host.wait_until(lambda: "first answer" in host.frame.inner_text("#result"))
    host.send_tool_result({"content": [{"type": "text", "text": "second answer"}]})
    host.wait_until(lambda: "second answer" in host.frame.inner_text("#result"))
    assert "first answer" not in host.frame.inner_text("#result")
    host.send_tool_result({"content": []})  # empty on re-mount: ignored
    host.wait_handled()
    assert "second answer" in host.frame.inner_text("#result")
    host.send_tool_result({"content": [{"type": "text", "text": "bad input"}], "isError": True})
    host.wait_until(lambda: "bad input" in host.frame.inner_text("#result"))
    # the error is its own alert, titled Error: the status line does not say it again
    assert host.frame.locator("#result .alert-error[role=alert] > strong").inner_text() == "Error"
    assert host.frame.locator("#result > .status").inner_text() == ""


def test_cancellation_is_shown(apphost, page_html):
    host = apphost.load(page_html)
    host.wait_initialized()
    host.send_tool_input({"query": "q", "count": 1, "mode": "fast"})
    host.send_cancelled("user stopped it")
    host.wait_until(lambda: "Cancelled: user stopped it" in host.frame.inner_text("#result"))


# --------------------------------------------------------------------------- theme, size


def background(host) -> str:
    return host.frame.evaluate("() => getComputedStyle(document.body).backgroundColor")


def test_theme_and_style_variables(apphost, page_html):
    host = apphost.load(page_html, host_context={"theme": "light"})
    host.wait_initialized()
    assert background(host) == "rgb(255, 255, 255)"
    host.set_host_context({"theme": "dark"})
    host.wait_until(lambda: background(host) != "rgb(255, 255, 255)")
    assert host.frame.evaluate("() => document.documentElement.dataset.theme") == "dark"
    dark_bg = background(host)
    host.set_host_context({"styles": {"variables": {"--color-background-primary": "rgb(1, 2, 3)", "bad name": "x"}}})
    host.wait_until(lambda: background(host) == "rgb(1, 2, 3)")
    # the styles-only change merged: the theme is still dark
    assert host.frame.evaluate("() => document.documentElement.dataset.theme") == "dark"
    assert dark_bg != "rgb(1, 2, 3)"


def test_dark_theme_from_the_initial_context(apphost, page_html):
    host = apphost.load(page_html, host_context={"theme": "dark"})
    host.wait_initialized()
    host.wait_until(lambda: background(host) == "rgb(30, 31, 34)")
    fg = host.frame.evaluate("() => getComputedStyle(document.querySelector('h1')).color")
    assert fg == "rgb(232, 234, 237)"


def test_size_reports_settle_without_a_loop(apphost, page_html):
    host = apphost.load(page_html, height=400)
    host.wait_initialized()
    host.send_tool_input(FULL_INPUT)
    host.wait_frames(20)
    reports = host.size_reports
    assert 1 <= len(reports) <= 6, reports
    host.wait_frames(30)
    assert host.size_reports == reports  # nothing more without a change
    height = host.frame.evaluate("() => Math.ceil(document.documentElement.getBoundingClientRect().height)")
    assert reports[-1]["height"] == height and reports[-1]["width"] == 640
    assert height > 400  # the real content height, not the iframe's
    # a change in content is reported once more (a result: the form folds into one line, the result shows)
    host.send_tool_result({"content": [{"type": "text", "text": "x\n" * 40}]})
    host.wait_until(lambda: len(host.size_reports) > len(reports))
    host.wait_frames(20)
    after = host.size_reports
    height = host.frame.evaluate("() => Math.ceil(document.documentElement.getBoundingClientRect().height)")
    assert after[-1]["height"] == height != reports[-1]["height"] and len(after) - len(reports) <= 3


def test_no_argument_tool_and_root_level_union(apphost):
    bare = build_page({"name": "ping_me", "inputSchema": {"type": "object"}})
    host = apphost.load(bare)
    host.wait_initialized()
    assert "takes no arguments" in host.frame.inner_text("form")
    assert submit(host, 1)["arguments"] == {}
    union_tool = {
        "name": "either",
        "inputSchema": {
            "oneOf": [
                {"type": "object", "properties": {"a": {"type": "string"}}, "required": ["a"], "additionalProperties": False},
                {"type": "object", "properties": {"b": {"type": "integer"}}, "required": ["b"], "additionalProperties": False},
            ]
        },
    }
    host2 = apphost.load(build_page(union_tool))
    host2.wait_initialized()
    host2.send_tool_input({"b": 5})
    host2.wait_handled()
    assert submit(host2, 1)["arguments"] == {"b": 5}


def test_keyboard_only_use(apphost, page_html):
    host = apphost.load(page_html)
    host.wait_initialized()
    host.frame.focus('[data-id="f:/query"] .ctl')
    host.page.keyboard.type("kb")
    host.page.keyboard.press("Tab")
    host.page.keyboard.press("Tab")
    host.page.keyboard.press("Tab")
    host.page.keyboard.type("5")  # query → notes → email → count
    assert field(host, "f:/count").input_value() == "5"
    host.frame.locator('[data-id="f:/mode"] input[value="0"]').check()
    host.frame.focus('[data-id="f:/query"] .ctl')
    host.page.keyboard.press("Enter")  # Enter submits the form
    assert host.wait_calls(1)[0]["arguments"] == {"query": "kb", "count": 5, "mode": "fast"}


def test_prefill_is_not_shared_between_array_items(apphost, page_html):
    host = apphost.load(page_html)
    host.wait_initialized()
    value = copy.deepcopy(FULL_INPUT)
    value["points"] = [{"x": 1, "y": 2}, {"x": 3, "y": 4}]
    host.send_tool_input(value)
    host.wait_handled()
    ids = host.frame.evaluate("() => Array.from(document.querySelectorAll('[data-id=\"f:/points\"] input')).map(e => e.id)")
    assert len(ids) == 4 and len(set(ids)) == 4
    labels = host.frame.evaluate(
        "() => Array.from(document.querySelectorAll('[data-id=\"f:/points\"] input')).map(e => e.labels[0].textContent)"
    )
    assert labels == ["X*", "Y*", "X*", "Y*"]
    host.frame.locator('[data-id="f:/points"] li.item [data-action=remove]').first.click()
    assert submit(host, 1)["arguments"]["points"] == [{"x": 3, "y": 4}]


def test_laid_out_page(apphost):
    """The pipeline's page (heuristic layout: a slider, an "Advanced" folded section)."""
    host = apphost.load(build_page(EVERY_FIELD))
    host.wait_initialized()
    advanced = host.frame.locator("form details").first
    assert advanced.get_attribute("open") is None
    host.send_tool_input({"query": "q", "count": 4, "mode": "fast", "keywords": ["k"]})
    host.wait_handled()
    assert advanced.get_attribute("open") is not None  # a prefilled value inside: unfolded
    assert submit(host, 1)["arguments"] == {"query": "q", "count": 4, "mode": "fast", "keywords": ["k"]}
    # an error inside a folded section unfolds it and takes the focus
    host.frame.evaluate("() => document.querySelector('form details').open = false")
    field(host, "f:/keywords/*").evaluate("e => { e.value = ''; e.dispatchEvent(new Event('input', {bubbles: true})); }")
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: advanced.get_attribute("open") is not None)
    assert host.frame.evaluate("() => document.activeElement.closest('[data-id]').dataset.id") == "f:/keywords/*"
    assert len(host.calls) == 1


def test_messages_from_other_windows_are_ignored(apphost, page_html):
    host = apphost.load(page_html)
    host.wait_initialized()
    post = """(src) => window.dispatchEvent(new MessageEvent('message', {source: src === 'parent' ? window.parent : window,
        data: {jsonrpc: '2.0', method: 'ui/notifications/tool-result',
               params: {content: [{type: 'text', text: 'from ' + src}]}}}))"""
    host.frame.evaluate(post, "self")
    host.wait_handled()
    assert "from self" not in host.frame.inner_text("body")
    host.frame.evaluate(post, "parent")  # the same message from the embedding host is shown
    host.wait_until(lambda: "from parent" in host.frame.inner_text("#result"))


def test_the_official_example_app_initializes_in_the_harness(apphost):
    """The harness is a faithful host: the official vanilla-JS example app connects to it."""
    from harness.apphost import VANILLA_APP

    host = apphost.load(VANILLA_APP.read_text(), host_context={"theme": "light"})
    assert host.wait_initialized() > 0
    host.wait_until(lambda: host.size_reports)


def test_tabs_sections_and_widgets_of_a_hand_built_tree(apphost):
    from unit.test_render import layout_tree

    host = apphost.load(render_page(layout_tree()))
    host.wait_initialized()
    f = host.frame
    tabs = f.locator("[role=tab]")
    assert f.locator("[role=tabpanel]").nth(1).is_hidden()
    tabs.nth(0).focus()
    host.page.keyboard.press("ArrowRight")  # arrow keys move between tabs
    assert tabs.nth(1).get_attribute("aria-selected") == "true"
    assert f.locator("[role=tabpanel]").nth(0).is_hidden()
    f.locator('[data-id="f:/colors"] select').select_option(["1", "0"])
    host.send_tool_input({"level": 7, "note": "n"})  # the folded section holding a value unfolds
    host.wait_handled()
    assert f.locator("details.section").get_attribute("open") is not None
    assert f.locator('[data-id="f:/level"] output').inner_text() == "7"
    args = submit(host, 1)["arguments"]
    assert args == {"level": 7, "note": "n"}  # the host's input replaced what was chosen
    f.locator('[data-id="f:/colors"] select').select_option(["0"])
    assert submit(host, 2)["arguments"] == {"level": 7, "colors": ["r"], "note": "n"}



def test_an_optional_radio_choice_can_be_cleared(apphost):
    tool = {"name": "pick", "inputSchema": {"type": "object", "properties": {"size": {"enum": ["s", "m", "l"]}}}}
    host = apphost(render_page(compile_tree(tool)))
    host.wait_initialized()
    frame = host.frame
    assert frame.get_by_label("Not set").is_checked()  # nothing chosen yet, and it says so
    frame.get_by_label("m", exact=True).check()
    frame.click("[data-action=submit]")
    host.wait_calls(1)
    frame.wait_for_selector("[data-action=submit]:not([disabled])")
    frame.get_by_label("Not set").check()  # take the choice back
    frame.click("[data-action=submit]")
    host.wait_calls(2)
    assert [c["arguments"] for c in host.calls] == [{"size": "m"}, {}]
    required = {"name": "pick", "inputSchema": {"type": "object", "properties": {"size": {"enum": ["s", "m"]}}, "required": ["size"]}}
    host.reload(render_page(compile_tree(required)))
    host.wait_initialized()
    assert host.frame.get_by_label("Not set").count() == 0  # a required choice cannot be unset


TRI_STATE = {
    "type": "object",
    "properties": {"archived": {"type": ["boolean", "null"]}, "pinned": {"anyOf": [{"type": "boolean"}, {"type": "null"}]}},
    "required": ["pinned"],
}


def test_a_nullable_boolean_is_yes_no_or_not_set(apphost):
    host = apphost(render_page(compile_tree({"name": "flag", "inputSchema": TRI_STATE})))
    host.wait_initialized()
    frame = host.frame
    archived, pinned = frame.locator('[data-id="f:/archived"]'), frame.locator('[data-id="f:/pinned"]')
    for group in (archived, pinned):  # three choices, no null checkbox; "Not set" before anything is chosen
        assert [r.get_attribute("value") for r in group.locator("input").all()] == ["0", "1", "2"]
        assert group.locator("label.choice").all_inner_texts() == ["Yes", "No", "Not set"]
        assert group.locator("label.choice .muted").all_inner_texts() == ["Not set"]  # as an enum's "Not set"
        assert group.get_by_label("Not set").is_checked()

    def run(archived_choice: str | None, pinned_choice: str | None) -> dict:
        if archived_choice:
            archived.get_by_label(archived_choice, exact=True).check()
        if pinned_choice:
            pinned.get_by_label(pinned_choice, exact=True).check()
        frame.wait_for_selector("[data-action=submit]:not([disabled])")
        n = len(host.calls) + 1
        frame.click("[data-action=submit]")
        args = host.wait_calls(n)[n - 1]["arguments"]
        jsonschema.Draft202012Validator(TRI_STATE).validate(args)
        return args

    # untouched: the optional one is left out, the required one is null (its "Not set")
    assert run(None, None) == {"pinned": None}
    assert run("Yes", "No") == {"archived": True, "pinned": False}
    assert run("No", "Yes") == {"archived": False, "pinned": True}
    assert run("Not set", "Not set") == {"archived": None, "pinned": None}
    # what the host sends shows as the same three choices, and goes back unchanged
    host.send_tool_input({"archived": None, "pinned": True})
    host.wait_handled()
    assert archived.get_by_label("Not set").is_checked() and pinned.get_by_label("Yes", exact=True).is_checked()
    assert run(None, None) == {"archived": None, "pinned": True}
    host.send_tool_input({"pinned": False})
    host.wait_handled()
    assert archived.locator("input:checked").count() == 0  # not sent by the host: not set, and left out
    assert run(None, None) == {"pinned": False}
    assert host.console_errors == [] and host.csp_violations == []


SLIDER_TOOL = {"name": "search", "inputSchema": {"type": "object", "properties": {
    "query": {"type": "string"}, "limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}}}}


def test_a_slider_a_hosts_input_leaves_out_keeps_its_default(apphost):
    """Found in AppRenderer: tool input without the slider's field cleared it to its midpoint (26),
    which Run then sent. A slider cannot be empty: cleared, it holds its default."""
    host = apphost.load(build_page(SLIDER_TOOL), on_call_tool=lambda name, args: {"content": [{"type": "text", "text": "ok"}]})
    host.wait_initialized()
    host.send_tool_input({"query": "oslo"})
    slider = host.frame.locator("input[type=range]")
    host.wait_until(lambda: host.frame.locator("input[type=text]").input_value() == "oslo")
    assert slider.input_value() == "10"
    host.frame.click("[data-action=submit]")
    assert host.wait_calls(1)[0]["arguments"] == {"query": "oslo", "limit": 10}
