"""Compile every corpus tool many times: p50/p99/max per tool and overall, beside json.loads.

    python bench/bench_compile.py [--repeat N]

The floor is ``json.loads`` of the same tool definition (what any consumer of the definition
pays); the ratio says how many times that the whole normalize + compile costs. Targets (one
core): p50 ≤ 1 ms and max ≤ 20 ms per tool. Also compiles the pathological schemas the
compiler promises to bound.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.compile import compile_tree  # noqa: E402
from compiler.tools import load_tools  # noqa: E402
from components.validate import encode  # noqa: E402

CORPUS = ROOT / "fixtures" / "corpus" / "tools"


def timed(fn, repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def pathological() -> dict[str, dict]:
    deep: dict = {"type": "string"}
    for _ in range(200):
        deep = {"type": "object", "properties": {"n": deep}}
    fan = {f"D{i}": {"type": "object", "properties": {"a": {"$ref": f"#/$defs/D{i+1}"}, "b": {"$ref": f"#/$defs/D{i+1}"}}} for i in range(40)}
    fan["D40"] = {"type": "string"}
    return {
        "10000 properties": {"type": "object", "properties": {f"p{i}": {"type": "string"} for i in range(10_000)}},
        "5000-value enum": {"type": "object", "properties": {"e": {"enum": [f"v{i}" for i in range(5_000)]}}},
        "200-deep nesting": {"type": "object", "properties": {"root": deep}},
        "ref cycle": {"$defs": {"A": {"$ref": "#/$defs/B"}, "B": {"type": "object", "properties": {"a": {"$ref": "#/$defs/A"}}}}, "$ref": "#/$defs/A"},
        "2^40 ref fan-out": {"$defs": fan, "$ref": "#/$defs/D0"},
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    rows, all_compile, all_loads = [], [], []
    for path in sorted(CORPUS.glob("*.json")):
        for _, tool in load_tools(path.read_bytes(), path.name):
            text = json.dumps(tool)
            compile_tree(tool)  # warm
            compile_ms = timed(lambda: compile_tree(json.loads(text)), args.repeat)
            loads_ms = timed(lambda: json.loads(text), args.repeat)
            all_compile += compile_ms
            all_loads += loads_ms
            rows.append((f"{path.stem}:{tool['name']}", compile_ms, loads_ms, len(encode(compile_tree(tool)))))
    print(f"{'tool':52} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'× loads':>8} {'tree B':>8}")
    for name, c, l, size in rows:
        print(f"{name[:52]:52} {pct(c, .5):8.3f} {pct(c, .99):8.3f} {max(c):8.3f} {statistics.median(c) / statistics.median(l):8.1f} {size:8}")
    p50s = [pct(c, .5) for _, c, _, _ in rows]
    print()
    print(f"tools: {len(rows)}, runs each: {args.repeat}")
    print(f"overall (compile incl. json.loads): p50 {pct(all_compile, .5):.3f} ms  p99 {pct(all_compile, .99):.3f} ms  max {max(all_compile):.3f} ms")
    print(f"json.loads alone:                  p50 {pct(all_loads, .5):.4f} ms")
    print(f"ratio of medians compile / json.loads: {statistics.median(all_compile) / statistics.median(all_loads):.1f}×")
    print(f"worst tool p50: {max(p50s):.3f} ms (target ≤ 1 ms); worst single run: {max(all_compile):.3f} ms (target ≤ 20 ms)")
    print()
    for name, schema in pathological().items():
        tool = {"name": "p", "inputSchema": schema}
        ms = timed(lambda: compile_tree(tool), 3)
        print(f"pathological {name:20}: median {statistics.median(ms):8.1f} ms  tree {len(encode(compile_tree(tool))):>9} B")
    return 0


if __name__ == "__main__":
    sys.exit(main())
