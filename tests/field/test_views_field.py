"""Result views on what real servers send: every recording in ``fixtures/field/`` (made by
``scripts/record_field.py``) rendered in headless Chromium under the official AppBridge, through
the page the proxy would serve for the recorded tool, and held to the properties of issue 15:
times keep their zone, diffs are diffs, delimited text is a table, line-structured text keeps its
lines in monospace, markdown only where it is markdown, nothing shown twice, numbers and words as
a person writes them. The host's zone is Tokyo, so any conversion would show."""

from __future__ import annotations

import csv
import json
import re
from typing import Any

import pytest

from compiler.pipeline import build_page
from compiler.text import humanize
from conftest import FIXTURES
from harness import reach

pytestmark = pytest.mark.browser

FIELD = FIXTURES / "field"
RECORDINGS = sorted(p.name for p in FIELD.glob("*.json"))
PLAIN = {"name": "plain", "inputSchema": {"type": "object"}}
CONTEXT = {"locale": "en-GB", "timeZone": "Asia/Tokyo", "theme": "light"}
OFFSET_TIME = re.compile(r"^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.\d+)?(Z|[+-]\d\d:\d\d)$")
TYPE_NAME = re.compile(r"[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+")


def load(name: str) -> dict[str, Any]:
    return json.loads((FIELD / name).read_text(encoding="utf-8"))


def texts(result: dict[str, Any]) -> list[str]:
    return [b["text"] for b in result.get("content", []) if b.get("type") == "text"]


def strings(value: Any):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from strings(v)


def data_of(result: dict[str, Any]) -> list[Any]:
    """The data a result carries: its structuredContent and every text block that is JSON."""
    out = [result["structuredContent"]] if "structuredContent" in result else []
    for t in texts(result):
        try:
            out.append(json.loads(t))
        except ValueError:
            pass
    return out


def is_diff(text: str) -> bool:
    return bool(re.search(r"(?m)^@@ -\d+", text)) and bool(re.search(r"(?m)^--- \S", text))


delimited_rows = reach.delimited_rows  # the CSV/TSV rule written apart from the runtime: one copy, in reach


class Upstream:
    """What a page's tools/call meets in the corpus's host: the recording's JSON-RPC error. The
    host rejects the call with its message, as a host does when the server answered so."""

    error: dict[str, Any] | None = None

    def __call__(self, name: str, arguments: dict[str, Any]) -> dict[str, Any]:
        assert self.error is not None, "only a recording of a JSON-RPC error calls its tool"
        raise RuntimeError(self.error["message"])


UPSTREAM = Upstream()


@pytest.fixture(scope="module")
def field_host(browser):
    """One host page for the corpus (``reload`` swaps the app in a fresh iframe: fast). Each
    recording is shown as a host that offers only the MCP Apps minimum shows it (no
    ``serverResources``: ``render``'s default); ``reads=True`` makes it one that reads resources."""
    host = browser.new_host(build_page(PLAIN), host_context=CONTEXT, on_call_tool=UPSTREAM, reads=False)
    yield host
    host.close()


@pytest.fixture(scope="module")
def reading_host(browser):
    """A host that reads resources (``serverResources``), as most do."""
    host = browser.new_host(build_page(PLAIN), host_context=CONTEXT)
    yield host
    host.close()


def render(host, entry: dict[str, Any], width: int = 640, *, reads: bool = False):
    host.reload(build_page(entry["tool"] or PLAIN), host_context=CONTEXT, width=width, reads=reads)
    host.wait_initialized()
    host.send_tool_result(reach.shown_result(entry))
    frame = host.frame
    frame.wait_for_selector("#result .result-body .view")
    host.wait_frames(2)  # the view painted (its rows laid out: some checks read where lines break)
    return frame


# The result region as a person sees it: its visible text and the shape of its elements.
SEEN_JS = """() => { const body = document.querySelector('#result .result-body');
  return [body.innerText, [...body.querySelectorAll('*')].map((e) => e.tagName + '.' + e.getAttribute('class')).join(' ')]; }"""


# Issue 32: every page is self-contained, so a host that offers only tools shows a result exactly
# as one that reads resources does, and neither reads anything. Every recording is checked in the
# minimum host (below); these, one of each kind of view, in both.
BOTH_HOSTS = ["everything__echo.json", "sqlite__read_query.json", "filesystem__read_text_file__csv.json",
              "git__git_diff.json", "time__convert_time.json", "dbutils__dbutils-describe-table.json",
              "postgres__query__jsonb.json", "excel__read_range__matrix.json", "everything__get-tiny-image.json",
              "filesystem__read_text_file__markdown.json", "shapes__get_page_source__html-source.json",
              "shapes__query__error-json.json"]


@pytest.mark.parametrize("name", BOTH_HOSTS)
def test_a_host_that_reads_resources_shows_the_same(field_host, reading_host, name):
    entry = load(name)
    alone = render(field_host, entry).evaluate(SEEN_JS)
    assert render(reading_host, entry, reads=True).evaluate(SEEN_JS) == alone
    assert field_host.reads == [] and reading_host.reads == []
    assert field_host.page_errors == [] and reading_host.page_errors == []


