"""axe-core (npm, pinned in tests/js) run inside a page's frame: its WCAG 2 A and AA rules.

    violations(frame)   → [{"id", "impact", "nodes": [target, …]}, …] ([] : none)

The page's CSP runs no script but its own (by hash): axe is evaluated through the browser's
debugging protocol (Playwright's ``evaluate``), which a page's policy does not govern, so nothing
is added to the page and the page is checked as a host shows it.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

AXE = Path(__file__).resolve().parents[1] / "js" / "node_modules" / "axe-core" / "axe.min.js"
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]


@cache
def _source() -> str:
    return AXE.read_text(encoding="utf-8")


def violations(frame: Any) -> list[dict[str, Any]]:
    """The WCAG 2.x A/AA violations axe finds in ``frame``'s document, each with the targets of its nodes."""
    # axe's source is the function's own body (compiled by the protocol, not by the page's eval).
    found: list[dict[str, Any]] = frame.evaluate(
        "async (rules) => { if (!window.axe) {\n" + _source() + "\n}"
        " const result = await window.axe.run(document, { runOnly: { type: 'tag', values: rules } });"
        " return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(' ')) })); }",
        RULES,
    )
    return found
