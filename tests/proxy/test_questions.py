"""An upstream's question asked in the tool's page where the host has no form for it, in-process.

The rounds' one branch (``Rounds._ask_in_app``, which the router calls) through the real codecs,
no I/O: which calls are asked in their page, which are refused at once with the spec's error, and
how each way a question can end retires its entry and answers the upstream. Then the service
(``questions.Questions``) on a real event loop: the page's long poll, its answer, the token that
keeps another page out, and a question nobody fetches. The browser end to end is in
``test_questions_browser.py``.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from compiler.proxy.core.exchanges import Kind
from compiler.proxy.core.failures import ProxyError
from compiler.proxy.core.messages import CancelLocal, RunLocal
from compiler.proxy.core.services import AskInApp
from compiler.proxy.services import questions
from compiler.proxy.services.questions import Questions
from harness.asyncutil import run_async
from proxy.test_router import ENVELOPE, MODERN_INFO, UI, World, call

TOKEN = "a" * 32
SCHEMA = {"type": "object", "properties": {"overwrite": {"type": "boolean"}, "note": {"type": "string"}}, "required": ["overwrite"]}
ASK = {"mode": "form", "message": "Overwrite notes.txt?", "requestedSchema": SCHEMA}
APP = {"compile-ui/app": True, "compile-ui/ask": TOKEN}


def world_with_tool(capabilities: dict[str, Any] | None = None) -> tuple[World, Any]:
    world = World()
    world.local.registry.absorb([{"name": "write", "inputSchema": {"type": "object"}}], replace=True)
    host = world.host()
    world.initialize(host, capabilities)
    return world, host


def asked(world: World, meta: dict[str, Any] | None = APP, capabilities: dict[str, Any] | None = None) -> list[Any]:
    """A page's call in flight upstream, and the upstream's question about it."""
    host = next(iter(world.router.hosts))
    world.from_host(host, call(7, "write", meta=meta, path="notes.txt"))
    return world.from_upstream({"id": "e1", "method": "elicitation/create", "params": ASK})


# --------------------------------------------------------------------------- the router's branch


def test_a_pages_call_from_a_host_without_elicitation_is_asked_in_that_page_and_the_answer_goes_upstream():
    world, _ = world_with_tool()
    effects = asked(world)
    (run,) = [e for e in effects if isinstance(e, RunLocal)]
    assert run.call == AskInApp(TOKEN, "write", ASK)
    assert world.router.table.get(run.key).kind is Kind.LOCAL
    world.apply(world.router.local_done(run.key, {"action": "accept", "content": {"overwrite": True}}))
    assert world.last_up() == {"jsonrpc": "2.0", "id": "e1", "result": {"action": "accept", "content": {"overwrite": True}}}
    assert [e.kind for e in world.router.table.entries.values()] == [Kind.FORWARD]


def test_a_2026_07_28_hosts_page_call_is_asked_in_its_page_too():
    world, _ = world_with_tool()
    modern = world.host()
    world.from_host(modern, call("m1", "write", meta={**ENVELOPE, **APP}, path="notes.txt"))
    effects = world.from_upstream({"id": "e2", "method": "elicitation/create", "params": ASK})
    (run,) = [e for e in effects if isinstance(e, RunLocal)]
    forward = next(e for e in world.router.table.entries.values() if e.kind is Kind.FORWARD)
    assert run.call == AskInApp(TOKEN, "write", ASK) and forward.host is modern
    assert world.router.table.get(run.key).parent == forward.key


def test_while_a_host_that_can_ask_has_a_call_in_flight_it_is_asked_not_a_page():
    world, _ = world_with_tool()
    asking = world.host()
    world.initialize(asking, {**UI, "elicitation": {}})
    world.from_host(asking, call(3, "write", path="a.txt"))
    effects = asked(world)  # a page's run from the first host (no elicitation) goes up after it
    assert not [e for e in effects if isinstance(e, RunLocal)]
    # sent to a host the usual way (``_asked_host``: the last askable one), not refused
    assert [m["method"] for h in world.router.hosts for m in world.got(h) if m.get("method")] == ["elicitation/create"]


def test_a_call_no_page_started_gets_the_specs_error_at_once():
    world, _ = world_with_tool()
    effects = asked(world, meta=None)
    assert not [e for e in effects if isinstance(e, RunLocal)]
    answer = world.last_up()
    assert answer["id"] == "e1" and answer["error"]["code"] == -32600
    assert answer["error"]["message"].startswith("Elicitation not supported")


def test_a_tool_without_our_page_gets_the_specs_error_at_once():
    world, _ = world_with_tool()
    world.local.registry.own_ui.add("write")  # the upstream ships its own app for it
    asked(world)
    assert world.last_up()["error"]["code"] == -32600


def test_a_host_that_declares_elicitation_is_asked_itself():
    world, host = world_with_tool({**UI, "elicitation": {}})
    effects = asked(world)
    assert not [e for e in effects if isinstance(e, RunLocal)]
    assert world.got(host)[-1]["method"] == "elicitation/create"


def test_a_failed_or_timed_out_question_answers_the_upstream_with_an_error():
    world, _ = world_with_tool()
    (run,) = [e for e in asked(world) if isinstance(e, RunLocal)]
    world.apply(world.router.local_done(run.key, error=ProxyError(-32603, "the person did not answer within 600 s")))
    assert world.last_up() == {"jsonrpc": "2.0", "id": "e1", "error": {"code": -32603, "message": "the person did not answer within 600 s"}}


@pytest.mark.parametrize("ending", ["host cancels", "host goes", "call answered", "upstream lost"])
def test_a_question_ends_with_its_call_and_nothing_stays_in_flight(ending):
    world, host = world_with_tool()
    (run,) = [e for e in asked(world) if isinstance(e, RunLocal)]
    forward = next(e for e in world.router.table.entries.values() if e.kind is Kind.FORWARD)
    if ending == "host cancels":
        effects = world.from_host(host, {"method": "notifications/cancelled", "params": {"requestId": 7}})
    elif ending == "host goes":
        effects = world.apply(world.router.detach(host))
    elif ending == "call answered":
        effects = world.from_upstream({"id": forward.key, "result": {"content": []}})
    else:
        effects = world.apply(world.router.upstream_lost("the upstream exited"))
    assert CancelLocal(run.key) in effects
    assert len(world.router.table) == 0
    answer = next(m for m in world.sent_up if m.get("id") == "e1")
    assert answer["error"]["code"] == -32603
    world.apply(world.router.local_done(run.key, {"action": "accept"}))  # a late answer goes nowhere
    assert sum(1 for m in world.sent_up if m.get("id") == "e1") == 1


# --------------------------------------------------------------------------- the service


async def _poll(service: Questions, token: str = TOKEN, tool: str = "write", timeout: float = 2) -> dict[str, Any]:
    return await service.next({"token": token, "tool": tool, "timeoutSeconds": timeout})


def test_a_poll_waiting_when_its_run_ends_is_answered_at_once_with_no_question():
    async def main() -> None:
        loop, service = asyncio.get_running_loop(), Questions()
        waiting = asyncio.ensure_future(_poll(service, timeout=25))
        other = asyncio.ensure_future(_poll(service, token="b" * 32, timeout=0.3))  # another run's
        await asyncio.sleep(0)
        start = loop.time()
        ended = await service.next({"token": TOKEN, "tool": "write", "ended": True})
        assert ended["structuredContent"] == {"question": None}
        assert (await waiting)["structuredContent"] == {"question": None} and loop.time() - start < 1
        assert (await other)["structuredContent"] == {"question": None} and loop.time() - start >= 0.25  # it waited its own time
        # a poll that overtook the word, arriving after it, is answered at once too
        start = loop.time()
        assert (await _poll(service, timeout=25))["structuredContent"] == {"question": None} and loop.time() - start < 1

    run_async(main())


def test_an_ended_run_picks_no_question_and_ended_must_be_a_boolean(monkeypatch):
    monkeypatch.setattr(questions, "PICKUP_S", 0.2)

    async def main() -> None:
        service = Questions()
        asking = asyncio.ensure_future(service.ask(TOKEN, "write", ASK))
        await asyncio.sleep(0)
        assert (await service.next({"token": TOKEN, "tool": "write", "ended": True}))["structuredContent"] == {"question": None}
        with pytest.raises(ProxyError, match="no page of this call fetched the question"):
            await asking  # nobody picked it: the ended poll did not
        bad = await service.next({"token": TOKEN, "tool": "write", "ended": "yes"})
        assert bad["isError"] is True and "ended must be true or false" in bad["content"][0]["text"]

    run_async(main())


def test_the_ended_runs_remembered_are_bounded(monkeypatch):
    monkeypatch.setattr(questions, "MAX_ENDED", 8)

    async def main() -> None:
        service = Questions()
        for i in range(20):
            await service.next({"token": f"{i:032x}", "tool": "write", "ended": True})
        assert len(service._ended) == 8 and (f"{19:032x}", "write") in service._ended and (f"{0:032x}", "write") not in service._ended

    run_async(main())


def test_the_page_fetches_its_question_and_its_answer_is_the_elicit_result():
    async def main() -> None:
        service = Questions()
        asking = asyncio.ensure_future(service.ask(TOKEN, "write", ASK))
        shown = (await _poll(service))["structuredContent"]["question"]
        assert shown["mode"] == "form" and shown["message"] == "Overwrite notes.txt?"
        assert 'data-id="q:f:/overwrite"' in shown["html"] and "<script" not in shown["html"]
        answer = {"questionId": shown["questionId"], "token": TOKEN, "action": "accept", "content": {"overwrite": True}}
        assert service.respond(answer) == {"content": [{"type": "text", "text": "Sent."}]}
        assert await asking == {"action": "accept", "content": {"overwrite": True}}
        assert service.open == {}

    run_async(main())


@pytest.mark.parametrize("action", ["decline", "cancel"])
def test_decline_and_cancel_reach_the_upstream_as_such(action):
    async def main() -> None:
        service = Questions()
        asking = asyncio.ensure_future(service.ask(TOKEN, "write", ASK))
        shown = (await _poll(service))["structuredContent"]["question"]
        service.respond({"questionId": shown["questionId"], "token": TOKEN, "action": action, "content": {"overwrite": True}})
        assert await asking == {"action": action}

    run_async(main())


def test_another_page_or_another_tool_neither_sees_nor_answers_the_question():
    async def main() -> None:
        service = Questions()
        asking = asyncio.ensure_future(service.ask(TOKEN, "write", ASK))
        assert (await _poll(service, token="b" * 32, timeout=0.2))["structuredContent"] == {"question": None}
        assert (await _poll(service, tool="delete", timeout=0.2))["structuredContent"] == {"question": None}
        shown = (await _poll(service))["structuredContent"]["question"]
        forged = service.respond({"questionId": shown["questionId"], "token": "b" * 32, "action": "accept", "content": {}})
        assert forged["isError"] is True and not asking.done()
        extra = service.respond({"questionId": shown["questionId"], "token": TOKEN, "action": "accept", "content": {"rm": "-rf"}})
        assert extra["isError"] is True and not asking.done()
        service.respond({"questionId": shown["questionId"], "token": TOKEN, "action": "cancel"})
        assert await asking == {"action": "cancel"}

    run_async(main())


def test_a_question_no_page_fetches_is_refused_after_the_pickup_time(monkeypatch):
    monkeypatch.setattr(questions, "PICKUP_S", 0.05)

    async def main() -> None:
        service = Questions()
        with pytest.raises(ProxyError, match="no page of this call fetched the question"):
            await service.ask(TOKEN, "write", ASK)
        assert service.open == {}

    run_async(main())


def test_a_cancelled_question_leaves_nothing_open():
    async def main() -> None:
        service = Questions()
        asking = asyncio.ensure_future(service.ask(TOKEN, "write", ASK))
        await _poll(service)
        asking.cancel()
        await asyncio.gather(asking, return_exceptions=True)
        assert service.open == {}

    run_async(main())


@pytest.mark.parametrize("params", [
    {"message": "m", "requestedSchema": {"type": "object", "properties": {"deep": {"type": "object"}}}},
    {"message": "m", "requestedSchema": {"type": "string"}},
    {"requestedSchema": SCHEMA},
    {"mode": "url", "message": "m", "url": "javascript:alert(1)"},
    {"mode": "telepathy", "message": "m"},
])
def test_a_question_the_spec_does_not_allow_is_refused_with_invalid_params(params):
    with pytest.raises(ProxyError) as raised:
        questions.shown("q1", "write", params)
    assert raised.value.code == -32602


def test_a_url_question_shows_its_url_and_a_multi_select_compiles_as_any_array_of_choices():
    url, _ = questions.shown("q1", "write", {"mode": "url", "message": "Sign in", "url": "https://example.com/auth", "elicitationId": "x"})
    assert url == {"questionId": "q1", "mode": "url", "message": "Sign in", "url": "https://example.com/auth"}
    schema = {"type": "object", "properties": {"tags": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}},
                                               "size": {"type": "integer", "minimum": 1}}}
    form, fields = questions.shown("q1", "write", {"message": "m", "requestedSchema": schema})
    kinds = [n["type"] for n in form["tree"]["children"][0]["children"]]
    assert kinds == ["ArrayField", "NumberField"] and set(fields) == {"tags", "size"}


# --------------------------------------------------------------------------- real peers, no page


def test_a_model_call_to_a_server_that_asks_gets_the_specs_error_at_once_through_the_real_proxy():
    """The official client (legacy, no elicitation) calls a real SDK upstream whose tool elicits:
    no page started the call, so the upstream hears "Elicitation not supported" at once (its
    ``ctx.elicit`` fails, the tool reports it) — not after a timeout."""
    import sys
    import time

    from mcp.client.client import Client
    from mcp.client.stdio import StdioServerParameters
    from mcp.shared.exceptions import MCPError

    from conftest import ROOT

    upstream = [sys.executable, str(ROOT / "fixtures" / "servers" / "asking_upstream.py")]
    params = StdioServerParameters(command=sys.executable, args=["-m", "compiler", "proxy", "--no-cache", "--", *upstream],
                                   cwd=str(ROOT))

    async def main() -> tuple[str, float]:
        async with Client(params, mode="legacy") as client:
            started = time.monotonic()
            try:  # MCPServer turns the failed elicit into the call's JSON-RPC error
                result = await client.call_tool("write_note", {"path": "notes.txt"})
                told = result.content[0].text if result.is_error else "no error"
            except MCPError as error:
                told = error.message
            return told, time.monotonic() - started

    told, took = run_async(main())
    assert told.startswith("Elicitation not supported")
    assert took < questions.PICKUP_S  # answered, not waited out


# --------------------------------------------------------------------------- a 2026-07-28 upstream's rounds, in the page


def _modern_page_call(world: World, host: Any, request_id: Any = 7, meta: dict[str, Any] | None = APP) -> str:
    world.from_host(host, call(request_id, "write", meta=meta, path="notes.txt"))
    return str(world.last_up()["id"])


def _round(world: World, key: str, state: str = "s1", **requests: Any) -> list[Any]:
    return world.from_upstream({"id": key, "result": {"resultType": "input_required", "requestState": state,
                                                      "inputRequests": requests}})


def _modern_world(lasting: bool = True) -> tuple[World, Any]:
    world = World(MODERN_INFO)
    world.local.registry.absorb([{"name": "write", "inputSchema": {"type": "object"}}], replace=True)
    host = world.host(lasting=lasting)
    if lasting:
        world.initialize(host)
    return world, host


@pytest.mark.parametrize("era", ["handshake host", "2026-07-28 host"])
@pytest.mark.parametrize("answer", [{"action": "accept", "content": {"overwrite": True}}, {"action": "decline"}, {"action": "cancel"}])
def test_a_2026_07_28_upstreams_round_is_asked_in_the_page_and_retried_with_the_answer(era, answer):
    world, host = _modern_world(lasting=era == "handshake host")
    meta = APP if era == "handshake host" else {**ENVELOPE, **APP}
    key = _modern_page_call(world, host, meta=meta)
    (run,) = [e for e in _round(world, key, ow={"method": "elicitation/create", "params": ASK}) if isinstance(e, RunLocal)]
    assert run.call == AskInApp(TOKEN, "write", ASK) and world.router.table.get(run.key).kind is Kind.LOCAL
    assert [m for m in world.got(host) if m.get("id") == 7] == []  # the host hears nothing of the round
    world.apply(world.router.local_done(run.key, answer))
    retry = world.last_up()
    assert retry["id"] == key and retry["params"]["requestState"] == "s1"
    assert retry["params"]["inputResponses"] == {"ow": answer} and retry["params"]["_meta"]["compile-ui/ask"] == TOKEN
    world.from_upstream({"id": key, "result": {"resultType": "complete", "content": [{"type": "text", "text": "done"}]}})
    assert world.got(host)[-1]["id"] == 7 and world.got(host)[-1]["result"]["content"][0]["text"] == "done"
    assert len(world.router.table) == 0


def test_a_second_round_is_asked_in_the_page_again_with_the_upstreams_new_state():
    world, host = _modern_world()
    key = _modern_page_call(world, host)
    (first,) = [e for e in _round(world, key, "s1", a={"method": "elicitation/create", "params": ASK}) if isinstance(e, RunLocal)]
    world.apply(world.router.local_done(first.key, {"action": "accept", "content": {"overwrite": True}}))
    url = {"mode": "url", "message": "Sign in", "url": "https://example.com/auth"}
    (second,) = [e for e in _round(world, key, "s2", b={"method": "elicitation/create", "params": url}) if isinstance(e, RunLocal)]
    assert second.call == AskInApp(TOKEN, "write", url)
    world.apply(world.router.local_done(second.key, {"action": "accept"}))
    retry = world.last_up()["params"]
    assert retry["requestState"] == "s2" and retry["inputResponses"] == {"b": {"action": "accept"}}


@pytest.mark.parametrize("ending", ["host cancels", "host goes", "question fails"])
def test_a_round_asked_in_the_page_ends_cleanly_when_the_host_cancels_goes_or_no_page_answers(ending):
    world, host = _modern_world()
    key = _modern_page_call(world, host)
    (run,) = [e for e in _round(world, key, ow={"method": "elicitation/create", "params": ASK}) if isinstance(e, RunLocal)]
    sent = len(world.sent_up)
    if ending == "host cancels":
        effects = world.from_host(host, {"method": "notifications/cancelled", "params": {"requestId": 7}})
        assert CancelLocal(run.key) in effects
    elif ending == "host goes":
        assert CancelLocal(run.key) in world.apply(world.router.detach(host))
    else:
        world.apply(world.router.local_done(run.key, error=ProxyError(-32603, "no page of this call fetched the question")))
        assert "no page of this call fetched the question" in world.got(host)[-1]["result"]["content"][0]["text"]
    assert len(world.router.table) == 0
    assert not [m for m in world.sent_up[sent:] if m.get("id") == key]  # never retried
    world.apply(world.router.local_done(run.key, {"action": "accept"}))  # a late answer goes nowhere
    assert not [m for m in world.sent_up[sent:] if m.get("id") == key]


def test_a_round_no_page_can_ask_is_as_before_refused_for_a_handshake_host_passed_to_a_2026_07_28_one():
    world, host = _modern_world()
    key = _modern_page_call(world, host, meta=None)  # a model's call: no page token
    _round(world, key, ow={"method": "elicitation/create", "params": ASK})
    assert "did not declare" in world.got(host)[-1]["result"]["content"][0]["text"]
    world, modern = _modern_world(lasting=False)
    key = _modern_page_call(world, modern, meta={**ENVELOPE, **APP})
    effects = _round(world, key, ow={"method": "elicitation/create", "params": ASK},
                     s={"method": "sampling/createMessage", "params": {}})  # sampling: the page cannot
    assert not [e for e in effects if isinstance(e, RunLocal)]
    assert world.got(modern)[-1]["result"]["resultType"] == "input_required"


def test_sampling_beside_an_elicitation_for_a_handshake_host_without_it_is_refused_at_once():
    world, host = _modern_world()
    key = _modern_page_call(world, host)
    effects = _round(world, key, ow={"method": "elicitation/create", "params": ASK}, s={"method": "sampling/createMessage", "params": {}})
    assert not [e for e in effects if isinstance(e, RunLocal)]
    assert "sampling" in world.got(host)[-1]["result"]["content"][0]["text"] and len(world.router.table) == 0
