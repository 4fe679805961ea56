"""Read a JSON document a user handed us, whatever it holds, into Python values — or one
``CompileUIError`` naming the file and the JSON Pointer of the problem.

Refused: bytes that are not UTF-8 and lone surrogate escapes (the pointer of the string that
holds them: no page could encode it), ``NaN`` and
``Infinity``, a key given twice in one object (JSON leaves that undefined: which one would we
compile?), and nesting deeper than ``MAX_DEPTH`` (no tool definition needs it, and every phase
after this one may then recurse freely). The fast path is the standard library's C decoder; the
pointer of a problem is found afterwards by ``locate``, an iterative scan that never recurses.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from components import pointers

from . import messages
from .errors import fail

MAX_DEPTH = 200
"""Deepest nesting of arrays/objects accepted in a document (a tool file, a layout spec)."""

_TOKEN = r'"(?:[^"\\]|\\.)*"|[\[\]{}:,]'  # these two only when a document is bad:
_SURROGATE = "[\ud800-\udfff]"  # compiled then, by re (not encodable: neither kind may reach a page)
_LONE = re.compile("[\udc80-\udcff]")  # a byte that was not UTF-8, after surrogateescape
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")


class _Duplicate(ValueError):
    pass


def json_kind(value: Any) -> str:
    """What a JSON value is, as a message names it ("an array", "a string", …)."""
    return {list: "an array", str: "a string", type(None): "null", int: "a number", float: "a number"}.get(
        type(value), type(value).__name__
    )


def parse_json(data: str | bytes, source: str) -> Any:
    """The JSON value in ``data``; a ``CompileUIError`` (file and pointer) when it is unusable."""
    text = data.decode("utf-8", errors="surrogateescape") if isinstance(data, bytes) else data
    try:
        value = json.loads(text, parse_constant=_reject_constant, object_pairs_hook=_unique)
    except RecursionError:
        fail(messages.JSON_TOO_DEEP, pointer=_pointer(locate(text, depth=MAX_DEPTH)), source=source, limit=MAX_DEPTH)
    except _Duplicate as error:
        fail(messages.JSON_DUPLICATE_KEY, pointer=_pointer(locate(text, duplicate=True)), source=source, key=str(error))
    except ValueError as error:  # json.JSONDecodeError, NaN/Infinity
        fail(messages.NOT_JSON, source=source, detail=_first_line(error))
    deep = _too_deep(value) if text.count("[") + text.count("{") > MAX_DEPTH else None
    if deep is not None:
        fail(messages.JSON_TOO_DEEP, pointer=_pointer(deep), source=source, limit=MAX_DEPTH)
    if _LONE.search(text) or _ESCAPED_SURROGATE.search(text):
        bad = _undecodable(value)
        if bad is not None:
            fail(messages.NOT_UTF8, pointer=_pointer(bad), source=source)
    return value


def _unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    result = dict(pairs)
    if len(result) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _Duplicate(key)
            seen.add(key)
    return result


def _reject_constant(name: str) -> Any:
    raise ValueError(messages.NOT_JSON_CONSTANT.format(name=name))


def _first_line(error: Exception) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def _pointer(tokens: list[str | int]) -> str:
    """The JSON Pointer of ``tokens``; bytes that were not UTF-8 shown as ``\\xNN``."""
    text = pointers.join(tokens)
    text = _LONE.sub(lambda m: f"\\x{ord(m.group()) - 0xDC00:02x}", text)
    return re.sub(_SURROGATE, lambda m: f"\\u{ord(m.group()):04x}", text)


def _children(value: Any) -> Iterator[tuple[str | int, Any]]:
    if isinstance(value, dict):
        yield from value.items()
    elif isinstance(value, list):
        yield from enumerate(value)


def _too_deep(value: Any) -> list[str | int] | None:
    """The path to the first container nested deeper than ``MAX_DEPTH``, or None (iterative)."""
    stack: list[tuple[list[str | int], Any]] = [([], value)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, dict | list):
            if len(path) >= MAX_DEPTH:
                return path
            stack.extend((path + [k], v) for k, v in reversed(list(_children(node))))
    return None


def _undecodable(value: Any) -> list[str | int] | None:
    """The path to the first key or string that is not Unicode text (bytes that were not UTF-8,
    or a lone surrogate escape such as ``"\\ud800"``), or None."""
    stack: list[tuple[list[str | int], Any]] = [([], value)]
    while stack:
        path, node = stack.pop()
        if isinstance(node, str) and re.search(_SURROGATE, node):
            return path
        for key, child in reversed(list(_children(node))):
            if isinstance(key, str) and re.search(_SURROGATE, key):
                return path + [key]
            stack.append((path + [key], child))
    return None


def locate(text: str, *, depth: int | None = None, duplicate: bool = False) -> list[str | int]:
    """Scan ``text`` (valid JSON up to the problem) without recursing; the path to the first
    container deeper than ``depth``, or to the second occurrence of a key in one object."""
    frames: list[_Frame] = []
    for match in re.finditer(_TOKEN, text):
        token = match.group(0)
        top = frames[-1] if frames else None
        if token in "[{":
            if depth is not None and len(frames) >= depth:
                return [f.at for f in frames]
            frames.append(_Frame(token == "{"))
        elif token in "]}":
            frames.pop()
        elif top is None:
            continue
        elif token == ",":
            top.expect_key = top.is_object
            if not top.is_object and isinstance(top.at, int):  # an object's ``at`` is its last key
                top.at += 1
        elif token == ":":
            top.expect_key = False
        elif top.expect_key:
            key = json.loads(token)
            if duplicate and key in top.keys:
                return [f.at for f in frames[:-1]] + [key]
            top.keys.add(key)
            top.at = key
    return [f.at for f in frames]


class _Frame:
    """An open container while scanning: where in it we are."""

    __slots__ = ("is_object", "at", "keys", "expect_key")

    def __init__(self, is_object: bool) -> None:
        self.is_object, self.expect_key = is_object, is_object
        self.at: int | str = 0  # an array's index, or an object's key
        self.keys: set[str] = set()
