"""Input rounds and the upstream's questions, across eras: what happens between an upstream that
asks (elicitation, sampling, roots) and the host, or the page, that answers.

The router (``router.py``) routes: a host's requests go upstream or to a local service, the
upstream's answers and notifications come back. Where the upstream asks, where its answer is an
``input_required`` round, where a host's retry carries a ``requestState``, it calls ``Rounds``,
which owns the exchanges of the questions in the router's table (ASK, HELD, and LOCAL with a
parent) and the rounds of the calls they belong to. Each of its methods returns the effects that
follow, as the router's do; it never imports the router.

    the upstream asks, during     a handshake-era host's call: the host is asked directly (ASK)
                                  a 2026-07-28 host's call: held, and the host's round ends with
                                  it (``input_required``); its retry answers (HELD)
                                  a page's call, the host having no ``elicitation``: asked in
                                  the page (``services/questions.py``; LOCAL under the call)
    the upstream (2026-07-28)     for a host that cannot take it: each input request asked of the
    answers ``input_required``    host (ASK) or in the call's page, then the call retried upstream

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
round that has ended is refused with a message from this module's catalog.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import itertools
import json
import logging
import os
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import msgspec

from compiler import messages as m

from . import failures, wire
from .exchanges import Exchange, ExchangeTable, Kind
from .failures import ProxyError
from .messages import (
    Caller,
    CancelLocal,
    Effect,
    HostPeer,
    Log,
    Notification,
    Request,
    Response,
    RunLocal,
    ToHost,
    ToUpstream,
)
from .services import ASK_META, AskInApp, LocalServices

PREFIX = "compile-ui.1."
"""Every state the proxy mints starts so (a 2026-07-28 upstream's own states pass through)."""
ROUND_TIMEOUT_S = 600.0
"""How long a paused call waits for the host's retry (a person may take a while to answer)."""
ASK_TIMEOUT_S = 600.0
"""A person may take a while to answer an elicitation."""
MAX_ROUNDS = 8
ENDED_KEPT = 256
"""Rounds that ended recently, remembered so a late retry is told why (bounded)."""
CAPABILITY = {"elicitation/create": "elicitation", "sampling/createMessage": "sampling", "roots/list": "roots"}
RETRIABLE = frozenset({"tools/call", "prompts/get", "resources/read"})
"""Methods a 2026-07-28 server may answer with an ``InputRequiredResult``."""
_PENDING = object()


class Rounds:
    """The upstream's questions and the input rounds of the calls they belong to, over the
    router's exchange table: the router calls it where a question is asked, answered, cancelled
    or out of time, and where a call's answer or a host's retry belongs to a round."""

    def __init__(self, table: ExchangeTable, services: LocalServices, clock: Callable[[], float],
                 deliver: Callable[[Exchange, Response], list[Effect]], secret: bytes | None = None) -> None:
        self.table, self.services, self.clock = table, services, clock
        self.deliver = deliver
        """The router's delivery of a call's answer to its host (a paused call answered early)."""
        self.seals = Seals(secret)
        """Mints and checks the ``requestState`` of the input rounds this proxy runs."""
        self.ended: OrderedDict[str, str] = OrderedDict()
        """Paused calls that ended lately, and why: a late retry is told (bounded)."""
        self._turns = itertools.count(1)

    def turn(self) -> int:
        """The next ``Exchange.turn``: a call went to (or came back from) its host."""
        return next(self._turns)

    # ------------------------------------------------------------------ what the router calls

    def asked(self, request: Request, hosts: list[HostPeer]) -> list[Effect]:
        """A session upstream asks (sampling, elicitation, roots): the host whose call
        caused it is asked in its own era, a handshake-era host directly, a 2026-07-28 host in an
        input round; or the upstream is refused at once, never left to time out."""
        in_app = self._ask_in_app(request)  # no host in flight has a form for it (services/questions)
        if in_app is not None:
            return in_app
        cause = self._asking_call(hosts)
        if cause is not None and not cause.askable:
            return self._question_for_round(cause, request)
        host = cause.host if cause is not None else self._idle_host(hosts)
        if host is None:
            why = (f"{request.method} cannot reach a host: no host has a request in flight that it could be asked "
                   "about, and no handshake-era host has a session open")
            return [ToUpstream(Response(request.id, error={"code": wire.METHOD_NOT_FOUND, "message": why}))]
        entry = self.table.open(Kind.ASK, request.method, host=host, upstream_id=request.id,
                                deadline=self.clock() + ASK_TIMEOUT_S)
        return [ToHost(host, Request(entry.key, request.method, request.params))]

    def answered(self, host: HostPeer, response: Response) -> list[Effect]:
        """A host answers a question it was asked (the proxy sent it a request): to the upstream,
        or into the round it belongs to."""
        entry = self.table.get(response.id)
        if entry is None or entry.kind is not Kind.ASK or entry.host is not host:
            return [Log(logging.DEBUG, f"a host's answer matches no request it was sent (ignored): {response.id!r:.80}")]
        self.table.retire(entry.key, "answered")
        if entry.parent is not None:
            return self._round_answer(entry, response)
        return [ToUpstream(Response(entry.upstream_id, response.result, response.error))]

    def answered_in_page(self, question: Exchange, result: Any, error: BaseException | None) -> list[Effect]:
        """A question asked in a page was answered (``Router.local_done``; its entry retired): the
        answer goes upstream, or into the round it belongs to."""
        if question.upstream_id is not None:
            return [ToUpstream(failures.response(question.upstream_id, None, error) if error else Response(question.upstream_id, result))]
        return self._round_answer(question, Response(None, result) if error is None else failures.response(None, None, error))

    def call_answered(self, entry: Exchange, response: Response) -> list[Effect] | None:
        """The upstream answered a call: kept for its retry when the call is paused, or the start
        of a round this proxy relays (``_round``); None when the router delivers it as it is."""
        if entry.paused:
            return self._answered_while_paused(entry, response)
        if response.result_type == "input_required" and entry.method in RETRIABLE and (
                entry.askable or self._page_round(entry, response)):
            return self._round(entry, response)
        return None

    def resume(self, host: HostPeer, request: Request, state: Any) -> list[Effect]:
        """A host's retry with ``requestState``: its answers go to the upstream's held questions
        and the retry takes the paused call's place (its result, or the next round)."""
        sealed = self.seals.open(state)
        if isinstance(sealed, str):
            return [failures.refuse(host, request, ProxyError(wire.INVALID_PARAMS, sealed))]
        entry = self.table.get(sealed.key)
        if entry is None or entry.kind is not Kind.FORWARD or not entry.paused or entry.rounds != sealed.round:
            why = self.ended.get(sealed.key) or ("a later round replaced it" if entry is not None else "the call ended")
            return [failures.refuse(host, request, ProxyError(wire.INVALID_PARAMS, STALE.format(why=why)))]
        params = wire.decode_params(request.params)
        if target_of(request.method, params) != sealed.target:
            return [failures.refuse(host, request, ProxyError(wire.INVALID_PARAMS, WRONG_TARGET.format(target=sealed.target)))]
        answers = params.get("inputResponses")
        effects: list[Effect] = []
        for held in self.table.children(entry.key, Kind.HELD):
            if isinstance(answers, dict) and held.key in answers:
                self.table.retire(held.key, "answered")
                effects.append(ToUpstream(Response(held.upstream_id, answers[held.key])))
        self.table.bind(entry, host, request.id)
        token = wire.progress_token(request.params)
        entry.caller, entry.host_token = request.caller, token if token is not msgspec.UNSET else None
        entry.paused, entry.paused_for, entry.deadline, entry.turn = False, None, None, self.turn()
        if entry.early is not None:
            self.table.retire(entry.key, "answered")
            return effects + self.deliver(entry, entry.early)
        if self.table.children(entry.key, Kind.HELD):
            effects += self._send_round(entry)  # questions not answered, or asked since: the next round at once
        return effects

    def end(self, entry: Exchange, why: str) -> list[Effect]:
        """A paused call that will not be resumed: its questions answered with an error, the
        upstream's call cancelled, the entry retired; a late retry is told why."""
        if self.table.retire(entry.key, why) is None:
            return []
        self.remember_end(entry.key, why)
        effects: list[Effect] = [Log(logging.INFO, f"an input round of {entry.method} ended: {why}")]
        for held in self.table.children(entry.key, Kind.HELD):
            effects += self.cancel(held, why)
        if entry.early is None:
            effects.append(ToUpstream(Notification("notifications/cancelled", {"requestId": entry.key, "reason": why})))
        return effects

    def remember_end(self, key: str, why: str) -> None:
        """A paused call ended (its round, or the upstream, stopped): a late retry is told why."""
        self.ended[key] = why
        while len(self.ended) > ENDED_KEPT:
            self.ended.popitem(last=False)

    def cancel(self, question: Exchange, why: str) -> list[Effect]:
        """End a question early (its call ended, its host went, the upstream withdrew it, time
        ran out); whoever waits on it is told."""
        if self.table.retire(question.key, why) is None:
            return []
        if question.kind is Kind.HELD:
            if why == "cancelled by the upstream":
                return []
            return [ToUpstream(Response(question.upstream_id, error={
                "code": wire.INTERNAL_ERROR, "message": ROUND_ENDED.format(why=why)}))]
        if question.kind is Kind.LOCAL and question.upstream_id is not None:  # a question asked in a page
            return [CancelLocal(question.key), ToUpstream(Response(question.upstream_id, error={
                "code": wire.INTERNAL_ERROR, "message": f"the call this question was about ended ({why})"}))]
        if question.kind is Kind.LOCAL:
            return [CancelLocal(question.key)]
        if question.kind is Kind.ASK and question.parent is None:
            return [ToUpstream(Response(question.upstream_id, error={
                "code": wire.INTERNAL_ERROR, "message": f"the host this request was sent to is gone ({why})"}))]
        if question.kind is Kind.ASK and question.host is not None and why != "peer gone":
            return [ToHost(question.host, Notification("notifications/cancelled", {"requestId": question.key, "reason": why}))]
        return []

    def cancel_questions(self, call: Exchange, why: str = "its request ended") -> list[Effect]:
        """End every question a call has open (the call ended)."""
        effects: list[Effect] = []
        for child in self.table.children(call.key, Kind.ASK, Kind.HELD, Kind.LOCAL):
            effects += self.cancel(child, why)
        return effects

    def expired(self, entry: Exchange) -> list[Effect]:
        """Past its deadline: a paused call whose host did not come back, or a question its host
        did not answer (the call it belongs to fails)."""
        if entry.paused:
            return self.end(entry, TIMED_OUT.format(seconds=ROUND_TIMEOUT_S))
        parent = self.table.get(entry.parent)
        effects = self.cancel(entry, "timed out")
        if parent is not None:
            self.table.retire(parent.key, "timeout")
            effects.append(failures.refuse_entry(parent, ProxyError(wire.INTERNAL_ERROR, "the host did not answer the upstream's input request in time")))
        return effects

    # ------------------------------------------------------------------ where an upstream's question goes

    def _asking_call(self, hosts: list[HostPeer]) -> Exchange | None:
        """The call an upstream's request is about. A session upstream names no request, so: the
        handshake-era host's call that went upstream last (it can be asked directly), else the
        2026-07-28 call (``tools/call``, ``prompts/get``, ``resources/read``) that last went to or
        came back from its host, a running one before a paused one. None when nothing that can be
        asked about is in flight: an idle host is not asked about a call it never made."""
        direct = [e for e in self.table.where(Kind.FORWARD) if e.askable and e.host in hosts]
        if direct:
            return direct[-1]
        rounds_ok = [e for e in self.table.where(Kind.FORWARD) if not e.askable and e.method in RETRIABLE
                     and (e.host is not None or e.paused) and e.early is None]
        return max(rounds_ok, key=lambda e: (not e.paused, e.turn), default=None)

    def _idle_host(self, hosts: list[HostPeer]) -> HostPeer | None:
        """With nothing in flight at all (``roots/list`` after ``initialized``, say): the first
        host that opened a session; None while other hosts' requests are in flight."""
        if any(True for _ in self.table.where(Kind.FORWARD)):
            return None
        return next((h for h in hosts if h.opened), None)

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

    def _page_token(self, entry: Exchange) -> str | None:
        """The page token a call's elicitations are asked under in its own page
        (``services/questions.py``): a ``tools/call`` a page started (its ``_meta`` carries the
        token), of a tool with our page, from a host that declared no ``elicitation``; None
        otherwise."""
        if entry.method != "tools/call" or entry.caller is None or entry.tool is None \
                or isinstance(entry.caller.capabilities.get("elicitation"), dict) or not self.services.asks_in_app(entry.tool):
            return None
        return _ask_token(entry.params)

    # ------------------------------------------------------------------ a 2026-07-28 upstream's rounds, relayed

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
            capability = CAPABILITY.get(method)  # type: ignore[arg-type]
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
            effects.append(ToHost(entry.host, Request(ask.key, request["method"], for_handshake(request["method"], request.get("params"), ask.key))))
        effects.insert(0, Log(logging.INFO, f"relaying the upstream's input requests ({', '.join(sorted(requests))}) to the host"))
        return effects if requests else self._retry(entry)

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
            return self.cancel_questions(parent) + [failures.refuse_entry(parent, ProxyError(
                code if isinstance(code, int) else wire.INTERNAL_ERROR, str(error.get("message", "error")), error.get("data")))]
        parent.inputs[ask.tool] = wire.decode_any(response.result)
        if any(value is _PENDING for value in parent.inputs.values()):
            return []
        return self._retry(parent)

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
        missing = missing_capability(request.method, wire.decode_params(request.params), cause.caller.capabilities)
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
                ToUpstream(Response(request.id, error=not_supported(request.method, missing)))]

    def _send_round(self, entry: Exchange) -> list[Effect]:
        """End the host's round: every held question of the call, and a state naming this round."""
        assert entry.host is not None
        questions = {held.key: {"method": held.method, "params": for_modern(held.method, wire.decode_any(held.params) if held.params is not None else {})}
                     for held in self.table.children(entry.key, Kind.HELD)}
        entry.rounds += 1
        state = self.seals.seal(entry.key, entry.rounds, target_of(entry.method, wire.decode_params(entry.params)))
        host, host_id = entry.host, entry.host_id
        self.table.unbind(entry)
        entry.paused, entry.paused_for = True, host if host.lasting else None
        entry.deadline = self.clock() + ROUND_TIMEOUT_S
        return [Log(logging.INFO, f"the upstream asks ({', '.join(q['method'] for q in questions.values())}): "
                                  f"round {entry.rounds} of the host's {entry.method} ended with input_required"),
                ToHost(host, Response(host_id, input_required(questions, state), method=entry.method,
                                      result_type="input_required"))]

    def _answered_while_paused(self, entry: Exchange, response: Response) -> list[Effect]:
        """The upstream's call ended while its host was away answering: kept for the retry; its
        questions are moot."""
        entry.early = response
        effects: list[Effect] = []
        for held in self.table.children(entry.key, Kind.HELD):
            effects += self.cancel(held, "the upstream's call ended first")
        return effects


def resumes(state: Any, sessions: bool) -> bool:
    """Whether the ``requestState`` a retriable request carries resumes a round paused here:
    always for a session upstream (it mints none), otherwise only a state this proxy minted (a
    2026-07-28 upstream's own states pass through)."""
    return sessions or (isinstance(state, str) and state.startswith(PREFIX))


def request_state(params: Any) -> Any:
    """A retry's ``requestState`` (UNSET when it has none); raw params that do not mention it
    are not decoded (a large call costs nothing)."""
    if params is None or (isinstance(params, msgspec.Raw) and b'"requestState"' not in bytes(params)):
        return msgspec.UNSET
    return wire.decode_params(params).get("requestState", msgspec.UNSET)


def _ask_token(params: Any) -> str | None:
    """The page's token in a ``tools/call``'s ``_meta`` (``services/questions.py``), if any."""
    _, meta = wire.call_head(params)
    token = meta.get(ASK_META) if isinstance(meta, dict) else None
    return token if isinstance(token, str) else None


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