@pytest.mark.parametrize("name", RECORDINGS)
def test_field_result_renders_right(field_host, name):
    entry = load(name)
    result = entry["result"]
    host = field_host
    frame = render(host, entry)  # as a host with only the MCP Apps minimum shows it
    assert host.reads == [] and host.page_errors == []
    if "jsonrpcError" in result:
        return shows_the_error_of_the_run(host, entry)
    body = "#result .result-body > .view"
    shown = frame.inner_text(body)
    assert host.console_errors == [] and host.csp_violations == []
    assert not [e for e in host.logs if "result view failed" in json.dumps(e)]
    blocks = texts(result)

    if result.get("isError"):
        alert = frame.locator(f"{body} .alert-error")
        # the message first: an error's text by the kinds of a result's (issue 40), JSON as data
        message = blocks[0].strip()
        said = json.loads(message) if message[:1] in "[{" else None
        first = next((v for v in (said or {}).values() if isinstance(v, str)), None) if isinstance(said, dict) else message.splitlines()[-1 if message.startswith("Traceback") else 0]
        # (the Python SDK's wrapper, "Error executing tool <name>: ", is not said under the box's Error)
        first = first and re.sub(r"^Error executing tool [^\s:]+: (?=\S)", "", first)
        assert alert.count() == 1 and (first is None or first in alert.inner_text()), (first, alert.inner_text())
        return

    # Only matrices are heatmaps: no other recording of the corpus is drawn as one (a query's id,
    # revenue and units are no matrix), and each of MATRICES is (its values: the test below).
    assert (frame.locator("#result .heatmap").count() > 0) == (name in MATRICES), name

    # Nothing twice: each line of prose, each string of the data, at most once — as a line or a
    # cell of its own (a longer string of the data that holds it is another value: pdf-reader's
    # JSON holds a page's text run together, "OutlookTwo new products…", beside the page's lines).
    pieces = [p.strip() for p in re.split(r"[\n\t]", shown)]
    for text in blocks:
        for line in text.splitlines()[:20]:
            line = line.strip()
            if len(re.sub(r"[^A-Za-z]", "", line)) >= 8 and not is_diff(text):
                assert pieces.count(line) <= max(1, text.count(line)), (line, shown[:600])

    # What the headline's tiles show is not listed again below them (a typed record's fields too).
    tiles = set(frame.locator(f"{body} .tile-k").all_inner_texts())
    assert not tiles & set(frame.locator(f"{body} dt").all_inner_texts()), tiles

    # Times keep their own wall clock and zone; the full value is on hover. A column of times of
    # one day says that day and zone once, under its heading, and each row its time of day.
    heads = frame.locator(f"{body} th small").all_inner_texts()
    for value in data_of(result):
        for s in strings(value):
            m = OFFSET_TIME.match(s)
            if m:
                # seconds when it has some, and the fraction of a second as written (never dropped)
                fraction = re.match(r"\.\d+", s[m.end(6):]) if m[6] else None
                seconds = f":{m[6]}{fraction[0] if fraction else ''}" if m[6] != "00" or (fraction and float(fraction[0]) > 0) else ""
                clock = f"{m[4]}:{m[5]}" + seconds
                # a zero offset is UTC: the same instant and zone as Z, written as the view writes Z
                zone = "UTC" if m[7] in ("Z", "+00:00", "-00:00") else f"UTC{m[7]}"
                times = frame.locator(f'{body} time[title="{s}"]').all_inner_texts()
                # (a span of time, start and end in one title: each clock before "–", its zone or the end)
                spans = frame.locator(f'{body} time[title*="{s}"]').all_inner_texts()
                assert any(t.endswith(f"{clock} ({zone})") or (t == clock and any(h.endswith(f"({zone})") for h in heads)) for t in times) or any(
                    re.search(rf"(^|[ –]){re.escape(clock)}(–| \({re.escape(zone)}\)|$)", t) and (f"({zone})" in t or any(h.endswith(f"({zone})") for h in heads)) for t in spans), (s, times, spans, heads)

    # Diffs are diff views: one element per line, + and - lines marked, never markdown.
    diffs = [t for t in blocks if is_diff(t)]
    if diffs:
        view = frame.locator(f"{body} pre.diff")
        assert view.count() == len(diffs)
        added = frame.locator(f"{body} pre.diff .d-add").all_text_contents()
        removed = frame.locator(f"{body} pre.diff .d-del").all_text_contents()
        for text in diffs:
            lines = text.splitlines()
            assert [ln + "\n" for ln in lines if ln.startswith("+") and not ln.startswith("+++ ")] == added
            assert [ln + "\n" for ln in lines if ln.startswith("-") and not ln.startswith("--- ")] == removed
        assert frame.locator(f"{body} .md, {body} li").count() == 0

    # CSV and TSV text (a file, a query's export, a command's output) is a table: a column per
    # header, a row per line.
    tables = [rows for rows in map(delimited_rows, blocks) if rows]
    if tables:
        head = [humanize(h.strip()) for rows in tables for h in rows[0]]
        # long-format cells (issue 32) open as their matrix: the lines are the Records tab's table
        at = f"{body} .pivot > [role=tabpanel]:last-child" if frame.locator(f"{body} .pivot").count() else body
        # (a heading shortened by the unit its cells write, "Retained" over "38.4%", whole in its title)
        whole = "ths => ths.map((th) => { const t = th.querySelector('[title]'); return t ? t.title : th.textContent; })"
        assert [t.strip() for t in frame.locator(f"{at} th").evaluate_all(whole)] == head
        assert frame.locator(f"{at} tbody tr").count() == sum(min(len(rows) - 1, 100) for rows in tables)

    # Markdown only where it is markdown (two signs of it at least: headings, fences, links, bold,
    # lists, quotes; reach.is_markdown); JSON never as text.
    markdown = any(reach.is_markdown(t) and not data_of({"content": [{"type": "text", "text": t}]}) for t in blocks)
    # HTML with tables: its headings, lists and paragraphs outside them drawn as markdown's
    marked_html = any(reach.HTML_START.match(t) and re.search(r"<table[\s>]", t) and re.search(r"<(h[1-6]|li|p)[\s>]", re.sub(r"(?is)<table.*?</table>", "", t)) for t in blocks)
    # a notebook's output sent as markdown (nbformat's "text/markdown") is drawn so too
    sent_md = '"text/markdown"' in json.dumps(result.get("structuredContent"))
    assert (frame.locator(f"{body} .md").count() > 0) == (markdown or bool(marked_html) or sent_md)
    for pre in frame.locator(f"{body} pre").all_inner_texts():
        assert not pre.lstrip().startswith(("{", "[{")), pre[:200]

    # Line-structured text keeps its lines, in monospace (but the lines the data already shows: issue 40).
    shown_strings = set(reach._strings(result.get("structuredContent")))
    for text in blocks:
        if shown_strings:
            text = "\n".join(ln for ln in text.split("\n") if not ln.strip() or ln.strip() not in shown_strings)
        lines = [ln for ln in text.splitlines() if ln.strip()]
        shaped = reach.key_value_shaped(text) or reach.aligned_table(text)
        html = reach.HTML_START.match(text) and re.search(r"<table[\s>]", text)  # its tables are tables (issue 40)
        # (a text in titled sections: each title a heading, each section read by its own kind)
        titles = reach.section_titles(text)
        if titles and not markdown:
            assert set(titles) <= set(frame.locator(f"{body} h3").all_inner_texts()), titles
        elif len(lines) > 1 and not (is_diff(text) or tables or markdown or shaped or html or data_of({"content": [{"type": "text", "text": text}]})):
            # (a text that restates the data is folded under "Server's text": its text, not drawn)
            mono = frame.locator(f"{body} pre.json").all_text_contents()
            seen = re.sub(r"\x1b\[[\d;:]*m", "", text).strip()  # a terminal's colours are colours, not text
            assert any(seen in m for m in mono), (text[:200], mono)

    # Words and numbers: no separators in 4-digit numbers, no "1 items", no raw booleans,
    # headings that are not type names, keys that read as words.
    for value in data_of(result):
        for s in re.findall(r"\d+(?:\.\d+)?", json.dumps(value)):
            if 1000 <= float(s) < 10000:
                assert f"{float(s):,}".removesuffix(".0") not in shown
    assert not re.search(r"\b1 (items|rows|fields)\b", shown)
    for cell in frame.locator(f"{body} dd, {body} td").all_inner_texts():
        assert cell not in ("true", "false")
    for heading in frame.locator(f"{body} h3, {body} th, {body} dt").all_inner_texts():
        assert not TYPE_NAME.fullmatch(heading.strip()), heading
        assert not re.fullmatch(r"[a-z][a-z_]*", heading.strip()), heading


