"""Result-view figures: a 10 000-row, 8-column result from tool-result to painted table, and the
size the views add to a page.

    python bench/bench_views.py            # full run
    python bench/bench_views.py --quick    # few repetitions
    python bench/bench_views.py --reach 40 # reach on generated typed results only: 40 per kind

Time: the host (official AppBridge, headless Chromium) sends ``ui/notifications/tool-result``;
the clock stops inside the app after the first animation frame that follows the table's rows
being in the DOM (rAF + a macrotask: the frame was painted). Both clocks are absolute
(``performance.timeOrigin + now()``), so host and app frame compare. Measured for a compiled
``Table`` (outputSchema with typed columns) and for an ``AutoView`` (no schema, JSON text), each
on a freshly loaded app. Target: median ≤ 150 ms.

Reach (``--reach N``): N generated results of each kind of tests/harness/outputs_strategy.py (seeded: the
same cases on every run), each in its tool's self-contained page under AppBridge with a tools-only
host (``--untyped``: the same results from the tool without its outputSchema, the shape views);
prints per kind the scalars within one click of the default view over all scalars
(tests/harness/reach.py's checker), the results wholly in reach, those showing raw JSON in the default
view or logging a console error, and the smallest result that lost a value.

Text detection: how long the ranked detectors (``CU.views.kind``) take to decide what a 10 MB
text is (CSV-like, log-like and prose), in the app frame; they read the first 64 KB only.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

from needs import require  # noqa: E402

require(__file__, "browser")
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from compiler.compile import compile_tree  # noqa: E402
from compiler.pipeline import build_page  # noqa: E402
from compiler.render import render_page  # noqa: E402
from compiler.tools import load_tools  # noqa: E402
from harness.apphost import AppHost, Browser  # noqa: E402
from runtime_js import MODULES  # noqa: E402

ROWS = 10_000
TARGET_MS = 150
CORPUS_TOOLS = ROOT / "fixtures" / "corpus" / "tools"
TYPICAL = ("everything.json", "get-sum")

ROW_SCHEMA = {
    "type": "object",
    "properties": {
        "id": {"type": "integer"},
        "name": {"type": "string"},
        "email": {"type": "string", "format": "email"},
        "created": {"type": "string", "format": "date-time"},
        "amount": {"type": "number"},
        "status": {"enum": ["open", "closed", "pending"]},
        "site": {"type": "string", "format": "uri"},
        "active": {"type": "boolean"},
    },
}
BOUND_TOOL = {
    "name": "rows",
    "inputSchema": {"type": "object"},
    "outputSchema": {"type": "object", "properties": {"rows": {"type": "array", "items": ROW_SCHEMA}}},
}
AUTO_TOOL = {"name": "rows", "inputSchema": {"type": "object"}}

WAIT_PAINT = """() => { let arrived = 0;
  addEventListener("message", () => { arrived = arrived || performance.timeOrigin + performance.now(); }, {capture: true});
  window.__painted = new Promise((done) => {
  const stop = () => requestAnimationFrame(() => setTimeout(() => done([arrived, performance.timeOrigin + performance.now()]), 0));
  const mo = new MutationObserver(() => {
    if (document.querySelector('#result tbody tr')) { mo.disconnect(); stop(); }
  });
  mo.observe(document.body, {childList: true, subtree: true});
}); }"""
SEND = "(r) => { const t0 = performance.timeOrigin + performance.now(); window.__host.toolResult(r); return t0; }"


def rows(n: int = ROWS) -> list[dict[str, Any]]:
    states = ("open", "closed", "pending")
    return [
        {
            "id": i,
            "name": f"Customer {i}",
            "email": f"c{i}@example.org",
            "created": f"2026-{1 + i % 12:02d}-{1 + i % 28:02d}T{i % 24:02d}:00:00Z",
            "amount": round(i * 1.37 % 9999, 2),
            "status": states[i % 3],
            "site": f"https://example.org/c/{i}",
            "active": i % 2 == 0,
        }
        for i in range(n)
    ]


def time_once(host: AppHost, html: str, result: dict[str, Any]) -> tuple[float, float]:
    """(ms from the host sending to painted, ms from the message reaching the app to painted)."""
    host.reload(html)
    host.wait_initialized()
    host.wait_frames(10)  # let the page finish its start-up frames
    host.frame.evaluate(WAIT_PAINT)
    t0 = host.page.evaluate(SEND, result)
    arrived, t1 = host.frame.evaluate("() => window.__painted")
    return t1 - t0, t1 - arrived


def paint_times(repeat: int) -> dict[str, list[tuple[float, float]]]:
    data = {"rows": rows()}
    cases: dict[str, tuple[str, dict[str, Any]]] = {
        "bound table": (render_page(compile_tree(BOUND_TOOL)), {"content": [], "structuredContent": data}),
        "auto table": (render_page(compile_tree(AUTO_TOOL)), {"content": [{"type": "text", "text": json.dumps(data["rows"])}]}),
    }
    browser = Browser()
    try:
        host = browser.new_host(render_page(compile_tree(AUTO_TOOL)))
        out: dict[str, list[tuple[float, float]]] = {name: [] for name in cases}
        for _ in range(repeat):  # interleaved: both cases see the same machine load
            for name, (html, result) in cases.items():
                out[name].append(time_once(host, html, result))
        host.close()
        return out
    finally:
        browser.close()


DETECT = """(kind) => {
  const unit = { csv: 'a,b,c\\n', log: '2026-11-23T10:00:00Z INFO worker-1 processed batch 7 in 13 ms\\n',
    prose: 'A sentence of prose that goes on for a while, as prose does, without much structure. ' }[kind];
  const s = (kind === 'csv' ? 'x,y,z\\n' : '') + unit.repeat(Math.ceil(10 * 1024 * 1024 / unit.length));
  const t = [];
  for (let i = 0; i < 7; i++) { const t0 = performance.now(); CU.views.kind(s); t.push(performance.now() - t0); }
  t.sort((a, b) => a - b);
  return [CU.views.kind(s), s.length, t[3]];
}"""


def detection_times() -> dict[str, tuple[str, int, float]]:
    """kind → (detected, text length, median ms) for 10 MB texts, in the app frame."""
    browser = Browser()
    try:
        host = browser.new_host(render_page(compile_tree(AUTO_TOOL)))
        host.wait_initialized()
        out = {k: tuple(host.frame.evaluate(DETECT, k)) for k in ("csv", "log", "prose")}
        host.close()
        return out
    finally:
        browser.close()


def sizes() -> dict[str, int]:
    path = CORPUS_TOOLS / TYPICAL[0]
    tool = next(t for _, t in load_tools(path.read_text(), str(path)) if t["name"] == TYPICAL[1])
    page = build_page(tool).encode()
    out = {"typical_page_raw": len(page), "typical_page_gzip": len(gzip.compress(page, 9))}
    for module in MODULES:
        if module.name in ("views", "chart"):  # as shipped (minified), JS + CSS
            code = (module.shipped("js") + module.shipped("css")).encode()
            out[f"{module.name}_raw"], out[f"{module.name}_gzip"] = len(code), len(gzip.compress(code, 9))
    return out


def measure(quick: bool = False) -> dict[str, Any]:
    times = paint_times(3 if quick else 15)
    size = sizes()
    detect = detection_times()
    medians = {name: round(statistics.median(t[0] for t in ts), 1) for name, ts in times.items()}
    in_app = {name: round(statistics.median(t[1] for t in ts), 1) for name, ts in times.items()}
    return {
        "rows": ROWS,
        "columns": 8,
        "paint_ms": {name: [round(t[0], 1) for t in ts] for name, ts in times.items()},
        "in_app_ms": {name: [round(t[1], 1) for t in ts] for name, ts in times.items()},
        "median_ms": medians,
        "median_in_app_ms": in_app,
        "sizes": size,
        "detection": detect,
        "summary": {
            "10k×8 tool-result sent by host to painted table, bound Table (ms, median)": medians["bound table"],
            "10k×8 result reaching the app to painted table, bound Table (ms, median)": in_app["bound table"],
            "10k×8 tool-result sent by host to painted table, AutoView from JSON text (ms, median)": medians["auto table"],
            "10k×8 result reaching the app to painted table, AutoView from JSON text (ms, median)": in_app["auto table"],
            "target (ms)": f"≤ {TARGET_MS}",
            **{f"text kind detection, 10 MB {k} text → {v[0]!r} (ms, median of 7)": round(v[2], 2) for k, v in detect.items()},
            "views module as shipped (JS + CSS) gzip, on its own (KB)": round(size["views_gzip"] / 1024, 1),
            "chart module as shipped (JS + CSS) gzip, only in pages with a Chart (KB)": round(size["chart_gzip"] / 1024, 1),
            "page size, typical tool (KB)": round(size["typical_page_raw"] / 1024, 1),
            "page size gzip, typical tool (KB)": round(size["typical_page_gzip"] / 1024, 1),
        },
    }


def reach_figures(n: int, seed: int = 0, kinds: list[str] | None = None, typed: bool = True) -> dict[str, dict[str, Any]]:
    """kind → {found, total, whole, raw_json, console_errors, results, worst}: N generated results
    of that kind, each in its tool's self-contained page (see the module's docstring)."""
    from harness import reach
    from harness.outputs_strategy import KINDS, result, sample

    browser = Browser()
    out: dict[str, dict[str, Any]] = {}
    try:
        host = browser.new_host(reach.page_of(None), host_context=reach.CONTEXT, reads=False)
        for kind in kinds or KINDS:
            row = out[kind] = {"found": 0, "total": 0, "whole": 0, "raw_json": 0, "console_errors": 0, "results": 0, "lost": {}, "worst": {}}
            for case in sample(kind, n, seed):
                host.console.clear()
                host.page_errors.clear()
                host.reach_page = None
                r = reach.check(host, {"tool": case.tool(typed), "result": result(case)}, kind)
                host.wait_frames(2)
                row["results"] += 1
                row["found"] += r.found
                row["total"] += r.total
                row["whole"] += r.found == r.total
                row["raw_json"] += bool(r.raw_json)
                row["console_errors"] += bool(host.console_errors)
                for _path, value in r.missing:  # the smallest result losing each class of value
                    cls = value_class(value)
                    row["lost"][cls] = row["lost"].get(cls, 0) + 1
                    if cls not in row["worst"] or r.total < row["worst"][cls][0]:
                        row["worst"][cls] = (r.total, case.schema, case.value, [(p, v) for p, v in r.missing if value_class(v) == cls][:4])
        host.close()
        return out
    finally:
        browser.close()


UUID = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", re.I)


def value_class(value: object) -> str:
    """What a lost value is, to group losses by cause: uuid, date-time, date, e-mail, url, number…"""
    if value is None or isinstance(value, bool):
        return "null" if value is None else "boolean"
    if isinstance(value, (int, float)):
        return "number"
    s = str(value)
    for name, pattern in (("uuid", UUID), ("date-time", r"\d{4}-\d\d-\d\dT"), ("date", r"\d{4}-\d\d-\d\d$"),
                          ("email", r"[^@\s]+@\S+$"), ("url", r"https?://"), ("id", r"[A-Za-z]+-\d+$")):
        if re.match(pattern, s):
            return name
    return "text" if " " in s else "word"


def print_reach(figures: dict[str, dict[str, Any]], typed: bool = True) -> None:
    from harness.outputs_strategy import ONE_CLICK

    held = [f for kind, f in figures.items() if kind in ONE_CLICK]
    found, total = sum(f["found"] for f in held), sum(f["total"] for f in held)
    print(f"generated results ({'typed: with' if typed else 'untyped: without'} their outputSchema), scalars within one click of the default view: {found} / {total} ({100 * found / max(total, 1):.1f} %)"
          f" over {', '.join(ONE_CLICK)}; a tree's rule is one click per level, so it is apart")
    for kind, f in figures.items():
        lost = ", ".join(f"{c} {n}" for c, n in sorted(f["lost"].items(), key=lambda x: -x[1]))
        print(f"  {kind:8} {f['found']:6} / {f['total']:6} ({100 * f['found'] / max(f['total'], 1):5.1f} %)"
              f"  whole: {f['whole']}/{f['results']}  raw JSON shown: {f['raw_json']}  console errors: {f['console_errors']}"
              + (f"  lost: {lost}" if lost else ""))
    for kind, f in figures.items():
        for cls, (_, schema, value, missing) in f["worst"].items():
            print(f"\n{kind}, a {cls} lost: the smallest such result\n  schema: {json.dumps(schema)}\n  value:  {json.dumps(value)}")
            print("  not in reach: " + ", ".join(f"{p}={json.dumps(v)}" for p, v in missing))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repetitions")
    parser.add_argument("--reach", type=int, metavar="N", help="only reach: N generated results per kind")
    parser.add_argument("--seed", type=int, default=0, help="the seed of --reach's cases")
    parser.add_argument("--kind", action="append", help="--reach: only this kind (repeatable)")
    parser.add_argument("--untyped", action="store_true", help="--reach: the same results from tools without an outputSchema")
    args = parser.parse_args()
    if args.reach:
        print_reach(reach_figures(args.reach, args.seed, args.kind, typed=not args.untyped), typed=not args.untyped)
        return 0
    figures = measure(quick=args.quick)
    for label, value in figures["summary"].items():
        print(f"{label:90} {value}")
    for name, ts in figures["paint_ms"].items():
        print(f"  {name}, host to painted: {ts}")
        print(f"  {name}, in the app: {figures['in_app_ms'][name]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
