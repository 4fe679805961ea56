"""Real database servers for the field recorder (scripts/record_field.py): PostgreSQL, MariaDB,
Redis, Prometheus and a Jupyter server, each started on a free 127.0.0.1 port under a temporary directory, filled with the same
fixed scratch data, and stopped after the MCP servers that need them have been recorded.

    with services(["postgres", "redis"]) as ports:   # {"postgres": 54321, "redis": 40123}
        ...

PostgreSQL comes from /usr/local/bin (initdb, pg_ctl, postgres; initdb refuses root, so it runs as
``nobody`` in a directory that user owns); MariaDB and Redis from Debian's packages
(``apt-get install -y mariadb-server redis-server prometheus``); Jupyter from its own venv under
the git-ignored .cache/ (see JUPYTER_BIN); ``web`` is a static HTTP server over the
scratch data, in this process. A service whose binary is missing is left
out of the ports, and the servers that need it are skipped with a message.
"""

from __future__ import annotations

import functools
import http.server
import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack, contextmanager
from pathlib import Path

PG_BIN = Path("/usr/local/bin")
USER = "field"
PASSWORD = "field-pass"
DATABASE = "field"

# One data set for every SQL server: a sales table of a few dozen rows, a retention matrix
# (cohort × month), and people with a JSON column of nested records.
REGIONS = ("North", "South", "East", "West")
PRODUCTS = ("Widget", "Gadget", "Gizmo")


def sales_rows() -> list[tuple[int, str, str, str, float, int]]:
    rows = []
    i = 0
    for region in REGIONS:
        for product in PRODUCTS:
            for q in (1, 2, 3):
                i += 1
                rows.append((i, region, product, f"2026-Q{q}", round(800 + (i * 379) % 2200 + q * 12.5, 2), 5 + (i * 7) % 40))
    return rows


def retention_rows() -> list[tuple[str, int, int, float]]:
    """(cohort, size, month, retained %) for six monthly cohorts, a triangle as real ones are."""
    rows = []
    for c in range(6):
        size = 120 + c * 17
        for m in range(6 - c):
            rows.append((f"2026-{c + 1:02d}", size, m, round(100.0 if m == 0 else 100 * 0.62 ** m * (1 + c * 0.03), 1)))
    return rows


def sql_script(dialect: str) -> str:
    """The scratch data as SQL for ``postgres`` or ``mysql``."""
    jtype = "jsonb" if dialect == "postgres" else "json"
    lines = [
        "create table sales (id integer primary key, region varchar(16), product varchar(16), quarter varchar(8), revenue numeric(10,2), units integer);",
        "create table retention (cohort varchar(8), cohort_size integer, month integer, retained_pct numeric(5,1), primary key (cohort, month));",
        f"create table people (id integer primary key, name varchar(40), born integer, skills {jtype});",
    ]
    for r in sales_rows():
        lines.append(f"insert into sales values ({r[0]}, '{r[1]}', '{r[2]}', '{r[3]}', {r[4]}, {r[5]});")
    for c in retention_rows():
        lines.append(f"insert into retention values ('{c[0]}', {c[1]}, {c[2]}, {c[3]});")
    people = [
        (1, "Ada Lovelace", 1815, '[{"skill": "mathematics", "level": 5}, {"skill": "programming", "level": 4}]'),
        (2, "Alan Turing", 1912, '[{"skill": "logic", "level": 5}, {"skill": "cryptanalysis", "level": 5}]'),
        (3, "Grace Hopper", 1906, '[{"skill": "compilers", "level": 5}]'),
        (4, "Edsger Dijkstra", 1930, "[]"),
    ]
    for p in people:
        lines.append(f"insert into people values ({p[0]}, '{p[1]}', {p[2]}, '{p[3]}');")
    return "\n".join(lines) + "\n"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_port(port: int, seconds: float = 30) -> None:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"nothing listens on 127.0.0.1:{port} after {seconds} s")