def shows_the_error_of_the_run(host, entry: dict[str, Any]) -> None:
    """A JSON-RPC error is no tool result: the page calls the tool with the recorded arguments
    (from the form the host's tool-input filled), the host rejects the call with the error, and
    the page says the run failed, with the error's message; the form stays usable."""
    error = entry["result"]["jsonrpcError"]
    host.reload(build_page(entry["tool"]), host_context=CONTEXT, reads=False)
    host.wait_initialized()
    host.send_tool_input(entry["arguments"])
    UPSTREAM.error = error
    frame, n = host.frame, len(host.calls)
    try:
        frame.click("[data-action=submit]")
        call = host.wait_calls(n + 1)[n]
        host.wait_until(lambda: error["message"] in frame.locator("#result > .status").inner_text())
    finally:
        UPSTREAM.error = None
    assert call["name"] == entry["tool"]["name"] and call["arguments"] == entry["arguments"]
    assert frame.locator("#result .result-body .view").count() == 0
    assert not frame.locator("[data-action=submit]").is_disabled()
    assert host.console_errors == [] and host.csp_violations == []


def test_the_corpus_covers_the_kinds_it_is_for():
    """The recordings hold what the properties above are about (so they cannot pass vacuously)."""
    entries = [load(n) for n in RECORDINGS]
    servers = {e["server"] for e in entries}
    assert {"filesystem", "memory", "everything", "time", "git", "fetch", "sqlite"} <= servers
    blocks = [t for e in entries for t in texts(e["result"])]
    assert sum(is_diff(t) for t in blocks) >= 2
    assert sum(bool(delimited_rows(t)) for t in blocks) >= 2
    assert any(OFFSET_TIME.match(s) for e in entries for d in data_of(e["result"]) for s in strings(d))
    assert any(e["result"].get("isError") for e in entries if e["server"] == "fetch")
    assert any(e.get("progress") for e in entries)
    assert any("jsonrpcError" in e["result"] for e in entries)


def test_convert_time_shows_both_times_as_sent(field_host):
    """The case the issue opened with: 14:30 in Oslo is 08:30 in New York, never '1:30 PM' twice."""
    frame = render(field_host, load("time__convert_time.json"))
    shown = frame.inner_text("#result .result-body > .view")
    assert "23 Nov 2026, 14:30 (UTC+01:00)" in shown and "23 Nov 2026, 08:30 (UTC-05:00)" in shown
    assert [h.strip() for h in frame.locator("#result .result-body h3").all_inner_texts()] == ["Source", "Target"]
    assert "Is DST" in shown and "No" in shown


def test_sqlite_rows_in_python_repr_are_a_table(field_host):
    frame = render(field_host, load("sqlite__read_query.json"))
    assert frame.locator("#result .result-body th").all_inner_texts() == ["ID", "Region", "Quarter", "Revenue", "Units"]
    assert frame.locator("#result .result-body tbody tr").count() == 12


def test_csv_numbers_read_as_numbers(field_host):
    frame = render(field_host, load("filesystem__read_text_file__csv.json"))
    first = frame.locator("#result .result-body tbody tr").first.locator("td").all_inner_texts()
    assert first == ["Oslo", "Norway", "709,037", "1040"]  # a population is grouped, a year is not
    assert frame.locator("#result .result-body td.num").count() == 8


# Seen in the gallery (scripts/gallery.py) at phone width, and mended:


def test_a_narrow_table_scrolls_instead_of_cutting_words(field_host):
    """sqlite's describe_table at 380 px: "INTEGER" was drawn as "INTEG" over "ER"."""
    frame = render(field_host, load("sqlite__describe_table.json"), width=380)
    lines = frame.evaluate(
        """() => Array.from(document.querySelectorAll('#result td')).filter((td) => !/\\s/.test(td.textContent))
             .map((td) => { const r = document.createRange(); r.selectNodeContents(td);
               return [td.textContent, new Set(Array.from(r.getClientRects()).map((x) => Math.round(x.top))).size]; })"""
    )
    assert ["INTEGER", 1] in lines and all(n == 1 for _, n in lines), lines


def test_a_diff_line_keeps_its_mark_across_the_scroll(field_host):
    """git diff at 380 px: the lines are wider than the view; an added line's background spans
    the whole line, not only the part in view."""
    frame = render(field_host, load("git__git_diff.json"), width=380)
    widths = frame.evaluate(
        """() => { const pre = document.querySelector('#result pre.diff');
             return [pre.scrollWidth > pre.clientWidth, Array.from(pre.children).map((s) => s.scrollWidth - s.clientWidth)]; }"""
    )
    assert widths[0] and max(widths[1]) <= 0, widths  # it scrolls, and no line overflows its own box


def test_detection_is_bounded_on_10_mb(field_host):
    """Ten megabytes of text that is nearly CSV everywhere: detection reads only the first 64 KB."""
    frame = render(field_host, load("everything__echo.json"))
    ms = frame.evaluate(
        """() => { const line = 'a,b,c\\n'; const s = 'x,y,z\\n' + line.repeat(10 * 1024 * 1024 / line.length);
        const t = performance.now(); const k = CU.views.kind(s); return [k, performance.now() - t]; }"""
    )
    assert ms[0] == ","  # the figure (ms) is printed by bench/bench_views.py, not asserted here



# Issue 26's shape rules, each on recordings from two servers at least.


def _grid(frame) -> tuple[list[str], list[list[str]]]:
    """The headers and the cells of the result's tables, in order."""
    body = "#result .result-body"
    rows = [r.locator("td").all_inner_texts() for r in frame.locator(f"{body} tbody tr").all()]
    return frame.locator(f"{body} th").all_inner_texts(), rows


def test_a_small_result_shows_whole(field_host):
    """Rule "a small result shows whole" (views.js ``whole``): a result of 3 000 characters of JSON
    at most has no part behind a click (python-pptx's slide: its placeholders and its table's rows,
    three levels down, were "1 item" folds); one record of five fields or more nested in it is a
    key-value list, not a one-row table cut at the fold's width."""
    frame = render(field_host, load("powerpoint__extract_presentation_text.json"))
    folds = frame.locator("#result .result-body details.more")
    assert folds.count() == 3 and all(d.get_attribute("open") is not None for d in folds.all())
    placeholder = folds.first.locator("dl.kv")
    assert placeholder.locator("dt").all_inner_texts()[-2:] == ["Placeholder type", "Placeholder idx"]
    assert placeholder.locator("dd").all_inner_texts()[-2:] == ["TITLE (1)", "0"]
    assert "North, 12450.00, 310" in frame.locator("#result .result-body table").last.inner_text()
    assert frame.get_by_text("East, 13002.25, 342").is_visible()


