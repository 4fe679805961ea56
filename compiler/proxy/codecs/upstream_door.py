"""The upstream's door: every line the upstream writes is read here once, and becomes one checked
envelope for ``UpstreamCodec.decode``, or is answered to the upstream, or is dropped with why.
Nothing past it raises on the upstream's bytes, and no host request waits on an answer that came
but could not be read.

    line ──▶ jsonline.read (bounded, repaired) ──▶ an answer's rules ──▶ Read
                     │                                   │
                     └──── Refused (answered to the upstream, or dropped and logged) ◀┘

An answer (an ``id`` and no ``method``) is repaired rather than lost, since a host is waiting on it:

- one that cannot be read (too deep, not JSON) but names one of the proxy's own ids becomes the
  error ``-32603`` "the upstream's answer nests deeper than 512 levels" for that request;
- an ``error`` that is not an object with an integer ``code`` and a string ``message``: a string
  or a number becomes ``{"code": -32603, "message": <its text>}``; an object keeps its fields and
  gets the missing ones; anything else becomes an error naming it;
- a ``result`` that is not an object becomes the error "the upstream's answer is not an object";
- neither a result nor an error: the error "the upstream's answer has neither…"; both: the error.

A request of the upstream breaking the envelope's rules (a ``method`` that is not a string,
``params`` that are not an object) is answered ``-32600`` / ``-32602``; a notification is dropped.
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..core import wire
from ..core.messages import Response
from .jsonline import Read, Refused, Unreadable, is_null, is_object
from .jsonline import read as read_json


def read(line: bytes) -> Read | Refused:
    parsed = read_json(line)
    if isinstance(parsed, Unreadable):
        if _ours(parsed.id):
            return Read(_failed(parsed.id, f"the upstream's answer {parsed.why}"), ("unreadable",))
        return Refused(f"upstream wrote a line that {parsed.why} (ignored): {line[:120]!r}")
    env = parsed.envelope
    good_id = isinstance(env.id, str | int) and not isinstance(env.id, bool)
    if env.method is msgspec.UNSET:
        if not good_id:
            return Refused(f"upstream wrote an answer without a usable id (ignored): {line[:120]!r}")
        if env.error is msgspec.UNSET and env.result is not msgspec.UNSET and is_object(env.result):
            return parsed  # the usual answer: nothing to repair
        return _answer(parsed)
    has_id = env.id is not msgspec.UNSET
    if has_id and not good_id:
        return Refused(f"upstream sent a request whose id is not a string or an integer (ignored): {line[:120]!r}")
    if not isinstance(env.method, str) or not env.method:
        return _refuse(env.id if has_id else None, wire.INVALID_REQUEST, 'Invalid Request: "method" must be a non-empty string',
                       answer=has_id)
    if env.params is not msgspec.UNSET and not is_object(env.params):
        if not is_null(env.params):
            return _refuse(env.id, wire.INVALID_PARAMS, f"Invalid params: the params of {env.method:.80} must be an object",
                           answer=has_id)
        env.params = msgspec.UNSET
    return parsed


def _answer(parsed: Read) -> Read:
    env = parsed.envelope
    if env.error is not msgspec.UNSET:
        error = wire.decode_any(env.error)
        fixed = _error_object(error)
        if fixed is error and env.result is msgspec.UNSET:
            return parsed
        return Read(wire.Envelope(id=env.id, error=msgspec.Raw(wire.encode(fixed))), (*parsed.repairs, "error"))
    if env.result is msgspec.UNSET:
        return Read(_failed(env.id, "the upstream's answer has neither a result nor an error"), (*parsed.repairs, "answer"))
    if not is_object(env.result):
        text = bytes(env.result)[:200].decode(errors="replace")
        return Read(_failed(env.id, f"the upstream's answer is not an object: {text}"), (*parsed.repairs, "answer"))
    return parsed


def _error_object(error: Any) -> Any:
    """``error`` itself when it is a JSON-RPC error object, else the nearest one keeping its text."""
    if isinstance(error, dict):
        code, message = error.get("code"), error.get("message")
        if isinstance(code, int) and not isinstance(code, bool) and isinstance(message, str):
            return error
        return {**error, "code": code if isinstance(code, int) and not isinstance(code, bool) else wire.INTERNAL_ERROR,
                "message": message if isinstance(message, str) else _text(message) or "the upstream's error had no message"}
    if isinstance(error, str):
        return {"code": wire.INTERNAL_ERROR, "message": error}
    if isinstance(error, int | float) and not isinstance(error, bool):
        return {"code": wire.INTERNAL_ERROR, "message": _text(error)}
    return {"code": wire.INTERNAL_ERROR, "message": f"the upstream's error is not an object: {_text(error)}"}


def _text(value: Any) -> str:
    return "" if value is None else wire.encode(value).decode()[:200] if not isinstance(value, str) else value


def _ours(request_id: Any) -> bool:
    """Whether an id is one the proxy gave a request it sent upstream."""
    return isinstance(request_id, str) and request_id.startswith(wire.ID_PREFIX)


def _failed(request_id: Any, why: str) -> wire.Envelope:
    return wire.Envelope(id=request_id, error=msgspec.Raw(wire.encode({"code": wire.INTERNAL_ERROR, "message": why})))


def _refuse(request_id: Any, code: int, message: str, *, answer: bool) -> Refused:
    return Refused(f"upstream sent {message}", Response(request_id, error={"code": code, "message": message}) if answer else None)
