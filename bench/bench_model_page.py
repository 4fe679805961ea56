"""First pages with the model path, alone (``bench_proxy.py`` measures them among the rest):

    python bench/bench_model_page.py [--runs N]

A proxy with a key asked for a page soon after start (the SDK still importing), beside a proxy
without a key; when the model's page is announced; another tool's first page once the model is
ready. Fake model endpoint answering in ``FAKE_MODEL_DELAY_S``. Targets (issue 42): the first page
≤ the heuristic's + 50 ms; once ready, ≤ the model + 50 ms. Medians of N runs (default 5).
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile

from bench_proxy import FAKE_MODEL_DELAY_S, MODEL_READY_AFTER_S, llm_first_read


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = []
    for _ in range(parser.parse_args().runs):
        with tempfile.TemporaryDirectory() as cache_dir:
            runs.append(asyncio.run(llm_first_read(cache_dir)))

    def median(key: str) -> str:
        values = [r[key] for r in runs if r[key] is not None]
        return f"{statistics.median(values):7.1f} ms" if values else "  never"

    print(f"fake model answering in {FAKE_MODEL_DELAY_S * 1000:.0f} ms; medians of {len(runs)} runs")
    print(f"first page with a key, asked soon after start     {median('first_ms')}")
    print(f"first page without a key (the heuristic's)          {median('heuristic_first_ms')}")
    print(f"model's page announced after the first read         {median('landed_ms')}")
    print(f"page read after that is the model's                 {sum(r['model_page_after'] for r in runs)}/{len(runs)}")
    print(f"another tool's first page, {MODEL_READY_AFTER_S:g} s after start      {median('later_first_ms')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
