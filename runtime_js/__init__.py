"""The fixed runtime shipped inside every page: the exact JS and CSS bytes ``render`` inlines.

Sources: ``runtime.js`` + ``runtime.css`` (protocol, form), then ``views.js`` + ``views.css``
(result views) when present, concatenated in that order. What ships:

1. ``page.min.js`` / ``page.min.css`` — the sources minified by ``python -m runtime_js.build``
   (esbuild ``--minify``, the version pinned in tests/js), committed beside them together with
   ``page.sources.txt``, the sha256 of the sources they were built from. Used only while that
   hash matches the sources, so an edited source is never shadowed by a stale bundle.
2. Otherwise the sources made compact by ``compact`` (comment lines and indentation removed,
   nothing else). ``tests/test_render.py`` fails while the bundle is stale.

Files are read as package data through ``importlib.resources`` so a plain (non-editable)
``pip install`` works. ``RUNTIME_VERSION`` is derived from the shipped bytes: any change to the
runtime changes it (and so every page's CSP hashes and cache keys). The sources keep one rule
for ``compact``: no multi-line string or template literal.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib import resources

__all__ = [
    "RUNTIME_VERSION",
    "runtime_js",
    "runtime_css",
    "compact",
    "sources",
    "sources_digest",
    "bundle_is_fresh",
    "JS_PARTS",
    "CSS_PARTS",
]

JS_PARTS = ("runtime.js", "views.js")
CSS_PARTS = ("runtime.css", "views.css")
MIN_JS, MIN_CSS, MIN_SOURCES = "page.min.js", "page.min.css", "page.sources.txt"


def compact(source: str, *, line_comments: bool = True) -> str:
    """``source`` without comment lines, block comments that fill whole lines, indentation and
    blank lines. A block comment that shares a line with code is kept as it is."""
    out: list[str] = []
    in_block = False
    for line in source.splitlines():
        text = line.strip()
        if in_block:
            in_block = not text.endswith("*/")
            continue
        if text.startswith("/*") and "*/" not in text[2:]:
            in_block = True
            continue
        if (text.startswith("/*") and text.endswith("*/") and text.find("*/") == len(text) - 2) or (
            line_comments and text.startswith("//")
        ):
            continue
        if text:
            out.append(text)
    return "\n".join(out)


def _file(name: str) -> str | None:
    part = resources.files(__name__).joinpath(name)
    return part.read_text(encoding="utf-8") if part.is_file() else None


def sources(names: tuple[str, ...]) -> list[str]:
    """The source texts that exist, in order."""
    return [text for text in map(_file, names) if text is not None]


def sources_digest() -> str:
    """sha256 of every source, as the bundle records it."""
    h = hashlib.sha256()
    for name in JS_PARTS + CSS_PARTS:
        h.update(f"{name}\0{_file(name) or ''}\0".encode("utf-8"))
    return h.hexdigest()


def bundle_is_fresh() -> bool:
    recorded = _file(MIN_SOURCES)
    return recorded is not None and recorded.strip() == sources_digest() and None not in (_file(MIN_JS), _file(MIN_CSS))


def _shipped(kind: str) -> str:
    if bundle_is_fresh():
        return (_file(MIN_JS) if kind == "js" else _file(MIN_CSS)).strip("\n") + "\n"
    names, line_comments = (JS_PARTS, True) if kind == "js" else (CSS_PARTS, False)
    return "\n".join(compact(text, line_comments=line_comments) for text in sources(names)) + "\n"


@lru_cache(maxsize=1)
def runtime_js() -> str:
    """The page's one script: runtime.js, then views.js (when it exists)."""
    text = _shipped("js")
    # The text goes verbatim into a <script> element: it must never be able to close it.
    if "</script" in text.lower() or "<!--" in text:
        raise ValueError("runtime JS must not contain '</script' or '<!--'")
    return text


@lru_cache(maxsize=1)
def runtime_css() -> str:
    """The page's one stylesheet: runtime.css, then views.css (when it exists)."""
    text = _shipped("css")
    if "</style" in text.lower():
        raise ValueError("runtime CSS must not contain '</style'")
    return text


def _version() -> str:
    digest = hashlib.sha256((runtime_js() + "\0" + runtime_css()).encode("utf-8")).hexdigest()
    return digest[:16]


RUNTIME_VERSION = _version()
