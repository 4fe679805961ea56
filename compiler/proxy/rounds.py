"""Multi-round-trip requests across eras: a 2026-07-28 upstream, a handshake-era host.

A 2026-07-28 server that needs more input answers ``tools/call``, ``prompts/get`` or
``resources/read`` with an ``InputRequiredResult``: ``inputRequests`` (each an
``elicitation/create``, ``sampling/createMessage`` or ``roots/list`` request) and an opaque
``requestState``. A 2026-07-28 host fulfils them and retries itself, so for it the result passes
through untouched. A handshake-era host knows only server-to-client requests, so the proxy
translates: it sends each input request to the host as that request, collects the answers, and
retries the original request upstream with ``inputResponses`` and the ``requestState`` echoed
byte for byte, up to ``MAX_ROUNDS`` rounds. What it refuses, with the error the host gets:

- an input request whose method is none of the three, or one the host did not declare the
  capability for (``elicitation``, ``sampling``, ``roots``): a tools/call gets an ``isError``
  result naming it, other methods a -32603 error;
- more than ``MAX_ROUNDS`` rounds: the same, saying so;
- a host that answers an input request with an error: that error is passed to the host's
  original request.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import msgspec

from . import failures, wire
from .failures import ProxyError

if TYPE_CHECKING:
    from .core import Pending, Proxy

log = logging.getLogger("compile_ui.proxy")
MAX_ROUNDS = 8
HOST_REQUEST_TIMEOUT_S = 600.0
"""A person may take a while to answer an elicitation."""
RETRIABLE = frozenset({"tools/call", "prompts/get", "resources/read"})
CAPABILITY = {"elicitation/create": "elicitation", "sampling/createMessage": "sampling", "roots/list": "roots"}


async def fulfil(proxy: "Proxy", pending: "Pending", result: dict[str, Any]) -> None:
    """Answer one ``InputRequiredResult`` for a handshake-era host, then retry upstream."""
    channel = pending.channel
    try:
        if pending.rounds >= MAX_ROUNDS:
            raise ProxyError(wire.INTERNAL_ERROR, f"the upstream asked for input more than {MAX_ROUNDS} times; gave up")
        responses = {}
        requests = result.get("inputRequests") if isinstance(result.get("inputRequests"), dict) else {}
        for key, request in requests.items():
            responses[key] = await _ask(proxy, pending, request)
    except (ProxyError, ConnectionError, TimeoutError) as error:
        await channel.send(failures.answer(pending.host_id, pending.method, error))
        return
    sent = pending.params
    params = dict(msgspec.json.decode(sent) if isinstance(sent, msgspec.Raw) else sent or {})
    params.pop("inputResponses", None)
    params.pop("requestState", None)
    if responses:
        params["inputResponses"] = responses
    if "requestState" in result:
        params["requestState"] = result["requestState"]
    await proxy.retry(pending, params)


async def _ask(proxy: "Proxy", pending: "Pending", request: Any) -> Any:
    method = request.get("method") if isinstance(request, dict) else None
    capability = CAPABILITY.get(method)
    if capability is None:
        raise ProxyError(wire.INTERNAL_ERROR, f"the upstream asked for input compile-ui cannot relay ({method!r})")
    if not isinstance(pending.caller.capabilities.get(capability), dict) and capability != "roots":  # {} declares it too
        raise ProxyError(wire.INTERNAL_ERROR, f"the upstream needs {method}, which this host did not declare ({capability})")
    log.info("relaying the upstream's %s to a handshake-era host", method)
    return await proxy.request_host(pending.channel, method, request.get("params"), HOST_REQUEST_TIMEOUT_S)
