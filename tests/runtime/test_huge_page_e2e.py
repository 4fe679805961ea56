"""A huge schema still gives a usable page: the folded form initializes in the official host, its
JSON fields say why they are JSON, and what is typed there is sent as arguments."""

from __future__ import annotations

import json

import pytest

from compiler.compile.budget import MAX_FIELDS
from compiler.pipeline import build_page
from unit.test_cli_hostile import wide_tool

pytestmark = pytest.mark.browser


def test_a_folded_form_initializes_and_sends_what_its_json_fields_hold(apphost):
    tool = wide_tool(250, 20)  # 5 250 fields before folding
    host = apphost.load(build_page(tool), on_call_tool=lambda name, args: {"content": [{"type": "text", "text": "ok"}]})
    host.wait_initialized()
    frame = host.frame
    folded = frame.locator('[data-id="f:/o249"]')
    frame.locator("details.section > summary").click()  # the heuristic layout puts the rest in Advanced
    folded.wait_for(state="visible")
    assert f"more than {MAX_FIELDS} fields" in folded.inner_text()
    folded.locator("textarea").fill(json.dumps({"q0": "typed"}))
    frame.locator('[data-id="f:/o0/q0"] input').fill("first")
    frame.click("[data-action=submit]")
    (call,) = host.wait_calls(1)
    assert call["arguments"] == {"o0": {"q0": "first"}, "o249": {"q0": "typed"}}
    assert host.console_errors == []


def test_arguments_folded_whole_are_one_json_editor(apphost):
    tool = wide_tool(0, 0, scalars=MAX_FIELDS * 10)
    host = apphost.load(build_page(tool), on_call_tool=lambda name, args: {"content": [{"type": "text", "text": "ok"}]})
    host.wait_initialized()
    host.frame.locator("textarea").fill('{"s1": 5}')
    host.frame.click("[data-action=submit]")
    assert host.wait_calls(1)[0]["arguments"] == {"s1": 5}
