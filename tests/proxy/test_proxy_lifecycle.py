"""The proxy's life inside a host's: every way hosts stop a stdio server (``shared/reference/
host-lifecycle.md``), at every phase, ends in exit 0, no traceback, and no surviving upstream.

- the official TypeScript client (``tests/js/lifecycle.mjs``): connect → list → call → close, in
  each negotiation mode, in front of the dual-era fixture and npm server-everything;
- the sequences by hand: stdin end; stdin end and SIGTERM at once (a probe disposed of) or once
  the proxy is stopping (a client whose wait ran out); SIGTERM or SIGINT while the upstream
  starts, with a call in flight, during the proxy's own shutdown, twice; SIGKILL of the proxy (its upstream dies with it: ``PR_SET_PDEATHSIG``, set
  by the exec wrapper of ``drivers/spawn.py``, whose two ways are tried here on their own too).

Every wait is on something observable: a line the proxy writes, a process's exit.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time

import pytest

from compiler.proxy.drivers import spawn
from compiler.proxy.drivers.transports import UpstreamStdio
from conftest import ROOT
from harness.asyncutil import run_async, wait_until

FIXTURE = [sys.executable, str(ROOT / "fixtures" / "servers" / "modern_upstream.py")]
EVERYTHING = ["node", str(ROOT / "tests" / "js" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist" / "index.js"), "stdio"]
LINGERING = [sys.executable, "-c", f"import runpy, time; runpy.run_path({str(FIXTURE[1])!r}, run_name='__main__'); time.sleep(600)"]
"""The fixture, staying on after its stdin ends (a server that does not exit on EOF)."""
LIFECYCLE = ROOT / "tests" / "js" / "lifecycle.mjs"
PROXY = [sys.executable, "-m", "compiler", "proxy", "--no-cache", "--"]
UPSTREAM_PID = re.compile(r"upstream started \(pid (\d+)\)")
ENVELOPE = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
EXIT_S = 5.0


def alive(pid: int) -> bool:
    """Whether a process runs (a zombie waiting for its reaper does not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except (FileNotFoundError, ProcessLookupError):
        return False


def group_alive(pgid: int) -> list[int]:
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except (FileNotFoundError, ProcessLookupError):
                continue
            if fields[0] != "Z" and int(fields[2]) == pgid:
                found.append(int(entry))
    return found


def until(predicate, timeout: float = EXIT_S) -> bool:
    """A condition no event tells us of (the end of a process that is not our child), until it holds."""
    return bool(wait_until(predicate, timeout))


class Proxy:
    """``compile-ui proxy`` as a host starts it: pipes on stdin, stdout and stderr."""

    def __init__(self, upstream: list[str], command: list[str] = PROXY, env: dict[str, str] | None = None) -> None:
        self.process = subprocess.Popen([*command, *upstream], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE, env=env)
        self.stderr: list[str] = []
        self.lines: queue.Queue[str] = queue.Queue()
        self.upstreams: list[int] = []
        threading.Thread(target=self._read_stderr, daemon=True).start()
        self.ids = 0

    def _read_stderr(self) -> None:
        for raw in self.process.stderr:
            line = raw.decode(errors="replace")
            self.stderr.append(line)
            if match := UPSTREAM_PID.search(line):
                self.upstreams.append(int(match.group(1)))
            self.lines.put(line)

    def wait_for_log(self, text: str, timeout: float = 20.0) -> None:
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                if text in self.lines.get(timeout=left):
                    return
            except queue.Empty:
                break
        raise AssertionError(f"the proxy never logged {text!r}:\n{''.join(self.stderr)}")

    def send(self, method: str, params: dict | None = None, *, request: bool = True) -> int:
        message: dict = {"jsonrpc": "2.0", "method": method, "params": params or {}}
        if request:
            self.ids += 1
            message["id"] = self.ids
        self.process.stdin.write(json.dumps(message).encode() + b"\n")
        self.process.stdin.flush()
        return self.ids

    def answer(self, request_id: int) -> dict:
        return self.read_until(lambda message: message.get("id") == request_id)

    def read_until(self, predicate) -> dict:
        """The first message the proxy writes to the host that ``predicate`` takes."""
        while True:
            line = self.process.stdout.readline()
            assert line, f"the proxy's stdout ended:\n{''.join(self.stderr)}"
            if predicate(message := json.loads(line)):
                return message

    def end_stdin(self) -> None:
        self.process.stdin.close()

    def signal(self, sig: signal.Signals) -> None:
        self.process.send_signal(sig)

    def finished(self) -> tuple[int, str]:
        """Its exit status and everything it wrote to stderr, once it and its upstreams are gone."""
        code = self.process.wait(EXIT_S)
        self.process.stdout.close()
        assert until(lambda: not any(alive(pid) or group_alive(pid) for pid in self.upstreams)), (
            f"an upstream outlived the proxy: {self.upstreams}")
        return code, "".join(self.stderr)

    def kill(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        for pid in self.upstreams:
            for member in group_alive(pid):
                os.kill(member, signal.SIGKILL)


@pytest.fixture
def proxy_of():
    started: list[Proxy] = []

    def start(upstream: list[str], command: list[str] = PROXY, env: dict[str, str] | None = None) -> Proxy:
        started.append(Proxy(upstream, command, env))
        return started[-1]

    yield start
    for proxy in started:
        proxy.kill()


def _open(proxy: Proxy) -> None:
    """A 2026-07-28 host's first request, answered: the upstream's session is open."""
    answer = proxy.answer(proxy.send("server/discover", {"_meta": ENVELOPE}))
    assert "result" in answer, answer


PHASES = ["starting", "first request", "call in flight", "own shutdown"]


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT])
@pytest.mark.parametrize("phase", PHASES)
def test_a_signal_at_any_phase_ends_in_exit_0_with_no_traceback_and_no_upstream_left(proxy_of, phase, sig):
    proxy = proxy_of(FIXTURE)
    if phase == "starting":
        proxy.wait_for_log("upstream started")
    elif phase == "first request":  # the TypeScript client's probe disposal: its answer read, stdin end and SIGTERM at once
        _open(proxy)
        proxy.end_stdin()
    elif phase == "call in flight":
        _open(proxy)
        proxy.send("tools/call", {"name": "wait", "arguments": {}, "_meta": ENVELOPE})
        proxy.wait_for_log("upstream speaks")
    else:
        _open(proxy)
        proxy.end_stdin()
        proxy.wait_for_log("the host closed stdin")
    proxy.signal(sig)
    code, stderr = proxy.finished()
    assert code == 0, stderr
    assert "Traceback" not in stderr and "Error" not in stderr, stderr


