"""One command, every figure side by side: writes docs/performance.md and docs/performance.json.

    python bench/report.py            # full run (several minutes)
    python bench/report.py --quick    # few repetitions, for a smoke check

Each ``bench/bench_*.py`` exposes ``measure(quick) -> dict`` whose ``summary`` holds its headline
figures, each measured in the same run as what it is compared with (compile vs json.loads, our
page vs a bare handshake page vs the official example app, proxy vs direct, …). Benches run one
after another, each in its own process (so one's memory or a crash cannot skew another); the
table is their summaries, the JSON beside it every raw number.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
BENCHES = (
    ("bench_compile", "Compile: normalize + compile per corpus tool, beside json.loads"),
    ("bench_start", "Start-up: compile-ui tool.json beside the floor (python -c 'import json')"),
    ("bench_page", "Page: size per tool, beside the official example apps; time to initialized in Chromium"),
    ("bench_views", "Result views: 10 000-row table, tool-result to painted"),
    ("bench_spec", "LayoutSpec size vs page size (what a model writes here vs by hand)"),
    ("bench_proxy", "Proxy: tools/call through the proxy vs direct; resources/read; memory"),
    ("bench_hosts", "Host sessions: MCP Inspector CLI and the TypeScript client, direct vs through the proxy"),
    ("bench_loop", "Closing the loop: _ui_render click to result; update-model-context payloads"),
)
RUNNER = "import json, sys; sys.path.insert(0, 'bench'); import {name} as b; print(json.dumps(b.measure(quick={quick})))"


def run_bench(name: str, quick: bool, timeout: int) -> dict[str, Any]:
    if not (ROOT / "bench" / f"{name}.py").exists():
        return {"error": "not present"}
    try:
        done = subprocess.run(
            [sys.executable, "-c", RUNNER.format(name=name, quick=quick)],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {timeout} s"}
    if done.returncode != 0:
        return {"error": (done.stderr.strip().splitlines() or [f"exit status {done.returncode}"])[-1]}
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def machine() -> dict[str, Any]:
    cpu = "unknown"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()}


def markdown(results: dict[str, Any], info: dict[str, Any], quick: bool) -> str:
    lines = [
        "# Performance",
        "",
        f"Measured {info['date']} on {info['machine']['cpu']} ({info['machine']['cores']} cores), "
        f"Python {info['machine']['python']}, by `python bench/report.py{' --quick' if quick else ''}`. "
        "Every comparison in a row was measured in the same run. Raw numbers: "
        "[performance.json](performance.json).",
        "",
        "Dated measurements of single changes, and where their time goes: "
        "[performance-history.md](performance-history.md) (written by hand; this command never touches it).",
        "",
    ]
    for name, title in BENCHES:
        result = results[name]
        lines += [f"## {title}", "", f"`bench/{name}.py`", ""]
        if "error" in result:
            lines += [f"_Not measured: {result['error']}._", ""]
            continue
        lines += ["| figure | value |", "|---|---|"]
        for label, value in result.get("summary", {}).items():
            lines.append(f"| {label} | {_cell(value)} |")
        lines.append("")
    return "\n".join(lines)


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:,.3f}".rstrip("0").rstrip(".") if abs(value) < 1000 else f"{value:,.0f}"
    return str(value).replace("|", "\\|")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="few repetitions (smoke check)")
    parser.add_argument("--out", default=str(ROOT / "docs"), help="directory for performance.md/json")
    parser.add_argument("--timeout", type=int, default=1200, help="seconds per bench")
    args = parser.parse_args()
    info = {"date": datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC"), "machine": machine()}
    results = {}
    for name, _title in BENCHES:
        print(f"running {name} …", file=sys.stderr, flush=True)
        results[name] = run_bench(name, args.quick, args.timeout)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    (out / "performance.json").write_text(json.dumps({"info": info, "results": results}, indent=1) + "\n")
    (out / "performance.md").write_text(markdown(results, info, args.quick))
    print(f"wrote {out / 'performance.md'} and performance.json", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
