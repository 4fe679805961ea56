"""A team's deployment, end to end with the real parts (``tests/harness/cluster.py``): Debian's PostgreSQL
as the store, three ``compile-ui proxy --serve http --store postgresql://…`` replicas in front of
the fixture upstream, and Debian's HAProxy with the configuration ``docs/deploy.md`` shows. The
host is the official ``mcp`` client, pinned to 2026-07-28 (every request stands alone) unless a
test is about handshake-era sessions.

The checks of issue 28: a layout refined through the balancer is seen by every replica; a render
asked through one replica is answered through a second and collected through a third (the
waiting call wakes on NOTIFY); handshake-era sessions stick to their replica; a replica SIGKILLed
mid-traffic loses nothing stored and the others serve on, and it rejoins when restarted; the
store down and back (``/healthz`` 503, forwarded calls still served, then 200 by itself); SIGTERM
drains in-flight calls and exits 0.
"""

from __future__ import annotations

import asyncio
import threading
import time
import uuid

import pytest
from mcp.client.client import Client

from compiler.proxy.store.base import CONFIRM_S
from harness.asyncutil import eventually, run_async, wait_until
from harness.cluster import Burners, Far, HAProxy, Replica, free_port, healthz
from proxy.test_ask import FORM
from proxy.test_proxy_eras import UI_EXTENSION

MODERN = "2026-07-28"
TITLE = "Echo, as the team wants it"


@pytest.fixture(scope="module")
def cluster(postgres):
    yield from deployed(postgres, postgres.database(f"scale_{uuid.uuid4().hex[:8]}"))


@pytest.fixture(scope="module")
def far_cluster(postgres):
    """The same deployment with the store in another zone: each replica reaches PostgreSQL
    through a relay adding ``FAR_S`` each way."""
    far = Far(postgres.port, FAR_S)
    try:
        yield from deployed(postgres, far.dsn(postgres.database(f"far_{uuid.uuid4().hex[:8]}")))
    finally:
        far.close()


FAR_S = 0.025


def deployed(postgres, dsn: str):
    lb_port = free_port()
    replicas = [Replica(dsn, allow_host=f"127.0.0.1:{lb_port}", wait=False) for _ in range(3)]
    balancer = None
    try:
        for replica in replicas:
            replica.wait_healthy()
        balancer = HAProxy([r.port for r in replicas], port=lb_port)
        yield Cluster(postgres, replicas, balancer)
    finally:
        if balancer is not None:
            balancer.close()
        for replica in replicas:
            replica.close()


class Cluster:
    def __init__(self, postgres, replicas: list[Replica], balancer: HAProxy) -> None:
        self.postgres, self.replicas, self.balancer = postgres, replicas, balancer


def client(url: str, mode: str = MODERN) -> Client:
    return Client(url, mode=mode, extensions=UI_EXTENSION)


async def call(url: str, name: str, arguments: dict, mode: str = MODERN):
    async with client(url, mode) as c:
        return await c.call_tool(name, arguments)


async def answering_locally(url: str, calls: int) -> None:
    """Until the replica at ``url`` runs ``calls`` of its own tools besides the ``_ui_status``
    that asks (``inFlight.local``): a call sent before has reached it."""
    await eventually(lambda: call(url, "_ui_status", {}),
                     lambda r: r.structured_content["inFlight"]["local"] >= calls + 1, 10)


async def page(url: str, tool: str) -> str:
    async with client(url) as c:
        return (await c.read_resource(f"ui://compile-ui/{tool}")).contents[0].text