def test_a_table_of_short_values_is_as_wide_as_they_are(field_host):
    """Rule "short values, a narrow table" (views.js ``fit``): a system monitor's cores, two columns
    of counts, sit side by side, not at the frame's two edges; a table with phrases in it (a deck's
    layouts) still takes the frame's width."""
    frame = render(field_host, load("system-monitor__poll-system-stats.json"), width=900)
    width = frame.locator("#result .result-body").bounding_box()["width"]
    cores = frame.locator("#result .result-body table")
    assert cores.get_attribute("class") == "fit" and cores.bounding_box()["width"] < width / 2
    assert cores.locator("thead th").all_inner_texts() == ["Idle", "Total"]
    frame = render(field_host, load("powerpoint__get_presentation_info.json"), width=900)
    width = frame.locator("#result .result-body").bounding_box()["width"]
    layouts = frame.locator("#result .result-body table")
    assert layouts.get_attribute("class") is None and layouts.bounding_box()["width"] > width * 0.9


def test_a_column_of_source_lines_keeps_its_spaces_in_monospace(field_host):
    """Rule "source lines" (views.js ``code`` columns): a blame's content, one line indented, is
    drawn in monospace with its spaces kept, not "a, b = 0, 1 # start"; its other columns not."""
    frame = render(field_host, load("git-node__git_blame.json"), width=900)
    content = frame.locator("#result .result-body tbody tr td.code")
    assert content.all_inner_texts() == ["def fib(n: int) -> int:", "    a, b = 0, 1  # start"]
    font = "(cell) => getComputedStyle(cell).fontFamily"
    assert "mono" in content.first.evaluate(font)
    assert "mono" not in frame.locator("#result .result-body tbody tr td").nth(2).evaluate(font)


def test_a_trees_top_nodes_are_spaced_as_its_children(field_host):
    """A list of trees (a directory's entries) lines its top leaves up as evenly as the leaves in a
    folder: app.log, cities.csv, data.tsv are not 8 px further apart than fib.py and pkg."""
    frame = render(field_host, load("filesystem__directory_tree.json"), width=900)
    top = [box["y"] for box in (leaf.bounding_box() for leaf in frame.locator("#result .trees > .leaf").all())]
    inner = [box["y"] for box in (node.bounding_box() for node in frame.locator("#result .trees > details").last.locator(":scope > .kids > *").all())]
    assert len(top) == 3 and len(inner) == 2
    assert abs((top[1] - top[0]) - (inner[1] - inner[0])) <= 1, (top, inner)


def test_a_typed_views_empty_parts_are_facts_and_its_nested_parts_set_in(field_host):
    """An outputSchema's record or list that came empty (git's stagedChanges {}, untrackedFiles [])
    is a fact "none", not a heading over nothing; a view nested in a record's view ("Modified"
    under "Unstaged changes") is set in under its heading."""
    frame = render(field_host, load("git-node__git_status.json"), width=900)
    body = frame.locator("#result .result-body")
    assert body.locator("h3").all_inner_texts() == ["Unstaged changes", "Modified"]
    facts = dict(zip(body.locator("dt").all_inner_texts(), body.locator("dd").all_inner_texts(), strict=True))
    assert facts["Staged changes"] == facts["Untracked files"] == facts["Conflicted files"] == "none"
    modified = body.locator(".view.nest", has=frame.locator("h3", has_text="Modified"))
    assert modified.count() == 1 and "README.md" in modified.inner_text()
    # a view bound deep but laid out at the top (a system monitor's /cpu/cores, one field folded) is not set in
    frame = render(field_host, load("system-monitor__poll-system-stats.json"), width=900)
    assert frame.locator("#result .result-body .nest").count() == 0


@pytest.mark.parametrize(
    ("name", "head", "first", "count"),
    [
        # a sheet's range whose first row names the columns (excel), ragged rows (the matrix)
        ("excel__read_range.json", ["ID", "Region", "Product", "Quarter", "Revenue", "Units"], ["1", "North", "Widget", "2026-Q1", "1191.50", "12"], 12),
        ("excel__read_range__matrix.json", ["Cohort", "Size", "month 0", "month 1", "month 2", "month 3", "month 4", "month 5"], ["2026-01", "120", "100.0", "62.0", "38.4", "23.8", "14.8", "9.2"], 6),
        # a driver's rows beside their column names (motherduck): the names head the columns (issue 40)
        ("motherduck__execute_query__pivot.json", ["Cohort", "0", "1", "2", "3", "4", "5"], ["2026-01", "100.0", "62.0", "38.4", "23.8", "14.8", "9.2"], 6),
    ],
)
def test_a_2d_array_of_scalars_is_a_grid(field_host, name, head, first, count):
    """Rule "grid" (views.js ``grid``): an array of arrays of scalars is a table; a first row of
    distinct strings over rows of other types is its header."""
    ths, rows = _grid(render(field_host, load(name)))
    assert ths == head and rows[0] == first and len(rows) == count
    if name.endswith("matrix.json"):
        assert rows[-1] == ["2026-06", "205", "100.0", "—", "—", "—", "—", "—"]  # a short row's missing cells


@pytest.mark.parametrize(
    ("name", "head", "first", "count"),
    [
        # lists of tuples, as Python servers print a query's rows (duckdb) or a program's (code-runner)
        ("duckdb__query__pivot.json", ["Column 1", "Column 2", "Column 3", "Column 4", "Column 5", "Column 6", "Column 7"], ["2026-02", "100.0", "63.9", "39.6", "24.5", "15.2", "null"], 6),
        ("code-runner__run-code__tuples.json", ["Column 1", "Column 2", "Column 3"], ["1", "North", "1250.50"], 3),
        # (its lists of numbers are a matrix's rows: a heatmap after the region and the count)
        ("duckdb__query__lists.json", ["Column 1", "Column 3"] + [f"2.{i}" for i in range(1, 10)], None, 4),
        # a dict repr holding row dicts (dbutils), a list of dict reprs (sqlite)
        ("dbutils__dbutils-run-query.json", ["ID", "Name", "Born"], ["1", "Ada Lovelace", "1815"], 4),
        ("sqlite__read_query.json", ["ID", "Region", "Quarter", "Revenue", "Units"], ["1", "North", "2026-Q1", "1137.50", "13"], 12),
    ],
)
def test_a_python_literal_is_the_data_it_stands_for(field_host, name, head, first, count):
    """Rule "Python literal" (views.js ``pylit``): tuples are arrays (so a list of them is a grid),
    None/True/False are null/true/false, strings in either quote are strings; never one line of text."""
    frame = render(field_host, load(name))
    ths, rows = _grid(frame)
    if name == "duckdb__query__pivot.json":
        rows = rows[1:]  # the first row of the pivot has no None
    assert ths == head and len(rows) >= count - 1 and (first is None or rows[0] == first)
    assert not [p for p in frame.locator("#result .result-body pre").all_inner_texts() if p.lstrip().startswith(("[", "{", "("))]


