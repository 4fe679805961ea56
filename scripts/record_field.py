"""Record the field corpus: real results of real MCP servers, for the result-view tests.

    python scripts/record_field.py            # every server
    python scripts/record_field.py git time   # only these

Each server is started over stdio with the official ``mcp`` client, its tools are listed, and
tools are called with fixed arguments on scratch data this script creates under
``/tmp/compile-ui-field`` (a git repository with a commit that holds a diff, a CSV file, a
directory tree, a log file, a SQLite database, a sales table of 36 rows, a cohort retention
matrix, people with nested skills, as CSV, SQLite, xlsx and PDF…). The database servers
(PostgreSQL, MariaDB, Redis) are started on a free 127.0.0.1 port under a temporary directory,
filled with the same data and stopped after (scripts/field_services.py). Every call is written to
``fixtures/field/<server>__<tool>[__<case>].json`` as ``{server, package, version, serverInfo,
tool, arguments, result}``: ``version`` is the installed package's version (the ``serverInfo``
the server reported is often its SDK's), ``tool`` is the server's tool definition and ``result``
the exact ``tools/call`` result as it came off the wire (a JSON-RPC error is kept as
``{"jsonrpcError": ...}``). The scratch directory has a fixed path and its files fixed times, so
that paths in results are stable; Python servers run with a fixed hash seed, and servers that
stamp what they create run under a frozen wall clock (libfaketime). What is left changes from
one recording to the next: a query's duration, a Python object's address, a file's ctime, the
order of Redis's keys and sets, the port of the local web server in a fetched page's address, a
PDF viewer's UUID, the cohort heatmap's retention (the example draws it with Math.random), the
system monitor's machine (hostname, CPU, memory) and its stats (CPU times, memory in use,
uptime); a MariaDB connection's number counts the connections made before it, so it holds for a
run of every server in order.

A recording that today's views show wrongly lives in ``fixtures/field-pending/`` instead (same
format; its README.md says what fails); re-recording writes it there again. A new recording goes
to ``fixtures/field/``: run tests/field/test_views_field.py and move it if it fails there.

The servers are NOT dependencies of compile-ui or of its tests (the tests only read the
recordings). To re-record, install them beside the checkout, under the git-ignored .cache/:

    (cd tests/js && npm ci)          # server-filesystem, server-memory, server-everything
    python3 -m venv .cache/field-venv
    .cache/field-venv/bin/pip install mcp-server-time mcp-server-git mcp-server-fetch
    python3 -m venv .cache/sqlite-venv                     # mcp-server-sqlite predates mcp 2.x
    .cache/sqlite-venv/bin/pip install mcp-server-sqlite "mcp<2"

    # one venv per Python server, .cache/venvs/<package> (their pins clash); the ones written
    # for the mcp 1.x SDK need "mcp<2" beside them, chroma-mcp also "pydantic<2.12"
    for p in excel-mcp-server office-word-mcp-server markitdown-mcp redis-mcp-server \\
             mcp-server-calculator mcp-sympy chuk-mcp-math-server mcp-server-motherduck \\
             prometheus-mcp-server mcp-jupyter-notebook jupyter-mcp-server; do
        python3 -m venv .cache/venvs/$p && .cache/venvs/$p/bin/pip install $p; done
    for p in mcp-server-duckdb mysql-mcp-server mcp-server-tree-sitter cli-mcp-server mcp-pandas \\
             office-powerpoint-mcp-server webcal-mcp mcp-dbutils; do
        python3 -m venv .cache/venvs/$p && .cache/venvs/$p/bin/pip install $p "mcp<2"; done
    python3 -m venv .cache/venvs/chroma-mcp && .cache/venvs/chroma-mcp/bin/pip install chroma-mcp "mcp<2" "pydantic<2.12"
    python3 -m venv .cache/venvs/mcp-alchemy && .cache/venvs/mcp-alchemy/bin/pip install mcp-alchemy psycopg2-binary

    # one npm folder per Node server, .cache/npm-<name> (mcp-sqlite builds sqlite3: a C compiler)
    for spec in sequential-thinking=@modelcontextprotocol/server-sequential-thinking \\
                postgres=@modelcontextprotocol/server-postgres redis=@modelcontextprotocol/server-redis \\
                mysql=@benborla29/mcp-server-mysql excel=@negokaz/excel-mcp-server \\
                code-runner=mcp-server-code-runner knowledge-graph=@itseasy21/mcp-knowledge-graph \\
                sqlite=mcp-sqlite pdf-reader=@sylphx/pdf-reader-mcp pdf=@modelcontextprotocol/server-pdf calc=@coo-quack/calc-mcp \\
                eslint=@eslint/mcp git=@cyanheads/git-mcp-server dbhub=@bytebase/dbhub \\
                database-server=@executeautomation/database-server \\
                budget-allocator=@modelcontextprotocol/server-budget-allocator@2.0.3 \\
                scenario-modeler=@modelcontextprotocol/server-scenario-modeler@2.0.3 \\
                cohort-heatmap=@modelcontextprotocol/server-cohort-heatmap@2.0.3 \\
                system-monitor=@modelcontextprotocol/server-system-monitor@2.0.3; do
        npm install --prefix .cache/npm-${spec%%=*} --no-audit --no-fund "${spec#*=}"; done

    # the databases: PostgreSQL's initdb, pg_ctl and postgres in /usr/local/bin; the others from Debian
    apt-get install -y mariadb-server redis-server prometheus faketime    # faketime: see FROZEN below
    # the notebook servers' Jupyter server, in a venv of its own (scripts/field_services.py)
    python3 -m venv .cache/venvs/jupyterlab && .cache/venvs/jupyterlab/bin/pip install jupyterlab jupyter-collaboration ipykernel

code-runner runs ``python`` (with numpy, for its ``numpy`` case) and ``node`` from the PATH; cli-mcp-server
runs ``sqlite3`` (Debian's sqlite3). A server whose command is missing is
skipped with a message, and so is one whose database server is missing or does not start. Run
with the project's venv (``.venv/bin/python``), which has the ``mcp`` client.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import anyio
from mcp.client.session import ClientSession
from mcp.client.stdio import StdioServerParameters, stdio_client

sys.path.insert(0, str(Path(__file__).resolve().parent))
import field_files  # noqa: E402
import field_services  # noqa: E402
from field_services import services  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "fixtures" / "field"
# recordings that today's views show wrongly (issue 26): re-recorded in place, see its README.md
PENDING = ROOT / "fixtures" / "field-pending"
CALL_SECONDS = 60
# Python servers that list a set (cli-mcp-server's allowed commands) list it in one order
STEADY = {"PYTHONHASHSEED": "0"}
# A server that stamps what it creates sees the wall clock stand still at the scratch commits' time
# (Debian's faketime package; monotonic clocks run on, so timeouts still work).
FAKETIME = Path("/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1")
FROZEN = {"LD_PRELOAD": str(FAKETIME), "FAKETIME": "2026-11-20 08:15:00", "FAKETIME_DONT_FAKE_MONOTONIC": "1", "TZ": "UTC"}
SCRATCH = Path("/tmp/compile-ui-field")
NPM_BIN = ROOT / "tests" / "js" / "node_modules" / ".bin"
FIELD_BIN = ROOT / ".cache" / "field-venv" / "bin"
SQLITE_BIN = ROOT / ".cache" / "sqlite-venv" / "bin"
REPO = SCRATCH / "repo"
FILES = SCRATCH / "files"
DATA = SCRATCH / "data"
FIXED_TIME = 1795162500  # 2026-11-20T09:15:00+01:00, the scratch commits' date
CACHE = ROOT / ".cache"


def venv(package: str, command: str | None = None) -> str:
    """A Python server's command in its own venv, .cache/venvs/<package>/bin/<command>."""
    return str(CACHE / "venvs" / package / "bin" / (command or package))


