"""Finding the upstream's era when a run starts, and opening its session.

With one host (stdio), the upstream is opened in that host's era when it speaks it, so its
requests pass with nothing to translate and the upstream does its own work for them, not a
translation's. With many hosts (``--serve http``), 2026-07-28 is preferred: its per-request
envelope routes every round trip (elicitation, sampling) to the host that asked, where a
handshake session shares one stream among all hosts.

- a 2026-07-28 host first, or many hosts: ``server/discover`` (the probe the official clients
  send); a positive answer naming 2026-07-28 makes the upstream modern: nothing to open, every
  request carries its envelope. Anything else falls back to ``initialize``, with params built from the host's envelope;
- a handshake-era host alone: its own ``initialize``, then ``notifications/initialized``. A
  dual-era server (the ``mcp`` 2.x ones) decides a connection's era on its first request, so the
  probe would lock it to 2026-07-28; it is sent only when ``initialize`` is refused with -32022
  naming 2026-07-28 (a server that speaks only that era).

Hosts of the other era that come later are translated (``eras``, ``rounds``). Two odd cases:

- ``initialize`` refused with -32022 naming 2026-07-28 and no usable ``server/discover`` answer: a
  modern server without discover; served as 2026-07-28, its capabilities unknown (tools assumed);
- the upstream exits on the probe (some handshake-only servers do not survive a request before
  ``initialize``): the next run goes straight to ``initialize``.
"""

from __future__ import annotations

import logging
from typing import Any, Protocol

from ..core import failures
from ..core.messages import Caller
from ..core.peers import LATEST_MODERN_VERSION, Era, UpstreamInfo
from . import eras

log = logging.getLogger("compile_ui.proxy")
PROBE_TIMEOUT_S = 10.0


class Opener(Protocol):
    """What finding the era needs: the proxy's own requests before the session is open."""

    skip_probe: bool

    @property
    def many_hosts(self) -> bool: ...

    async def request_upstream(self, method: str, params: dict[str, Any] | None = None, *, ready: bool = True,
                               timeout: float = ...) -> Any: ...

    async def notify_upstream(self, method: str) -> None: ...


async def detect(opener: Opener, caller: Caller, init: dict[str, Any] | None) -> UpstreamInfo:
    """The upstream's era and what it said about itself; ``init`` is the first host's
    ``initialize`` params (None for a 2026-07-28 host)."""
    probe_first = init is None or opener.many_hosts
    if probe_first and not opener.skip_probe:
        discovered = await _probe(opener)
        if discovered is not None:
            return discovered
    try:
        return await _initialize(opener, caller, init)
    except failures.UpstreamError as error:
        if not eras.names_modern(error):
            raise
    discovered = None if probe_first or opener.skip_probe else await _probe(opener)
    if discovered is not None:
        return discovered
    log.warning("the upstream does not answer server/discover but speaks 2026-07-28; its capabilities are unknown (tools assumed)")
    return UpstreamInfo(Era.MODERN, LATEST_MODERN_VERSION, {"tools": {}})


async def _probe(opener: Opener) -> UpstreamInfo | None:
    """``server/discover``: the upstream's 2026-07-28 self-description, or None when it has none."""
    try:
        result = await opener.request_upstream("server/discover", eras.probe_params(), ready=False, timeout=PROBE_TIMEOUT_S)
    except ConnectionError:
        opener.skip_probe = True
        log.warning("the upstream exited on server/discover; it will be initialized without the probe")
        raise
    except (RuntimeError, TimeoutError):
        return None
    return UpstreamInfo.from_discover(result) if eras.is_modern_discovery(result) else None


async def _initialize(opener: Opener, caller: Caller, init: dict[str, Any] | None) -> UpstreamInfo:
    result = await opener.request_upstream("initialize", eras.initialize_params(caller, init), ready=False)
    await opener.notify_upstream("notifications/initialized")
    return UpstreamInfo.from_initialize(result if isinstance(result, dict) else {})
