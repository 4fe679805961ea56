"""Stop sequences under load: the three ways a host stops a stdio server, each many times, through
the real proxy over stdio in front of npm ``server-everything``, with the machine's CPUs busy.

    python bench/bench_stops.py [--runs 50] [--burners N] [--no-model] [--root DIR]

The sequences (``shared/reference/host-lifecycle.md``), each after the host's first request is
answered (the upstream's session is open):

- ``stdin end``: the host ends the proxy's stdin (a client's close);
- ``stdin end + SIGTERM 50 ms``: then SIGTERM 50 ms later (a client whose wait ran out, or a
  probe disposed of);
- ``SIGTERM busy``: SIGTERM while a call is in flight (``trigger-long-running-operation``, once
  its first progress notification has reached the host).

Per sequence it prints: runs, the exit statuses seen (``-9`` is a SIGKILL from somebody;
``hung`` is a proxy still running 10 s after the stop, which this script then kills), runs with
a traceback on stderr, runs that left a process behind (any process carrying this run's mark in
its environment — the upstream, its children, a child that never reached ``exec`` — still there
5 s after the proxy's exit), and the time from the stop to the proxy's exit (median, max).
First, before the load, what starting a program costs through each wrapper of
``compiler/proxy/drivers/spawn.py`` beside starting it bare and through the ``preexec_fn`` the
proxy used before (``/bin/true``, median of 50, interleaved).

The load: ``--burners`` processes spinning on the CPU (default twice the CPUs), started here and
ended here by pid. With a model key (the default; ``--no-model`` without), the proxy imports the
model's SDK in a thread at start, as it does when deployed with a model: the upstream is then
started while another thread runs. The key is not a key and the model's URL is a closed local
port; nothing is asked of a model (no page is made). ``--root`` runs another checkout's proxy
(for example ``git archive main``), with this environment's Python and this checkout's
``server-everything``.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import signal
import statistics
import subprocess
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

from needs import require  # noqa: E402

require(__file__, "npm")
EVERYTHING = ["node", str(ROOT / "tests" / "js" / "node_modules" / "@modelcontextprotocol" / "server-everything" / "dist"
                           / "index.js"), "stdio"]
ENVELOPE = {"io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {}}
SEQUENCES = ["stdin end", "stdin end + SIGTERM 50 ms", "SIGTERM busy"]
MARK = "COMPILE_UI_BENCH_STOPS"
EXIT_S, ORPHAN_S, ANSWER_S = 10.0, 5.0, 60.0


class Run:
    """One proxy as a host starts it; its stdout read as JSON lines, its stderr kept."""

    def __init__(self, root: Path, model: bool) -> None:
        self.mark = uuid.uuid4().hex
        env = {**os.environ, MARK: self.mark}
        if model:
            env |= {"ANTHROPIC_API_KEY": "bench-not-a-key", "ANTHROPIC_BASE_URL": "http://127.0.0.1:9"}
        command = [sys.executable, "-m", "compiler", "proxy", "--no-cache", "--", *EVERYTHING]
        self.process = subprocess.Popen(command, cwd=root, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        stderr=subprocess.PIPE)
        assert self.process.stdin and self.process.stdout and self.process.stderr  # a pipe each
        self.pipes = self.process.stdin, self.process.stdout, self.process.stderr
        self.stderr: list[str] = []
        self.messages: queue.Queue[dict[str, Any]] = queue.Queue()
        self.readers = [threading.Thread(target=self._read_stdout, daemon=True),
                        threading.Thread(target=self._read_stderr, daemon=True)]
        for reader in self.readers:
            reader.start()

    def _read_stdout(self) -> None:
        for line in self.pipes[1]:
            try:
                self.messages.put(json.loads(line))
            except ValueError:
                self.messages.put({"unreadable": line.decode(errors="replace")})

    def _read_stderr(self) -> None:
        for line in self.pipes[2]:
            self.stderr.append(line.decode(errors="replace"))

    def send(self, message: dict[str, Any]) -> None:
        self.pipes[0].write(json.dumps({"jsonrpc": "2.0", **message}).encode() + b"\n")
        self.pipes[0].flush()

    def wait_for(self, match: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        deadline = time.monotonic() + ANSWER_S
        while (left := deadline - time.monotonic()) > 0:
            try:
                message = self.messages.get(timeout=left)
            except queue.Empty:
                break
            if match(message):
                return message
        raise RuntimeError(f"the proxy never wrote what was awaited:\n{''.join(self.stderr)[-2000:]}")

    def open(self) -> None:
        self.send({"id": 1, "method": "server/discover", "params": {"_meta": ENVELOPE}})
        answer = self.wait_for(lambda m: m.get("id") == 1)
        if "result" not in answer:
            raise RuntimeError(f"server/discover failed: {answer}")

    def busy(self) -> None:
        meta = {**ENVELOPE, "progressToken": "busy"}
        self.send({"id": 2, "method": "tools/call", "params": {
            "name": "trigger-long-running-operation", "arguments": {"duration": 60, "steps": 600}, "_meta": meta}})
        self.wait_for(lambda m: m.get("method") == "notifications/progress")

    def stop(self, sequence: str) -> float:
        """The stop; the time it started (``time.monotonic``)."""
        if sequence == "SIGTERM busy":
            self.busy()
            started = time.monotonic()
            self.process.send_signal(signal.SIGTERM)
            return started
        started = time.monotonic()
        self.pipes[0].close()
        if sequence == "stdin end + SIGTERM 50 ms":
            time.sleep(0.05)  # the host's own timing, not a wait for a condition
            if self.process.poll() is None:
                self.process.send_signal(signal.SIGTERM)
        return started

    def finish(self) -> str:
        """The exit status (``hung`` if it did not exit, and was then killed here)."""
        try:
            status = str(self.process.wait(EXIT_S))
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            status = "hung"
        for reader in self.readers:
            reader.join(5)
        return status


def marked(mark: str) -> list[int]:
    """Running processes (not zombies) whose environment carries ``mark``."""
    found = []
    needle = f"{MARK}={mark}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as environ:
                if needle not in environ.read().split(b"\0"):
                    continue
            with open(f"/proc/{entry}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    continue
        except OSError:
            continue
        found.append(int(entry))
    return found


def left_behind(mark: str) -> list[int]:
    """What of a run still runs ``ORPHAN_S`` after the proxy's exit (polled: these are not our children)."""
    deadline = time.monotonic() + ORPHAN_S
    while (found := marked(mark)) and time.monotonic() < deadline:
        time.sleep(0.02)
    return found


