"""A replica whose PostgreSQL hangs: how long its forwarded calls, a cached page read, ``/healthz``
and the store write waiting on the hung store take.

    .venv/bin/python bench/bench_store_hang.py [--frozen S]

One ``compile-ui proxy --serve http --store postgresql://…`` replica over Debian's PostgreSQL
(``tests/harness/cluster.py``). The server is SIGSTOPped — the postmaster and every process it forked:
alive, sockets open, the kernel acknowledging, nothing answering (a lock, a failover, a stuck
disk) — while a ``_ui_refine`` write waits on it; then five forwarded ``tools/call echo``, a
cached ``resources/read``, and ``GET /healthz`` are timed on that replica (each given up after
25 s), the server is SIGCONTed after ``S`` seconds frozen, and the write's answer and the time
until ``/healthz`` says 200 again are printed. Exits with one line naming what to install when
PostgreSQL is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from collections.abc import Awaitable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

MODERN = "2026-07-28"
GIVE_UP_S = 25.0


async def _timed(what: str, action: Awaitable[Any]) -> None:
    started = time.monotonic()
    try:
        await asyncio.wait_for(action, GIVE_UP_S)
        print(f"  {what:<22} {time.monotonic() - started:7.3f} s")
    except Exception as error:  # noqa: BLE001 - reported: this is what is measured
        print(f"  {what:<22} {time.monotonic() - started:7.3f} s  FAILED ({type(error).__name__})")


async def _scenario(postgres: Any, replica: Any, frozen_s: float) -> None:
    from mcp.client.client import Client
    from mcp.client.extension import advertise
    from mcp_types import TextContent

    ui = [advertise("io.modelcontextprotocol/ui", {"mimeTypes": ["text/html;profile=mcp-app"]})]
    url = replica.url

    async def refine() -> tuple[float, str]:
        async with Client(url, mode=MODERN, extensions=ui) as r:
            started = time.monotonic()
            result = await r.call_tool("_ui_refine", {"toolName": "echo", "layout": {"title": "While frozen"}})
            said = result.content[0]
            assert isinstance(said, TextContent), said
            return time.monotonic() - started, said.text

    async with Client(url, mode=MODERN, extensions=ui) as c:
        await c.call_tool("echo", {"message": "warm"})
        await c.read_resource("ui://compile-ui/add")  # made and cached before the store hangs
        postgres.freeze()
        frozen_at = time.monotonic()
        try:
            refining = asyncio.ensure_future(refine())
            await asyncio.sleep(0.5)
            print(f"PostgreSQL frozen; a _ui_refine write waiting on it: {'waiting' if not refining.done() else 'done'}")
            for i in range(5):
                await _timed(f"forwarded call {i + 1}", c.call_tool("echo", {"message": f"m{i}"}))
            await _timed("cached page read", c.read_resource("ui://compile-ui/add"))
            await _timed("GET /healthz", asyncio.to_thread(replica.health))
            print(f"  /healthz says: {replica.health()}")
            await asyncio.sleep(max(0.0, frozen_s - (time.monotonic() - frozen_at)))
        finally:
            postgres.thaw()
        thawed_at = time.monotonic()
        took, text = await asyncio.wait_for(refining, 300)
        print(f"SIGCONT after {thawed_at - frozen_at:.1f} s frozen; the _ui_refine answered {took:.2f} s after it "
              f"was sent: {text[:90]}")
        while replica.health()[0] != 200:
            await asyncio.sleep(0.05)
        print(f"/healthz 200 again {time.monotonic() - thawed_at:.2f} s after SIGCONT")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frozen", type=float, default=8.0, help="seconds PostgreSQL stays frozen at least (default 8)")
    args = parser.parse_args()
    from harness.cluster import Postgres, Replica, missing

    why = missing()
    if why is not None:
        raise SystemExit(f"bench_store_hang: {why}")
    postgres = Postgres()
    replica = None
    try:
        replica = Replica(postgres.database("hang"))
        asyncio.run(_scenario(postgres, replica, args.frozen))
    finally:
        if replica is not None:
            replica.close()
        postgres.close()


if __name__ == "__main__":
    main()
