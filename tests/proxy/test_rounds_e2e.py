"""A handshake-era upstream that asks mid-call, through the proxy, with real hosts of both eras.

The upstream is ``fixtures/servers/handshake_asker.py`` on ``mcp`` 1.30 ``FastMCP`` (``tests/harness/sdk1.py``):
it asks with ``elicitation/create`` (form and URL mode), ``sampling/createMessage`` and
``roots/list`` while a call runs. Hosts: the official Python client (``mcp`` 2.x) in
``mode="2026-07-28"``, ``"auto"`` (which negotiates 2026-07-28 with the proxy) and ``"legacy"``,
with elicitation and sampling handlers, over stdio and ``--serve http``; the official TypeScript
client 2.x (``tests/js/ts_asking.mjs``). A 2026-07-28 host is asked in ``input_required`` rounds
(``compiler/proxy/core/rounds.py``); a handshake-era host, with the upstream's own requests.
"""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from typing import Any

import pytest
from mcp.client.client import Client
from mcp.client.stdio import StdioServerParameters
from mcp.shared.exceptions import MCPError
from mcp_types import CreateMessageResult, ElicitResult, TextContent

from conftest import ROOT
from harness import sdk1
from harness.asyncutil import run_async
from proxy.test_proxy_eras import UI_EXTENSION, HttpProxy

MODES = ["2026-07-28", "auto", "legacy"]
ASKER = str(ROOT / "fixtures" / "servers" / "handshake_asker.py")
MODERN_ASKER = str(ROOT / "fixtures" / "servers" / "modern_asker.py")


@pytest.fixture(scope="module")
def upstream() -> list[str]:
    return [sdk1.python(), ASKER]


def through_stdio(upstream: list[str]) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "compiler", "proxy", "--no-cache", "--", *upstream], cwd=str(ROOT))


class Person:
    """What a host's person answers, and what they were asked."""

    def __init__(self, *answers: dict[str, Any]) -> None:
        self.answers = list(answers)
        self.asked: list[Any] = []

    async def elicit(self, context: Any, params: Any) -> ElicitResult:
        self.asked.append(params)
        return ElicitResult(**self.answers.pop(0))

    async def sample(self, context: Any, params: Any) -> CreateMessageResult:
        self.asked.append(params)
        return CreateMessageResult(role="assistant", content=TextContent(type="text", text="a short summary"), model="person")


async def ask_everything(target: Any, mode: str) -> tuple[dict[str, str], Person]:
    person = Person({"action": "accept", "content": {"overwrite": True}}, {"action": "decline"}, {"action": "accept"},
                    {"action": "accept", "content": {"name": "Ada"}}, {"action": "accept", "content": {"name": "Lovelace"}},
                    {"action": "cancel"})
    async with Client(target, mode=mode, extensions=UI_EXTENSION, elicitation_callback=person.elicit,
                      sampling_callback=person.sample) as client:
        seen = {"version": str(client.protocol_version)}
        for key, name, arguments in [("accepted", "write_file", {"path": "notes.txt"}), ("declined", "write_file", {"path": "a.txt"}),
                                     ("url", "sign_in", {}), ("sampled", "summarize", {"text": "a long text"}),
                                     ("two", "two_questions", {}), ("cancelled", "write_file", {"path": "b.txt"}),
                                     ("echo", "echo", {"message": "still serving"})]:
            result = await client.call_tool(name, arguments)
            seen[key] = result.content[0].text if result.content else json.dumps(result.model_dump(mode="json"))
    return seen, person


def check_everything(seen: dict[str, str], person: Person, mode: str) -> None:
    assert seen["accepted"] == 'accept {"overwrite":true}', seen
    assert (seen["declined"], seen["url"], seen["sampled"], seen["two"], seen["cancelled"]) == (
        "decline", "accept", "a short summary", "Ada Lovelace", "cancel"), seen
    assert seen["echo"] == "still serving"
    messages = [getattr(p, "message", None) for p in person.asked]
    assert messages == ["Overwrite notes.txt?", "Overwrite a.txt?", "Sign in to continue", None, "First name?", "Last name?",
                        "Overwrite b.txt?"], messages
    url = person.asked[2]
    assert (url.mode, url.url) == ("url", "https://example.com/sign-in")
    assert person.asked[3].messages[0].content.text == "Summarize: a long text"
    if mode == "auto":  # the SDK's default: 2026-07-28 when the proxy answers its server/discover probe in time; on a
        assert seen["version"] in ("2026-07-28", "2025-11-25"), seen  # loaded machine it may fall back (either way, asked)
    else:
        assert seen["version"] == ("2025-11-25" if mode == "legacy" else "2026-07-28"), seen


@pytest.mark.parametrize("mode", MODES)
def test_every_question_reaches_the_person_over_stdio_in_every_mode(upstream, mode):
    seen, person = run_async(ask_everything(through_stdio(upstream), mode))
    check_everything(seen, person, mode)


@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_a_2026_07_28_upstreams_rounds_reach_the_person_in_either_era(mode):
    """The mirror: ``modern_asker.py`` (``mcp`` 2.x, 2026-07-28 only) asks with input_required
    rounds; a handshake-era host is asked with requests and the proxy retries upstream; a
    2026-07-28 host gets the rounds as they are."""
    seen, person = run_async(ask_everything(through_stdio([sys.executable, MODERN_ASKER]), mode))
    check_everything(seen, person, mode)


