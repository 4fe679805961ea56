"""The host's door: every line (stdio) or body (HTTP) a host sends is read here once, and
becomes one checked envelope or one answer to send back. Nothing past it raises on a host's bytes.

    line ──▶ jsonline.read (bounded, repaired) ──▶ the envelope's rules ──▶ Read (for HostCodec.decode)
                     │                                     │
                     └──────────────── Refused (the JSON-RPC error the host gets, or none) ◀┘

The rules (JSON-RPC 2.0; MCP adds that params are an object and ids are strings or integers):

- not JSON → ``-32700`` with id null (nothing in it can be trusted to name a request);
- JSON but not an object (a batch, a number) → ``-32600`` with id null;
- nesting deeper than ``jsonline.MAX_DEPTH`` → ``-32600`` to its id when one can be read;
- an ``id`` that is not a string or an integer, a ``jsonrpc`` that is not ``"2.0"``, a
  ``method`` that is not a non-empty string, a message with an id but neither a method nor a
  result or error → ``-32600`` (to the id when it is one);
- ``params`` that are not an object (``null`` counts as absent) → ``-32602`` to the id.

A notification breaking a rule cannot be answered: it is dropped, and said so in the log.
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
        if parsed.json:  # JSON, but not a message this proxy reads: to its id when one can be read
            reply_to = None if parsed.id is msgspec.UNSET else parsed.id
            return _refuse(reply_to, wire.INVALID_REQUEST, f"Invalid Request: the message {parsed.why}")
        return _refuse(None, wire.PARSE_ERROR, f"Parse error: the line {parsed.why}")
    env = parsed.envelope
    has_id = env.id is not msgspec.UNSET
    good_id = isinstance(env.id, str | int) and not isinstance(env.id, bool)
    reply_to = env.id if good_id else None
    if has_id and not good_id:
        return _refuse(None, wire.INVALID_REQUEST, "Invalid Request: an id must be a string or an integer")
    if env.jsonrpc != "2.0":  # a notification (a method, no id) is never answered
        return _refuse(reply_to, wire.INVALID_REQUEST, 'Invalid Request: "jsonrpc" must be "2.0"',
                       answer=has_id or env.method is msgspec.UNSET)
    if env.method is msgspec.UNSET:
        if has_id and (env.result is not msgspec.UNSET or env.error is not msgspec.UNSET):
            return parsed  # the host's answer to a request the proxy sent it
        return _refuse(reply_to, wire.INVALID_REQUEST, "Invalid Request: neither a method nor a result or error")
    if not isinstance(env.method, str) or not env.method:
        return _refuse(reply_to, wire.INVALID_REQUEST, 'Invalid Request: "method" must be a non-empty string', answer=has_id)
    if env.params is not msgspec.UNSET and not is_object(env.params):
        if is_null(env.params):
            env.params = msgspec.UNSET
        else:
            return _refuse(reply_to, wire.INVALID_PARAMS, f"Invalid params: the params of {env.method:.80} must be an object",
                           answer=has_id)
    return parsed


def _refuse(request_id: Any, code: int, message: str, *, answer: bool = True) -> Refused:
    return Refused(message, Response(request_id, error={"code": code, "message": message}) if answer else None)
