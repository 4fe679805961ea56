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
    """A message as read: ``jsonrpc``, ``id`` and ``method`` may be of any type until an edge's
    door (``codecs/host_door.py``, ``codecs/upstream_door.py``) has checked them."""

    jsonrpc: Any = "2.0"
    id: Any = msgspec.UNSET
    method: Any = msgspec.UNSET
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


class _Uri(msgspec.Struct):
    uri: Any = None


_decoder = msgspec.json.Decoder(Envelope)
_uri_decoder = msgspec.json.Decoder(_Uri)
_encoder = msgspec.json.Encoder()


def peek(line: bytes) -> Envelope:
    """The envelope of one message; ``msgspec.DecodeError`` when it is not one."""
    return _decoder.decode(line)


def encode(message: Any) -> bytes:
    """Any JSON value (an id too) as JSON bytes."""
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

REPAIRS = {
    "nan": "NaN or Infinity became null",
    "surrogate": "a lone surrogate in a string became U+FFFD",
    "utf-8": "bytes that are not UTF-8 became U+FFFD",
    "error": "an error that was not a JSON-RPC error object became one, keeping its text",
    "answer": "an answer with no usable result became an error",
    "unreadable": "an answer that could not be read became an error for its request",
}
"""What each repair of the doors (``codecs/jsonline.py``, ``codecs/upstream_door.py``) means, for the log."""


# --------------------------------------------------------------------------- reading params


class _CallHead(msgspec.Struct):
    name: Any = None
    meta: Any = msgspec.field(default=None, name="_meta")
    requestState: Any = msgspec.UNSET  # noqa: N815 (the protocol's name)


class _Meta(msgspec.Struct):
    meta: Any = msgspec.field(default=None, name="_meta")


class _IsError(msgspec.Struct):
    isError: Any = None  # noqa: N815 (the protocol's name)


_call_head_decoder = msgspec.json.Decoder(_CallHead)
_meta_decoder = msgspec.json.Decoder(_Meta)
_is_error_decoder = msgspec.json.Decoder(_IsError)


def decode_any(value: Any) -> Any:
    """Params or a result as a Python value, whether they are still raw bytes or not."""
    if isinstance(value, msgspec.Raw):
        return msgspec.json.decode(value)
    return None if value is msgspec.UNSET else value


def decode_params(value: Any) -> dict[str, Any]:
    """Params (or a result, or an error) as a dict: ``{}`` when absent or not an object."""
    decoded = decode_any(value)
    return decoded if isinstance(decoded, dict) else {}


def meta_of(params: Any) -> Any:
    """``params._meta``, decoding nothing else of raw params."""
    if isinstance(params, msgspec.Raw):
        try:
            return _meta_decoder.decode(params).meta
        except msgspec.ValidationError:  # params that are not an object
            return None
    return params.get("_meta") if isinstance(params, dict) else None


def call_head(params: Any) -> tuple[Any, Any]:
    """A ``tools/call``'s tool name and ``_meta``, decoding nothing else (arguments may be large)."""
    name, meta, _ = call_parts(params)
    return name, meta


def call_parts(params: Any) -> tuple[Any, Any, Any]:
    """``call_head`` and the ``requestState`` of a retry (``UNSET``: none), in one reading."""
    if isinstance(params, msgspec.Raw):
        try:
            head = _call_head_decoder.decode(params)
        except msgspec.ValidationError:
            return None, None, msgspec.UNSET
        return head.name, head.meta, head.requestState
    params = params if isinstance(params, dict) else {}
    return params.get("name"), params.get("_meta"), params.get("requestState", msgspec.UNSET)


def param_uri(params: Any) -> Any:
    if isinstance(params, msgspec.Raw):
        try:
            return _uri_decoder.decode(params).uri
        except msgspec.ValidationError:
            return None
    return params.get("uri") if isinstance(params, dict) else None


def progress_token(params: Any) -> Any:
    """The request's ``_meta.progressToken`` (``UNSET``: none)."""
    meta = meta_of(params)
    return meta.get("progressToken", msgspec.UNSET) if isinstance(meta, dict) else msgspec.UNSET


def with_progress_token(params: Any, token: Any) -> dict[str, Any]:
    value = decode_params(params)
    return {**value, "_meta": {**value["_meta"], "progressToken": token}}


def is_error_result(result: Any) -> bool:
    """Whether a ``tools/call`` result says ``isError: true``."""
    if isinstance(result, msgspec.Raw):
        try:
            return _is_error_decoder.decode(result).isError is True
        except msgspec.ValidationError:
            return False
    return isinstance(result, dict) and result.get("isError") is True


def message(*, id: Any = msgspec.UNSET, method: Any = msgspec.UNSET, params: Any = None, result: Any = msgspec.UNSET,  # noqa: A002
            error: Any = msgspec.UNSET) -> bytes:
    """One JSON-RPC message; raw params, results and errors are copied as the bytes they are."""
    out: dict[str, Any] = {"jsonrpc": "2.0"}
    if id is not msgspec.UNSET:
        out["id"] = id
    if method is not msgspec.UNSET:
        out["method"] = method
    if params is not None and params is not msgspec.UNSET:
        out["params"] = params
    if result is not msgspec.UNSET:
        out["result"] = result
    if error is not msgspec.UNSET:
        out["error"] = error
    return _encoder.encode(out)


class _ResultType(msgspec.Struct):
    resultType: Any = None  # noqa: N815 (the protocol's name)


_result_type_decoder = msgspec.json.Decoder(_ResultType)


def result_type(result: Any) -> str | None:
    """A 2026-07-28 result's ``resultType`` (``complete``, ``input_required``, ``task``…)."""
    if not isinstance(result, msgspec.Raw):
        return None
    try:
        value = _result_type_decoder.decode(result).resultType
    except msgspec.ValidationError:
        return None
    return value if isinstance(value, str) else None