def test_healthz_answers_any_host_and_the_balancer_checks_it_plainly(cluster):
    """HAProxy runs the documented check, which is the plainest there is (``option httpchk GET
    /healthz``: HTTP/1.0, no Host, no header), and marks every replica up; ``/healthz`` answers a
    foreign Host (a Kubernetes probe's pod address) too, while ``/mcp`` still refuses it."""
    import urllib.error
    import urllib.request

    replica = cluster.replicas[0]

    def get(headers: dict[str, str], path: str = "/healthz") -> int:
        request = urllib.request.Request(f"http://127.0.0.1:{replica.port}{path}", headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status
        except urllib.error.HTTPError as error:
            return error.code

    checks = [line.strip() for line in cluster.balancer.config.read_text().splitlines() if "httpchk" in line or "http-check" in line]
    assert checks == ["option httpchk GET /healthz", "http-check expect status 200"]
    assert get({}) == 200
    assert get({"Host": "10.244.1.17:8766"}) == 200  # a bare Kubernetes httpGet probe
    assert get({"Host": "evil.example:80"}, "/mcp") == 421  # the rest keeps the Host check
    assert get({"Origin": "http://evil.example"}) == 403
    assert healthz(cluster.balancer.host) == (200, "ok\n")
    # HAProxy's own verdict: every checked replica up, its last check a valid HTTP answer (L7OK)
    expected = {f"replica{n}": ("UP", "L7OK") for n in range(1, len(cluster.replicas) + 1)}
    assert wait_until(lambda: cluster.balancer.checks() == expected, 10), cluster.balancer.checks()
    status = run_async(call(replica.url, "_ui_status", {})).structured_content
    assert status["store"] == replica.store  # no password in this DSN: shown as is


def test_a_layout_refined_through_the_balancer_is_seen_by_every_replica(cluster):
    async def scenario():
        for replica in cluster.replicas:  # every replica has made (and cached) the page before
            assert TITLE not in await page(replica.url, "echo")
        refined = await call(cluster.balancer.url, "_ui_refine", {"toolName": "echo", "layout": {"title": TITLE}})
        assert not refined.is_error, refined.content
        return [await eventually(lambda r=replica: page(r.url, "echo"), lambda html: TITLE in html, 10)
                for replica in cluster.replicas]

    assert all(TITLE in html for html in run_async(scenario()))


@pytest.mark.parametrize("where", ["near", "far"])
def test_a_refinement_read_back_at_once_from_every_replica_is_never_older_than_it(where, request):
    """Issue 52: what a host does on ``notifications/resources/updated`` — read the page at once,
    and through a balancer that read reaches any replica — after each of twenty refinements made
    through the balancer, on a machine kept busy by CPU burners: all 60 reads show the
    refinement. The replicas learn of a change by ``NOTIFY`` and then re-read the store; a read
    that comes first was served from the replica's memory, the page from before the refinement.
    Here, with the store on the same machine, that window is a few milliseconds and the burners
    seldom hit it; with the store in another zone (``far``, 25 ms each way) it is 125 ms, and
    every read on the other replicas hit it (0 to 20 of 60 showed the refinement, before the read
    confirmed the tool's layout with the store)."""
    cluster = request.getfixturevalue("cluster" if where == "near" else "far_cluster")
    uri = "ui://compile-ui/log"
    titles = [f"Read back {n} {uuid.uuid4().hex[:6]}" for n in range(20)]

    async def scenario():
        async with client(cluster.balancer.url) as via, client(cluster.replicas[0].url) as a, \
                client(cluster.replicas[1].url) as b, client(cluster.replicas[2].url) as c:
            for reader in (a, b, c):  # each replica has made and cached the page before
                await reader.read_resource(uri)
            seen = []
            for title in titles:
                refined = await via.call_tool("_ui_refine", {"toolName": "log", "layout": {"title": title}})
                assert not refined.is_error, refined.content
                pages = await asyncio.gather(*(reader.read_resource(uri) for reader in (a, b, c)))
                seen += [(title, n, title in page.contents[0].text) for n, page in enumerate(pages)]
            return seen

    with Burners(2) as burners:
        assert wait_until(burners.running, 10)
        seen = run_async(scenario())
    stale = [(title, f"replica{n + 1}") for title, n, shown in seen if not shown]
    assert len(seen) == 60 and not stale, f"{60 - len(stale)}/60 reads showed the refinement; stale: {stale}"


def test_a_render_asked_through_one_replica_is_answered_through_another_and_collected_through_a_third(cluster):
    a, b, c = (r.url for r in cluster.replicas)
    arguments = {"tree": FORM, "title": f"Across replicas {uuid.uuid4().hex[:6]}", "wait": False}

    async def scenario():
        asked = await call(a, "_ui_render", arguments)
        render_id = asked.structured_content["renderId"]
        waiting = asyncio.ensure_future(call(c, "_ui_wait", {"renderId": render_id, "timeoutSeconds": 60}))
        await answering_locally(c, 1)  # the wait reached replica C (it would see the answer anyway: read first)
        shown = await call(b, "_ui_view", {"arguments": arguments})
        assert shown.structured_content["renderId"] == render_id
        answered_at = time.monotonic()
        sent = await call(b, "_ui_respond", {"renderId": render_id, "action": "submit", "values": {"name": "Ada"}})
        assert not sent.is_error, sent.content
        collected = await waiting
        woke_after = time.monotonic() - answered_at
        again = await call(a, "_ui_wait", {"renderId": render_id, "timeoutSeconds": 1})
        return collected, woke_after, again

    collected, woke_after, again = run_async(scenario())
    assert collected.structured_content == {"renderId": collected.structured_content["renderId"], "action": "submit",
                                            "values": {"name": "Ada"}}
    assert woke_after < 10, f"the waiting _ui_wait woke {woke_after:.1f} s after the answer (NOTIFY, not its 60 s timeout)"
    assert again.is_error  # collected once, whichever replica is asked


def test_a_waiting_render_through_the_balancer_gets_the_answer_given_through_it(cluster):
    url = cluster.balancer.url
    arguments = {"tree": FORM, "title": f"Through the balancer {uuid.uuid4().hex[:6]}", "timeoutSeconds": 60}

    async def scenario():
        waiting = asyncio.ensure_future(call(url, "_ui_render", arguments))
        shown = await eventually(lambda: call(url, "_ui_view", {"arguments": arguments}), lambda r: not r.is_error, 20)
        render_id = shown.structured_content["renderId"]
        await call(url, "_ui_respond", {"renderId": render_id, "action": "book", "values": {"name": "Bo", "guests": 2}})
        return await asyncio.wait_for(waiting, 20)

    result = run_async(scenario())
    assert result.structured_content["action"] == "book" and result.structured_content["values"]["guests"] == 2


def test_handshake_era_sessions_stick_to_the_replica_that_opened_them(cluster):
    async def scenario():
        async with client(cluster.balancer.url, "legacy") as c:
            tools = {t.name for t in (await c.list_tools()).tools}
            echoes = [(await c.call_tool("echo", {"message": f"m{i}"})).content[0].text for i in range(8)]
            html = (await c.read_resource("ui://compile-ui/echo")).contents[0].text
            return tools, echoes, html

    tools, echoes, html = run_async(scenario())
    assert "echo" in tools and echoes == [f"m{i}" for i in range(8)] and TITLE in html


def test_a_replica_killed_mid_traffic_loses_nothing_stored_and_rejoins(cluster):
    url = cluster.balancer.url
    victim = cluster.replicas[1]
    arguments = {"tree": FORM, "title": f"Kept {uuid.uuid4().hex[:6]}", "wait": False}

    async def traffic(stop: asyncio.Event, results: list) -> None:
        while not stop.is_set():
            try:
                result = await call(url, "echo", {"message": "alive"})
                results.append((time.monotonic(), not result.is_error))
            except Exception:  # noqa: BLE001 - counted: a call in flight on the victim may fail
                results.append((time.monotonic(), False))

    async def scenario():
        asked = await call(victim.url, "_ui_render", arguments)  # stored through the victim
        render_id = asked.structured_content["renderId"]
        await call(victim.url, "_ui_respond", {"renderId": render_id, "action": "keep", "values": {}})
        stop, results = asyncio.Event(), []
        workers = [asyncio.ensure_future(traffic(stop, results)) for _ in range(4)]
        await eventually(lambda: len(results), lambda n: n >= 20, 20)
        killed_at = time.monotonic()
        await asyncio.to_thread(victim.kill)
        await eventually(lambda: sum(1 for at, _ in results if at > killed_at), lambda n: n >= 60, 30)
        stop.set()
        await asyncio.gather(*workers)
        collected = await call(url, "_ui_wait", {"renderId": render_id, "timeoutSeconds": 5})
        html = await page(cluster.replicas[2].url, "echo")
        return results, killed_at, collected, html

    results, killed_at, collected, html = run_async(scenario())
    after = [ok for at, ok in results if at > killed_at]
    # in-flight calls on the victim may fail; from the balancer's first checks on, none does
    assert all(after[-40:]), f"calls failed after the balancer dropped the victim: {after.count(False)} of {len(after)}"
    assert collected.structured_content["action"] == "keep" and TITLE in html  # nothing stored was lost

    victim.start()  # restarted: it reads the store, and the balancer's checks take it back
    assert TITLE in run_async(page(victim.url, "echo"))
    assert wait_until(lambda: all(run_async(call(url, "echo", {"message": "x"})).content[0].text == "x" for _ in range(6)), 20)


def test_the_store_down_and_back(cluster, postgres):
    url = cluster.balancer.url
    cluster.postgres.stop()
    try:
        for replica in cluster.replicas:
            assert wait_until(lambda r=replica: r.health()[0] == 503, 10), replica.health()
            assert "store" in replica.health()[1]

        async def during():
            echoed = [(await call(url, "echo", {"message": f"m{i}"})).content[0].text for i in range(6)]
            fresh = await page(cluster.replicas[0].url, "add")  # never read before: compiled now
            refused = await call(cluster.replicas[0].url, "_ui_render", {"tree": FORM, "wait": False})
            unkept = await call(cluster.replicas[0].url, "_ui_refine", {"toolName": "add", "layout": {"title": "Unkept"}})
            return echoed, fresh, refused, unkept

        echoed, fresh, refused, unkept = run_async(during())
        assert not unkept.is_error and "not kept" in unkept.content[0].text  # applied here, and says so
        assert echoed == [f"m{i}" for i in range(6)]  # forwarded calls need no store (the balancer fails open)
        assert fresh.lower().startswith("<!doctype html>")
        assert refused.is_error and "store" in refused.content[0].text
        assert all(r.process.poll() is None for r in cluster.replicas)
    finally:
        cluster.postgres.start()
    for replica in cluster.replicas:  # by themselves, within seconds
        assert wait_until(lambda r=replica: r.health()[0] == 200, 15), replica.health()
    assert healthz(cluster.balancer.host)[0] == 200
    # reconnected, replica 0 re-read the store: the layout it could not keep is gone again
    assert "Unkept" not in run_async(eventually(lambda: page(cluster.replicas[0].url, "add"), lambda html: "Unkept" not in html, 10))
    assert "renderId" in run_async(call(url, "_ui_render", {"tree": FORM, "wait": False})).structured_content


def test_a_frozen_store_stalls_no_forwarded_call_and_the_replica_recovers_by_itself(cluster):
    """PostgreSQL SIGSTOPped while a ``_ui_refine`` write waits on it: the replica's forwarded
    calls, cached page reads and ``/healthz`` answer at once (the store's statements run on the
    event loop's async side, each with a deadline); after SIGCONT the write has completed or
    failed cleanly, and the store works again without anyone's help."""
    replica = cluster.replicas[0]
    title = f"Frozen {uuid.uuid4().hex[:6]}"
    logged_before = len(replica.log())
    answered: list[float] = []  # how long the refinement took to answer

    async def scenario():
        async with client(replica.url) as c:
            await c.call_tool("echo", {"message": "warm"})
            cached = (await c.read_resource("ui://compile-ui/add")).contents[0].text  # made and cached now
            await asyncio.to_thread(cluster.postgres.freeze)
            try:
                async def refine():
                    asked = time.monotonic()
                    result = await call(replica.url, "_ui_refine", {"toolName": "echo", "layout": {"title": title}})
                    answered.append(time.monotonic() - asked)  # before the task is done
                    return result

                refining = asyncio.ensure_future(refine())
                await answering_locally(replica.url, 1)
                # the refinement waits on the frozen store, or has answered that it was not kept:
                # a statement past its deadline (its own, or another's a loaded machine let run
                # first) marks the store down, and the next ones fail at once for a while
                assert not refining.done() or "not kept" in refining.result().content[0].text, (
                    f"the refinement answered as if the frozen store had kept it: {answered} s, {refining.result()}")
                timings = []
                for i in range(5):
                    started = time.monotonic()
                    echoed = await c.call_tool("echo", {"message": f"m{i}"})
                    timings.append(time.monotonic() - started)
                    assert echoed.content[0].text == f"m{i}"
                started = time.monotonic()
                again = (await c.read_resource("ui://compile-ui/add")).contents[0].text
                page_took = time.monotonic() - started
                started = time.monotonic()
                health = await asyncio.to_thread(replica.health)
                health_took = time.monotonic() - started
            finally:
                await asyncio.to_thread(cluster.postgres.thaw)
            refined = await asyncio.wait_for(refining, 30)
        return cached, timings, again, page_took, health, health_took, refined

    cached, timings, again, page_took, health, health_took, refined = run_async(scenario())
    assert max(timings) < 0.5, f"forwarded calls took {timings} while the store was frozen"
    assert again == cached and page_took < CONFIRM_S + 0.5, page_took  # the read's check waits CONFIRM_S at most
    assert health_took < 2 and health[0] in (200, 503), (health, health_took)
    # completed (kept) or failed cleanly (applied here, and said so); either way an answer
    assert not refined.is_error and ("kept across restarts" in refined.content[0].text
                                     or "not kept" in refined.content[0].text), refined.content
    for each in cluster.replicas:  # by themselves, within seconds
        assert wait_until(lambda r=each: r.health()[0] == 200, 15), each.health()
    kept = run_async(eventually(lambda: call(replica.url, "_ui_refine", {"toolName": "echo", "layout": {"title": TITLE}}),
                                lambda r: "kept across restarts" in r.content[0].text, 15))
    assert not kept.is_error
    assert "Frozen" not in run_async(eventually(lambda: page(cluster.replicas[1].url, "echo"), lambda html: TITLE in html, 10))
    logged = replica.log()[logged_before:]
    assert "does not answer (no answer within" in logged and "Traceback" not in logged, logged[-3000:]


def test_a_read_while_the_store_is_frozen_is_answered_within_its_deadline_with_the_replicas_page(cluster):
    """PostgreSQL SIGSTOPped (postmaster and backends) while a host reads a page: the read's
    check of the tool's layout gets no answer, and within ``CONFIRM_S`` the replica answers with
    the page it has, and logs that it may be stale."""
    replica = cluster.replicas[2]
    logged_before = len(replica.log())

    async def scenario():
        async with client(replica.url) as c:
            before = (await c.read_resource("ui://compile-ui/slow")).contents[0].text
            await asyncio.to_thread(cluster.postgres.freeze)
            try:
                started = time.monotonic()
                during = (await c.read_resource("ui://compile-ui/slow")).contents[0].text
                took = time.monotonic() - started
            finally:
                await asyncio.to_thread(cluster.postgres.thaw)
        return before, during, took

    before, during, took = run_async(scenario())
    assert during == before and took < CONFIRM_S + 0.5, took
    logged = replica.log()[logged_before:]
    assert "did not confirm the layout of slow" in logged and "may be stale" in logged, logged[-2000:]
    assert wait_until(lambda: replica.health()[0] == 200, 15), replica.health()


def events(replica: Replica, after: int, timeout: float, sent: threading.Event | None = None) -> dict:
    """``GET /api/events`` on one replica; ``sent`` is set once the request is written."""
    import http.client
    import json

    connection = http.client.HTTPConnection("127.0.0.1", replica.port, timeout=timeout + 30)
    try:
        connection.request("GET", f"/api/events?after={after}&timeout={timeout:g}")
        if sent is not None:
            sent.set()
        response = connection.getresponse()
        assert response.status == 200, response.status
        return json.loads(response.read())
    finally:
        connection.close()


def test_events_are_the_same_on_every_replica_and_a_waiting_poll_wakes_on_another_replicas_answer(cluster):
    a, b = cluster.replicas[0], cluster.replicas[1]
    arguments = {"tree": FORM, "title": f"Evented {uuid.uuid4().hex[:6]}", "wait": False}

    async def scenario():
        latest = (await asyncio.to_thread(events, b, 0, 0))["latest"]
        sent = threading.Event()
        polling = asyncio.ensure_future(asyncio.to_thread(events, b, latest, 30, sent))  # waits on replica B
        assert await asyncio.to_thread(sent.wait, 10)  # the poll is with replica B
        asked = await call(a.url, "_ui_render", arguments)
        render_id = asked.structured_content["renderId"]
        answered_at = time.monotonic()
        sent = await call(a.url, "_ui_respond", {"renderId": render_id, "action": "submit", "values": {"name": "Ada"}})
        assert not sent.is_error, sent.content
        polled = await polling
        woke_after = time.monotonic() - answered_at
        return render_id, latest, polled, woke_after, await asyncio.to_thread(events, a, latest, 0)

    render_id, latest, polled, woke_after, on_a = run_async(scenario())
    assert [(e["kind"], e["renderId"], e["values"]) for e in polled["events"]] == [("answer", render_id, {"name": "Ada"})]
    assert polled["events"][0]["seq"] == latest + 1 == polled["next"] == polled["latest"]
    assert woke_after < 5, f"the poll on replica B woke {woke_after:.1f} s after the answer on A (NOTIFY, not its 30 s)"
    assert on_a["events"] == polled["events"]  # the same events, numbered alike, on either replica


def test_sigterm_drains_in_flight_calls_and_exits_0(postgres):
    """One 2026-07-28 POST in flight (raw HTTP: one exchange, nothing after it) when SIGTERM comes:
    its answer still arrives, new connections are refused, and the process exits 0 quietly."""
    import httpx2

    replica = Replica(postgres.database(f"drain_{uuid.uuid4().hex[:8]}"), options=("--grace-seconds", "10"))
    meta = {"io.modelcontextprotocol/protocolVersion": MODERN, "io.modelcontextprotocol/clientCapabilities": {}}
    body = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": {"name": "slow", "arguments": {"steps": 100}, "_meta": meta}}
    headers = {"accept": "application/json", "content-type": "application/json", "mcp-protocol-version": MODERN,
               "mcp-method": "tools/call", "mcp-name": "slow"}
    try:
        async def scenario():
            async with httpx2.AsyncClient(timeout=30) as http:
                slow = asyncio.ensure_future(http.post(replica.url, json=body, headers=headers))  # about 2 s
                await eventually(lambda: call(replica.url, "_ui_status", {}),
                                 lambda r: r.structured_content["inFlight"].get("forward", 0) >= 1, 10)
                replica.process.send_signal(15)
                answer = await slow
            return answer, await asyncio.to_thread(replica.process.wait, 30)

        answer, code = run_async(scenario())
        assert answer.status_code == 200 and answer.json()["result"]["content"][0]["text"] == "done after 100 steps"
        assert code == 0
        assert "Traceback" not in replica.log() and "draining" in replica.log()
    finally:
        replica.close()
