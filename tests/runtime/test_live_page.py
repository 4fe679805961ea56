"""Results that stay live (issue 51), the runtime's side: live.js in headless Chromium under the
official AppBridge, every page the proxy's own (``resources/read``: compiled with the server's
whole list, nothing written by hand), the page's calls going through the proxy to a real MCP
server whose reading changes (``fixtures/servers/live_server.py``), in both protocol eras.

Time in the app is the test's: a fake clock replaces the frame's ``setTimeout``/``setInterval``
and ``Date.now`` once the page is up (live.js reads them at call time), and the test moves it
(``advance``). Nothing waits on a fixed sleep: every wait is on something the page or the server
shows (a call seen, a value drawn, no run line left)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from harness.axe import violations
from proxy.test_proxy_browser import BackgroundSession

pytestmark = pytest.mark.browser

SERVER = ROOT / "fixtures" / "servers" / "live_server.py"
CAPS = {"serverTools": {}, "updateModelContext": {"structuredContent": {}}}

# The frame's clock, the test's: timers fire only when advance(ms) moves it past them.
FAKE_CLOCK = """() => {
  let now = 1e12, seq = 1e9;  // (its timers' ids apart from the real clock's)
  const real = [Date.now, window.setTimeout, window.setInterval, window.clearTimeout, window.clearInterval];
  // the real clock back (axe-core waits on real timers)
  window.__realClock = () => { [Date.now, window.setTimeout, window.setInterval, window.clearTimeout, window.clearInterval] = real; };
  const timers = new Map();
  Date.now = () => now;
  window.setTimeout = (f, ms) => { timers.set(++seq, {f, at: now + (ms || 0), every: 0}); return seq; };
  window.setInterval = (f, ms) => { timers.set(++seq, {f, at: now + ms, every: ms}); return seq; };
  // a timer set before the test's clock came is cleared on the real one
  window.clearTimeout = (id) => { if (!timers.delete(id)) real[3].call(window, id); };
  window.clearInterval = (id) => { if (!timers.delete(id)) real[4].call(window, id); };
  window.__advance = (ms) => {
    const end = now + ms;
    for (;;) {
      let next = null;
      timers.forEach((t, id) => { if (t.at <= end && (!next || t.at < next[1].at)) next = [id, t]; });
      if (!next) break;
      now = next[1].at;
      if (next[1].every) next[1].at += next[1].every; else timers.delete(next[0]);
      next[1].f();
    }
    now = end;
  };
  window.__timeouts = () => Array.from(timers.values()).filter((t) => !t.every).length;
  window.__intervals = () => Array.from(timers.values()).filter((t) => t.every).length;
}"""
HIDE = """(state) => {
  Object.defineProperty(document, "visibilityState", {configurable: true, get: () => state});
  document.dispatchEvent(new Event("visibilitychange"));
}"""


@pytest.fixture(scope="module", params=["legacy", "2026-07-28"])
def server(request, tmp_path_factory):
    journal = tmp_path_factory.mktemp("live") / "calls.jsonl"
    session = BackgroundSession([sys.executable, str(SERVER), "--journal", str(journal)], request.param)
    session.journal = journal
    yield session
    session.close()


def seen(journal: Path, tool: str, at: str = "start") -> list[dict[str, Any]]:
    """The calls of ``tool`` that reached the server (``at``: started, or answered)."""
    lines = journal.read_text().splitlines() if journal.exists() else []
    return [c for c in map(json.loads, lines) if c["tool"] == tool and c["at"] == at]


def proxy_page(server, tool: str) -> str:
    return server.call(lambda s: s.read_resource(f"ui://compile-ui/{tool}")).contents[0].text


def as_json(result: Any) -> dict[str, Any]:
    return result.model_dump(by_alias=True, exclude_none=True, mode="json")


def open_page(apphost, server, tool: str):
    """The proxy's page of ``tool`` in the host, its calls started through the proxy and polled
    (so one slow call does not hold the next), the frame's clock the test's."""
    async def call(session, name: str, args: dict[str, Any]) -> dict[str, Any]:
        return as_json(await session.call_tool(name, args))

    host = apphost.load(proxy_page(server, tool), host_capabilities=CAPS,
                        start_call_tool=lambda name, args, meta: server.start(lambda s: call(s, name, args)))
    host.wait_initialized()
    host.frame.evaluate(FAKE_CLOCK)
    return host


def advance(host, ms: int) -> None:
    host.frame.evaluate("(ms) => window.__advance(ms)", ms)


def shown(host, key: str) -> Any:
    """The value at ``key`` of the result drawn (its raw JSON, under the views: what they show)."""
    raw = host.frame.locator(".result-body .raw pre")
    if not raw.count():
        return None
    return json.loads(raw.text_content()).get("structuredContent", {}).get(key)


def settled(host) -> bool:
    """No run of the page in flight (each run's line is gone when its answer came)."""
    return host.frame.locator(".result .run").count() == 0 and host.frame.locator(".result[aria-busy=true]").count() == 0


def test_the_timer_refreshes_pauses_while_hidden_resumes_and_stops_at_teardown(apphost, server):
    journal = server.journal
    before = len(seen(journal, "system_stats"))
    host = open_page(apphost, server, "system_stats")
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: host.frame.locator(".live").count() == 1, timeout=10)
    # the heuristic turned it on: the name says stats (current state), every 15 s
    assert host.frame.locator(".live select").input_value() == "15"
    first = shown(host, "reading")
    assert len(seen(journal, "system_stats")) == before + 1
    host.frame.click(".result-body details.raw > summary")  # a fold the person opened
    for n in (2, 3):
        advance(host, 15_000)
        host.wait_until(lambda n=n: len(seen(journal, "system_stats")) == before + n and shown(host, "reading") == first + n - 1 and settled(host), timeout=10)
    assert host.frame.locator(".result-body details.raw[open]").count() == 1, "stays open across refreshes, as a tab and a sort do"
    # the values that changed are marked
    assert host.frame.locator(".result-body .changed").count() >= 2
    assert host.frame.locator(".live .muted").inner_text() == "Updated 0 s ago"
    advance(host, 12_000)
    assert host.frame.locator(".live .muted").inner_text() == "Updated 12 s ago"
    # hidden: no timer left, nothing called however long
    host.frame.evaluate(HIDE, "hidden")
    assert host.frame.evaluate("() => window.__timeouts() + window.__intervals()") == 0
    advance(host, 120_000)
    assert len(seen(journal, "system_stats")) == before + 3 and settled(host)
    # shown again: overdue, so it refreshes at once
    host.frame.evaluate(HIDE, "visible")
    advance(host, 0)
    host.wait_until(lambda: len(seen(journal, "system_stats")) == before + 4 and settled(host), timeout=10)
    # the timer's refreshes were not told to the model one by one: only the person's run was
    assert [c["structuredContent"]["tool"] for c in host.contexts] == ["system_stats"]
    # teardown: every timer stopped, nothing more called
    host.teardown()
    assert host.frame.evaluate("() => window.__timeouts() + window.__intervals()") == 0
    advance(host, 120_000)
    assert len(seen(journal, "system_stats")) == before + 4
    assert host.console_errors == [] and host.csp_violations == []


