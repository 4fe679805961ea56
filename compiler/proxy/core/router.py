"""The router: hosts in front, one upstream behind, no I/O.

    host drivers ── codec ──► Router.from_host ──┐            ┌── Router.from_upstream ◄── codec ── upstream driver
                                                 ▼            ▼
                                            one exchange table (exchanges.py)
                                                 │
                                                 ▼
                          effects: ToHost, ToUpstream, RunLocal, Settle, … (messages.py)

The router takes messages already decoded to the internal form (``messages.py``: no era in
them) and returns the effects that follow; the runtime carries them out. It owns no socket,
task, timer or signal; its only clock is the one it is given. Every request in flight and every
open subscription is an entry of the exchange table, and ``ExchangeTable.retire`` is the only way
an entry ends: on answer, error, cancel, peer gone or timeout.

What it adds to plain forwarding:

    initialize / server/discover   answered here, from what the upstream said about itself
    tools/list                     the tools as hosts see them (``LocalServices.listed_tools``)
    tools/call _ui_*               a local service
    resources/list, templates      the generated apps added; answered here when the upstream has none
    resources/read ui://compile-ui/…   a local service (the page)
    subscriptions/listen           sent upstream when the upstream serves it per request, served
                                   here for a session upstream; ids translated both ways
    server-to-client requests,     the upstream's questions and the rounds they make across eras
    input rounds                   (``rounds.py``): called where a question or a round begins, is
                                   answered, cancelled or out of time
    progress, cancel, logs         tokens and ids rewritten there and back
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import msgspec

from . import failures, rounds, wire
from .exchanges import Exchange, ExchangeTable, Kind
from .failures import ProxyError
from .messages import (
    AppRun,
    Caller,
    CancelLocal,
    Describe,
    Effect,
    HostPeer,
    Log,
    Message,
    Notification,
    OpenUpstream,
    Refresh,
    Request,
    Response,
    RunLocal,
    Settle,
    ToHost,
    ToUpstream,
)
from .peers import SUBSCRIPTION_ID_META_KEY, UpstreamInfo
from .services import ListResources, LocalServices, ReadPage, ToolCall

FIRST_START_WAIT_S = 60.0
"""How long a request waits for the upstream's first session (``npx`` may download the server)."""
RESTART_WAIT_S = 5.0
"""How long a request waits for a restarting upstream before it is answered with an error."""
LOG_LEVELS = {level: rank for rank, level in enumerate(("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"))}
"""The protocol's log levels, least severe first (RFC 5424's, as MCP names them)."""
LISTEN_FILTERS = {
    "notifications/tools/list_changed": "toolsListChanged",
    "notifications/prompts/list_changed": "promptsListChanged",
    "notifications/resources/list_changed": "resourcesListChanged",
}
APP_RUN_MARK = "compile-ui/app"
"""``_meta`` key the runtime puts on the calls a person starts from a page (an event is logged)."""
_UNREAD: Any = object()
"""A request's ``_meta`` not read yet (``_forward``)."""
NEEDS_SESSION = frozenset({"logging/setLevel", "resources/subscribe", "resources/unsubscribe"})
"""Requests only a session upstream has (the 2026-07-28 era removed them)."""