@pytest.mark.parametrize("mode", ["2026-07-28", "legacy"])
def test_every_question_reaches_the_person_over_http(upstream, mode):
    proxy = HttpProxy(upstream)
    try:
        seen, person = run_async(ask_everything(proxy.url, mode))
    finally:
        log = proxy.close()
    check_everything(seen, person, mode)
    if mode == "2026-07-28":
        assert "ended with input_required" in log


def test_a_2026_07_28_host_without_the_capability_is_refused_at_once_and_the_call_completes(upstream):
    async def scenario() -> list[str]:
        async with Client(through_stdio(upstream), mode="2026-07-28", extensions=UI_EXTENSION) as client:
            results = [await asyncio.wait_for(client.call_tool(name, arguments), 30) for name, arguments in
                       [("write_file", {"path": "x"}), ("summarize", {"text": "t"}), ("show_roots", {})]]
        return [r.content[0].text for r in results]

    texts = run_async(scenario())
    # an elicitation no page of the call's can ask gets the spec's wording (questions.py); the others the round's
    expected = ["Elicitation not supported", "did not declare the 'sampling' capability", "did not declare the 'roots' capability"]
    for text, words in zip(texts, expected, strict=True):
        assert text.startswith("refused: ") and words in text, texts


def test_a_forged_or_replayed_request_state_gets_a_clear_error(upstream):
    """Driven by hand (``allow_input_required``): a state altered by one character is refused,
    the genuine one resumes the call, and replaying it afterwards is refused as stale."""

    async def scenario() -> tuple[str, str, str]:
        async with Client(through_stdio(upstream), mode="2026-07-28", extensions=UI_EXTENSION,
                          elicitation_callback=Person().elicit) as client:
            session = client.session
            first = await session.call_tool("write_file", {"path": "n.txt"}, allow_input_required=True)
            state = first.request_state
            [key] = first.input_requests
            answer = {key: ElicitResult(action="accept", content={"overwrite": False})}
            errors = []
            for bad in [state[:-1] + ("A" if state[-1] != "A" else "B"), "not-ours"]:
                try:
                    await session.call_tool("write_file", {"path": "n.txt"}, input_responses=answer, request_state=bad,
                                            allow_input_required=True)
                except MCPError as error:
                    errors.append(error.message)
            done = await session.call_tool("write_file", {"path": "n.txt"}, input_responses=answer, request_state=state,
                                           allow_input_required=True)
            try:
                await session.call_tool("write_file", {"path": "n.txt"}, input_responses=answer, request_state=state,
                                        allow_input_required=True)
            except MCPError as error:
                errors.append(error.message)
            return errors[0] + " | " + errors[1], done.content[0].text, errors[2]

    forged, done, replayed = run_async(scenario())
    assert forged.count("not minted by this compile-ui proxy") == 2
    assert done == 'accept {"overwrite":false}'
    assert "no longer waiting" in replayed


def _ts(mode: str, *target: str) -> dict[str, Any]:
    out = subprocess.run(["node", str(ROOT / "tests" / "js" / "ts_asking.mjs"), mode, *target], capture_output=True, text=True,
                         timeout=90, cwd=ROOT / "tests" / "js")
    assert out.returncode == 0, out.stderr[-3000:]
    return dict(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize("mode", ["2026-07-28", "legacy"])
def test_the_typescript_client_answers_every_question(upstream, mode):
    seen = _ts(mode, sys.executable, "-m", "compiler", "proxy", "--no-cache", "--", *upstream)
    assert seen["version"] == ("2026-07-28" if mode != "legacy" else "2025-11-25"), seen
    assert seen["accepted"] == 'accept {"overwrite":true}' and seen["url"] == "accept", seen
    assert seen["sampled"] == "ts summary" and seen["two"] == "Grace Hopper", seen
    assert seen["asked"] == ["Overwrite notes.txt?", "Sign in to continue", "sampling", "First name?", "Last name?"], seen


def test_a_paused_call_lives_in_its_replica_and_a_retry_sent_to_another_is_refused_with_where_it_lives(postgres, upstream):
    """Two replicas over one PostgreSQL, each with its own handshake-era upstream: a round paused
    in replica A names A in its state; the retry sent to B is refused, saying the call lives in
    another replica; the same retry sent to A resumes the call."""
    from harness.cluster import Replica

    dsn = postgres.database("rounds_replicas")
    a, b = Replica(dsn, upstream=upstream, wait=False), Replica(dsn, upstream=upstream, wait=False)
    try:
        a.wait_healthy()
        b.wait_healthy()

        async def scenario() -> tuple[str, str]:
            async with Client(a.url, mode="2026-07-28", extensions=UI_EXTENSION, elicitation_callback=Person().elicit) as on_a, \
                    Client(b.url, mode="2026-07-28", extensions=UI_EXTENSION, elicitation_callback=Person().elicit) as on_b:
                first = await on_a.session.call_tool("write_file", {"path": "r.txt"}, allow_input_required=True)
                [key] = first.input_requests
                answer = {key: ElicitResult(action="accept", content={"overwrite": True})}
                try:
                    await on_b.session.call_tool("write_file", {"path": "r.txt"}, input_responses=answer,
                                                 request_state=first.request_state, allow_input_required=True)
                    elsewhere = "resumed on the wrong replica"
                except MCPError as error:
                    elsewhere = error.message
                done = await on_a.session.call_tool("write_file", {"path": "r.txt"}, input_responses=answer,
                                                    request_state=first.request_state, allow_input_required=True)
                return elsewhere, done.content[0].text

        elsewhere, done = run_async(scenario())
    finally:
        a.close()
        b.close()
    assert "paused in another compile-ui replica" in elsewhere and "Send the retry to the same replica" in elsewhere, elsewhere
    assert done == 'accept {"overwrite":true}'
