"""The store (``compiler/proxy/store/base.py``): one suite, run on both engines — the embedded SQLite
file and a real PostgreSQL (``conftest.postgres``) — and what only PostgreSQL does: announcements
between processes (LISTEN/NOTIFY), schema creation by replicas starting together, an outage and
the reconnection after it, and a DSN whose password never reaches a log."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import subprocess
import sys
import threading
import time
import uuid

import pytest

from compiler import ask
from compiler.proxy.services import renders
from compiler.proxy.store.base import SCHEMA_VERSION, RenderRow, StoreError, redact
from compiler.proxy.store.engines import open_store
from compiler.proxy.store.sqlite import APPLICATION_ID, FILE_VERSION, SqliteStore
from conftest import ROOT
from harness.asyncutil import eventually, run_async
from proxy.test_ask import FORM as TREE


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'layouts.sqlite3'}"
    return request.getfixturevalue("postgres").database(f"t_{uuid.uuid4().hex[:12]}")


def on(url: str, body):
    """``body(store)`` on the store at ``url``, opened and closed in one event loop (a pool of
    the PostgreSQL engine belongs to the loop that opened it)."""

    async def scenario():
        store = open_store(url)
        try:
            return await body(store)
        finally:
            await store.close()

    return run_async(scenario())


class Ticker:
    """A timer every ``every_s`` on the running event loop, noting the gap since the last one:
    how freely the loop ran meanwhile (the instrument, not a wait)."""

    def __init__(self, every_s: float = 0.01) -> None:
        self.every_s, self.gaps = every_s, []
        self.loop = asyncio.get_running_loop()
        self.last = time.monotonic()
        self.handle = self.loop.call_later(every_s, self._tick)

    def _tick(self) -> None:
        now = time.monotonic()
        self.gaps.append(now - self.last)
        self.last = now
        self.handle = self.loop.call_later(self.every_s, self._tick)

    def stop(self) -> None:
        self.handle.cancel()


# --------------------------------------------------------------------------- both engines


def test_layouts_refinements_and_generations_are_kept_and_read_back(url):
    async def keep(store):
        await store.save_generation("k1", "echo", {"layout": "llm", "spec": {"title": "T"}})
        await store.save_refinements("echo", ["units first"])
        await store.save_layout("echo", {"title": "Echo, refined"})
        await store.save_layout("add", {"title": "gone soon"})
        await store.save_layout("add", None)
        assert await store.generation("k1") == {"layout": "llm", "spec": {"title": "T"}}
        assert await store.generation("nope") is None
        assert await store.refinements() == {"echo": ["units first"]}
        assert await store.layouts() == {"echo": {"title": "Echo, refined"}}
        assert await store.snapshot() == ({"echo": ["units first"]}, {"echo": {"title": "Echo, refined"}})

    async def read_back(again):  # a restart (a second replica): the same, from the same place
        assert await again.layouts() == {"echo": {"title": "Echo, refined"}} and await again.generation("k1") is not None

    on(url, keep)
    on(url, read_back)


def test_a_render_is_answered_once_and_collected_once(url):
    async def scenario(store):
        await store.add_render(RenderRow("r1", '{"a":1}', 7, time.time()), keep=10, expired_before=0)
        await store.add_render(RenderRow("r2", '{"a":1}', "x", time.time()), keep=10, expired_before=0)
        assert [r.id for r in await store.open_renders('{"a":1}')] == ["r1", "r2"]
        await store.mark_shown("r1")
        assert (await store.render("r1")).shown == 1 and (await store.render("r1")).host_request_id == 7
        assert (await store.collect("r1")).answer is None and await store.render("r1") is not None  # not answered: kept
        assert await store.answer("r1", {"action": "submit", "values": {"n": 1}}) is True
        assert await store.answer("r1", {"action": "other"}) is False  # the first answer stands
        assert await store.close_render("r1", "timed out") is False  # answered: cannot close
        assert [r.id for r in await store.open_renders('{"a":1}')] == ["r2"]
        assert (await store.collect("r1")).answer == {"action": "submit", "values": {"n": 1}}
        assert await store.render("r1") is None and await store.collect("r1") is None  # collected once
        assert await store.close_render("r2", "cancelled") is True and (await store.render("r2")).closed == "cancelled"
        assert await store.answer("r2", {"action": "late"}) is False

    on(url, scenario)


def test_renders_are_bounded_by_age_and_count_answered_ones_first(url):
    async def scenario(store):
        now = time.time()
        await store.add_render(RenderRow("old", "{}", None, now - 1000), keep=3, expired_before=0)
        await store.add_render(RenderRow("a", "{}", None, now - 10), keep=3, expired_before=0)
        await store.answer("a", {"action": "x"})
        await store.add_render(RenderRow("b", "{}", None, now - 5), keep=3, expired_before=now - 600)
        assert await store.render("old") is None  # expired, dropped when the next was added
        await store.add_render(RenderRow("c", "{}", None, now - 4), keep=3, expired_before=now - 600)
        await store.add_render(RenderRow("d", "{}", None, now - 3), keep=3, expired_before=now - 600)
        assert await store.render("a") is None and {await store.render(i) is not None for i in "bcd"} == {True}

    on(url, scenario)


def test_events_are_numbered_in_order_and_the_newest_kept(url):
    async def scenario(store):
        assert await store.events(0, 10) == ([], 0)
        numbers = [await store.add_event({"kind": "run", "n": n}, keep=3) for n in range(5)]
        assert numbers == [1, 2, 3, 4, 5]
        found, latest = await store.events(0, 10)
        assert [(e["seq"], e["n"]) for e in found] == [(3, 2), (4, 3), (5, 4)] and latest == 5
        assert await store.events(4, 10) == ([{"seq": 5, "kind": "run", "n": 4}], 5)
        assert [e["seq"] for e in (await store.events(0, 2))[0]] == [3, 4]

    on(url, scenario)


def test_a_waiting_call_wakes_when_the_answer_lands(url):
    question, _ = ask.check({"tree": TREE})
    assert question is not None

    async def scenario(store):
        asking = renders.Renders(store, renders.Events(store))
        render = await asking.open(question, {"tree": TREE}, 1)
        waiting = asyncio.ensure_future(asking.wait(render, 30, close_on_timeout=False))
        shown = await asking.shown_for({"tree": TREE}, None)  # the store's statements let the wait start first
        assert shown is not None and shown.id == render.id
        started = time.monotonic()
        assert await asking.respond(render.id, "submit", {"name": "Ada"}) is None
        answer = await waiting
        events, _ = await asking.events.since(0)
        return answer, time.monotonic() - started, await asking.respond(render.id, "again", {}), events

    answer, took, again, events = on(url, scenario)
    # woken by the answer, not by the wait's own 30 s timeout (there is no poll between): 3 s once
    # on a machine kept busy by CPU burners, so the bound is half the timeout, not a timing
    assert answer["values"] == {"name": "Ada"} and took < 15
    assert again is not None  # collected: no longer open
    assert [(e["kind"], e["values"]) for e in events] == [("answer", {"name": "Ada"})]


# --------------------------------------------------------------------------- SQLite's own


def test_a_cache_file_of_the_first_release_is_read_as_is_and_keeps_its_version(tmp_path):
    path = tmp_path / "layouts.sqlite3"
    db = sqlite3.connect(path)
    db.executescript(f"""PRAGMA application_id = {APPLICATION_ID}; PRAGMA user_version = 1;
        CREATE TABLE generations (key TEXT PRIMARY KEY, tool TEXT, record TEXT, created REAL);
        CREATE TABLE refinements (tool TEXT PRIMARY KEY, history TEXT);
        CREATE TABLE layouts (tool TEXT PRIMARY KEY, spec TEXT);
        INSERT INTO refinements VALUES ('echo', '["kept"]');""")
    db.commit()
    db.close()

    async def scenario(store):
        assert await store.refinements() == {"echo": ["kept"]}
        assert store.execute("PRAGMA user_version")[0][0] == FILE_VERSION == 1  # older releases read it
        await store.add_render(RenderRow("r", "{}", None, time.time()), keep=5, expired_before=0)
        await store.add_event({"kind": "run"}, keep=5)

    on(f"sqlite:///{path}", scenario)
    assert not list(tmp_path.glob("*.bad-*"))


def test_two_processes_on_one_file_share_layouts_but_never_each_others_questions(tmp_path):
    """Each host starts its own stdio proxy on the user's one cache file: a question one of them
    shows waits for its own answer (nothing announces across SQLite processes)."""
    path = tmp_path / "layouts.sqlite3"

    async def scenario():
        first, second = SqliteStore(path), SqliteStore(path)
        await first.save_layout("echo", {"title": "T"})
        await first.add_render(RenderRow("r1", "{}", None, time.time()), keep=5, expired_before=0)
        await first.add_event({"kind": "answer"}, keep=5)
        assert await second.layouts() == {"echo": {"title": "T"}}
        assert await second.render("r1") is None and await second.open_renders("{}") == []
        assert await second.events(0, 10) == ([], 0)
        assert await first.render("r1") is not None
        await first.close()
        await second.close()

    run_async(scenario())


def test_a_statement_stuck_on_another_process_lock_fails_at_its_deadline_and_the_loop_runs_on(tmp_path, monkeypatch):
    """The embedded engine's statements run on a worker thread: a writer holding the file's lock
    (another proxy, a backup) holds that thread, never the event loop."""
    from compiler.proxy.store import sqlite as store_sqlite

    monkeypatch.setattr(store_sqlite, "DEADLINE_S", 0.5)
    path = tmp_path / "layouts.sqlite3"
    store = SqliteStore(path)
    holder = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")  # SQLite's own wait is 5 s: the deadline comes first

    async def scenario():
        ticker = Ticker()
        started = time.monotonic()
        with pytest.raises(StoreError, match="no answer within 0.5 s"):
            await store.run("INSERT INTO layouts VALUES ('a', '{}')")
        took = time.monotonic() - started
        ticker.stop()
        ticks = len(ticker.gaps)
        holder.execute("ROLLBACK")
        await store.save_layout("b", {"title": "B"})
        layouts = await store.layouts()
        await store.close()
        return took, ticks, layouts

    took, ticks, layouts = run_async(scenario())
    holder.close()
    assert took < 1.5 and ticks > 10, (took, ticks)  # the loop ran while the statement waited
    assert layouts.get("b") == {"title": "B"}


# --------------------------------------------------------------------------- PostgreSQL's own


def test_replicas_starting_together_create_the_schema_once(postgres):
    from compiler.proxy.store.postgres import PostgresStore

    dsn = postgres.database(f"t_{uuid.uuid4().hex[:12]}")

    async def start() -> list[tuple]:
        opened = [PostgresStore(dsn) for _ in range(6)]
        try:
            await asyncio.gather(*(store.run("SELECT 1") for store in opened))  # each connects and migrates
            return await opened[0].run("SELECT version FROM compile_ui_schema")
        finally:
            await asyncio.gather(*(store.close() for store in opened))

    def replica(results: list, failures: list) -> None:
        try:
            results.append(run_async(start()))
        except BaseException as error:  # noqa: BLE001 - reported below
            failures.append(error)

    results: list = []
    failures: list = []
    threads = [threading.Thread(target=replica, args=(results, failures)) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == [] and results == [[(SCHEMA_VERSION,)]] * 2


def test_a_newer_schema_is_refused_not_touched(postgres):
    import psycopg

    dsn = postgres.database(f"t_{uuid.uuid4().hex[:12]}")
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE compile_ui_schema (version INTEGER NOT NULL)")
        conn.execute("INSERT INTO compile_ui_schema VALUES (99)")

    async def scenario(store):
        with pytest.raises(StoreError, match="version 99, newer"):
            await store.ping()

    on(dsn, scenario)


def test_a_version_2_schema_gains_its_events_table(postgres):
    import psycopg

    dsn = postgres.database(f"t_{uuid.uuid4().hex[:12]}")
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE compile_ui_schema (version INTEGER NOT NULL)")
        conn.execute("INSERT INTO compile_ui_schema VALUES (2)")
        conn.execute("CREATE TABLE layouts (tool TEXT PRIMARY KEY, spec TEXT)")
        conn.execute("""INSERT INTO layouts VALUES ('echo', '{"title": "kept"}')""")

    async def scenario(store):
        assert await store.add_event({"kind": "run"}, keep=5) == 1
        return await store.layouts(), await store.run("SELECT version FROM compile_ui_schema")

    assert on(dsn, scenario) == ({"echo": {"title": "kept"}}, [(SCHEMA_VERSION,)])


def test_changes_are_announced_to_the_other_processes(postgres):
    """Replica B hears what replica A stored: an answer, an event, a set layout, refinements (NOTIFY)."""
    dsn = postgres.database(f"t_{uuid.uuid4().hex[:12]}")

    async def scenario() -> list[tuple[str, str]]:
        a, b = open_store(dsn), open_store(dsn)
        heard: list[tuple[str, str]] = []
        got = asyncio.Event()

        def on_change(kind: str, subject: str) -> None:
            heard.append((kind, subject))
            got.set()

        listening = asyncio.ensure_future(b.listen(on_change))
        try:
            await asyncio.wait_for(got.wait(), 10)  # ("connected", ""): listening
            await a.add_render(RenderRow("r9", "{}", None, time.time()), keep=10, expired_before=0)
            await a.answer("r9", {"action": "ok"})
            await a.add_event({"kind": "answer"}, keep=10)
            await a.save_layout("echo", {"title": "T"})
            await a.save_refinements("echo", ["x"])
            while len(heard) < 5:
                got.clear()
                await asyncio.wait_for(got.wait(), 10)
        finally:
            listening.cancel()
            await a.close()
            await b.close()
        return heard

    assert run_async(scenario()) == [("connected", ""), ("answer", "r9"), ("event", "1"), ("layout", "echo"),
                                     ("refine", "echo")]


def test_an_outage_is_survived_and_the_store_reconnects_by_itself(postgres, caplog):
    dsn = postgres.database(f"t_{uuid.uuid4().hex[:12]}")

    async def scenario(store):
        await store.save_layout("echo", {"title": "before"})
        await asyncio.to_thread(postgres.stop)
        try:
            with caplog.at_level(logging.WARNING, logger="compile_ui.proxy"):
                with pytest.raises(StoreError):
                    await store.ping()
                assert await store.layouts() == {} and await store.generation("k") is None  # reads: "nothing stored"
                await store.save_layout("echo", {"title": "during"})  # writes: a warning, no exception
                with pytest.raises(StoreError):
                    await store.add_render(RenderRow("r", "{}", None, time.time()), keep=5, expired_before=0)
            assert "store write failed" in caplog.text
        finally:
            await asyncio.to_thread(postgres.start)
        async def answers() -> bool:
            try:
                await store.ping()
            except StoreError:
                return False
            return True

        # reconnects on its own: a statement after the retry interval succeeds
        assert await eventually(answers, bool, 10), "the store did not reconnect within 10 s"
        assert await store.layouts() == {"echo": {"title": "before"}}

    on(dsn, scenario)


def test_the_password_never_reaches_a_log(caplog):
    secret = "s3cret-Pa55"
    dsn = f"postgresql://team:{secret}@127.0.0.1:1/compile_ui?password={secret}&sslmode=disable"
    assert secret not in redact(dsn) and "team:***@127.0.0.1:1" in redact(dsn)

    async def scenario(store):  # nothing listens on port 1: it warns, with the URL
        with pytest.raises(StoreError):
            await store.run("SELECT 1")
        assert secret not in store.url

    with caplog.at_level(logging.DEBUG):
        on(dsn, scenario)
    assert "127.0.0.1" in caplog.text and secret not in caplog.text
    proxy = subprocess.run([sys.executable, "-m", "compiler", "proxy", "--store", dsn, "--log-level", "debug", "--",
                            sys.executable, "-c", "pass"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                           input="")
    assert "team:***@" in proxy.stderr and secret not in proxy.stderr + proxy.stdout


def test_a_missing_psycopg_is_one_line_naming_the_extra():
    code = ("import sys; sys.modules['psycopg'] = None; from compiler.proxy.drivers.cli import main; "
            "sys.exit(main(['--store', 'postgresql://x@127.0.0.1/db', '--', 'true']))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.strip().count("\n") == 0 and "pip install 'compile-ui[postgres]'" in done.stderr


@pytest.mark.parametrize("bad", ["mysql://x/y", "sqlite://", "nothing"])
def test_a_store_url_of_no_engine_is_refused_with_exit_2(bad):
    done = subprocess.run([sys.executable, "-m", "compiler", "proxy", "--store", bad, "--", "true"], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--store" in done.stderr


def test_the_store_comes_from_the_flag_else_the_environment_else_the_config_file(tmp_path):
    import json

    from compiler.proxy.drivers.cli import parser, resolve

    config = tmp_path / "proxy.json"
    config.write_text(json.dumps({"command": ["true"], "store": "sqlite:///from-file.sqlite3", "graceSeconds": 3}))
    env = {"COMPILE_UI_STORE": "postgresql://team@db/from-env"}

    def store(argv: list[str], environment: dict[str, str]) -> tuple[str | None, float]:
        resolved = resolve(parser().parse_args(argv), environment)
        return resolved["store"], resolved["graceSeconds"]

    assert store(["--config", str(config)], {}) == ("sqlite:///from-file.sqlite3", 3)
    assert store(["--config", str(config)], env) == ("postgresql://team@db/from-env", 3)
    assert store(["--config", str(config), "--store", "sqlite:///flag.sqlite3", "--grace-seconds", "0"], env) == (
        "sqlite:///flag.sqlite3", 0)
    assert store(["--", "true"], {}) == (None, 10)  # no flag: the embedded cache file, as before
    from compiler.proxy.drivers.cli import make_store

    default = make_store(resolve(parser().parse_args(["--cache-dir", str(tmp_path), "--", "true"]), {}))
    nothing = make_store(resolve(parser().parse_args(["--no-cache", "--", "true"]), {}))
    try:
        assert isinstance(default, SqliteStore) and default.path == tmp_path / "layouts.sqlite3" and default.path.exists()
        assert isinstance(nothing, SqliteStore) and nothing.memory
    finally:
        run_async(default.close())
        run_async(nothing.close())
    config.write_text(json.dumps({"command": ["true"], "store": "redis://x"}))
    done = subprocess.run([sys.executable, "-m", "compiler", "proxy", "--config", str(config)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "/store" in done.stderr


def test_a_server_that_never_answers_holds_no_caller_past_its_deadline_nor_the_loop_at_all():
    """A store behind a network that drops packets: the kernel accepts, nobody answers. Each
    statement fails within its deadline (``ping``: ``PING_S``), and the event loop runs on
    meanwhile: a wait on the network in the loop's own thread would hold it for a whole connect
    timeout (``CONNECT_TIMEOUT_S``, 3 s), so no gap as long as ``PING_S`` may appear. (Shorter
    gaps are the machine's scheduling: on a loaded two-core CI run one reached 0.51 s.)"""
    import socket

    from compiler.proxy.store.base import DEADLINE_S, PING_S

    async def scenario(store):
        ticker = Ticker()
        slowest = {"ping": 0.0, "run": 0.0}
        try:
            for kind in ("ping", "run", "ping", "run"):
                started = time.monotonic()
                with pytest.raises(StoreError):
                    await (store.ping() if kind == "ping" else store.run("SELECT 1"))
                slowest[kind] = max(slowest[kind], time.monotonic() - started)
                # past the retry gate (failures within it fail at once): a real attempt each time
                assert await eventually(lambda: time.monotonic() >= store._retry_at, bool, 5)
        finally:
            ticker.stop()
        return slowest, max(ticker.gaps)

    with socket.socket() as hung:
        hung.bind(("127.0.0.1", 0))
        hung.listen(64)
        slowest, longest_gap = on(f"postgresql://team@127.0.0.1:{hung.getsockname()[1]}/db", scenario)
    assert slowest["ping"] < PING_S + 0.5 and slowest["run"] < DEADLINE_S + 0.5, slowest
    assert longest_gap < PING_S, longest_gap


def test_a_change_whose_handling_fails_does_not_stop_the_listener(postgres, caplog):
    dsn = postgres.database(f"t_{uuid.uuid4().hex[:12]}")

    async def scenario() -> list[str]:
        a, b = open_store(dsn), open_store(dsn)
        heard: list[str] = []
        got = asyncio.Event()

        def on_change(kind: str, subject: str) -> None:
            heard.append(kind)
            got.set()
            if kind == "layout":
                raise RuntimeError("a bug in the proxy's handler")

        listening = asyncio.ensure_future(b.listen(on_change))
        try:
            await asyncio.wait_for(got.wait(), 10)
            await a.save_layout("echo", {"title": "T"})
            await a.save_refinements("echo", ["x"])
            while len(heard) < 3:
                got.clear()
                await asyncio.wait_for(got.wait(), 10)
        finally:
            listening.cancel()
            await a.close()
            await b.close()
        return heard

    assert run_async(scenario()) == ["connected", "layout", "refine"]
    assert "a bug in the proxy's handler" in caplog.text
