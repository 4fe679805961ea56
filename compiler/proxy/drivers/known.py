"""What the upstream said about itself last time, kept beside the cache so the next start of the
proxy can describe it at once.

A host may start the stdio proxy only to probe its era: the official TypeScript client (Claude
Desktop, MCP Inspector) starts a disposable copy, sends ``server/discover``, and ends it
(``shared/reference/host-lifecycle.md``). Answering that from the upstream itself costs a whole
upstream start (a ``node`` or ``uvx`` server: 0.3 s and more) on every host start. So the
description the upstream gave (its era, capabilities, server info, instructions) is written here
once its session opens, and a later ``initialize`` or ``server/discover`` that arrives before the
upstream's session is open is answered from it (``Router.known``); everything else still waits for
the upstream. When the upstream then describes itself differently (it was upgraded), the file is
rewritten and the next host start sees the new description.

One small JSON file per upstream target (its command or URL), under ``<cache dir>/upstreams/``;
``--no-cache`` keeps none. A file that cannot be read or written is ignored with a log line.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import os
from pathlib import Path

from ..core.peers import UpstreamInfo

log = logging.getLogger("compile_ui.proxy")


class KnownUpstream:
    def __init__(self, directory: Path, target: str) -> None:
        self.path = directory / f"{hashlib.sha256(target.encode()).hexdigest()[:24]}.json"
        self.target = target

    def load(self) -> UpstreamInfo | None:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as error:
            log.warning("cannot read %s (%s): the upstream describes itself when it starts", self.path, error)
            return None
        if not isinstance(data, dict) or data.get("target") != self.target:
            return None  # another upstream's file (a hash clash) or a foreign one
        return UpstreamInfo.from_json(data.get("info"))

    def save(self, info: UpstreamInfo) -> None:
        """Write atomically (a probe copy may be killed at any moment, and several run at once)."""
        part = self.path.with_name(f"{self.path.name}.{os.getpid()}.part")
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            part.write_text(json.dumps({"target": self.target, "info": info.as_json()}, sort_keys=True), encoding="utf-8")
            os.replace(part, self.path)
        except OSError as error:
            log.warning("cannot write %s (%s): the next start asks the upstream again", self.path, error)
            with contextlib.suppress(OSError):
                part.unlink()