class Router:
    def __init__(self, services: LocalServices, *, force_ui: bool = False, clock: Callable[[], float] = lambda: 0.0,
                 timings: bool = False, secret: bytes | None = None) -> None:
        self.services = services
        self.timings = timings
        """Log each forwarded request's round trip (debug logs)."""
        self.force_ui = force_ui
        self.clock = clock
        self.table = ExchangeTable()
        self.rounds = rounds.Rounds(self.table, services, clock, self._deliver, secret)
        """The upstream's questions and the input rounds of calls (``rounds.py``)."""
        self.hosts: list[HostPeer] = []
        self.info: UpstreamInfo | None = None
        """What the upstream said about itself; None until its first session."""
        self.known: UpstreamInfo | None = None
        """What it said last time (``drivers/known.py``): ``initialize``/``server/discover`` are
        answered from it while the upstream's session is not open yet (a host's probe need not
        wait)."""
        self.ready = False
        self.ever_ready = False
        self.own_caller = Caller()
        """Whose envelope the proxy's own requests carry (the first host's)."""
        self.first_host_seen = False
        self.not_ready_reason: str | None = None
        self._repairs_said: set[tuple[str, str]] = set()

    # ------------------------------------------------------------------ peers

    def attach(self, host: HostPeer) -> None:
        if host.lasting:
            self.hosts.append(host)

    def detach(self, host: HostPeer) -> list[Effect]:
        """A host went away: everything it had in flight ends, upstream too."""
        if host in self.hosts:
            self.hosts.remove(host)
        effects: list[Effect] = []
        for entry in self.table.of_peer(host):
            if entry.paused:
                effects += self.rounds.end(entry, "the host that was asked went away")
            else:
                effects += self._cancel(entry, "peer gone")
        return effects

    # ------------------------------------------------------------------ host → router

    def from_host(self, host: HostPeer, message: Message) -> list[Effect]:
        if isinstance(message, Request):
            return self._host_request(host, message)
        if isinstance(message, Response):  # a host answers only what it was asked
            return self.rounds.answered(host, message)
        return self._host_notification(host, message)

    def _host_request(self, host: HostPeer, request: Request) -> list[Effect]:
        effects: list[Effect] = []
        if not self.first_host_seen:
            self.first_host_seen = True
            self.own_caller = request.caller
            effects.append(OpenUpstream(request.caller, request.opens))
        if request.opens is not None:
            host.opened = True
        ui = request.caller.apps or self.force_ui
        if request.method != "logging/setLevel":
            host.ui = ui
        method = request.method
        if method == "ping":
            return [*effects, _answer(host, request, {})]
        if method in ("initialize", "server/discover") and self.not_ready_reason is None:
            described = self.info or self.known  # the upstream's own word once it has spoken
            if described is not None:
                requested = (request.opens or {}).get("protocolVersion")
                return [*effects, _answer(host, request, Describe(described, ui, requested))]
        if not self.ready:
            if method == "tools/call" and ui and isinstance(name := wire.call_parts(request.params)[0], str) \
                    and self.services.owns_tool(name):  # the proxy's own tools answer while the upstream is down
                return [*effects, self._local(host, request, ToolCall(name, _arguments(request.params), request.id))]
            return [*effects, *self._hold(host, request)]
        info = self.info
        assert info is not None
        if method in NEEDS_SESSION and not info.sessions:
            if method == "logging/setLevel":
                return [*effects, _answer(host, request, {})]  # the codec keeps the level on the host's caller
            return [*effects, failures.refuse(host, request, ProxyError(
                wire.METHOD_NOT_FOUND, f"{method} is not available: the upstream speaks 2026-07-28, which removed it"))]
        if method == "subscriptions/listen":
            return [*effects, *self._listen(host, request)]
        if method == "tools/call":  # its name, _meta and requestState in one reading of the params
            name, meta, state = wire.call_parts(request.params)
        else:
            state = rounds.request_state(request.params) if method in rounds.RETRIABLE else msgspec.UNSET
        if state is not msgspec.UNSET and method in rounds.RETRIABLE and rounds.resumes(state, info.sessions):
            return [*effects, *self.rounds.resume(host, request, state)]
        if method == "tools/call":
            if isinstance(name, str) and ui and self.services.owns_tool(name):
                return [*effects, self._local(host, request, ToolCall(name, _arguments(request.params), request.id))]
            app = isinstance(meta, dict) and meta.get(APP_RUN_MARK) is True
            return [*effects, *self._forward(host, request, meta, tool=name if isinstance(name, str) else None, app=app,
                                             arguments=_arguments(request.params) if app else None)]
        if method == "tools/list":
            return [*effects, *self._forward(host, request, cursor=_has_cursor(request.params), ui=ui)]
        if method == "resources/list":
            if info.has("resources"):
                return [*effects, *self._forward(host, request, cursor=_has_cursor(request.params), ui=ui)]
            return [*effects, self._local(host, request, ListResources(ui))]
        if method == "resources/templates/list" and not info.has("resources"):
            return [*effects, _answer(host, request, {"resourceTemplates": []})]
        if method == "resources/read":
            uri = wire.param_uri(request.params)
            if isinstance(uri, str) and self.services.owns_uri(uri):
                return [*effects, self._local(host, request, ReadPage(uri))]
            if not info.has("resources"):
                return [*effects, failures.refuse(host, request, ProxyError(wire.RESOURCE_NOT_FOUND, f"Resource not found: {uri}"))]
        return [*effects, *self._forward(host, request)]

    def _hold(self, host: HostPeer, request: Request) -> list[Effect]:
        """A request that needs the upstream's session, before there is one: held until it opens."""
        if self.not_ready_reason is not None:
            return [failures.refuse(host, request, ProxyError(wire.INTERNAL_ERROR, self.not_ready_reason))]
        wait = RESTART_WAIT_S if self.ever_ready else FIRST_START_WAIT_S
        self.table.open(Kind.WAITING, request.method, host=host, host_id=request.id, state=request, deadline=self.clock() + wait)
        return []

    def _forward(self, host: HostPeer, request: Request, meta: Any = _UNREAD, **fields: Any) -> list[Effect]:
        """``meta``: the request's ``params._meta`` when the caller has read it already."""
        entry = self.table.open(Kind.FORWARD, request.method, host=host, host_id=request.id, caller=request.caller,
                                askable=request.askable and host.lasting, started=self.clock() if self.timings else 0.0,
                                turn=self.rounds.turn(), **fields)
        params = request.params
        if meta is _UNREAD:
            meta = wire.meta_of(params)
        token = meta.get("progressToken", msgspec.UNSET) if isinstance(meta, dict) else msgspec.UNSET
        if token is not msgspec.UNSET:
            entry.host_token = token
            params = wire.with_progress_token(params, entry.key)
        if request.method in rounds.RETRIABLE:  # kept for a round's retry
            entry.params = params
        return [ToUpstream(Request(entry.key, request.method, params, request.caller))]

    def _local(self, host: HostPeer, request: Request, call: Any) -> Effect:
        entry = self.table.open(Kind.LOCAL, request.method, host=host, host_id=request.id, caller=request.caller)
        return RunLocal(entry.key, call)

    def _listen(self, host: HostPeer, request: Request) -> list[Effect]:
        """``subscriptions/listen``: one entry per stream. A 2026-07-28 upstream serves it (its
        stream's subscription id is the proxy's key, translated back on every frame); for a
        session upstream the proxy serves it, from the upstream's notifications and its own."""
        params = wire.decode_params(request.params)
        notifications = params.get("notifications")
        wanted: dict[str, Any] = notifications if isinstance(notifications, dict) else {}
        assert self.info is not None
        if not self.info.sessions:
            entry = self.table.open(Kind.LISTEN, request.method, host=host, host_id=request.id, caller=request.caller,
                                    filters=dict(wanted))
            return [ToUpstream(Request(entry.key, request.method, request.params, request.caller))]
        honored = {key: True for key in LISTEN_FILTERS.values() if wanted.get(key) is True}
        entry = self.table.open(Kind.LISTEN, request.method, host=host, host_id=request.id, caller=request.caller,
                                filters=honored, state="served here")
        ack = {"notifications": honored, "_meta": {SUBSCRIPTION_ID_META_KEY: entry.host_id}}
        return [ToHost(host, Notification("notifications/subscriptions/acknowledged", ack))]

    def _host_notification(self, host: HostPeer, note: Notification) -> list[Effect]:
        if note.method == "notifications/initialized":
            return []  # the proxy opened the upstream session itself
        if note.method == "notifications/cancelled":
            params = wire.decode_params(note.params)
            entry = self.table.of_host(host, params.get("requestId"))
            return self._cancel(entry, "cancelled", params) if entry is not None else []
        if not self.ready:
            return []
        return [ToUpstream(note)]

    def _cancel(self, entry: Exchange, why: str, params: dict[str, Any] | None = None) -> list[Effect]:
        """End an exchange early; whoever works on it is told (an upstream's question: ``rounds.py``)."""
        if entry.kind is Kind.ASK or entry.kind is Kind.HELD or entry.parent is not None:
            return self.rounds.cancel(entry, why)
        if self.table.retire(entry.key, why) is None:
            return []
        effects = self.rounds.cancel_questions(entry, why)
        if entry.kind is Kind.FORWARD or (entry.kind is Kind.LISTEN and entry.state is None):
            effects.append(ToUpstream(Notification("notifications/cancelled", {**(params or {"reason": why}), "requestId": entry.key})))
        elif entry.kind is Kind.LOCAL:
            effects.append(CancelLocal(entry.key))
        return effects

    # ------------------------------------------------------------------ upstream → router

    def from_upstream(self, message: Message) -> list[Effect]:
        if isinstance(message, Response):
            return self._upstream_answer(message)
        if isinstance(message, Request):  # a ping, or a question for a host or a page
            if message.method == "ping":
                return [ToUpstream(Response(message.id, {}))]
            return self.rounds.asked(message, self.hosts)
        return self._upstream_notification(message)

    def _upstream_answer(self, response: Response) -> list[Effect]:
        entry = self.table.get(response.id)
        if entry is None or entry.kind not in (Kind.FORWARD, Kind.OWN, Kind.LISTEN):
            return [Log(logging.DEBUG, f"an answer from the upstream matches no request (ignored): {response.id!r:.80}")]
        return self._say_repairs(entry, response.repairs) + self._answered(entry, response)

    def _answered(self, entry: Exchange, response: Response) -> list[Effect]:
        if entry.kind is Kind.OWN:
            self.table.retire(entry.key, "answered")
            return [_settle(entry.key, response)]
        in_round = self.rounds.call_answered(entry, response)
        if in_round is not None:
            return in_round
        self.table.retire(entry.key, "answered")
        return self.rounds.cancel_questions(entry) + self._deliver(entry, response)

    def _say_repairs(self, entry: Exchange, repairs: tuple[str, ...]) -> list[Effect]:
        """The upstream's door repaired this answer (``codecs/upstream_door.py``): said once per
        tool (or method) and kind of repair."""
        effects: list[Effect] = []
        if not repairs:
            return effects
        subject = f"tool {entry.tool}" if entry.tool else entry.method
        for kind in repairs:
            if (subject, kind) not in self._repairs_said:
                self._repairs_said.add((subject, kind))
                effects.append(Log(logging.WARNING, f"the upstream's answer to {subject:.80} was repaired to be read: "
                                                    f"{wire.REPAIRS.get(kind, kind)} (said once)"))
        return effects

    def _deliver(self, entry: Exchange, response: Response) -> list[Effect]:
        assert entry.host is not None
        effects: list[Effect] = []
        if self.timings:
            took = (self.clock() - entry.started) * 1000
            effects.append(Log(logging.DEBUG, f"← upstream {entry.method} in {took:.1f} ms", f"host:{wire.encode(entry.host_id).decode()}"))
        if entry.app:
            failed = response.error is not msgspec.UNSET or wire.is_error_result(response.result)
            effects.append(AppRun(entry.tool, entry.arguments, failed))
        result = response.result
        if response.error is msgspec.UNSET:
            try:
                result = self._adjusted(entry, result)
            except (ValueError, TypeError, KeyError, AttributeError, msgspec.DecodeError) as error:
                effects.append(Log(logging.WARNING, f"could not adjust the upstream's {entry.method} answer ({error}); passed through"))
        effects.append(ToHost(entry.host, Response(entry.host_id, result, response.error, entry.method, response.result_type)))
        return effects

    def _adjusted(self, entry: Exchange, result: Any) -> Any:
        """The upstream's result as the host sees it (ids translated, tools decorated)."""
        if entry.method == "tools/list":
            return self.services.listed_tools(wire.decode_params(result), cursor=entry.cursor, ui=entry.ui)
        if entry.method == "resources/list":
            return self.services.listed_resources(wire.decode_params(result), cursor=entry.cursor, ui=entry.ui)
        if entry.kind is Kind.LISTEN:
            return _with_subscription_id(wire.decode_params(result), entry.host_id)
        return result

    def _upstream_notification(self, note: Notification) -> list[Effect]:
        method = note.method
        params = wire.decode_params(note.params)
        if method == "notifications/progress":
            entry = self.table.get(params.get("progressToken"))
            if entry is None or entry.host is None or entry.host_token is None:
                return []  # paused, or resumed by a retry that asked for no progress
            return [ToHost(entry.host, Notification(method, {**params, "progressToken": entry.host_token}))]
        if method == "notifications/cancelled":
            entry = self.table.of_upstream(params.get("requestId"))
            return self._cancel(entry, "cancelled by the upstream") if entry is not None else []
        subscription = _subscription_id(params)
        if subscription is not msgspec.UNSET:
            return self._on_stream(subscription, note, params)
        effects: list[Effect] = [Refresh()] if method == "notifications/tools/list_changed" else []
        if method == "notifications/message" and self.info is not None and not self.info.sessions:
            return effects + [ToHost(host, note) for host in self._log_listeners(params)]
        return effects + self._fan_out(note, params)

    def _on_stream(self, subscription: Any, note: Notification, params: dict[str, Any]) -> list[Effect]:
        """A frame of a ``subscriptions/listen`` stream the upstream serves: to its host, under the host's id."""
        entry = self.table.get(subscription)
        if entry is None or entry.kind is not Kind.LISTEN or entry.host is None:
            return []
        effects: list[Effect] = [Refresh()] if note.method == "notifications/tools/list_changed" else []
        return effects + [ToHost(entry.host, Notification(note.method, _with_subscription_id(params, entry.host_id)))]

    def _log_listeners(self, params: dict[str, Any]) -> list[HostPeer]:
        """Where a per-request upstream's log line goes. It logs only for requests that opted in
        (their envelope's log level) and names none, so: the hosts with such a request in flight
        at or below the line's level, each once; never a host that did not ask for logs, or for
        lines this low. Two such hosts with requests in flight at once may each see the other's
        lines: nothing on the wire tells them apart."""
        rank = LOG_LEVELS.get(params.get("level"), len(LOG_LEVELS))  # type: ignore[arg-type]
        found: dict[int, HostPeer] = {}
        for entry in self.table.where(Kind.FORWARD):
            level = entry.caller.log_level if entry.caller is not None else None
            if entry.host is not None and level and LOG_LEVELS.get(level, 0) <= rank:
                found.setdefault(id(entry.host), entry.host)
        return list(found.values())

    def _fan_out(self, note: Notification, params: dict[str, Any], *, ui_only: bool = False) -> list[Effect]:
        """A notification for every host: on its subscriptions that asked for it, or, for a host
        with a session and no subscription, as it is."""
        effects: list[Effect] = []
        streams: dict[int, list[Exchange]] = {}
        for entry in self.table.where(Kind.LISTEN):
            if entry.host is not None:
                streams.setdefault(id(entry.host), []).append(entry)
        targets = list(self.hosts) + [e.host for e in self.table.where(Kind.LISTEN) if e.host is not None and not e.host.lasting]
        for host in dict.fromkeys(targets):
            if ui_only and not host.ui:
                continue
            listening = streams.get(id(host))
            if listening is None:
                if host.opened:  # a host without a session (2026-07-28) hears of changes only on its streams
                    effects.append(ToHost(host, note))
                continue
            for entry in listening:
                if _honors(entry.filters, note.method, params):
                    effects.append(ToHost(host, Notification(note.method, _with_subscription_id(params, entry.host_id))))
        return effects

    # ------------------------------------------------------------------ the upstream's session

    def upstream_ready(self, info: UpstreamInfo) -> list[Effect]:
        """The upstream's session is open: held requests go on."""
        self.info, self.ready, self.ever_ready, self.not_ready_reason = info, True, True, None
        effects: list[Effect] = []
        for entry in list(self.table.where(Kind.WAITING)):
            self.table.retire(entry.key, "ready")
            assert entry.host is not None
            effects += self._host_request(entry.host, entry.state)
        return effects

    def upstream_refused(self, why: str) -> list[Effect]:
        """This run's upstream opened no session: held requests are answered with why."""
        self.not_ready_reason = why
        return self._release_waiting(ProxyError(wire.INTERNAL_ERROR, why))

    def upstream_lost(self, why: str) -> list[Effect]:
        """The upstream went away: everything in flight there is answered at once."""
        self.ready, self.not_ready_reason = False, None
        effects: list[Effect] = []
        for entry in list(self.table.where(Kind.FORWARD, Kind.OWN, Kind.LISTEN, Kind.ASK, Kind.HELD)):
            if entry.kind is Kind.LISTEN and entry.state is not None:
                continue  # served here: outlives the upstream
            if entry.kind is Kind.ASK and entry.parent is not None:
                continue  # ends with its parent
            self.table.retire(entry.key, "upstream lost")
            if entry.paused:
                self.rounds.remember_end(entry.key, f"the upstream server stopped: {why}")
            if entry.kind is Kind.OWN:
                effects.append(Settle(entry.key, error=ConnectionError(why)))
            elif entry.kind is not Kind.ASK and entry.host is not None:
                effects += self.rounds.cancel_questions(entry)
                effects.append(ToHost(entry.host, failures.lost(entry.host_id, entry.method, why)))
        return effects

    def own_request(self, method: str, params: Any = None, *, timeout: float) -> tuple[str, list[Effect]]:
        """One of the proxy's own requests upstream; its answer comes back as ``Settle(key)``."""
        entry = self.table.open(Kind.OWN, method, deadline=self.clock() + timeout)
        return entry.key, [ToUpstream(Request(entry.key, method, params, self.own_caller))]

    def undeliverable(self, key: Any, why: str) -> list[Effect]:
        """A request could not be sent upstream (it is not running): its exchange ends with why."""
        entry = self.table.retire(key, "undeliverable") if isinstance(key, str) else None
        if entry is None:
            return []
        if entry.kind is Kind.OWN:
            return [Settle(entry.key, error=ConnectionError(why))]
        return self.rounds.cancel_questions(entry) + ([failures.refuse_entry(entry, ConnectionError(why))] if entry.host is not None else [])

    def forget(self, key: str) -> None:
        """The proxy stopped waiting for one of its own requests."""
        self.table.retire(key, "abandoned")

    # ------------------------------------------------------------------ local services

    def local_done(self, key: str, result: Any = None, error: BaseException | None = None) -> list[Effect]:
        """A local service answered (or failed); None of it reaches a host that cancelled."""
        entry = self.table.retire(key, "answered" if error is None else "failed")
        if entry is not None and entry.parent is not None:  # a question asked in a page
            return self.rounds.answered_in_page(entry, result, error)
        if entry is None or entry.host is None:
            return []
        if error is not None:
            return [failures.refuse_entry(entry, error)]
        return [ToHost(entry.host, Response(entry.host_id, result, method=entry.method))]

    def notify_lists(self, uri: str | None = None) -> list[Effect]:
        """The proxy's own lists changed (a page refined, tools re-listed): hosts that show pages are told."""
        effects: list[Effect] = []
        if uri is not None:
            note = Notification("notifications/resources/updated", {"uri": uri})
            effects += self._fan_out(note, {"uri": uri}, ui_only=True)
        for method in ("notifications/tools/list_changed", "notifications/resources/list_changed"):
            effects += self._fan_out(Notification(method), {}, ui_only=True)
        return effects

    # ------------------------------------------------------------------ time

    def next_deadline(self) -> float | None:
        nearest = None
        for entry in self.table.entries.values():  # a handful in flight; none after most answers
            if entry.deadline is not None and (nearest is None or entry.deadline < nearest):
                nearest = entry.deadline
        return nearest

    def expire(self) -> list[Effect]:
        """Every entry past its deadline ends."""
        now, effects = self.clock(), []
        for entry in [e for e in self.table.entries.values() if e.deadline is not None and e.deadline <= now]:
            if entry.kind is Kind.WAITING:
                self.table.retire(entry.key, "timeout")
                assert entry.host is not None
                effects.append(failures.refuse(entry.host, entry.state, ProxyError(wire.INTERNAL_ERROR, "The upstream server is not running")))
            elif entry.kind is Kind.OWN:
                self.table.retire(entry.key, "timeout")
                effects.append(Settle(entry.key, error=TimeoutError(f"no answer to {entry.method} in time")))
            elif entry.paused or entry.kind is Kind.ASK:
                effects += self.rounds.expired(entry)
        return effects

    def _release_waiting(self, error: ProxyError) -> list[Effect]:
        effects: list[Effect] = []
        for entry in list(self.table.where(Kind.WAITING)):
            self.table.retire(entry.key, "refused")
            assert entry.host is not None
            effects.append(failures.refuse(entry.host, entry.state, error))
        return effects