def stop(proc: subprocess.Popen[bytes]) -> None:
    proc.terminate()
    try:
        proc.wait(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


@contextmanager
def postgres(tmp: Path) -> Iterator[int]:
    port = free_port()
    home = tmp / "pg"
    home.mkdir()
    shutil.chown(home, "nobody", "nogroup")
    data = home / "data"
    nobody = ["runuser", "-u", "nobody", "--"]
    subprocess.run([*nobody, str(PG_BIN / "initdb"), "-D", str(data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"], check=True, capture_output=True)
    # the data goes in through single-user mode: there is no psql here, and the server is not up yet
    subprocess.run([*nobody, str(PG_BIN / "postgres"), "--single", "-D", str(data), "-j", "postgres"],
                   input=f"create database {DATABASE};\n".encode(), check=True, capture_output=True)
    subprocess.run([*nobody, str(PG_BIN / "postgres"), "--single", "-D", str(data), "-j", DATABASE],
                   input=sql_script("postgres").replace(";\n", ";\n\n").encode(), check=True, capture_output=True)
    proc = subprocess.Popen([*nobody, str(PG_BIN / "postgres"), "-D", str(data), "-p", str(port), "-h", "127.0.0.1", "-k", str(home)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port)
        yield port
    finally:
        stop(proc)


@contextmanager
def mariadb(tmp: Path) -> Iterator[int]:
    port = free_port()
    data, sock = tmp / "mariadb", tmp / "mariadb.sock"
    subprocess.run(["mariadb-install-db", "--no-defaults", f"--datadir={data}", "--user=root", "--auth-root-authentication-method=normal"],
                   check=True, capture_output=True)
    proc = subprocess.Popen(["mariadbd", "--no-defaults", f"--datadir={data}", f"--socket={sock}", f"--port={port}",
                             "--bind-address=127.0.0.1", "--user=root", f"--pid-file={tmp / 'mariadb.pid'}", "--skip-log-bin"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port)
        setup = (f"create database {DATABASE}; create user '{USER}'@'127.0.0.1' identified by '{PASSWORD}';"
                 f" grant all on {DATABASE}.* to '{USER}'@'127.0.0.1';\nuse {DATABASE};\n" + sql_script("mysql"))
        subprocess.run(["mariadb", "--no-defaults", f"--socket={sock}", "-u", "root"], input=setup.encode(), check=True, capture_output=True)
        yield port
    finally:
        stop(proc)


REDIS_DATA = [
    ["SET", "greeting", "hello field"],
    ["SET", "visits:2026-11-23", "1040"],
    ["HSET", "user:1", "name", "Ada Lovelace", "born", "1815", "role", "programmer"],
    ["HSET", "user:2", "name", "Alan Turing", "born", "1912", "role", "logician"],
    ["RPUSH", "queue:jobs", "resize photo-1", "send mail 7", "index docs"],
    ["SADD", "tags", "math", "logic", "compilers"],
    ["ZADD", "leaderboard", "92.5", "Ada", "88", "Alan", "95.25", "Grace"],
]


@contextmanager
def redis(tmp: Path) -> Iterator[int]:
    port = free_port()
    home = tmp / "redis"
    home.mkdir()
    proc = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--dir", str(home), "--save", "", "--appendonly", "no"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port)
        for command in REDIS_DATA:
            subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", str(port), *command], check=True, capture_output=True)
        yield port
    finally:
        stop(proc)


# Prometheus (Debian's prometheus package, its promtool): fixed samples written as blocks before it
# starts (promtool tsdb create-blocks-from openmetrics), so a query over their half hour answers the
# same every time: two ferry routes' crossing minutes and passengers, one sample a minute, up to
# PROM_END (2026-11-20T08:15:00Z); kept whatever their age (retention 100 years).
PROM_END = 1795162500
ROUTES = ("Tromsø–Skjervøy", "Ålesund–Hareid")


def prometheus_samples() -> str:
    lines = []
    for metric, kind, value in (
        ("ferry_crossing_minutes", "gauge", lambda r, m: round(48.5 + 11.25 * r + 3 * ((m * 7 + r * 3) % 5) / 4, 2)),
        ("ferry_passengers_total", "counter", lambda r, m: (m + 1) * (40 + 17 * r) + (m * 13) % 9),
    ):
        lines.append(f"# TYPE {metric} {kind}")
        for r, route in enumerate(ROUTES):
            for m in range(31):
                lines.append(f'{metric}{{route="{route}",vessel="MF {"Nordlys" if r else "Fjord"}"}} {value(r, m)} {PROM_END - (30 - m) * 60}')
    return "\n".join(lines) + "\n# EOF\n"


@contextmanager
def prometheus(tmp: Path) -> Iterator[int]:
    port = free_port()
    home = tmp / "prometheus"
    (home / "data").mkdir(parents=True)
    (home / "samples.om").write_text(prometheus_samples())
    (home / "prometheus.yml").write_text("global:\n  scrape_interval: 1h\nscrape_configs: []\n")
    subprocess.run(["promtool", "tsdb", "create-blocks-from", "openmetrics", str(home / "samples.om"), str(home / "data")], check=True, capture_output=True)
    proc = subprocess.Popen(["prometheus", f"--config.file={home / 'prometheus.yml'}", f"--storage.tsdb.path={home / 'data'}",
                             "--storage.tsdb.retention.time=100y", f"--web.listen-address=127.0.0.1:{port}"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port)
        yield port
    finally:
        stop(proc)


# A Jupyter server (JupyterLab with its real-time collaboration, the Python kernel beside it), for
# the notebook MCP servers, which run cells in its kernels and edit its notebooks. Installed apart:
#     python3 -m venv .cache/venvs/jupyterlab
#     .cache/venvs/jupyterlab/bin/pip install jupyterlab jupyter-collaboration ipykernel
# Its config, runtime and IPython folders are in the temporary directory, so nobody's settings or
# kernels of another run are read; the recorder runs as root, hence --allow-root.
JUPYTER_BIN = Path(__file__).resolve().parent.parent / ".cache" / "venvs" / "jupyterlab" / "bin" / "jupyter-lab"
JUPYTER_TOKEN = "field-token"


@contextmanager
def jupyter(tmp: Path) -> Iterator[int]:
    port = free_port()
    home = tmp / "jupyter"
    (home / "notebooks").mkdir(parents=True)
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(home / "config"), "JUPYTER_RUNTIME_DIR": str(home / "runtime"),
           "IPYTHONDIR": str(home / "ipython"), "PYTHONHASHSEED": "0"}
    proc = subprocess.Popen([str(JUPYTER_BIN), "--allow-root", "--no-browser", "--ServerApp.ip=127.0.0.1", f"--port={port}",
                             f"--IdentityProvider.token={JUPYTER_TOKEN}", f"--ServerApp.root_dir={home / 'notebooks'}"],
                            env=env, cwd=home, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_port(port, 90)
        yield port
    finally:
        stop(proc)


class Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (the base's name)
        pass


@contextmanager
def web(root: Path) -> Iterator[int]:
    """A static HTTP server over ``root`` (for servers that read a URL, e.g. an .ics feed)."""
    handler = functools.partial(Quiet, directory=str(root))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield int(httpd.server_address[1])
    finally:
        httpd.shutdown()
        httpd.server_close()


STARTERS: dict[str, tuple[str, Callable[[Path], AbstractContextManager[int]]]] = {
    "postgres": (str(PG_BIN / "pg_ctl"), postgres),
    "mariadb": ("/usr/sbin/mariadbd", mariadb),
    "redis": ("/usr/bin/redis-server", redis),
    "prometheus": ("/usr/bin/prometheus", prometheus),
    "jupyter": (str(JUPYTER_BIN), jupyter),
}
WEB_ROOT = Path("/tmp/compile-ui-field/data")  # the recorder's scratch data (scripts/record_field.py)


@contextmanager
def services(names: list[str], log: Callable[[str], None]) -> Iterator[dict[str, int]]:
    """Start the named services; yield their ports (a service that cannot start is left out)."""
    ports: dict[str, int] = {}
    with tempfile.TemporaryDirectory(prefix="compile-ui-services-") as d, ExitStack() as stack:
        tmp = Path(d)
        os.chmod(tmp, 0o755)
        for name in names:
            if name == "web":
                ports[name] = stack.enter_context(web(WEB_ROOT))
                continue
            binary, start = STARTERS[name]
            if not Path(binary).exists():
                log(f"skip service {name}: {binary} is not installed (see scripts/field_services.py)")
                continue
            try:
                ports[name] = stack.enter_context(start(tmp))
            except (subprocess.CalledProcessError, RuntimeError) as e:
                log(f"skip service {name}: it did not start ({e})")
        yield ports
