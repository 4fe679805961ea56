"""What an input round costs: one question mid-call, asked straight or through the proxy.

    python bench/bench_rounds.py [--calls N]

The upstream is ``fixtures/servers/handshake_asker.py`` on ``mcp`` 1.30 (handshake era only;
``tests/harness/sdk1.py`` builds its venv once), its ``write_file`` tool asking "Overwrite PATH?" with a
form elicitation; the host is the official Python client (``mcp`` 2.x) whose handler accepts at
once. Timed per call, interleaved (one call of each path per round): straight to the upstream in
the handshake era, through ``compile-ui proxy`` in the handshake era (the upstream's request
forwarded), and through the proxy in 2026-07-28 (an ``input_required`` round and the retry).
Also the baseline ``echo`` (no question) through the proxy in 2026-07-28.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from contextlib import AsyncExitStack
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from mcp.client.client import Client  # noqa: E402
from mcp.client.stdio import StdioServerParameters  # noqa: E402
from mcp_types import ElicitResult, TextContent  # noqa: E402

from harness import sdk1  # noqa: E402

ASKER = str(ROOT / "fixtures" / "servers" / "handshake_asker.py")


async def accept(context, params):  # type: ignore[no-untyped-def]
    return ElicitResult(action="accept", content={"overwrite": True})


async def main(calls: int) -> None:
    upstream = [sdk1.python(), ASKER]
    proxy = StdioServerParameters(command=sys.executable, args=["-m", "compiler", "proxy", "--no-cache", "--", *upstream], cwd=str(ROOT))
    straight = StdioServerParameters(command=upstream[0], args=upstream[1:])
    paths = {"straight, handshake": (straight, "legacy"), "proxy, handshake": (proxy, "legacy"),
             "proxy, 2026-07-28 (round)": (proxy, "2026-07-28")}
    times: dict[str, list[float]] = {name: [] for name in [*paths, "proxy, 2026-07-28, echo (no question)"]}
    async with AsyncExitStack() as stack:
        clients = {name: await stack.enter_async_context(Client(target, mode=mode, elicitation_callback=accept))
                   for name, (target, mode) in paths.items()}
        for client in clients.values():  # warm: tools listed, pages not involved
            await client.call_tool("write_file", {"path": "warm"})
        for i in range(calls):
            for name, client in clients.items():
                start = time.perf_counter()
                result = await client.call_tool("write_file", {"path": f"f{i}"})
                times[name].append((time.perf_counter() - start) * 1000)
                said = result.content[0]
                assert isinstance(said, TextContent) and said.text == 'accept {"overwrite":true}', result
            start = time.perf_counter()
            await clients["proxy, 2026-07-28 (round)"].call_tool("echo", {"message": "x"})
            times["proxy, 2026-07-28, echo (no question)"].append((time.perf_counter() - start) * 1000)
    print(f"{calls} calls each, interleaved; ms per call")
    for name, values in times.items():
        values.sort()
        print(f"  {name:40s} median {statistics.median(values):7.2f}   p90 {values[int(len(values) * 0.9) - 1]:7.2f}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=100)
    asyncio.run(main(parser.parse_args().calls))
