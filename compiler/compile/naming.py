"""Names a person reads (labels from property names) and names the runtime reads (pointers, ids)."""

from __future__ import annotations

import json
import re
from typing import Any

from compiler.text import MAX_LABEL, clip, humanize

__all__ = ["MAX_LABEL", "MAX_PLACEHOLDER", "as_text", "child_pointer", "clip", "escape_token", "humanize", "unescape_token", "label_for", "root_label"]

MAX_PLACEHOLDER = 80


def escape_token(name: str) -> str:
    """One JSON Pointer reference token (RFC 6901: ``~`` → ``~0``, ``/`` → ``~1``)."""
    return name.replace("~", "~0").replace("/", "~1")


def unescape_token(token: str) -> str:
    """The name one JSON Pointer reference token stands for (``escape_token`` undone)."""
    return token.replace("~1", "/").replace("~0", "~")


def child_pointer(pointer: str, token: str | int) -> str:
    return f"{pointer}/{escape_token(str(token))}"


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