def test_a_python_literal_keeps_what_json_would_lose(field_host):
    """The reader is not eval: calls, bare names and broken literals stay text; ints past 15 digits
    keep every digit; strings keep their quotes and brackets."""
    frame = render(field_host, load("everything__echo.json"))
    texts = ["[(1, \"a(b)\", None, True), (12345678901234567890, 'it\\'s', 2.5,)]", "[print('x')]", "(see below)", "[1, 2"]
    got = frame.evaluate(
        """(texts) => texts.map((s) => { const box = document.createElement('div');
             CU.views.render(box, { content: [{ type: 'text', text: s }] }, null, { hostContext: {}, caps: {} });
             return [box.querySelectorAll('td').length ? Array.from(box.querySelectorAll('td'), (td) => td.textContent) : box.textContent]; })""",
        texts,
    )
    assert got[0] == [["1", "a(b)", "null", "✓ Yes", "12345678901234567890", "it's", "2.5", "—"]]
    assert got[1:] == [["[print('x')]"], ["(see below)"], ["[1, 2"]]


@pytest.mark.parametrize(
    ("name", "items"),
    [
        ("redis__scan_all_keys.json", 8),
        ("redis__smembers.json", 3),
        ("tree-sitter__list_files.json", 6),
    ],
)
def test_a_record_whose_parts_have_their_own_views_says_them_once(field_host, name, items):
    """Rule "nothing twice" (typed.js ``KeyValue``): an outputSchema of one array property compiles
    to a KeyValue holding that array's own view; the KeyValue (no scalar fields) showed the array
    inline too. Each item is now one list item, once (the text blocks, one per item, are the data
    again and are left out)."""
    entry = load(name)
    frame = render(field_host, entry)
    shown = frame.inner_text("#result .result-body > .view")
    # one item each; a few short ones on one line, in order (paths one a line)
    lis = frame.locator("#result .result-body li").all_inner_texts() or re.split(r", |\n", frame.locator("#result .result-body p.inl").inner_text())
    assert sorted(lis) == sorted(entry["result"]["structuredContent"]["result"]) and len(lis) == items
    assert all(shown.count(x) == 1 for x in lis if not any(x != y and x in y for y in lis)), shown


@pytest.mark.parametrize("name", ["postgres__query__jsonb.json", "mysql-node__mysql_query__json-column.json"])
def test_a_few_small_records_nested_in_a_cell_show_open(field_host, name):
    """Rule "small records open" (views.js ``more``): a cell holding a few records of a few scalar
    fields (a person's skills) shows them as a table at once, not behind "2 items"."""
    frame = render(field_host, load(name))
    body = "#result .result-body"
    folds = frame.locator(f"{body} td details.more")
    assert folds.count() == 3 and all(d.get_attribute("open") is not None for d in folds.all())
    assert frame.locator(f"{body} td details.more table").count() == 3
    inner = frame.locator(f"{body} td details.more tbody tr").all_inner_texts()
    assert len(inner) == 5 and any("mathematics" in r and "5" in r for r in inner)


@pytest.mark.parametrize(
    ("name", "head", "first", "count"),
    [
        # numbered records (alchemy), records apart by blank lines (git), indented and named by the
        # line before each (dbutils): rows of one table
        ("alchemy__execute_query.json", ["", "ID", "Region", "Product", "Quarter", "Revenue", "Units"], ["1. row", "19", "East", "Widget", "2026-Q1", "1413.50", "18"], 9),
        # (git's hash as its short one, whole in its title: test_git_hashes_show_short_…)
        # (git's dates are times, a space for the T: both of one day, said once under the heading)
        ("git__git_log.json", ["Commit", "Author", "Date\n20 Nov 2026 (UTC+01:00)", "Message"], ["6ff8abe", "Ada Lovelace", "09:15", "fib: comment the loop, print fib(40)"], 2),
        ("dbutils__dbutils-describe-table.json", ["", "Nullable", "Default", "Max Length", "Precision", "Scale"], ["cohort (character varying)", "NO", "None", "8", "—", "—"], 4),
    ],
)
def test_key_value_lines_are_records(field_host, name, head, first, count):
    """Rule "Key: value lines" (views.js ``kvt``): records; records that start with the same key
    are the rows of one table; the other lines stay text."""
    ths, rows = _grid(render(field_host, load(name)))
    assert ths == head and rows[0] == first and len(rows) == count


def test_a_lone_key_value_record_is_a_record(field_host):
    frame = render(field_host, load("dbutils__dbutils-describe-table.json"))
    dts = frame.locator("#result .result-body dt").all_inner_texts()
    assert dts == ["Table", "Comment"] and frame.locator("#result .result-body dd").all_inner_texts() == ["retention", "No comment"]


@pytest.mark.parametrize("name", ["alchemy__execute_query.json", "motherduck__execute_query__pivot.json", "markitdown__convert_to_markdown__csv.json"])
def test_a_value_the_sdk_wraps_as_result_is_drawn_as_itself(field_host, name):
    """A Python server's ``{"result": "<its text>"}`` (FastMCP, the ``mcp`` SDK's wrapping of a
    str) is drawn as the text's data under one heading, the server's text not again beside it."""
    frame = render(field_host, load(name))
    assert frame.locator("#result .result-body table").count() == 1
    headings = frame.locator("#result :is(h2, h3, h4)").all_inner_texts()
    assert headings.count("Result") <= 1 and "Server's text" not in frame.locator("#result").inner_text()


@pytest.mark.parametrize(
    ("name", "head", "rows"),
    [
        # a program's f-strings (code-runner): right-aligned numbers, no rule
        ("code-runner__run-code__aligned.json", ["Region", "Revenue", "Units"],
         # (revenue: money, no cents past ten thousand; the exact amount in each cell's title)
         [["North", "12,450", "310"], ["South", "11,981", "287"], ["East", "13,002", "342"]]),
        # SQLite's shell in column mode, run by cli-mcp-server: a rule of dashes under the header,
        # left-aligned numbers, trailing blanks (and a second block: the command's return code)
        ("cli__run_command__sqlite.json", ["City", "Population", "Founded"],
         [["Oslo", "709,037", "1040"], ["Bergen", "291,189", "1070"], ["Trondheim", "214,565", "997"], ["Stavanger", "149,048", "1125"]]),
    ],
)
def test_an_aligned_text_table_is_a_table(field_host, name, head, rows):
    """Rule "aligned plain-text table" (views.js ``aligned``): columns apart by 2+ spaces under a
    header of names, on two servers; the rule's other cases are in test_views_reach's checker
    tests and reach.aligned_table."""
    assert _grid(render(field_host, load(name))) == (head, rows)