@pytest.mark.parametrize("phase", ["call in flight", "own shutdown"])
def test_two_signals_hurry_the_stop_and_still_exit_0(proxy_of, phase):
    proxy = proxy_of(FIXTURE)
    _open(proxy)
    proxy.send("tools/call", {"name": "wait", "arguments": {}, "_meta": ENVELOPE})
    if phase == "own shutdown":
        proxy.end_stdin()
        proxy.wait_for_log("the host closed stdin")
    proxy.signal(signal.SIGTERM)
    proxy.wait_for_log("SIGTERM")  # stopping on it, or (during its own shutdown) hurried by it
    proxy.signal(signal.SIGTERM)
    code, stderr = proxy.finished()
    assert code == 0 and "Traceback" not in stderr, stderr


def _busy(proxy: Proxy, upstream: list[str]) -> None:
    """A call in flight at the upstream: its first progress notification has reached the host."""
    name, arguments = ("trigger-long-running-operation", {"duration": 60, "steps": 600}) if upstream is EVERYTHING \
        else ("slow", {"steps": 100_000})
    proxy.send("tools/call", {"name": name, "arguments": arguments, "_meta": {**ENVELOPE, "progressToken": "busy"}})
    proxy.read_until(lambda message: message.get("method") == "notifications/progress")


@pytest.mark.parametrize("upstream", [FIXTURE, EVERYTHING], ids=["fixture", "everything"])
@pytest.mark.parametrize("stop", ["stdin end", "stdin end + SIGTERM while stopping", "SIGTERM busy"])
def test_each_stop_sequence_exits_0_at_once_and_leaves_no_process_of_the_group(proxy_of, upstream, stop):
    """The three ways hosts stop a server, in front of real servers (server-everything does not
    exit on stdin EOF: it needs the proxy's SIGTERM step). ``bench/bench_stops.py`` runs each 50
    times with the machine loaded."""
    proxy = proxy_of(upstream)
    _open(proxy)
    if stop == "SIGTERM busy":
        _busy(proxy, upstream)
    else:
        proxy.end_stdin()
    started = time.monotonic()
    if stop == "stdin end + SIGTERM while stopping":  # a client whose wait ran out (bench_stops.py: 50 ms later)
        proxy.wait_for_log("the host closed stdin")
    if stop != "stdin end":
        proxy.signal(signal.SIGTERM)  # a no-op if the proxy has already exited and been reaped
    code, stderr = proxy.finished()  # the upstream, and every process of its group, gone
    assert code == 0 and "Traceback" not in stderr, stderr
    assert time.monotonic() - started < 2.0, "slower than a host's first wait (2 s)"


