"""Regenerate fixtures/golden/*.tree.json from fixtures/tools/*.json, and the page goldens
fixtures/golden/*.page.html of ``PAGES`` (review the diff, then commit). A page golden holds the
whole page, runtime included: it changes with every runtime build, on purpose.

    python scripts/update_goldens.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import msgspec

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from compiler.pipeline import build_page, compile_tool  # noqa: E402
from compiler.tools import load_tools  # noqa: E402


def golden(path: Path) -> bytes:
    ((_, tool),) = load_tools(path.read_bytes(), path.name)
    return msgspec.json.format(msgspec.json.encode(compile_tool(tool)), indent=2) + b"\n"


PAGES = ("kitchen_sink", "with_output", "draft07")
"""Fixtures whose whole page (bytes) is a golden too."""


def page_golden(path: Path) -> bytes:
    ((_, tool),) = load_tools(path.read_bytes(), path.name)
    return build_page(tool).encode()


def main() -> int:
    out = ROOT / "fixtures" / "golden"
    out.mkdir(exist_ok=True)
    for path in sorted((ROOT / "fixtures" / "tools").glob("*.json")):
        (out / f"{path.stem}.tree.json").write_bytes(golden(path))
        print(f"wrote fixtures/golden/{path.stem}.tree.json")
        if path.stem in PAGES:
            (out / f"{path.stem}.page.html").write_bytes(page_golden(path))
            print(f"wrote fixtures/golden/{path.stem}.page.html")
    return 0


if __name__ == "__main__":
    sys.exit(main())
