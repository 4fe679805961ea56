"""One line of JSON-RPC read once, bounded and repaired: the common part of both edges' doors
(``host_door.py``, ``upstream_door.py``). It knows JSON, not JSON-RPC's rules.

The fast path is one ``msgspec`` decode into the envelope, whose ``params``, ``result`` and
``error`` stay raw bytes (``wire.Envelope``): a call of a few hundred bytes costs microseconds,
and a 20 MB result is checked, never copied. Before it, one bound the decoder itself lacks:

- **depth** — no message nests deeper than ``MAX_DEPTH`` levels. A line with fewer opening
  brackets than that cannot (two ``bytes.count`` calls, the usual case); another is measured on
  its bracket skeleton (strings removed). ``msgspec`` and every JSON reader in Python recurse, and
  fail near Python's recursion limit (about 1 000 levels, less wherever the stack already is):
  past this door nothing the proxy does with a message can meet that limit.

When ``msgspec`` refuses the text, the slow path reads it as Python's ``json`` does — which
accepts what careless peers write — and repairs what loses nothing a reader could use, each
repair named in ``Read.repairs`` (the doors log them):

- ``NaN`` / ``Infinity`` / ``-Infinity`` (Python's ``json.dumps`` writes them by default) become
  ``null``, as JavaScript's ``JSON.stringify`` writes them (``nan``);
- a lone surrogate escape (``"\\ud800"``: ``JSON.stringify`` of a string cut inside an emoji) is
  valid JSON text that no UTF-8 encoder can write back; it becomes U+FFFD (``surrogate``);
- bytes that are not UTF-8 become U+FFFD (``utf-8``).

What still cannot be read is ``Unreadable``, with why and — for the door to answer it — the
message's top-level ``id`` when one can be found.
"""

from __future__ import annotations

import json
import re
from array import array
from dataclasses import dataclass
from itertools import accumulate
from typing import Any

import msgspec

from ..core import wire
from ..core.messages import Response

MAX_DEPTH = 512
"""Deepest nesting read (objects and arrays): MCP messages nest a few dozen levels at most."""

_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_STEPS = bytes.maketrans(b"[{]}", b"\x01\x01\xff\xff")
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
_SURROGATES = re.compile("[\ud800-\udfff]")
_ID = re.compile(rb'"id"\s*:\s*(-?\d+|"[^"\\]*(?:\\.[^"\\]*)*")')


@dataclass(frozen=True, slots=True)
class Read:
    envelope: wire.Envelope
    repairs: tuple[str, ...] = ()
    """What was repaired to read it (``nan``, ``surrogate``, ``utf-8``); empty on the fast path."""


@dataclass(frozen=True, slots=True)
class Unreadable:
    why: str
    """What is wrong, said of the message (``nests deeper than 512 levels``)."""
    id: Any = msgspec.UNSET
    """Its top-level ``id`` (a string or an integer) when one could be found."""
    json: bool = False
    """The line is JSON that is not read (not an object, or too deep), not broken text."""


@dataclass(frozen=True, slots=True)
class Refused:
    """A line a door answers itself, or drops: it goes no further."""

    why: str
    """For the log."""
    answer: Response | None = None
    """What the peer that sent it gets back; None when nothing can be answered (a notification,
    a line with no id to answer)."""


def read(line: bytes) -> Read | Unreadable:
    """One line as an envelope (``params``, ``result``, ``error`` raw), or why it cannot be."""
    if too_deep(line):
        return Unreadable(f"nests deeper than {MAX_DEPTH} levels", top_level_id(line), json=True)
    try:
        return Read(wire.peek(line))
    except msgspec.ValidationError:
        return Unreadable("is not a JSON object (a batch, or a single value)", json=True)
    except msgspec.DecodeError:
        return _read_leniently(line)


def too_deep(line: bytes) -> bool:
    if line.count(b"[") + line.count(b"{") <= MAX_DEPTH:
        return False
    skeleton = _STRING.sub(b"", line).translate(None, _NOT_BRACKETS).translate(_STEPS)
    return max(accumulate(array("b", skeleton)), default=0) > MAX_DEPTH


def top_level_id(line: bytes) -> Any:
    """The first ``"id": <string or integer>`` at depth 1 (a line too deep or broken to decode
    still names the request it answers, usually first: SDKs write ``jsonrpc``, ``id``, then the
    rest); UNSET when there is none."""
    for match in _ID.finditer(line):
        prefix = _STRING.sub(b"", line[:match.start()]).translate(None, _NOT_BRACKETS).translate(_STEPS)
        if sum(array("b", prefix)) == 1:
            try:
                value = json.loads(match.group(1))
            except ValueError:
                return msgspec.UNSET
            return value if isinstance(value, str | int) else msgspec.UNSET
    return msgspec.UNSET


def is_object(raw: msgspec.Raw) -> bool:
    return bytes(memoryview(raw)[:1]) == b"{"


def is_null(raw: msgspec.Raw) -> bool:
    view = memoryview(raw)
    return len(view) == 4 and bytes(view) == b"null"


def _read_leniently(line: bytes) -> Read | Unreadable:
    repairs: list[str] = []
    try:
        text = line.decode()
    except UnicodeDecodeError:
        text = line.decode(errors="replace")
        repairs.append("utf-8")

    def constant(_name: str) -> None:
        if "nan" not in repairs:
            repairs.append("nan")

    try:
        value = json.loads(text, parse_constant=constant)
    except (ValueError, RecursionError) as error:
        return Unreadable(f"is not JSON ({_first_line(error)})", top_level_id(line))
    if _SURROGATE_ESCAPE.search(line):
        value, changed = _without_surrogates(value)
        if changed:
            repairs.append("surrogate")
    if not isinstance(value, dict):
        return Unreadable("is not a JSON object", json=True)
    try:
        return Read(wire.peek(wire.encode(value)), tuple(repairs))
    except (msgspec.DecodeError, msgspec.EncodeError, OverflowError) as error:
        return Unreadable(f"is not JSON-RPC ({_first_line(error)})", value.get("id", msgspec.UNSET))


def _without_surrogates(value: Any) -> tuple[Any, bool]:
    """``value`` with every lone surrogate (in strings and keys) replaced by U+FFFD."""
    if isinstance(value, str):
        fixed = _SURROGATES.sub("\ufffd", value)
        return fixed, fixed is not value and fixed != value
    if isinstance(value, list):
        items = [_without_surrogates(item) for item in value]
        return [item for item, _ in items], any(changed for _, changed in items)
    if isinstance(value, dict):
        pairs = [(_without_surrogates(k)[0], _without_surrogates(v)) for k, v in value.items()]
        changed = any(k not in value or c for k, (_, c) in pairs)
        return {k: v for k, (v, _) in pairs}, changed
    return value, False


def _first_line(error: BaseException) -> str:
    return str(error).splitlines()[0][:120] if str(error) else type(error).__name__