def test_a_person_turns_the_timer_on_and_the_host_cancel_stops_it(apphost, server):
    journal = server.journal
    host = open_page(apphost, server, "list_regions")
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: host.frame.locator(".live").count() == 1, timeout=10)
    assert host.frame.locator(".live select").input_value() == "0"  # not a current state: off
    before = len(seen(journal, "list_regions"))
    advance(host, 120_000)
    assert len(seen(journal, "list_regions")) == before  # off: nothing runs
    host.frame.select_option(".live select", "5")  # on: a refresh at once, then every 5 s
    host.wait_until(lambda: len(seen(journal, "list_regions")) == before + 1 and settled(host), timeout=10)
    advance(host, 5_000)
    host.wait_until(lambda: len(seen(journal, "list_regions")) == before + 2 and settled(host), timeout=10)
    host.send_cancelled("the user closed it")
    host.wait_until(lambda: host.frame.locator(".live select").input_value() == "0")
    assert host.frame.locator(".live .status").inner_text() == "Refresh stopped."
    advance(host, 60_000)
    assert len(seen(journal, "list_regions")) == before + 2
    # Run again: once, by hand
    host.frame.click("[data-live-again]")
    host.wait_until(lambda: len(seen(journal, "list_regions")) == before + 3 and settled(host), timeout=10)
    assert host.console_errors == [] and host.csp_violations == []


