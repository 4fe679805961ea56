"""Compile every corpus tool many times: p50/p99/max per tool and overall, beside json.loads.

    python bench/bench_compile.py [--repeat N]

The floor is ``json.loads`` of the same tool definition (what any consumer of the definition
pays); the ratio says how many times that the whole normalize + compile costs. Targets (one
core): p50 ≤ 1 ms and max ≤ 20 ms per tool. Also compiles the pathological schemas the
compiler promises to bound.
"""

from __future__ import annotations

import argparse
import itertools
import json
import statistics
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.compile import compile_tree  # noqa: E402
from compiler.tools import load_tools  # noqa: E402
from components.validate import encode  # noqa: E402

CORPUS = ROOT / "fixtures" / "corpus" / "tools"
GROWTH_ROUNDS = 7


def timed(fn: Callable[[], object], repeat: int) -> list[float]:
    out = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        out.append((time.perf_counter() - start) * 1000)
    return out


def compile_json(text: str) -> object:
    """A tool definition's text, read and compiled (what a page costs from the wire)."""
    return compile_tree(json.loads(text))


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def pathological() -> dict[str, dict[str, Any]]:
    deep: dict[str, Any] = {"type": "string"}
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


def growth() -> dict[str, list[tuple[int, float]]]:
    """Compile time against schema size, on generated schemas of growing size: the best of
    several runs (as ``timeit`` advises: on a shared machine the other runs measure the
    neighbours), each size's runs interleaved with the others' so that a burst of load hits
    every size alike."""

    def props(n: int) -> dict[str, Any]:
        return {"type": "object", "properties": {f"p{i}": {"type": "string", "description": "d"} for i in range(n)}}

    def depth(n: int) -> dict[str, Any]:
        schema: dict[str, Any] = {"type": "string"}
        for _ in range(n):
            schema = {"type": "object", "properties": {"n": schema, "m": {"type": "integer"}}}
        return {"type": "object", "properties": {"root": schema}}

    def refs(n: int) -> dict[str, Any]:
        defs = {f"D{i}": {"type": "object", "properties": {"v": {"type": "number"}}} for i in range(n)}
        return {"type": "object", "$defs": defs, "properties": {f"p{i}": {"$ref": f"#/$defs/D{i}"} for i in range(n)}}

    series: dict[str, list[tuple[int, float]]] = {}
    for name, make, sizes in (("properties", props, (10, 100, 1000, 10_000)), ("depth", depth, (4, 8, 16, 31)), ("refs", refs, (10, 100, 1000))):
        tools = [{"name": "g", "inputSchema": make(n)} for n in sizes]
        best = [float("inf")] * len(sizes)
        for _ in range(GROWTH_ROUNDS):
            for i, tool in enumerate(tools):
                best[i] = min(best[i], *timed(partial(compile_tree, tool), 1 if sizes[i] >= 1000 else 5))
        series[name] = [(n, round(ms, 3)) for n, ms in zip(sizes, best, strict=True)]
    return series


def ratios(points: list[tuple[int, float]]) -> str:
    """Each step's time ratio beside its size ratio (linear: the two alike; target ≤ 11× for 10×)."""
    return ", ".join(f"×{b / a:g} → {tb / ta:.1f}×" for (a, ta), (b, tb) in itertools.pairwise(points))


def measure(quick: bool = False, repeat: int | None = None) -> dict[str, Any]:
    repeat = repeat or (10 if quick else 200)
    tools, all_compile, all_loads = {}, [], []
    for path in sorted(CORPUS.glob("*.json")):
        for _, tool in load_tools(path.read_bytes(), path.name):
            text = json.dumps(tool)
            compile_tree(tool)  # warm
            compile_ms = timed(partial(compile_json, text), repeat)
            loads_ms = timed(partial(json.loads, text), repeat)
            all_compile += compile_ms
            all_loads += loads_ms
            tools[f"{path.stem}:{tool['name']}"] = {
                "p50_ms": round(pct(compile_ms, 0.5), 4),
                "p99_ms": round(pct(compile_ms, 0.99), 4),
                "max_ms": round(max(compile_ms), 4),
                "ratio_to_json_loads": round(statistics.median(compile_ms) / statistics.median(loads_ms), 1),
                "tree_bytes": len(encode(compile_tree(tool))),
            }
    result: dict[str, Any] = {
        "repeat": repeat,
        "tools": tools,
        "overall": {
            "p50_ms": round(pct(all_compile, 0.5), 4),
            "p99_ms": round(pct(all_compile, 0.99), 4),
            "max_ms": round(max(all_compile), 4),
            "json_loads_p50_ms": round(pct(all_loads, 0.5), 5),
            "ratio_to_json_loads": round(statistics.median(all_compile) / statistics.median(all_loads), 1),
            "worst_tool_p50_ms": max(t["p50_ms"] for t in tools.values()),
        },
        "pathological_ms": {},
    }
    for name, schema in pathological().items():
        tool = {"name": "p", "inputSchema": schema}
        result["pathological_ms"][name] = round(statistics.median(timed(partial(compile_tree, tool), 1 if quick else 3)), 1)
    if not quick:
        result["growth_ms"] = growth()
    o = result["overall"]
    result["summary"] = {
        "corpus tools compiled": len(tools),
        "compile p50, all tools (ms)": o["p50_ms"],
        "compile p99, all tools (ms)": o["p99_ms"],
        "compile max, all tools (ms)": o["max_ms"],
        "worst tool's p50 (ms, target ≤ 1)": o["worst_tool_p50_ms"],
        "json.loads of the same definitions, p50 (ms)": o["json_loads_p50_ms"],
        "compile / json.loads (ratio of medians)": o["ratio_to_json_loads"],
    }
    if not quick:
        for name, (small, large) in (("properties", (1000, 10_000)), ("refs", (100, 1000))):
            times = dict(result["growth_ms"][name])
            result["summary"][f"compile growth, {small} → {large} {name} (×; linear: ≤ 11)"] = round(times[large] / times[small], 1)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200)
    args = parser.parse_args()
    result = measure(repeat=args.repeat)
    print(f"{'tool':52} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8} {'× loads':>8} {'tree B':>8}")
    for name, t in result["tools"].items():
        print(f"{name[:52]:52} {t['p50_ms']:8.3f} {t['p99_ms']:8.3f} {t['max_ms']:8.3f} {t['ratio_to_json_loads']:8.1f} {t['tree_bytes']:8}")
    o = result["overall"]
    print(f"\ntools: {len(result['tools'])}, runs each: {result['repeat']}")
    print(f"overall (compile incl. json.loads): p50 {o['p50_ms']:.3f} ms  p99 {o['p99_ms']:.3f} ms  max {o['max_ms']:.3f} ms")
    print(f"json.loads alone: p50 {o['json_loads_p50_ms']:.4f} ms; ratio of medians: {o['ratio_to_json_loads']}×")
    print(f"worst tool p50: {o['worst_tool_p50_ms']:.3f} ms (target ≤ 1 ms); worst single run: {o['max_ms']:.3f} ms (target ≤ 20 ms)")
    for name, ms in result["pathological_ms"].items():
        print(f"pathological {name:20}: {ms:8.1f} ms")
    for name, points in result["growth_ms"].items():
        print(f"growth by {name:10}: " + ", ".join(f"{n} → {ms} ms" for n, ms in points) + f"  (size → time: {ratios(points)})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
