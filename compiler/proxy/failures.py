"""The one place where something that went wrong becomes an MCP answer.

A ``tools/call`` that fails for a reason outside the tool (the upstream died, is not running, the
proxy could not build a page) is answered with an ``isError`` result, so the model sees the reason;
every other request gets a JSON-RPC error. Exceptions map to codes here and nowhere else.
"""

from __future__ import annotations

from typing import Any

import msgspec

from . import wire


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


def answer(request_id: Any, method: str | None, error: BaseException, *, modern: bool = False) -> bytes:
    """The message that answers request ``request_id`` of ``method`` after ``error`` (``modern``:
    the host speaks 2026-07-28, whose results carry ``resultType``)."""
    code, message, data = error_of(error)
    if method == "tools/call" and code == wire.INTERNAL_ERROR:
        return wire.result(request_id, _error_result(message, modern))
    return wire.error(request_id, code, message, data)


def lost(request_id: Any, method: str, why: str, *, modern: bool = False) -> bytes:
    """The answer to a request in flight when the upstream went away."""
    if method == "tools/call":
        return wire.result(request_id, _error_result(f"{why}; the call was lost.", modern))
    return wire.error(request_id, wire.INTERNAL_ERROR, why)


def _error_result(text: str, modern: bool) -> dict[str, Any]:
    result: dict[str, Any] = {"content": [{"type": "text", "text": text}], "isError": True}
    if modern:
        result["resultType"] = "complete"
    return result
