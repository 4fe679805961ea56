"""Build the shipped runtime: ``python -m runtime_js.build`` (after editing any runtime source).

Writes each module's words into its ``.js`` from the catalog (``runtime_js.words``), then
minifies each module's ``.js`` and ``.css`` on its own with esbuild (``--minify``; the version
pinned in tests/js/package-lock.json, so the bytes are reproducible) and writes
``<name>.min.js``, ``<name>.min.css`` and ``bundle.sources.txt`` (the sources' sha256) beside the
sources. Needs ``npm ci`` in tests/js. Minification only renames locals and drops whitespace
(names at a module's top level, such as ``el`` and ``CU``, are kept: the modules share them); the
e2e tests run against these exact bytes.
"""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

from . import BUNDLE_SOURCES, MODULES, catalog, sources_digest

HERE = Path(__file__).resolve().parent
ESBUILD = HERE.parent / "tests" / "js" / "node_modules" / ".bin" / "esbuild"


def minify(text: str, loader: str) -> str:
    done = subprocess.run(
        [str(ESBUILD), f"--loader={loader}", "--minify", "--charset=utf8", "--log-level=warning"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.strip("\n") + "\n"


def _write(name: str, text: str) -> None:
    tmp = HERE / f".{name}.{os.getpid()}"
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(HERE / name)


def build() -> None:
    if not ESBUILD.exists():
        raise SystemExit(f"{ESBUILD} missing: run `npm ci` in tests/js")
    disagree = catalog.problems()
    if disagree:  # a kind the runtime would not build (or builds under another category)
        raise SystemExit("runtime and components/catalog.json disagree:\n  " + "\n  ".join(disagree))
    for module in MODULES:
        for kind in ("js", "css"):
            text = minify(module.worded(kind), kind)
            _write(f"{module.name}.min.{kind}", text)
            size = len(text.encode())
            print(f"{module.name}.min.{kind:<3} {size:6} bytes, {len(gzip.compress(text.encode(), 9)):5} gzipped", file=sys.stderr)
    _write(BUNDLE_SOURCES, sources_digest() + "\n")


if __name__ == "__main__":
    build()
