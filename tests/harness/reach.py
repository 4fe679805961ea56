"""Every value in reach (issue 26, item 3): how many of a result's scalars a person can read in
its view as shown, or after exactly one click.

    report = check(host, entry)      # entry: a field recording ({"tool", "result", …})
    report.found, report.total, report.missing

**The scalars** (``scalars``) are what a person would look for in a result: every scalar of
``structuredContent``; and of each text block that is not that data again (the views' own rule:
a block that is JSON, or equals one of the data's strings, is left out), the data it stands for,
read here apart from the views: JSON, a Python literal (``ast.literal_eval``, never ``eval``;
numpy's ``array(X, dtype=Y)`` read as X, ``Decimal('62.0')`` as its number),
CSV/TSV, a markdown table's cells, ``Key: value`` lines' values (a value that is a list or a
record written as JSON or a Python literal: its data), an aligned plain-text table's
cells, an HTML table's cells (and each piece of text outside its tables), a markdown section's
or a ``json``/``csv`` fence's data; a section's title is its text (a banner's, "=====Cell 1=====";
a line's over a rule of "=" or "-", without its colon, unless it is a "Key: value" pair); any other line of text is one value (with markdown's inline
marks taken off). Beside structured data, a line that is one of the data's strings is left out
(shown once). An error's text is read the same way, its first line one value (its message). A
string of the data that holds several lines is read the same way. Keys and column names are headings, not
values; empty strings and base64 blobs (images) are not counted; a record's field holding the same
data (a list, a record, a text of lines; a text the same whether a string, a list of that one
string or its lines) as an earlier field is that data again (the views show it once).

**Shown equal** (``forms``): each scalar has the texts a person reads as that value, and one of
them must be shown:

- a number (or a string that is a decimal number) equals any number shown with the same decimal
  value: "1,234.5" and "1234.50" are 1234.5, "1,234" is not 1234.5 (rounded), and a number
  inside "2026-01", "14:30" or "v1.2" is not a number shown;
- a date or date-time (ISO 8601) is its own text, or its own wall-clock date and time written as
  a person does, with its zone: "2026-11-23T14:30:00+01:00" is "23 Nov 2026, 14:30 (UTC+01:00)",
  "…Z" is "… (UTC)", a time without zone is the time as written (a shifted time, a lost zone or
  dropped fractional seconds are not equal);
- a boolean (or the word true or false) is "Yes"/"No" or "true"/"false"; null is "null", "None", "NULL" or "—";
- a string is its text, whitespace runs read as one space, found whole (not inside a longer
  word or number) in one piece of text shown; a string of 12 characters or more may also run
  across pieces (a markdown paragraph's bold and links), compared without whitespace.

**Shown** (``REACH_JS``, one page evaluation per result): text nodes inside the result's view
(``.result-body > .view``; not the raw JSON the runtime adds under it, nor buttons, summaries
and pagers, whose words are controls — but a summary's ``span.v``, a tree node's name shown as its fold's) that the browser renders (``checkVisibility``: not in a
closed ``<details>``, not ``hidden``, not ``display: none``). Scrolling is free, and so is the
exact value a formatted one keeps in its title (issue 49: "$63.4K" titled "63412.5"; a title on a
control or a link is not a value). **One click**: every closed ``<details>`` shown by default
(its summary clicked), every tab, then every button shown by default except a column's sort
(it reorders, never reveals), pagers' last (one at a time: each replaces its rows); each click's newly shown text counts once, and a
value counts as many times as it is shown (a table's 101st row is not reached because an equal
value is on the first page).
"""

from __future__ import annotations

import ast
import base64
import csv
import json
import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from compiler.text import humanize

ROOT = Path(__file__).resolve().parents[2]
FIELD = ROOT / "fixtures" / "field"
PLAIN = {"name": "plain", "inputSchema": {"type": "object"}}
CONTEXT = {"locale": "en-GB", "timeZone": "Asia/Tokyo", "theme": "light"}

NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?")
ISO = re.compile(r"(\d{4})-(\d\d)-(\d\d)(?:[T ](\d\d):(\d\d)(?::(\d\d)(?:\.(\d+))?)?\s*(Z|[+-]\d\d:?\d\d)?)?", re.I)
MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
BLOB = re.compile(r"(data:[\w/+.-]+;base64,)?[A-Za-z0-9+/=\s]{200,}")
KEY_VALUE = re.compile(r"^\s*(?:[-*]\s+)?(?:\*\*)?([A-Za-z_][\w .()/-]{0,40}?)(?:\*\*)?:(?:\*\*)?\s+(\S.*)$")
SGR = re.compile(r"\x1b\[[\d;:]*m")
MD_TABLE = re.compile(r"^\s*\|.*\|\s*$")
MD_RULE = re.compile(r"^[\s|:-]+$")
# A section's title (views.js ``sectionsOf``): a banner's text ("=====Cell 1 | type: code=====");
# a line over a rule of "=" or "-" ("Allowed Commands:"), read without its colon.
BANNER = re.compile(r"\s*([=#*~-])\1{2,} *([^\s=#*~-].*?) *\1{3,}\s*")
UNDERLINE = re.compile(r"\s*([=-])\1{2,}\s*")


