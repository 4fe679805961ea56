"""JSON-RPC messages on the wire, read only as far as routing needs.

The proxy forwards most messages byte for byte. ``peek`` decodes a line into an ``Envelope`` whose
``params``/``result`` stay raw (``msgspec.Raw``: a slice of the input, not parsed), so routing
costs a few microseconds and nothing the proxy does not change is re-serialized.
"""

from __future__ import annotations

from typing import Any

import msgspec

ID_PREFIX = "compile-ui:"
"""Ids of requests the proxy itself sends; a host or upstream id never starts with it."""


class Envelope(msgspec.Struct, omit_defaults=True):
    jsonrpc: str = "2.0"
    id: Any = msgspec.UNSET
    method: str | msgspec.UnsetType = msgspec.UNSET
    params: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET
    result: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET
    error: msgspec.Raw | msgspec.UnsetType = msgspec.UNSET

    @property
    def is_request(self) -> bool:
        return self.method is not msgspec.UNSET and self.id is not msgspec.UNSET

    @property
    def is_notification(self) -> bool:
        return self.method is not msgspec.UNSET and self.id is msgspec.UNSET

    @property
    def is_response(self) -> bool:
        return self.method is msgspec.UNSET and self.id is not msgspec.UNSET

    @property
    def key(self) -> bytes:
        """The id as JSON bytes: ``1`` and ``"1"`` stay different requests."""
        return _encoder.encode(self.id)

    def params_json(self) -> Any:
        return msgspec.json.decode(self.params) if self.params is not msgspec.UNSET else {}

    def result_json(self) -> Any:
        return msgspec.json.decode(self.result) if self.result is not msgspec.UNSET else None


class _Name(msgspec.Struct):
    name: Any = None


class _Uri(msgspec.Struct):
    uri: Any = None


_decoder = msgspec.json.Decoder(Envelope)
_name_decoder = msgspec.json.Decoder(_Name)
_uri_decoder = msgspec.json.Decoder(_Uri)
_encoder = msgspec.json.Encoder()


def peek(line: bytes) -> Envelope:
    """The envelope of one message; ``msgspec.DecodeError`` when it is not one."""
    return _decoder.decode(line)


def param_name(env: Envelope) -> Any:
    return _name_decoder.decode(env.params).name if env.params is not msgspec.UNSET else None


def param_uri(env: Envelope) -> Any:
    return _uri_decoder.decode(env.params).uri if env.params is not msgspec.UNSET else None


def rewrite(env: Envelope, *, request_id: Any = msgspec.UNSET, params: Any = msgspec.UNSET, result: Any = msgspec.UNSET) -> bytes:
    """``env`` again with its id, params or result replaced; what is not replaced is copied as the
    raw bytes it arrived as (a large result is never re-serialized)."""
    message: dict[str, Any] = {"jsonrpc": "2.0"}
    request_id = env.id if request_id is msgspec.UNSET else request_id
    if request_id is not msgspec.UNSET:
        message["id"] = request_id
    if env.method is not msgspec.UNSET:
        message["method"] = env.method
    for key, new, old in (("params", params, env.params), ("result", result, env.result), ("error", msgspec.UNSET, env.error)):
        value = old if new is msgspec.UNSET else new
        if value is not msgspec.UNSET:
            message[key] = value
    return _encoder.encode(message)


def encode(message: dict[str, Any]) -> bytes:
    return _encoder.encode(message)


def result(request_id: Any, value: Any) -> bytes:
    return encode({"jsonrpc": "2.0", "id": request_id, "result": value})


def error(request_id: Any, code: int, message: str, data: Any = None) -> bytes:
    body: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        body["data"] = data
    return encode({"jsonrpc": "2.0", "id": request_id, "error": body})


def notification(method: str, params: dict[str, Any] | None = None) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
    if params is not None:
        message["params"] = params
    return encode(message)


def request(request_id: str, method: str, params: dict[str, Any] | None = None) -> bytes:
    message: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id, "method": method}
    if params is not None:
        message["params"] = params
    return encode(message)


PARSE_ERROR = -32700
INVALID_REQUEST = -32600
METHOD_NOT_FOUND = -32601
INVALID_PARAMS = -32602
INTERNAL_ERROR = -32603
RESOURCE_NOT_FOUND = -32001
UNSUPPORTED_PROTOCOL_VERSION = -32022
