"""Names a person reads: labels from property names and titles, values as text (pointers are
``components.pointer``'s)."""

from __future__ import annotations

import json
import re
from typing import Any

from compiler.text import MAX_LABEL, clip, humanize

__all__ = ["MAX_LABEL", "MAX_PLACEHOLDER", "as_text", "clip", "humanize", "label_for", "root_label"]

MAX_PLACEHOLDER = 80


def as_text(value: Any, limit: int = MAX_PLACEHOLDER) -> str:
    """A value as a person would type it: strings as they are, anything else as compact JSON."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return clip(text, limit)




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
