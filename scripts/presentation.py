"""The pictures and figures of issue 49 (pages that present, not dump): field recordings rendered
as a host shows a run the model started, in headless Chromium under the official AppBridge
(tests/harness/apphost.py), before and after a change of the runtime or the layout.

    .venv/bin/python scripts/presentation.py pictures [--label after] [NAME ...]
    .venv/bin/python scripts/presentation.py pictures --at 9cf3a20          # label "before"
    .venv/bin/python scripts/presentation.py figures  [--against DIR | --at COMMIT] [--label L]

Every page is shown the same way: built for the recorded tool (``build_page``), in an 800 px wide
frame of a host that offers only the MCP Apps minimum (tools, no ``serverResources``: the page
reads nothing), locale en-GB; the host sends the recorded arguments (``ui/notifications/
tool-input``) and then the recorded result (``tool-result``; a JSON-RPC error as the error
result a host makes of it), as a host does when the model called the tool. The page is measured
and pictured once its result view is drawn and ten frames have passed.

``pictures``: five recordings of the field corpus — the official MCP Apps examples the issue
compares with (budget allocator, scenario modeler, cohort heatmap, system monitor) and a
PostgreSQL query of the sales table — each at the full height the page asks the host for, light
and dark, into ``docs/gallery/presentation/<name>-<label>-<theme>.png`` (NAME keeps only those).
The README's gallery shows them; ``before`` is the code before issue 49, ``after`` this tree's.

``figures``: over the whole field corpus (``fixtures/field/*.json``, the recordings today's views
show right; not ``fixtures/field-pending/``), light only:

* the share of pages whose result starts within the first 600 px of the frame: the top of the
  result's box (``section.result``, render.py's ``visit_ResultView``, which the runtime shows and
  fills) from the top of the document;
* the numbers drawn in the result with more than 4 decimals: ``-?\\d[\\d,]*\\.\\d{5,}`` in the
  result box's text nodes that are drawn (a closed ``<details>``, a hidden tab, the raw JSON
  folded away count nothing), and how many pages draw one;
* the median of the pages' heights (the height each asks the host for, ``size-changed``).

They are printed and written to ``out/presentation-figures.json`` under the label (the file
keeps the other labels' figures: before and after side by side), with each page's own.

``--against DIR`` builds the pages with another tree of the repository (its own compiler and
runtime, in a worker process: cwd DIR, DIR first on ``sys.path``); ``--at COMMIT`` makes that tree
from a commit of this repository (``git archive`` into a temporary folder), so that the BEFORE
pictures and figures can always be made again from the commit before the change. The host, the
browser and the measuring are this tree's either way. ``--label`` names the pictures and the
figures: ``before`` with ``--against``/``--at``, ``after`` without, unless given.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
# gallery puts this checkout's ROOT and tests/ first on sys.path (its harness, not an installed copy)
from gallery import FIELD, PENDING, PLAIN, ROOT, snap  # noqa: E402

from harness import reach  # noqa: E402
from harness.apphost import AppHost, Browser  # noqa: E402

WIDTH = 800
TOP = 600  # px: a result that starts above this line is on the first screen
THEMES = ("light", "dark")
LOCALE = "en-GB"
TOOLS_ONLY: dict[str, Any] = {"serverTools": {}}  # what a host must offer for a page to run its tool; nothing more
PICTURES_DIR = ROOT / "docs" / "gallery" / "presentation"
FIGURES_FILE = ROOT / "out" / "presentation-figures.json"
NOISE = r"-?\d[\d,]*\.\d{5,}"

# name in the gallery -> recording (fixtures/field or, shown wrongly today, fixtures/field-pending)
PICTURES = {
    "budget-allocator": "budget-allocator__get-budget-data",
    "scenario-modeler": "scenario-modeler__get-scenario-data",
    "cohort-heatmap": "cohort-heatmap__get-cohort-data",
    "system-monitor": "system-monitor__poll-system-stats",
    "postgres-sales": "postgres__query",
}

# Builds the page of each tool read from stdin (a JSON list) with the tree it runs in: its own
# compiler, runtime and messages, not this checkout's (which may be another version of them).
WORKER = """
import json, sys
sys.path[0] = sys.argv[1]
from compiler.pipeline import build_page
json.dump([build_page(tool) for tool in json.load(sys.stdin)], sys.stdout)
"""

# In the frame, once the result is drawn: where the result's box starts, the page's height, and
# the noisy numbers of its drawn text.
MEASURE_JS = """(noise) => {
  const box = document.querySelector('section.result') || document.getElementById('result');
  const out = {top: null, scrollHeight: document.documentElement.scrollHeight, noisy: []};
  if (!box) return out;
  out.top = box.getBoundingClientRect().top + window.scrollY;
  const pattern = new RegExp(noise, 'g'), range = document.createRange();
  const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const found = node.data.match(pattern);
    if (!found) continue;
    const parent = node.parentElement;
    if (!parent || !parent.checkVisibility({checkOpacity: true, checkVisibilityCSS: true})) continue;
    range.selectNodeContents(node);
    if (![...range.getClientRects()].some((r) => r.width > 0 && r.height > 0)) continue;
    out.noisy.push(...found);
  }
  return out;
}"""


@dataclass
class Recording:
    """One field recording: its name (the file's stem), tool, arguments and the result as a host
    shows it."""

    name: str
    tool: dict[str, Any]
    arguments: dict[str, Any]
    result: dict[str, Any]


def recording(path: Path) -> Recording:
    entry = json.loads(path.read_text(encoding="utf-8"))
    return Recording(path.stem, entry["tool"] or PLAIN, entry.get("arguments") or {}, reach.shown_result(entry))


def find(stem: str) -> Recording:
    """A recording by name, in fixtures/field or fixtures/field-pending."""
    for folder in (FIELD, PENDING):
        if (folder / f"{stem}.json").exists():
            return recording(folder / f"{stem}.json")
    raise SystemExit(f"no recording {stem}.json in {FIELD.relative_to(ROOT)} nor {PENDING.relative_to(ROOT)}")


# --------------------------------------------------------------------------- the pages


def build_pages(tree: Path, tools: list[dict[str, Any]]) -> list[str]:
    """The page of each tool as ``tree`` (a checkout of this repository) builds it."""
    done = subprocess.run([sys.executable, "-c", WORKER, str(tree)], cwd=tree, input=json.dumps(tools),
                          capture_output=True, text=True, env={**os.environ, "PYTHONPATH": str(tree)})
    if done.returncode:
        raise SystemExit(f"building the pages with {tree} failed:\n{done.stderr[-2000:]}")
    pages: list[str] = json.loads(done.stdout)
    return pages


@contextmanager
def tree_at(commit: str) -> Iterator[Path]:
    """This repository's tree at ``commit``, in a temporary folder (``git archive``)."""
    with tempfile.TemporaryDirectory(prefix="compile-ui-at-") as tmp:
        archive = Path(tmp) / "tree.tar"
        subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", "-o", str(archive), commit], check=True)
        with tarfile.open(archive) as tar:
            tar.extractall(Path(tmp) / "tree", filter="data")
        yield Path(tmp) / "tree"


def commit_of(tree: Path) -> str | None:
    """The commit a checkout is at (None for a tree that is no git checkout of its own)."""
    done = subprocess.run(["git", "-C", str(tree), "rev-parse", "--show-toplevel", "HEAD"], capture_output=True, text=True)
    lines = done.stdout.split()
    return lines[1] if done.returncode == 0 and Path(lines[0]).resolve() == tree.resolve() else None


def show(browser: Browser, html: str, rec: Recording, theme: str) -> AppHost:
    """The page in a tools-only host, sent the recorded arguments and then the result, drawn."""
    host = browser.new_host(html, host_context={"theme": theme, "locale": LOCALE}, width=WIDTH, height=400,
                            host_capabilities=TOOLS_ONLY, reads=False)
    try:
        host.wait_initialized()
        host.send_tool_input(rec.arguments)
        host.send_tool_result(rec.result)
        host.frame.wait_for_selector("#result .result-body .view")
        host.wait_frames()  # painted, and the size report followed the result
    except Exception:
        host.close()
        raise
    return host


# --------------------------------------------------------------------------- pictures


def pictures(tree: Path, label: str, names: list[str]) -> list[Path]:
    chosen = {name: stem for name, stem in PICTURES.items() if not names or name in names}
    recs = {name: find(stem) for name, stem in chosen.items()}
    pages = dict(zip(recs, build_pages(tree, [r.tool for r in recs.values()]), strict=True))
    PICTURES_DIR.mkdir(parents=True, exist_ok=True)
    shots = []
    browser = Browser()
    try:
        for name, rec in recs.items():
            for theme in THEMES:
                host = show(browser, pages[name], rec, theme)
                try:
                    path = PICTURES_DIR / f"{name}-{label}-{theme}.png"
                    snap(host, path)
                    shots.append(path)
                    print(f"{path.relative_to(ROOT)}  ({rec.name}, {path.stat().st_size // 1024} KB)")
                finally:
                    host.close()
    finally:
        browser.close()
    return shots


# --------------------------------------------------------------------------- figures


def measure(browser: Browser, html: str, rec: Recording) -> dict[str, Any]:
    host = show(browser, html, rec, "light")
    try:
        seen: dict[str, Any] = host.frame.evaluate(MEASURE_JS, NOISE)
        sizes = host.size_reports
        height = sizes[-1]["height"] if sizes else seen["scrollHeight"]
        return {"recording": rec.name, "result_top": seen["top"], "height": height, "noisy": seen["noisy"]}
    finally:
        host.close()


def summarize(pages: list[dict[str, Any]]) -> dict[str, Any]:
    tops = [p["result_top"] for p in pages if p["result_top"] is not None]
    first = sum(1 for t in tops if t < TOP)
    noisy = [p for p in pages if p["noisy"]]
    return {
        "pages": len(pages),
        f"result within the first {TOP} px": first,
        f"share of pages whose result starts within the first {TOP} px": round(first / len(pages), 3),
        "result top, median (px)": statistics.median(tops),
        "numbers drawn with more than 4 decimals": sum(len(p["noisy"]) for p in pages),
        "pages drawing such a number": len(noisy),
        "page height, median (px)": statistics.median(p["height"] for p in pages),
        "page height, max (px)": max(p["height"] for p in pages),
        "noisiest pages": [f"{p['recording']}: {len(p['noisy'])} (e.g. {p['noisy'][0]})"
                           for p in sorted(noisy, key=lambda p: -len(p["noisy"]))[:10]],
    }


def figures(tree: Path, label: str, commit: str | None) -> dict[str, Any]:
    recs = [recording(p) for p in sorted(FIELD.glob("*.json"))]
    pages = build_pages(tree, [r.tool for r in recs])
    browser = Browser()
    try:
        measured = [measure(browser, html, rec) for html, rec in zip(pages, recs, strict=True)]
    finally:
        browser.close()
    source = str(tree) if commit is None or commit_of(tree) else f"git archive {commit}"
    out = {"tree": source, "commit": commit, "width": WIDTH, **summarize(measured), "each": measured}
    FIGURES_FILE.parent.mkdir(parents=True, exist_ok=True)
    kept = json.loads(FIGURES_FILE.read_text(encoding="utf-8")) if FIGURES_FILE.exists() else {}
    kept[label] = out
    FIGURES_FILE.write_text(json.dumps(kept, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    for key, value in out.items():
        if key != "each":
            print(f"{key}: {value}" if not isinstance(value, list) else f"{key}:\n  " + "\n  ".join(value))
    print(f"written under {label!r} to {FIGURES_FILE.relative_to(ROOT)}")
    return out


# --------------------------------------------------------------------------- main


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["pictures", "figures"])
    parser.add_argument("names", nargs="*", help=f"pictures only: some of {', '.join(PICTURES)}")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--against", type=Path, help="build the pages with this tree of the repository")
    where.add_argument("--at", metavar="COMMIT", help="build the pages with this repository at COMMIT")
    parser.add_argument("--label", choices=["before", "after"], help="default: before with --against/--at, else after")
    args = parser.parse_intermixed_args(argv)
    if args.names and args.what != "pictures" or set(args.names) - set(PICTURES):
        parser.error(f"names are for pictures, some of: {', '.join(PICTURES)}")
    label = args.label or ("before" if args.against or args.at else "after")
    if args.at:
        commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", args.at], capture_output=True, text=True, check=True).stdout.strip()
        with tree_at(commit) as tree:
            run(args.what, tree, commit, label, args.names)
    else:
        tree = (args.against or ROOT).resolve()
        run(args.what, tree, commit_of(tree), label, args.names)
    return 0


def run(what: str, tree: Path, commit: str | None, label: str, names: list[str]) -> None:
    if what == "pictures":
        pictures(tree, label, names)
    else:
        figures(tree, label, commit)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