def test_single_spaced_columns_are_no_table(field_host):
    """A log and an ls -l (single spaces, no header) are not tables."""
    for other in ("filesystem__read_text_file__log.json", "cli__run_command.json", "cli__run_command__wc.json"):
        assert _grid(render(field_host, load(other)))[0] == [], other


def _md_tables(text: str) -> list[list[list[str]]]:
    """The tables of a markdown text, read apart from the views: runs of "| … |" lines, the
    "|---|" rule dropped, cells split on "|" and stripped."""
    tables: list[list[list[str]]] = []
    run: list[list[str]] = []
    for line in [*text.splitlines(), ""]:
        if reach.MD_TABLE.match(line):
            if not reach.MD_RULE.fullmatch(line):
                run.append([c.strip() for c in line.strip()[1:-1].split("|")])
        elif run:
            tables.append(run)
            run = []
    return tables


@pytest.mark.parametrize(
    ("name", "count"),
    [
        # a table and nothing else (markitdown's CSV); a heading over each sheet's table (its xlsx)
        ("markitdown__convert_to_markdown__csv.json", 1),
        ("markitdown__convert_to_markdown__xlsx.json", 2),
        # a page read by mcp-server-fetch: a line, a heading and a paragraph, then the table — one
        # sign of markdown besides the table, where two make markdown
        ("fetch__fetch__table.json", 1),
    ],
)
def test_a_markdown_table_is_a_table(field_host, name, count):
    """Rule "markdown tables" (views.js ``MDT``): a "| a | b |" line over a "|---|---|" line makes
    a text markdown on its own, and the table is a table: a column per header cell, a row per
    line, each cell's text as written — a column of numbers holds numbers (issue 40: the views'
    table, sorted and paged), so those read as the same numbers."""
    entry = load(name)
    (text,) = texts(entry["result"])
    # a header that is a key reads as a heading ("cohort_size" → "Cohort size"), as the views write keys
    key = re.compile(r"[A-Za-z_][\w-]*")
    want = [[[humanize(h) if key.fullmatch(h) else h for h in t[0]], *t[1:]] for t in _md_tables(text)]
    assert len(want) == count and reach.is_markdown(text)
    frame = render(field_host, entry)
    got = frame.evaluate(
        """() => Array.from(document.querySelectorAll('#result .result-body .md table'), (t) =>
             Array.from(t.querySelectorAll('tr'), (tr) => Array.from(tr.children, (c) => (c.querySelector('[title]') || {}).title || c.textContent)))"""
    )
    number = re.compile(r"-?[\d,]+(\.\d+)?")
    same = [[[reach.canon(c.replace(",", "")) if number.fullmatch(c) else c for c in row] for row in t] for t in got]
    assert same == [[[reach.canon(c) if number.fullmatch(c) else c for c in row] for row in t] for t in want]
    if name.startswith("fetch"):  # each cell's exact value (a formatted one's in its title)
        assert got == [[["Region", "Revenue", "Units"], ["North", "12450", "310"], ["South", "11980.5", "287"],
                        ["East", "13002.25", "342"], ["West", "9870.75", "251"]]]
        md = frame.locator("#result .result-body .md")
        assert md.locator("h4").inner_text() == "Sales by region, 2026-Q3"
        assert md.locator("p").all_inner_texts()[-1] == "Revenue grew in every region but the West."


@pytest.mark.parametrize(
    ("name", "fields"),
    [
        # chroma-mcp's peek at an empty collection: a dict repr holding array([], dtype=float64)
        ("chroma__chroma_peek_collection.json",
         {"IDs": "none", "Embeddings": "none", "Documents": "none", "URIs": "null", "Included": "metadatas, documents, embeddings",
          "Data": "null", "Metadatas": "none"}),
    ],
)
def test_numpy_array_reprs_are_their_arrays(field_host, name, fields):
    """Rule "numpy array reprs" (views.js ``pylit``): in a Python literal, array(X) and
    array(X, dtype=Y) are X, so the dict is a record, not a line of text."""
    frame = render(field_host, load(name))
    body = "#result .result-body"
    got = dict(zip(frame.locator(f"{body} dt").all_inner_texts(), frame.locator(f"{body} dd").all_inner_texts(), strict=True))
    assert got == fields
    assert frame.locator(f"{body} > .view pre:not(details.srv pre)").count() == 0  # its text one click away only (issue 50)


def test_a_dict_of_numpy_arrays_is_a_table(field_host):
    """A program's dict of arrays (code-runner): an int32 array (its dtype written) and float arrays
    printed with numpy's padding ("12450.  "), each as long as the others: a table, a row an index."""
    ths, rows = _grid(render(field_host, load("code-runner__run-code__numpy.json")))
    assert ths == ["Regions", "Units", "Revenue", "Share"]
    # (revenue is money: no cents past ten thousand; a share is a percentage)
    assert rows == [["North", "310", "12,450", "33.3%"], ["South", "287", "11,981", "32.0%"], ["East", "342", "13,002", "34.7%"]]


def test_a_python_literal_with_arrays_keeps_to_the_literal(field_host):
    """Arrays inside tuples (here numbers that form a matrix: a heatmap), 2-D and alone, a string
    that looks like one; what is not numpy's repr (a numpy scalar, an array of two values) stays text."""
    frame = render(field_host, load("everything__echo.json"))
    got = frame.evaluate(
        """(texts) => texts.map((s) => { const box = document.createElement('div');
             CU.views.render(box, { content: [{ type: 'text', text: s }] }, null, { hostContext: {}, caps: {} });
             return box.querySelectorAll('td').length ? Array.from(box.querySelectorAll('td'), (td) => td.textContent) : box.textContent; })""",
        [
            "[('a', array([1., 2.5])), ('b', array([3, 4], dtype=int64))]",
            "array([[1.  , 0.62],\n       [1.  , 0.65]])",
            "{'s': 'array(1)', 'x': array(['u', 'v'], dtype='<U1')}",
            "[np.float64(1.5)]",
            "[array(1, 2)]",
        ],
    )
    assert got[0] == ["a", "1.0", "2.5", "b", "3.0", "4.0"]  # (a heatmap: one decimal in every cell)
    assert got[1] == ["1", "0.62", "1", "0.65"]
    assert "array(1)" in got[2] and "u, v" in got[2]
    assert got[3:] == ["[np.float64(1.5)]", "[array(1, 2)]"]