def npm(folder: str, command: str) -> str:
    """An npm server's command, installed with ``npm install --prefix .cache/npm-<folder>``."""
    return str(CACHE / f"npm-{folder}" / "node_modules" / ".bin" / command)


@dataclass
class Server:
    """An MCP server to record: its command, and the calls to make (tool, arguments, case name).

    ``{postgres}``, ``{mariadb}``, ``{redis}``, ``{prometheus}``, ``{jupyter}`` and ``{web}`` in the command, the env and the
    ``files`` stand for the port of that server (scripts/field_services.py), started for the
    servers that name it in ``services``."""

    name: str
    package: str
    command: list[str]
    calls: list[tuple[str, dict[str, Any], str]]
    env: dict[str, str] = field(default_factory=dict)
    services: list[str] = field(default_factory=list)
    cwd: str | None = None
    files: dict[str, str] = field(default_factory=dict)  # written (with the ports) before it starts
    frozen_clock: bool = False  # stamps its results with the time: run it under libfaketime


# --------------------------------------------------------------------------- scratch data

CSV = "city,country,population,founded\nOslo,Norway,709037,1040\nBergen,Norway,291189,1070\nTrondheim,Norway,214565,997\nStavanger,Norway,149048,1125\n"
LOG = "".join(
    f"2026-11-23T10:{i // 60:02d}:{i % 60:02d}Z {'ERROR' if i % 7 == 0 else 'INFO'} worker-{i % 3} processed batch {i} in {i * 13 % 97} ms\n"
    for i in range(40)
)
CODE = '''def fib(n: int) -> int:
    """The n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a


if __name__ == "__main__":
    print(fib(30))
'''
ICS = "".join(line + "\r\n" for line in """BEGIN:VCALENDAR
VERSION:2.0
PRODID:-//compile-ui//field recorder//EN
X-WR-CALNAME:Team
BEGIN:VEVENT
UID:standup@field.example
DTSTAMP:20261120T081500Z
DTSTART;TZID=Europe/Oslo:20261102T091500
DTEND;TZID=Europe/Oslo:20261102T093000
RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=8
SUMMARY:Stand-up
LOCATION:Room Babbage
CATEGORIES:meeting
END:VEVENT
BEGIN:VEVENT
UID:review@field.example
DTSTAMP:20261120T081500Z
DTSTART;TZID=Europe/Oslo:20261125T140000
DTEND;TZID=Europe/Oslo:20261125T153000
SUMMARY:Quarterly sales review
DESCRIPTION:North and East ahead\\, West behind. Bring the retention matrix.
LOCATION:Room Lovelace
CATEGORIES:meeting,sales
END:VEVENT
BEGIN:VEVENT
UID:call@field.example
DTSTAMP:20261120T081500Z
DTSTART:20261125T170000Z
DTEND:20261125T173000Z
SUMMARY:Call with the New York office
CATEGORIES:call
END:VEVENT
BEGIN:VEVENT
UID:offsite@field.example
DTSTAMP:20261120T081500Z
DTSTART;VALUE=DATE:20261203
DTEND;VALUE=DATE:20261205
SUMMARY:Team offsite
LOCATION:Bergen
CATEGORIES:travel
END:VEVENT
BEGIN:VEVENT
UID:release@field.example
DTSTAMP:20261120T081500Z
DTSTART;TZID=Asia/Kolkata:20261210T093000
DTEND;TZID=Asia/Kolkata:20261210T103000
SUMMARY:Release 2.0 go/no-go
CATEGORIES:meeting,release
END:VEVENT
END:VCALENDAR""".splitlines())
# A web page with a table, served on 127.0.0.1 (scripts/field_services.py ``web``) for mcp-server-fetch
SALES_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Sales by region</title></head>
<body><main><article>
<h1>Sales by region, 2026-Q3</h1>
<p>Revenue grew in every region but the West.</p>
<table>
<thead><tr><th>Region</th><th>Revenue</th><th>Units</th></tr></thead>
<tbody>
<tr><td>North</td><td>12450.00</td><td>310</td></tr>
<tr><td>South</td><td>11980.50</td><td>287</td></tr>
<tr><td>East</td><td>13002.25</td><td>342</td></tr>
<tr><td>West</td><td>9870.75</td><td>251</td></tr>
</tbody></table>
</article></main></body></html>
"""
README = """# Field notes

Scratch data for **compile-ui**'s field corpus.