def section_titles(text: str) -> list[str]:
    """A text's section titles as views.js ``sectionsOf`` draws them (its colon off), when it has
    two at least; else []."""
    lines = text.splitlines()
    titles = [(banner[2] if (banner := _banner(ln)) else ln.strip()).removesuffix(":") for n, ln in enumerate(lines)
              if _banner(ln) or _over_rule(lines, n)]
    return titles if len(titles) > 1 else []


def _banner(line: str) -> re.Match[str] | None:
    return BANNER.fullmatch(line) if len(line) <= 200 else None


def _over_rule(lines: list[str], n: int) -> bool:
    """``lines[n]`` a title over a rule: short, no rule itself, no "Key: value" pair (a record's
    last line over the rule between records)."""
    line = lines[n]
    return bool(line.strip()) and len(line) <= 80 and not UNDERLINE.fullmatch(line) and not KEY_VALUE.match(line) \
        and n + 1 < len(lines) and bool(UNDERLINE.fullmatch(lines[n + 1]))
NAME = re.compile(r"[A-Za-z][A-Za-z0-9]*(?:[_ -][A-Za-z0-9]+){0,3}")
# Signs of markdown (two at least make a text markdown): as views.js ``MDS``, written apart.
MD_TABLE_START = re.compile(r"(?m)^ {0,3}\|.*\|[ \t]*\r?\n {0,3}\|(?:[ \t]*:?-+:?[ \t]*\|)+[ \t]*$")
MD_SIGNS = [r"(?m)^#{1,6} \S", r"(?m)^```", r"\]\(https?:", r"\*\*\S[^*\n]*\*\*", r"(?m)^ *([-*+]|\d+\.) \S.*\n *([-*+]|\d+\.) \S", r"(?m)^ {0,3}> ?\S"]


# --------------------------------------------------------------------------- the scalars


def canon(text: str) -> str:
    """A decimal number's canonical text: no grouping, no exponent, no needless zeros."""
    try:
        d = Decimal(text.replace(",", ""))
    except InvalidOperation:
        return text
    if not d.is_finite():
        return text
    s = format(d.normalize(), "f")
    if "." in s:
        s = s.rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def iso_forms(s: str) -> list[str]:
    m = ISO.fullmatch(s.strip())
    if not m:
        return []
    y, mo, d, hh, mm, ss, frac, zone = m.groups()
    if not 1 <= int(mo) <= 12:
        return []
    # en-GB writes September "Sept" (CLDR 38 on, as Chromium does); "Sep" elsewhere
    months = [MONTHS[int(mo) - 1]] + (["Sept"] if mo == "09" else [])
    days = [f"{int(d)} {m} {y}" for m in months]
    if hh is None:
        return days
    if frac and frac.strip("0"):
        return []  # the view drops sub-seconds: only the text itself is equal
    clock = f", {hh}:{mm}" + (f":{ss}" if ss and ss != "00" else "")
    if zone is None:
        return [day + clock for day in days]
    z = zone.upper()
    tz = " (UTC)" if z == "Z" or re.fullmatch(r".00:?00", z) else f" (UTC{z[:3]}:{z[-2:]})"
    return [day + clock + tz for day in days]


def forms(value: Any) -> list[list[str]]:
    """The texts a person reads as this value: [["n", canonical number] | ["s", text], …]."""
    if value is None:
        return [["s", x] for x in ("null", "None", "NULL", "—")]
    if isinstance(value, bool):
        return [["s", x] for x in (("Yes", "true", "True") if value else ("No", "false", "False"))]
    if isinstance(value, int):
        return [["n", canon(str(value))]]
    if isinstance(value, float):
        return [["n", canon(repr(value))]] if value == value and abs(value) != float("inf") else [["s", repr(value)]]
    s = " ".join(str(value).split())
    out = [["s", s]]
    if NAME.fullmatch(s) and humanize(s) != s:
        out.append(["s", humanize(s)])  # a name the view shows as a heading
    if NUMBER.fullmatch(s):
        out.insert(0, ["n", canon(s)])
    out += [["s", f] for f in iso_forms(s)]
    if s.lower() in ("true", "false"):  # a yes/no written as a word
        out += forms(s.lower() == "true")
    return out


def text_of(value: Any) -> str | None:
    """The text ``value`` is (views.js's ``textOf``): a string, a list of that one string, or a
    text's lines (all but the last ending in a line break, or coloured by a terminal)."""
    if isinstance(value, str):
        return value
    if not (isinstance(value, list) and value and all(isinstance(line, str) for line in value)):
        return None
    if len(value) == 1:
        return str(value[0])
    if all(line.endswith("\n") for line in value[:-1]):
        return "".join(value)
    return "\n".join(value) if any("\x1b" in line for line in value) else None


@dataclass
class Scalar:
    path: str
    value: Any


