"""The shape views' text rules (issue 32, part 2), in headless Chromium under the official
AppBridge, asserted on what a person sees: blocks of ``key: value`` lines with other keys stay
apart; a text block beside ``structuredContent`` shows unless it is that data again; recursive
structures open as trees, a level per click, their scalars shown; a terminal's output keeps its
colours (never escapes) in monospace; short identifiers never break inside a table cell. Real
recordings (``fixtures/field/``) where they exist, generated cases beside them."""

from __future__ import annotations

import json
from typing import Any

import pytest

from compiler.pipeline import build_page
from conftest import FIXTURES
from harness import reach

pytestmark = pytest.mark.browser

FIELD = FIXTURES / "field"
PLAIN = {"name": "plain", "inputSchema": {"type": "object"}}
CONTEXT = {"locale": "en-GB", "timeZone": "Asia/Tokyo", "theme": "light"}
BODY = "#result .result-body > .view"


def load(name: str) -> dict[str, Any]:
    return json.loads((FIELD / f"{name}.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def host(browser):
    h = browser.new_host(build_page(PLAIN), host_context=CONTEXT)
    yield h
    h.close()


def show(host, result: dict[str, Any], tool: dict[str, Any] | None = None, width: int = 640):
    """A fresh app frame showing ``result``; its frame, once the view painted."""
    host.reload(build_page(tool or PLAIN), host_context=CONTEXT, width=width)
    host.wait_initialized()
    host.send_tool_result(result)
    host.frame.wait_for_selector(BODY)
    host.wait_frames(2)
    assert host.console_errors == [] and host.csp_violations == []
    return host.frame


def text_of(result_text: str, **extra: Any) -> dict[str, Any]:
    return {"content": [{"type": "text", "text": result_text}], **extra}


# --------------------------------------------------------------------------- key: value blocks


def test_key_value_blocks_of_two_tables_stay_two_records(host):
    """mcp-alchemy's schema_definitions for sales and people: two records, each under its name,
    not one wide table with the second's columns under the first one's header."""
    frame = show(host, load("alchemy__schema_definitions")["result"])
    assert frame.locator(f"{BODY} table").count() == 0
    assert frame.locator(f"{BODY} h3").all_inner_texts()[-2:] == ["sales:", "people:"]
    lists = frame.locator(f"{BODY} dl.kv")
    assert lists.count() == 2
    assert lists.nth(0).locator("dt").all_inner_texts() == ["ID", "Region", "Product", "Quarter", "Revenue", "Units"]
    assert lists.nth(1).locator("dt").all_inner_texts() == ["ID", "Name", "Born", "Skills"]
    assert lists.nth(1).locator("dd").all_inner_texts()[1] == "VARCHAR(40), nullable"
    assert "—" not in frame.inner_text(BODY)


def test_alike_key_value_blocks_are_still_rows_of_one_table(host):
    """Records with the same keys (alchemy's numbered rows), or most of them (dbutils' columns:
    Max Length on one, Precision and Scale on others), stay the rows of one table."""
    frame = show(host, load("alchemy__execute_query")["result"])
    assert frame.locator(f"{BODY} table").count() == 1
    assert frame.locator(f"{BODY} tbody tr").count() == sum(t.count("\nid: ") + t.startswith("id: ") for t in [load("alchemy__execute_query")["result"]["content"][0]["text"]])
    frame = show(host, load("dbutils__dbutils-describe-table")["result"])
    assert frame.locator(f"{BODY} table").count() == 1 and frame.locator(f"{BODY} tbody tr").count() == 4


def test_generated_key_value_blocks_apart_and_together(host):
    text = ("orders:\n  id: 7\n  total: 12.5\n  status: open\n"
            "customer:\n  name: Ada\n  email: ada@example.org\n"
            "line 1:\n  sku: A-1\n  qty: 2\nline 2:\n  sku: B-7\n  qty: 1\n")
    frame = show(host, text_of(text))
    assert frame.locator(f"{BODY} dl.kv").count() == 2  # orders, customer: records of their own
    assert frame.locator(f"{BODY} table").count() == 1  # the two lines: one table
    assert frame.locator(f"{BODY} tbody tr").count() == 2
    assert frame.locator(f"{BODY} th").all_inner_texts() == ["", "SKU", "Qty"]


# --------------------------------------------------------------------------- text beside structuredContent


def test_text_that_is_other_data_shows_beside_the_structured_content(host):
    """A notebook cell's printed matrix beside its execution metadata: both show."""
    printed = "[[1 2 3]\n [4 5 6]]"
    frame = show(host, text_of(printed, structuredContent={"execution_count": 3, "status": "ok", "elapsed_ms": 12}))
    shown = frame.inner_text(BODY)
    assert "[[1 2 3]" in shown and "[4 5 6]]" in shown
    assert "Execution count" in shown
    mono = frame.locator(f"{BODY} pre.json").all_inner_texts()
    assert any(printed in m for m in mono), mono


def test_text_that_is_the_structured_content_again_shows_once(host):
    data = {"city": "Oslo", "population": 709037, "note": None}
    # the compatibility copy: JSON of the same data (a null field the same as an absent one)
    frame = show(host, text_of(json.dumps({"city": "Oslo", "population": 709037}), structuredContent=data))
    assert frame.inner_text(BODY).count("Oslo") == 1
    # other JSON is other data: it shows
    frame = show(host, text_of(json.dumps({"city": "Bergen"}), structuredContent=data))
    shown = frame.inner_text(BODY)
    assert shown.count("Oslo") == 1 and shown.count("Bergen") == 1


@pytest.mark.parametrize("name", ["git-node__git_branch", "tree-sitter__find_text", "webcal__list_calendars"])
def test_real_compatibility_copies_show_once(host, name):
    """git-node's text has "message": null where its structuredContent has no message;
    tree-sitter's and webcal's FastMCP lists send one text block per item of the list."""
    result = load(name)["result"]
    frame = show(host, result)
    # (a value drawn short, a git hash, is whole in its title: counted there)
    shown = "\n".join([frame.inner_text(BODY), *frame.locator(f"{BODY} [title]").evaluate_all(
        "els => els.filter(e => !e.innerText.includes(e.title)).map(e => e.title)")])
    strings = reach._strings(result["structuredContent"])
    for s in strings:
        if len(s) >= 6 and "\n" not in s:
            assert shown.count(s) == sum(t.count(s) for t in strings), s


def test_a_real_servers_message_beside_its_structured_content_folds_by_whom_it_is_for(host):
    """pdf-server's display_pdf: beside the view's ids, a text telling the model what to do next
    ("call `interact` with this viewUUID … not the one the user is looking at") folds under the
    server's note to the model; its list of the form's fields restates the data and folds under
    the server's text. Both one click away."""
    result = load("pdf__display_pdf")["result"]
    frame = show(host, result)
    shown = frame.inner_text(BODY)
    assert "PDF opened" not in shown and "Form fields (3)" not in shown
    assert "claim.pdf" in shown  # the data itself
    folds = frame.locator(f"{BODY} details.srv > summary")
    assert folds.all_inner_texts() == ["Server's text", "Server's note to the model"]
    folds.nth(0).click()
    assert "Form fields (3)" in frame.inner_text(BODY)
    folds.nth(1).click()
    assert "PDF opened" in frame.inner_text(BODY) and "To annotate, sign, stamp, fill forms" in frame.inner_text(BODY)


# --------------------------------------------------------------------------- recursive structures


def plan_node(kind: str, cost: float, rows: int, *children: dict[str, Any], **extra: Any) -> dict[str, Any]:
    node: dict[str, Any] = {"Node Type": kind, "Parallel Aware": False, "Startup Cost": round(cost / 3, 2),
                            "Total Cost": cost, "Plan Rows": rows, "Plan Width": 36, **extra}
    if children:
        node["Plans"] = list(children)
    return node


PLAN = [{"Plan": plan_node(
    "Hash Join", 57.43, 1200,
    plan_node("Seq Scan", 22.0, 1200, **{"Parent Relationship": "Outer", "Relation Name": "sales", "Alias": "s"}),
    plan_node("Hash", 18.5, 300, plan_node(
        "Index Scan", 18.5, 300, plan_node("Bitmap Index Scan", 4.31, 300, **{"Index Name": "people_born_idx"}),
        **{"Relation Name": "people", "Alias": "p", "Index Cond": "(born > 1900)"}), **{"Parent Relationship": "Inner"}),
    **{"Join Type": "Inner", "Hash Cond": "(s.person_id = p.id)"}), "Planning Time": 0.211, "Execution Time": 1.734}]


def test_a_query_plan_is_a_tree_with_every_number_in_reach(host):
    """EXPLAIN (FORMAT JSON), as a PostgreSQL server's text: a tree of nodes named by their kind,
    five levels, each level's summary shown when the one above is open, every number shown."""
    result = text_of(json.dumps([{"QUERY PLAN": PLAN}], indent=2))
    frame = show(host, result)
    summaries = [s.split(" · ")[0] for s in frame.locator(f"{BODY} details.tree > summary").all_inner_texts()]
    assert summaries == ["Hash Join", "Seq Scan", "Hash", "Index Scan", "Bitmap Index Scan"]
    assert frame.locator(f"{BODY} details:not([open])").count() == 0  # small: all shows open
    report = reach.check(host, {"tool": None, "result": result})
    assert report.found == report.total >= 40, report.missing
    host.reach_page = None


def test_a_real_postgres_plan_is_a_tree_with_every_number_in_reach(host):
    """@modelcontextprotocol/server-postgres answering EXPLAIN (FORMAT JSON): Sort over Hash Join
    over Seq Scan and Hash over Seq Scan; no fold of "1 item" before the plan."""
    result = load("postgres__query__explain")["result"]
    frame = show(host, result)
    summaries = frame.locator(f"{BODY} details.tree > summary").all_inner_texts()
    # a node of many fields: its kind, and its name beside it (the relation a scan reads)
    assert summaries == ["Sort", "Hash Join", "Seq Scan · people", "Hash", "Seq Scan · sales"]
    assert frame.locator(f"{BODY} table").count() == 0
    # a node's facts two to a line in a frame 640 px wide (a plan half as tall; one under 560 px)
    tops = "() => [...document.querySelector('details.tree .kv').children].filter((n) => n.tagName === 'DT').map((n) => n.getBoundingClientRect().top)"
    first = frame.evaluate(tops)
    assert len(first) > 4 and first[0] == first[1] and first[2] == first[3] and first[1] < first[2], first
    # a leaf (no Plans) adds no text of its own: the plan holds no null, so none is shown
    assert "null" not in frame.locator(BODY).inner_text().split()
    report = reach.check(host, {"tool": None, "result": result})
    assert report.found == report.total >= 40 and report.clicks == 0, report.missing
    host.reach_page = None


def test_a_big_trees_deep_levels_open_one_click_each(host):
    """Past 20 000 characters, the first three levels show open and each deeper node is one
    click, which shows all it holds."""
    def chain(depth: int) -> dict[str, Any]:
        node = plan_node(f"Level {depth}", 10.0 + depth, depth, **{"Filter": "x" * 2000})
        return node if depth == 8 else {**node, "Plans": [chain(depth + 1), plan_node(f"Leaf {depth}", 1.0, 1, **{"Filter": "y" * 900})]}
    frame = show(host, {"content": [], "structuredContent": {"plan": chain(0)}})
    trees = frame.locator(f"{BODY} details.tree")
    opened = frame.evaluate("() => [...document.querySelectorAll('details.tree')].map((d) => d.open)")
    assert opened[:3] == [True, True, True] and not all(opened)
    closed = frame.locator(f"{BODY} details.tree:not([open]) > summary").first
    closed.click()
    host.wait_frames(2)
    assert trees.count() > len(opened)
    assert frame.locator(f"{BODY} details.tree:not([open])").count() < frame.evaluate("() => document.querySelectorAll('details.tree').length")


def test_a_real_file_tree_is_a_tree(host):
    """The filesystem server's directory_tree: nodes named by their file names."""
    result = load("filesystem__directory_tree")["result"]
    frame = show(host, result)
    # a directory its name and kind, a fold; a file its line, nothing to open
    summaries = frame.locator(f"{BODY} details.tree > summary").all_inner_texts()
    assert {"docs · directory", "src · directory"} <= set(summaries)
    assert "app.log · file" in frame.locator(f"{BODY} .leaf").all_inner_texts()
    report = reach.check(host, {"tool": None, "result": result})
    assert report.found == report.total, report.missing
    host.reach_page = None


def test_nested_configuration_shows_its_fourth_level_without_a_click(host):
    config = {"server": {"http": {"tls": {"cert": "/etc/app/cert.pem", "key": "/etc/app/key.pem", "min_version": "TLSv1.2",
                                          "ciphers": "ECDHE-ECDSA-AES128-GCM-SHA256", "session_timeout_s": 300}, "port": 8443}},
              "name": "edge-7"}
    frame = show(host, {"content": [], "structuredContent": config})
    shown = frame.inner_text(BODY)  # innerText: nothing in a closed fold
    for value in ("/etc/app/cert.pem", "TLSv1.2", "ECDHE-ECDSA-AES128-GCM-SHA256", "5 min", "8443", "edge-7"):
        assert value in shown, (value, shown)
    assert frame.locator(f'{BODY} [title="300"]').inner_text() == "5 min"  # session_timeout_s: a duration, exact in its title
    assert frame.locator(f"{BODY} .view.nest").count() >= 1


# --------------------------------------------------------------------------- terminal output

RED = "rgb(207, 34, 46)"
TRACEBACK = ("\x1b[31mTraceback (most recent call last):\x1b[0m\n"
             '  File \x1b[35m"/tmp/cell.py"\x1b[0m, line \x1b[35m3\x1b[0m, in \x1b[35m<module>\x1b[0m\n'
             "    print(1 / 0)\n"
             "\x1b[1;31mZeroDivisionError\x1b[0m: \x1b[35mdivision by zero\x1b[0m\n")


def plain(s: str) -> str:
    import re

    return re.sub(r"\x1b\[[\d;]*m", "", s)


def assert_terminal(frame, pre, expected: str) -> None:
    assert pre.inner_text() == expected.rstrip("\n") or pre.inner_text().rstrip("\n") == expected.rstrip("\n")
    assert "monospace" in pre.evaluate("(n) => getComputedStyle(n).fontFamily") or "Menlo" in pre.evaluate("(n) => getComputedStyle(n).fontFamily")
    assert "\x1b" not in frame.inner_text(BODY) and "[31m" not in frame.inner_text(BODY)


def test_a_coloured_traceback_is_a_monospace_block_in_colour(host):
    frame = show(host, text_of(TRACEBACK, structuredContent={"exit_code": 1}))
    pre = frame.locator(f"{BODY} pre.json").first
    assert_terminal(frame, pre, plain(TRACEBACK))
    red = pre.locator("span", has_text="ZeroDivisionError")
    assert red.evaluate("(n) => getComputedStyle(n).color") == RED and int(red.evaluate("(n) => getComputedStyle(n).fontWeight")) >= 600
    assert pre.locator("span", has_text="Traceback").evaluate("(n) => getComputedStyle(n).color") == RED


def test_a_coloured_traceback_as_the_error_is_monospace_too(host):
    frame = show(host, text_of(TRACEBACK, isError=True))
    alert = frame.locator(f"{BODY} .alert-error")
    pre = alert.locator("pre")
    assert pre.count() == 1
    assert_terminal(frame, pre, plain(TRACEBACK))


def test_other_escapes_are_dropped_and_a_redrawn_line_shows_as_it_ended(host):
    text = "\x1b]0;build\x07\x1b[2K\x1b[1Gstep 1 ok\nprogress 10%\rprogress 50%\rprogress 100%\n\x1b[91;38;5;9mfailed\x1b[39m \x1b[38;2;1;2;3mrgb\x1b[0m done"
    frame = show(host, text_of(text))
    pre = frame.locator(f"{BODY} pre.json")
    assert pre.count() == 1
    assert pre.inner_text().rstrip("\n") == "step 1 ok\nprogress 100%\nfailed rgb done"
    assert pre.locator("span", has_text="failed").evaluate("(n) => getComputedStyle(n).color") == RED


def test_a_real_runners_colours_and_errors(host):
    """mcp-server-code-runner: a test run's coloured output (SGR codes from a Python program), and
    a Python traceback and a Node stack as its error results, each in one monospace block."""
    ansi = load("code-runner__run-code__ansi")["result"]
    frame = show(host, ansi)
    pre = frame.locator(f"{BODY} pre.json")
    assert pre.count() == 1
    assert_terminal(frame, pre, plain(ansi["content"][0]["text"]))
    assert pre.locator("span", has_text="FAIL").evaluate("(n) => getComputedStyle(n).color") == RED
    assert pre.locator("span", has_text="PASS").evaluate("(n) => getComputedStyle(n).color") == "rgb(17, 99, 41)"
    for name in ("code-runner__run-code__traceback", "code-runner__run-code__stack"):
        result = load(name)["result"]
        frame = show(host, result)
        pre = frame.locator(f"{BODY} .alert-error pre")
        assert pre.count() == 1
        text = result["content"][0]["text"]
        # the message first (issue 40): a traceback's exception; a stack's error thrown (its
        # "TypeError: …" line, under the runner's "Error: Command failed"), the whole stack below
        lines = text.strip().splitlines()
        message = lines.pop() if "Traceback (most recent call last):" in text else next(line for line in lines if line.startswith("TypeError: "))
        assert frame.locator(f"{BODY} .alert-error p").inner_text() == message
        text = "\n".join(lines)
        assert_terminal(frame, pre, text)


@pytest.mark.parametrize("text", [
    # a JS stack
    "TypeError: Cannot read properties of undefined (reading 'id')\n    at render (/srv/app/views.js:41:17)\n    at main (/srv/app/index.js:9:3)",
    # a log whose lines read like sentences (long, each ending with a full stop)
    "\n".join(f"2026-11-23T10:00:0{i}Z INFO worker-{i} processed batch {i} of the nightly import in {i * 13} ms." for i in range(4)),
    # a plain Python traceback
    plain(TRACEBACK),
])
def test_stacks_and_logs_are_monospace_blocks(host, text):
    frame = show(host, text_of(text))
    pre = frame.locator(f"{BODY} pre.json")
    assert pre.count() == 1
    assert_terminal(frame, pre, text)


# --------------------------------------------------------------------------- table cells


def test_short_identifiers_and_dates_never_break_inside_a_cell_long_text_wraps(host):
    long = "A long description of the task that has to wrap over several lines in a narrow table, as prose does."
    rows = [{"id": f"task-{i}", "code": f"ERR-{i}04-B", "due": "2026-11-23", "at": "2026-11-23T14:30:00+01:00", "title": long} for i in range(3)]
    frame = show(host, {"content": [], "structuredContent": {"tasks": rows}}, width=320)

    def lines(selector: str) -> int:
        return frame.locator(selector).first.evaluate(
            "(n) => { const r = document.createRange(); r.selectNodeContents(n); "
            "return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size; }")

    cells = f"{BODY} tbody tr:first-child td"
    for i in range(4):
        assert lines(f"{cells} >> nth={i}") == 1, frame.locator(cells).nth(i).inner_text()
    assert lines(f"{cells} >> nth=4") > 1
    # a markdown table's cells too
    md = "| id | title |\n|---|---|\n" + "\n".join(f"| task-{i} | {long} |" for i in range(3))
    frame = show(host, text_of(md), width=320)
    assert lines(f"{BODY} .md tbody tr:first-child td") == 1
