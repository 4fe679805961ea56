"""Whole host sessions through the proxy, against the same server direct, in one run.

    python bench/bench_hosts.py [--runs N]

A host's session as the official TypeScript client lives it (Claude Desktop, MCP Inspector):
start the server, connect (in ``auto`` and ``2026-07-28`` with the version-negotiation probe a
copy may get, disposed of with stdin end and SIGTERM at once), list, call, close (stdin end, up
to 2 s, SIGTERM). Two hosts, each negotiation mode:

* MCP Inspector 2.12's CLI (``--protocol-era legacy|auto|modern``, ``tools/call echo``);
* the official TypeScript client (``tests/js/lifecycle.mjs``: connect, list, call, close);

in front of npm ``@modelcontextprotocol/server-everything`` (handshake era only: a host pinned to
2026-07-28 cannot use it direct, only through the proxy) and the repo's dual-era fixture
(``fixtures/servers/modern_upstream.py``, the official Python SDK 2.x), direct and through
``compile-ui proxy``, interleaved, ``--runs`` times each. Prints the median and the slowest run
of each, and proxy − direct per round (the target: within 0.5 s on every run).
"""

from __future__ import annotations

import argparse
import atexit
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

from needs import require  # noqa: E402

require(__file__, "npm")
JS = ROOT / "tests" / "js"
NPM = JS / "node_modules" / "@modelcontextprotocol"
INSPECTOR = NPM / "inspector" / "clients" / "launcher" / "build" / "index.js"
EVERYTHING = ["node", str(NPM / "server-everything" / "dist" / "index.js"), "stdio"]
FIXTURE = [sys.executable, str(ROOT / "fixtures" / "servers" / "modern_upstream.py")]
SERVERS = {"server-everything": EVERYTHING, "dual-era fixture": FIXTURE}
MODERN_MODES = ("modern", "2026-07-28")
CACHE = Path(tempfile.mkdtemp(prefix="bench-hosts-"))
atexit.register(shutil.rmtree, CACHE, True)
PROXY = [sys.executable, "-m", "compiler", "proxy", "--cache-dir", str(CACHE), "--"]
"""The proxy as hosts run it, with its cache (here a fresh directory, filled by the first round):
what it keeps includes what the upstream said about itself, which answers a host's probe."""


def inspector(era: str, server: list[str]) -> list[str]:
    """MCP Inspector's CLI, one tools/call (``era``: legacy, auto or modern)."""
    return ["node", str(INSPECTOR), "--cli", "--protocol-era", era, "--method", "tools/call", "--tool-name", "echo",
            "--tool-arg", "message=bench", "--", *server]


def ts_client(mode: str, server: list[str]) -> list[str]:
    """The official TypeScript client's whole life (``mode``: legacy, auto or 2026-07-28)."""
    return ["node", str(JS / "lifecycle.mjs"), mode, *server]


def once(command: list[str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, timeout=120)
    took = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"failed ({done.returncode}): {' '.join(command)}\n{done.stderr.decode()[-2000:]}"
                         f"{done.stdout.decode()[-2000:]}")
    return took


HOSTS: list[tuple[str, str, Callable[[str, list[str]], list[str]]]] = [
    (f"Inspector CLI {era}", era, inspector) for era in ("legacy", "auto", "modern")]
HOSTS += [(f"TS client {mode}", mode, ts_client) for mode in ("legacy", "auto", "2026-07-28")]


def measure(quick: bool = False, runs: int | None = None) -> dict[str, Any]:
    """Every host × server × (direct, proxy), ``runs`` interleaved rounds; ``summary`` has the
    medians and proxy − direct per row (for ``bench/report.py``)."""
    runs = runs or (2 if quick else 10)
    times: dict[str, dict[str, list[float]]] = {}
    for _ in range(runs):
        for name, mode, command in HOSTS:
            for server_name, server in SERVERS.items():
                row = times.setdefault(f"{name}, {server_name}", {"direct": [], "proxy": []})
                if not (server is EVERYTHING and mode in MODERN_MODES):  # handshake-only: only the proxy lets such a host in
                    row["direct"].append(once(command(mode, server)))
                row["proxy"].append(once(command(mode, [*PROXY, *server])))
    summary: dict[str, object] = {}
    for label, row in times.items():
        proxy = statistics.median(row["proxy"])
        if not row["direct"]:
            summary[f"{label}: proxy p50 (s; no direct path)"] = round(proxy, 2)
            continue
        deltas = [p - d for p, d in zip(row["proxy"], row["direct"], strict=True)]
        summary[f"{label}: direct p50 / proxy p50 / Δ max (s)"] = (
            f"{statistics.median(row['direct']):.2f} / {proxy:.2f} / {max(deltas):+.2f}")
    return {"runs": runs, "times_s": times, "summary": summary}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    args = parser.parse_args()
    if not INSPECTOR.exists() or not (NPM / "server-everything").exists():
        print("bench_hosts needs the tests' npm packages: cd tests/js && npm ci")
        return 1
    result = measure(runs=args.runs)
    print(f"{'connect → list → call → close (s)':50} {'direct p50':>10} {'max':>6} {'proxy p50':>10} {'max':>6} "
          f"{'Δ p50':>7} {'Δ max':>7}")
    for label, row in result["times_s"].items():
        direct, proxy = row["direct"], row["proxy"]
        if not direct:
            print(f"{label:50} {'—':>10} {'—':>6} {statistics.median(proxy):10.2f} {max(proxy):6.2f}     (no direct path)")
            continue
        deltas = [p - d for p, d in zip(proxy, direct, strict=True)]
        print(f"{label:50} {statistics.median(direct):10.2f} {max(direct):6.2f} {statistics.median(proxy):10.2f} "
              f"{max(proxy):6.2f} {statistics.median(deltas):+7.2f} {max(deltas):+7.2f}")
    print(f"runs each: {args.runs}; target: proxy within direct + 0.5 s on every run (Δ max ≤ 0.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
