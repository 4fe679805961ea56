"""Replicas behind HAProxy over one PostgreSQL: forwarded calls and page reads per second for 1, 2
and 3 replicas, in one run.

    .venv/bin/python bench/bench_scale.py [--seconds S] [--concurrency N] [--clients P] [--cpu-share C]

The real parts of ``tests/harness/cluster.py``: Debian's PostgreSQL (the store), three
``compile-ui proxy --serve http --store postgresql://…`` replicas in front of the fixture
upstream (``fixtures/servers/modern_upstream.py``), and HAProxy with the configuration
``docs/deploy.md`` shows, given the first 1, 2, then 3 replicas. The load: ``P`` client
processes, each keeping ``N`` 2026-07-28 requests in flight (raw single-exchange POSTs over
keep-alive connections, so the client costs little) for ``S`` seconds per figure:

- a forwarded call: ``tools/call echo`` (through the replica to its upstream and back);
- a page read: ``resources/read ui://compile-ui/echo`` (answered by the replica from memory).

Prints a table with the speed-up over one replica. Scaling needs cores, and on a small machine
the replicas, their upstreams, HAProxy and the clients share the same two: three replicas then
measure the machine, not compile-ui (1.00×/0.90×/0.94× before this). So each replica and its
upstream get a fixed CPU share (``--cpu-share``, default 0.25 CPU; ``bench/cpushare.py``: a
cgroup CPU quota created here and removed on exit, ``taskset`` where no cgroup is writable),
and the clients and HAProxy get a weighted group of their own with no cap: the replicas are
the limit, which the table shows as the fraction of scheduler periods each replica's quota was
hit (``throttled``; near 1 = the replica, not the load, was the limit). Exits with one line
naming what to install when PostgreSQL or HAProxy is missing.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import signal
import sys
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "tests"), str(ROOT / "bench")]

MODERN = "2026-07-28"
UI = {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}
META = {"io.modelcontextprotocol/protocolVersion": MODERN,
        "io.modelcontextprotocol/clientCapabilities": {"extensions": UI},
        "io.modelcontextprotocol/clientInfo": {"name": "bench_scale", "version": "1"}}
KINDS: dict[str, tuple[str, str, dict[str, Any]]] = {
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


def _client(args: tuple[str, str, float, int, str | None]) -> tuple[int, int]:
    url, kind, seconds, concurrency, cgroup = args
    if cgroup is not None:  # the load runs in its own weighted group, not capped
        Path(cgroup, "cgroup.procs").write_text(str(os.getpid()))
    return asyncio.run(_load(url, kind, seconds, concurrency))


def rate(pool: multiprocessing.pool.Pool, url: str, kind: str, seconds: float, concurrency: int, clients: int,
         cgroup: str | None = None) -> tuple[float, int]:
    """Requests per second over ``seconds`` (and how many failed), all clients together."""
    started = time.monotonic()
    results = pool.map(_client, [(url, kind, seconds, concurrency, cgroup)] * clients)
    took = time.monotonic() - started
    return sum(ok for ok, _ in results) / min(took, seconds + 1), sum(bad for _, bad in results)


def measure(seconds: float = 5.0, concurrency: int = 16, clients: int = 2, cpu_share: float = 0.25) -> dict[str, object]:
    from cpushare import CpuShares

    from harness.cluster import HAProxy, Postgres, Replica, free_port, missing

    why = missing()
    if why is not None:
        raise SystemExit(f"bench_scale: {why}")
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # a kill still removes the cgroups (finally)
    shares = CpuShares(cpu_share)
    postgres = Postgres()
    lb_port = free_port()
    replicas: list[Replica] = []
    rows: list[dict[str, float | int]] = []
    pool = multiprocessing.get_context("spawn").Pool(clients)
    try:
        load = None if shares.mode == "taskset" else str(shares.group("load", quota=False))
        dsn = postgres.database(f"bench_{uuid.uuid4().hex[:8]}")
        replicas = [Replica(dsn, allow_host=f"127.0.0.1:{lb_port}", wait=False, options=("--log-level", "warning"))
                    for _ in range(3)]
        for replica in replicas:
            replica.wait_healthy()
        for count in (1, 2, 3):
            balancer = HAProxy([r.port for r in replicas[:count]], port=lb_port)
            try:
                shares.confine("load", balancer.process.pid, quota=False)
                rate(pool, balancer.url, "reads", 1.0, concurrency, clients, load)  # warm: upstreams started, pages made
                for n, replica in enumerate(replicas[:count], 1):  # its upstream runs now: both capped
                    assert replica.process is not None
                    shares.confine(f"replica{n}", replica.process.pid)
                rate(pool, balancer.url, "calls", 1.0, concurrency, clients, load)
                before = {n: shares.periods(f"replica{n}") for n in range(1, count + 1)}
                calls, calls_failed = rate(pool, balancer.url, "calls", seconds, concurrency, clients, load)
                reads, reads_failed = rate(pool, balancer.url, "reads", seconds, concurrency, clients, load)
                throttled = [_throttled(before[n], shares.periods(f"replica{n}")) for n in range(1, count + 1)]
            finally:
                balancer.close()
            rows.append({"replicas": count, "calls": calls, "reads": reads, "failed": calls_failed + reads_failed,
                         "throttled": min(throttled) if throttled else 0.0})
    finally:
        pool.terminate()
        for replica in replicas:
            replica.close()
        postgres.close()
        shares.close()
    one = rows[0]
    for row in rows:
        row["callsSpeedup"] = row["calls"] / one["calls"] if one["calls"] else 0.0
        row["readsSpeedup"] = row["reads"] / one["reads"] if one["reads"] else 0.0
    return {"rows": rows, "cores": os.cpu_count(), "seconds": seconds, "concurrency": concurrency, "clients": clients,
            "shares": shares.describe()}


def _throttled(before: tuple[int, int], after: tuple[int, int]) -> float:
    periods = after[0] - before[0]
    return (after[1] - before[1]) / periods if periods else 0.0


def table(result: dict[str, object]) -> str:
    rows = result["rows"]
    assert isinstance(rows, list)
    lines = [f"{result['clients']} client processes × {result['concurrency']} requests in flight, "
             f"{result['seconds']:g} s per figure, {result['cores']} cores on this machine; {result['shares']}",
             "",
             "| replicas | forwarded calls/s | × 1 replica | page reads/s | × 1 replica | failed | throttled (least) |",
             "|---:|---:|---:|---:|---:|---:|---:|"]
    lines += [f"| {r['replicas']} | {r['calls']:.0f} | {r['callsSpeedup']:.2f} | {r['reads']:.0f} | "
              f"{r['readsSpeedup']:.2f} | {r['failed']} | {r['throttled']:.2f} |" for r in rows]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="seconds per figure (default 5)")
    parser.add_argument("--concurrency", type=int, default=16, help="requests in flight per client process (default 16)")
    parser.add_argument("--clients", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--cpu-share", type=float, default=0.25, help="CPUs each replica and its upstream may use (default 0.25)")
    args = parser.parse_args()
    print(table(measure(args.seconds, args.concurrency, args.clients, args.cpu_share)))


if __name__ == "__main__":
    main()
