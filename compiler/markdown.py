"""A safe subset of inline markdown in tool and field descriptions (issue 51 item 6).

Descriptions are untrusted text. Many are written in markdown, and showed their marks
(`` `wholeDay` ``, ``**must**``). ``spans`` reads only inline marks and never HTML: the text is
cut into spans — plain text, ``code``, ``strong``, ``em`` and ``link`` — that the renderer draws as
elements whose text dominate escapes. Nothing here is ever parsed as markup:

* ```code``` — its content is shown verbatim (marks inside it are not read);
* ``**strong**`` / ``__strong__``, ``*em*`` / ``_em_`` — one level, no nesting, only at word
  edges (after a space, a bracket or a quote; before no letter), so ``snake_case_names`` and
  globs (``"**/*.py"``, ``src/*.py, lib/*.py``) stay as they are;
* ``[text](https://…)`` — only an http(s) address becomes a link (opened by the host through
  ``ui/open-link``); ``javascript:``, ``data:``, relative addresses and brackets inside the text
  stay text, marks and all.

A mark that is not closed is text.
"""

from __future__ import annotations

import re
from typing import Literal, NamedTuple

SpanKind = Literal["text", "code", "strong", "em", "link"]


class Span(NamedTuple):
    kind: SpanKind
    text: str
    href: str = ""


_INLINE = re.compile(
    r"`(?P<code>[^`\n]+)`"
    r"|(?<![^\s(\[\"'])\*\*(?P<strong>[^*\s](?:[^*\n]*?[^*\s])?)\*\*(?![\w*])"
    r"|(?<!\w)__(?P<strong2>[^_\n]+?)__(?!\w)"
    r"|(?<![^\s(\[\"'])\*(?P<em>[^*\s](?:[^*\n]*?[^*\s])?)\*(?![\w*])"
    r"|(?<!\w)_(?P<em2>[^_\s](?:[^_\n]*?[^_\s])?)_(?!\w)"
    r"|\[(?P<label>[^\[\]\n]+)\]\((?P<href>https?://[^\s()<>]+)\)",
    re.IGNORECASE,
)


def spans(text: str) -> list[Span]:
    """``text`` cut into plain text and the inline marks it uses; joined, their text is what a
    person reads (the marks removed, nothing else)."""
    out: list[Span] = []
    at = 0
    for m in _INLINE.finditer(text):
        if m.start() > at:
            out.append(Span("text", text[at : m.start()]))
        if m["code"] is not None:
            out.append(Span("code", m["code"]))
        elif m["strong"] is not None or m["strong2"] is not None:
            out.append(Span("strong", m["strong"] or m["strong2"]))
        elif m["em"] is not None or m["em2"] is not None:
            out.append(Span("em", m["em"] or m["em2"]))
        else:
            out.append(Span("link", m["label"], m["href"]))
        at = m.end()
    if at < len(text):
        out.append(Span("text", text[at:]))
    return out


def has_marks(text: str) -> bool:
    """Whether ``text`` uses any mark ``spans`` reads (else it is drawn as one text node)."""
    return _INLINE.search(text) is not None
