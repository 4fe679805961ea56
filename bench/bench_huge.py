"""Huge schemas: compile time, page size and time to ``initialized`` in Chromium.

    python bench/bench_huge.py [--repeat N]

Tools with thousands of fields (objects of string fields; a flat list of integers; a 50 MB
schema) fold past 300 fields (compiler/compile/budget.py). For each: the schema's size, the
time ``build_page`` takes, the page's size, and the median time from ``srcdoc`` to the host's
``oninitialized`` through the official AppBridge in headless Chromium (target: under 2 s).
Before folding, a 5.2 MB schema gave a 16.5 MB page Chromium had not loaded after 120 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

from needs import require  # noqa: E402

require(__file__, "browser")
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from compiler.pipeline import build_page  # noqa: E402
from harness.apphost import Browser  # noqa: E402


def wide(objects: int, each: int, scalars: int = 0, pad: int = 0) -> dict[str, Any]:
    props = {
        f"o{i}": {"type": "object", "properties": {f"q{j}": {"type": "string", "description": "d" * pad} for j in range(each)}}
        for i in range(objects)
    }
    props.update({f"s{i}": {"type": "integer", "description": "d" * pad} for i in range(scalars)})
    return {"name": "huge", "inputSchema": {"type": "object", "properties": props}}


CASES = {
    "250 objects x 20 strings": wide(250, 20),
    "2 500 objects x 20 strings": wide(2_500, 20, pad=50),
    "100 000 integers, 50 MB": wide(0, 0, scalars=100_000, pad=480),
}


def main() -> None:
    args = argparse.ArgumentParser()
    args.add_argument("--repeat", type=int, default=5)
    repeat = args.parse_args().repeat
    browser = Browser()
    try:
        for name, tool in CASES.items():
            schema = len(json.dumps(tool))
            start = time.perf_counter()
            page = build_page(tool)
            compiled = time.perf_counter() - start
            host = browser.new_host(page)
            init = [host.wait_initialized()]
            for _ in range(repeat - 1):
                host.reload(page)
                init.append(host.wait_initialized())
            host.close()
            print(f"{name:<28} schema {schema / 1e6:7.2f} MB  build_page {compiled * 1000:7.0f} ms  "
                  f"page {len(page.encode()) / 1e3:7.1f} KB  to initialized {statistics.median(init):6.0f} ms (median of {repeat})")
    finally:
        browser.close()


if __name__ == "__main__":
    main()
