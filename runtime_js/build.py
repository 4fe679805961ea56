"""Build the shipped runtime: ``python -m runtime_js.build`` (after editing any runtime source).

Writes each module's words into its ``.js`` from the catalog (``runtime_js.words``), then
minifies each module's ``.js`` with terser (``runtime_js/minify.mjs``: compress in three passes,
mangle locals) and its ``.css`` with esbuild (``--minify``) — both pinned in
tests/js/package-lock.json, so the bytes are reproducible — and writes ``<name>.min.js``,
``<name>.min.css`` and ``bundle.sources.txt`` (the sources' sha256) beside the sources. Needs
``npm ci`` in tests/js. Names at a module's top level (``el``, ``elAdd``, ``CU``) are kept: the
modules share them. The e2e tests run against these exact bytes.

Why terser for the JS (issue 32, page weight from the build): on the corpus's typical module set
(runtime, views, matrix, host) it gives 14 194 bytes gzipped where esbuild gave 14 688, with the
same sources; minifying a page's modules together, to rename the names they share, gave nothing
more (14 205: only three names are shared), nor did minifying their CSS together (2 806 / 2 807).

Both write ASCII only (a character outside it as an escape): the proxy holds pages and the
runtime's text as Python strings, one byte a character when all of it is ASCII and two (or four)
as soon as one character is not; issue 42's memory figure, 40.2 -> 39.1 MB.
"""

from __future__ import annotations

import gzip
import os
import subprocess
import sys
from pathlib import Path

from . import BUNDLE_SOURCES, MODULES, catalog, sources_digest, words

HERE = Path(__file__).resolve().parent
NODE_MODULES = HERE.parent / "tests" / "js" / "node_modules"
ESBUILD = NODE_MODULES / ".bin" / "esbuild"
TERSER = NODE_MODULES / "terser"


def minify(text: str, loader: str) -> str:
    """``text`` minified: JS by terser (``minify.mjs``), CSS by esbuild."""
    command = (
        ["node", str(HERE / "minify.mjs"), str(NODE_MODULES)] if loader == "js"
        else [str(ESBUILD), f"--loader={loader}", "--minify", "--log-level=warning"]
    )
    done = subprocess.run(command, input=text, capture_output=True, text=True, check=True)
    return done.stdout.strip("\n") + "\n"


def _write(name: str, text: str) -> None:
    target = HERE / name
    tmp = target.with_name(f".{target.name}.{os.getpid()}")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(target)


def build() -> None:
    for needed in (ESBUILD, TERSER):
        if not needed.exists():
            raise SystemExit(f"{needed} missing: run `npm ci` in tests/js")
    disagree = catalog.problems()
    if disagree:  # a kind the runtime would not build (or builds under another category)
        raise SystemExit("runtime and components/catalog.json disagree:\n  " + "\n  ".join(disagree))
    for module in MODULES:
        for kind in ("js", "css"):
            text = minify(module.worded(kind), kind)
            _write(f"{module.name}.min.{kind}", text)
            size = len(text.encode())
            print(f"{module.name}.min.{kind:<3} {size:6} bytes, {len(gzip.compress(text.encode(), 9)):5} gzipped", file=sys.stderr)
    _write(words.DECLARATION, words.declaration())
    _write(BUNDLE_SOURCES, sources_digest() + "\n")


if __name__ == "__main__":
    build()