def test_refreshes_send_the_shown_results_arguments_never_an_edit_not_sent(apphost, server):
    """The timer and Run again run what the result shown came from: a value the person is typing
    into the form (sent or not is theirs to decide) is not sent, not checked, not focused."""
    journal = server.journal
    host = open_page(apphost, server, "region_sales")
    before = len(seen(journal, "region_sales"))
    control = host.frame.locator('[data-id="f:/region_id"] input.ctl')
    control.fill("r-north")
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: len(seen(journal, "region_sales")) == before + 1 and settled(host) and host.frame.locator(".live").count() == 1, timeout=10)
    control.fill("r-so")  # an edit under way, not sent
    host.frame.select_option(".live select", "5")  # the timer on: a refresh at once
    host.wait_until(lambda: len(seen(journal, "region_sales")) == before + 2 and settled(host), timeout=10)
    control.fill("")  # the required field emptied: the form is invalid now
    control.focus()
    advance(host, 5_000)
    host.wait_until(lambda: len(seen(journal, "region_sales")) == before + 3 and settled(host), timeout=10)
    host.frame.click("[data-live-again]")
    host.wait_until(lambda: len(seen(journal, "region_sales")) == before + 4 and settled(host), timeout=10)
    assert [c["arguments"] for c in seen(journal, "region_sales")[before:]] == [{"region_id": "r-north"}] * 4
    # the edit left as it was: its value, no error shown on it
    assert control.input_value() == ""
    assert control.get_attribute("aria-invalid") is None
    assert host.frame.locator('[data-id="f:/region_id"] .err').inner_text() == ""
    # the person sends the form: that run's arguments are the ones shown, and refreshed, from now on
    control.fill("r-south")
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: len(seen(journal, "region_sales")) == before + 5 and settled(host), timeout=10)
    advance(host, 5_000)
    host.wait_until(lambda: len(seen(journal, "region_sales")) == before + 6 and settled(host), timeout=10)
    assert [c["arguments"] for c in seen(journal, "region_sales")[before + 4:]] == [{"region_id": "r-south"}] * 2
    assert host.console_errors == [] and host.csp_violations == []


def shows_form(host) -> bool:
    return host.frame.evaluate("() => document.getElementById('form').getClientRects().length > 0")


def shown_buttons(host) -> list[str]:
    """The words of the page's buttons a person can see, in order."""
    return host.frame.evaluate("() => Array.from(document.querySelectorAll('button'), (b) => b.getClientRects().length ? b.textContent.trim() : null).filter(Boolean)")


def test_a_tool_that_may_write_gets_no_timer_no_live_inputs_no_module(apphost, server):
    page = proxy_page(server, "reset_stats")
    assert '"type":"Live"' not in page and "data-live-again" not in page
    host = apphost.load(page, host_capabilities=CAPS, on_call_tool=lambda name, args: as_json(server.call(lambda s: s.call_tool(name, args))))
    host.wait_initialized()
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: "Reset" in host.frame.locator(".result-body").inner_text(), timeout=10)
    assert host.frame.locator(".live").count() == 0 and host.frame.locator("select").count() == 0
    assert host.frame.evaluate("() => typeof CU.live") == "undefined"
    assert '"type":"Live"' in proxy_page(server, "system_stats")
    # no inputs, nothing to edit: the form folds to one Run again (a click, never a timer)
    assert not shows_form(host) and shown_buttons(host).count("Run again") == 1, shown_buttons(host)
    calls = len(host.calls)
    host.frame.get_by_role("button", name="Run again").click()
    host.wait_until(lambda: len(host.calls) == calls + 1 and host.calls[-1]["name"] == "reset_stats", timeout=10)


def test_a_tool_without_inputs_run_by_the_person_shows_its_result_and_one_run_again(apphost, server):
    """The person runs a read-only tool with no inputs: the form ("takes no arguments", Run) folds
    away, and the live bar's Run again is the page's one way to run it again."""
    host = open_page(apphost, server, "system_stats")
    assert shows_form(host) and shown_buttons(host) == ["Run"]  # before a result
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: host.frame.locator(".live").count() == 1 and settled(host), timeout=10)
    assert not shows_form(host)
    assert shown_buttons(host).count("Run again") == 1 and "Run" not in shown_buttons(host), shown_buttons(host)
    host.frame.evaluate("() => window.__realClock()")  # (axe-core waits on timers)
    assert violations(host.frame) == [] and host.console_errors == []