def walk(value: Any, path: str, out: list[Scalar]) -> None:
    """The scalars of parsed data (a string of several lines is read as text)."""
    if isinstance(value, dict):
        labels = {len(v) for v in value.values() if isinstance(v, list) and v and all(isinstance(x, str) for x in v)}
        held: set[str] = set()
        for k, v in value.items():
            # two fields holding the same data (a list, a record, text of lines) show it once
            # (the same as JSON: true is not 1, as the views compare)
            # (and the same text, whether a string, a list of that one string or its lines)
            if (isinstance(v, (dict, list)) and v) or (isinstance(v, str) and "\n" in v):
                text = text_of(v)
                try:
                    same = "text:" + text if text is not None and "\n" in text else json.dumps(v, sort_keys=True, default=repr)
                except TypeError:  # a Python literal's keys of mixed types: as written
                    same = repr(v)
                if same in held:
                    continue
                held.add(same)
            if not long_scalars(v, f"{path}/{k}", out, labels):
                walk(v, f"{path}/{k}", out)
    elif isinstance(value, (list, tuple, set, frozenset)):
        if long_scalars(value, path, out, set()):
            return
        for i, v in enumerate(value):
            walk(v, f"{path}/{i}", out)
    elif isinstance(value, str):
        value = SGR.sub("", value)  # a terminal's colour codes are colours, not text (as in text_scalars)
        if "\n" in value.strip() or value.strip()[:1] in ("[", "{"):  # text, or JSON as text
            text_scalars(value, path, out)
        elif value.strip() and not BLOB.fullmatch(value):
            out.append(Scalar(path, value))
    elif isinstance(value, (bytes, complex)):
        out.append(Scalar(path, str(value)))
    else:
        out.append(Scalar(path, value))


def _numeric(v: Any) -> bool:
    return (isinstance(v, (int, float)) and not isinstance(v, bool)) or (isinstance(v, str) and bool(NUMBER.fullmatch(v.strip())))


def long_format(rows: Any) -> tuple[str, str, str] | None:
    """The (row key, column key, measure) of long-format cells: four records at least, all with
    the same three keys, one of them a number, the other two naming each record's place in a grid
    (no pair twice, each repeated: fewer distinct values than records). Of several readings, the
    tightest grid (fewest places), then a measure that is not whole numbers. The engine's rule
    (issue 32: "two index or label fields and one numeric value"), written apart."""
    if not isinstance(rows, (list, tuple)) or len(rows) < 4 or not all(isinstance(r, dict) for r in rows):
        return None
    keys = list(rows[0])
    if len(keys) != 3 or any(list(r) != keys and set(r) != set(keys) for r in rows):
        return None
    best: tuple[tuple[int, bool], tuple[str, str, str]] | None = None
    for m in keys:
        a, b = (k for k in keys if k != m)
        if not all(_numeric(r[m]) for r in rows) or any(isinstance(r[k], (dict, list)) for r in rows for k in (a, b)):
            continue
        pairs = {(json.dumps(r[a]), json.dumps(r[b])) for r in rows}
        na, nb = len({p[0] for p in pairs}), len({p[1] for p in pairs})
        if len(pairs) == len(rows) and na < len(rows) and nb < len(rows):
            rank = (na * nb, all(isinstance(r[m], int) for r in rows))
            if best is None or rank < best[0]:
                best = (rank, (a, b, m))
    return best[1] if best else None


def long_scalars(rows: Any, path: str, out: list[Scalar], labels: set[int]) -> bool:
    """Long-format cells read as the matrix they are: every measure, and each row and column
    key once (a matrix's headings, however many cells share them); a key that is an index
    (0, 1, … n-1) beside an array of n names (``periodLabels``) is a position, not a value:
    those names stand for it. False when ``rows`` are not long-format cells."""
    keys = long_format(rows)
    if keys is None:
        return False
    a, b, m = keys
    for i, r in enumerate(rows):
        walk(r[m], f"{path}/{i}/{m}", out)
    for k in (a, b):
        distinct = list(dict.fromkeys(json.dumps(r[k]) for r in rows))
        values = [json.loads(d) for d in distinct]
        indices = all(isinstance(v, int) and not isinstance(v, bool) for v in values) and sorted(values) == list(range(len(values)))
        if indices and any(n >= len(values) for n in labels):
            continue
        for v in values:
            walk(v, f"{path}/*/{k}", out)
    return True


def leaf(s: str, path: str, out: list[Scalar]) -> None:
    """A piece of text already cut out of a text (a line, a cell): a value as it is."""
    if s.strip() and not BLOB.fullmatch(s):
        out.append(Scalar(path, s))


def delimited_rows(text: str) -> list[list[str]] | None:
    """The rows of a text that is CSV or TSV by its shape, whatever its source (a file read, a
    query's export, a command's output): tab-separated when its first line holds a tab, else
    comma-separated with at least two data rows; every line (of the first 200) has the same
    number, at least 2, of cells, and the header's cells are short names (not empty, at most 64
    characters, no leading space). Python's csv module splits the cells (quotes and all): the
    runtime's rule (views.js ``sep``), written apart."""
    lines = text.splitlines()
    if lines and not lines[-1]:
        lines.pop()
    if not lines:
        return None
    delim = "\t" if "\t" in lines[0] else "," if "," in lines[0] else ""
    if not delim or len(lines) < (3 if delim == "," else 2):
        return None
    rows = list(csv.reader(lines[:200], delimiter=delim))
    head = rows[0]
    if len(head) < 2 or any(not c.strip() or len(c) > 64 or c.startswith(" ") for c in head):
        return None
    if any(len(r) != len(head) for r in rows):
        return None
    return list(csv.reader([ln for ln in lines if ln], delimiter=delim))


