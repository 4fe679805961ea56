"""Build the shipped runtime: ``python -m runtime_js.build`` (after editing any runtime source).

Concatenates runtime.js + views.js and runtime.css + views.css (as ``runtime_js`` does), minifies
each with esbuild (``--minify``; the version pinned in tests/js/package-lock.json, so the bytes are
reproducible) and writes page.min.js, page.min.css and page.sources.txt (the sources' sha256)
beside the sources. Needs ``npm ci`` in tests/js. Minification only renames locals and drops
whitespace: the e2e tests run against these exact bytes.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from . import CSS_PARTS, JS_PARTS, MIN_CSS, MIN_JS, MIN_SOURCES, sources, sources_digest

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


def build() -> None:
    if not ESBUILD.exists():
        raise SystemExit(f"{ESBUILD} missing: run `npm ci` in tests/js")
    js = minify("\n".join(sources(JS_PARTS)), "js")
    css = minify("\n".join(sources(CSS_PARTS)), "css")
    for name, text in ((MIN_JS, js), (MIN_CSS, css), (MIN_SOURCES, sources_digest() + "\n")):
        tmp = HERE / f".{name}.{os.getpid()}"
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(HERE / name)
    print(f"page.min.js {len(js)} bytes, page.min.css {len(css)} bytes", file=sys.stderr)


if __name__ == "__main__":
    build()