@pytest.mark.parametrize("how", ["stdin end", "SIGTERM"])
def test_the_upstream_is_stopped_the_way_the_host_stopped_the_proxy(proxy_of, tmp_path, how):
    """A host that ends stdin asks politely, and so does the proxy (stdin end; an upstream that
    exits on it never sees a signal). A host that signals wants the proxy gone now — a disposed
    probe waits only 1 s — so the proxy signals its upstream at once instead of waiting first."""
    seen = tmp_path / "signals"
    proxy = proxy_of([sys.executable, str(ROOT / "fixtures" / "servers" / "raw_upstream.py"), "--signals", str(seen)])
    _open(proxy)
    # One way each: a host that ended stdin and then signalled too would race its own two steps
    # (the upstream may have exited on EOF before the signal reached the proxy)
    if how == "SIGTERM":
        proxy.signal(signal.SIGTERM)
    else:
        proxy.end_stdin()
    code, stderr = proxy.finished()
    assert code == 0 and "Traceback" not in stderr, stderr
    got = seen.read_text().split() if seen.exists() else []
    assert got == (["EOF"] if how == "stdin end" else ["SIGTERM"]), got


def test_a_probe_is_answered_from_what_the_upstream_said_at_the_last_start(proxy_of, tmp_path):
    """The TypeScript client probes a copy of the proxy and disposes of it; the proxy answers
    the probe from the description the upstream gave at the last start (kept beside the cache),
    not after starting the upstream again. Here the upstream's second start takes 60 s."""
    cached = [sys.executable, "-m", "compiler", "proxy", "--cache-dir", str(tmp_path), "--"]
    raw = [sys.executable, str(ROOT / "fixtures" / "servers" / "raw_upstream.py")]
    first = proxy_of(raw, cached)
    _open(first)
    first.wait_for_log("upstream speaks")  # the description is kept once the session is open
    first.end_stdin()
    assert first.finished()[0] == 0
    assert [p.name for p in (tmp_path / "upstreams").iterdir()][0].endswith(".json")
    second = proxy_of(raw, cached, {**os.environ, "RAW_UPSTREAM_START_DELAY": "60"})
    answer = second.answer(second.send("server/discover", {"_meta": ENVELOPE}))
    assert answer["result"]["_meta"]["io.modelcontextprotocol/serverInfo"] == {"name": "raw", "version": "1"}, answer
    assert not [line for line in second.stderr if "upstream speaks" in line]  # the upstream has not answered yet
    second.end_stdin()
    second.signal(signal.SIGTERM)  # disposed of, as a probe is
    code, stderr = second.finished()
    assert code == 0 and "Traceback" not in stderr, stderr


@pytest.mark.parametrize("upstream", [FIXTURE, EVERYTHING, LINGERING], ids=["fixture", "everything", "lingering"])
def test_an_upstream_dies_with_a_killed_proxy(proxy_of, upstream):
    """Its stdin ends with the proxy; one that stays on after that is killed by the kernel."""
    proxy = proxy_of(upstream)
    _open(proxy)
    [upstream_pid] = proxy.upstreams
    proxy.process.kill()
    proxy.process.wait()
    assert until(lambda: not alive(upstream_pid) and not group_alive(upstream_pid)), "the upstream outlived a SIGKILLed proxy"


def test_the_pid_logged_is_the_upstreams_own_and_so_is_its_exit_status(proxy_of):
    """The wrapper execs the upstream in its own process: the pid the proxy logs (and signals) runs
    the upstream's program and leads its process group, and the status logged is the upstream's."""
    proxy = proxy_of(FIXTURE)
    _open(proxy)
    [pid] = proxy.upstreams
    with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
        assert cmdline.read().split(b"\0")[:2] == [arg.encode() for arg in FIXTURE]
    assert os.getpgid(pid) == pid
    proxy.send("tools/call", {"name": "die", "arguments": {}, "_meta": ENVELOPE})  # os._exit(3)
    proxy.wait_for_log(f"upstream (pid {pid}) exited with status 3")
    proxy.end_stdin()
    assert proxy.finished()[0] == 0


def test_a_missing_upstream_program_is_logged_as_before(proxy_of):
    proxy = proxy_of(["compile-ui-no-such-program"])
    proxy.wait_for_log("upstream failed to start: [Errno 2] No such file or directory: 'compile-ui-no-such-program'")
    proxy.end_stdin()
    assert proxy.finished()[0] == 0