def aligned_rows(lines: list[str]) -> list[list[str]] | None:
    """An aligned plain-text table (a header line, an optional rule of dashes, rows), its columns
    set apart by two spaces or more: the character columns blank in every line of at least two
    wide split it. Written apart from the runtime's rule (views.js ``aligned``)."""
    body = [ln.rstrip() for ln in lines if ln.strip() and not re.fullmatch(r"[\s=-]+", ln)]
    if len(body) < 2:
        return None
    width = max(map(len, body))
    blank = [all(i >= len(ln) or ln[i] == " " for ln in body) for i in range(width)]
    cuts, i = [], 0
    while i < width:
        j = i
        while j < width and blank[j]:
            j += 1
        if j - i >= 2 and i > 0:
            cuts.append((i, j))
        i = max(j, i + 1)
    if not cuts:
        return None
    bounds = [0] + [c for cut in cuts for c in cut] + [width]
    rows = [[ln[bounds[k] : bounds[k + 1]].strip() for k in range(0, len(bounds), 2)] for ln in body]
    return rows if all(rows[0]) else None


def is_diff(text: str) -> bool:
    return bool(re.search(r"(?m)^@@ -\d+", text)) and bool(re.search(r"(?m)^--- \S", text))


KV_LINE = re.compile(r"^\s*([A-Za-z_][\w .()/-]{0,40}?):[ \t]+(\S.*)$")


def key_value_shaped(text: str) -> bool:
    """Text of "Key: value" lines (half its lines at least, two at least), not markdown: the
    views show it as records (views.js ``kvt``); written apart."""
    full = [ln for ln in text.splitlines() if ln.strip()]
    n = sum(bool(KV_LINE.match(ln)) for ln in full)
    return n > 1 and 2 * n >= len(full) and not is_markdown(text) and not delimited_rows(text)


def aligned_table(text: str) -> list[list[str]] | None:
    """An aligned plain-text table by the views' rule: three lines at least, a header of names,
    every row two cells at least, no "Key: value" line."""
    lines = text.splitlines()
    if any(KV_LINE.match(ln) for ln in lines) or is_markdown(text) or delimited_rows(text):
        return None
    rows = aligned_rows(lines)
    if not rows or len(rows) < 3 or not all(re.fullmatch(r"[A-Za-z_][\w .%()/-]{0,30}", c) for c in rows[0]):
        return None
    return rows if all(sum(map(bool, r)) > 1 for r in rows[1:]) else None


def is_markdown(text: str) -> bool:
    """A markdown table (a "| a | b |" line over a "|---|---|" line) or two signs of markdown."""
    head = text[:65536]
    return not is_diff(text) and (bool(MD_TABLE_START.search(head)) or sum(bool(re.search(r, head)) for r in MD_SIGNS) > 1)


def md_plain(line: str) -> str:
    """A line of markdown as read: marks of headings, lists, quotes, bold, code and links off."""
    line = re.sub(r"^\s*(#{1,6}|>|[-*+]|\d+\.)\s+", "", line)
    line = re.sub(r"\[([^\]]+)\]\([^)\s]+\)", r"\1", line)
    return re.sub(r"\*\*|`|(?<!\w)[*_]|[*_](?!\w)", "", line)


def text_scalars(text: str, path: str, out: list[Scalar]) -> None:
    text = SGR.sub("", text)  # a terminal's colour codes are colours, not text
    s = text.strip()
    if not s:
        return
    if s[0] in "[{":
        try:
            walk(json.loads(s), path, out)
            return
        except ValueError:
            pass
    if (s[0] in "[({" or s.startswith("array(")) and len(s) < 1_000_000:
        try:
            walk(py_literal(s), path, out)
            return
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            pass
    rows = delimited_rows(text)
    if rows and long_scalars([dict(zip(rows[0], r, strict=True)) for r in rows[1:]], path, out, set()):
        return
    if rows:
        for i, row in enumerate(rows[1:]):
            for j, cell in enumerate(row):
                leaf(cell, f"{path}/{i}/{j}", out)
        return
    if HTML_START.match(s) and re.search(r"</[a-z][\w-]*>", s, re.I) and re.search(r"<table[\s>]", s, re.I):
        html_scalars(s, path, out)
        return
    lines = text.splitlines()
    table = aligned_rows(lines) if not any(KEY_VALUE.match(ln) for ln in lines) else None
    if table:
        for i, row in enumerate(table[1:]):
            for j, cell in enumerate(row):
                leaf(cell, f"{path}/{i}/{j}", out)
        return
    markdown = is_markdown(text)
    plain = md_plain if markdown else str
    skip = markdown_data(lines, path, out) if markdown else set()
    fenced = False  # a fence's lines are code, as written (no marks to take off)
    for n, ln in enumerate(lines):
        if markdown and ln.startswith("```"):
            fenced = not fenced
        if n in skip or not ln.strip() or MD_RULE.fullmatch(ln) or re.fullmatch(r"\s*(```.*|[=-]{3,})", ln):
            continue
        if fenced:
            leaf(ln.strip(), f"{path}/line{n}", out)
            continue
        banner = _banner(ln)
        if banner or _over_rule(lines, n):
            leaf(plain(banner[2] if banner else ln).strip().removesuffix(":"), f"{path}/line{n}", out)
            continue
        if MD_TABLE.match(ln):
            for j, cell in enumerate(ln.strip().strip("|").split("|")):
                if cell.strip():
                    leaf(plain(cell.strip()), f"{path}/line{n}/{j}", out)
            continue
        m = KEY_VALUE.match(ln)
        if m and not markdown and m[2].strip()[:1] in "[{" and (data := _data(m[2])) is not None:
            walk(data, f"{path}/line{n}", out)  # a value that is a list or a record: its data
            continue
        leaf(plain(m[2] if m else ln).strip(), f"{path}/line{n}", out)


