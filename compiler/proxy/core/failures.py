"""The one place where something that went wrong becomes an MCP answer.

A ``tools/call`` that fails for a reason outside the tool (the upstream died, is not running, the
proxy could not build a page) is answered with an ``isError`` result, so the model sees the reason;
every other request gets a JSON-RPC error. Exceptions map to codes here and nowhere else.
"""

from __future__ import annotations

from typing import Any

import msgspec

from . import wire
from .exchanges import Exchange
from .messages import Effect, HostPeer, Request, Response, ToHost


class ProxyError(Exception):
    """A failure with its JSON-RPC code and, optionally, error data."""

    def __init__(self, code: int, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code, self.message, self.data = code, message, data


class UpstreamError(RuntimeError):
    """The upstream answered one of the proxy's own requests with a JSON-RPC error."""

    def __init__(self, code: Any, message: str, data: Any = None) -> None:
        super().__init__(message)
        self.code, self.data = code, data


def error_of(error: BaseException) -> tuple[int, str, Any]:
    """The JSON-RPC ``(code, message, data)`` for an exception."""
    if isinstance(error, ProxyError):
        return error.code, error.message, error.data
    if isinstance(error, (ConnectionError, TimeoutError)):
        return wire.INTERNAL_ERROR, f"The upstream server is not running ({error or type(error).__name__})", None
    if isinstance(error, (msgspec.DecodeError, ValueError, TypeError)):
        return wire.INVALID_PARAMS, f"Invalid params: {error}", None
    return wire.INTERNAL_ERROR, f"Internal error: {type(error).__name__}", None


def response(request_id: Any, method: str | None, error: BaseException) -> Response:
    """The answer to request ``request_id`` of ``method`` after ``error``."""
    code, message, data = error_of(error)
    if method == "tools/call" and code == wire.INTERNAL_ERROR:
        return Response(request_id, _error_result(message), method=method)
    body: dict[str, Any] = {"code": code, "message": message}
    if data is not None:
        body["data"] = data
    return Response(request_id, error=body, method=method)


def refuse(host: HostPeer, request: Request, error: BaseException) -> Effect:
    """A host's request answered with ``error``."""
    return ToHost(host, response(request.id, request.method, error))


def refuse_entry(entry: Exchange, error: BaseException) -> Effect:
    """The host's request an exchange stands for answered with ``error``."""
    assert entry.host is not None
    return ToHost(entry.host, response(entry.host_id, entry.method, error))


def lost(request_id: Any, method: str, why: str) -> Response:
    """The answer to a request in flight when the upstream went away."""
    if method == "tools/call":
        return Response(request_id, _error_result(f"{why}; the call was lost."), method=method)
    return Response(request_id, error={"code": wire.INTERNAL_ERROR, "message": why}, method=method)


def _error_result(text: str) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": text}], "isError": True}
