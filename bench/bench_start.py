"""Start-up: ``compile-ui tool.json`` on a small tool, beside the floor ``python -c "import json"``.

    python bench/bench_start.py [--repeat N]

Wall time of whole processes (interleaved, median of N). Target (issue 17): the command within
2x the floor plus 60 ms. Also prints what the command imports that the floor does not, by
cumulative import time (``python -X importtime``), largest first.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOOL = ROOT / "fixtures" / "tools" / "pydantic_optional.json"
FLOOR = [sys.executable, "-c", "import json"]
COMMAND = [sys.executable, "-m", "compiler", str(TOOL)]
HTML = [sys.executable, "-m", "compiler", str(TOOL), "--html", os.devnull]


def wall(argv: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, cwd=ROOT)
    return (time.perf_counter() - start) * 1000


def imports(argv: list[str]) -> list[tuple[int, str]]:
    done = subprocess.run([argv[0], "-X", "importtime", *argv[1:]], capture_output=True, text=True, cwd=ROOT, check=True)
    rows = []
    for line in done.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and parts[1].strip().isdigit() and not parts[2].startswith("   "):
            rows.append((int(parts[1]), parts[2].strip()))
    return sorted(rows, reverse=True)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=15)
    repeat = parser.parse_args().repeat
    runs: dict[str, list[float]] = {"floor": [], "compile-ui tool.json": [], "compile-ui tool.json --html": []}
    for argv in (FLOOR, COMMAND, HTML):  # warm the OS caches
        wall(argv)
    for _ in range(repeat):
        for name, argv in zip(runs, (FLOOR, COMMAND, HTML)):
            runs[name].append(wall(argv))
    floor = statistics.median(runs["floor"])
    for name, times in runs.items():
        print(f"{name:<30} {statistics.median(times):7.1f} ms (median of {repeat})")
    print(f"target for compile-ui tool.json: 2 x floor + 60 ms = {2 * floor + 60:.1f} ms")
    print("top-level imports of compile-ui tool.json (cumulative µs):")
    for micros, name in imports(COMMAND)[:10]:
        print(f"  {micros:>8}  {name}")


if __name__ == "__main__":
    main()
