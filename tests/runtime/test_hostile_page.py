"""Hostile text is inert: classic XSS vectors in every place tool metadata, arguments and results
reach the page never execute; they appear as text and nothing else."""

from __future__ import annotations

import re
import zlib

import pytest

from compiler.pipeline import build_page

pytestmark = pytest.mark.browser

MARK = "PWNED"
VECTORS = [
    f"<script>console.log('{MARK}')</script>",
    f"</script><script>console.log('{MARK}')</script>",
    f"\"><img src=x onerror=console.log('{MARK}')>",
    f"<svg onload=console.log('{MARK}')>",
    f"javascript:console.log('{MARK}')",
    f"<iframe srcdoc=\"<script>console.log('{MARK}')</script>\"></iframe>",
    f"<a href=\"javascript:console.log('{MARK}')\">click</a>",
    f"<meta http-equiv=\"refresh\" content=\"0;url=javascript:console.log('{MARK}')\">",
    "<style>@import 'http://127.0.0.1:9/x.css'; *{display:none}</style>",
    f"{{{{constructor.constructor('console.log(\"{MARK}\")')()}}}}",
    f"<!--<script>console.log('{MARK}')</script>-->",
    f"\u2028</script>\u2029<script>console.log('{MARK}')</script>",
    f"<img src=\"data:image/svg+xml,<svg onload=console.log('{MARK}')>\">",
]


def hostile_tool(v: str) -> dict:
    return {
        "name": "x" + str(zlib.crc32(v.encode()) % 1000),
        "title": v,
        "description": v,
        "inputSchema": {
            "type": "object",
            "properties": {
                v: {"type": "string", "title": v, "description": v, "default": v, "examples": [v]},
                "choice": {"oneOf": [{"const": v, "title": v}, {"const": "b", "title": "B " + v}]},
                "level": {"enum": [v, "plain"], "default": v},
                "list": {"type": "array", "items": {"type": "string", "title": v}},
            },
        },
    }


def hostile_result(v: str) -> dict:
    return {
        "content": [
            {"type": "text", "text": v},
            {"type": "resource_link", "uri": v, "name": v},
            {"type": "image", "data": v, "mimeType": v},
            {"type": "resource", "resource": {"uri": v, "text": v, "mimeType": v}},
        ],
        "structuredContent": {v: v, "list": [v]},
    }


ACTIVE = "script, img:not([src^='data:image/']), iframe, svg, a[href], object, embed, meta[http-equiv=refresh], link, base, frame, audio, video"


@pytest.mark.parametrize("vector", VECTORS)
def test_hostile_text_never_executes(apphost, vector):
    html = build_page(hostile_tool(vector))
    host = apphost.load(html, on_call_tool=lambda name, args: hostile_result(vector))
    host.wait_initialized()
    f = host.frame
    assert f.inner_text("h1") == vector.strip()
    host.send_tool_input({vector: vector, "level": vector, "list": [vector, vector]})
    host.send_tool_result(hostile_result(vector))
    host.wait_until(lambda: "Raw JSON" in f.inner_text("#result"))
    f.click(".args button")  # the host's result folded the form into its arguments' line: Edit opens it
    f.click("[data-action=submit]")
    args = host.wait_calls(1)[0]["arguments"]
    assert args[vector] == vector and args["list"] == [vector, vector]
    # the call's result is shown (busy ends, then the view renders in the same task) ...
    f.wait_for_function("() => document.getElementById('result').getAttribute('aria-busy') === 'false'")
    f.click("#result details.raw summary")
    f.wait_for_selector("#result details.raw[open]")  # ... and its raw JSON is open: now look
    # Nothing but text: the only active elements are the page's own <script>s.
    active = f.evaluate(f"() => Array.from(document.querySelectorAll({ACTIVE!r})).map(e => e.outerHTML.slice(0, 80))")
    assert [a for a in active if not a.startswith("<script")] == []
    # result images are content, but only well-formed base64 data: URLs of an image type
    images = f.evaluate("() => Array.from(document.images).map(i => i.getAttribute('src'))")
    assert all(re.fullmatch(r"data:image/[\w.+-]+;base64,[A-Za-z0-9+/=]*", src or "") for src in images), images
    # the page's own: the inline runtime and its tree (JSON), the runtime the exact bytes served
    scripts = f.evaluate("() => Array.from(document.scripts).map(s => [s.id, s.type, s.textContent])")
    assert [(i, t) for i, t, _ in scripts if t] == [("ui-tree", "application/json")]
    code = [text for _, t, text in scripts if not t]
    inline = re.search(r"<script data-csp=\"[^\"]*\">(.*?)</script>", html, re.S)
    assert inline and code == [inline.group(1)]
    texts = f.evaluate("() => document.body.innerText")
    assert vector.strip().split("\n")[0][:20] in texts
    assert not any(MARK in text and not text.startswith("CSP-VIOLATION") for _, text in host.console), host.console
    assert not any("Ignored call to 'alert()'" in text for _, text in host.console)
    # CSP: nothing tried to load or run (every violation would also have been blocked)
    assert host.csp_violations == []
    assert host.page_errors == []


def test_the_harness_would_see_an_execution_and_a_violation(apphost):
    """The checks above can fail: a page that does run a payload and breaks its CSP is caught."""
    bad = (
        "<!doctype html><meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; script-src 'unsafe-inline'\">"
        f"<script>console.log('{MARK}')</script><img src='http://127.0.0.1:9/x.png'>"
    )
    host = apphost.load(bad)
    host.wait_until(lambda: host.csp_violations and any(text == MARK for _, text in host.console))
    assert host.frame.evaluate("() => document.querySelectorAll('img').length") == 1