HTML_START = re.compile(r"\s*<(!doctype\b|[a-z][\w-]*)[^<>]*>", re.I)


INLINE_TAGS = {"a", "b", "code", "em", "i", "span", "strong"}


class _HtmlCells(HTMLParser):
    """An HTML text's table cells and its lines outside its tables: a line per block (inline
    tags do not end one), whitespace runs as one space; script and style bodies are text too
    (the views read the parsed text, never run it)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables = 0
        self.cell: list[str] | None = None
        self.cells: list[str] = []
        self.text: list[str] = []
        self.line = ""

    def end_line(self) -> None:
        if self.line.strip():
            self.text.append(" ".join(self.line.split()))
        self.line = ""

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag == "table":
            self.end_line()
            self.tables += 1
        elif tag in ("td", "th") and self.tables:
            self.cell = []
        elif tag not in INLINE_TAGS and not self.tables:
            self.end_line()

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self.tables -= 1
        elif tag in ("td", "th") and self.cell is not None:
            self.cells.append("".join(self.cell).strip())
            self.cell = None
        elif tag not in INLINE_TAGS and not self.tables:
            self.end_line()

    def handle_data(self, data: str) -> None:
        if self.cell is not None:
            self.cell.append(data)
        elif not self.tables:
            self.line += data

    def close(self) -> None:
        super().close()
        self.end_line()


def html_scalars(text: str, path: str, out: list[Scalar]) -> None:
    """HTML holding a table (views.js ``htmlView``'s rule, written apart with Python's parser)."""
    parser = _HtmlCells()
    parser.feed(text)
    parser.close()
    for i, cell in enumerate(parser.cells):
        leaf(cell, f"{path}/cell{i}", out)
    for i, piece in enumerate(parser.text):
        leaf(piece, f"{path}/text{i}", out)


def markdown_data(lines: list[str], path: str, out: list[Scalar]) -> set[int]:
    """Markdown's data: a section whose body (to the next heading or fence) is JSON, CSV or TSV,
    a fence marked json, csv or tsv, and a paragraph that is a CSV or TSV; their scalars, and the
    numbers of the lines they take."""
    taken: set[int] = set()
    n = 0
    while n < len(lines):
        fence = re.match(r"```\s*(\w*)", lines[n])
        heading = re.match(r"#{1,6} +", lines[n])
        if not fence and not heading:
            n += 1
            continue
        end = n + 1
        while end < len(lines) and not (re.match(r"```", lines[end]) if fence else re.match(r"#{1,6} |```", lines[end])):
            end += 1
        body = "\n".join(lines[n + 1 : end])
        if (heading or (fence and fence[1].lower() in ("json", "csv", "tsv"))) and body.strip() and data_scalars(body, f"{path}/s{n}", out):
            taken.update(range(n + 1, end + 1 if fence else end))
        n = end + 1 if fence else end
    # a paragraph that is a CSV or TSV, its header's cells plain names, under an optional
    # "path:" line (views.js ``markdown``'s flush): its cells
    runs: list[list[int]] = [[]]
    for n, line in enumerate(lines):
        if not line.strip() or n in taken:
            runs.append([])
        else:
            runs[-1].append(n)
    for run in runs:
        label = int(bool(run) and lines[run[0]].rstrip().endswith(":"))
        body = [lines[n].strip() for n in run[label:]]
        rows = len(run) > 2 + label and delimited_rows("\n".join(body))
        if rows and all(re.fullmatch(r'"?[^\W\d][\w .%/-]{0,40}"?', name) for name in rows[0]):
            for i, row in enumerate(rows[1:]):
                for j, cell in enumerate(row):
                    leaf(cell, f"{path}/p{run[0]}/{i}/{j}", out)
            taken.update(run[label:])
    return taken


def data_scalars(text: str, path: str, out: list[Scalar]) -> bool:
    """A text that is data (JSON, a Python literal, CSV or TSV): its scalars, and True."""
    s = text.strip()
    for read in (json.loads, py_literal):
        if s[:1] in "[{(":
            try:
                walk(read(s), path, out)
                return True
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                pass
    rows = delimited_rows(s)
    if rows:
        for i, row in enumerate(rows[1:]):
            for j, cell in enumerate(row):
                leaf(cell, f"{path}/{i}/{j}", out)
    return bool(rows)


def error_scalars(text: str, path: str, out: list[Scalar]) -> None:
    """An error's text (views.js ``errorView``): JSON, a traceback, one line, or prose as a
    result's text; else its first line (the message), then the rest by its kind."""
    lines = text.strip().splitlines()
    if len(lines) < 2 or text.strip()[:1] in "[{" or "Traceback (most recent call last):" in text or re.search(r"(?m)^\s+at \S", text):
        text_scalars(text, path, out)
        return
    leaf(lines[0].strip(), f"{path}/message", out)
    text_scalars("\n".join(lines[1:]), f"{path}/rest", out)


