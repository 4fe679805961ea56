"""Replicas behind HAProxy over one PostgreSQL: forwarded calls and page reads per second for 1, 2
and 3 replicas, in one run.

    .venv/bin/python bench/bench_scale.py [--seconds S] [--concurrency N] [--clients P]

The real parts of ``tests/cluster.py``: Debian's PostgreSQL (the store), three
``compile-ui proxy --serve http --store postgresql://…`` replicas in front of the fixture
upstream (``fixtures/servers/modern_upstream.py``), and HAProxy with the configuration
``docs/deploy.md`` shows, given the first 1, 2, then 3 replicas. The load: ``P`` client
processes, each keeping ``N`` 2026-07-28 requests in flight (raw single-exchange POSTs over
keep-alive connections, so the client costs little) for ``S`` seconds per figure:

- a forwarded call: ``tools/call echo`` (through the replica to its upstream and back);
- a page read: ``resources/read ui://compile-ui/echo`` (answered by the replica from memory).

Prints a table with the speed-up over one replica. Scaling needs cores: every replica, its
upstream, HAProxy and the clients share this machine's, so the table also prints how many
there are. Exits with one line naming what to install when PostgreSQL or HAProxy is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import sys
import time
import uuid
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

MODERN = "2026-07-28"
UI = {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}
META = {"io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientCapabilities": {"extensions": UI},
        "io.modelcontextprotocol/clientInfo": {"name": "bench_scale", "version": "1"}}
KINDS = {
    "calls": ("tools/call", "echo", {"name": "echo", "arguments": {"message": "bench"}}),
    "reads": ("resources/read", "ui://compile-ui/echo", {"uri": "ui://compile-ui/echo"}),
}


def request(kind: str) -> tuple[bytes, dict[str, str]]:
    method, name, params = KINDS[kind]
    body = json.dumps({"jsonrpc": "2.0", "id": 1, "method": method, "params": {**params, "_meta": META}}).encode()
    headers = {"accept": "application/json", "content-type": "application/json", "mcp-protocol-version": MODERN,
               "mcp-method": method, "mcp-name": name}
    return body, headers


async def _load(url: str, kind: str, seconds: float, concurrency: int) -> tuple[int, int]:
    import httpx2

    body, headers = request(kind)
    done = failed = 0
    limits = httpx2.Limits(max_connections=concurrency, max_keepalive_connections=concurrency)
    async with httpx2.AsyncClient(timeout=30, limits=limits) as http:
        deadline = time.monotonic() + seconds

        async def worker() -> None:
            nonlocal done, failed
            while time.monotonic() < deadline:
                try:
                    answer = await http.post(url, content=body, headers=headers)
                    ok = answer.status_code == 200 and b'"error"' not in answer.content[:200]
                except httpx2.HTTPError:
                    ok = False
                done += ok
                failed += not ok

        await asyncio.gather(*(worker() for _ in range(concurrency)))
    return done, failed


def _client(args: tuple[str, str, float, int]) -> tuple[int, int]:
    return asyncio.run(_load(*args))


def rate(pool: multiprocessing.pool.Pool, url: str, kind: str, seconds: float, concurrency: int, clients: int) -> tuple[float, int]:
    """Requests per second over ``seconds`` (and how many failed), all clients together."""
    started = time.monotonic()
    results = pool.map(_client, [(url, kind, seconds, concurrency)] * clients)
    took = time.monotonic() - started
    return sum(ok for ok, _ in results) / min(took, seconds + 1), sum(bad for _, bad in results)


def measure(seconds: float = 5.0, concurrency: int = 16, clients: int = 2) -> dict[str, object]:
    from cluster import HAProxy, Postgres, Replica, free_port, missing

    why = missing()
    if why is not None:
        raise SystemExit(f"bench_scale: {why}")
    postgres = Postgres()
    lb_port = free_port()
    replicas: list[Replica] = []
    rows: list[dict[str, float | int]] = []
    pool = multiprocessing.get_context("spawn").Pool(clients)
    try:
        dsn = postgres.database(f"bench_{uuid.uuid4().hex[:8]}")
        replicas = [Replica(dsn, allow_host=f"127.0.0.1:{lb_port}", wait=False, options=("--log-level", "warning"))
                    for _ in range(3)]
        for replica in replicas:
            replica.wait_healthy()
        for count in (1, 2, 3):
            balancer = HAProxy([r.port for r in replicas[:count]], port=lb_port)
            try:
                rate(pool, balancer.url, "reads", 1.0, concurrency, clients)  # warm: pages made, connections open
                rate(pool, balancer.url, "calls", 1.0, concurrency, clients)
                calls, calls_failed = rate(pool, balancer.url, "calls", seconds, concurrency, clients)
                reads, reads_failed = rate(pool, balancer.url, "reads", seconds, concurrency, clients)
            finally:
                balancer.close()
            rows.append({"replicas": count, "calls": calls, "reads": reads, "failed": calls_failed + reads_failed})
    finally:
        pool.terminate()
        for replica in replicas:
            replica.close()
        postgres.close()
    one = rows[0]
    for row in rows:
        row["callsSpeedup"] = row["calls"] / one["calls"] if one["calls"] else 0.0
        row["readsSpeedup"] = row["reads"] / one["reads"] if one["reads"] else 0.0
    return {"rows": rows, "cores": os.cpu_count(), "seconds": seconds, "concurrency": concurrency, "clients": clients}


def table(result: dict[str, object]) -> str:
    rows = result["rows"]
    assert isinstance(rows, list)
    lines = [f"{result['clients']} client processes × {result['concurrency']} requests in flight, "
             f"{result['seconds']:g} s per figure, {result['cores']} cores on this machine",
             "",
             "| replicas | forwarded calls/s | × 1 replica | page reads/s | × 1 replica | failed |",
             "|---:|---:|---:|---:|---:|---:|"]
    lines += [f"| {r['replicas']} | {r['calls']:.0f} | {r['callsSpeedup']:.2f} | {r['reads']:.0f} | "
              f"{r['readsSpeedup']:.2f} | {r['failed']} |" for r in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per figure (default 5)")
    parser.add_argument("--concurrency", type=int, default=16, help="requests in flight per client process (default 16)")
    parser.add_argument("--clients", type=int, default=2, help="client processes (default 2)")
    args = parser.parse_args()
    print(table(measure(args.seconds, args.concurrency, args.clients)))


if __name__ == "__main__":
    main()
