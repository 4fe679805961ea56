"""The proxy's own work for one forwarded ``tools/call``, in process: µs per call, both eras.

    python bench/bench_hop.py [--calls N] [--repeat K] [--rows R] [--against DIR ...]

One call's sans-IO path, as the stdio drivers run it but without the pipes and the event loop:
the host's line through its door (``host_door.read``) and codec, the router, the upstream codec;
then the upstream's answer through its door and codec, the router and the host codec. A host
of each era in front of an upstream of the same era (a 2026-07-28 host's envelope is read, taken
off and stamped again). ``--rows`` puts that many small objects in the call's arguments.

What a forwarded call costs end to end (pipes, the loop, the machine's wake-ups) is
``bench_proxy.py``'s; this is the part of it that is Python of ours. ``--against`` measures other
trees of the repository too (``git archive main | tar -x -C /tmp/main``), each in its own
process, in alternated rounds, so that all see the same machine. Each figure is the best of many
short rounds (``--calls`` each): on two shared cores a round's median moved by a third from run to
run, the best by a few per cent.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
UI = {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}
ENVELOPE = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": UI}
ERAS = ("handshake", "2026-07-28")


def _world(era: str) -> tuple[Any, Any, Any]:
    from compiler.proxy.codecs.codec import HostCodec, UpstreamCodec
    from compiler.proxy.core.messages import HostPeer
    from compiler.proxy.core.peers import Era, UpstreamInfo
    from compiler.proxy.core.router import Router
    from compiler.proxy.services.local import LocalSide
    from compiler.proxy.services.registry import Registry
    from compiler.proxy.store.sqlite import SqliteStore

    class Control:  # what LocalSide needs to be built (as tests/proxy/test_router.py)
        registry, pages, store = Registry(), None, SqliteStore(":memory:")

    router = Router(LocalSide(Control()), clock=time.monotonic)  # type: ignore[arg-type]
    upstream = UpstreamCodec()
    modern = era != "handshake"
    info = UpstreamInfo(Era.MODERN, "2026-07-28", {"tools": {}}, {"name": "up", "version": "1"}) if modern else \
        UpstreamInfo(Era.HANDSHAKE, "2025-11-25", {"tools": {}}, {"name": "up", "version": "1"})
    upstream.era = info.era
    router.upstream_ready(info)
    host = HostPeer(lasting=True, link=HostCodec())
    router.attach(host)
    if not modern:
        init = {"protocolVersion": "2025-11-25", "capabilities": UI, "clientInfo": {"name": "bench", "version": "1"}}
        _host_line(router, upstream, host, json.dumps({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": init}).encode())
        _host_line(router, upstream, host, b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
    return router, upstream, host


def _host_line(router: Any, upstream: Any, host: Any, line: bytes) -> list[bytes]:
    from compiler.proxy.codecs import host_door
    from compiler.proxy.codecs.jsonline import Read
    from compiler.proxy.core.messages import ToHost, ToUpstream

    read = host_door.read(line)
    assert isinstance(read, Read), read  # the bench's own lines are well formed
    out = []
    for effect in router.from_host(host, host.link.decode(read.envelope)):
        if isinstance(effect, ToUpstream):
            out.append(upstream.encode(effect.message))
        elif isinstance(effect, ToHost):
            out.append(host.link.encode(effect.message))
    return out


def run(era: str, calls: int, rows: int) -> float:
    """µs per forwarded call, ``calls`` of them."""
    import msgspec

    from compiler.proxy.codecs import upstream_door
    from compiler.proxy.core.messages import ToHost

    router, upstream, host = _world(era)
    params: dict[str, Any] = {"name": "echo", "arguments": {"message": "hi", "rows": [
        {"id": i, "name": f"row {i}", "tags": ["a", "b"]} for i in range(rows)]}}
    result: dict[str, Any] = {"content": [{"type": "text", "text": "Echo: hi"}]}
    if era != "handshake":
        params["_meta"], result["resultType"] = ENVELOPE, "complete"
    lines = [json.dumps({"jsonrpc": "2.0", "id": n, "method": "tools/call", "params": params}).encode() for n in range(1, calls + 1)]
    answer_tail = b',"result":' + json.dumps(result).encode() + b"}"
    start = time.perf_counter()
    for line in lines:
        sent = _host_line(router, upstream, host, line)
        answer = b'{"jsonrpc":"2.0","id":' + msgspec.json.encode(msgspec.json.decode(sent[0])["id"]) + answer_tail
        for effect in router.from_upstream(upstream.decode(upstream_door.read(answer))):
            if isinstance(effect, ToHost):
                host.link.encode(effect.message)
    return (time.perf_counter() - start) / calls * 1e6


def _in(tree: Path, calls: int, rows: int, repeat: int) -> dict[str, float]:
    """The best of ``repeat`` rounds per era, in a process of its own on ``tree``'s code."""
    code = (f"import sys, json; sys.path[:0] = [{str(tree)!r}, {str(ROOT / 'bench')!r}]; import bench_hop as b; "
            f"[b.run(era, {calls}, {rows}) for era in b.ERAS]; "
            f"print(json.dumps({{era: min(b.run(era, {calls}, {rows}) for _ in range({repeat})) for era in b.ERAS}}))")
    done = subprocess.run([sys.executable, "-c", code], cwd=tree, capture_output=True, text=True, check=True)
    best: dict[str, float] = json.loads(done.stdout)
    return best


def measure(quick: bool = False, calls: int = 30, repeat: int | None = None, rows: int = 0,
            against: list[Path] | None = None) -> dict[str, Any]:
    repeat = repeat or (30 if quick else 150)
    trees = [ROOT, *(against or [])]
    rounds: dict[str, dict[str, list[float]]] = {str(t): {era: [] for era in ERAS} for t in trees}
    for _ in range(3 if quick else 5):
        for tree in trees:
            for era, micros in _in(tree, calls, rows, repeat).items():
                rounds[str(tree)][era].append(micros)
    best = {tree: {era: round(min(v), 1) for era, v in eras.items()} for tree, eras in rounds.items()}
    summary = {f"{era} host → {era} upstream, one forwarded tools/call, sans-IO, best round (µs)": best[str(ROOT)][era] for era in ERAS}
    return {"calls": calls, "repeat": repeat, "rows": rows, "best_us": best, "rounds_us": rounds, "summary": summary}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=30, help="calls per round")
    parser.add_argument("--repeat", type=int, default=150, help="rounds per process (the best is kept)")
    parser.add_argument("--rows", type=int, default=0, help="objects in the call's arguments")
    parser.add_argument("--against", type=Path, action="append", default=[], help="another tree of the repository")
    args = parser.parse_args()
    result = measure(calls=args.calls, repeat=args.repeat, rows=args.rows, against=[p.resolve() for p in args.against])
    for tree, eras in result["best_us"].items():
        print(f"{tree}: " + ", ".join(f"{era} {micros:.1f} µs" for era, micros in eras.items())
              + f" per forwarded call (best of rounds of {result['calls']} calls, {result['rows']} rows of arguments)")


if __name__ == "__main__":
    main()
