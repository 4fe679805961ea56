"""Run a coroutine to completion from a synchronous test, even inside Playwright's event loop;
and wait for conditions that send no event (``wait_until``, ``eventually``), never for a fixed time.

The session-scoped Playwright (sync API) keeps an event loop running in the main thread, so
``asyncio.run`` fails in any test that runs after the first browser test. ``run_async`` runs the
coroutine on a fresh loop in a worker thread and returns its result (or raises its exception).
"""

from __future__ import annotations

import asyncio
import inspect
import os
import signal
import socket
import subprocess
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(coroutine: Coroutine[Any, Any, T]) -> T:
    outcome: dict[str, Any] = {}

    def target() -> None:
        try:
            outcome["value"] = asyncio.run(coroutine)
        except BaseException as error:  # re-raised in the caller's thread
            outcome["error"] = error

    thread = threading.Thread(target=target, name="run_async")
    thread.start()
    thread.join()
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]


POLL_S = 0.05
"""How often a condition with no event of its own is looked at again."""


def wait_until(condition: Callable[[], Any], timeout: float = 30.0) -> Any:
    """The condition's first true value, looked at every ``POLL_S`` until ``timeout`` (then its
    last value: the caller's assertion says what was missing). For what tells no one it happened
    (a port opening, a process ending that is not our child, a file appearing); anything that
    sends a message is waited for by reading it."""
    deadline = time.monotonic() + timeout
    while not (value := condition()) and time.monotonic() < deadline:
        time.sleep(POLL_S)  # the suite's one polling interval (with eventually's)
    return value


async def eventually(probe: Callable[[], Awaitable[T] | T], accept: Callable[[T], bool], timeout: float = 30.0) -> T:
    """``probe()`` (awaited when it is a coroutine) again every ``POLL_S`` until ``accept`` takes
    its value or ``timeout`` passes (then its last value): for a state a peer only shows when asked
    (a restarted upstream, pages made in the background), or that another task records."""
    deadline = time.monotonic() + timeout
    while True:
        value = probe()
        if inspect.isawaitable(value):
            value = await value
        if accept(value) or time.monotonic() >= deadline:
            return value  # type: ignore[return-value]
        await asyncio.sleep(POLL_S)


def port_open(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def end_group(proc: subprocess.Popen[Any], grace: float) -> None:
    """End a process we started in a session of its own, and its group: SIGTERM, then after
    ``grace`` seconds SIGKILL (by its process group, never by name)."""
    try:
        os.killpg(proc.pid, signal.SIGTERM)
    except ProcessLookupError:
        pass  # already gone: reaped below
    try:
        proc.wait(grace)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)
