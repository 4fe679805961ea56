"""The router in-process: every routing rule, both eras, through the real codecs, with no I/O.

Each test feeds JSON-RPC bytes as a host or the upstream writes them through the codecs the
drivers use (``HostCodec``, ``UpstreamCodec``) into the ``Router``, and reads what comes out
the same way. No sockets, no subprocesses, no sleeps: time is a number the test moves.
"""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest

from compiler.proxy.codecs import host_door, upstream_door
from compiler.proxy.codecs.codec import HostCodec, UpstreamCodec
from compiler.proxy.codecs.jsonline import Refused
from compiler.proxy.core.exchanges import Kind
from compiler.proxy.core.messages import (
    AppRun,
    CancelLocal,
    HostPeer,
    OpenUpstream,
    Refresh,
    RunLocal,
    Settle,
    ToHost,
    ToUpstream,
)
from compiler.proxy.core.peers import Era, UpstreamInfo
from compiler.proxy.core.router import Router
from compiler.proxy.core.services import ReadPage, ToolCall
from compiler.proxy.services.local import LocalSide
from compiler.proxy.services.registry import Registry
from compiler.proxy.store.sqlite import SqliteStore

UI = {"extensions": {"io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}
ENVELOPE = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": UI}
HANDSHAKE_INFO = UpstreamInfo(Era.HANDSHAKE, "2025-11-25", {"tools": {"listChanged": True}}, {"name": "up", "version": "1"})
MODERN_INFO = UpstreamInfo(Era.MODERN, "2026-07-28", {"tools": {}, "resources": {}}, {"name": "up", "version": "1"})


class _Control:
    """What LocalSide needs to be built; these tests only use its quick, pure services."""

    def __init__(self) -> None:
        self.registry = Registry()
        self.pages = None
        self.store = SqliteStore(":memory:")


class World:
    """A router with its codecs, hosts, and an upstream; ``time`` is the router's clock."""

    def __init__(self, info: UpstreamInfo | None = HANDSHAKE_INFO) -> None:
        self.time = 0.0
        self.local = LocalSide(_Control())  # type: ignore[arg-type]
        self.router = Router(self.local, clock=lambda: self.time)
        self.upstream = UpstreamCodec()
        self.sent_up: list[dict[str, Any]] = []
        self.received: dict[int, list[dict[str, Any]]] = {}
        self.other: list[Any] = []
        if info is not None:
            self.open(info)

    def open(self, info: UpstreamInfo) -> None:
        self.upstream.era = info.era
        self.apply(self.router.upstream_ready(info))

    def host(self, *, lasting: bool = True, headers: dict[str, str] | None = None) -> HostPeer:
        peer = HostPeer(lasting=lasting, link=HostCodec(headers=headers))
        self.router.attach(peer)
        self.received[id(peer)] = []
        return peer

    def apply(self, effects: list[Any]) -> list[Any]:
        for effect in effects:
            if isinstance(effect, ToHost):
                self.received[id(effect.host)].append(json.loads(effect.host.link.encode(effect.message)))
            elif isinstance(effect, ToUpstream):
                data = self.upstream.encode(effect.message)
                if data is not None:
                    self.sent_up.append(json.loads(data))
            else:
                self.other.append(effect)
        return effects

    def from_host(self, peer: HostPeer, message: dict[str, Any]) -> list[Any]:
        """A host's message through its door and codec, as the drivers pass it."""
        read = host_door.read(json.dumps({"jsonrpc": "2.0", **message}).encode())
        decoded = read if isinstance(read, Refused) else peer.link.decode(read.envelope)
        if isinstance(decoded, Refused):
            assert decoded.answer is not None
            self.received[id(peer)].append(json.loads(peer.link.encode(decoded.answer)))
            return []
        return self.apply(self.router.from_host(peer, decoded))

    def from_upstream(self, message: dict[str, Any]) -> list[Any]:
        read = upstream_door.read(json.dumps({"jsonrpc": "2.0", **message}).encode())
        assert not isinstance(read, Refused), read
        return self.apply(self.router.from_upstream(self.upstream.decode(read)))

    def last_up(self) -> dict[str, Any]:
        return self.sent_up[-1]

    def got(self, peer: HostPeer) -> list[dict[str, Any]]:
        return self.received[id(peer)]

    def initialize(self, peer: HostPeer, capabilities: dict[str, Any] | None = None) -> None:
        self.from_host(peer, {"id": 0, "method": "initialize", "params": {
            "protocolVersion": "2025-11-25", "capabilities": capabilities if capabilities is not None else UI,
            "clientInfo": {"name": "h", "version": "1"}}})


def call(request_id: Any, name: str = "echo", meta: dict[str, Any] | None = None, **arguments: Any) -> dict[str, Any]:
    params: dict[str, Any] = {"name": name, "arguments": arguments}
    if meta is not None:
        params["_meta"] = meta
    return {"id": request_id, "method": "tools/call", "params": params}


# --------------------------------------------------------------------------- forwarding, both eras


def test_a_handshake_hosts_call_goes_upstream_under_the_proxys_id_and_comes_back_under_its_own():
    world = World()
    host = world.host()
    world.initialize(host)
    assert world.got(host)[0]["result"]["protocolVersion"] == "2025-11-25"
    world.from_host(host, call(7, message="hi"))
    sent = world.last_up()
    assert sent["id"].startswith("compile-ui:") and sent["params"] == {"name": "echo", "arguments": {"message": "hi"}}
    world.from_upstream({"id": sent["id"], "result": {"content": [{"type": "text", "text": "hi"}]}})
    assert world.got(host)[-1] == {"jsonrpc": "2.0", "id": 7, "result": {"content": [{"type": "text", "text": "hi"}]}}
    assert len(world.router.table) == 0


def test_a_2026_07_28_request_is_stripped_for_a_handshake_upstream_and_its_answer_completed():
    world = World(HANDSHAKE_INFO)
    host = world.host()
    world.from_host(host, call("a", meta=ENVELOPE, message="x"))
    assert world.last_up()["params"] == {"name": "echo", "arguments": {"message": "x"}}
    world.from_upstream({"id": world.last_up()["id"], "result": {"content": []}})
    assert world.got(host)[-1]["result"] == {"resultType": "complete", "content": []}


def test_a_handshake_hosts_request_is_stamped_with_what_it_declared_for_a_2026_07_28_upstream():
    world = World(MODERN_INFO)
    host = world.host()
    world.initialize(host, {"sampling": {}})
    world.from_host(host, call(1, message="x"))
    meta = world.last_up()["params"]["_meta"]
    assert meta["io.modelcontextprotocol/protocolVersion"] == "2026-07-28"
    assert meta["io.modelcontextprotocol/clientCapabilities"] == {"sampling": {}}
    assert meta["io.modelcontextprotocol/clientInfo"] == {"name": "h", "version": "1"}


def test_a_2026_07_28_host_gets_server_discover_and_never_initialize():
    world = World(MODERN_INFO)
    host = world.host()
    world.from_host(host, {"id": 1, "method": "server/discover", "params": {"_meta": ENVELOPE}})
    result = world.got(host)[-1]["result"]
    assert result["supportedVersions"] == ["2026-07-28"] and result["resultType"] == "complete"
    assert "io.modelcontextprotocol/ui" in result["capabilities"]["extensions"]
    world.from_host(host, {"id": 2, "method": "ping", "params": {"_meta": ENVELOPE}})
    assert world.got(host)[-1]["error"]["code"] == -32601
    world.from_host(host, {"id": 3, "method": "tools/call", "params": {"name": "x", "_meta": {"io.modelcontextprotocol/protocolVersion": "2030-01-01",
                                                                                          "io.modelcontextprotocol/clientCapabilities": {}}}})
    assert world.got(host)[-1]["error"]["code"] == -32022 and world.sent_up == []


def test_requests_before_the_upstream_opens_wait_in_the_table_then_go_on_or_time_out():
    world = World(info=None)
    host = world.host()
    effects = world.from_host(host, {"id": 0, "method": "initialize", "params": {"capabilities": UI}})
    assert any(isinstance(e, OpenUpstream) for e in effects)
    world.from_host(host, call(1))
    assert [e.kind for e in world.router.table.entries.values()] == [Kind.WAITING, Kind.WAITING]
    world.from_host(host, {"method": "notifications/cancelled", "params": {"requestId": 1}})
    assert len(world.router.table) == 1
    world.open(HANDSHAKE_INFO)
    assert world.got(host)[-1]["id"] == 0 and world.sent_up == []  # the cancelled call never went upstream
    world.from_host(host, call(2))
    assert world.last_up()["method"] == "tools/call"
    later = World(info=None)
    waiting = later.host()
    later.from_host(waiting, call(5))
    later.time = 61.0
    later.apply(later.router.expire())
    answer = later.got(waiting)[-1]
    assert answer["id"] == 5 and answer["result"]["isError"] is True and len(later.router.table) == 0


def test_what_the_upstream_said_last_time_answers_a_probe_at_once_and_nothing_else():
    """A host's probe (``server/discover``, or ``initialize``) need not wait for the upstream's
    start when the proxy knows its description from the last start; every other request waits."""
    last_time = UpstreamInfo(Era.MODERN, "2026-07-28", {"tools": {}}, {"name": "up", "version": "0.9"}, "old words")
    world = World(info=None)
    world.router.known = last_time
    probe, host = world.host(), world.host()
    world.from_host(probe, {"id": "probe", "method": "server/discover", "params": {"_meta": ENVELOPE}})
    described = world.got(probe)[-1]["result"]
    assert described["supportedVersions"] == ["2026-07-28"] and described["instructions"] == "old words"
    world.initialize(host)
    assert world.got(host)[-1]["result"]["serverInfo"] == {"name": "up", "version": "0.9"}
    world.from_host(host, call(1))
    assert [e.kind for e in world.router.table.entries.values()] == [Kind.WAITING] and world.sent_up == []
    world.open(HANDSHAKE_INFO)  # the upstream now says otherwise: its own word from here on
    assert world.last_up()["method"] == "tools/call"
    world.initialize(host)
    assert world.got(host)[-1]["result"]["serverInfo"] == {"name": "up", "version": "1"}
    refused = World(info=None)
    refused.router.known = last_time
    refused.apply(refused.router.upstream_refused("the upstream did not open a session: no"))
    peer = refused.host()
    refused.from_host(peer, {"id": 1, "method": "server/discover", "params": {"_meta": ENVELOPE}})
    assert "did not open a session" in refused.got(peer)[-1]["error"]["message"]  # known or not, a refusal is said


# --------------------------------------------------------------------------- local services


def test_own_tools_and_pages_are_local_calls_and_a_cancel_stops_them():
    world = World()
    host = world.host()
    world.initialize(host)
    effects = world.from_host(host, call(3, "_ui_status"))
    run = next(e for e in effects if isinstance(e, RunLocal))
    assert run.call == ToolCall("_ui_status", {}, 3) and world.sent_up == []
    world.apply(world.router.local_done(run.key, {"content": []}))
    assert world.got(host)[-1] == {"jsonrpc": "2.0", "id": 3, "result": {"content": []}}
    effects = world.from_host(host, {"id": 4, "method": "resources/read", "params": {"uri": "ui://compile-ui/echo"}})
    read = next(e for e in effects if isinstance(e, RunLocal))
    assert read.call == ReadPage("ui://compile-ui/echo")
    assert any(isinstance(e, CancelLocal) and e.key == read.key for e in world.from_host(host, {"method": "notifications/cancelled", "params": {"requestId": 4}}))
    assert world.router.local_done(read.key, {"contents": []}) == []  # a cancelled request gets no answer
    plain = world.host()
    world.initialize(plain, {})
    world.from_host(plain, call(9, "_ui_status"))
    assert world.last_up()["params"]["name"] == "_ui_status"  # a host without MCP Apps sees the upstream's tools only


def test_tools_list_is_decorated_for_hosts_that_show_apps():
    world = World()
    host = world.host()
    world.initialize(host)
    world.from_host(host, {"id": 1, "method": "tools/list"})
    world.from_upstream({"id": world.last_up()["id"], "result": {"tools": [{"name": "echo", "inputSchema": {"type": "object"}}]}})
    tools = world.got(host)[-1]["result"]["tools"]
    assert tools[0]["_meta"]["ui"]["resourceUri"] == "ui://compile-ui/echo"
    assert {"_ui_status", "_ui_render"} <= {t["name"] for t in tools}


# --------------------------------------------------------------------------- cancel and peers


def test_a_cancelled_call_is_retired_at_once_and_its_late_answer_dropped():
    world = World()
    host = world.host()
    world.initialize(host)
    world.from_host(host, call(1, "hang"))
    upstream_id = world.last_up()["id"]
    world.from_host(host, {"method": "notifications/cancelled", "params": {"requestId": 1, "reason": "user"}})
    assert len(world.router.table) == 0
    assert world.last_up() == {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": upstream_id, "reason": "user"}}
    before = len(world.got(host))
    world.from_upstream({"id": upstream_id, "result": {"content": []}})
    assert len(world.got(host)) == before


def test_an_upstream_request_goes_to_a_host_with_work_in_flight_never_to_one_that_cancelled():
    world = World()
    gone, busy = world.host(), world.host()
    world.initialize(gone)
    world.initialize(busy)
    world.from_host(busy, call(1, "slow"))
    world.from_host(gone, call(1, "hang"))
    world.from_host(gone, {"method": "notifications/cancelled", "params": {"requestId": 1}})
    world.from_upstream({"id": 40, "method": "sampling/createMessage", "params": {"messages": []}})
    asked = world.got(busy)[-1]
    assert asked["method"] == "sampling/createMessage" and asked["id"].startswith("compile-ui:")
    assert all(m.get("method") != "sampling/createMessage" for m in world.got(gone))
    world.from_host(gone, {"id": asked["id"], "result": {"forged": True}})  # only the asked host's answer counts
    world.from_host(busy, {"id": asked["id"], "result": {"role": "assistant"}})
    assert world.last_up() == {"jsonrpc": "2.0", "id": 40, "result": {"role": "assistant"}}


def test_an_upstream_request_for_a_2026_07_28_host_that_did_not_declare_it_is_refused_at_once_never_sent_to_an_idle_host():
    world = World()
    idle, modern = world.host(), world.host()
    world.initialize(idle)
    world.from_host(modern, call("m", "slow", meta=ENVELOPE))
    world.from_upstream({"id": 41, "method": "elicitation/create", "params": {}})
    answer = world.last_up()
    # the modern host declared no elicitation, and no page of its call can ask: the spec's error at once
    assert answer["id"] == 41 and answer["error"]["code"] == -32600 and "Elicitation not supported" in answer["error"]["message"]
    assert all(m.get("method") != "elicitation/create" for m in world.got(idle))
    assert world.got(modern) == [] and world.router.table.counts()["forward"] == 1  # the call runs on


def test_a_host_that_goes_away_cancels_its_calls_and_answers_nothing_it_was_asked():
    world = World()
    host = world.host()
    world.initialize(host)
    world.from_host(host, call(1, "hang"))
    upstream_call = world.last_up()["id"]
    world.from_upstream({"id": 50, "method": "roots/list"})
    world.apply(world.router.detach(host))
    assert len(world.router.table) == 0
    assert {"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"reason": "peer gone", "requestId": upstream_call}} in world.sent_up
    refused = next(m for m in world.sent_up if m.get("id") == 50)
    assert refused["error"]["code"] == -32603


def test_when_the_upstream_is_lost_every_call_is_answered_and_own_requests_fail():
    world = World()
    host = world.host()
    world.initialize(host)
    world.from_host(host, call(1, "hang"))
    key, effects = world.router.own_request("tools/list", timeout=30)
    world.apply(effects)
    effects = world.apply(world.router.upstream_lost("the upstream server exited"))
    assert world.got(host)[-1]["result"]["isError"] is True and "exited" in world.got(host)[-1]["result"]["content"][0]["text"]
    settled = next(e for e in effects if isinstance(e, Settle))
    assert settled.key == key and isinstance(settled.error, ConnectionError)
    assert len(world.router.table) == 0


# --------------------------------------------------------------------------- progress, logs, notifications


def test_two_hosts_with_the_same_progress_token_each_get_their_own_progress():
    world = World()
    one, two = world.host(), world.host()
    for host in (one, two):
        world.initialize(host)
        world.from_host(host, call(1, "slow", meta={"progressToken": "t"}))
    first, second = world.sent_up[-2], world.sent_up[-1]
    assert first["params"]["_meta"]["progressToken"] == first["id"] != second["params"]["_meta"]["progressToken"]
    world.from_upstream({"method": "notifications/progress", "params": {"progressToken": second["id"], "progress": 1}})
    assert world.got(two)[-1] == {"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": "t", "progress": 1}}
    assert world.got(one)[-1].get("method") != "notifications/progress"


def test_a_2026_07_28_upstreams_log_line_goes_only_to_hosts_that_opted_in_at_its_level():
    world = World(MODERN_INFO)
    quiet, info, errors = world.host(), world.host(), world.host()
    world.from_host(quiet, call("q", "slow", meta=ENVELOPE))
    world.from_host(info, call("i", "slow", meta={**ENVELOPE, "io.modelcontextprotocol/logLevel": "info"}))
    world.from_host(errors, call("e", "slow", meta={**ENVELOPE, "io.modelcontextprotocol/logLevel": "error"}))
    world.from_upstream({"method": "notifications/message", "params": {"level": "info", "data": "line"}})
    assert [len(world.got(h)) for h in (quiet, info, errors)] == [0, 1, 0]


def test_a_handshake_upstreams_list_change_refreshes_tools_and_reaches_every_lasting_host():
    world = World()
    lasting, single = world.host(), world.host(lasting=False)
    world.initialize(lasting)
    effects = world.from_upstream({"method": "notifications/tools/list_changed"})
    assert any(isinstance(e, Refresh) for e in effects)
    assert world.got(lasting)[-1]["method"] == "notifications/tools/list_changed" and world.got(single) == []
    modern = world.host()  # 2026-07-28 over stdio: no session, so changes come only on a listen stream
    world.from_host(modern, {"id": 1, "method": "server/discover", "params": {"_meta": ENVELOPE}})
    world.from_upstream({"method": "notifications/tools/list_changed"})
    world.apply(world.router.notify_lists())
    assert [m.get("method") for m in world.got(modern)] == [None]


# --------------------------------------------------------------------------- subscriptions


def test_a_2026_07_28_upstreams_listen_stream_reaches_the_host_under_the_hosts_own_id():
    world = World(MODERN_INFO)
    host = world.host()
    world.from_host(host, {"id": 2, "method": "subscriptions/listen", "params": {"notifications": {"toolsListChanged": True}, "_meta": ENVELOPE}})
    key = world.last_up()["id"]
    assert key.startswith("compile-ui:")
    sid = "io.modelcontextprotocol/subscriptionId"
    world.from_upstream({"method": "notifications/subscriptions/acknowledged", "params": {"notifications": {"toolsListChanged": True}, "_meta": {sid: key}}})
    effects = world.from_upstream({"method": "notifications/tools/list_changed", "params": {"_meta": {sid: key}}})
    assert [m["params"]["_meta"][sid] for m in world.got(host)] == [2, 2]
    assert any(isinstance(e, Refresh) for e in effects)
    world.from_host(host, {"method": "notifications/cancelled", "params": {"requestId": 2, "_meta": ENVELOPE}})
    assert world.last_up()["params"]["requestId"] == key and len(world.router.table) == 0


def test_a_session_upstreams_list_changes_reach_2026_07_28_hosts_on_a_listen_stream_served_here():
    world = World(HANDSHAKE_INFO)
    host = world.host()
    world.from_host(host, {"id": 2, "method": "subscriptions/listen", "params": {"notifications": {"toolsListChanged": True}, "_meta": ENVELOPE}})
    sid = "io.modelcontextprotocol/subscriptionId"
    ack = world.got(host)[-1]
    assert ack["method"] == "notifications/subscriptions/acknowledged" and ack["params"]["_meta"][sid] == 2
    assert ack["params"]["notifications"] == {"toolsListChanged": True} and world.sent_up == []
    world.from_upstream({"method": "notifications/tools/list_changed"})
    world.from_upstream({"method": "notifications/resources/list_changed"})  # not asked for
    assert world.got(host)[-1] == {"jsonrpc": "2.0", "method": "notifications/tools/list_changed", "params": {"_meta": {sid: 2}}}
    assert len(world.got(host)) == 2
    world.apply(world.router.notify_lists())
    assert world.got(host)[-1]["params"]["_meta"][sid] == 2


# --------------------------------------------------------------------------- input rounds and timeouts


def test_an_input_required_result_is_relayed_to_a_handshake_host_and_the_call_retried():
    world = World(MODERN_INFO)
    host = world.host()
    world.initialize(host, {"elicitation": {}, **UI})
    world.from_host(host, call(1, "book"))
    key = world.last_up()["id"]
    world.from_upstream({"id": key, "result": {"resultType": "input_required", "requestState": "s1",
                                               "inputRequests": {"when": {"method": "elicitation/create", "params": {"message": "When?"}}}}})
    asked = world.got(host)[-1]
    assert asked["method"] == "elicitation/create" and asked["params"] == {"message": "When?"}
    world.from_host(host, {"id": asked["id"], "result": {"action": "accept", "content": {"day": "mon"}}})
    retry = world.last_up()
    assert retry["id"] == key and retry["params"]["requestState"] == "s1"
    assert retry["params"]["inputResponses"] == {"when": {"action": "accept", "content": {"day": "mon"}}}
    world.from_upstream({"id": key, "result": {"resultType": "complete", "content": [{"type": "text", "text": "booked"}]}})
    assert world.got(host)[-1]["id"] == 1 and world.got(host)[-1]["result"]["content"][0]["text"] == "booked"
    assert len(world.router.table) == 0


def test_an_input_request_the_host_did_not_declare_is_refused_and_an_unanswered_one_times_out():
    world = World(MODERN_INFO)
    host = world.host()
    world.initialize(host)
    world.from_host(host, call(1, "book"))
    world.from_upstream({"id": world.last_up()["id"], "result": {"resultType": "input_required",
                                                                  "inputRequests": {"x": {"method": "sampling/createMessage"}}}})
    assert "did not declare" in world.got(host)[-1]["result"]["content"][0]["text"]
    asker = world.host()
    world.initialize(asker, {"elicitation": {}})
    world.from_host(asker, call(2, "book"))
    world.from_upstream({"id": world.last_up()["id"], "result": {"resultType": "input_required",
                                                                  "inputRequests": {"x": {"method": "elicitation/create"}}}})
    world.time = 601.0
    world.apply(world.router.expire())
    assert "in time" in world.got(asker)[-1]["result"]["content"][0]["text"] and len(world.router.table) == 0


def test_a_run_started_from_a_page_is_an_event():
    world = World()
    host = world.host()
    world.initialize(host)
    world.from_host(host, call(1, "add", meta={"compile-ui/app": True}, a=1))
    effects = world.from_upstream({"id": world.last_up()["id"], "result": {"content": [], "isError": True}})
    run = next(e for e in effects if isinstance(e, AppRun))
    assert (run.tool, run.arguments, run.failed) == ("add", {"a": 1}, True)


@pytest.mark.parametrize(("line", "code"), [(b"[1, 2]", -32600), (b'{"jsonrpc": "2.0", "params": {}}', -32600), (b"{", -32700)])
def test_a_line_that_is_no_message_is_answered_by_the_door_not_the_router(line, code):
    refused = host_door.read(line)
    assert isinstance(refused, Refused) and refused.answer is not None
    assert refused.answer.id is None and refused.answer.error["code"] == code


# --------------------------------------------------------------------------- a handshake upstream asks a 2026-07-28 host

ASKABLE = {**ENVELOPE, "io.modelcontextprotocol/clientCapabilities": {**UI, "elicitation": {"form": {}, "url": {}}, "sampling": {}}}
QUESTION = {"message": "Overwrite notes.txt?", "requestedSchema": {"type": "object", "properties": {"ok": {"type": "boolean"}}}}


def paused_call(world: World, *, lasting: bool = False, meta: dict[str, Any] = ASKABLE, upstream_id: int = 7) -> tuple[HostPeer, str, dict[str, Any]]:
    """A 2026-07-28 host calls ``write`` on a handshake-era upstream, which asks: the host's round
    ends with ``input_required``. Returns the host, the upstream's id for the call, the round."""
    host = world.host(lasting=lasting)
    world.from_host(host, call("c1", "write", meta=meta, path="notes.txt"))
    key = world.last_up()["id"]
    world.from_upstream({"id": upstream_id, "method": "elicitation/create", "params": QUESTION})
    return host, key, world.got(host)[-1]


def retry(world: World, round_: dict[str, Any], answers: dict[str, Any] | None = None, *, request_id: Any = "c2",
          name: str = "write") -> HostPeer:
    """The host's retry, as a new single exchange (a new HTTP POST)."""
    host = world.host(lasting=False)
    params: dict[str, Any] = {"name": name, "arguments": {"path": "notes.txt"}, "_meta": ASKABLE,
                              "requestState": round_["result"]["requestState"]}
    if answers is not None:
        params["inputResponses"] = answers
    world.from_host(host, {"id": request_id, "method": "tools/call", "params": params})
    return host


def test_a_handshake_upstreams_question_ends_the_2026_07_28_hosts_round_and_its_retry_answers_it():
    world = World(HANDSHAKE_INFO)
    host, key, round_ = paused_call(world)
    result = round_["result"]
    assert round_["id"] == "c1" and result["resultType"] == "input_required"
    [(name, asked)] = result["inputRequests"].items()
    assert asked == {"method": "elicitation/create", "params": QUESTION}
    assert result["requestState"].startswith("compile-ui.1.") and "ttlMs" not in result
    assert not any(m.get("method") == "notifications/cancelled" for m in world.sent_up)  # the upstream's call runs on
    world.apply(world.router.detach(host))  # the exchange that carried the round is over; the call is not
    counts = world.router.table.counts()
    assert (counts["forward"], counts["held"]) == (1, 1)
    again = retry(world, round_, {name: {"action": "accept", "content": {"ok": True}}})
    assert world.last_up() == {"jsonrpc": "2.0", "id": 7, "result": {"action": "accept", "content": {"ok": True}}}
    world.from_upstream({"id": key, "result": {"content": [{"type": "text", "text": "written"}]}})
    assert world.got(again)[-1] == {"jsonrpc": "2.0", "id": "c2", "result": {"resultType": "complete", "content": [{"type": "text", "text": "written"}]}}
    assert len(world.router.table) == 0


def test_each_question_is_its_own_round_and_an_earlier_rounds_state_is_stale():
    world = World(HANDSHAKE_INFO)
    _, key, first = paused_call(world)
    [name] = first["result"]["inputRequests"]
    second_host = retry(world, first, {name: {"action": "accept", "content": {"ok": True}}})
    world.from_upstream({"id": 8, "method": "sampling/createMessage", "params": {"messages": [], "maxTokens": 5}})
    second = world.got(second_host)[-1]
    assert second["id"] == "c2" and [q["method"] for q in second["result"]["inputRequests"].values()] == ["sampling/createMessage"]
    replay = retry(world, first, {name: {"action": "accept", "content": {"ok": False}}}, request_id="c3")
    refused = world.got(replay)[-1]["error"]
    assert refused["code"] == -32602 and "no longer waiting" in refused["message"] and "a later round replaced it" in refused["message"]
    assert not any(m.get("id") == 7 and m.get("result", {}).get("content") == {"ok": False} for m in world.sent_up)
    [name2] = second["result"]["inputRequests"]
    last = retry(world, second, {name2: {"role": "assistant", "content": {"type": "text", "text": "yes"}, "model": "m"}}, request_id="c4")
    assert world.last_up()["id"] == 8
    world.from_upstream({"id": key, "result": {"content": []}})
    assert world.got(last)[-1]["id"] == "c4" and len(world.router.table) == 0


def test_a_forged_foreign_or_misdirected_request_state_is_refused_and_the_round_still_waits():
    world = World(HANDSHAKE_INFO)
    _, key, round_ = paused_call(world)
    state = round_["result"]["requestState"]
    prefix, payload, mac = state.rsplit(".", 2)
    forged = {"result": {"requestState": f"{prefix}.{payload}.{mac[:-2]}AA"}}
    other = Router(world.local, secret=b"another replica's key").rounds.seals.seal(key, 1, "tools/call write")
    for bad, words in [(forged, "not minted by this compile-ui proxy"), ({"result": {"requestState": "made-up"}}, "not minted"),
                       ({"result": {"requestState": other}}, "another compile-ui replica")]:
        host = retry(world, bad, {"x": {"action": "accept"}})
        error = world.got(host)[-1]["error"]
        assert error["code"] == -32602 and words in error["message"], error
    wrong = retry(world, round_, {}, name="delete")
    assert "belongs to 'tools/call write'" in world.got(wrong)[-1]["error"]["message"]
    assert world.router.table.counts()["held"] == 1 and not any(m.get("id") == 7 for m in world.sent_up)
    [name] = round_["result"]["inputRequests"]
    good = retry(world, round_, {name: {"action": "decline"}})
    assert world.last_up() == {"jsonrpc": "2.0", "id": 7, "result": {"action": "decline"}}
    world.from_upstream({"id": key, "result": {"content": [], "isError": True}})
    assert world.got(good)[-1]["id"] == "c2"


def test_a_state_whose_last_character_differs_only_in_unused_bits_is_refused():
    """base64's last character of the 32-byte MAC carries two unused bits: a state with them
    changed decodes to the same bytes, yet it is not the text the proxy minted — an altered state
    (found when tests/proxy/test_rounds_e2e.py's one-character forgery landed on those bits)."""
    seals = Router(World(HANDSHAKE_INFO).local, secret=b"k").rounds.seals
    state = seals.seal("u1", 1, "tools/call write")
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    last = alphabet.index(state[-1])
    twin = state[:-1] + alphabet[last ^ 1]  # the lowest bit of the last character: unused
    assert base64.urlsafe_b64decode(twin.rsplit(".", 1)[1] + "=") == base64.urlsafe_b64decode(state.rsplit(".", 1)[1] + "=")
    assert not isinstance(seals.open(state), str)
    assert "not minted by this compile-ui proxy" in seals.open(twin)


def test_an_abandoned_round_times_out_the_upstreams_question_is_answered_and_its_call_cancelled():
    world = World(HANDSHAKE_INFO)
    _, key, round_ = paused_call(world)
    world.time = 599.0
    world.apply(world.router.expire())
    assert len(world.router.table) == 2
    world.time = 601.0
    world.apply(world.router.expire())
    answer = next(m for m in world.sent_up if m.get("id") == 7)
    assert answer["error"]["code"] == -32603 and "abandoned" in answer["error"]["message"]
    cancel = world.last_up()
    assert cancel["method"] == "notifications/cancelled" and cancel["params"]["requestId"] == key
    assert len(world.router.table) == 0
    late = retry(world, round_, {"x": {"action": "accept"}})
    assert "abandoned" in world.got(late)[-1]["error"]["message"]
    world.from_upstream({"id": key, "result": {"content": []}})  # a late answer from the upstream goes nowhere
    assert len(world.router.table) == 0


def test_a_lasting_2026_07_28_host_that_goes_away_mid_question_ends_its_round():
    world = World(HANDSHAKE_INFO)
    host, key, _ = paused_call(world, lasting=True)
    world.apply(world.router.detach(host))
    assert next(m for m in world.sent_up if m.get("id") == 7)["error"]["message"].endswith("(the host that was asked went away)")
    assert world.last_up()["method"] == "notifications/cancelled" and world.last_up()["params"]["requestId"] == key
    assert len(world.router.table) == 0


def test_a_host_that_disconnects_before_the_question_comes_leaves_nobody_to_ask_and_the_upstream_is_refused():
    world = World(HANDSHAKE_INFO)
    host = world.host(lasting=False)
    world.from_host(host, call("c1", "write", meta=ASKABLE))
    world.from_host(host, {"method": "notifications/cancelled", "params": {"requestId": "c1", "reason": "client disconnected"}})
    world.from_upstream({"id": 7, "method": "elicitation/create", "params": QUESTION})
    assert world.last_up()["id"] == 7 and world.last_up()["error"]["code"] == -32601
    assert len(world.router.table) == 0


def test_the_upstream_dying_mid_question_retires_the_round_and_a_late_retry_is_told_why():
    world = World(HANDSHAKE_INFO)
    _, _, round_ = paused_call(world)
    world.apply(world.router.upstream_lost("the upstream exited (code 1)"))
    assert len(world.router.table) == 0
    world.open(HANDSHAKE_INFO)  # restarted: a new session knows nothing of the old call
    late = retry(world, round_, {"x": {"action": "accept"}})
    assert "the upstream server stopped: the upstream exited (code 1)" in world.got(late)[-1]["error"]["message"]


def test_a_question_asked_while_the_host_is_away_comes_in_the_next_round_at_once():
    world = World(HANDSHAKE_INFO)
    _, key, first = paused_call(world)
    world.from_upstream({"id": 9, "method": "elicitation/create", "params": {"message": "And the backup?", "requestedSchema": {"type": "object"}}})
    [name] = first["result"]["inputRequests"]
    host = retry(world, first, {name: {"action": "accept", "content": {"ok": True}}})
    second = world.got(host)[-1]["result"]
    assert second["resultType"] == "input_required"
    assert [q["params"]["message"] for q in second["inputRequests"].values()] == ["And the backup?"]
    [name2] = second["inputRequests"]
    again = retry(world, {"result": second}, {name2: {"action": "cancel"}}, request_id="c3")
    assert world.last_up() == {"jsonrpc": "2.0", "id": 9, "result": {"action": "cancel"}}
    world.from_upstream({"id": key, "result": {"content": []}})
    assert world.got(again)[-1]["id"] == "c3" and len(world.router.table) == 0


def test_an_upstream_that_answers_while_the_host_is_away_keeps_the_answer_for_the_retry():
    world = World(HANDSHAKE_INFO)
    _, key, round_ = paused_call(world)
    world.from_upstream({"id": key, "result": {"content": [{"type": "text", "text": "gave up asking"}]}})
    assert next(m for m in world.sent_up if m.get("id") == 7)["error"]["code"] == -32603  # nothing stays in flight upstream
    [name] = round_["result"]["inputRequests"]
    host = retry(world, round_, {name: {"action": "accept", "content": {"ok": True}}})
    assert world.got(host)[-1]["result"]["content"][0]["text"] == "gave up asking" and len(world.router.table) == 0


@pytest.mark.parametrize(("declared", "question", "missing"), [
    # no elicitation at all, and no page of the call's that could ask it (questions.py): the spec's error
    ({}, {"message": "m", "requestedSchema": {"type": "object"}}, "Elicitation not supported"),
    ({"elicitation": {}}, {"mode": "url", "message": "m", "url": "https://example.com", "elicitationId": "e"}, "'elicitation.url'"),
    ({"elicitation": {"url": {}}}, {"message": "m", "requestedSchema": {"type": "object"}}, "'elicitation.form'"),
])
def test_a_question_the_2026_07_28_host_cannot_take_is_refused_at_once(declared, question, missing):
    world = World(HANDSHAKE_INFO)
    host = world.host(lasting=False)
    world.from_host(host, call("c1", "write", meta={**ENVELOPE, "io.modelcontextprotocol/clientCapabilities": declared}))
    world.from_upstream({"id": 7, "method": "elicitation/create", "params": question})
    assert world.last_up()["id"] == 7 and missing in world.last_up()["error"]["message"] and world.got(host) == []


def test_sampling_and_roots_are_rounds_too_and_refused_without_the_capability():
    world = World(HANDSHAKE_INFO)
    host = world.host(lasting=False)
    world.from_host(host, call("c1", "summarize", meta=ASKABLE))
    world.from_upstream({"id": 7, "method": "sampling/createMessage", "params": {"messages": [], "maxTokens": 9}})
    assert list(world.got(host)[-1]["result"]["inputRequests"].values()) == [
        {"method": "sampling/createMessage", "params": {"messages": [], "maxTokens": 9}}]
    other = world.host(lasting=False)
    world.from_host(other, call("d1", "files", meta=ASKABLE))
    world.from_upstream({"id": 8, "method": "roots/list"})
    assert world.last_up()["id"] == 8 and "'roots'" in world.last_up()["error"]["message"]


def test_a_2026_07_28_upstreams_own_request_state_passes_through():
    world = World(MODERN_INFO)
    host = world.host(lasting=False)
    world.from_host(host, {"id": 1, "method": "tools/call", "params": {
        "name": "book", "arguments": {}, "_meta": ENVELOPE, "requestState": "theirs", "inputResponses": {"k": {"action": "accept"}}}})
    sent = world.last_up()["params"]
    assert sent["requestState"] == "theirs" and sent["inputResponses"] == {"k": {"action": "accept"}}


def test_progress_of_a_resumed_call_reaches_the_retry_under_its_own_token_and_none_while_paused():
    world = World(HANDSHAKE_INFO)
    host = world.host(lasting=False)
    world.from_host(host, call("c1", "write", meta={**ASKABLE, "progressToken": "first"}))
    key = world.last_up()["id"]
    world.from_upstream({"id": 7, "method": "elicitation/create", "params": QUESTION})
    round_ = world.got(host)[-1]
    world.from_upstream({"method": "notifications/progress", "params": {"progressToken": key, "progress": 1}})
    assert world.got(host)[-1] is round_  # paused: nobody to tell
    [name] = round_["result"]["inputRequests"]
    again = world.host(lasting=False)
    world.from_host(again, {"id": "c2", "method": "tools/call", "params": {
        "name": "write", "arguments": {}, "_meta": {**ASKABLE, "progressToken": "second"},
        "requestState": round_["result"]["requestState"], "inputResponses": {name: {"action": "accept", "content": {"ok": True}}}}})
    world.from_upstream({"method": "notifications/progress", "params": {"progressToken": key, "progress": 2}})
    assert world.got(again)[-1]["params"] == {"progressToken": "second", "progress": 2}


def test_url_mode_elicitation_carries_elicitation_id_only_in_the_handshake_era():
    """``elicitationId`` is required at 2025-11-25 and removed at 2026-07-28: added for a
    handshake-era host asked on a 2026-07-28 upstream's behalf, dropped from a round's input request."""
    url = {"mode": "url", "message": "Sign in", "url": "https://example.com"}
    world = World(MODERN_INFO)
    host = world.host()
    world.initialize(host, {"elicitation": {"url": {}}})
    world.from_host(host, call(1, "sign_in"))
    world.from_upstream({"id": world.last_up()["id"], "result": {"resultType": "input_required", "requestState": "s",
                                                                  "inputRequests": {"q": {"method": "elicitation/create", "params": url}}}})
    asked = world.got(host)[-1]
    assert asked["params"] == {**url, "elicitationId": asked["id"]}
    world = World(HANDSHAKE_INFO)
    modern = world.host(lasting=False)
    world.from_host(modern, call("c", "sign_in", meta=ASKABLE))
    world.from_upstream({"id": 7, "method": "elicitation/create", "params": {**url, "elicitationId": "theirs"}})
    assert list(world.got(modern)[-1]["result"]["inputRequests"].values()) == [{"method": "elicitation/create", "params": url}]
