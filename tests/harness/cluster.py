"""The real parts of a team's deployment, started for a test or a benchmark: Debian's PostgreSQL
(``initdb``/``pg_ctl`` under a temporary directory, as an unprivileged user when we are root),
Debian's HAProxy (the configuration ``docs/deploy.md`` shows, read from there), and replicas of
``compile-ui proxy --serve http --store postgresql://…`` on free loopback ports.

Nothing here is skipped: a missing binary is a failure that says what to install
(``scripts/test.sh`` installs both). Every process is started in a session of its own and
stopped by its process group; waits are on conditions (a port, ``pg_isready``), never fixed.
"""

from __future__ import annotations

import glob
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path
from queue import Queue

from harness.asyncutil import port_open, wait_until

ROOT = Path(__file__).resolve().parents[2]
FIXTURE = [sys.executable, str(ROOT / "fixtures" / "servers" / "modern_upstream.py")]
INSTALL = "install them with: apt-get install -y postgresql haproxy (scripts/test.sh does)"


class Missing(RuntimeError):
    """A binary the real parts need is not installed."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def binary(name: str) -> str:
    """The path of a PostgreSQL or HAProxy program (Debian keeps PostgreSQL's off the PATH)."""
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)), None)
    if found is None:
        raise Missing(f"{name} is not installed; {INSTALL}")
    return found


def missing() -> str | None:
    """What is not installed, in one line, or ``None``."""
    try:
        for name in ("initdb", "pg_ctl", "haproxy"):
            binary(name)
        import psycopg  # noqa: F401
    except Missing as error:
        return str(error)
    except ImportError:
        return "psycopg is not installed: pip install 'compile-ui[postgres]'"
    return None


