"""Start-up: ``compile-ui tool.json`` on a small tool, beside the floor ``python -c "import json"``.

    python bench/bench_start.py [--repeat N] [--against OTHER_TREE]

Wall time of whole processes (interleaved, median of N), and their CPU time, user + system, to
the microsecond (steadier on a shared machine). Target (issue 42): the command within the floor + 35 ms. The tool (``pydantic_optional``) has ``$ref``s, as most pydantic-made
tools do; the same command on a tool without any (``with_output``) shows what resolving them
costs at start-up (pointer references in a document that embeds no other resource are followed
without ``referencing``, which is imported only for a reference that needs it). Also prints what
the command imports that the floor does not, by cumulative import time (``python -X importtime``),
largest first.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "fixtures" / "tools" / "pydantic_optional.json"
NO_REF_TOOL = ROOT / "fixtures" / "tools" / "with_output.json"
COMMANDS = {
    "floor: python -c 'import json'": [sys.executable, "-c", "import json"],
    "compile-ui tool.json": [sys.executable, "-m", "compiler", str(TOOL)],
    "compile-ui tool.json --html": [sys.executable, "-m", "compiler", str(TOOL), "--html", os.devnull],
    "compile-ui tool.json, a tool without $ref": [sys.executable, "-m", "compiler", str(NO_REF_TOOL)],
}
FLOOR, COMMAND = "floor: python -c 'import json'", "compile-ui tool.json"
ENV = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
"""The commands run as installed, from bytecode: with PYTHONDONTWRITEBYTECODE set (as in some
shells and CI images) a working tree's modules were compiled from source on every run (compile-ui
tool.json 170 ms instead of 105, the floor unchanged). The first, warming run writes the .pyc."""


def wall(argv: list[str], env: dict[str, str] = ENV, cwd: Path = ROOT) -> tuple[float, float]:
    """(wall ms, CPU ms) of one run of ``argv``: its user + system time from ``wait4``, which
    Linux keeps to the microsecond (their sum is the scheduler's own runtime; ``os.times()``
    counts whole 10 ms ticks), and which a loaded machine inflates far less than the wall."""
    start = time.perf_counter()
    child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, cwd=cwd, env=env)
    _, status, usage = os.wait4(child.pid, 0)
    took = (time.perf_counter() - start) * 1000
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        raise subprocess.CalledProcessError(child.returncode, argv)
    return took, (usage.ru_utime + usage.ru_stime) * 1000


def imports(argv: list[str]) -> list[tuple[int, str]]:
    done = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], capture_output=True, text=True, cwd=ROOT, check=True, env=ENV)
    rows = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit() and not parts[2].startswith("   "):
            rows.append((int(parts[1]), parts[2].strip()))
    return sorted(rows, reverse=True)


def measure(quick: bool = False, repeat: int | None = None, against: Path | None = None) -> dict[str, Any]:
    """``against``: another tree of compile-ui (a worktree of an older commit), whose
    ``compile-ui tool.json`` runs interleaved with the others, imported from there."""
    repeat = repeat or (5 if quick else 21)
    commands = {name: (argv, ENV, ROOT) for name, argv in COMMANDS.items()}
    if against is not None:  # run from there: ``-m`` puts the working directory first on sys.path
        commands[f"{COMMAND} ({against.name})"] = (COMMANDS[COMMAND], {**ENV, "PYTHONPATH": str(against)}, against)
    runs: dict[str, list[float]] = {name: [] for name in commands}
    cpu: dict[str, list[float]] = {name: [] for name in commands}
    for argv, env, cwd in commands.values():  # warm the OS caches
        wall(argv, env, cwd)
    for _ in range(repeat):
        for name, (argv, env, cwd) in commands.items():
            took, user = wall(argv, env, cwd)
            runs[name].append(took)
            cpu[name].append(user)
    medians = {name: round(statistics.median(times), 1) for name, times in runs.items()}
    cpu_medians = {name: round(statistics.median(times), 1) for name, times in cpu.items()}
    target = round(medians[FLOOR] + 35, 1)
    summary: dict[str, float | str] = {f"{name} (ms, median of {repeat})": value for name, value in medians.items()}
    summary["compile-ui tool.json - floor (ms; target ≤ 35)"] = round(medians[COMMAND] - medians[FLOOR], 1)
    summary["the same in CPU, user + system (ms)"] = round(cpu_medians[COMMAND] - cpu_medians[FLOOR], 1)
    summary["compile-ui tool.json within target"] = "yes" if medians[COMMAND] <= target else "no"
    top = imports(COMMANDS[COMMAND])[:10]
    return {"repeat": repeat, "medians_ms": medians, "cpu_medians_ms": cpu_medians, "runs_ms": runs, "target_ms": target,
            "imports_us": dict((name, micros) for micros, name in top), "summary": summary}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--against", type=Path, help="another compile-ui tree, run interleaved (before/after)")
    args = parser.parse_args()
    result = measure(repeat=args.repeat, against=args.against)
    for name, value in result["medians_ms"].items():
        print(f"{name:<44} {value:7.1f} ms, CPU {result['cpu_medians_ms'][name]:6.1f} ms (medians of {result['repeat']})")
    floor, ours = result["medians_ms"][FLOOR], result["medians_ms"][COMMAND]
    print(f"compile-ui tool.json: floor {floor:.1f} ms, ours {ours:.1f} ms, difference {ours - floor:.1f} ms (target ≤ 35); "
          f"CPU difference {result['cpu_medians_ms'][COMMAND] - result['cpu_medians_ms'][FLOOR]:.1f} ms")
    print("top-level imports of compile-ui tool.json (cumulative µs):")
    for name, micros in result["imports_us"].items():
        print(f"  {micros:>8}  {name}")


if __name__ == "__main__":
    main()