def set_slider(host, name: str, value: int) -> None:
    host.frame.evaluate("""([name, value]) => {
      const input = document.querySelector('[data-id="f:/' + name + '"] input');
      input.value = String(value);
      input.dispatchEvent(new Event('input', {bubbles: true}));
    }""", [name, value])


def test_sliders_rerun_once_per_settled_change_and_a_late_answer_is_dropped(apphost, server):
    journal = server.journal
    host = open_page(apphost, server, "scenario")
    # every input bounded: sliders, their value shown, and the tool re-runs as they move
    assert host.frame.locator('[data-id="f:/growth"] input[type=range]').count() == 1
    assert host.frame.locator('[data-id="f:/months"] input[type=range]').count() == 1
    before = len(seen(journal, "scenario"))
    for value in (6, 7, 8, 9, 10):  # a drag: five moves, 100 ms apart
        set_slider(host, "growth", value)
        advance(host, 100)
    assert host.frame.locator('[data-id="f:/growth"] output').inner_text() == "10"
    assert len(seen(journal, "scenario")) == before  # not settled yet
    advance(host, 300)
    host.wait_until(lambda: shown(host, "growth") == 10 and settled(host), timeout=10)
    calls = seen(journal, "scenario")[before:]
    assert [c["arguments"]["growth"] for c in calls] == [10]  # once, with the settled value
    # a late answer: a slow run (growth 9: 0.9 s), then a quick one; the slow one's answer is dropped
    host.frame.check('[data-id="f:/slow"] input')
    set_slider(host, "growth", 9)
    advance(host, 300)
    host.wait_until(lambda: any(c["arguments"]["growth"] == 9 for c in seen(journal, "scenario")), timeout=10)
    set_slider(host, "growth", 0)
    advance(host, 300)
    host.wait_until(lambda: shown(host, "growth") == 0, timeout=10)
    host.wait_until(lambda: any(c["arguments"]["growth"] == 9 for c in seen(journal, "scenario", "end")) and settled(host), timeout=10)
    assert shown(host, "growth") == 0  # the older run answered last, and was not drawn
    # the model heard of these runs, at most one summary in 3 s: the first now, the latest after
    told = [c["structuredContent"]["arguments"]["growth"] for c in host.contexts]
    assert told == [10]
    advance(host, 3_000)
    host.wait_until(lambda: len(host.contexts) == 2)
    assert host.contexts[-1]["structuredContent"]["arguments"]["growth"] == 0
    assert host.console_errors == [] and host.csp_violations == []


def test_a_picker_offers_what_another_read_only_tool_lists(apphost, server):
    journal = server.journal
    host = open_page(apphost, server, "region_sales")
    before = len(seen(journal, "list_regions"))
    host.frame.click('[data-pick="list_regions"]')
    host.frame.locator(".pick-list [role=option]").first.wait_for(timeout=10_000)
    assert host.frame.locator(".pick-list [role=option]").all_inner_texts() == ["r-north North", "r-south South"]
    host.frame.fill(".picker input[type=search]", "sou")
    assert host.frame.locator(".pick-list [role=option]").all_inner_texts() == ["r-south South"]
    host.frame.click(".pick-list [role=option]")
    assert host.frame.locator('[data-id="f:/region_id"] input.ctl').input_value() == "r-south"
    # opened again: the answer kept, the tool not called again
    host.frame.click('[data-pick="list_regions"]')
    host.frame.locator(".pick-list [role=option]").first.wait_for()
    assert host.frame.locator('[data-pick="list_regions"]').get_attribute("aria-expanded") == "true"
    assert len(seen(journal, "list_regions")) == before + 1
    # free typing stays
    host.frame.fill('[data-id="f:/region_id"] input.ctl', "r-west")
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: "r-west" in host.frame.locator(".result-body").inner_text(), timeout=10)
    assert host.console_errors == [] and host.csp_violations == []