def scalars(result: dict[str, Any]) -> list[Scalar]:
    """Every scalar a person would look for in this result (see the module's docstring)."""
    out: list[Scalar] = []
    data = result.get("structuredContent")
    seen: set[str] = set()
    if data is not None:
        walk(data, "", out)
        seen = {s.value.strip() for s in out if isinstance(s.value, str)} | set(_strings(data))
    for i, b in enumerate(result.get("content") or []):
        if not isinstance(b, dict):
            continue
        t = b.get("text") if b.get("type") == "text" else (b.get("resource") or {}).get("text") if b.get("type") == "resource" else None
        if b.get("type") == "resource_link":
            walk(b.get("description"), f"#{i}/description", out)
            walk(b.get("title") or b.get("name") or b.get("uri"), f"#{i}/name", out)
        if not isinstance(t, str):
            continue
        if data is not None and (_is_json(t) or t.strip() in seen):
            continue
        if data is not None:  # a line the data already shows is shown once
            t = "\n".join(ln for ln in t.splitlines() if not ln.strip() or ln.strip() not in seen)
        (error_scalars if result.get("isError") and b.get("type") == "text" else text_scalars)(t, f"#{i}", out)
    return out


def _strings(v: Any) -> list[str]:
    if isinstance(v, str):
        return [v.strip()]
    if isinstance(v, dict):
        return [s for x in v.values() for s in _strings(x)]
    if isinstance(v, list):
        return [s for x in v for s in _strings(x)]
    return []


def _is_json(t: str) -> bool:
    if t.strip()[:1] not in ("[", "{"):
        return False
    try:
        json.loads(t)
        return True
    except ValueError:
        return False


class _Arrays(ast.NodeTransformer):
    """numpy array reprs: ``array(X)`` and ``array(X, dtype=Y)`` read as X; ``Decimal('62.0')``
    as the decimal number it writes (its text: compared as a number)."""

    def visit_Call(self, node: ast.Call) -> ast.AST:
        self.generic_visit(node)
        f = node.func
        if isinstance(f, ast.Name) and f.id == "array" and len(node.args) == 1 and all(k.arg == "dtype" for k in node.keywords):
            return node.args[0]
        if (isinstance(f, ast.Name) and f.id == "Decimal" and len(node.args) == 1 and not node.keywords
                and isinstance(arg := node.args[0], ast.Constant) and isinstance(arg.value, str)
                and NUMBER.fullmatch(arg.value.strip())):
            return ast.Constant(arg.value.strip())
        return node


def _data(text: str) -> Any:
    """A text's list or record, as JSON or a Python literal; None when it is neither."""
    for read in (json.loads, py_literal):
        try:
            data = read(text)
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            continue
        if isinstance(data, list | dict | tuple):
            return data
    return None


def py_literal(text: str) -> Any:
    """A Python literal (``ast.literal_eval``, never ``eval``), numpy array reprs in it read as
    the values they hold: the views' rule (views.js ``pylit``), written apart."""
    tree = _Arrays().visit(ast.parse(text.strip(), mode="eval"))
    return ast.literal_eval(tree.body)


def is_blob(s: str) -> bool:
    try:
        return bool(BLOB.fullmatch(s)) and bool(base64.b64decode(s.split(",")[-1], validate=False))
    except ValueError:
        return False


# --------------------------------------------------------------------------- the page's side

