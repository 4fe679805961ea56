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

_NOT_OPENERS = bytes(b for b in range(256) if b not in b"[{")
_NOT_SKELETON = bytes(b for b in range(256) if b not in b'"[]{}')
_NORMAL = bytes.maketrans(b"{}", b"[]")
_STEPS = bytes.maketrans(b"[]", b"\x01\xff")
_PASSES = 32
"""Peeling passes before the exact measure: data a few dozen levels deep is peeled whole."""
_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")
_SURROGATES = re.compile("[\ud800-\udfff]")
_ID = re.compile(rb'"id"\s*:\s*(-?\d+|"[^"\\]*(?:\\.[^"\\]*)*")')


@dataclass(slots=True)
class Read:
    """One line read (never changed once made: not frozen only because a frozen dataclass's
    ``__init__`` is several times slower, and one is made for every message)."""

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
    """Whether ``line`` nests deeper than ``MAX_DEPTH``, in C-speed passes over its bytes (a
    result of megabytes costs about what decoding it does):

    1. fewer opening brackets than the bound, in strings or not: not too deep (most lines);
    2. the bracket skeleton: escaped backslashes and quotes taken out, then every character but
       quotes and brackets (``{}`` read as ``[]``), then the strings (the quotes alternate);
    3. each pass taking out every ``[]`` takes exactly one level off the deepest point (the
       deepest opener is always followed by its closer), so a few passes shrink a wide skeleton
       to its deep part, and that part is measured exactly."""
    if len(line.translate(None, _NOT_OPENERS)) <= MAX_DEPTH:
        return False
    skeleton = _skeleton(line)
    for peeled in range(_PASSES):
        if len(skeleton) <= 2 * (MAX_DEPTH - peeled):
            return False
        shorter = skeleton.replace(b"[]", b"")
        if len(shorter) == len(skeleton):
            break
        skeleton = shorter
    else:
        peeled = _PASSES
    return peeled + _deepest(skeleton, MAX_DEPTH - peeled) > MAX_DEPTH


def _skeleton(text: bytes) -> bytes:
    """The brackets of ``text`` outside its strings, ``{}`` read as ``[]``."""
    if b'\\"' in text or b"\\\\" in text:  # escapes that could hide a quote: taken out first
        text = text.replace(b"\\\\", b"").replace(b'\\"', b"")
    skeleton = text.translate(_NORMAL, _NOT_SKELETON).replace(b'""', b"")  # the quotes still alternate
    return b"".join(skeleton.split(b'"')[::2]) if b'"' in skeleton else skeleton


def _deepest(skeleton: bytes, enough: int) -> int:
    """The deepest nesting of a skeleton of ``[`` and ``]`` (at least ``enough + 1`` once it is
    known to pass ``enough``), measured in chunks: a chunk that cannot reach past ``enough`` from
    where it starts is only counted."""
    steps, depth, chunk = skeleton.translate(_STEPS), 0, 256
    for start in range(0, len(steps), chunk):
        piece = steps[start:start + chunk]
        if depth + len(piece) > enough:
            deepest = depth + max(accumulate(array("b", piece)))
            if deepest > enough:
                return deepest
        depth += piece.count(1) - piece.count(255)
    return min(depth, enough)


def top_level_id(line: bytes) -> Any:
    """The first ``"id": <string or integer>`` at depth 1 (a line too deep or broken to decode
    still names the request it answers, usually first: SDKs write ``jsonrpc``, ``id``, then the
    rest); UNSET when there is none."""
    for match in _ID.finditer(line):
        prefix = _skeleton(line[:match.start()])
        if prefix.count(b"[") - prefix.count(b"]") == 1:
            try:
                value = json.loads(match.group(1))
            except ValueError:
                return msgspec.UNSET
            return value if isinstance(value, str | int) else msgspec.UNSET
    return msgspec.UNSET


def is_object(raw: msgspec.Raw) -> bool:
    view = memoryview(raw)
    return len(view) > 0 and view[0] == 0x7B  # {


def is_null(raw: msgspec.Raw) -> bool:
    view = memoryview(raw)
    return len(view) == 4 and bytes(view) == b"null"


def read_value(text: bytes) -> tuple[Any, tuple[str, ...]] | Unreadable:
    """Any JSON text (a JSON API body: a tool's arguments) as a value, with the same bound and
    repairs as a line, and what was repaired."""
    if too_deep(text):
        return Unreadable(f"nests deeper than {MAX_DEPTH} levels", json=True)
    try:
        return msgspec.json.decode(text), ()
    except msgspec.DecodeError:
        return _decode_leniently(text)


def _read_leniently(line: bytes) -> Read | Unreadable:
    decoded = _decode_leniently(line)
    if isinstance(decoded, Unreadable):
        return decoded
    value, repairs = decoded
    if not isinstance(value, dict):
        return Unreadable("is not a JSON object", json=True)
    try:
        return Read(wire.peek(wire.encode(value)), repairs)
    except (msgspec.DecodeError, msgspec.EncodeError, OverflowError) as error:
        return Unreadable(f"is not JSON-RPC ({_first_line(error)})", value.get("id", msgspec.UNSET))


def _decode_leniently(text: bytes) -> tuple[Any, tuple[str, ...]] | Unreadable:
    """Python's ``json`` reading what ``msgspec`` refused, and the repairs that made it readable."""
    repairs: list[str] = []
    try:
        decoded = text.decode()
    except UnicodeDecodeError:
        decoded = text.decode(errors="replace")
        repairs.append("utf-8")

    def constant(_name: str) -> None:
        if "nan" not in repairs:
            repairs.append("nan")

    try:
        value = json.loads(decoded, parse_constant=constant)
    except (ValueError, RecursionError) as error:
        return Unreadable(f"is not JSON ({_first_line(error)})", top_level_id(text))
    if _SURROGATE_ESCAPE.search(text):
        value, changed = _without_surrogates(value)
        if changed:
            repairs.append("surrogate")
    return value, tuple(repairs)


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