def test_a_write_tools_picker_fills_its_input_and_only_the_person_sends_it(apphost, server):
    journal = server.journal
    page = proxy_page(server, "set_region_target")
    assert '"type":"Picker"' in page and '"type":"Live"' not in page
    host = open_page(apphost, server, "set_region_target")
    assert host.frame.evaluate("() => [typeof CU.pick, typeof CU.live]") == ["object", "undefined"]
    before = len(seen(journal, "set_region_target"))
    host.frame.click('[data-pick="list_regions"]')
    host.frame.locator(".pick-list [role=option]").first.wait_for(timeout=10_000)
    host.frame.click('.pick-list [data-value="r-north"]')
    assert host.frame.locator('[data-id="f:/region_id"] input.ctl').input_value() == "r-north"
    host.frame.fill('[data-id="f:/target"] input.ctl', "5000")
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: len(seen(journal, "set_region_target")) > before, timeout=10)
    # the one call is the person's, with the whole form: the pick itself sent nothing
    assert [c["arguments"] for c in seen(journal, "set_region_target")[before:]] == [{"region_id": "r-north", "target": 5000.0}]
    assert host.console_errors == [] and host.csp_violations == []


def test_refreshes_draw_their_own_history_and_the_model_hears_the_persons_runs(apphost, server):
    host = open_page(apphost, server, "system_stats")
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: host.frame.locator(".live").count() == 1 and settled(host), timeout=10)
    cpu = [shown(host, "cpu_percent")]
    assert host.frame.locator(".history figure").count() == 0  # one run: no history yet
    for n in range(2, 6):  # four timer refreshes
        advance(host, 15_000)
        host.wait_until(lambda n=n: host.frame.locator(".history figure").count() >= 1
                        and host.frame.locator(".history figure").first.locator("circle").count() == n and settled(host), timeout=10)
        cpu.append(shown(host, "cpu_percent"))
    # the CPU's curve: five points, each with its exact value in its title (the memory moves
    # under 2 %: plot.js draws no chart of it)
    figure = host.frame.locator(".history figure").filter(has_text="CPU percent")
    assert figure.is_visible() and "CPU percent, the last 5 runs" in figure.inner_text()
    titles = figure.locator("circle title").all_text_contents()
    assert [float(t.rsplit(": ", 1)[1]) for t in titles] == cpu
    # the timer's refreshes were not told to the model: only the person's first run
    assert len(host.contexts) == 1
    # Run again: told at once (3 s since the last), then a second one right after waits its turn,
    # and the model hears the latest
    host.frame.click("[data-live-again]")  # (the clock stands still: two runs in one millisecond)
    host.wait_until(lambda: len(host.contexts) == 2 and settled(host), timeout=10)
    assert host.contexts[-1]["structuredContent"]["result"]["cpu_percent"] == shown(host, "cpu_percent")
    host.frame.click("[data-live-again]")
    host.wait_until(lambda: figure.locator("circle").count() == 7 and settled(host), timeout=10)
    assert len(host.contexts) == 2
    advance(host, 3_000)
    host.wait_until(lambda: len(host.contexts) == 3)
    assert host.contexts[-1]["structuredContent"]["result"]["reading"] == shown(host, "reading")
    host.frame.evaluate("() => window.__realClock()")
    assert violations(host.frame) == []
    assert host.console_errors == [] and host.csp_violations == []


def test_a_picked_value_runs_the_tool_and_is_told_through_the_throttle(apphost, server):
    journal = server.journal
    host = open_page(apphost, server, "region_sales")
    host.frame.fill('[data-id="f:/region_id"] input.ctl', "r-north")
    host.frame.click("[data-action=submit]")
    host.wait_until(lambda: shown(host, "region_id") == "r-north" and settled(host), timeout=10)
    assert len(host.contexts) == 1
    host.frame.click('[data-pick="list_regions"]')
    host.frame.locator(".pick-list [role=option]").first.wait_for(timeout=10_000)
    host.frame.click('.pick-list [role=option][data-value="r-south"]')
    host.wait_until(lambda: shown(host, "region_id") == "r-south" and settled(host), timeout=10)
    assert seen(journal, "region_sales")[-1]["arguments"] == {"region_id": "r-south"}
    # the person's first run was told a moment ago: the pick waits its 3 s, then is told
    assert len(host.contexts) == 1
    advance(host, 3_000)
    host.wait_until(lambda: len(host.contexts) == 2)
    assert host.contexts[-1]["structuredContent"]["arguments"] == {"region_id": "r-south"}
    assert host.console_errors == [] and host.csp_violations == []
