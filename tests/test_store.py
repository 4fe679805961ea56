"""The store (``compiler/proxy/store.py``): one suite, run on both engines — the embedded SQLite
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

from asyncutil import run_async
from compiler import ask
from compiler.proxy import renders
from compiler.proxy.engines import open_store
from compiler.proxy.store import SCHEMA_VERSION, RenderRow, StoreError, redact
from compiler.proxy.store_sqlite import APPLICATION_ID, FILE_VERSION, SqliteStore
from conftest import ROOT
from test_ask import FORM as TREE


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'layouts.sqlite3'}"
    return request.getfixturevalue("postgres").database(f"t_{uuid.uuid4().hex[:12]}")


@pytest.fixture
def store(url):
    opened = open_store(url)
    yield opened
    opened.close()


# --------------------------------------------------------------------------- both engines


def test_layouts_refinements_and_generations_are_kept_and_read_back(store, url):
    store.save_generation("k1", "echo", {"layout": "llm", "spec": {"title": "T"}})
    store.save_refinements("echo", ["units first"])
    store.save_layout("echo", {"title": "Echo, refined"})
    store.save_layout("add", {"title": "gone soon"})
    store.save_layout("add", None)
    assert store.generation("k1") == {"layout": "llm", "spec": {"title": "T"}}
    assert store.generation("nope") is None
    assert store.refinements() == {"echo": ["units first"]}
    assert store.layouts() == {"echo": {"title": "Echo, refined"}}
    assert store.snapshot() == ({"echo": ["units first"]}, {"echo": {"title": "Echo, refined"}})
    store.close()
    again = open_store(url)  # a restart (a second replica): the same, from the same place
    try:
        assert again.layouts() == {"echo": {"title": "Echo, refined"}} and again.generation("k1") is not None
    finally:
        again.close()


def test_a_render_is_answered_once_and_collected_once(store):
    store.add_render(RenderRow("r1", '{"a":1}', 7, time.time()), keep=10, expired_before=0)
    store.add_render(RenderRow("r2", '{"a":1}', "x", time.time()), keep=10, expired_before=0)
    assert [r.id for r in store.open_renders('{"a":1}')] == ["r1", "r2"]
    store.mark_shown("r1")
    assert store.render("r1").shown == 1 and store.render("r1").host_request_id == 7
    assert store.collect("r1").answer is None and store.render("r1") is not None  # not answered: kept
    assert store.answer("r1", {"action": "submit", "values": {"n": 1}}) is True
    assert store.answer("r1", {"action": "other"}) is False  # the first answer stands
    assert store.close_render("r1", "timed out") is False  # answered: cannot close
    assert [r.id for r in store.open_renders('{"a":1}')] == ["r2"]
    assert store.collect("r1").answer == {"action": "submit", "values": {"n": 1}}
    assert store.render("r1") is None and store.collect("r1") is None  # collected once
    assert store.close_render("r2", "cancelled") is True and store.render("r2").closed == "cancelled"
    assert store.answer("r2", {"action": "late"}) is False


def test_renders_are_bounded_by_age_and_count_answered_ones_first(store):
    now = time.time()
    store.add_render(RenderRow("old", "{}", None, now - 1000), keep=3, expired_before=0)
    store.add_render(RenderRow("a", "{}", None, now - 10), keep=3, expired_before=0)
    store.answer("a", {"action": "x"})
    store.add_render(RenderRow("b", "{}", None, now - 5), keep=3, expired_before=now - 600)
    assert store.render("old") is None  # expired, dropped when the next was added
    store.add_render(RenderRow("c", "{}", None, now - 4), keep=3, expired_before=now - 600)
    store.add_render(RenderRow("d", "{}", None, now - 3), keep=3, expired_before=now - 600)
    assert store.render("a") is None and {store.render(i) is not None for i in "bcd"} == {True}


def test_a_waiting_call_wakes_when_the_answer_lands(store):
    question, _ = ask.check({"tree": TREE})
    assert question is not None

    async def scenario():
        asking = renders.Renders(store, renders.Events())
        render = asking.open(question, {"tree": TREE}, 1)
        waiting = asyncio.ensure_future(asking.wait(render, 30, close_on_timeout=False))
        await asyncio.sleep(0)
        shown = asking.shown_for({"tree": TREE}, None)
        assert shown is not None and shown.id == render.id
        started = time.monotonic()
        assert asking.respond(render.id, "submit", {"name": "Ada"}) is None
        answer = await waiting
        return answer, time.monotonic() - started, asking.respond(render.id, "again", {})

    answer, took, again = run_async(scenario())
    assert answer["values"] == {"name": "Ada"} and took < 2
    assert again is not None  # collected: no longer open


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
    store = SqliteStore(path)
    assert store.refinements() == {"echo": ["kept"]}
    assert store.db.execute("PRAGMA user_version").fetchone()[0] == FILE_VERSION == 1  # older releases read it
    store.add_render(RenderRow("r", "{}", None, time.time()), keep=5, expired_before=0)
    assert not list(tmp_path.glob("*.bad-*"))


def test_two_processes_on_one_file_share_layouts_but_never_each_others_questions(tmp_path):
    """Each host starts its own stdio proxy on the user's one cache file: a question one of them
    shows waits for its own answer (nothing announces across SQLite processes)."""
    path = tmp_path / "layouts.sqlite3"
    first, second = SqliteStore(path), SqliteStore(path)
    first.save_layout("echo", {"title": "T"})
    first.add_render(RenderRow("r1", "{}", None, time.time()), keep=5, expired_before=0)
    assert second.layouts() == {"echo": {"title": "T"}}
    assert second.render("r1") is None and second.open_renders("{}") == []
    assert first.render("r1") is not None


# --------------------------------------------------------------------------- PostgreSQL's own


def test_replicas_starting_together_create_the_schema_once(postgres):
    from compiler.proxy.store_postgres import PostgresStore

    dsn = postgres.database(f"t_{uuid.uuid4().hex[:12]}")
    opened: list[PostgresStore] = []
    failures: list[BaseException] = []

    def start() -> None:
        try:
            opened.append(PostgresStore(dsn))
        except BaseException as error:  # noqa: BLE001 - reported below
            failures.append(error)

    threads = [threading.Thread(target=start) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    try:
        assert failures == [] and len(opened) == 6
        for store in opened:
            store.ping()
        assert opened[0].run("SELECT version FROM compile_ui_schema") == [(SCHEMA_VERSION,)]
    finally:
        for store in opened:
            store.close()


def test_a_newer_schema_is_refused_not_touched(postgres, caplog):
    import psycopg

    from compiler.proxy.store_postgres import PostgresStore

    dsn = postgres.database(f"t_{uuid.uuid4().hex[:12]}")
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("CREATE TABLE compile_ui_schema (version INTEGER NOT NULL)")
        conn.execute("INSERT INTO compile_ui_schema VALUES (99)")
    store = PostgresStore(dsn)
    with pytest.raises(StoreError, match="version 99, newer"):
        store.ping()
    store.close()


def test_changes_are_announced_to_the_other_processes(postgres):
    """Replica B hears what replica A stored: an answer, a set layout, refinements (NOTIFY)."""
    dsn = postgres.database(f"t_{uuid.uuid4().hex[:12]}")
    a, b = open_store(dsn), open_store(dsn)

    async def scenario() -> list[tuple[str, str]]:
        heard: list[tuple[str, str]] = []
        got = asyncio.Event()

        def on_change(kind: str, subject: str) -> None:
            heard.append((kind, subject))
            got.set()

        listening = asyncio.ensure_future(b.listen(on_change))
        try:
            await asyncio.wait_for(got.wait(), 10)  # ("connected", ""): listening
            a.add_render(RenderRow("r9", "{}", None, time.time()), keep=10, expired_before=0)
            a.answer("r9", {"action": "ok"})
            a.save_layout("echo", {"title": "T"})
            a.save_refinements("echo", ["x"])
            while len(heard) < 4:
                got.clear()
                await asyncio.wait_for(got.wait(), 10)
        finally:
            listening.cancel()
        return heard

    try:
        assert run_async(scenario()) == [("connected", ""), ("answer", "r9"), ("layout", "echo"), ("refine", "echo")]
    finally:
        a.close()
        b.close()


def test_an_outage_is_survived_and_the_store_reconnects_by_itself(postgres, caplog):
    dsn = postgres.database(f"t_{uuid.uuid4().hex[:12]}")
    store = open_store(dsn)
    store.save_layout("echo", {"title": "before"})
    postgres.stop()
    try:
        with caplog.at_level(logging.WARNING, logger="compile_ui.proxy"):
            with pytest.raises(StoreError):
                store.ping()
            assert store.layouts() == {} and store.generation("k") is None  # reads: "nothing stored"
            store.save_layout("echo", {"title": "during"})  # writes: a warning, no exception
            with pytest.raises(StoreError):
                store.add_render(RenderRow("r", "{}", None, time.time()), keep=5, expired_before=0)
        assert "store write failed" in caplog.text
    finally:
        postgres.start()
    deadline = time.monotonic() + 10
    while True:  # reconnects on its own: the first statement after the retry interval succeeds
        try:
            store.ping()
            break
        except StoreError:
            assert time.monotonic() < deadline, "the store did not reconnect within 10 s"
            time.sleep(0.1)
    assert store.layouts() == {"echo": {"title": "before"}}
    store.close()


def test_the_password_never_reaches_a_log(caplog):
    secret = "s3cret-Pa55"
    dsn = f"postgresql://team:{secret}@127.0.0.1:1/compile_ui?password={secret}&sslmode=disable"
    assert secret not in redact(dsn) and "team:***@127.0.0.1:1" in redact(dsn)
    with caplog.at_level(logging.DEBUG):
        store = open_store(dsn)  # nothing listens on port 1: it warns, with the URL
        with pytest.raises(StoreError):
            store.ping()
    assert "127.0.0.1" in caplog.text and secret not in caplog.text
    assert secret not in store.url
    proxy = subprocess.run([sys.executable, "-m", "compiler", "proxy", "--store", dsn, "--log-level", "debug", "--",
                            sys.executable, "-c", "pass"], cwd=ROOT, capture_output=True, text=True, timeout=60,
                           input="")
    assert "team:***@" in proxy.stderr and secret not in proxy.stderr + proxy.stdout


def test_a_missing_psycopg_is_one_line_naming_the_extra():
    code = ("import sys; sys.modules['psycopg'] = None; from compiler.proxy.cli import main; "
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

    from compiler.proxy.cli import parser, resolve

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
    from compiler.proxy.cli import make_store

    default = make_store(resolve(parser().parse_args(["--cache-dir", str(tmp_path), "--", "true"]), {}))
    nothing = make_store(resolve(parser().parse_args(["--no-cache", "--", "true"]), {}))
    try:
        assert isinstance(default, SqliteStore) and default.path == tmp_path / "layouts.sqlite3" and default.path.exists()
        assert isinstance(nothing, SqliteStore) and nothing.memory
    finally:
        default.close()
        nothing.close()
    config.write_text(json.dumps({"command": ["true"], "store": "redis://x"}))
    done = subprocess.run([sys.executable, "-m", "compiler", "proxy", "--config", str(config)], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "/store" in done.stderr


def test_a_server_that_never_answers_holds_no_statement_for_its_connect_timeout():
    """A store behind a network that drops packets: the kernel accepts, nobody answers. Each
    statement fails within about ``CONNECT_WAIT_S`` (the connection is opened in a thread), never
    after the 3 s connect timeout — the event loop of a replica waits with its statements."""
    import socket

    from compiler.proxy.store_postgres import CONNECT_TIMEOUT_S, RETRY_S

    with socket.socket() as hung:
        hung.bind(("127.0.0.1", 0))
        hung.listen(64)
        store = open_store(f"postgresql://team@127.0.0.1:{hung.getsockname()[1]}/db")
        try:
            slowest, deadline = 0.0, time.monotonic() + 2 * RETRY_S + 1  # past a retry gate, into an attempt
            while time.monotonic() < deadline:
                started = time.monotonic()
                with pytest.raises(StoreError):
                    store.ping()
                slowest = max(slowest, time.monotonic() - started)
                time.sleep(0.05)
            assert slowest < CONNECT_TIMEOUT_S / 2, slowest
        finally:
            store.close()


def test_a_change_whose_handling_fails_does_not_stop_the_listener(postgres, caplog):
    dsn = postgres.database(f"t_{uuid.uuid4().hex[:12]}")
    a, b = open_store(dsn), open_store(dsn)

    async def scenario() -> list[str]:
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
            a.save_layout("echo", {"title": "T"})
            a.save_refinements("echo", ["x"])
            while len(heard) < 3:
                got.clear()
                await asyncio.wait_for(got.wait(), 10)
        finally:
            listening.cancel()
        return heard

    try:
        assert run_async(scenario()) == ["connected", "layout", "refine"]
        assert "a bug in the proxy's handler" in caplog.text
    finally:
        a.close()
        b.close()