- cities.csv: a table
- app.log: a log
"""


# Notebook cells (issue 50), for the notebook servers: what each one's output is, in nbformat terms
NB_FLOAT = "revenue = [12450.0, 11980.5, 13002.25]\nunits = [310, 287, 342]\nsum(revenue) / sum(units)"  # 39.86… (execute_result)
NB_STREAM = "for region, r in zip(['North', 'South', 'East'], revenue):\n    print(f'{region:<6} {r:>9.2f}')"  # stdout
NB_ERROR = "def per_unit(row):\n    return row['revenue'] / row['units']\n\nper_unit({'revenue': 12.5, 'units': 0})"  # ZeroDivisionError
NB_MIXED = ("from IPython.display import Markdown, display\nprint('3 regions')\n"
            "display(Markdown('**East** leads with 13,002.25'))\nmax(revenue) - min(revenue)")  # stream, display_data, execute_result


def git(*args: str) -> None:
    env = {
        **os.environ,
        "GIT_AUTHOR_NAME": "Ada Lovelace",
        "GIT_AUTHOR_EMAIL": "ada@example.org",
        "GIT_COMMITTER_NAME": "Ada Lovelace",
        "GIT_COMMITTER_EMAIL": "ada@example.org",
        "GIT_AUTHOR_DATE": "2026-11-20T09:15:00+01:00",
        "GIT_COMMITTER_DATE": "2026-11-20T09:15:00+01:00",
        "GIT_CONFIG_GLOBAL": "/dev/null",
    }
    subprocess.run(["git", "-C", str(REPO), *args], check=True, env=env, capture_output=True)


def make_scratch() -> None:
    shutil.rmtree(SCRATCH, ignore_errors=True)
    (FILES / "src" / "pkg").mkdir(parents=True)
    (FILES / "docs").mkdir()
    (FILES / "cities.csv").write_text(CSV)
    (FILES / "app.log").write_text(LOG)
    (FILES / "src" / "fib.py").write_text(CODE)
    (FILES / "src" / "pkg" / "__init__.py").write_text("")
    (FILES / "docs" / "README.md").write_text(README)
    (FILES / "data.tsv").write_text("id\tname\tscore\n1\tAda\t92.5\n2\tAlan\t88\n3\tGrace\t95.25\n")
    REPO.mkdir()
    subprocess.run(["git", "init", "-q", "-b", "main", str(REPO)], check=True)
    (REPO / "fib.py").write_text(CODE)
    (REPO / "README.md").write_text(README)
    git("add", ".")
    git("commit", "-q", "-m", "Add fib and README")
    (REPO / "fib.py").write_text(CODE.replace("a, b = 0, 1", "a, b = 0, 1  # start\n    # iterate").replace("print(fib(30))", "print(fib(40))"))
    git("commit", "-q", "-am", "fib: comment the loop, print fib(40)")
    (REPO / "README.md").write_text(README + "\n## Unstaged\n\nA change not yet staged.\n")
    db = sqlite3.connect(SCRATCH / "field.db")
    db.execute("create table sales (id integer primary key, region text, quarter text, revenue real, units integer)")
    rows = [(i, r, f"2026-Q{q}", round(1000 + i * 137.5, 2), 10 + i * 3) for i, (r, q) in enumerate([(r, q) for r in ("North", "South", "East") for q in (1, 2, 3, 4)], 1)]
    db.executemany("insert into sales values (?,?,?,?,?)", rows)
    db.commit()
    db.close()
    make_data()
    for path in [SCRATCH, *SCRATCH.rglob("*")]:  # fixed times, for the servers that show them
        if ".git" not in path.parts:
            os.utime(path, (FIXED_TIME, FIXED_TIME), follow_symlinks=False)


def make_data() -> None:
    """Scratch data for the servers beyond the first seven (kept apart from FILES, whose listing
    those seven recorded): the SQL data set as CSV, SQLite and xlsx, a PDF, code to lint."""
    DATA.mkdir()
    sales, retention = field_services.sales_rows(), field_services.retention_rows()
    head = ["id", "region", "product", "quarter", "revenue", "units"]
    (DATA / "sales.csv").write_text(",".join(head) + "\n" + "".join(",".join(map(str, r)) + "\n" for r in sales))
    (DATA / "retention.csv").write_text("cohort,cohort_size,month,retained_pct\n" + "".join(",".join(map(str, r)) + "\n" for r in retention))
    db = sqlite3.connect(DATA / "shop.db")
    db.executescript(field_services.sql_script("sqlite"))
    db.close()
    shutil.copy(DATA / "shop.db", DATA / "memo.db")  # for a server that writes its memo into it
    months = sorted({m for _, _, m, _ in retention})
    matrix: list[list[field_files.Cell]] = [["cohort", "size", *[f"month {m}" for m in months]]]
    for cohort in sorted({c for c, *_ in retention}):
        cells = {m: pct for c, _, m, pct in retention if c == cohort}
        size = next(n for c, n, *_ in retention if c == cohort)
        matrix.append([cohort, size, *[cells.get(m) for m in months]])
    sheets: dict[str, list[list[field_files.Cell]]] = {"Sales": [head, *[list(r) for r in sales]], "Retention": matrix}
    field_files.write_xlsx(DATA / "sales.xlsx", sheets)
    field_files.write_xlsx(DATA / "scratch.xlsx", sheets)  # the one a server may write to
    field_files.write_pdf(DATA / "report.pdf", [
        ["Quarterly report", "", "Revenue grew in every region but the West.", "North 12,450.00   South 11,980.50", "East 13,002.25   West 9,870.75"],
        ["Outlook", "", "Two new products ship in 2027-Q1.", "Prepared by Ada Lovelace."],
    ], title="Quarterly report 2026-Q3")
    (DATA / "team.ics").write_text(ICS)
    # a form to fill in: three text fields, left-aligned under each other
    field_files.write_pdf(DATA / "claim.pdf", [["Expense claim", "", "Name:", "Date:", "Amount:"]], title="Expense claim",
                          fields={"name": (140, 722, 440, 740), "date": (140, 706, 260, 724), "amount": (140, 690, 260, 708)})
    (DATA / "sales.html").write_text(SALES_PAGE)
    (DATA / "lint").mkdir()
    (DATA / "lint" / "app.js").write_text("var unused = 1;\nfunction greet(name) {\n  return 'Hello, ' + nme;\n}\nif (greet == 2) { debugger; }\n")
    (DATA / "lint" / "eslint.config.mjs").write_text("export default [{ rules: { 'no-unused-vars': 'error', 'no-undef': 'error', 'no-debugger': 'error', eqeqeq: 'warn' } }];\n")


# --------------------------------------------------------------------------- the servers


def servers() -> list[Server]:
    f = str(FILES)
    r = str(REPO)
    d = str(DATA)
    return [
        Server("time", "mcp-server-time", [str(FIELD_BIN / "mcp-server-time"), "--local-timezone", "Europe/Oslo"], [
            ("get_current_time", {"timezone": "Europe/Oslo"}, ""),
            ("convert_time", {"source_timezone": "Europe/Oslo", "time": "14:30", "target_timezone": "America/New_York"}, ""),
            ("convert_time", {"source_timezone": "Asia/Kolkata", "time": "09:00", "target_timezone": "Australia/Adelaide"}, "half-hour"),
            ("convert_time", {"source_timezone": "Mars/Olympus", "time": "14:30", "target_timezone": "UTC"}, "bad-zone"),
        ]),
        Server("git", "mcp-server-git", [str(FIELD_BIN / "mcp-server-git"), "--repository", r], [
            ("git_status", {"repo_path": r}, ""),
            ("git_log", {"repo_path": r, "max_count": 5}, ""),
            ("git_show", {"repo_path": r, "revision": "HEAD"}, ""),
            ("git_diff_unstaged", {"repo_path": r}, ""),
            ("git_diff", {"repo_path": r, "target": "HEAD~1"}, ""),
            ("git_branch", {"repo_path": r, "branch_type": "local"}, ""),
            ("git_show", {"repo_path": r, "revision": "no-such-rev"}, "bad-rev"),
        ]),
        Server("fetch", "mcp-server-fetch", [str(FIELD_BIN / "mcp-server-fetch")], [
            ("fetch", {"url": "http://127.0.0.1:9/nothing"}, "refused"),
            ("fetch", {"url": "not a url"}, "bad-url"),
        ]),
        # the same server let read loopback addresses: a page of this machine (its table becomes markdown)
        Server("fetch", "mcp-server-fetch", [str(FIELD_BIN / "mcp-server-fetch"), "--allow-private-ips"], [
            ("fetch", {"url": "http://127.0.0.1:{web}/sales.html"}, "table"),
        ], services=["web"]),
        Server("sqlite", "mcp-server-sqlite", [str(SQLITE_BIN / "mcp-server-sqlite"), "--db-path", str(SCRATCH / "field.db")], [
            ("list_tables", {}, ""),
            ("describe_table", {"table_name": "sales"}, ""),
            ("read_query", {"query": "select * from sales order by id"}, ""),
            ("read_query", {"query": "select region, sum(revenue) as revenue, sum(units) as units from sales group by region"}, "grouped"),
            ("read_query", {"query": "select * from nowhere"}, "bad-table"),
        ]),
        Server("filesystem", "@modelcontextprotocol/server-filesystem", [str(NPM_BIN / "mcp-server-filesystem"), f], [
            ("list_directory", {"path": f}, ""),
            ("list_directory_with_sizes", {"path": f}, ""),
            ("directory_tree", {"path": f}, ""),
            ("read_text_file", {"path": f + "/cities.csv"}, "csv"),
            ("read_text_file", {"path": f + "/data.tsv"}, "tsv"),
            ("read_text_file", {"path": f + "/app.log"}, "log"),
            ("read_text_file", {"path": f + "/src/fib.py"}, "code"),
            ("read_text_file", {"path": f + "/docs/README.md"}, "markdown"),
            ("read_multiple_files", {"paths": [f + "/cities.csv", f + "/docs/README.md"]}, ""),
            ("search_files", {"path": f, "pattern": "**/*.py"}, ""),
            ("get_file_info", {"path": f + "/cities.csv"}, ""),
            ("list_allowed_directories", {}, ""),
            ("read_text_file", {"path": f + "/missing.txt"}, "missing"),
        ]),
        Server("memory", "@modelcontextprotocol/server-memory", [str(NPM_BIN / "mcp-server-memory")], [
            ("create_entities", {"entities": [
                {"name": "Ada Lovelace", "entityType": "person", "observations": ["wrote the first program", "born 1815"]},
                {"name": "Analytical Engine", "entityType": "machine", "observations": ["designed by Babbage"]},
            ]}, ""),
            ("create_relations", {"relations": [{"from": "Ada Lovelace", "to": "Analytical Engine", "relationType": "programmed"}]}, ""),
            ("read_graph", {}, ""),
            ("search_nodes", {"query": "Ada"}, ""),
        ], env={"MEMORY_FILE_PATH": str(SCRATCH / "memory.jsonl")}),
        Server("everything", "@modelcontextprotocol/server-everything", [str(NPM_BIN / "mcp-server-everything")], [
            ("echo", {"message": "hello field"}, ""),
            ("get-sum", {"a": 1040, "b": 2026}, ""),
            ("get-structured-content", {"location": "New York"}, ""),
            ("get-tiny-image", {}, ""),
            ("get-annotated-message", {"messageType": "error", "includeImage": False}, ""),
            ("get-resource-links", {"count": 2}, ""),
            ("trigger-long-running-operation", {"duration": 1, "steps": 4}, ""),
        ]),
        # ---- databases: real servers started by scripts/field_services.py, or files made above
        Server("duckdb", "mcp-server-duckdb", [venv("mcp-server-duckdb"), "--db-path", d + "/field.duckdb"], [
            ("query", {"query": f"create or replace table sales as select * from read_csv('{d}/sales.csv')"}, "load"),
            ("query", {"query": "select * from sales order by id"}, ""),
            ("query", {"query": "select region, product, sum(revenue) as revenue, sum(units) as units from sales group by all order by all"}, "grouped"),
            ("query", {"query": f"pivot (select cohort, month, retained_pct from read_csv('{d}/retention.csv')) on month using first(retained_pct) order by cohort"}, "pivot"),
            ("query", {"query": "select region, list(units order by id) as units, count(*) as n from sales group by region order by region"}, "lists"),
        ]),
        Server("motherduck", "mcp-server-motherduck", [venv("mcp-server-motherduck"), "--db-path", d + "/motherduck.duckdb", "--read-write"], [
            ("execute_query", {"sql": f"create or replace table retention as select * from read_csv('{d}/retention.csv')"}, "load"),
            ("list_tables", {}, ""),
            ("list_columns", {"table": "retention"}, ""),
            ("execute_query", {"sql": "select cohort, any_value(cohort_size) as size, list(retained_pct order by month) as retained from retention group by cohort order by cohort"}, "lists"),
            ("execute_query", {"sql": "pivot retention on month using first(retained_pct) group by cohort order by cohort"}, "pivot"),
        ]),
        Server("pandas", "mcp-pandas", [venv("mcp-pandas"), "--data-path", d + "/sales.csv"], [
            ("average", {"column": "revenue"}, ""),
            ("average", {"column": "units"}, "units"),
            ("plot", {"kind": "line", "x": "id", "y": "revenue", "title": "Revenue by row"}, ""),
            ("average", {"column": "profit"}, "missing-column"),
        ], env={"MPLBACKEND": "Agg"}),
        Server("sympy", "mcp-sympy", [venv("mcp-sympy")], [
            ("sympy_solve", {"equation": "x**2 - 5*x + 6", "variables": "x"}, ""),
            ("sympy_factor", {"expr": "x**3 - 6*x**2 + 11*x - 6"}, ""),
            ("sympy_matrix", {"rows": "2,1; 7,4"}, ""),
            ("sympy_matrix_inverse", {"matrix": "Matrix([[2, 1], [7, 4]])"}, ""),
            ("sympy_matrix_eigenvects", {"matrix": "Matrix([[2, 0], [0, 3]])"}, ""),
            ("sympy_series", {"expr": "exp(x)", "variable": "x", "point": "0", "order": 5}, ""),
        ]),
        Server("math", "chuk-mcp-math-server", [venv("chuk-mcp-math-server")], [
            ("prime_factors", {"n": 1040}, ""),
            ("fibonacci_sequence", {"n": 12}, ""),
            ("divmod_operation", {"a": 2026, "b": 12}, ""),
            ("rank_numbers", {"numbers": [12, 15, 9, 22, 15]}, ""),
            ("twin_prime_pairs", {"limit": 60}, ""),
        ]),
        Server("sqlite-node", "mcp-sqlite", [npm("sqlite", "mcp-sqlite-server"), d + "/shop.db"], [
            ("list_tables", {}, ""),
            ("get_table_schema", {"tableName": "sales"}, ""),
            ("read_records", {"table": "sales", "conditions": {"region": "North"}, "limit": 12}, ""),
            ("query", {"sql": "select cohort, cohort_size, group_concat(retained_pct, ';') as retained from retention group by cohort order by cohort"}, ""),
            ("query", {"sql": "select name, skills from people order by id"}, "json-column"),
        ]),
        Server("database-server", "@executeautomation/database-server", [npm("database-server", "ea-database-server"), d + "/memo.db"], [
            ("list_tables", {}, ""),
            ("export_query", {"query": "select * from sales where product = 'Gizmo' order by id", "format": "csv"}, "csv"),
            ("read_query", {"query": "select cohort, month, retained_pct from retention where month <= 2 order by cohort, month"}, ""),
            ("append_insight", {"insight": "The West sells fewer Gizmos every quarter."}, ""),
            ("list_insights", {}, ""),
        ], frozen_clock=True),
        Server("postgres", "@modelcontextprotocol/server-postgres", [npm("postgres", "mcp-server-postgres"), "postgresql://postgres@127.0.0.1:{postgres}/field"], [
            ("query", {"sql": "select * from sales order by id"}, ""),
            ("query", {"sql": "select cohort, cohort_size, array_agg(retained_pct order by month) as retained from retention group by cohort, cohort_size order by cohort"}, "arrays"),
            ("query", {"sql": "select id, name, born, skills from people order by id"}, "jsonb"),
            ("query", {"sql": "select region, count(*) as rows, sum(revenue) as revenue from sales group by region order by region"}, "grouped"),
            ("query", {"sql": "select * from nowhere"}, "bad-table"),
            # a query plan: a tree of records holding "Plans" lists (issue 32: a tree, every number in reach)
            ("query", {"sql": "explain (format json) select s.region, p.name, s.revenue from sales s join people p on p.id = s.id where s.units > 10 order by s.revenue desc"}, "explain"),
        ], services=["postgres"]),
        Server("mysql", "mysql-mcp-server", [venv("mysql-mcp-server", "mysql_mcp_server")], [
            ("execute_sql", {"query": "SHOW TABLES"}, "tables"),
            ("execute_sql", {"query": "SELECT * FROM sales ORDER BY id"}, ""),
            ("get_schema_info", {"table_name": "sales"}, ""),
            ("get_table_sample", {"table_name": "people", "limit": 4}, ""),
            ("execute_sql", {"query": "SELECT cohort, month, retained_pct FROM retention ORDER BY cohort, month"}, "retention"),
        ], env={"MYSQL_HOST": "127.0.0.1", "MYSQL_PORT": "{mariadb}", "MYSQL_USER": field_services.USER,
                "MYSQL_PASSWORD": field_services.PASSWORD, "MYSQL_DATABASE": field_services.DATABASE}, services=["mariadb"]),
        Server("alchemy", "mcp-alchemy", [venv("mcp-alchemy")], [
            ("all_table_names", {}, ""),
            ("schema_definitions", {"table_names": ["sales", "people"]}, ""),
            ("execute_query", {"query": "select * from sales where region = 'East' order by id"}, ""),
            ("execute_query", {"query": "select cohort, cohort_size, array_agg(retained_pct order by month) as retained from retention group by 1, 2 order by 1"}, "arrays"),
        ], env={"DB_URL": "postgresql://postgres@127.0.0.1:{postgres}/field"}, services=["postgres"]),
        Server("dbutils", "mcp-dbutils", [venv("mcp-dbutils"), "--config", d + "/dbutils.yaml"], [
            ("dbutils-list-tables", {"connection": "field"}, ""),
            ("dbutils-run-query", {"connection": "field", "sql": "select id, name, born from people order by id"}, ""),
            ("dbutils-run-query", {"connection": "field", "sql": "select product, quarter, sum(units) as units from sales group by 1, 2 order by 1, 2"}, "grouped"),
            ("dbutils-describe-table", {"connection": "field", "table": "retention"}, ""),
        ], services=["postgres"], files={d + "/dbutils.yaml": (
            "connections:\n  field:\n    type: postgres\n    host: 127.0.0.1\n    port: {postgres}\n"
            "    dbname: field\n    user: postgres\n    password: trusted-anyway\n")}),
        Server("dbhub", "@bytebase/dbhub", [npm("dbhub", "dbhub"), "--transport", "stdio",
                                            "--dsn", f"mariadb://{field_services.USER}:{field_services.PASSWORD}@127.0.0.1:{{mariadb}}/field?sslmode=disable"], [
            ("execute_sql", {"sql": "SELECT * FROM retention ORDER BY cohort, month"}, ""),
            ("execute_sql", {"sql": "SELECT region, product, SUM(revenue) AS revenue FROM sales GROUP BY region, product ORDER BY region, product"}, "grouped"),
            ("search_objects", {"object_type": "table"}, ""),
            ("execute_sql", {"sql": "SELECT * FROM nowhere"}, "bad-table"),
        ], services=["mariadb"]),
        Server("mysql-node", "@benborla29/mcp-server-mysql", [npm("mysql", "mcp-server-mysql")], [
            ("mysql_query", {"sql": "SELECT * FROM sales WHERE region = 'North' ORDER BY id"}, ""),
            ("mysql_query", {"sql": "SELECT id, name, born, skills FROM people ORDER BY id"}, "json-column"),
            ("mysql_query", {"sql": "SELECT product, quarter, SUM(units) AS units FROM sales GROUP BY product, quarter ORDER BY product, quarter"}, "grouped"),
        ], env={"MYSQL_HOST": "127.0.0.1", "MYSQL_PORT": "{mariadb}", "MYSQL_USER": field_services.USER,
                "MYSQL_PASS": field_services.PASSWORD, "MYSQL_DB": field_services.DATABASE}, services=["mariadb"]),
        Server("redis-node", "@modelcontextprotocol/server-redis", [npm("redis", "mcp-server-redis"), "redis://127.0.0.1:{redis}"], [
            ("list", {"pattern": "user:*"}, ""),
            ("get", {"key": "greeting"}, ""),
            ("set", {"key": "visits:2026-11-24", "value": "2026"}, ""),
            ("get", {"key": "missing"}, "missing"),
        ], services=["redis"]),
        Server("redis", "redis-mcp-server", [venv("redis-mcp-server"), "--url", "redis://127.0.0.1:{redis}/0"], [
            ("hgetall", {"name": "user:1"}, ""),
            ("zrange", {"key": "leaderboard", "start": 0, "end": -1, "with_scores": True}, ""),
            ("lrange", {"name": "queue:jobs", "start": 0, "stop": -1}, ""),
            ("smembers", {"name": "tags"}, ""),
            ("scan_all_keys", {"pattern": "*"}, ""),
            ("dbsize", {}, ""),
            # issue 50: a validation error (a word where an int goes)
            ("lrange", {"name": "queue:jobs", "start": "first", "stop": -1}, "not-int"),
        ], services=["redis"]),
        # issue 50: series of points (a range query's matrix, an instant query's vector)
        Server("prometheus", "prometheus-mcp-server", [venv("prometheus-mcp-server")], [
            ("execute_range_query", {"query": "ferry_crossing_minutes", "start": "2026-11-20T07:45:00Z", "end": "2026-11-20T08:15:00Z", "step": "60s"}, ""),
            ("execute_range_query", {"query": "rate(ferry_passengers_total[5m]) * 60", "start": "2026-11-20T07:55:00Z", "end": "2026-11-20T08:15:00Z", "step": "120s"}, "rate"),
            ("execute_range_query", {"query": 'ferry_crossing_minutes{route="Ålesund–Hareid"}', "start": "2026-11-20T08:00:00Z", "end": "2026-11-20T08:15:00Z", "step": "60s"}, "one"),
            ("execute_query", {"query": "ferry_crossing_minutes", "time": "2026-11-20T08:15:00Z"}, ""),
            ("execute_query", {"query": "sum(ferry_passengers_total)", "time": "2026-11-20T08:15:00Z"}, "scalar"),
            ("execute_query", {"query": "ferry_crossing_minutes{", "time": "2026-11-20T08:15:00Z"}, "bad-query"),
        ], env={"PROMETHEUS_URL": "http://127.0.0.1:{prometheus}", "PROMETHEUS_DISABLE_LINKS": "true"}, services=["prometheus"]),
        # issue 50: notebooks. Cells run in a real Jupyter server's kernel (scripts/field_services.py):
        # a float as an execute_result, printed text (a stream), an error (its traceback in ANSI
        # colours), a cell that prints, displays and returns; then the cells read back with their outputs.
        Server("jupyter-notebook", "mcp-jupyter-notebook", [venv("mcp-jupyter-notebook"), "--base-url", "http://127.0.0.1:{jupyter}",
                                                             "--token", field_services.JUPYTER_TOKEN, "--notebook-path", "sales.ipynb"], [
            ("notebook_code_run", {"code": NB_FLOAT}, "float"),
            ("notebook_code_run", {"code": NB_STREAM}, "stream"),
            ("notebook_code_run", {"code": NB_ERROR}, "error"),
            ("notebook_code_run", {"code": NB_MIXED}, "mixed"),
            ("notebook_cell_read", {"cell_index": 1}, ""),
            ("notebook_cell_read", {"cell_index": 3}, "error"),
            ("notebook_read", {}, ""),
            ("notebook_run_all", {"stop_on_error": False}, ""),
        ], services=["jupyter"]),
        # Datalayer's server, on the same Jupyter server: outputs flattened to text by the server
        Server("jupyter", "jupyter-mcp-server", [venv("jupyter-mcp-server"), "start"], [
            ("use_notebook", {"notebook_name": "regions", "notebook_path": "regions.ipynb", "mode": "create"}, ""),
            ("insert_execute_code_cell", {"cell_index": -1, "cell_source": NB_FLOAT}, "float"),
            ("insert_execute_code_cell", {"cell_index": -1, "cell_source": NB_STREAM}, "stream"),
            ("insert_execute_code_cell", {"cell_index": -1, "cell_source": NB_ERROR}, "error"),
            ("insert_execute_code_cell", {"cell_index": -1, "cell_source": NB_MIXED}, "mixed"),
            ("read_cell", {"cell_index": 1}, ""),
            ("read_notebook", {"notebook_name": "regions", "response_format": "detailed"}, ""),
            ("execute_code", {"code": "0.1 + 0.2"}, ""),
        ], env={"JUPYTER_URL": "http://127.0.0.1:{jupyter}", "JUPYTER_TOKEN": field_services.JUPYTER_TOKEN,
                "START_NEW_CODE_SANDBOX": "false"}, services=["jupyter"]),
        # ---- spreadsheets and documents
        Server("excel", "excel-mcp-server", [venv("excel-mcp-server"), "stdio"], [
            ("describe_workbook", {"path": d + "/sales.xlsx"}, ""),
            ("read_range", {"path": d + "/sales.xlsx", "sheet": "Sales", "range": "A1:F13"}, ""),
            ("read_range", {"path": d + "/sales.xlsx", "sheet": "Retention"}, "matrix"),
            ("find_cells", {"path": d + "/sales.xlsx", "query": "Gizmo", "max_results": 5}, ""),
            ("write_range", {"path": d + "/scratch.xlsx", "sheet": "Sales", "at": "H1", "rows": [["total"], ["=SUM(E2:E37)"]]}, ""),
        ]),
        Server("excel-go", "@negokaz/excel-mcp-server", [npm("excel", "excel-mcp-server")], [
            ("excel_describe_sheets", {"fileAbsolutePath": d + "/sales.xlsx"}, ""),
            ("excel_read_sheet", {"fileAbsolutePath": d + "/sales.xlsx", "sheetName": "Sales", "range": "A1:F8"}, ""),
            ("excel_read_sheet", {"fileAbsolutePath": d + "/sales.xlsx", "sheetName": "Retention"}, "matrix"),
        ], env={"EXCEL_MCP_PAGING_CELLS_LIMIT": "4000"}),
        Server("markitdown", "markitdown-mcp", [venv("markitdown-mcp")], [
            ("convert_to_markdown", {"uri": f"file://{d}/sales.xlsx"}, "xlsx"),
            ("convert_to_markdown", {"uri": f"file://{d}/report.pdf"}, "pdf"),
            ("convert_to_markdown", {"uri": f"file://{f}/cities.csv"}, "csv"),
        ]),
        Server("pdf-reader", "@sylphx/pdf-reader-mcp", [npm("pdf-reader", "pdf-reader-mcp")], [
            ("read_pdf", {"sources": [{"path": d + "/report.pdf"}], "include_metadata": True, "include_page_count": True}, ""),
            ("read_pdf", {"sources": [{"path": d + "/report.pdf", "pages": [2]}], "include_full_text": False}, "page"),
            ("read_pdf", {"sources": [{"path": d + "/missing.pdf"}]}, "missing"),
        ]),
        # an MCP App server whose display_pdf has an outputSchema: the form's fields, a chartable series
        Server("pdf", "@modelcontextprotocol/server-pdf", [npm("pdf", "mcp-pdf-server"), "--stdio", d + "/claim.pdf"], [
            ("display_pdf", {"url": d + "/claim.pdf"}, ""),
        ]),
        Server("word", "office-word-mcp-server", [venv("office-word-mcp-server", "word_mcp_server")], [
            ("create_document", {"filename": d + "/memo.docx", "title": "Field memo", "author": "Ada Lovelace"}, ""),
            ("add_heading", {"filename": d + "/memo.docx", "text": "Sales by region", "level": 1}, ""),
            ("add_paragraph", {"filename": d + "/memo.docx", "text": "Revenue grew in every region but the West."}, ""),
            ("add_table", {"filename": d + "/memo.docx", "rows": 4, "cols": 3, "data": [["Region", "Revenue", "Units"], ["North", "12450.00", "310"], ["South", "11980.50", "287"], ["East", "13002.25", "342"]]}, ""),
            ("get_document_text", {"filename": d + "/memo.docx"}, ""),
            ("get_document_outline", {"filename": d + "/memo.docx"}, ""),
        ]),
        Server("powerpoint", "office-powerpoint-mcp-server", [venv("office-powerpoint-mcp-server", "ppt_mcp_server")], [
            ("create_presentation", {"id": "deck"}, ""),
            ("add_slide", {"layout_index": 5, "title": "Sales by region", "presentation_id": "deck"}, ""),
            ("add_table", {"slide_index": 0, "rows": 4, "cols": 3, "left": 1, "top": 2, "width": 8, "height": 2, "presentation_id": "deck",
                           "data": [["Region", "Revenue", "Units"], ["North", "12450.00", "310"], ["South", "11980.50", "287"], ["East", "13002.25", "342"]]}, ""),
            ("add_chart", {"slide_index": 0, "chart_type": "column", "left": 1, "top": 4.5, "width": 8, "height": 3, "presentation_id": "deck",
                           "categories": ["Q1", "Q2", "Q3"], "series_names": ["North", "South"], "series_values": [[4100, 4150.5, 4199.5], [3900, 4010.25, 4070.25]]}, ""),
            ("get_presentation_info", {"presentation_id": "deck"}, ""),
            ("extract_presentation_text", {"presentation_id": "deck", "include_slide_info": True}, ""),
        ]),
        Server("chroma", "chroma-mcp", [venv("chroma-mcp"), "--client-type", "persistent", "--data-dir", str(SCRATCH / "chroma")], [
            ("chroma_create_collection", {"collection_name": "notes"}, ""),
            ("chroma_list_collections", {}, ""),
            ("chroma_get_collection_count", {"collection_name": "notes"}, ""),
            ("chroma_add_documents", {"collection_name": "notes", "ids": ["n1", "n2"], "documents": ["Ada wrote the first program.", "Babbage designed the engine."],
                                      "metadatas": [{"author": "ada", "year": 1843}, {"author": "babbage", "year": 1837}]}, "no-model"),
            ("chroma_peek_collection", {"collection_name": "notes", "limit": 3}, ""),
            ("chroma_get_collection_info", {"collection_name": "missing"}, "missing"),
        ]),
        Server("cli", "cli-mcp-server", [venv("cli-mcp-server")], [
            ("show_security_rules", {}, ""),
            ("run_command", {"command": "ls -l"}, ""),
            ("run_command", {"command": "wc -l -c cities.csv data.tsv app.log"}, "wc"),
            ("run_command", {"command": "cat cities.csv"}, "csv"),
            ("run_command", {"command": "rm cities.csv"}, "refused"),
            # SQLite's shell in column mode: an aligned text table (a header, a rule, two spaces apart)
            ("run_command", {"command": "sqlite3 -header -column -cmd '.import --csv cities.csv cities' :memory: "
                                        "'select city, population, founded from cities order by population desc'"}, "sqlite"),
        ], env={"ALLOWED_DIR": str(FILES), "ALLOWED_COMMANDS": "ls,cat,wc,sort,sqlite3", "ALLOWED_FLAGS": "-l,-c,-n,-t,-k,-header,-column,-cmd",
                "COMMAND_TIMEOUT": "20"}),
        # ---- maths, time, text
        Server("calculator", "mcp-server-calculator", [venv("mcp-server-calculator")], [
            ("calculate", {"expression": "1040 * 12.5 + 3"}, ""),
            ("calculate", {"expression": "(2 ** 10) / 3"}, "division"),
            ("calculate", {"expression": "1 / 0"}, "by-zero"),
        ]),
        Server("calc", "@coo-quack/calc-mcp", [npm("calc", "calc-mcp")], [
            ("math", {"action": "statistics", "values": [12, 15, 9, 22, 17, 15, 30]}, "statistics"),
            ("convert", {"value": 42.195, "from": "km", "to": "mi", "category": "length"}, ""),
            ("date", {"action": "diff", "date": "2026-01-01", "date2": "2026-11-25"}, ""),
            ("regex", {"pattern": "(\\w+)@(\\w+)\\.org", "flags": "g", "text": "ada@example.org, alan@turing.org", "action": "matchAll"}, ""),
            ("format_validate", {"input": "city,population\nOslo,709037\nBergen,291189\n", "format": "csv"}, "csv"),
            ("color", {"color": "#3366cc"}, ""),
        ]),
        Server("sequential-thinking", "@modelcontextprotocol/server-sequential-thinking", [npm("sequential-thinking", "mcp-server-sequential-thinking")], [
            ("sequentialthinking", {"thought": "Split the sales table by region first.", "nextThoughtNeeded": True, "thoughtNumber": 1, "totalThoughts": 3}, ""),
            ("sequentialthinking", {"thought": "The West falls behind in Q3; check units, not revenue.", "nextThoughtNeeded": True, "thoughtNumber": 2, "totalThoughts": 3}, "second"),
            ("sequentialthinking", {"thought": "Revise: compare per product instead.", "nextThoughtNeeded": False, "thoughtNumber": 3, "totalThoughts": 3, "isRevision": True, "revisesThought": 1}, "revision"),
        ], env={"DISABLE_THOUGHT_LOGGING": "true"}),
        # ---- code
        Server("code-runner", "mcp-server-code-runner", [npm("code-runner", "mcp-server-code-runner")], [
            ("run-code", {"languageId": "python", "code": "rows = [(1, 'North', 1250.5), (2, 'South', 980.0), (3, 'East', 1410.25)]\nprint(rows)"}, "tuples"),
            ("run-code", {"languageId": "python", "code": "print({'mean': 17.14, 'median': 15, 'modes': [15], 'n': 7})"}, "dict"),
            ("run-code", {"languageId": "python", "code": "print([[1.0, 0.62, 0.38], [1.0, 0.65, 0.41], [1.0, 0.7, None]])"}, "matrix"),
            ("run-code", {"languageId": "python", "code": "rows = [('North', 12450.0, 310), ('South', 11980.5, 287), ('East', 13002.25, 342)]\nprint(f\"{'region':<8}{'revenue':>10}{'units':>7}\")\nfor r in rows:\n    print(f'{r[0]:<8}{r[1]:>10.2f}{r[2]:>7}')"}, "aligned"),
            ("run-code", {"languageId": "javascript", "code": "console.log(JSON.stringify([{id: 'c0', size: 120, retention: [1, 0.62, 0.38]}, {id: 'c1', size: 137, retention: [1, 0.65]}]))"}, "json"),
            # numpy arrays in a dict: their repr, array([...]) with a dtype when it is not the default
            ("run-code", {"languageId": "python", "code": "import numpy as np\nunits = np.array([310, 287, 342], dtype=np.int32)\nrevenue = np.array([12450.0, 11980.5, 13002.25])\n"
                                                          "print({'regions': ['North', 'South', 'East'], 'units': units, 'revenue': revenue, 'share': (revenue / revenue.sum()).round(3)})"}, "numpy"),
            # terminal output (issue 32): a traceback, a test runner's colours (SGR codes), a JS stack
            ("run-code", {"languageId": "python", "code": "def per_unit(row):\n    return row['revenue'] / row['units']\n\nprint(per_unit({'revenue': 12.5, 'units': 0}))"}, "traceback"),
            ("run-code", {"languageId": "python", "code": "G, R, Y, X = '\\x1b[1;32m', '\\x1b[1;31m', '\\x1b[33m', '\\x1b[0m'\nprint(f'{G}PASS{X} test_fib\\n{R}FAIL{X} test_per_unit: {Y}ZeroDivisionError{X}\\n1 passed, 1 failed')"}, "ansi"),
            ("run-code", {"languageId": "javascript", "code": "function owner(row) { return row.owner.name; }\nconsole.log(owner({ id: 'task-3' }));"}, "stack"),
        ]),
        Server("eslint", "@eslint/mcp", [npm("eslint", "mcp")], [
            ("lint-files", {"filePaths": [d + "/lint/app.js"]}, ""),
        ], cwd=d + "/lint"),
        Server("tree-sitter", "mcp-server-tree-sitter", [venv("mcp-server-tree-sitter")], [
            ("register_project_tool", {"path": f, "name": "field"}, ""),
            ("list_files", {"project": "field"}, ""),
            ("find_text", {"project": "field", "pattern": "fib", "context_lines": 1}, ""),
            ("get_file_metadata", {"project": "field", "path": "src/fib.py"}, ""),
            ("get_symbols", {"project": "field", "file_path": "src/fib.py"}, "no-parser"),
        ], frozen_clock=True),
        Server("git-node", "@cyanheads/git-mcp-server", [npm("git", "git-mcp-server")], [
            ("git_log", {"path": r, "maxCount": 5}, ""),
            ("git_status", {"path": r}, ""),
            ("git_show", {"path": r, "object": "HEAD", "stat": True}, ""),
            ("git_blame", {"path": r, "filePath": "fib.py", "startLine": 1, "endLine": 6}, ""),
            ("git_branch", {"path": r, "mode": "list"}, ""),
        ], env={"GIT_BASE_DIR": str(SCRATCH), "MCP_LOG_LEVEL": "error", "MCP_TRANSPORT_TYPE": "stdio"}),
        # ---- calendars: an .ics feed served over HTTP on 127.0.0.1
        Server("webcal", "webcal-mcp", [venv("webcal-mcp")], [
            ("list_calendars", {}, ""),
            ("list_events", {"start": "2026-11-01", "end": "2026-12-31"}, ""),
            ("list_events", {"start": "2026-11-01", "end": "2026-12-31", "categories": ["meeting"], "detail": "full"}, "full"),
            ("events_on", {"date": "2026-11-25", "detail": "markdown"}, "markdown"),
            ("get_event", {"uid": "offsite@field.example"}, ""),
        ], env={"WEBCAL_MCP_CONFIG": d + "/webcal.toml"}, services=["web"],
           files={d + "/webcal.toml": '[calendars.team]\nurl = "http://127.0.0.1:{web}/team.ics"\ndescription = "The team calendar"\n'}),
        # ---- knowledge graphs
        Server("knowledge-graph", "@itseasy21/mcp-knowledge-graph", [npm("knowledge-graph", "mcp-knowledge-graph"), "--memory-path", str(SCRATCH / "kg.jsonl")], [
            ("create_entities", {"entities": [
                {"name": "Ada Lovelace", "entityType": "person", "observations": ["wrote the first program", "born 1815"]},
                {"name": "Charles Babbage", "entityType": "person", "observations": ["designed the Analytical Engine"]},
                {"name": "Analytical Engine", "entityType": "machine", "observations": ["never completed", "programmable with punched cards"]},
            ]}, ""),
            ("create_relations", {"relations": [
                {"from": "Ada Lovelace", "to": "Analytical Engine", "relationType": "programmed"},
                {"from": "Charles Babbage", "to": "Analytical Engine", "relationType": "designed"},
            ]}, ""),
            ("read_graph", {}, ""),
            ("search_nodes", {"query": "Engine"}, ""),
            ("open_nodes", {"names": ["Ada Lovelace"]}, ""),
        ], env={"MEMORY_FILE_PATH": str(SCRATCH / "kg.jsonl")}, frozen_clock=True),
        # ---- the official MCP Apps examples (modelcontextprotocol/ext-apps, examples/*-server):
        # hand-written apps whose pages issue 49 compares ours with, on the same results. Their
        # months count back from the (frozen) clock; the cohort heatmap's retention is Math.random.
        Server("budget-allocator", "@modelcontextprotocol/server-budget-allocator", [npm("budget-allocator", "mcp-budget-allocator-server"), "--stdio"], [
            ("get-budget-data", {}, ""),
        ], frozen_clock=True),
        Server("scenario-modeler", "@modelcontextprotocol/server-scenario-modeler", [npm("scenario-modeler", "mcp-scenario-modeler-server"), "--stdio"], [
            # its own defaults (DEFAULT_INPUTS, what its app starts with): projections and a summary
            ("get-scenario-data", {"customInputs": {"startingMRR": 50000, "monthlyGrowthRate": 5, "monthlyChurnRate": 3, "grossMargin": 80, "fixedCosts": 30000}}, ""),
            ("get-scenario-data", {}, "templates"),
        ]),
        Server("cohort-heatmap", "@modelcontextprotocol/server-cohort-heatmap", [npm("cohort-heatmap", "mcp-cohort-heatmap-server"), "--stdio"], [
            ("get-cohort-data", {}, ""),
        ], frozen_clock=True),
        Server("system-monitor", "@modelcontextprotocol/server-system-monitor", [npm("system-monitor", "mcp-system-monitor-server"), "--stdio"], [
            ("get-system-info", {}, ""),
            ("poll-system-stats", {}, ""),  # "App-only" (_meta.ui.visibility), its app polls it
        ], frozen_clock=True),
    ]


# --------------------------------------------------------------------------- recording


class Tee:
    """The client's read stream, keeping every raw JSON-RPC message it passes on."""

    def __init__(self, inner: Any, seen: list[dict[str, Any]]) -> None:
        self.inner, self.seen = inner, seen

    async def receive(self) -> Any:
        item = await self.inner.receive()
        msg = getattr(item, "message", None)
        if msg is not None:
            self.seen.append(msg.model_dump(by_alias=True, mode="json", exclude_unset=True))
        return item

    async def aclose(self) -> None:
        await self.inner.aclose()

    def __aiter__(self) -> Tee:
        return self

    async def __anext__(self) -> Any:
        try:
            return await self.receive()
        except (anyio.EndOfStream, anyio.ClosedResourceError):
            raise StopAsyncIteration from None

    async def __aenter__(self) -> Tee:
        return self

    async def __aexit__(self, *exc: Any) -> None:
        await self.aclose()

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)


