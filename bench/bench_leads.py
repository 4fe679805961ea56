"""Links and paging over long tool lists (issue 41): the cost of reading a list once and of
every tool's leads, as the list grows.

    python bench/bench_leads.py [N ...]      (default: 100 1000 3000)

Each list is the corpus's tools repeated under new names (so links and entities recur as on a big
server) plus generated CRUD tools (list_X/get_X/delete_X). Prints, per size: index (ms), leads of
every tool (ms, and per tool in µs), links found, and `compile` of every tool with the list
beside `compile` alone (ms): the difference is what issue 41 adds to a whole-list compile.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.compile.leads import index, leads  # noqa: E402
from compiler.pipeline import compile  # noqa: E402

CORPUS = ROOT / "fixtures" / "corpus" / "tools"


def tool_list(n: int) -> list[dict[str, Any]]:
    base = [t for path in sorted(CORPUS.glob("*.json")) for t in json.loads(path.read_text())["tools"]]
    out: list[dict[str, Any]] = []
    i = 0
    while len(out) < n:
        entity = f"thing{i}"
        out.append({"name": f"list_{entity}s", "inputSchema": {"type": "object", "properties": {"cursor": {"type": "string"}}},
                    "outputSchema": {"type": "object", "properties": {
                        "items": {"type": "array", "items": {"type": "object", "properties": {"id": {"type": "string"}, f"{entity}_id": {"type": "string"}}}},
                        "next_cursor": {"type": "string"}}}})
        out.append({"name": f"get_{entity}", "inputSchema": {"type": "object", "properties": {f"{entity}_id": {"type": "string"}}, "required": [f"{entity}_id"]}})
        out.append({"name": f"delete_{entity}", "inputSchema": {"type": "object", "properties": {f"{entity}_id": {"type": "string"}}, "required": [f"{entity}_id"]}})
        out.extend({**t, "name": f"{t['name']}_{i}"} for t in base[: max(0, min(len(base), n - len(out)))])
        i += 1
    return out[:n]


def best(f: Callable[[], object], rounds: int = 3) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return min(times) * 1000


def main(sizes: list[int]) -> None:
    print(f"{'tools':>6} {'index ms':>9} {'leads ms':>9} {'µs/tool':>8} {'links':>6} {'compile+list ms':>16} {'compile alone ms':>17}")
    for n in sizes:
        print(row(n, tool_list(n)))


def row(n: int, tools: list[dict[str, Any]]) -> str:
    t_index = best(lambda: index(tools))
    listed = index(tools)
    t_leads = best(lambda: [leads(t, listed) for t in tools])
    links = sum(len(p.links) for t in tools if (p := leads(t, listed)))
    t_with = best(lambda: [compile(t, listed) for t in tools], 1)
    t_alone = best(lambda: [compile(t) for t in tools], 1)
    return f"{n:>6} {t_index:>9.1f} {t_leads:>9.1f} {t_leads * 1000 / n:>8.0f} {links:>6} {t_with:>16.0f} {t_alone:>17.0f}"

if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [100, 1000, 3000])
