"""The exchange table: every request in flight through the proxy, and every open subscription.

One entry per exchange, whatever its direction:

    FORWARD   a host's request sent upstream under the proxy's id (its progress token too)
    LOCAL     a host's request answered by a local service (pages, ``_ui_*`` tools)
    ASK       an upstream's request sent to a host (sampling, elicitation, roots), or one the
              proxy sends a host itself (a 2026-07-28 upstream's input request relayed)
    HELD      a handshake-era upstream's request for a 2026-07-28 host's call: held, sent to the
              host as an ``inputRequests`` entry of an ``input_required`` round (``rounds.py``),
              answered from the host's retry
    OWN       the proxy's own request upstream (``tools/list``, ``server/discover``, …)
    LISTEN    a host's ``subscriptions/listen``: sent upstream, or served here
    WAITING   a host's request held until the upstream session is open

The proxy's id for an entry (``key``, ``compile-ui:<n>``) is what the upstream sees as the
request id, the progress token and the subscription id; ``host_id`` is the host's own. An entry
ends only through ``retire()``: on answer, error, cancel, peer gone or timeout.
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from . import wire
from .messages import Caller, HostPeer, Params


class Kind(enum.Enum):
    FORWARD = "forward"
    LOCAL = "local"
    ASK = "ask"
    OWN = "own"
    LISTEN = "listen"
    WAITING = "waiting"
    HELD = "held"

    __hash__ = object.__hash__
    """Members are singletons compared by identity: ``Enum``'s own hash is Python code hashing
    the name, run for every set lookup of a kind on a forwarded call's path."""


@dataclass(eq=False, slots=True)
class Exchange:
    key: str
    kind: Kind
    method: str
    host: HostPeer | None = None
    host_id: Any = None
    caller: Caller | None = None
    askable: bool = False
    upstream_id: Any = None
    """ASK: the upstream's own id for its request."""
    host_token: Any = None
    """The host's progress token, replaced upstream by ``key``."""
    deadline: float | None = None
    params: Params = None
    """What went upstream, kept where a retry may need it (input rounds)."""
    tool: str | None = None
    arguments: Any = None
    app: bool = False
    """Started by a person from a page: its outcome is an event."""
    cursor: bool = False
    ui: bool = False
    rounds: int = 0
    parent: str | None = None
    """ASK made for an input round: the FORWARD it belongs to."""
    inputs: dict[str, Any] = field(default_factory=dict)
    """FORWARD in an input round: input key → the ASK key, then its answer."""
    state: Any = None
    """FORWARD in an input round: the upstream's ``requestState``; WAITING: the held request."""
    filters: dict[str, Any] = field(default_factory=dict)
    """LISTEN: the notifications the host asked for."""
    started: float = 0.0
    turn: int = 0
    """FORWARD: when it last went to (or came back from) its host; the latest is the likeliest
    cause of a session upstream's question, which names no request."""
    paused: bool = False
    """FORWARD: its host's round ended with ``input_required``; the upstream's call runs on,
    unbound from any host until the retry (``rounds.py``)."""
    paused_for: HostPeer | None = None
    """FORWARD, paused: the lasting host whose retry it waits for (it ends if that host goes)."""
    early: Any = None
    """FORWARD, paused: the upstream's answer, come before the host's retry."""
    retired: str | None = None


class ExchangeTable:
    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self.entries: dict[str, Exchange] = {}
        """Insertion order is the order requests went out."""
        self._by_host: dict[tuple[int, bytes], str] = {}
        self._by_upstream: dict[bytes, str] = {}
        self._parented = 0
        """Entries with a ``parent`` (set only when one opens): none, and ``children`` looks at nothing."""

    def open(self, kind: Kind, method: str, *, host: HostPeer | None = None, host_id: Any = None, **fields: Any) -> Exchange:
        entry = Exchange(f"{wire.ID_PREFIX}{next(self._ids)}", kind, method, host, host_id, **fields)
        self.entries[entry.key] = entry
        if entry.parent is not None:
            self._parented += 1
        if host is not None and kind in _HOST_KEYED:
            self._by_host[(id(host), wire.encode(host_id))] = entry.key
        if kind in _UPSTREAM_KEYED and entry.upstream_id is not None:
            self._by_upstream[wire.encode(entry.upstream_id)] = entry.key
        return entry

    def unbind(self, entry: Exchange) -> None:
        """A FORWARD's host round ended (``input_required``): it no longer answers to that host's id."""
        host_key = (id(entry.host), wire.encode(entry.host_id))
        if self._by_host.get(host_key) == entry.key:
            del self._by_host[host_key]
        entry.host, entry.host_id = None, None

    def bind(self, entry: Exchange, host: HostPeer, host_id: Any) -> None:
        """A paused FORWARD taken up by a host's retry: it answers to that request now."""
        entry.host, entry.host_id = host, host_id
        self._by_host[(id(host), wire.encode(host_id))] = entry.key

    def retire(self, key: str, why: str) -> Exchange | None:
        """End an entry (the only way one ends); None when it had already ended."""
        entry = self.entries.pop(key, None)
        if entry is None:
            return None
        entry.retired = why
        if entry.parent is not None:
            self._parented -= 1
        if entry.host is not None and entry.kind in _HOST_KEYED:
            host_key = (id(entry.host), wire.encode(entry.host_id))
            if self._by_host.get(host_key) == key:
                del self._by_host[host_key]
        if entry.kind in _UPSTREAM_KEYED and entry.upstream_id is not None:
            self._by_upstream.pop(wire.encode(entry.upstream_id), None)
        return entry

    def get(self, key: Any) -> Exchange | None:
        return self.entries.get(key) if isinstance(key, str) else None

    def of_host(self, host: HostPeer, host_id: Any) -> Exchange | None:
        """The entry of a host's request (FORWARD, LOCAL, LISTEN or WAITING)."""
        key = self._by_host.get((id(host), wire.encode(host_id)))
        return self.entries.get(key) if key is not None else None

    def of_upstream(self, upstream_id: Any) -> Exchange | None:
        """The ASK or HELD entry of an upstream's request."""
        key = self._by_upstream.get(wire.encode(upstream_id))
        return self.entries.get(key) if key is not None else None

    def of_peer(self, host: HostPeer) -> list[Exchange]:
        """Its exchanges, and the paused calls that wait for its retry."""
        return [e for e in self.entries.values() if e.host is host or (e.paused_for is host and host is not None)]

    def children(self, parent: str, *kinds: Kind) -> list[Exchange]:
        if not self._parented:
            return []
        return [e for e in self.entries.values() if e.parent == parent and e.kind in kinds]

    def where(self, *kinds: Kind) -> Iterator[Exchange]:
        return (e for e in list(self.entries.values()) if e.kind in kinds)

    def counts(self) -> dict[str, int]:
        """Entries by kind: requests sent upstream (``forward``), answered here (``local``), asked
        of hosts (``ask``), the proxy's own (``own``), open streams (``listen``), waiting for the
        upstream (``waiting``), an upstream's questions in a host's input round (``held``)."""
        counts = dict.fromkeys((kind.value for kind in Kind), 0)
        for entry in self.entries.values():
            counts[entry.kind.value] += 1
        return counts

    def __len__(self) -> int:
        return len(self.entries)


_HOST_KEYED = frozenset({Kind.FORWARD, Kind.LOCAL, Kind.LISTEN, Kind.WAITING})
"""Kinds named by the host's own request id (an ASK is named by the proxy's)."""
_UPSTREAM_KEYED = frozenset({Kind.ASK, Kind.HELD})
"""Kinds that stand for an upstream's request (named by the upstream's id)."""