def raw_answer(seen: list[dict[str, Any]], start: int) -> dict[str, Any]:
    """The last JSON-RPC response among the messages received since ``start``."""
    for msg in reversed(seen[start:]):
        if "id" in msg and ("result" in msg or "error" in msg):
            return msg
    raise RuntimeError("no response recorded")


def unwrap(msg: dict[str, Any]) -> dict[str, Any]:
    inner = msg.get("root", msg)
    return inner


async def record(server: Server, log: Callable[[str], None]) -> int:
    seen: list[dict[str, Any]] = []
    frozen = FROZEN if server.frozen_clock and FAKETIME.exists() else {}
    if server.frozen_clock and not frozen:
        log(f"  {FAKETIME} is missing (apt-get install faketime): the times it stamps will differ each time")
    params = StdioServerParameters(command=server.command[0], args=server.command[1:],
                                   env={**os.environ, **STEADY, **frozen, **server.env}, cwd=server.cwd)
    written = 0
    with open(os.devnull, "w") as devnull:
        async with stdio_client(params, errlog=devnull) as (read, write):
            async with ClientSession(Tee(read, seen), write) as session:
                with anyio.fail_after(60):
                    init = await session.initialize()
                info = getattr(init, "server_info", None)
                reported = {"name": getattr(info, "name", None), "version": getattr(info, "version", None)}
                version = package_version(server) or reported["version"]
                start = len(seen)
                await session.list_tools()
                tools = {t["name"]: t for t in unwrap(raw_answer(seen, start))["result"]["tools"]}
                for name, args, case in server.calls:
                    start = len(seen)
                    progress: list[dict[str, Any]] = []

                    async def on_progress(p: float, total: float | None, message: str | None) -> None:
                        # called only while this iteration's call_tool is awaited: the late binding is harmless
                        progress.append({"progress": p, "total": total, "message": message})  # noqa: B023

                    try:
                        with anyio.fail_after(CALL_SECONDS):
                            await session.call_tool(name, args, progress_callback=on_progress)
                    except TimeoutError:
                        log(f"  {name} {case}: no answer in {CALL_SECONDS} s, not recorded")
                        continue
                    except Exception as e:  # a JSON-RPC error is a result worth keeping
                        log(f"  {name} {case}: JSON-RPC error {e}")
                    answer = unwrap(raw_answer(seen, start))
                    result = answer["result"] if "result" in answer else {"jsonrpcError": answer["error"]}
                    entry = {
                        "server": server.name,
                        "package": server.package,
                        "version": version,
                        "serverInfo": reported,
                        "tool": tools.get(name),
                        "arguments": args,
                        "result": result,
                    }
                    if progress:
                        entry["progress"] = progress
                    stem = f"{server.name}__{name}" + (f"__{case}" if case else "")
                    folder = PENDING if (PENDING / f"{stem}.json").exists() else OUT
                    (folder / f"{stem}.json").write_text(json.dumps(entry, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
                    written += 1
    return written


def package_version(server: Server) -> str | None:
    """The installed version of the server's package: from its venv's metadata or its npm folder."""
    binary = Path(server.command[0])
    if binary.parent.name == ".bin" and binary.parent.parent.name == "node_modules":
        manifest = binary.parent.parent / server.package / "package.json"
        return str(json.loads(manifest.read_text())["version"]) if manifest.exists() else None
    python = binary.parent / "python"
    if python.exists():
        ask = f"import importlib.metadata as m; print(m.version({server.package!r}))"
        done = subprocess.run([str(python), "-c", ask], capture_output=True, text=True)
        return done.stdout.strip() or None
    return None


def placed(server: Server, ports: dict[str, int]) -> Server:
    """The server with the ports of its databases put into its command, env and the string
    arguments of its calls (there only ``{name}`` of the services it names: code in an argument
    may hold braces of its own)."""
    keys = {name: str(port) for name, port in ports.items()}

    def fill(value: Any) -> Any:
        if isinstance(value, str):
            for name in server.services:
                value = value.replace("{" + name + "}", keys.get(name, "{" + name + "}"))
            return value
        if isinstance(value, dict):
            return {k: fill(v) for k, v in value.items()}
        return [fill(v) for v in value] if isinstance(value, list) else value

    calls = [(name, fill(args), case) for name, args, case in server.calls]
    return Server(server.name, server.package, [a.format(**keys) for a in server.command], calls,
                  {k: v.format(**keys) for k, v in server.env.items()}, server.services, server.cwd,
                  {k: v.format(**keys) for k, v in server.files.items()}, server.frozen_clock)


def main(argv: list[str]) -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    make_scratch()
    wanted = set(argv)
    chosen = []
    for server in servers():
        if wanted and server.name not in wanted:
            continue
        if not Path(server.command[0]).exists():
            print(f"skip {server.name}: {server.command[0]} is not installed (see this script's docstring)", file=sys.stderr)
            continue
        chosen.append(server)
    total = 0
    needed = sorted({s for server in chosen for s in server.services})
    with services(needed, lambda s: print(s, file=sys.stderr)) as ports:
        for server in chosen:
            missing = [s for s in server.services if s not in ports]
            if missing:
                print(f"skip {server.name}: no {', '.join(missing)} server", file=sys.stderr)
                continue
            print(f"{server.name}: {server.package}", file=sys.stderr)
            server = placed(server, ports)
            for path, text in server.files.items():
                Path(path).write_text(text)
            try:
                total += anyio.run(record, server, lambda s: print(s, file=sys.stderr))
            except Exception as e:  # one server's failure leaves the others' recordings
                print(f"  {server.name} failed: {e!r}", file=sys.stderr)
    print(f"{total} results in {OUT.relative_to(ROOT)} and {PENDING.relative_to(ROOT)}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