# Issue 26's matrix rule (matrix.js): numbers that form a matrix are a heatmap, on recordings of
# five servers: excel-mcp-server, mcp-server-duckdb, mcp-server-motherduck, mcp-server-code-runner,
# @modelcontextprotocol/server-postgres. What each should show is read here from the recording
# itself (Python's own parsers), apart from the runtime.


def _py(entry):
    import ast

    return ast.literal_eval(texts(entry["result"])[0])


def _pad(row, n):
    return list(row) + [None] * (n - len(row))


def _excel(e):
    values = e["result"]["structuredContent"]["values"]
    head, rows = values[0], values[1:]
    return [r[0] for r in rows], head[2:], [_pad(r, len(head))[2:] for r in rows]


def _sheet(e):
    """excel-go's sheet as HTML: column letters over a first row of names, each row's number first;
    the cells of the columns named 'month …' (a heading reads its name, then its letter)."""
    cells = [re.findall(r"<t[dh]>(.*?)</t[dh]>", tr) for tr in re.findall(r"<tr>(.*?)</tr>", texts(e["result"])[0])]
    letters, names, rows = cells[0], cells[1], cells[2:]
    months = [i for i, name in enumerate(names) if name.startswith("month")]
    return [r[1] for r in rows], [names[i] + letters[i] for i in months], [[float(r[i]) if r[i] else None for i in months] for r in rows]


def _pivot(rows):
    return [r[0] for r in rows], [f"Column {i + 2}" for i in range(len(rows[0]) - 1)], [list(r[1:]) for r in rows]


def _motherduck(e):
    return json.loads(e["result"]["structuredContent"]["result"])["rows"]


def _arrays(rows, label, field, names):
    width = max(len(r[field]) for r in rows)
    return [r[label] for r in rows], names(width), [_pad(r[field], width) for r in rows]


def _kv_records(entry):
    """Records of "key: value" lines apart by blank lines (not the last line, "Result: 6 rows"); a
    value that is a list, as the harness reads it (a Python literal, Decimal reprs read as their
    numbers), is its numbers."""
    records = []
    for block in texts(entry["result"])[0].split("\n\n"):
        pairs = [m.groups() for m in map(reach.KEY_VALUE.match, block.splitlines()) if m]
        if len(pairs) > 1:
            records.append({key: _numbers(value) for key, value in pairs})
    return records


def _numbers(text):
    data = reach._data(text)
    return [float(x) for x in data] if isinstance(data, list) else text


def _long(rows, name="", value=float):
    """(row key, column key, value…) rows → the row keys, the column keys (numbers in order, else
    as they come; a number after the key's ``name``: "Month 3"), the matrix of the first values."""
    ints = all(re.fullmatch(r"\d+", str(r[1])) for r in rows)
    rs, cs = list(dict.fromkeys(r[0] for r in rows)), list(dict.fromkeys(int(r[1]) if ints else r[1] for r in rows))
    cs = sorted(cs) if ints else cs
    cells = {(r[0], int(r[1]) if ints else r[1]): value(r[2]) for r in rows}
    return rs, [f"{name} {c}" if ints else str(c) for c in cs], [[cells.get((r, c)) for c in cs] for r in rs]


def _cohorts(e):
    """The cohort-heatmap example: each cohort's cells {periodIndex, retention}, columns named by
    the sibling periodLabels."""
    data = e["result"]["structuredContent"]
    width = len(data["periodLabels"])
    rows = [[None] * width for _ in data["cohorts"]]
    for i, cohort in enumerate(data["cohorts"]):
        for cell in cohort["cells"]:
            rows[i][cell["periodIndex"]] = cell["retention"]
    return [c["cohortLabel"] for c in data["cohorts"]], data["periodLabels"], rows


MATRICES = {
    # a sheet's range: cohort, size, then "month 0" … "month 5" (one stem and a number)
    "excel__read_range__matrix.json": _excel,
    # the same retention sheet from another server, as HTML: its first row names the columns
    "excel-go__excel_read_sheet__matrix.json": _sheet,
    # pivots as Python tuples (no names, columns 2 … 7 after the label) and as a driver's rows
    # beside their column names (issue 40: the names head the columns, "0" … "5")
    "duckdb__query__pivot.json": lambda e: _pivot(_py(e)),
    "motherduck__execute_query__pivot.json": lambda e: (lambda p: (p[0], [str(i) for i in range(len(p[1]))], p[2]))(_pivot(_motherduck(e))),
    # a bare matrix, no labels at all
    "code-runner__run-code__matrix.json": lambda e: ([], ["Column 1", "Column 2", "Column 3"], _py(e)),
    # records holding a row of the matrix each (array_agg, list): columns are its indices
    "postgres__query__arrays.json": lambda e: _arrays(json.loads(texts(e["result"])[0]), "cohort", "retained", lambda w: [str(i) for i in range(w)]),
    "motherduck__execute_query__lists.json": lambda e: _arrays(_motherduck(e), 0, 2, lambda w: [str(i) for i in range(w)]),
    "duckdb__query__lists.json": lambda e: _arrays(_py(e), 0, 1, lambda w: [f"2.{i + 1}" for i in range(w)]),
    # the issue's own case: cohorts c0, c1 with a size and a retention row each (ids name the
    # rows: nothing better does)
    # mcp-alchemy's rows as "key: value" lines, a NUMERIC[] printed as [Decimal('100.0'), …]
    "alchemy__execute_query__arrays.json": lambda e: _arrays(_kv_records(e), "cohort", "retained", lambda w: [str(i) for i in range(w)]),
    "code-runner__run-code__json.json": lambda e: _arrays(json.loads(texts(e["result"])[0]), "id", "retention", lambda w: [str(i) for i in range(w)]),
    # issue 32: long-format cells, one record (or CSV line) a cell, pivoted into their matrix
    # (cohort × month → pct; product × quarter → units; region × product → revenue, units)
    "mysql__execute_sql__retention.json": lambda e: _long(list(csv.reader(texts(e["result"])[0].splitlines()))[1:], "Month"),
    "database-server__read_query.json": lambda e: _long([list(r.values()) for r in json.loads(texts(e["result"])[0])], "Month"),
    "dbutils__dbutils-run-query__grouped.json": lambda e: _long([list(r.values()) for r in _py(e)["rows"]]),
    # the same cells with a driver's numbers as text ("62.0", "6626.00": DECIMAL), read as numbers;
    # a number the row's key decides (the cohort's size) stands beside the row's name
    "dbhub__execute_sql.json": lambda e: _long([[r["cohort"], r["month"], r["retained_pct"]] for r in json.loads(texts(e["result"])[0])["data"]["rows"]], "Month"),
    "dbhub__execute_sql__grouped.json": lambda e: _long([list(r.values()) for r in json.loads(texts(e["result"])[0])["data"]["rows"]]),
    "mysql-node__mysql_query__grouped.json": lambda e: _long([list(r.values()) for r in json.loads(texts(e["result"])[0])]),
    "duckdb__query__grouped.json": lambda e: _long(_py(e)),
    "cohort-heatmap__get-cohort-data.json": _cohorts,
}

