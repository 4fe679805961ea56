"""The era codecs: each peer's bytes to the router's internal form (``core/messages.py``) and back.

A host codec belongs to one host connection and reads each request in its own era: a request is
2026-07-28 when it carries the envelope (``params._meta`` with the protocol version), is
``server/discover``, or arrives as a single HTTP exchange; anything else is the handshake era,
whose caller is what the host declared at ``initialize``. The envelope is checked (the spec's
error ladder, ``eras.read_modern``) and taken off; the answer goes back in the era its request
came in (``resultType``, and ``ttlMs``/``cacheScope`` where 2026-07-28 asks for them).

The upstream codec knows the upstream's era once its session is open (``era``; None while the
runtime finds it, when its own requests pass as they are): towards a 2026-07-28 upstream every
request is stamped with its caller's envelope, and notifications that era removed are dropped;
from it, each answer's ``resultType`` is read (an ``InputRequiredResult`` starts an input round).
"""

from __future__ import annotations

from typing import Any

import msgspec

from ..core import wire
from ..core.failures import ProxyError, response
from ..core.messages import Caller, Describe, Message, Notification, Request, Response
from ..core.peers import Era
from . import eras
from .jsonline import Read, Refused


class HostCodec:
    """One host connection's codec (stdio, a handshake-era HTTP session, or one 2026-07-28 exchange)."""

    def __init__(self, *, headers: dict[str, str] | None = None) -> None:
        self.headers = headers
        """A 2026-07-28 HTTP exchange's headers: every request must be in that era."""
        self.caller = Caller()
        """What a handshake-era host declared at ``initialize`` (and its log level since)."""
        self._modern: set[bytes] = set()
        """Ids of the 2026-07-28 requests not yet answered: their answers are completed."""
        self.eras: set[Era] = set()
        """The eras this host has spoken in (``_ui_status``)."""
        self._read: tuple[Any, Caller | None] = (None, None)
        """The last 2026-07-28 ``_meta`` read over stdio and its caller: a host sends the same
        envelope with every request, read once (and one caller keeps the upstream's stamp)."""

    def decode(self, env: wire.Envelope) -> Message | Refused:
        """A checked envelope (``host_door.read``) in the internal form; ``Refused`` when the era's
        rules answer it here (a malformed 2026-07-28 envelope, a method that era removed)."""
        if env.is_response:
            return Response(env.id, env.result, env.error)
        params: Any = env.params if env.params is not msgspec.UNSET else None
        if env.is_notification:
            return Notification(env.method, params)
        method = env.method
        if self.headers is not None or method == "server/discover" or (
                method != "initialize" and isinstance(meta := wire.meta_of(params), dict) and eras.PROTOCOL_VERSION_META_KEY in meta):
            return self._modern_request(env.id, method, wire.decode_params(params))
        self.eras.add(Era.HANDSHAKE)
        if method == "initialize":
            init = wire.decode_params(params)
            self.caller = eras.handshake_caller(init)
            return Request(env.id, method, init, self.caller, opens=init)
        if method == "logging/setLevel":
            level = wire.decode_params(params).get("level")
            self.caller = Caller(self.caller.capabilities, self.caller.client_info, level if isinstance(level, str) else None)
        return Request(env.id, method, params, self.caller)

    def _modern_request(self, request_id: Any, method: str, params: dict[str, Any]) -> Request | Refused:
        self._modern.add(wire.encode(request_id))
        self.eras.add(Era.MODERN)
        try:
            meta = params.get("_meta")
            last, caller = self._read
            if caller is None or meta != last or self.headers is not None:
                caller = eras.read_modern(method, params, self.headers)
                self._read = (meta, caller)
            if method in eras.REMOVED_IN_MODERN:
                raise ProxyError(wire.METHOD_NOT_FOUND, f"Method not found: {method} does not exist in 2026-07-28")
        except ProxyError as error:
            return Refused(error.message, response(request_id, method, error))
        stripped = eras.strip(params)
        return Request(request_id, method, stripped or None, caller, askable=False)

    def encode(self, message: Message) -> bytes:
        if isinstance(message, Response):
            return self._answer(message)
        if isinstance(message, Request):
            return wire.message(id=message.id, method=message.method, params=message.params)
        return wire.message(method=message.method, params=message.params)

    def _answer(self, answer: Response) -> bytes:
        modern = False
        if self._modern:
            key = wire.encode(answer.id)
            modern = key in self._modern
            self._modern.discard(key)
        result = answer.result
        if isinstance(result, Describe):
            result = eras.discover_result(result.info) if modern else eras.initialize_result(result.info, result.requested, ui=result.ui)
        if modern and result is not msgspec.UNSET:
            if isinstance(result, msgspec.Raw) and answer.method in eras.CACHEABLE_METHODS:
                result = wire.decode_any(result)
            if isinstance(result, dict):
                result = eras.complete(answer.method or "", result)
            elif isinstance(result, msgspec.Raw) and (answer.result_type or wire.result_type(result)) is None:
                result = msgspec.Raw(eras.complete_raw(bytes(result)))
        return wire.message(id=answer.id, result=result, error=answer.error)


class UpstreamCodec:
    """The upstream's codec; ``era`` is set once its session is open."""

    def __init__(self) -> None:
        self.era: Era | None = None
        self._caller: Caller | None = None
        self._envelope = b""

    def encode(self, message: Message) -> bytes | None:
        """The bytes for the upstream; None for what its era has no place for."""
        modern = self.era is Era.MODERN
        if isinstance(message, Request):
            params = self._stamped(message.params, message.caller) if modern else message.params
            return wire.message(id=message.id, method=message.method, params=params)
        if isinstance(message, Response):
            return wire.message(id=message.id, result=message.result, error=message.error)
        if modern and message.method in eras.HANDSHAKE_ONLY_NOTIFICATIONS:
            return None
        return wire.message(method=message.method, params=message.params)

    def _stamped(self, params: Any, caller: Caller) -> Any:
        if caller is not self._caller:  # a host's caller stays the same object while it declares nothing new
            self._caller, self._envelope = caller, eras.envelope_of(caller)
        return eras.stamp_raw(params, caller, self._envelope)

    def decode(self, read: Read) -> Message:
        """A checked envelope (``upstream_door.read``) in the internal form."""
        env = read.envelope
        params: Any = env.params if env.params is not msgspec.UNSET else None
        if env.is_response:
            kind = wire.result_type(env.result) if self.era is Era.MODERN else None
            return Response(env.id, env.result, env.error, result_type=kind, repairs=read.repairs)
        if env.is_request:
            return Request(env.id, env.method, params)
        return Notification(env.method, params)
