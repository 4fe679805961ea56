"""The proxy's own tools while the upstream is down (issue 52): the upstream SIGKILLed, and slow
to come back (its next run waits before it serves); over stdio and ``--serve http``, with hosts
of both eras (the ``mcp`` 2.x ``Client``, ``legacy`` and pinned 2026-07-28) in front of the
dual-era fixture. ``_ui_status`` answers within a second all along and says what happened: the
signal, the tail of the run's stderr (a password in it left out, as the logs leave it out), the
attempt and when the next one comes; ``_ui_list`` answers too, and ``_ui_refresh_tools``, the one
tool that needs the upstream, says at once why it cannot."""

from __future__ import annotations

import os
import signal
import sys
import textwrap
import time
from pathlib import Path

import pytest

from harness.asyncutil import eventually, run_async, wait_until
from proxy.test_proxy_eras import FIXTURE, HttpProxy, host, stdio_proxy

PASSWORD = "s3cr3t-pw-52"
SLOW_S = 8.0
"""How long the upstream's second run waits before it serves (longer than the test looks)."""
ANSWER_S = 1.0

FLAKY = textwrap.dedent("""\
    import os, sys, time
    runs, slow, fixture = sys.argv[1], float(sys.argv[2]), sys.argv[3:]
    n = len(os.listdir(runs)) + 1
    with open(os.path.join(runs, f"run{n}"), "w") as f:
        f.write(str(os.getpid()))
    print(f"flaky upstream: run {n} starting", file=sys.stderr, flush=True)
    print("flaky upstream: connecting to postgresql://app:{password}@db.internal/app", file=sys.stderr, flush=True)
    if n > 1:
        time.sleep(slow)  # slow to come back
    os.execv(fixture[0], fixture)
""").replace("{password}", PASSWORD)


def flaky(tmp_path: Path) -> tuple[list[str], Path]:
    """The upstream command (the fixture behind a wrapper that notes each run's pid, writes two
    lines to stderr and, after the first run, waits ``SLOW_S``), and the directory of its runs."""
    script, runs = tmp_path / "flaky.py", tmp_path / "runs"
    script.write_text(FLAKY)
    runs.mkdir()
    return [sys.executable, str(script), str(runs), str(SLOW_S), *FIXTURE], runs


async def timed(client, name: str) -> tuple[float, object]:
    started = time.monotonic()
    result = await client.call_tool(name, {})
    return time.monotonic() - started, result


async def while_down(client, runs: Path) -> dict:
    """Kill the first run; then ask ``_ui_status`` until it shows the backoff, and the next run
    started but not serving; each answer timed."""
    await client.call_tool("echo", {"message": "up"})
    first = int((runs / "run1").read_text())
    os.kill(first, signal.SIGKILL)
    seen: list[dict] = []
    took: list[float] = []

    async def status() -> dict:
        spent, result = await timed(client, "_ui_status")
        took.append(spent)
        seen.append(result.structured_content)
        return result.structured_content

    waiting = await eventually(status, lambda s: (s.get("lastExit") or {}).get("signal") == "SIGKILL"
                               and s["nextAttemptInSeconds"] is not None, 10)
    starting = await eventually(status, lambda s: s["upstreamState"] == "running" and s["upstreamAttempt"] == 2
                                and (runs / "run2").exists(), 10)
    listed_took, listed = await timed(client, "_ui_list")
    refresh_took, refresh = await timed(client, "_ui_refresh_tools")
    return {"waiting": waiting, "starting": starting, "took": took, "listed": (listed_took, listed),
            "refresh": (refresh_took, refresh)}


def check(seen: dict) -> None:
    waiting, starting = seen["waiting"], seen["starting"]
    assert max(seen["took"]) < ANSWER_S, seen["took"]
    exit_ = waiting["lastExit"]
    assert exit_["cause"] == "ended by SIGKILL" and exit_["status"] is None, exit_
    assert "flaky upstream: run 1 starting" in exit_["stderrTail"], exit_["stderrTail"]
    tail = "\n".join(exit_["stderrTail"])
    assert "postgresql://app:***@db.internal/app" in tail and PASSWORD not in tail, tail
    assert waiting["upstreamState"] == "restarting" and waiting["upstreamSession"] == "not open"
    assert waiting["upstreamAttempt"] == 2 and 0 <= waiting["nextAttemptInSeconds"] <= 1.0 and waiting["nextAttemptAt"]
    assert starting["upstreamSession"] == "not open" and starting["nextAttemptAt"] is None
    assert starting["lastExit"]["cause"] == "ended by SIGKILL"
    listed_took, listed = seen["listed"]
    assert listed_took < ANSWER_S and not listed.is_error and "echo" in {t["name"] for t in listed.structured_content["tools"]}
    refresh_took, refresh = seen["refresh"]
    text = refresh.content[0].text
    assert refresh_took < ANSWER_S and refresh.is_error and "attempt 2" in text and "ended by SIGKILL" in text, text


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_over_stdio_the_status_says_what_happened_while_the_upstream_is_down(mode, tmp_path):
    command, runs = flaky(tmp_path)

    async def scenario():
        async with host(stdio_proxy(command), mode) as client:
            return await while_down(client, runs)

    check(run_async(scenario()))


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_over_http_the_status_says_what_happened_while_the_upstream_is_down(mode, tmp_path):
    command, runs = flaky(tmp_path)
    proxy = HttpProxy(command)
    try:
        async def scenario():
            async with host(proxy.url, mode) as client:
                return await while_down(client, runs)

        seen = run_async(scenario())
    finally:
        logged = proxy.close()
    check(seen)
    assert "flaky upstream: run 1 starting" in logged  # its stderr still reaches the proxy's own
    assert wait_until(lambda: not (runs / "run3").exists(), 1)
