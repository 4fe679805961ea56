"""Finding the upstream's era when a run starts, and opening its session.

``server/discover`` first (the 2026-07-28 probe, as the official clients send it); a positive
answer naming 2026-07-28 makes the upstream modern: nothing to open, every request carries its
envelope. Anything else falls back to ``initialize`` (the first host's own params, or ones built
from a 2026-07-28 host's envelope) and ``notifications/initialized``. Two odd cases:

- ``initialize`` refused with -32022 naming 2026-07-28: a modern server that did not answer the
  probe (the probe already locked its connection to 2026-07-28); served as 2026-07-28, its
  capabilities unknown (tools assumed);
- the upstream exits on the probe (some handshake-only servers do not survive a request before
  ``initialize``): the next run goes straight to ``initialize``.
"""

from __future__ import annotations

import logging
from typing import Any

from . import eras, failures, wire
from .eras import Caller, UpstreamInfo

log = logging.getLogger("compile_ui.proxy")
PROBE_TIMEOUT_S = 10.0


async def detect(proxy: Any, caller: Caller, init: dict[str, Any] | None) -> UpstreamInfo:
    """The upstream's era and what it said about itself; ``proxy`` is the router (``core.Proxy``)."""
    if not proxy.skip_probe:
        try:
            result = await proxy.request_upstream("server/discover", eras.probe_params(), ready=False, timeout=PROBE_TIMEOUT_S)
        except ConnectionError:
            proxy.skip_probe = True
            log.warning("the upstream exited on server/discover; it will be initialized without the probe")
            raise
        except (RuntimeError, TimeoutError):
            result = None
        if eras.is_modern_discovery(result):
            return UpstreamInfo.from_discover(result)
    try:
        result = await proxy.request_upstream("initialize", eras.initialize_params(caller, init), ready=False)
    except failures.UpstreamError as error:
        if eras.names_modern(error):
            log.warning("the upstream does not answer server/discover but speaks 2026-07-28; its capabilities are unknown (tools assumed)")
            return UpstreamInfo(eras.MODERN, eras.MODERN, {"tools": {}})
        raise
    await proxy.supervisor.send_now(wire.notification("notifications/initialized"))
    return UpstreamInfo.from_initialize(result if isinstance(result, dict) else {})
