"""Forms that read well (issue 51 item 6), in a tools-only host (AppBridge) and a real Chromium:
a description's inline markdown drawn as elements, its link opened by the host, hostile marks
left as text, and a date-time picker that sends the string format date-time asks for."""

from __future__ import annotations

import pytest

from compiler.pipeline import build_page
from harness.axe import violations

pytestmark = pytest.mark.browser

OPEN = {"openLinks": {}, "serverTools": {}, "logging": {}}
EVENTS = {
    "name": "create_event",
    "description": "Creates an event. Set `wholeDay` when it **must** span the day; see [the guide](https://example.org/guide?x=1).",
    "inputSchema": {
        "type": "object",
        "properties": {
            "title": {"type": "string", "description": "A *short* title. <script>alert(1)</script> [x](javascript:alert(1))"},
            "start": {"type": "string", "description": "Start datetime (ISO 8601)"},
            "day": {"type": "string", "description": "The day, YYYY-MM-DD"},
        },
        "required": ["title", "start"],
    },
}


def events(apphost, caps=OPEN):
    host = apphost(build_page(EVENTS), host_capabilities=caps, on_call_tool=lambda name, args: {"content": [{"type": "text", "text": "ok"}]})
    host.wait_initialized()
    return host


def test_a_descriptions_marks_render_and_its_link_opens_through_the_host(apphost):
    host = events(apphost)
    frame = host.frame
    head = frame.locator(".app-head .desc")
    assert head.locator("code").inner_text() == "wholeDay" and head.locator("strong").inner_text() == "must"
    assert frame.locator(".field-text .help em").inner_text() == "short"
    # hostile marks stay text: no script element, no javascript: link
    help_text = frame.locator(".field-text .help").inner_text()
    assert "<script>alert(1)</script>" in help_text and "[x](javascript:alert(1))" in help_text
    assert frame.locator("#app script").count() == 0 and frame.locator("a[href^=javascript]").count() == 0
    before = frame.url
    frame.get_by_role("link", name="the guide").click()
    host.wait_until(lambda: host.links)
    assert host.links == ["https://example.org/guide?x=1"] and frame.url == before
    assert violations(frame) == []
    assert host.console_errors == [] and host.csp_violations == []


def test_without_open_links_the_address_is_text(apphost):
    host = events(apphost, {"serverTools": {}, "logging": {}})
    host.wait_handled()
    frame = host.frame
    host.wait_until(lambda: frame.locator("a.ext").count() == 0)
    assert "the guide (https://example.org/guide?x=1)" in frame.locator(".app-head .desc").inner_text()


def test_date_pickers_send_the_schemas_strings(apphost):
    host = events(apphost)
    frame = host.frame
    start, day = frame.get_by_label("Start"), frame.get_by_label("Day")
    assert start.get_attribute("type") == "datetime-local" and day.get_attribute("type") == "date"
    frame.get_by_label("Title").fill("Standup")
    start.fill("2026-01-31T09:30:15")
    day.fill("2026-02-01")
    minutes = frame.evaluate("() => -new Date(2026, 0, 31, 9, 30, 15).getTimezoneOffset()")
    zone = "Z" if minutes == 0 else f"{'-' if minutes < 0 else '+'}{abs(minutes) // 60:02d}:{abs(minutes) % 60:02d}"
    frame.locator("[data-action=submit]").click()
    (call,) = host.wait_calls(1)
    assert call["arguments"] == {"title": "Standup", "start": "2026-01-31T09:30:15" + zone, "day": "2026-02-01"}
    assert violations(frame) == []
    assert host.console_errors == [] and host.csp_violations == []