def test_a_stop_kills_what_the_upstream_left_in_its_group_and_then_signals_that_group_no_more(caplog):
    """An upstream that exits on stdin end leaving a child behind in its group (as an ``npx``
    wrapper may): the stop kills the child. After the stop the group's id is free for another
    process: stopping again (a shutdown during the restart's backoff) or a second signal sends
    nothing, and the upstream's end is logged once."""
    async def scenario() -> tuple[int, int]:
        upstream = UpstreamStdio(["sh", "-c", "sleep 600 & echo $!; read line; exit 4"])
        await upstream.start()
        left = int(await upstream.receive() or b"0")
        await upstream.stop()
        # the stop closed the pipe it read the upstream's stdout from (the child still held its
        # end): nothing is left for a later test's loop to collect
        assert await asyncio.wait_for(upstream.receive(), 10) is None
        assert upstream.pid is not None
        await upstream.stop()
        upstream.kill()
        return upstream.pid, left

    caplog.set_level("INFO", logger="compile_ui.proxy")
    pid, left = run_async(scenario())
    assert until(lambda: not alive(left)), "a child left in the upstream's group outlived its stop"
    assert [r.getMessage() for r in caplog.records if "upstream (pid" in r.getMessage()] == [
        f"upstream (pid {pid}) exited with status 4"]


WAYS = [pytest.param("setpriv", marks=pytest.mark.skipif(spawn._tools() is None, reason="no setpriv here")), "python"]
PARENT = """
import subprocess, sys
from compiler.proxy.drivers import spawn
program = [sys.executable, "-c", "import os, time; print(os.getpid(), flush=True); time.sleep(600)"]
child = subprocess.Popen(spawn.wrapped(program, via=sys.argv[1]), start_new_session=True)
print(child.pid, flush=True)
child.wait()
"""


@pytest.mark.parametrize("via", WAYS)
def test_the_wrapper_has_the_kernel_kill_the_program_when_its_parent_is_killed(via):
    """A parent (as the proxy, with ``start_new_session``) starts a program through the wrapper;
    once the program runs (it prints its pid), the parent is SIGKILLed: the program dies too."""
    parent = subprocess.Popen([sys.executable, "-c", PARENT, via], cwd=ROOT, stdout=subprocess.PIPE)
    try:
        started, running = int(parent.stdout.readline()), int(parent.stdout.readline())
        assert started == running, "the wrapper runs the program in the process it started"
        parent.kill()
        parent.wait()
        assert until(lambda: not alive(running)), "the program outlived its SIGKILLed parent"
    finally:
        parent.kill()
        parent.wait()
        parent.stdout.close()


@pytest.mark.parametrize("via", WAYS)
def test_the_wrapper_does_not_run_the_program_when_its_parent_died_before_the_signal_was_set(via, tmp_path):
    """Had the proxy died between the fork and the ``prctl``, the signal would never come: the
    wrapper finds a parent other than the one named and exits without running the program."""
    ran = tmp_path / "ran"
    program = [sys.executable, "-c", f"open({str(ran)!r}, 'w').close()"]
    assert subprocess.run(spawn.wrapped(program, via=via, parent=os.getppid())).returncode == 1
    assert not ran.exists()
    assert subprocess.run(spawn.wrapped([*program[:2], "import sys; sys.exit(5)"], via=via)).returncode == 5
    assert subprocess.run(spawn.wrapped(program, via=via)).returncode == 0 and ran.exists()


# --------------------------------------------------------------------------- the official TypeScript client


@pytest.mark.npm
@pytest.mark.parametrize("upstream", [FIXTURE, EVERYTHING], ids=["fixture", "everything"])
@pytest.mark.parametrize("mode", ["legacy", "auto", "2026-07-28"])
def test_the_typescript_clients_whole_life_through_the_proxy(mode, upstream):
    done = subprocess.run(["node", str(LIFECYCLE), mode, *PROXY, *upstream], capture_output=True, text=True,
                          timeout=60, cwd=LIFECYCLE.parent)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["text"] in ("lifecycle", "Echo: lifecycle") and seen["tools"] > 1
    assert "Traceback" not in done.stderr, done.stderr
    upstreams = [int(m) for m in UPSTREAM_PID.findall(done.stderr)]
    assert upstreams and not [pid for pid in upstreams if alive(pid) or group_alive(pid)]
    # the client's close waits 2 s for the server before it signals: the proxy is gone well before
    assert seen["ms"]["close"] < 2000, seen


def test_the_stdio_proxy_starts_without_the_sdk():
    """A host may start the proxy several times a minute (probes): the stdio path imports neither
    the official SDK nor the HTTP stack (0.5 s of imports, once paid by every start), nor
    jsonschema, which only a config file needs (a fifth of what is left)."""
    probe = ("import sys, compiler.proxy.drivers.cli, compiler.proxy.drivers.runtime, compiler.proxy.drivers.transports; "
             "print(sorted(m for m in ('mcp', 'mcp_types', 'starlette', 'uvicorn', 'pydantic', 'jsonschema') if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=ROOT, check=True)
    assert done.stdout.strip() == "[]", done.stdout
