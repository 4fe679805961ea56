"""MCP Inspector 2.12's web UI as the person's host, in both eras, in front of a handshake-era
upstream that asks mid-call (``fixtures/servers/handshake_asker.py`` on ``mcp`` 1.30).

"Open App" on ``write_file`` calls the tool; the upstream asks "Overwrite notes.txt?". In the
handshake era the Inspector gets the upstream's ``elicitation/create`` itself; in 2026-07-28 it
gets the proxy's ``input_required`` round (its dialog says so) and retries with the answer. Either
way the person answers in the Inspector's "Elicitation Request" dialog and the call completes
with that answer (read off the Inspector ↔ proxy traffic).
"""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from harness import sdk1
from harness.asyncutil import wait_until
from harness.inspector import answer_to, proxy_command

pytest_plugins = ["harness.inspector"]
ASKER = str(ROOT / "fixtures" / "servers" / "handshake_asker.py")


@pytest.mark.parametrize(("era", "button", "expected"), [("modern", "Submit", 'accept {"overwrite":true}'), ("legacy", "Decline", "decline")])
def test_the_inspector_shows_the_upstreams_question_and_the_call_completes_with_the_answer(start_inspector, era, button, expected):
    inspector, ui = start_inspector(proxy_command([sdk1.python(), ASKER]), era=era)
    ui.connect(timeout=60)
    assert ui.protocol_version() == ("2026-07-28" if era == "modern" else "2025-11-25")
    ui.open_apps_tab()
    ui.pick_tool("write_file")
    ui.fill("Path", "notes.txt")
    ui.open_app_button.click()
    dialog = ui.page.get_by_role("dialog", name="Elicitation Request")
    dialog.wait_for(timeout=60_000)
    assert "Overwrite notes.txt?" in dialog.inner_text()
    assert bool(re.search(r"input_required", dialog.inner_text(), re.I)) is (era == "modern"), dialog.inner_text()
    if button == "Submit":
        dialog.get_by_role("checkbox", name="Overwrite").check()
    dialog.get_by_role("button", name=button, exact=True).click()

    def answered():
        result = answer_to(inspector.traffic(), "tools/call", "write_file")
        return result if isinstance(result, dict) and result.get("resultType") != "input_required" else None

    assert wait_until(answered, 60), inspector.describe()
    result = answered()
    assert result["content"][0]["text"] == expected, result
