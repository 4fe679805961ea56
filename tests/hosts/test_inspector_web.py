"""Issue 25: MCP Inspector's web UI (npm, 2.12.0) lists the tools and opens their apps through
``compile-ui proxy`` in each of its protocol eras — ``--protocol-era legacy``, ``auto`` and
``modern`` — driven as a person drives it: connect, Apps tab, a tool, its input form, Open App.

The app must initialize (``ui/notifications/initialized``) and show the real answer: the
upstream's own ``tools/call`` result, read off a tap between the proxy and the upstream.

In the 2026-07-28 era the Inspector opens a ``subscriptions/listen`` stream and lists nothing until
that stream is acknowledged under its own request id. The pre-router proxy (020e60d) acknowledged
it as ``"io.modelcontextprotocol/subscriptionId": "compile-ui:3"`` (its internal id): the card said
Connected, the Messages panel showed ``subscriptions/listen`` pending forever, and no tool and no
Apps tab appeared; in front of the handshake-only server-everything it forwarded the listen
upstream and answered -32601. ``check_listen_acknowledged`` names either failure directly. The
router (2c8ae07) serves listen streams under the host's own id: all six cases pass since.
"""

from __future__ import annotations

import pytest

pytest.register_assert_rewrite("inspector")
pytest_plugins = ["harness.inspector"]  # its fixtures: inspector_browser, start_inspector

# imported after register_assert_rewrite, so that its asserts are rewritten
from harness.inspector import DEMO, EVERYTHING, answer_to, listen_answers, proxy_command, read_tap  # noqa: E402

pytestmark = [pytest.mark.browser, pytest.mark.npm]

NEGOTIATED = {"legacy": "2025-11-25", "auto": "2026-07-28", "modern": "2026-07-28"}
"""What the Inspector's server card shows. ``auto`` probes ``server/discover``; the proxy answers it
for either upstream (it serves the 2026-07-28 era itself in front of a handshake-only one)."""


def check_listen_acknowledged(inspector, ui, era: str) -> None:
    """A 2026-07-28 host's ``subscriptions/listen`` comes back acknowledged under its own id."""
    if era == "legacy":
        assert not listen_answers(inspector.traffic()), "a handshake-era host opened a listen stream"
        return

    def answered():
        answers = listen_answers(inspector.traffic())
        return answers if answers and all(a["acknowledged_as"] or a["error"] for a in answers) else None

    answers = ui.wait_until(answered, what="an answer to the Inspector's subscriptions/listen")
    for answer in answers:
        assert answer["error"] is None, (
            f"the Inspector's subscriptions/listen (id {answer['id']!r}) was refused: {answer['error']}\n"
            f"{inspector.describe()}"
        )
        assert answer["acknowledged_as"] == answer["id"], (
            f"the proxy acknowledged the Inspector's subscriptions/listen (id {answer['id']!r}) with "
            f"subscriptionId {answer['acknowledged_as']!r}, not the host's own id: the Inspector waits for "
            f"its own id and never lists the tools\n{inspector.describe()}"
        )


def open_app(start_inspector, upstream, era, tmp_path, tool, form, title=None):
    """Start the Inspector on the proxy in front of ``upstream``; connect; list; pick ``tool`` (its
    list item shows ``title`` when the tool has one); fill ``form``; Open App; wait for the app's
    handshake and the host's tool-result.
    Returns (ui, app frame, the tool-result the host sent, the upstream's own answer)."""
    upstream_tap = tmp_path / "upstream.jsonl"
    inspector, ui = start_inspector(proxy_command(upstream, tap_to=upstream_tap), era=era)
    ui.connect()
    check_listen_acknowledged(inspector, ui, era)
    # The version is read on the Servers tab, where the card is: once the Apps tab is open, the
    # card may be unmounted (seen 1 run in 3 before this order).
    assert ui.protocol_version() == NEGOTIATED[era]
    assert ui.open_apps_tab() >= 1
    ui.pick_tool(title or tool)
    ui.fill_form(form)
    app = ui.open_app()
    ui.wait_app_message("ui/notifications/initialized", "app→host")
    delivered = ui.wait_app_message("ui/notifications/tool-result", "host→app")
    answer = ui.wait_until(
        lambda: answer_to(read_tap(upstream_tap), "tools/call", tool),
        what=f"the upstream's answer to tools/call {tool}",
    )
    return ui, app, delivered, answer


@pytest.mark.parametrize("era", ["legacy", "auto", "modern"])
def test_demo_forecast_opens_in_the_inspector(start_inspector, era, tmp_path):
    ui, app, delivered, answer = open_app(
        start_inspector, DEMO, era, tmp_path, "forecast", {"City": "Oslo", "Days": 3}
    )
    # The host handed the app the upstream's own answer, and the app shows it.
    days = answer["structuredContent"]["days"]
    assert answer["structuredContent"]["city"] == "Oslo" and len(days) == 3
    assert delivered["structuredContent"] == answer["structuredContent"]
    rows = ui.app_locator.get_by_role("row")
    ui.wait_until(lambda: rows.count() == 1 + len(days), what="the forecast table's rows")
    shown = [r.split("\t") for r in rows.all_inner_texts()[1:]]
    # (each column's numbers with the decimals the column needs: "0.0" beside "2.5", issue 49)
    expected = [[d["high"], d["low"], d["precipitation"], d["sky"]] for d in days]
    read = [[float(r[1]), float(r[2]), float(r[3]), r[4]] for r in shown]
    assert read == expected, f"the app's table {shown} is not the upstream's answer {days}"
    assert "Oslo" in app.inner_text("body")
    ui.screenshot(tmp_path / f"inspector-forecast-{era}.png")


@pytest.mark.parametrize("era", ["legacy", "auto", "modern"])
def test_everything_echo_opens_in_the_inspector(start_inspector, era, tmp_path):
    """npm server-everything speaks the handshake era only; the proxy serves the Inspector's era."""
    message = f"hello from the Inspector, {era}"
    ui, app, delivered, answer = open_app(
        start_inspector, EVERYTHING, era, tmp_path, "echo", {"message": message}, title="Echo Tool"
    )
    assert answer["content"] == [{"type": "text", "text": f"Echo: {message}"}]
    assert delivered["content"] == answer["content"]
    ui.wait_until(lambda: f"Echo: {message}" in app.inner_text("body"), what="the echo in the app")
    ui.screenshot(tmp_path / f"inspector-echo-{era}.png")