_HEATMAP = """() => {
  const parse = (c) => c.match(/[\\d.]+/g).map(Number);
  const bg = parse(getComputedStyle(document.body).backgroundColor);
  const lum = (c) => c.slice(0, 3).map((v) => v / 255).map((v) => v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4)
    .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
  // how far a cell's colour, over the page, is from the page's background
  const far = (td) => { const c = parse(getComputedStyle(td).backgroundColor), a = c.length > 3 ? c[3] : 1;
    return Math.abs(lum(c.map((v, i) => a * v + (1 - a) * bg[i])) - lum(bg)); };
  const t = document.querySelector('#result .heatmap');
  if (!t) return null;
  return {
    heads: Array.from(t.querySelectorAll('th'), (th) => th.textContent),
    labels: Array.from(t.querySelectorAll('td.hm-row'), (td) => td.textContent),
    // a cell's text as a person reads it (rounded: .hm-r), and exact (.hm-x, shown by the legend's toggle)
    rows: Array.from(t.querySelectorAll('tbody tr'), (tr) => Array.from(tr.children, (td) => [
      (td.querySelector('.hm-r') || td).textContent, (td.querySelector('.hm-x') || td).textContent, td.classList.contains('hm') ? far(td) : null])),
    legend: Array.from(t.querySelectorAll('.hm-legend span'), (s) => s.textContent),
    steps: Array.from(t.querySelectorAll('.hm-legend i'), far),
  };
}"""


def _as_number(text: str) -> float:
    return float(text.replace(",", ""))


def _reads_as(text: str, value: float) -> bool:
    """A matrix cell's text reads as its value (issue 49): a whole percentage of a fraction of one
    ("86%" for 0.8647…), or the value with at most three decimals ("38.4", "0.786")."""
    if text.endswith("%"):
        return 0 <= value <= 1 and int(text[:-1]) == round(value * 100)
    return abs(_as_number(text) - value) <= 0.0005 + 1e-12


@pytest.mark.parametrize("name", sorted(MATRICES))
@pytest.mark.parametrize("theme", ["light", "dark"])
def test_a_matrix_is_a_heatmap_of_its_values(field_host, name, theme):
    entry = load(name)
    labels, columns, matrix = MATRICES[name](entry)
    field_host.reload(build_page(entry["tool"] or PLAIN), host_context={**CONTEXT, "theme": theme}, width=640)
    field_host.wait_initialized()
    field_host.send_tool_result(entry["result"])
    field_host.frame.wait_for_selector("#result .result-body .view")
    hm = field_host.frame.evaluate(_HEATMAP)
    assert hm is not None, name
    # labels from the fields that name the rows and the columns
    assert hm["labels"] == [str(x) for x in labels]
    assert hm["heads"][-len(columns):] == columns
    width = len(columns)
    painted = []
    for row, want in zip(hm["rows"], matrix, strict=True):
        for (text, exact, far), value in zip(row[-width:], want, strict=True):
            if value is None:
                assert far is None and text in ("—", "null")
            else:  # the cell reads as its value, exact one click away; the colour an addition
                assert far is not None and _reads_as(text, value) and _as_number(exact) == value, (text, exact, value)
                painted.append((value, far))
    # the colour scale is monotonic: a greater value is never closer to the background
    painted.sort()
    assert all(b[1] >= a[1] - 1e-9 for a, b in zip(painted, painted[1:], strict=False)), painted
    assert painted[-1][1] > painted[0][1]
    # the legend: the scale's ends as the cells read, its steps monotonic too
    values = [v for v, _ in painted]
    assert _reads_as(hm["legend"][-2], min(values)) and _reads_as(hm["legend"][-1], max(values)), hm["legend"]
    assert hm["steps"] == sorted(hm["steps"]) and len(hm["steps"]) == 5


def test_the_matrices_are_recordings_of_results_from_five_servers():
    """Every one of MATRICES is a recording of a result (no error), so ``test_field_result_renders_right``
    holds it to being a heatmap, and every other recording to being none; the corpus holds
    matrices from five servers at least. (The heatmap check rides on that test's render of each
    recording: a second pass over the corpus in Chromium cost a minute.)"""
    for name in MATRICES:
        assert name in RECORDINGS, name
        result = load(name)["result"]
        assert not result.get("isError") and "jsonrpcError" not in result, name
    assert len({load(n)["server"] for n in MATRICES}) >= 5


def test_git_hashes_show_short_and_whole_where_nothing_hovers(field_host):
    """git-node's git_log (its output schema's table): each hash as git's short one, whole in its
    title; the shortHash column, which repeats them, and the schema's columns the server left out
    (body, refs, stat, patch) are not drawn — the subject has the room. Where the host says no
    pointer hovers, the rest of the hash shows."""
    entry = load("git-node__git_log.json")
    frame = render(field_host, entry)
    table = frame.locator("#result table")
    assert table.locator("th").all_inner_texts() == [
        "Hash", "Author", "Author email", "Timestamp\n20 Nov 2026 (UTC)", "Subject", "Parents"]
    commits = entry["result"]["structuredContent"]["commits"]
    hashes = table.locator("code.hash")
    assert hashes.all_inner_texts() == [commits[0]["shortHash"], commits[1]["shortHash"], commits[1]["shortHash"]]
    assert [hashes.nth(i).get_attribute("title") for i in range(3)] == [commits[0]["hash"], *commits[0]["parents"], commits[1]["hash"]]
    field_host.set_host_context({"deviceCapabilities": {"hover": False, "touch": True}})
    frame.wait_for_function("() => document.documentElement.hasAttribute('data-no-hover')")
    assert hashes.first.inner_text() == commits[0]["hash"]


def test_a_small_record_folded_in_a_typed_record_shows_open(field_host):
    """excel-mcp-server's find_cells (its output schema: matches by sheet, by cell): the sheet's
    five matches show at once, not behind "5 fields"."""
    frame = render(field_host, load("excel__find_cells.json"))
    fold = frame.locator("#result .result-body details.more")
    assert fold.count() == 1 and fold.get_attribute("open") is not None
    cells = load("excel__find_cells.json")["result"]["structuredContent"]["matches"]["Sales"]
    shown = fold.inner_text()
    assert all(cell in shown for cell in cells) and shown.count("Gizmo") == len(cells)
