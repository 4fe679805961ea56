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
    server-to-client requests      sent to the handshake-era host whose request is in flight upstream
                                   (a session upstream names none); for a 2026-07-28 host's call,
                                   held and sent as an ``input_required`` round (``rounds.py``),
                                   answered from its retry; refused at once when the host did not
                                   declare the capability
    input rounds                   an ``InputRequiredResult`` for a host that cannot fulfil it is
                                   relayed as server-to-client requests, then retried upstream;
                                   its elicitations asked in the call's page when the host
                                   declared no ``elicitation`` (``services/questions.py``),
                                   either era
    progress, cancel, logs         tokens and ids rewritten there and back
"""

from __future__ import annotations

import itertools
import logging
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

import msgspec

from compiler import messages as m

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
from .services import ASK_META, AskInApp, ListResources, LocalServices, ReadPage, ToolCall

FIRST_START_WAIT_S = 60.0
"""How long a request waits for the upstream's first session (``npx`` may download the server)."""
RESTART_WAIT_S = 5.0
"""How long a request waits for a restarting upstream before it is answered with an error."""
ASK_TIMEOUT_S = 600.0
"""A person may take a while to answer an elicitation."""
MAX_ROUNDS = 8
LOG_LEVELS = {level: rank for rank, level in enumerate(("debug", "info", "notice", "warning", "error", "critical", "alert", "emergency"))}
"""The protocol's log levels, least severe first (RFC 5424's, as MCP names them)."""
RETRIABLE = frozenset({"tools/call", "prompts/get", "resources/read"})
"""Methods a 2026-07-28 server may answer with an ``InputRequiredResult``."""
INPUT_CAPABILITY = {"elicitation/create": "elicitation", "sampling/createMessage": "sampling", "roots/list": "roots"}
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
        self.seals = rounds.Seals(secret)
        """Mints and checks the ``requestState`` of the input rounds this proxy runs."""
        self.ended: OrderedDict[str, str] = OrderedDict()
        """Paused calls that ended lately, and why: a late retry is told (bounded)."""
        self._turns = itertools.count(1)
        self.timings = timings
        """Log each forwarded request's round trip (debug logs)."""
        self.force_ui = force_ui
        self.clock = clock
        self.table = ExchangeTable()
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
                effects += self._end_round(entry, "the host that was asked went away")
            else:
                effects += self._cancel(entry, "peer gone")
        return effects

    # ------------------------------------------------------------------ host → router

    def from_host(self, host: HostPeer, message: Message) -> list[Effect]:
        if isinstance(message, Request):
            return self._host_request(host, message)
        if isinstance(message, Response):
            return self._host_answer(host, message)
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
            state = _request_state(request.params) if method in RETRIABLE else msgspec.UNSET
        if state is not msgspec.UNSET and method in RETRIABLE and (
                info.sessions or (isinstance(state, str) and state.startswith(rounds.PREFIX))):
            return [*effects, *self._resume(host, request, state)]
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
                                turn=next(self._turns), **fields)
        params = request.params
        if meta is _UNREAD:
            meta = wire.meta_of(params)
        token = meta.get("progressToken", msgspec.UNSET) if isinstance(meta, dict) else msgspec.UNSET
        if token is not msgspec.UNSET:
            entry.host_token = token
            params = wire.with_progress_token(params, entry.key)
        if request.method in RETRIABLE:
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

    def _host_answer(self, host: HostPeer, response: Response) -> list[Effect]:
        """A host answers a request the proxy sent it."""
        entry = self.table.get(response.id)
        if entry is None or entry.kind is not Kind.ASK or entry.host is not host:
            return [Log(logging.DEBUG, f"a host's answer matches no request it was sent (ignored): {response.id!r:.80}")]
        self.table.retire(entry.key, "answered")
        if entry.parent is not None:
            return self._round_answer(entry, response)
        return [ToUpstream(Response(entry.upstream_id, response.result, response.error))]

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
        """End a host's exchange early; whoever works on it is told."""
        if self.table.retire(entry.key, why) is None:
            return []
        effects: list[Effect] = []
        for child in self.table.children(entry.key, Kind.ASK, Kind.HELD, Kind.LOCAL):
            effects += self._cancel(child, why)
        if entry.kind is Kind.HELD:
            if why != "cancelled by the upstream":
                effects.append(ToUpstream(Response(entry.upstream_id, error={
                    "code": wire.INTERNAL_ERROR, "message": rounds.ROUND_ENDED.format(why=why)})))
        elif entry.kind is Kind.LOCAL and entry.upstream_id is not None:  # a question asked in a page
            effects += [CancelLocal(entry.key), ToUpstream(Response(entry.upstream_id, error={
                "code": wire.INTERNAL_ERROR, "message": f"the call this question was about ended ({why})"}))]
        elif entry.kind is Kind.FORWARD or (entry.kind is Kind.LISTEN and entry.state is None):
            effects.append(ToUpstream(Notification("notifications/cancelled", {**(params or {"reason": why}), "requestId": entry.key})))
        elif entry.kind is Kind.LOCAL:
            effects.append(CancelLocal(entry.key))
        elif entry.kind is Kind.ASK and entry.parent is None:
            effects.append(ToUpstream(Response(entry.upstream_id, error={
                "code": wire.INTERNAL_ERROR, "message": f"the host this request was sent to is gone ({why})"})))
        elif entry.kind is Kind.ASK and entry.host is not None and why != "peer gone":
            effects.append(ToHost(entry.host, Notification("notifications/cancelled", {"requestId": entry.key, "reason": why})))
        return effects

    # ------------------------------------------------------------------ upstream → router

    def from_upstream(self, message: Message) -> list[Effect]:
        if isinstance(message, Response):
            return self._upstream_answer(message)
        if isinstance(message, Request):
            return self._upstream_request(message)
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
        if entry.paused:
            return self._answered_while_paused(entry, response)
        if response.result_type == "input_required" and entry.method in RETRIABLE and (
                entry.askable or self._page_round(entry, response)):
            return self._round(entry, response)
        self.table.retire(entry.key, "answered")
        return self._cancel_children(entry) + self._deliver(entry, response)

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

    def _upstream_request(self, request: Request) -> list[Effect]:
        """A session upstream asks (sampling, elicitation, roots, ping): the host whose call
        caused it is asked in its own era, a handshake-era host directly, a 2026-07-28 host in an
        input round; or the upstream is refused at once, never left to time out."""
        if request.method == "ping":
            return [ToUpstream(Response(request.id, {}))]
        in_app = self._ask_in_app(request)  # no host in flight has a form for it (services/questions)
        if in_app is not None:
            return in_app
        cause = self._asking_call()
        if cause is not None and not cause.askable:
            return self._question_for_round(cause, request)
        host = cause.host if cause is not None else self._idle_host()
        if host is None:
            why = (f"{request.method} cannot reach a host: no host has a request in flight that it could be asked "
                   "about, and no handshake-era host has a session open")
            return [ToUpstream(Response(request.id, error={"code": wire.METHOD_NOT_FOUND, "message": why}))]
        entry = self.table.open(Kind.ASK, request.method, host=host, upstream_id=request.id,
                                deadline=self.clock() + ASK_TIMEOUT_S)
        return [ToHost(host, Request(entry.key, request.method, request.params))]

    def _asking_call(self) -> Exchange | None:
        """The call an upstream's request is about. A session upstream names no request, so: the
        handshake-era host's call that went upstream last (it can be asked directly), else the
        2026-07-28 call (``tools/call``, ``prompts/get``, ``resources/read``) that last went to or
        came back from its host, a running one before a paused one. None when nothing that can be
        asked about is in flight: an idle host is not asked about a call it never made."""
        direct = [e for e in self.table.where(Kind.FORWARD) if e.askable and e.host in self.hosts]
        if direct:
            return direct[-1]
        rounds_ok = [e for e in self.table.where(Kind.FORWARD) if not e.askable and e.method in RETRIABLE
                     and (e.host is not None or e.paused) and e.early is None]
        return max(rounds_ok, key=lambda e: (not e.paused, e.turn), default=None)

    def _idle_host(self) -> HostPeer | None:
        """With nothing in flight at all (``roots/list`` after ``initialized``, say): the first
        host that opened a session; None while other hosts' requests are in flight."""
        if any(True for _ in self.table.where(Kind.FORWARD)):
            return None
        return next((h for h in self.hosts if h.opened), None)

    def _ask_in_app(self, request: Request) -> list[Effect] | None:
        """``elicitation/create`` while no call in flight comes from a host that declared
        ``elicitation``: asked in the page that started the last such call (its ``_meta`` carries
        the page's token, and the tool has our page), or refused at once with the spec's error
        when no page can ask. None (the usual way on): not an elicitation, nothing in flight, or a
        host that can ask has a call in flight (a session upstream's request names none)."""
        calls = [e for e in self.table.where(Kind.FORWARD) if e.method == "tools/call" and e.caller is not None]
        if request.method != "elicitation/create" or not calls \
                or any(isinstance(e.caller.capabilities.get("elicitation"), dict) for e in calls if e.caller is not None):
            return None  # a host that can ask has a call in flight (the request names none): the usual way
        paged = [(e, token) for e in calls if (token := self._page_token(e)) is not None]
        if not paged:
            return [ToUpstream(Response(request.id, error={"code": wire.INVALID_REQUEST, "message": m.NO_ONE_TO_ASK}))]
        call, token = paged[-1]
        assert call.tool is not None
        # No host of its own (it is not a host's request): it ends with its call, the parent.
        entry = self.table.open(Kind.LOCAL, request.method, upstream_id=request.id, parent=call.key, tool=call.tool)
        return [Log(logging.INFO, f"asking the upstream's question in the page of {call.tool}"),
                RunLocal(entry.key, AskInApp(token, call.tool, wire.decode_params(request.params)))]

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

    # ------------------------------------------------------------------ input rounds

    def _round(self, entry: Exchange, response: Response) -> list[Effect]:
        """A 2026-07-28 upstream needs input for a host that cannot be sent an
        ``InputRequiredResult``, or cannot answer it: ask the host each input request (an
        elicitation it has no form for, in the call's page: ``_page_token``), then retry upstream."""
        assert entry.host is not None and entry.caller is not None
        result = wire.decode_params(response.result)
        asked = result.get("inputRequests")
        requests: dict[str, Any] = asked if isinstance(asked, dict) else {}
        page = self._page_token(entry)
        problem = None
        if entry.rounds >= MAX_ROUNDS:
            problem = f"the upstream asked for input more than {MAX_ROUNDS} times; gave up"
        for request in requests.values():
            method = request.get("method") if isinstance(request, dict) else None
            capability = INPUT_CAPABILITY.get(method)  # type: ignore[arg-type]
            if capability is None:
                problem = problem or f"the upstream asked for input compile-ui cannot relay ({method!r})"
            elif capability == "elicitation" and page is not None:
                continue  # asked in the page
            elif capability != "roots" and not isinstance(entry.caller.capabilities.get(capability), dict):
                problem = problem or f"the upstream needs {method}, which this host did not declare ({capability})"
        if problem is not None:
            self.table.retire(entry.key, "refused")
            return [failures.refuse_entry(entry, ProxyError(wire.INTERNAL_ERROR, problem))]
        entry.rounds += 1
        entry.state = result.get("requestState", msgspec.UNSET)
        entry.inputs = {}
        effects: list[Effect] = []
        for name, request in requests.items():
            entry.inputs[name] = _PENDING
            if page is not None and request["method"] == "elicitation/create":
                effects.append(self._ask_round_in_page(entry, name, page, request.get("params")))
                continue
            ask = self.table.open(Kind.ASK, request["method"], host=entry.host, parent=entry.key,
                                  deadline=self.clock() + ASK_TIMEOUT_S, tool=name)
            effects.append(ToHost(entry.host, Request(ask.key, request["method"], rounds.for_handshake(request["method"], request.get("params"), ask.key))))
        effects.insert(0, Log(logging.INFO, f"relaying the upstream's input requests ({', '.join(sorted(requests))}) to the host"))
        return effects if requests else self._retry(entry)

    def _page_token(self, entry: Exchange) -> str | None:
        """The page token a call's elicitations are asked under in its own page
        (``services/questions.py``): a ``tools/call`` a page started (its ``_meta`` carries the
        token), of a tool with our page, from a host that declared no ``elicitation``; None
        otherwise."""
        if entry.method != "tools/call" or entry.caller is None or entry.tool is None \
                or isinstance(entry.caller.capabilities.get("elicitation"), dict) or not self.services.asks_in_app(entry.tool):
            return None
        return _ask_token(entry.params)

    def _page_round(self, entry: Exchange, response: Response) -> bool:
        """A round a 2026-07-28 host's call cannot take itself but its page can: every input
        request an elicitation, and a page to ask it in (otherwise the round passes through)."""
        if self._page_token(entry) is None:
            return False
        asked = wire.decode_params(response.result).get("inputRequests")
        return isinstance(asked, dict) and bool(asked) and all(
            isinstance(r, dict) and r.get("method") == "elicitation/create" for r in asked.values())

    def _ask_round_in_page(self, entry: Exchange, name: str, token: str, params: Any) -> Effect:
        """One input request asked in the call's page; its ``ElicitResult`` comes back through
        ``local_done`` into the round's answers (``_round_answer``), as a host's would."""
        assert entry.tool is not None
        local = self.table.open(Kind.LOCAL, "elicitation/create", parent=entry.key, tool=name)
        return RunLocal(local.key, AskInApp(token, entry.tool, params if isinstance(params, dict) else {}))

    def _round_answer(self, ask: Exchange, response: Response) -> list[Effect]:
        parent = self.table.get(ask.parent)
        if parent is None or ask.tool is None:
            return []
        if response.error is not msgspec.UNSET:
            self.table.retire(parent.key, "input refused")
            error = wire.decode_params(response.error)
            code = error.get("code")
            return self._cancel_children(parent) + [failures.refuse_entry(parent, ProxyError(
                code if isinstance(code, int) else wire.INTERNAL_ERROR, str(error.get("message", "error")), error.get("data")))]
        parent.inputs[ask.tool] = wire.decode_any(response.result)
        if any(value is _PENDING for value in parent.inputs.values()):
            return []
        return self._retry(parent)

    def _cancel_children(self, parent: Exchange) -> list[Effect]:
        effects: list[Effect] = []
        for child in self.table.children(parent.key, Kind.ASK, Kind.HELD, Kind.LOCAL):
            effects += self._cancel(child, "its request ended")
        return effects

    def _retry(self, entry: Exchange) -> list[Effect]:
        params = dict(wire.decode_params(entry.params))
        params.pop("inputResponses", None)
        params.pop("requestState", None)
        if entry.inputs:
            params["inputResponses"] = dict(entry.inputs)
        if entry.state is not msgspec.UNSET:
            params["requestState"] = entry.state
        entry.params, entry.inputs, entry.state = params, {}, None
        return [ToUpstream(Request(entry.key, entry.method, params, entry.caller or Caller()))]

    # ------------------------------------------------------------------ rounds for a handshake-era upstream

    def _question_for_round(self, cause: Exchange, request: Request) -> list[Effect]:
        """A handshake-era upstream asks during a 2026-07-28 host's call: the question is held
        and the host's round ends with it (``input_required``); refused at once when the host did
        not declare what the question needs."""
        assert cause.caller is not None
        missing = rounds.missing_capability(request.method, wire.decode_params(request.params), cause.caller.capabilities)
        if missing is not None:
            return self._cannot_ask(cause, request, missing)
        self.table.open(Kind.HELD, request.method, upstream_id=request.id, parent=cause.key, params=request.params)
        if cause.paused:
            return [Log(logging.DEBUG, f"the upstream's {request.method} is held for the host's next round")]
        return self._send_round(cause)

    def _cannot_ask(self, cause: Exchange, request: Request, missing: str) -> list[Effect]:
        """The host whose call caused the question did not declare what it needs: the upstream
        is refused at once (never left to time out)."""
        return [Log(logging.INFO, f"the upstream's {request.method} refused: the host did not declare {missing}"),
                ToUpstream(Response(request.id, error=rounds.not_supported(request.method, missing)))]

    def _send_round(self, entry: Exchange) -> list[Effect]:
        """End the host's round: every held question of the call, and a state naming this round."""
        assert entry.host is not None
        questions = {held.key: {"method": held.method, "params": rounds.for_modern(held.method, wire.decode_any(held.params) if held.params is not None else {})}
                     for held in self.table.children(entry.key, Kind.HELD)}
        entry.rounds += 1
        state = self.seals.seal(entry.key, entry.rounds, rounds.target_of(entry.method, wire.decode_params(entry.params)))
        host, host_id = entry.host, entry.host_id
        self.table.unbind(entry)
        entry.paused, entry.paused_for = True, host if host.lasting else None
        entry.deadline = self.clock() + rounds.ROUND_TIMEOUT_S
        return [Log(logging.INFO, f"the upstream asks ({', '.join(q['method'] for q in questions.values())}): "
                                  f"round {entry.rounds} of the host's {entry.method} ended with input_required"),
                ToHost(host, Response(host_id, rounds.input_required(questions, state), method=entry.method,
                                      result_type="input_required"))]

    def _resume(self, host: HostPeer, request: Request, state: Any) -> list[Effect]:
        """A host's retry with ``requestState``: its answers go to the upstream's held questions
        and the retry takes the paused call's place (its result, or the next round)."""
        sealed = self.seals.open(state)
        if isinstance(sealed, str):
            return [failures.refuse(host, request, ProxyError(wire.INVALID_PARAMS, sealed))]
        entry = self.table.get(sealed.key)
        if entry is None or entry.kind is not Kind.FORWARD or not entry.paused or entry.rounds != sealed.round:
            why = self.ended.get(sealed.key) or ("a later round replaced it" if entry is not None else "the call ended")
            return [failures.refuse(host, request, ProxyError(wire.INVALID_PARAMS, rounds.STALE.format(why=why)))]
        params = wire.decode_params(request.params)
        if rounds.target_of(request.method, params) != sealed.target:
            return [failures.refuse(host, request, ProxyError(wire.INVALID_PARAMS, rounds.WRONG_TARGET.format(target=sealed.target)))]
        answers = params.get("inputResponses")
        effects: list[Effect] = []
        for held in self.table.children(entry.key, Kind.HELD):
            if isinstance(answers, dict) and held.key in answers:
                self.table.retire(held.key, "answered")
                effects.append(ToUpstream(Response(held.upstream_id, answers[held.key])))
        self.table.bind(entry, host, request.id)
        token = wire.progress_token(request.params)
        entry.caller, entry.host_token = request.caller, token if token is not msgspec.UNSET else None
        entry.paused, entry.paused_for, entry.deadline, entry.turn = False, None, None, next(self._turns)
        if entry.early is not None:
            self.table.retire(entry.key, "answered")
            return effects + self._deliver(entry, entry.early)
        if self.table.children(entry.key, Kind.HELD):
            effects += self._send_round(entry)  # questions not answered, or asked since: the next round at once
        return effects

    def _answered_while_paused(self, entry: Exchange, response: Response) -> list[Effect]:
        """The upstream's call ended while its host was away answering: kept for the retry; its
        questions are moot."""
        entry.early = response
        effects: list[Effect] = []
        for held in self.table.children(entry.key, Kind.HELD):
            effects += self._cancel(held, "the upstream's call ended first")
        return effects

    def _end_round(self, entry: Exchange, why: str) -> list[Effect]:
        """A paused call that will not be resumed: its questions answered with an error, the
        upstream's call cancelled, the entry retired; a late retry is told why."""
        if self.table.retire(entry.key, why) is None:
            return []
        self._remember_end(entry.key, why)
        effects: list[Effect] = [Log(logging.INFO, f"an input round of {entry.method} ended: {why}")]
        for held in self.table.children(entry.key, Kind.HELD):
            effects += self._cancel(held, why)
        if entry.early is None:
            effects.append(ToUpstream(Notification("notifications/cancelled", {"requestId": entry.key, "reason": why})))
        return effects

    def _remember_end(self, key: str, why: str) -> None:
        self.ended[key] = why
        while len(self.ended) > rounds.ENDED_KEPT:
            self.ended.popitem(last=False)

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
                self._remember_end(entry.key, f"the upstream server stopped: {why}")
            if entry.kind is Kind.OWN:
                effects.append(Settle(entry.key, error=ConnectionError(why)))
            elif entry.kind is not Kind.ASK and entry.host is not None:
                effects += self._cancel_children(entry)
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
        return self._cancel_children(entry) + ([failures.refuse_entry(entry, ConnectionError(why))] if entry.host is not None else [])

    def forget(self, key: str) -> None:
        """The proxy stopped waiting for one of its own requests."""
        self.table.retire(key, "abandoned")

    # ------------------------------------------------------------------ local services

    def local_done(self, key: str, result: Any = None, error: BaseException | None = None) -> list[Effect]:
        """A local service answered (or failed); None of it reaches a host that cancelled."""
        entry = self.table.retire(key, "answered" if error is None else "failed")
        if entry is not None and entry.upstream_id is not None:  # a question asked in a page
            return [ToUpstream(failures.response(entry.upstream_id, None, error) if error else Response(entry.upstream_id, result))]
        if entry is not None and entry.parent is not None and entry.host is None:  # a round's question asked in a page
            return self._round_answer(entry, Response(None, result) if error is None else failures.response(None, None, error))
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
            elif entry.paused:
                effects += self._end_round(entry, rounds.TIMED_OUT.format(seconds=rounds.ROUND_TIMEOUT_S))
            elif entry.kind is Kind.ASK:
                parent = self.table.get(entry.parent)
                effects += self._cancel(entry, "timed out")
                if parent is not None:
                    self.table.retire(parent.key, "timeout")
                    effects.append(failures.refuse_entry(parent, ProxyError(wire.INTERNAL_ERROR, "the host did not answer the upstream's input request in time")))
        return effects

    def _release_waiting(self, error: ProxyError) -> list[Effect]:
        effects: list[Effect] = []
        for entry in list(self.table.where(Kind.WAITING)):
            self.table.retire(entry.key, "refused")
            assert entry.host is not None
            effects.append(failures.refuse(entry.host, entry.state, error))
        return effects


_PENDING = object()


def _answer(host: HostPeer, request: Request, value: Any) -> Effect:
    return ToHost(host, Response(request.id, value, method=request.method))


def _settle(key: str, response: Response) -> Effect:
    if response.error is not msgspec.UNSET:
        error = wire.decode_params(response.error)
        return Settle(key, error=failures.UpstreamError(error.get("code"), str(error.get("message", "error")), error.get("data")))
    return Settle(key, wire.decode_any(response.result))


def _ask_token(params: Any) -> str | None:
    """The page's token in a ``tools/call``'s ``_meta`` (``services/questions.py``), if any."""
    _, meta = wire.call_head(params)
    token = meta.get(ASK_META) if isinstance(meta, dict) else None
    return token if isinstance(token, str) else None


def _arguments(params: Any) -> Any:
    return wire.decode_params(params).get("arguments") or {}


def _request_state(params: Any) -> Any:
    """A retry's ``requestState`` (UNSET when it has none); raw params that do not mention it
    are not decoded (a large call costs nothing)."""
    if params is None or (isinstance(params, msgspec.Raw) and b'"requestState"' not in bytes(params)):
        return msgspec.UNSET
    return wire.decode_params(params).get("requestState", msgspec.UNSET)


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
