"""Input rounds across eras: a handshake-era upstream's questions as 2026-07-28 ``input_required`` rounds.

A handshake-era upstream asks mid-call with a server-to-client request (``elicitation/create``,
``sampling/createMessage``, ``roots/list``); a 2026-07-28 host has no such requests: the server
ends the host's round with ``resultType: "input_required"``, the questions as ``inputRequests``
and a ``requestState``, and the host calls again with ``inputResponses`` and that state.

    upstream asks ──► the host's call answered  {input_required, inputRequests, requestState}
                      (the upstream's call keeps running; its questions are held)
    host retries  ──► its answers go to the upstream's held requests; the retry now waits for
                      the call's result, or the next round when the upstream asks again

The ``requestState`` names the paused exchange (its table key), the round and the request it
belongs to, under an HMAC with a key only this process holds (as ``mcp/server/request_state.py``
binds its own): a state that was altered, minted elsewhere or by another replica, or that names a
round that has ended is refused with a message from this module's catalog. The router
(``router.py``) does the routing; this module only seals, opens and words.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
import os
from dataclasses import dataclass
from typing import Any

from . import wire

PREFIX = "compile-ui.1."
"""Every state the proxy mints starts so (a 2026-07-28 upstream's own states pass through)."""
ROUND_TIMEOUT_S = 600.0
"""How long a paused call waits for the host's retry (a person may take a while to answer)."""
ENDED_KEPT = 256
"""Rounds that ended recently, remembered so a late retry is told why (bounded)."""
CAPABILITY = {"elicitation/create": "elicitation", "sampling/createMessage": "sampling", "roots/list": "roots"}


@dataclass(frozen=True)
class Sealed:
    """What a ``requestState`` the proxy minted says."""

    replica: str
    key: str
    round: int
    target: str


class Seals:
    """Mints and checks the proxy's ``requestState`` values (HMAC-SHA256, a key per process)."""

    def __init__(self, secret: bytes | None = None) -> None:
        self._secret = secret if secret is not None else os.urandom(32)
        self.replica = hmac.new(self._secret, b"replica", hashlib.sha256).hexdigest()[:12]
        """Names this process in its states (not secret: a refusal can say where a round lives)."""

    def seal(self, key: str, round_no: int, target: str) -> str:
        payload = _b64(json.dumps([self.replica, key, round_no, target], separators=(",", ":")).encode())
        return f"{PREFIX}{payload}.{_b64(self._mac(payload))}"

    def open(self, state: Any) -> Sealed | str:
        """The round a state names, or why it is refused (a message for the host)."""
        if not isinstance(state, str) or not state.startswith(PREFIX) or state.count(".") != 3:
            return FORGED
        payload, _, mac = state.removeprefix(PREFIX).partition(".")
        try:
            fields = json.loads(_unb64(payload))
            replica, key, round_no, target = fields
            good = hmac.compare_digest(_unb64(mac), self._mac(payload))
        except (ValueError, TypeError, binascii.Error):
            return FORGED
        if not good:
            named = isinstance(replica, str) and len(replica) == 12 and replica != self.replica and replica.isalnum()
            return OTHER_REPLICA.format(replica=replica) if named else FORGED
        return Sealed(replica, key, round_no, target)

    def _mac(self, payload: str) -> bytes:
        return hmac.new(self._secret, payload.encode(), hashlib.sha256).digest()


def target_of(method: str, params: dict[str, Any]) -> str:
    """What a retry must name again to resume a round: the tool, prompt or resource."""
    value = params.get("uri") if method == "resources/read" else params.get("name")
    return f"{method} {value}" if isinstance(value, str) else method


def for_handshake(method: str, params: Any, key: str) -> Any:
    """An input request's params as a handshake-era host takes them: URL-mode elicitation needs
    ``elicitationId`` (required at 2025-11-25, removed at 2026-07-28); the proxy's key is unique."""
    if method == "elicitation/create" and isinstance(params, dict) and params.get("mode") == "url" and "elicitationId" not in params:
        return {**params, "elicitationId": key}
    return params


def for_modern(method: str, params: Any) -> Any:
    """A handshake-era request's params as a 2026-07-28 input request: no ``elicitationId``."""
    if method == "elicitation/create" and isinstance(params, dict) and params.get("mode") == "url":
        return {k: v for k, v in params.items() if k != "elicitationId"}
    return params


def input_required(questions: dict[str, Any], state: str) -> dict[str, Any]:
    """The host's round, ended: the held questions and the state to come back with."""
    return {"resultType": "input_required", "inputRequests": questions, "requestState": state}


def missing_capability(method: str, params: Any, capabilities: dict[str, Any]) -> str | None:
    """The capability a host must have declared to be asked this (None: it has it). URL-mode
    elicitation needs ``elicitation.url``; form mode, ``elicitation`` (``{}`` means form)."""
    name = CAPABILITY.get(method)
    if name is None:
        return method
    declared = capabilities.get(name)
    if not isinstance(declared, dict):
        return name
    if name != "elicitation":
        return None
    if (params.get("mode") if isinstance(params, dict) else None) == "url":
        return None if isinstance(declared.get("url"), dict) else "elicitation.url"
    return None if not declared or isinstance(declared.get("form"), dict) else "elicitation.form"


def not_supported(method: str, capability: str) -> dict[str, Any]:
    """The upstream's request refused at once: the error an official client without the
    capability answers with (``Elicitation not supported``, -32600), saying why."""
    return {"code": wire.INVALID_REQUEST, "message": f"{method} not supported: the host that made this call did not declare "
            f"the {capability!r} capability (compile-ui asks a 2026-07-28 host in an input_required round only for what it declared)"}


# --------------------------------------------------------------------------- the catalog

FORGED = ("requestState was not minted by this compile-ui proxy, or was altered: it cannot resume any call. "
          "Call the tool again without requestState and inputResponses to start over.")
OTHER_REPLICA = ("requestState names an input round paused in another compile-ui replica ({replica}), or in this proxy "
                 "before it restarted: the call lives there, with its upstream, or ended with it. Send the retry to the same replica (route 2026-07-28 retries carrying requestState "
                 "to the replica that answered the round), or call the tool again without requestState to start over.")
STALE = ("requestState names an input round that is no longer waiting ({why}). Call the tool again without "
         "requestState and inputResponses to start over.")
WRONG_TARGET = "requestState belongs to {target!r}, not to this request: a retry must repeat the request that was paused."
TIMED_OUT = "the host did not come back with answers to the upstream's request(s) within {seconds:g} s (input round abandoned)"
ROUND_ENDED = "the input round this request belonged to ended ({why})"


def _b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def _unb64(text: str) -> bytes:
    """The bytes of ``_b64``'s text, which must be exactly its text: base64's last character can
    carry unused bits, and a state with one of them changed would decode the same (an altered
    state taken for the genuine one)."""
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if _b64(data) != text:
        raise ValueError("not the canonical encoding")
    return data
