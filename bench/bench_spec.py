"""LayoutSpec size against page size, per corpus tool: what a model writes here vs by hand.

    python bench/bench_spec.py

For each tool: the heuristic spec, and a "full" spec that names everything a spec can name
(every top-level field in order, every widget choice, the output view with all its columns and a
chart when one is possible) — the most a model would ever have to write. Sizes in bytes and in
tokens (bytes / 4: offline, no tokenizer), beside the bytes of the page the spec produces — the
HTML a model would have had to write by hand to get the same page. Target: every full spec
≤ 400 output tokens.
"""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.compile import compile_tree  # noqa: E402
from compiler.layout import LayoutSpec, check_spec, heuristic_spec, spec_json  # noqa: E402
from compiler.layout.choices import choices  # noqa: E402
from compiler.pipeline import build_page  # noqa: E402
from compiler.tools import load_tools  # noqa: E402
from components.nodes import App  # noqa: E402

CORPUS = ROOT / "fixtures" / "corpus" / "tools"


def full_spec(tree: App, tool: dict[str, Any]) -> LayoutSpec:
    offer = choices(tree)
    heuristic = heuristic_spec(tree, tool)
    value = spec_json(heuristic)
    value["title"] = (tool.get("title") or tool["name"])[:80]
    value["summary"] = (tool.get("description") or tool["name"])[:300]
    value["input"]["order"] = list(offer.fields)
    value["input"]["widgets"] = [{"field": f, "widget": options[-1]} for f, options in offer.widgets.items()]
    path = next((p for p in offer.paths if p.columns), None)
    if path is not None and value.get("output") is None:
        value["output"] = {"path": path.bind, "view": path.views[0], "columns": list(path.pointers)}
    spec, problems = check_spec(tree, value)
    return spec if spec is not None else heuristic


def size(spec: LayoutSpec) -> int:
    return len(json.dumps(spec_json(spec, exclude_defaults=True), separators=(",", ":")).encode())


def measure(quick: bool = False) -> dict[str, Any]:
    rows = {}
    for path in sorted(CORPUS.glob("*.json")):
        for _, tool in load_tools(path.read_bytes(), path.name):
            tree = compile_tree(tool)
            heuristic = heuristic_spec(tree, tool)
            full = full_spec(tree, tool)
            page = len(build_page(tool, spec=full).encode())
            rows[f"{path.stem}:{tool['name']}"] = {
                "heuristic_bytes": size(heuristic),
                "full_bytes": size(full),
                "full_tokens": round(size(full) / 4),
                "page_bytes": page,
                "page_tokens": round(page / 4),
                "page_per_spec": round(page / max(size(full), 1), 1),
            }
    full_tokens = [r["full_tokens"] for r in rows.values()]
    ratios = [r["page_per_spec"] for r in rows.values()]
    return {
        "tools": rows,
        "summary": {
            "corpus tools": len(rows),
            "full spec, median (tokens ≈ bytes/4)": statistics.median(full_tokens),
            "full spec, max (tokens; target ≤ 400)": max(full_tokens),
            "heuristic spec, median (bytes)": statistics.median(r["heuristic_bytes"] for r in rows.values()),
            "page, median (tokens ≈ bytes/4)": statistics.median(r["page_tokens"] for r in rows.values()),
            "page / full spec, median (×)": statistics.median(ratios),
            "page / full spec, min (×)": min(ratios),
        },
    }


def main() -> int:
    result = measure()
    print(f"{'tool':52} {'heur B':>7} {'full B':>7} {'full tok':>8} {'page B':>8} {'page/spec':>9}")
    for name, r in result["tools"].items():
        print(f"{name[:52]:52} {r['heuristic_bytes']:7} {r['full_bytes']:7} {r['full_tokens']:8} {r['page_bytes']:8} {r['page_per_spec']:9}")
    print()
    for label, value in result["summary"].items():
        print(f"{label:48} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