def _stop_group(process: subprocess.Popen[bytes], sig: int = signal.SIGTERM, timeout: float = 15) -> None:
    if process.poll() is not None:
        try:  # anything left of its group (its own children)
            os.killpg(process.pid, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass
        return
    try:
        os.killpg(process.pid, sig)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(10)


class Postgres:
    """A throw-away PostgreSQL server on ``127.0.0.1:port``, trust authentication."""

    def __init__(self) -> None:
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="compile-ui-pg-"))
        self.data = self.dir / "data"
        self.log = self.dir / "postgres.log"
        self.as_user: list[str] = []
        if os.geteuid() == 0:  # initdb refuses to run as root
            os.chown(self.dir, *_nobody())
            self.as_user = ["runuser", "-u", "nobody", "--"]
        self._run(binary("initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        self.start()

    @property
    def dsn(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def database(self, name: str) -> str:
        """A fresh, empty database; its DSN."""
        import psycopg

        with psycopg.connect(self.dsn, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}"'.encode())
            conn.execute(f'CREATE DATABASE "{name}"'.encode())
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def start(self) -> None:
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
        self._run(binary("pg_ctl"), "-D", str(self.data), "-o", options, "-l", str(self.log), "-w", "-t", "60", "start")

    def stop(self) -> None:
        self._run(binary("pg_ctl"), "-D", str(self.data), "-m", "fast", "-w", "-t", "60", "stop")

    def running(self) -> bool:
        return port_open(self.port)

    def freeze(self) -> None:
        """SIGSTOP the server — the postmaster, then every process it forked (backends,
        checkpointer, walwriter…): alive, its sockets open, its kernel acknowledging, nothing
        answering (a database under a lock, a failover, a stuck disk). Each backend leads a
        process group of its own (PostgreSQL's ``setsid``), so they are found as the stopped
        postmaster's children, which cannot fork any more."""
        postmaster = self._postmaster()
        os.kill(postmaster, signal.SIGSTOP)
        for child in _children(postmaster):
            os.kill(child, signal.SIGSTOP)

    def thaw(self) -> None:
        postmaster = self._postmaster()
        for child in _children(postmaster):
            os.kill(child, signal.SIGCONT)
        os.kill(postmaster, signal.SIGCONT)

    def _postmaster(self) -> int:
        return int((self.data / "postmaster.pid").read_text().split()[0])

    def close(self) -> None:
        if (self.data / "postmaster.pid").exists():
            self._run(binary("pg_ctl"), "-D", str(self.data), "-m", "immediate", "-w", "stop", check=False)
        shutil.rmtree(self.dir, ignore_errors=True)

    def _run(self, *command: str, check: bool = True) -> None:
        done = subprocess.run([*self.as_user, *command], capture_output=True, text=True, timeout=120, cwd=self.dir)
        if check and done.returncode != 0:
            log = self.log.read_text()[-2000:] if self.log.exists() else ""
            raise RuntimeError(f"{' '.join(command[:2])} failed ({done.returncode}): {done.stderr[-2000:]}\n{log}")


def _children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from ``/proc``)."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue  # ended meanwhile
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


def _nobody() -> tuple[int, int]:
    import pwd

    entry = pwd.getpwnam("nobody")
    return entry.pw_uid, entry.pw_gid


def deploy_haproxy_template() -> str:
    """The HAProxy configuration that ``docs/deploy.md`` shows (its first ``haproxy`` block)."""
    text = (ROOT / "docs" / "deploy.md").read_text()
    found = re.search(r"```haproxy\n(.*?)```", text, re.S)
    if found is None:
        raise AssertionError("docs/deploy.md shows no ```haproxy block")
    return found.group(1)


def haproxy_config(replicas: list[int], *, health_inter_ms: int = 300, stats_socket: Path | None = None) -> str:
    """The documented configuration with one ``server`` line per replica port (the documented
    line is the pattern) and a shorter health-check interval, so faults show within a second;
    with ``stats_socket``, HAProxy's runtime API there too (to read what its checks concluded)."""
    lines: list[str] = []
    seen: set[str] = set()
    for line in deploy_haproxy_template().splitlines():
        if line.strip().startswith("server "):
            indent, (_, name, _, *rest) = line[: len(line) - len(line.lstrip())], line.split()
            kind = name.rstrip("0123456789") if not re.search(r"\d-", name) else name.split("-", 1)[1]
            if kind in seen:  # one documented line of each kind is the pattern for all replicas
                continue
            seen.add(kind)
            suffix = "" if kind == name.rstrip("0123456789") else f"-{kind}"
            lines += [f"{indent}server replica{n}{suffix} 127.0.0.1:{port} {' '.join(rest)}" for n, port in enumerate(replicas, 1)]
        else:
            lines.append(re.sub(r"\binter \S+", f"inter {health_inter_ms}ms", line))
            if stats_socket is not None and line.strip() == "global":
                lines.append(f"    stats socket {stats_socket} mode 600 level user")
    return "\n".join(lines) + "\n"


class HAProxy:
    """HAProxy in front of ``replicas``, listening on ``127.0.0.1:port``."""

    def __init__(self, replicas: list[int], port: int | None = None) -> None:
        self.port = port or free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="compile-ui-haproxy-"))
        self.config = self.dir / "haproxy.cfg"
        self.stats = self.dir / "stats.sock"
        self.config.write_text(haproxy_config(replicas, stats_socket=self.stats))
        env = {**os.environ, "COMPILE_UI_LISTEN": f"127.0.0.1:{self.port}", "COMPILE_UI_HOST": self.host}
        check = subprocess.run([binary("haproxy"), "-c", "-f", str(self.config)], env=env, capture_output=True, text=True)
        if check.returncode != 0:
            raise RuntimeError(f"haproxy refused the documented configuration: {check.stdout}{check.stderr}")
        self.log = self.dir / "haproxy.log"
        with self.log.open("wb") as log:
            self.process = subprocess.Popen([binary("haproxy"), "-db", "-f", str(self.config)], env=env,
                                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        if not wait_until(lambda: port_open(self.port) or self.process.poll() is not None, 30) or self.process.poll() is not None:
            raise RuntimeError(f"haproxy did not start: {self.log.read_text()[-2000:]}")

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def url(self) -> str:
        return f"http://{self.host}/mcp"

    def checks(self) -> dict[str, tuple[str, str]]:
        """Each checked server's state and its last check's result, as HAProxy's runtime API
        reports them (``show stat``): e.g. ``{"replica1": ("UP", "L7OK")}``."""
        with socket.socket(socket.AF_UNIX) as sock:
            sock.settimeout(10)
            sock.connect(str(self.stats))
            sock.sendall(b"show stat\n")
            answer = b""
            while chunk := sock.recv(65536):
                answer += chunk
        lines = answer.decode().splitlines()
        header = lines[0].lstrip("# ").split(",")
        rows = [dict(zip(header, line.split(","), strict=False)) for line in lines[1:] if line]
        return {row["svname"]: (row["status"], row["check_status"]) for row in rows
                if row.get("check_status") and row["svname"] not in ("FRONTEND", "BACKEND")}

    def close(self) -> None:
        _stop_group(self.process)
        shutil.rmtree(self.dir, ignore_errors=True)


class Replica:
    """``compile-ui proxy --serve http --store STORE`` in front of the fixture upstream."""

    def __init__(self, store: str, *, allow_host: str | None = None, port: int | None = None,
                 options: tuple[str, ...] = (), upstream: list[str] | None = None, wait: bool = True) -> None:
        self.port = port or free_port()
        self.store, self.allow_host, self.options = store, allow_host, options
        self.upstream = upstream or FIXTURE
        self.stderr = Path(tempfile.mkstemp(prefix="compile-ui-replica-", suffix=".log")[1])
        self.cache = Path(tempfile.mkdtemp(prefix="compile-ui-replica-cache-"))
        """Its own cache directory (a replica's machine has its own), not the user's."""
        self.process: subprocess.Popen[bytes] | None = None
        self.start(wait=wait)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/mcp"

    def start(self, *, wait: bool = True) -> None:
        allow = ["--allow-host", self.allow_host] if self.allow_host else []
        env = {**os.environ, "COMPILE_UI_STORE": self.store, "COMPILE_UI_CACHE_DIR": str(self.cache)}
        with self.stderr.open("ab") as err:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "compiler", "proxy", "--serve", "http", "--port", str(self.port), *allow,
                 *self.options, "--", *self.upstream],
                cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=err, start_new_session=True)
        if wait:
            self.wait_healthy()

    def wait_healthy(self, timeout: float = 60) -> None:
        assert self.process is not None
        process = self.process
        if not (wait_until(lambda: self.health()[0] == 200 or process.poll() is not None, timeout) and process.poll() is None):
            raise RuntimeError(f"the replica did not become healthy: {self.log()[-3000:]}")

    def health(self) -> tuple[int, str]:
        return healthz(f"127.0.0.1:{self.port}")

    def log(self) -> str:
        return self.stderr.read_text(errors="replace")

    def kill(self) -> None:
        """SIGKILL the replica alone (its upstream goes with it: PR_SET_PDEATHSIG)."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(10)

    def terminate(self, timeout: float = 30) -> int:
        assert self.process is not None
        self.process.send_signal(signal.SIGTERM)
        return self.process.wait(timeout)

    def close(self) -> None:
        if self.process is not None:
            _stop_group(self.process)
        self.stderr.unlink(missing_ok=True)
        shutil.rmtree(self.cache, ignore_errors=True)


class Far:
    """A TCP relay on a free loopback port to ``port``, adding ``delay_s`` to every byte each way:
    the network between a replica and a store in another zone (20 to 50 ms is common). Bytes
    keep their order and pace; only their arrival moves later."""

    def __init__(self, port: int, delay_s: float) -> None:
        self.target, self.delay_s = port, delay_s
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        self.closed = threading.Event()
        threading.Thread(target=self._accept, daemon=True).start()

    def dsn(self, dsn: str) -> str:
        """``dsn`` (a database on ``127.0.0.1:port``) reached through this relay."""
        return dsn.replace(f"127.0.0.1:{self.target}", f"127.0.0.1:{self.port}")

    def _accept(self) -> None:
        while not self.closed.is_set():
            try:
                near, _ = self.listener.accept()
                far = socket.create_connection(("127.0.0.1", self.target))
            except OSError:
                return
            for source, sink in ((near, far), (far, near)):
                queue: Queue[tuple[float, bytes]] = Queue()
                threading.Thread(target=self._read, args=(source, queue), daemon=True).start()
                threading.Thread(target=self._write, args=(sink, queue), daemon=True).start()

    def _read(self, source: socket.socket, queue: Queue[tuple[float, bytes]]) -> None:
        while True:
            try:
                data = source.recv(65536)
            except OSError:
                data = b""
            queue.put((time.monotonic() + self.delay_s, data))
            if not data:
                return

    def _write(self, sink: socket.socket, queue: Queue[tuple[float, bytes]]) -> None:
        while True:
            due, data = queue.get()
            if (wait := due - time.monotonic()) > 0:
                time.sleep(wait)  # the emulated network's latency, not a test's wait
            try:
                if not data:
                    sink.shutdown(socket.SHUT_WR)
                    return
                sink.sendall(data)
            except OSError:
                return

    def close(self) -> None:
        self.closed.set()
        self.listener.close()


class Burners:
    """``count`` CPU-bound subprocesses (the load of a busy machine: a build, a browser), each
    ending by itself after ``seconds`` at most and stopped by its group on leaving the block."""

    LOOP = "import time\nend = time.monotonic() + {seconds}\nwhile time.monotonic() < end:\n    pass\n"

    def __init__(self, count: int = 2, seconds: float = 300) -> None:
        self.count, self.seconds = count, seconds
        self.processes: list[subprocess.Popen[bytes]] = []

    def __enter__(self) -> Burners:
        for _ in range(self.count):
            self.processes.append(subprocess.Popen([sys.executable, "-c", self.LOOP.format(seconds=self.seconds)],
                                                   start_new_session=True))
        return self

    def running(self) -> bool:
        """Every burner alive and spending CPU (state R in ``/proc``)."""
        return all(p.poll() is None and _state(p.pid) == "R" for p in self.processes)

    def __exit__(self, *_: object) -> None:
        for process in self.processes:
            _stop_group(process, signal.SIGKILL)


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return ""


def healthz(host: str, path: str = "/healthz") -> tuple[int, str]:
    """``GET /healthz`` on ``host``: its status and body (0 when nothing answers)."""
    try:
        with urllib.request.urlopen(f"http://{host}{path}", timeout=10) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
    except (OSError, urllib.error.URLError):
        return 0, ""
