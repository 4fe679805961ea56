"""End to end: a server asks its user mid-call, and the host has no form for it — the question is
asked in the tool's own page, answered there, and the call completes with the answer.

Real peers only: the upstream is built on the official ``mcp`` SDK (``fixtures/servers/
asking_upstream.py``: ``ctx.elicit`` in form mode, ``ctx.elicit_url`` in URL mode), opened by the
proxy in the handshake era (its host speaks it); the host is the official ``mcp`` ``Client``
(``mode="legacy"``, declaring MCP Apps and no ``elicitation``) behind the official ``AppBridge``
in Chromium, which runs the proxy's page. The page's Run and its long poll (``_ui_question``)
overlap, so the host page polls each call (``start_call_tool``) instead of blocking on it.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path
from typing import Any

import pytest

from conftest import ROOT
from proxy.test_proxy_browser import BackgroundSession

UPSTREAM = [sys.executable, str(ROOT / "fixtures" / "servers" / "asking_upstream.py")]
SHOTS = Path(tempfile.gettempdir()) / "compile-ui-questions"
"""Screenshots of the question in the page, light and dark, to look at (not compared)."""


@pytest.fixture
def session():
    running = BackgroundSession(UPSTREAM, "legacy")
    yield running
    running.close()


def _host(apphost, session: BackgroundSession, tool: str, **kw: Any) -> tuple[Any, list[str]]:
    """The tool's page in a host, and the texts of its calls' results as the host receives them."""
    page = session.call(lambda s: s.read_resource(f"ui://compile-ui/{tool}")).contents[0].text
    answers: list[str] = []

    def start(name: str, arguments: dict[str, Any], meta: Any):
        async def run(client):
            result = await client.call_tool(name, arguments, meta=meta)
            dumped = result.model_dump(by_alias=True, exclude_none=True, mode="json")
            if name == tool:  # not the page's long polls for questions
                answers.extend(block.get("text", "") for block in dumped.get("content", []))
            return dumped
        return session.start(run)

    host = apphost.load(page, start_call_tool=start, **kw)
    host.wait_initialized()
    return host, answers


def _run(host, path: str = "notes.txt") -> None:
    host.frame.locator('[data-id="f:/path"] input').fill(path)
    host.frame.click("form.form:not(#q\\:form) [data-action=submit]")
    host.frame.wait_for_selector("section.question", timeout=20_000)


@pytest.mark.browser
def test_a_form_question_is_asked_in_the_page_and_the_call_completes_with_the_answer(apphost, session):
    host, answers = _host(apphost, session, "write_note", host_context={"theme": "light"})
    _run(host)
    question = host.frame.locator("section.question")
    assert "notes.txt exists. Overwrite it?" in question.inner_text()
    assert question.locator("button").all_inner_texts()[-3:] == ["Accept", "Decline", "Cancel"]
    SHOTS.mkdir(exist_ok=True)
    host.screenshot(SHOTS / "question-light.png")
    question.locator('[data-id="q:f:/overwrite"] input').check()
    question.locator("[data-action=submit]").click()  # the same checks as the tool's own form: refused
    assert question.locator('[data-id="q:f:/reason"] .err').inner_text() == "Required."
    question.locator('[data-id="q:f:/reason"] input').fill("stale draft")
    question.locator('[data-id="q:f:/copies"] input').fill("2")
    question.locator("[data-action=submit]").click()
    result = _answered(host, answers, '"action": "accept"', "stale draft")
    assert '"overwrite": true' in result and '"reason": "stale draft"' in result and '"copies": 2' in result
    assert host.frame.locator("section.question").count() == 0
    assert not host.csp_violations and not host.page_errors


@pytest.mark.browser
@pytest.mark.parametrize("action", ["decline", "cancel"])
def test_decline_and_cancel_reach_the_upstream_as_such(apphost, session, action):
    host, answers = _host(apphost, session, "write_note", host_context={"theme": "dark"})
    _run(host)
    if action == "decline":
        SHOTS.mkdir(exist_ok=True)
        host.screenshot(SHOTS / "question-dark.png")
    host.frame.locator(f"section.question [data-action={action}]").click()
    result = _answered(host, answers, f'"action": "{action}"', action)
    assert '"data": null' in result


@pytest.mark.browser
def test_a_url_question_opens_its_link_through_the_host_and_done_accepts(apphost, session):
    host, answers = _host(apphost, session, "sign_in")
    host.frame.locator('[data-id="f:/service"] input').fill("github")
    host.frame.click("[data-action=submit]")
    question = host.frame.wait_for_selector("section.question", timeout=20_000)
    assert "https://example.com/auth/github" in question.inner_text()
    SHOTS.mkdir(exist_ok=True)
    host.screenshot(SHOTS / "question-url.png")
    host.frame.get_by_role("button", name="Open the link").click()
    host.wait_until(lambda: host.links == ["https://example.com/auth/github"])
    host.frame.get_by_role("button", name="Done").click()
    _answered(host, answers, '"action": "accept"', "accept")


def _answered(host, answers: list[str], needle: str, shown: str) -> str:
    """The call's text as the host received it, once one holds ``needle`` and the page's result
    shows ``shown`` (a JSON text is drawn as its data, issue 50: its values, not its quotes)."""
    host.wait_until(lambda: any(needle in answer for answer in answers), timeout=20)
    host.wait_until(lambda: shown in (host.frame.locator(".result").inner_text() or ""), timeout=10)
    return next(answer for answer in answers if needle in answer)


MODERN_ASKER = [sys.executable, str(ROOT / "fixtures" / "servers" / "modern_asker.py")]


@pytest.mark.browser
@pytest.mark.parametrize("mode", ["legacy", "2026-07-28"])
def test_a_2026_07_28_upstreams_input_round_is_asked_in_the_page_and_accept_completes_the_call(apphost, mode):
    """The upstream asks with ``resultType: "input_required"`` (no server-to-client requests); the
    host, of either era, declares no elicitation: the round's question appears in the page, and
    Accept sends the retry upstream with the ``ElicitResult`` and the upstream's ``requestState``."""
    running = BackgroundSession(MODERN_ASKER, mode)
    try:
        host, answers = _host(apphost, running, "write_file")
        _run(host)
        question = host.frame.locator("section.question")
        assert "Overwrite notes.txt?" in question.inner_text()
        question.locator('[data-id="q:f:/overwrite"] input').check()
        question.locator("[data-action=submit]").click()
        _answered(host, answers, 'accept {"overwrite":true}', 'accept {"overwrite":true}')
        assert host.frame.locator("section.question").count() == 0
        assert not host.csp_violations and not host.page_errors
    finally:
        running.close()


@pytest.mark.browser
def test_a_2026_07_28_upstreams_second_round_is_asked_in_the_page_again(apphost):
    running = BackgroundSession(MODERN_ASKER, "2026-07-28")
    try:
        host, answers = _host(apphost, running, "two_questions")
        host.frame.click("[data-action=submit]")
        question = host.frame.locator("section.question")
        for asked, name in (("First name?", "Ada"), ("Last name?", "Lovelace")):
            host.wait_until(lambda asked=asked: asked in (question.inner_text() if question.count() else ""), timeout=20)
            question.locator('[data-id="q:f:/name"] input').fill(name)
            question.locator("[data-action=submit]").click()
        _answered(host, answers, "Ada Lovelace", "Ada Lovelace")
    finally:
        running.close()
