"""Run a coroutine to completion from a synchronous test, even inside Playwright's event loop.

The session-scoped Playwright (sync API) keeps an event loop running in the main thread, so
``asyncio.run`` fails in any test that runs after the first browser test. ``run_async`` runs the
coroutine on a fresh loop in a worker thread and returns its result (or raises its exception).
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Coroutine
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
