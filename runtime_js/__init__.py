"""The fixed runtime shipped inside every page: the exact JS and CSS bytes ``render`` inlines.

``runtime.js`` + ``runtime.css`` (protocol, form) come first, then ``views.js`` + ``views.css``
(result views) when present. The files are read as package data through ``importlib.resources``
so a plain (non-editable) ``pip install`` works. ``RUNTIME_VERSION`` is derived from the bytes:
any change to the runtime changes it (and so every page's CSP hashes and cache keys).

What ships is the source made compact by ``compact`` — comment lines and indentation removed,
nothing else (no renaming, no joining of lines), so the shipped text reads like the source.
For that to be safe the sources keep one rule: no multi-line string or template literal.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from importlib import resources

__all__ = ["RUNTIME_VERSION", "runtime_js", "runtime_css", "compact", "JS_PARTS", "CSS_PARTS"]

JS_PARTS = ("runtime.js", "views.js")
CSS_PARTS = ("runtime.css", "views.css")


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


def _read(names: tuple[str, ...], *, line_comments: bool) -> str:
    root = resources.files(__name__)
    texts = []
    for name in names:
        part = root.joinpath(name)
        if part.is_file():
            texts.append(compact(part.read_text(encoding="utf-8"), line_comments=line_comments))
    return "\n".join(texts) + "\n"


@lru_cache(maxsize=1)
def runtime_js() -> str:
    """The page's one script: runtime.js, then views.js (when it exists)."""
    text = _read(JS_PARTS, line_comments=True)
    # The text goes verbatim into a <script> element: it must never be able to close it.
    if "</script" in text.lower() or "<!--" in text:
        raise ValueError("runtime JS must not contain '</script' or '<!--'")
    return text


@lru_cache(maxsize=1)
def runtime_css() -> str:
    """The page's one stylesheet: runtime.css, then views.css (when it exists)."""
    text = _read(CSS_PARTS, line_comments=False)
    if "</style" in text.lower():
        raise ValueError("runtime CSS must not contain '</style'")
    return text


def _version() -> str:
    digest = hashlib.sha256((runtime_js() + "\0" + runtime_css()).encode("utf-8")).hexdigest()
    return digest[:16]


RUNTIME_VERSION = _version()