def one(root: Path, sequence: str, model: bool) -> dict[str, Any]:
    run = Run(root, model)
    try:
        run.open()
        started = run.stop(sequence)
        status = run.finish()
        took = time.monotonic() - started
    except BaseException:
        run.process.kill()
        run.process.wait()
        raise
    stray = left_behind(run.mark)
    for pid in stray:
        try:
            os.kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
    stderr = "".join(run.stderr)
    return {"status": status, "traceback": "Traceback" in stderr, "orphans": len(stray), "seconds": took,
            "stderr": stderr}


def spawn_costs(repeat: int = 50) -> dict[str, float]:
    """Milliseconds to start ``/bin/true`` and reap it, each way (median of ``repeat``)."""
    sys.path.insert(0, str(ROOT))
    from compiler.proxy.drivers import spawn

    def die_with_parent() -> None:  # what the proxy ran in the child before
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL, 0, 0, 0)

    program = ["/bin/true"]
    ways = {"bare": (program, None), "preexec_fn (before)": (program, die_with_parent),
            "setpriv + sh": (spawn.wrapped(program, via="setpriv"), None),
            "python -I -S": (spawn.wrapped(program, via="python"), None)}
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(repeat):
        for name, (argv, preexec) in ways.items():
            started = time.perf_counter()
            subprocess.run(argv, check=True, start_new_session=True, preexec_fn=preexec)
            times[name].append((time.perf_counter() - started) * 1000)
    return {name: statistics.median(values) for name, values in times.items()}


def burn(count: int) -> list[subprocess.Popen[bytes]]:
    return [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--burners", type=int, default=2 * (os.cpu_count() or 1))
    parser.add_argument("--no-model", action="store_true", help="no model key: no SDK import thread at start")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout whose proxy runs")
    parser.add_argument("--show", type=int, default=2, help="print the stderr of this many odd runs")
    args = parser.parse_args()
    print("starting /bin/true (ms, median of 50): " + ", ".join(f"{name} {ms:.1f}" for name, ms in spawn_costs().items()))
    burners = burn(args.burners)
    results: dict[str, list[dict[str, Any]]] = {sequence: [] for sequence in SEQUENCES}
    try:
        for index in range(args.runs):
            for sequence in SEQUENCES:  # interleaved: the load and the machine change alike for each
                results[sequence].append(one(args.root, sequence, not args.no_model))
            print(f"\r{index + 1}/{args.runs}", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    print(f"root {args.root}, {args.burners} CPU burners on {os.cpu_count()} CPUs, model key: {not args.no_model}")
    print(f"{'sequence':<27} {'runs':>4}  {'exit statuses':<22} {'tracebacks':>10} {'orphans':>7} "
          f"{'exit s median':>13} {'max':>6}")
    odd = []
    for sequence, runs in results.items():
        statuses = Counter(run["status"] for run in runs)
        seconds = [run["seconds"] for run in runs]
        shown = ", ".join(f"{status}×{count}" for status, count in sorted(statuses.items()))
        print(f"{sequence:<27} {len(runs):>4}  {shown:<22} {sum(run['traceback'] for run in runs):>10} "
              f"{sum(run['orphans'] > 0 for run in runs):>7} {statistics.median(seconds):>13.3f} {max(seconds):>6.3f}")
        odd += [(sequence, run) for run in runs if run["status"] != "0" or run["traceback"] or run["orphans"]]
    for sequence, run in odd[:args.show]:
        print(f"\n--- {sequence}: exit {run['status']}, orphans {run['orphans']}\n{run['stderr'][-3000:]}")


if __name__ == "__main__":
    main()
