"""Issue 51 in a real host UI: MCP Inspector's web UI (npm, 2.12.0) opens the proxy's live pages,
in each protocol era, in front of a server whose reading changes (``fixtures/servers/live_server.py``),
driven as a person drives it: connect, Apps tab, a tool, Open App.

The Inspector runs the tool itself when it opens the app and offers ``serverTools``: every later
call of the page (a refresh of the timer, a picker's list, a picked value) goes app → Inspector →
proxy → server, and the server's journal shows it. The app's clock is the test's
(``tests/runtime/test_live_page.py``'s fake clock, put in the app's frame once it is up: the
page's first timer, set when the Inspector's own run arrives, is on the real clock, so the test
turns the timer off and on); nothing waits on a fixed sleep.
"""

from __future__ import annotations

import sys
from types import SimpleNamespace

import pytest

pytest.register_assert_rewrite("inspector")
pytest_plugins = ["harness.inspector"]  # its fixtures: inspector_browser, start_inspector

from harness.inspector import proxy_command  # noqa: E402
from runtime.test_live_page import FAKE_CLOCK, HIDE, SERVER, advance, seen, settled, shown  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.npm]


def open_live_app(ui, tool: str, form: dict | None = None, before=None):
    """Pick ``tool`` in the Apps list; a tool with inputs shows the Inspector's form (filled from
    ``form``, then Open App), one without opens its app at once. The app's frame (as ``.frame``,
    for the live page's helpers) once its result is drawn, its clock the test's; ``before``, the
    app open until then, is gone first (the Inspector tears it down)."""
    ui.pick_tool(tool, form=bool(form))
    if form:
        ui.fill_form(form)
        ui.open_app_button.click()
    if before is not None:
        ui.wait_until(before.frame.is_detached, what="the app open before torn down, its frame gone")
    app = SimpleNamespace(frame=ui.app_frame(15))
    ui.wait_until(lambda: app.frame.locator(".result-body .view").count() > 0, what=f"{tool}'s result drawn")
    app.frame.evaluate(FAKE_CLOCK)
    return app


@pytest.mark.parametrize("era", ["legacy", "modern"])
def test_live_pages_refresh_pause_pick_and_never_write_in_the_inspector(start_inspector, era, tmp_path):
    journal = tmp_path / "calls.jsonl"
    inspector, ui = start_inspector(proxy_command([sys.executable, str(SERVER), "--journal", str(journal)]), era=era)
    ui.connect()
    assert ui.open_apps_tab() >= 1

    # A monitor: the heuristic's timer (its name says stats), every 15 s, through the Inspector.
    app = open_live_app(ui, "system_stats")
    ui.wait_until(lambda: app.frame.locator(".live").count() == 1 and settled(app), what="the live controls")
    assert app.frame.locator(".live select").input_value() == "15"
    calls, first = len(seen(journal, "system_stats")), shown(app, "reading")
    assert calls == 1 and first == 1  # the Inspector's own run
    # The page set its first timer on the real clock: off and on again, a refresh at once, and
    # the timer from then on the test's.
    app.frame.select_option(".live select", "0")
    app.frame.select_option(".live select", "15")
    ui.wait_until(lambda: len(seen(journal, "system_stats")) == 2 and shown(app, "reading") == 2 and settled(app),
                  what="the refresh when the timer is turned on")
    for n in (3, 4):
        advance(app, 15_000)
        ui.wait_until(lambda n=n: len(seen(journal, "system_stats")) == n and shown(app, "reading") == n and settled(app),
                      what=f"refresh {n - 1} drawn")
    assert app.frame.locator(".result-body .changed").count() >= 2
    # hidden: no timer left, nothing called however long; shown again: overdue, it refreshes at once
    app.frame.evaluate(HIDE, "hidden")
    assert app.frame.evaluate("() => window.__timeouts() + window.__intervals()") == 0
    advance(app, 120_000)
    assert len(seen(journal, "system_stats")) == 4
    app.frame.evaluate(HIDE, "visible")
    advance(app, 0)
    ui.wait_until(lambda: len(seen(journal, "system_stats")) == 5 and shown(app, "reading") == 5 and settled(app),
                  what="the refresh after the page is shown again")

    # Another tool: the Inspector tears the monitor's app down, its frame gone (open_live_app
    # waits on it), and its timer with it.
    picker = open_live_app(ui, "region_sales", {"Region Id": "r-north"}, before=app)
    assert shown(picker, "region_id") == "r-north"
    # A picker filled by the server's own list tool, through the Inspector; the pick runs the tool.
    # (The result leads; the form, filled with the Inspector's arguments, opens under Edit.)
    picker.frame.get_by_role("button", name="Edit", exact=True).click()
    picker.frame.click('[data-pick="list_regions"]')
    picker.frame.locator(".pick-list [role=option]").first.wait_for(timeout=10_000)
    assert picker.frame.locator(".pick-list [role=option]").all_inner_texts() == ["r-north North", "r-south South"]
    picker.frame.click('.pick-list [role=option][data-value="r-south"]')
    ui.wait_until(lambda: shown(picker, "region_id") == "r-south" and settled(picker), what="the picked region's sales")
    assert [c["arguments"] for c in seen(journal, "region_sales")] == [{"region_id": "r-north"}, {"region_id": "r-south"}]
    assert len(seen(journal, "list_regions")) == 1

    # A tool that may write: no timer, no Run again, no live inputs, however long the page stays.
    writer = open_live_app(ui, "reset_stats", before=picker)
    assert writer.frame.locator(".live, [data-live-again], input[type=range]").count() == 0
    assert writer.frame.evaluate("() => typeof CU.live") == "undefined"
    advance(writer, 120_000)
    assert len(seen(journal, "reset_stats")) == 1 and len(seen(journal, "system_stats")) == 5
    assert not [t for kind, t in ui.console if kind == "error" and "compile-ui" in t]