def _answer(host: HostPeer, request: Request, value: Any) -> Effect:
    return ToHost(host, Response(request.id, value, method=request.method))


def _settle(key: str, response: Response) -> Effect:
    if response.error is not msgspec.UNSET:
        error = wire.decode_params(response.error)
        return Settle(key, error=failures.UpstreamError(error.get("code"), str(error.get("message", "error")), error.get("data")))
    return Settle(key, wire.decode_any(response.result))


def _arguments(params: Any) -> Any:
    return wire.decode_params(params).get("arguments") or {}


def _has_cursor(params: Any) -> bool:
    return bool(wire.decode_params(params).get("cursor")) if params is not None else False


def _subscription_id(params: dict[str, Any]) -> Any:
    meta = params.get("_meta")
    return meta.get(SUBSCRIPTION_ID_META_KEY, msgspec.UNSET) if isinstance(meta, dict) else msgspec.UNSET


def _with_subscription_id(params: dict[str, Any], value: Any) -> dict[str, Any]:
    meta = params.get("_meta")
    return {**params, "_meta": {**(meta if isinstance(meta, dict) else {}), SUBSCRIPTION_ID_META_KEY: value}}


def _honors(filters: dict[str, Any], method: str, params: dict[str, Any]) -> bool:
    key = LISTEN_FILTERS.get(method)
    if key is not None:
        return filters.get(key) is True
    if method == "notifications/resources/updated":
        uris = filters.get("resourceSubscriptions")
        return isinstance(uris, list) and params.get("uri") in uris
    return False
