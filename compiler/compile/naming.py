"""Names a person reads: labels from property names and titles, values as text (pointers are
``components.pointer``'s)."""

from __future__ import annotations

import json
import re
from typing import Any

from compiler.text import MAX_LABEL, clip, humanize

__all__ = ["MAX_LABEL", "MAX_PLACEHOLDER", "as_text", "clip", "described_example", "humanize", "label_for", "root_label"]

MAX_PLACEHOLDER = 80


def as_text(value: Any, limit: int = MAX_PLACEHOLDER) -> str:
    """A value as a person would type it: strings as they are, anything else as compact JSON."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return clip(text, limit)


_EXAMPLE = re.compile(
    r"\b(?:e\.\s?g\.?|for example|for instance|example|such as)[,:]?\s+"
    r"(?:'(?P<single>[^'\n]{1,80})'|\"(?P<double>[^\"\n]{1,80})\"|`(?P<tick>[^`\n]{1,80})`"
    r"|\u2018(?P<curly>[^\u2019\n]{1,80})\u2019|\u201c(?P<curly2>[^\u201d\n]{1,80})\u201d"
    r"|(?P<bare>[^\s,;()'\"`]*[\d/.@_-][^\s,;()'\"`]*|[^\s,;()'\"`]+:(?=\s|$)))",
    re.I,
)


def described_example(description: str | None) -> str | None:
    """The example a description gives for its value, as a field's placeholder: "Branch to push
    to (e.g., 'main' or 'master')" gives ``main``; "Repository (e.g. owner/repo)" gives
    ``owner/repo``. A value in matching quotes, or a bare token holding a digit or one of
    ``/ . @ _ -`` (not "e.g. the name of…"; not a heading, "Example 1:" or "example usage:"); a
    trailing full stop is the sentence's."""
    found = _EXAMPLE.search(description or "")
    if not found:
        return None
    quoted = next((found.group(name) for name in ("single", "double", "tick", "curly", "curly2") if found.group(name)), None)
    bare = found.group("bare") or ""
    if quoted is None and (bare.endswith(":") or not bare):
        return None
    example = (quoted if quoted is not None else bare.rstrip(".;")).strip()
    return clip(example, MAX_PLACEHOLDER) or None




_TYPE_NAME = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+")


def label_for(title: str | None, name: str) -> str:
    """The heading of a property: its schema ``title`` when a person wrote it, else its name made
    readable. A title that is a type name (pydantic's ``TimeResult`` for a ``$ref``'d model) or
    pydantic's automatic one (``is_dst`` → ``Is Dst``) says less than the name: ``Is DST``."""
    if title and not _TYPE_NAME.fullmatch(title) and title != name.replace("_", " ").title():
        return title
    return humanize(name)


def root_label(title: str | None) -> str | None:
    """The heading of a whole result: its title, unless that is only a type name
    (``TimeConversionResult``), which tells a person nothing."""
    return None if not title or _TYPE_NAME.fullmatch(title) else title
