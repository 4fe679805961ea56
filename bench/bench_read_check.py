"""What read-your-writes costs a page read (issue 52): a cached page read with the store's check
of the tool's layout (``PageStore.confirm``: one statement, two primary-key look-ups) against the
same cached read without it, in one run, on each store a replica can have.

    .venv/bin/python bench/bench_read_check.py [--reads N] [--far-ms MS]

Stores: the embedded SQLite file (one worker thread), Debian's PostgreSQL on this machine
(``tests/harness/cluster.py``), and the same PostgreSQL through a relay adding ``MS`` each way
(a store in another zone; ``harness.cluster.Far``). The two kinds of read alternate in blocks of
50, so a change in the machine's load reaches both alike; each figure is the median and the 90th
percentile of ``N`` reads, in microseconds, of ``PageStore.page`` (the page taken from the cache
and joined: what a replica does for ``resources/read`` before the HTTP layer). The check's cost
is one round trip to the store; the read without it is in memory.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

NAME = "echo"
TOOL = {"name": NAME, "description": "Echo a message.",
        "inputSchema": {"type": "object", "properties": {"message": {"type": "string"}}, "required": ["message"]}}
BLOCK = 50


async def _reads(url: str, reads: int) -> dict[str, list[float]]:
    from compiler.layout import LLMSettings
    from compiler.proxy.services.cache import PageCache
    from compiler.proxy.services.pages import PageStore
    from compiler.proxy.store.engines import open_store

    store = open_store(url)
    pages = PageStore(LLMSettings(api_key=None), cache=PageCache(), store=store)
    try:
        await store.save_layout(NAME, {"title": "Echo, as the team wants it"})
        await pages.load()
        await pages.page(TOOL)  # made and cached
        times: dict[str, list[float]] = {"without": [], "with": []}
        while len(times["with"]) < reads:
            for kind in ("without", "with"):
                for _ in range(BLOCK):
                    started = time.perf_counter()
                    if kind == "with":
                        await pages.confirm(NAME)
                    made = await pages.page(TOOL)
                    times[kind].append(time.perf_counter() - started)
                    assert made.cached
        return times
    finally:
        await store.close()


def _figures(times: list[float]) -> tuple[float, float]:
    ordered = sorted(times)
    return statistics.median(ordered) * 1e6, ordered[int(len(ordered) * 0.9)] * 1e6


def measure(reads: int = 2000, far_ms: float = 25.0) -> list[tuple[str, tuple[float, float], tuple[float, float]]]:
    from harness.cluster import Far, Postgres, missing

    rows = []
    with tempfile.TemporaryDirectory() as directory:
        times = asyncio.run(_reads(f"sqlite:///{directory}/layouts.sqlite3", reads))
        rows.append(("SQLite file", _figures(times["without"]), _figures(times["with"])))
    why = missing()
    if why is not None:
        print(f"bench_read_check: PostgreSQL left out: {why}", file=sys.stderr)
        return rows
    postgres = Postgres()
    try:
        dsn = postgres.database(f"bench_{uuid.uuid4().hex[:8]}")
        times = asyncio.run(_reads(dsn, reads))
        rows.append(("PostgreSQL, same machine", _figures(times["without"]), _figures(times["with"])))
        far = Far(postgres.port, far_ms / 1000)
        try:
            times = asyncio.run(_reads(far.dsn(dsn), max(BLOCK, reads // 20)))
            rows.append((f"PostgreSQL, {far_ms:g} ms each way", _figures(times["without"]), _figures(times["with"])))
        finally:
            far.close()
    finally:
        postgres.close()
    return rows


def table(rows: list[tuple[str, tuple[float, float], tuple[float, float]]]) -> str:
    lines = ["| store | cached read, no check: median / p90 µs | with the check: median / p90 µs | the check costs (median) |",
             "|---|---:|---:|---:|"]
    lines += [f"| {name} | {without[0]:.0f} / {without[1]:.0f} | {with_[0]:.0f} / {with_[1]:.0f} | "
              f"+{with_[0] - without[0]:.0f} µs |" for name, without, with_ in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reads", type=int, default=2000, help="reads of each kind (default 2000; a twentieth far away)")
    parser.add_argument("--far-ms", type=float, default=25.0, help="the far store's latency each way (default 25)")
    args = parser.parse_args()
    print(table(measure(args.reads, args.far_ms)))


if __name__ == "__main__":
    main()