# One evaluation per result: look, click each control once (undoing what a click hid), look
# again; resolves to {found, missing: [index…], clicks}. Argument: [[form, …] per scalar].
REACH_JS = r"""
async (want) => {
  const sel = '#result .result-body > .view';
  const fresh = () => { const b = document.querySelector(sel); return b && !b.reached && b; };
  for (let i = 0; !fresh(); i++) {  // the result is on its way (a view already checked is not it)
    if (i > 1000) throw new Error('no result view');
    await new Promise((ok) => setTimeout(ok, 5));
  }
  const box = fresh();
  box.reached = true;
  const CTL = 'summary, .pager, input, select, textarea, option';  // and buttons, but a column's name
  const seen = new WeakSet(), avail = new Map();
  const tick = () => new Promise((ok) => requestAnimationFrame(() => setTimeout(ok, 0)));
  const NUM = /(?<![\w.:\/-])-?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?(?![\w]|[.:\/-]\d)/g;
  const canon = (t) => {
    const m = /^([-+]?)(\d*)(?:\.(\d*))?(?:e([-+]?\d+))?$/i.exec(t.replace(/,/g, ''));
    if (!m) return null;
    let ds = (m[2] || '') + (m[3] || ''), p = (m[2] || '').length + +(m[4] || 0);
    if (p < 0) { ds = '0'.repeat(-p) + ds; p = 0; }
    if (p > ds.length) ds += '0'.repeat(p - ds.length);
    const ip = ds.slice(0, p).replace(/^0+/, '') || '0', fp = ds.slice(p).replace(/0+$/, '');
    const r = ip + (fp ? '.' + fp : '');
    return r === '0' ? '0' : (m[1] === '-' ? '-' : '') + r;
  };
  const norm = (s) => s.replace(/\s+/g, ' ').trim();
  const AN = /[\p{L}\p{N}]/u;
  const strs = new Set(want.flat().filter((f) => f[0] === 's').map((f) => f[1]));
  // Occurrences of s in t, whole: not inside a longer word or number.
  const count = (t, s) => {
    let n = 0, i = t.indexOf(s);
    while (i >= 0) {
      const a = t[i - 1], b = t[i + s.length];
      if (!(a && AN.test(a) && AN.test(s[0])) && !(b && AN.test(b) && AN.test(s[s.length - 1]))) n++;
      i = t.indexOf(s, i + Math.max(1, s.length));
    }
    return n;
  };
  const add = (k, n) => { if (n) avail.set(k, (avail.get(k) || 0) + n); };
  // Look: text shown now and not counted before.
  function look() {
    const w = document.createTreeWalker(box, NodeFilter.SHOW_TEXT), texts = [];
    for (let n; (n = w.nextNode());) {
      if (seen.has(n) || !n.data.trim()) continue;
      const e = n.parentElement;
      // (a fold's summary is a control, but for a value it names: a tree node's, span.v)
      if (!e || (e.closest(CTL) && !e.closest('summary > .v')) || (e.closest('button') && !e.closest('th')) || !e.checkVisibility({ checkVisibilityCSS: true, contentVisibilityAuto: true })) continue;
      seen.add(n); texts.push(norm(n.data));
    }
    // A value shown formatted keeps its exact self in its element's title (issue 49: "the exact
    // value always within reach"): a title on a shown element counts, once, as that element does.
    for (const e of box.querySelectorAll('[title]')) {
      // (a column's name is its sort button: its whole name in a title counts, as its text does)
      if (seen.has(e) || e.closest(CTL) || (e.closest('button, a') && !e.closest('th')) || !e.checkVisibility({ checkVisibilityCSS: true })) continue;
      seen.add(e); texts.push(norm(e.title));
    }
    const nums = new Map();
    texts.forEach((t) => { for (const m of t.matchAll(NUM)) { const c = canon(m[0]); nums.set(c, (nums.get(c) || 0) + 1); } });
    nums.forEach((n, c) => add('n' + c, n));
    const flat = texts.join('').replace(/\s+/g, '');
    strs.forEach((s) => {
      let n = 0;
      texts.forEach((t) => { n += count(t, s); });
      const q = s.replace(/\s+/g, '');
      if (q.length >= 12) n = Math.max(n, flat.split(q).length - 1);
      add('s' + s, n);
    });
    return texts.length;
  }
  const shown = (e) => e.isConnected && e.checkVisibility({ checkVisibilityCSS: true });
  look();
  let clicks = 0;
  // Every closed <details> shown now: each its own click (what one reveals is inside it).
  const closed = [...box.querySelectorAll('details:not([open]) > summary')].filter(shown);
  closed.forEach((s) => { s.click(); clicks++; });
  if (closed.length) { await tick(); look(); closed.forEach((s) => { s.click(); }); await tick(); }
  // Tabs: each one, then the one selected before.
  const tabs = [...box.querySelectorAll('[role=tab]')].filter(shown);
  const was = tabs.find((t) => t.getAttribute('aria-selected') === 'true');
  for (const t of tabs) { if (t !== was) { t.click(); clicks++; await tick(); look(); } }
  if (was) { was.click(); await tick(); look(); }
  // Buttons shown now: not a column's sort, not the tabs; a pager's last (it replaces rows).
  const btns = [...box.querySelectorAll('button')].filter((b) => shown(b) && !b.disabled && !b.closest('th, [role=tablist]'));
  // Apart from pagers, what a button shows is its own (a cell's "+3 more", a text's "Show all"):
  // all at once; a pager replaces its table's rows: one at a time.
  const pagers = btns.filter((b) => b.closest('.pager'));
  let some = 0;
  btns.filter((b) => !b.closest('.pager')).forEach((b) => { if (shown(b)) { b.click(); clicks++; some++; } });
  if (some) { await tick(); look(); }
  for (const b of pagers) { if (shown(b) && !b.disabled) { b.click(); clicks++; await tick(); look(); } }
  // Give each value the first of its forms still shown (fewest forms first).
  const order = want.map((f, i) => i).sort((a, b) => want[a].length - want[b].length), missing = [];
  for (const i of order) {
    const k = want[i].map((f) => f[0] + f[1]).find((k) => avail.get(k) > 0);
    if (k) avail.set(k, avail.get(k) - 1); else missing.push(i);
  }
  return { found: want.length - missing.length, missing: missing.sort((a, b) => a - b), clicks };
}
"""


LOAD_JS = """
async ([html, opts, result]) => {
  const h = window.__host;
  await h.load(html, opts);
  while (!h.initialized) await new Promise((ok) => setTimeout(ok, 5));
  h.toolResult(result);
}
"""


