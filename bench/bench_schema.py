"""Validating trees against the published ``components/schema.json`` with python-jsonschema.

    python bench/bench_schema.py

Prints, for every golden tree and for synthetic trees of growing depth and breadth, the size,
the time one ``Draft202012Validator.iter_errors`` pass takes, and microseconds per node: the last
column stays flat when validation is linear in the tree's size (the node union dispatches on
``type``; the earlier ``anyOf`` union took 232 s for the 5 KB kitchen_sink golden).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any

import jsonschema

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "components" / "schema.json").read_text(encoding="utf-8"))


def nested(depth: int) -> dict[str, Any]:
    node: dict[str, Any] = {"type": "TextField", "id": "leaf", "props": {"bind": "/x", "label": "L"}}
    for i in range(depth):
        node = {"type": "ObjectField", "id": f"o{i}", "props": {"bind": "/x", "label": "O"}, "children": [node]}
    return {"type": "Form", "id": "form", "props": {"toolName": "t"}, "children": [node]}


def wide(count: int) -> dict[str, Any]:
    fields = [{"type": "TextField", "id": f"f{i}", "props": {"bind": f"/f{i}", "label": "F"}} for i in range(count)]
    return {"type": "Form", "id": "form", "props": {"toolName": "t"}, "children": fields}


def nodes(tree: dict[str, Any]) -> int:
    return 1 + sum(nodes(c) for c in tree.get("children", ()))


def measure(name: str, tree: dict[str, Any], validator: jsonschema.Draft202012Validator) -> None:
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        errors = list(validator.iter_errors(tree))
        best = min(best, time.perf_counter() - start)
    assert not errors, (name, errors[0].message)
    size, count = len(json.dumps(tree)), nodes(tree)
    print(f"{name:<28} {size:>9} B {count:>6} nodes {best * 1000:>9.2f} ms {best * 1e6 / count:>8.1f} µs/node")


def main() -> None:
    sys.setrecursionlimit(20_000)
    validator = jsonschema.Draft202012Validator(SCHEMA)
    print(f"python-jsonschema {jsonschema.__name__} against components/schema.json (best of 3)")
    for path in sorted((ROOT / "fixtures" / "golden").glob("*.tree.json")):
        measure(path.stem, json.loads(path.read_text(encoding="utf-8")), validator)
    for depth in (25, 50, 100, 200):
        measure(f"nested depth {depth}", nested(depth), validator)
    for count in (250, 500, 1000, 2000):
        measure(f"wide {count} fields", wide(count), validator)


if __name__ == "__main__":
    main()