@dataclass
class Report:
    name: str
    total: int
    found: int
    clicks: int = 0
    missing: list[tuple[str, Any]] = field(default_factory=list)
    raw_json: list[str] = field(default_factory=list)  # raw JSON in the default view (RAW_JSON's matches)

    @property
    def share(self) -> float:
        return self.found / self.total if self.total else 1.0


def shown_result(entry: dict[str, Any]) -> dict[str, Any]:
    """The result as a host shows it (a JSON-RPC error is an error result)."""
    result: dict[str, Any] = entry["result"]
    if "jsonrpcError" in result:
        return {"content": [{"type": "text", "text": result["jsonrpcError"]["message"]}], "isError": True}
    return result


_PAGES: dict[str, str] = {}


def page_of(tool: dict[str, Any] | None) -> str:
    from compiler.pipeline import build_page

    key = json.dumps(tool, sort_keys=True)
    if key not in _PAGES:
        _PAGES[key] = build_page(tool or PLAIN)
    return _PAGES[key]


# The default view's shown text, once the result's view is there (before any click).
DEFAULT_JS = r"""
async () => {
  const sel = '#result .result-body > .view';
  const fresh = () => { const b = document.querySelector(sel); return b && !b.reached && b; };
  for (let i = 0; !fresh(); i++) {
    if (i > 1000) throw new Error('no result view');
    await new Promise((ok) => setTimeout(ok, 5));
  }
  const w = document.createTreeWalker(fresh(), NodeFilter.SHOW_TEXT), out = [];
  for (let n; (n = w.nextNode());) {
    const e = n.parentElement;
    if (n.data.trim() && e && e.checkVisibility({ checkVisibilityCSS: true })) out.push(n.data);
  }
  return out.join('\n');
}
"""
# Raw JSON shown as text: an object's first key, an array of objects, a quoted key and its value.
RAW_JSON = re.compile(r'\{\s*"[^"\n]{0,80}"\s*:|\[\s*\{\s*"|"[\w .-]{1,40}"\s*:\s*[\[{"\d]')


def check(host: Any, entry: dict[str, Any], name: str = "", width: int = 640) -> Report:
    """Render the recording under ``host`` (an apphost.AppHost) and count its scalars in reach.
    Every page is self-contained: nothing is read, in any host, and the views are there all the same."""
    result = shown_result(entry)
    values = scalars(result)
    # One evaluation in the host (a fresh app frame, initialized, sent the result), one in the app.
    # The same page as the last one shows the next result itself (its view is replaced).
    html = page_of(entry.get("tool"))
    if getattr(host, "reach_page", None) == html:
        host.page.evaluate("(r) => window.__host.toolResult(r)", result)
    else:
        host.page.evaluate(LOAD_JS, [html, {"hostContext": CONTEXT, "width": width, "height": 600}, result])
        host.reach_page = html
    shown = host.frame.evaluate(DEFAULT_JS)
    got = host.frame.evaluate(REACH_JS, [forms(s.value) for s in values])
    # the page is self-contained: it read nothing through the host (its views are its own)
    assert host.reads == [], host.reads
    missing = [(values[i].path, values[i].value) for i in got["missing"]]
    return Report(name, len(values), got["found"], got["clicks"], missing, RAW_JSON.findall(shown))


def corpus(folder: Path = FIELD) -> list[tuple[str, dict[str, Any]]]:
    return [(p.stem, json.loads(p.read_text(encoding="utf-8"))) for p in sorted(folder.glob("*.json"))]


def check_corpus(browser: Any, entries: list[tuple[str, dict[str, Any]]]) -> list[Report]:
    """One host page for all (each result in a fresh app iframe)."""
    host = browser.new_host(page_of(None), host_context=CONTEXT)
    try:
        return [check(host, entry, name) for name, entry in entries]
    finally:
        host.close()


def summary(reports: list[Report], worst: int = 10) -> str:
    found, total = sum(r.found for r in reports), sum(r.total for r in reports)
    lines = [f"in reach: {found} / {total} scalars ({100 * found / max(total, 1):.1f} %) over {len(reports)} results"]
    for r in sorted(reports, key=lambda r: (r.share, -r.total))[:worst]:
        if r.found < r.total:
            lost = ", ".join(f"{p}={json.dumps(v, ensure_ascii=False)[:40]}" for p, v in r.missing[:4])
            lines.append(f"  {r.name}: {r.found}/{r.total} ({100 * r.share:.0f} %), e.g. {lost}")
    return "\n".join(lines)


def probe(host: Any, html: str, values: list[Any]) -> dict[str, Any]:
    """The checker on a view made by hand: a result is sent, its fresh view's content replaced by
    ``html`` (markup of the test's own, never data), then checked for ``values``."""
    host.reach_page = None  # the next ``check`` loads its page again
    host.wait_initialized()  # a result sent before the app's handshake is never drawn
    host.send_tool_result({"content": [{"type": "text", "text": "placeholder"}]})
    host.frame.wait_for_function(
        """(html) => { const b = document.querySelector('#result .result-body > .view');
             if (!b || b.reached || b.probed) return false;
             b.probed = true; b.innerHTML = html; return true; }""",
        arg=html,
    )
    found: dict[str, Any] = host.frame.evaluate(REACH_JS, [forms(v) for v in values])
    return found
