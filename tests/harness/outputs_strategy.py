"""Output schemas of the kinds real servers emit, each with a readable value that conforms to it
(issue 32, part 3: reach proven on results nobody recorded).

    case = draw(cases())           # or cases("long") for one kind
    case.kind, case.schema, case.value

The kinds (``KINDS``) are the shapes the field corpus and the SDKs' typed tools show
(/work/shared/corpus/tools: memory's entities and relations, the system monitor's nested stats,
time's records, the ext-apps cohort heatmap's long-format cells):

- ``record``: one object of scalars (ids, names, enums, counts, amounts, dates, date-times,
  booleans, prose, e-mails, URLs, tags), sometimes holding nested objects (a configuration and
  its sections: values two levels down);
- ``records``: a list of records with ids, beside a count;
- ``nested``: records holding lists of records (an order and its lines, projects and their tasks);
- ``long``: long-format cells, one record per (row, column) with one number
  (``{cohortIndex, periodIndex, retention}``), their labels in the records or in sibling arrays;
  or nested in their rows as the ext-apps cohort-heatmap example has them;
- ``matrix``: a labelled matrix (row labels, column labels, rows of numbers);
- ``map``: an object keyed by data (``additionalProperties``): numbers, or records, by name;
- ``series``: a time series (timestamps at a fixed step and one or more measures);
- ``paging``: a page of records in an envelope (``items``, ``nextCursor``, ``total``);
- ``tree``: a recursive structure through ``$defs`` (a query plan's nodes and their children, an
  outline, a directory tree), three levels deep or four;

and issue 40's long tail, whose results are not a schema's value (``Case.raw`` is the result; the
tool has no output schema, but ``columns``, which has one):

- ``columns``: a table given as its columns' names and its rows (``{columns|fields|headers,
  rows|data|values}``, any casing; names as strings or ``{name, type}``), a row count beside;
- ``markdown``: a markdown table of 101 to 200 rows (two pages), under a heading, or a markdown
  section whose body is JSON rows and a fenced code block;
- ``html``: HTML tables in a text block, with text around them;
- ``error``: an error (``isError``) that is JSON, a parser's message with the line and a caret,
  a traceback, a CSV under its message, or a log.

Every field may be optional (left out of ``required``, sometimes absent) or nullable (Pydantic's
``anyOf [T, null]`` or a type list; sometimes null). Values are what a person would read: names,
places, products, statuses, round amounts, dates of 2025–2026 at whole seconds. Field names are
never value words, so a heading cannot pass for a value. Schemas are draft 2020-12 as FastMCP and
the SDKs write them; rows are at most a dozen (no pager needed: paging past 100 rows is another
test's subject).
"""

from __future__ import annotations

import datetime as dt
import html
import json
from dataclasses import dataclass
from typing import Any

from hypothesis import strategies as st

KINDS = ("record", "records", "nested", "long", "matrix", "map", "series", "paging", "columns", "markdown", "html", "error", "tree")
# The kinds whose every scalar must be one click from the default view (issue 32, part 3). A tree
# is not among them: its rule is one click per level (part 2), so its depth-3 nodes are two clicks
# away by design; bench_views.py --reach measures it all the same.
ONE_CLICK = KINDS[:-1]
DIALECT = "https://json-schema.org/draft/2020-12/schema"

CITIES = ["Oslo", "Bergen", "Lisbon", "Porto", "Nairobi", "Kyoto", "Quito", "Tallinn", "Dakar", "Hobart", "Recife", "Aarhus"]
PEOPLE = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Katherine Johnson", "Edsger Dijkstra", "Barbara Liskov",
          "Margaret Hamilton", "Donald Knuth", "Frances Allen", "Ken Thompson"]
PRODUCTS = ["Walnut desk", "Oak shelf", "Steel lamp", "Linen curtain", "Wool rug", "Glass vase", "Cedar bench",
            "Copper kettle", "Maple stool", "Cotton throw"]
SENTENCES = [
    "Replaces the worn gasket on the north pump before the winter run.",
    "Customer asked for delivery after five in the evening.",
    "Nightly backup finished with two warnings about slow disks.",
    "The migration moves invoices from the legacy ledger to the new schema.",
    "Waiting on legal review of the revised supplier contract.",
    "Index rebuilt after the bulk import; queries are fast again.",
]
WORDS = ["alpha", "beta", "urgent", "billing", "frontend", "backend", "release", "design", "ops", "security"]
ENUMS = [["open", "closed", "pending"], ["queued", "running", "succeeded", "failed"], ["low", "medium", "high", "critical"],
         ["draft", "published", "archived"], ["enabled", "suspended"]]
PREFIXES = ["task", "ord", "INV", "PRJ", "bug", "cus"]
MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

START = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
ZONES = [dt.UTC, dt.timezone(dt.timedelta(hours=1)), dt.timezone(dt.timedelta(hours=-5)), dt.timezone(dt.timedelta(hours=9))]


@dataclass(frozen=True)
class Case:
    kind: str
    schema: dict[str, Any]
    value: dict[str, Any]
    raw: dict[str, Any] | None = None  # the result itself, when it is no schema's value (text, an error)

    def tool(self, typed: bool = True) -> dict[str, Any]:
        """A typed tool whose result this is (a small input schema, the generated output schema);
        not ``typed`` (or a result of text): the same tool without its output schema (the shape
        views then)."""
        tool = {"name": f"get_{self.kind}", "description": f"A generated {self.kind} result.",
                "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}}}
        return {**tool, "outputSchema": self.schema} if typed and self.raw is None else tool


# --------------------------------------------------------------------------- scalar values


def money() -> st.SearchStrategy[float]:
    return st.integers(100, 2_500_000).map(lambda c: c / 100)


def share() -> st.SearchStrategy[float]:
    return st.integers(0, 1000).map(lambda t: t / 10)


def datetimes() -> st.SearchStrategy[str]:
    def text(seconds: int, zone: dt.tzinfo) -> str:
        t = (START + dt.timedelta(seconds=seconds)).astimezone(zone)
        return t.isoformat().replace("+00:00", "Z")

    return st.builds(text, st.integers(0, 2 * 365 * 86400), st.sampled_from(ZONES))


def dates() -> st.SearchStrategy[str]:
    return st.integers(0, 2 * 365).map(lambda d: (START + dt.timedelta(days=d)).date().isoformat())


def identifiers() -> st.SearchStrategy[str]:
    return st.builds(lambda p, n: f"{p}-{n}", st.sampled_from(PREFIXES), st.integers(1, 9999))


# name choices, schema, values: the fields real records hold
SCALARS: dict[str, tuple[list[str], dict[str, Any], st.SearchStrategy[Any]]] = {
    "name": (["name", "title", "owner", "assignee", "customer"], {"type": "string"}, st.sampled_from(PEOPLE + PRODUCTS)),
    "place": (["city", "region", "location", "site"], {"type": "string"}, st.sampled_from(CITIES)),
    "count": (["count", "quantity", "visits", "stars", "attempts"], {"type": "integer", "minimum": 0}, st.integers(0, 50_000)),
    "amount": (["price", "amount", "total", "balance", "revenue"], {"type": "number"}, money()),
    "share": (["ratio", "percent", "score", "usage", "cpu"], {"type": "number", "minimum": 0, "maximum": 100}, share()),
    "when": (["createdAt", "updated_at", "timestamp", "lastSeen", "started_at"], {"type": "string", "format": "date-time"}, datetimes()),
    "day": (["date", "dueDate", "day", "birthday", "valid_until"], {"type": "string", "format": "date"}, dates()),
    "flag": (["active", "done", "isPublic", "verified", "archived"], {"type": "boolean"}, st.booleans()),
    "text": (["description", "summary", "note", "message", "details"], {"type": "string"}, st.sampled_from(SENTENCES)),
    "email": (["email", "contact", "replyTo"], {"type": "string", "format": "email"},
              st.builds(lambda a, b: f"{a.split()[0].lower()}@{b.lower()}.example.org", st.sampled_from(PEOPLE), st.sampled_from(CITIES))),
    "url": (["url", "homepage", "link", "html_url"], {"type": "string", "format": "uri"},
            st.builds(lambda w, n: f"https://example.org/{w}/{n}", st.sampled_from(WORDS), st.integers(1, 999))),
    "tags": (["tags", "labels", "aliases", "topics"], {"type": "array", "items": {"type": "string"}},
             st.lists(st.sampled_from(WORDS), max_size=4, unique=True)),
}
IDS: dict[str, tuple[list[str], dict[str, Any], st.SearchStrategy[Any]]] = {
    "int": (["id", "userId", "order_id", "ticketId"], {"type": "integer"}, st.integers(1, 99_999)),
    "key": (["id", "key", "ref", "slug"], {"type": "string"}, identifiers()),
    "uuid": (["id", "uuid", "requestId", "run_id"], {"type": "string", "format": "uuid"}, st.uuids().map(str)),
}


@dataclass(frozen=True)
class Field:
    name: str
    schema: dict[str, Any]
    values: st.SearchStrategy[Any]
    required: bool = True


@st.composite
def scalar_field(draw: st.DrawFn, kind: str | None = None, taken: frozenset[str] = frozenset()) -> Field:
    """One field of a record: sometimes an enum, optional or nullable as real schemas write them."""
    kind = kind or draw(st.sampled_from([*SCALARS, "enum"]))
    if kind == "enum":
        words = draw(st.sampled_from(ENUMS))
        names, schema, values = ["status", "state", "priority", "level", "phase"], {"type": "string", "enum": words}, st.sampled_from(words)
    else:
        names, schema, values = SCALARS[kind]
    name = draw(st.sampled_from([n for n in names if n not in taken] or [f"{names[0]}_{len(taken)}"]))
    return optional(draw, Field(name, dict(schema), values))


def optional(draw: st.DrawFn, f: Field) -> Field:
    """Optional (not required; its value sometimes absent) and/or nullable (sometimes null)."""
    how = draw(st.sampled_from(["plain"] * 4 + ["optional", "nullable", "nullable-list"]))
    if how == "optional":
        return Field(f.name, f.schema, f.values, required=False)
    if how == "nullable":  # Pydantic's Optional[T]: anyOf [T, null], default null
        return Field(f.name, {"anyOf": [f.schema, {"type": "null"}], "default": None}, st.none() | f.values)
    if how == "nullable-list" and isinstance(f.schema.get("type"), str):
        enum = {"enum": [*f.schema["enum"], None]} if "enum" in f.schema else {}  # an enum names null too
        return Field(f.name, {**f.schema, "type": [f.schema["type"], "null"], **enum}, st.none() | f.values)
    return f


def id_field(draw: st.DrawFn) -> Field:
    names, schema, values = IDS[draw(st.sampled_from(list(IDS)))]
    return Field(draw(st.sampled_from(names)), dict(schema), values)


def record_of(fields: list[Field], title: str | None = None) -> tuple[dict[str, Any], st.SearchStrategy[dict[str, Any]]]:
    """An object schema of ``fields`` and the strategy of its values (optional ones sometimes absent)."""
    schema: dict[str, Any] = {"type": "object", "properties": {f.name: f.schema for f in fields},
                              "required": [f.name for f in fields if f.required], "additionalProperties": False}
    if title:
        schema["title"] = title
    values = st.fixed_dictionaries({f.name: f.values for f in fields if f.required},
                                   optional={f.name: f.values for f in fields if not f.required})
    return schema, values


@st.composite
def fields(draw: st.DrawFn, low: int, high: int, with_id: bool = False, taken: frozenset[str] = frozenset()) -> list[Field]:
    out = [id_field(draw)] if with_id else []
    for _ in range(draw(st.integers(low, high))):
        out.append(draw(scalar_field(taken=taken | {f.name for f in out})))
    return out


def root(properties: dict[str, Any], required: list[str] | None = None, title: str | None = None) -> dict[str, Any]:
    schema = {"$schema": DIALECT, "type": "object", "properties": properties,
              "required": list(properties) if required is None else required, "additionalProperties": False}
    return {**schema, "title": title} if title else schema


# --------------------------------------------------------------------------- the kinds


@st.composite
def section(draw: st.DrawFn, depth: int) -> tuple[dict[str, Any], st.SearchStrategy[dict[str, Any]]]:
    """An object of scalars, holding another one (down to ``depth`` levels) half of the time."""
    schema, values = record_of(draw(fields(2, 4)))
    if depth > 1 and draw(st.booleans()):
        name = draw(st.sampled_from(["settings", "config", "hardware", "limits", "address", "retry", "network"]))
        name = name if name not in schema["properties"] else f"{name}_info"
        inner, inner_values = draw(section(depth - 1))
        schema["properties"][name] = inner
        schema["required"].append(name)
        values = st.builds(lambda v, w: {**v, name: w}, values, inner_values)
    return schema, values


@st.composite
def record(draw: st.DrawFn) -> Case:
    fs = draw(fields(3, 8, with_id=draw(st.booleans())))
    schema, values = record_of(fs)
    if draw(st.booleans()):  # nested objects (a configuration, a machine's cpu): two levels at most
        name = draw(st.sampled_from(["settings", "config", "hardware", "limits", "address"]))
        name = name if name not in schema["properties"] else f"{name}_info"
        inner, inner_values = draw(section(2))
        schema["properties"][name] = inner
        schema["required"].append(name)
        values = st.builds(lambda v, w: {**v, name: w}, values, inner_values)
    return Case("record", {"$schema": DIALECT, **schema}, draw(values))


@st.composite
def records(draw: st.DrawFn) -> Case:
    row, rows = record_of(draw(fields(2, 6, with_id=True)))
    name = draw(st.sampled_from(["items", "results", "rows", "tasks", "users", "orders", "entities"]))
    items = draw(st.lists(rows, min_size=1, max_size=12))
    props: dict[str, Any] = {name: {"type": "array", "items": row}}
    value: dict[str, Any] = {name: items}
    if draw(st.booleans()):
        props["count"] = {"type": "integer"}
        value["count"] = len(items)
    return Case("records", root(props), value)


@st.composite
def nested(draw: st.DrawFn) -> Case:
    """A record holding lists of records, or records whose rows hold a list of records."""
    child, children = record_of(draw(fields(2, 4, with_id=draw(st.booleans()))))
    child_name = draw(st.sampled_from(["lines", "tasks", "members", "steps", "attachments"]))
    parent_fields = draw(fields(1, 4, with_id=True, taken=frozenset({child_name})))
    parent, _ = record_of(parent_fields)
    parent["properties"][child_name] = {"type": "array", "items": child}
    parent["required"].append(child_name)
    _, parent_values = record_of(parent_fields)
    one = st.builds(lambda p, c: {**p, child_name: c}, parent_values, st.lists(children, max_size=5))
    if draw(st.booleans()):  # the record itself is the result
        return Case("nested", {"$schema": DIALECT, **parent}, draw(one))
    name = draw(st.sampled_from(["orders", "projects", "teams", "runs"]))
    return Case("nested", root({name: {"type": "array", "items": parent}}), {name: draw(st.lists(one, min_size=1, max_size=4))})


INDEXED_NAMES = [("cohortIndex", "periodIndex", "retention"), ("row", "column", "value"), ("rowIndex", "colIndex", "count")]
LABELLED_NAMES = [("cohort", "period", "retention"), ("region", "month", "sales"), ("product", "quarter", "revenue"), ("city", "week", "visits")]


@st.composite
def long_cells(draw: st.DrawFn) -> Case:
    """Long-format cells: one record per (row, column) holding one number; the labels either in
    the records (strings) or in sibling arrays naming rows and columns (the records hold indices)."""
    indexed = draw(st.booleans())
    row_key, col_key, measure = draw(st.sampled_from(INDEXED_NAMES if indexed else LABELLED_NAMES))
    n_rows, n_cols = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    row_labels = draw(st.lists(st.sampled_from(CITIES + PRODUCTS), min_size=n_rows, max_size=n_rows, unique=True))
    col_labels = [f"{MONTHS[i % 12]} 2026" for i in range(draw(st.integers(0, 6)), 12)][:n_cols]
    col_labels += [f"Q{i + 1} 2027" for i in range(n_cols - len(col_labels))]
    numbers = share() if measure in ("retention", "value") else st.integers(0, 9000)
    key_type = {"type": "integer", "minimum": 0} if indexed else {"type": "string"}
    cell = {"type": "object", "properties": {row_key: key_type, col_key: key_type, measure: {"type": "number"}},
            "required": [row_key, col_key, measure], "additionalProperties": False}
    cells = [{row_key: i if indexed else row_labels[i], col_key: j if indexed else col_labels[j], measure: draw(numbers)}
             for i in range(n_rows) for j in range(n_cols)]
    if draw(st.booleans()):  # a triangle, as cohorts are: later rows have fewer periods
        cells = [c for c in cells if not indexed or c[row_key] + c[col_key] < max(n_rows, n_cols)]
    props: dict[str, Any] = {"cells": {"type": "array", "items": cell}}
    value: dict[str, Any] = {"cells": cells}
    if indexed:
        rows_name, cols_name = draw(st.sampled_from([("cohortLabels", "periodLabels"), ("row_labels", "col_labels"), ("rows", "periods")]))
        props[rows_name] = props[cols_name] = {"type": "array", "items": {"type": "string"}}
        value[rows_name], value[cols_name] = row_labels, col_labels
    if draw(st.booleans()):
        props["metric"] = {"type": "string"}
        value["metric"] = draw(st.sampled_from(["Weekly retention", "Units sold", "Sessions per hour"]))
    return Case("long", root(props, title="CohortData" if indexed else None), value)


@st.composite
def cohorts(draw: st.DrawFn) -> Case:
    """The ext-apps cohort-heatmap example's shape: cohorts, each with its label, size and its
    long-format cells (``cohortIndex``, ``periodIndex``, ``retention`` and the users behind it),
    beside the periods' names; a triangle (a later cohort has had fewer periods)."""
    n = draw(st.integers(2, 6))
    first = draw(st.integers(0, 11))
    months = [f"{MONTHS[(first + i) % 12]} {2025 + (first + i) // 12}" for i in range(n)]
    periods = [f"M{j}" for j in range(n)]
    out = []
    for i in range(n):
        size = draw(st.integers(200, 5000))
        cells = []
        for j in range(n - i):
            kept = size if j == 0 else draw(st.integers(0, size))
            cells.append({"cohortIndex": i, "periodIndex": j, "retention": round(100 * kept / size, 1), "usersRetained": kept, "usersOriginal": size})
        out.append({"cohortId": f"cohort-{i + 1}", "cohortLabel": months[i], "originalUsers": size, "cells": cells})
    num, text = {"type": "number"}, {"type": "string"}
    cell = {"type": "object", "properties": {k: num for k in ("cohortIndex", "periodIndex", "retention", "usersRetained", "usersOriginal")},
            "required": ["cohortIndex", "periodIndex", "retention", "usersRetained", "usersOriginal"], "additionalProperties": False}
    cohort = {"type": "object", "properties": {"cohortId": text, "cohortLabel": text, "originalUsers": num, "cells": {"type": "array", "items": cell}},
              "required": ["cohortId", "cohortLabel", "originalUsers", "cells"], "additionalProperties": False}
    props = {"cohorts": {"type": "array", "items": cohort}, "periods": {"type": "array", "items": text},
             "periodLabels": {"type": "array", "items": text}, "metric": text, "periodType": text, "generatedAt": {"type": "string", "format": "date-time"}}
    value = {"cohorts": out, "periods": periods, "periodLabels": [f"Month {j}" for j in range(n)], "metric": "retention",
             "periodType": "monthly", "generatedAt": draw(datetimes())}
    return Case("long", root(props), value)


@st.composite
def matrix(draw: st.DrawFn) -> Case:
    n_rows, n_cols = draw(st.integers(2, 6)), draw(st.integers(2, 6))
    rows_name, cols_name, data_name = draw(st.sampled_from([("rows", "columns", "values"), ("row_labels", "col_labels", "data"),
                                                            ("y", "x", "z"), ("labels", "categories", "matrix")]))
    rows = draw(st.lists(st.sampled_from(CITIES), min_size=n_rows, max_size=n_rows, unique=True))
    cols = draw(st.lists(st.sampled_from(PRODUCTS), min_size=n_cols, max_size=n_cols, unique=True))
    cell = draw(st.sampled_from([money(), st.integers(0, 900), share()]))
    data = draw(st.lists(st.lists(cell, min_size=n_cols, max_size=n_cols), min_size=n_rows, max_size=n_rows))
    labels = {"type": "array", "items": {"type": "string"}}
    props = {rows_name: labels, cols_name: labels, data_name: {"type": "array", "items": {"type": "array", "items": {"type": "number"}}}}
    return Case("matrix", root(props), {rows_name: rows, cols_name: cols, data_name: data})


@st.composite
def mapping(draw: st.DrawFn) -> Case:
    """An object keyed by data: numbers by name, or records by name (``additionalProperties``)."""
    keys = draw(st.lists(st.sampled_from(CITIES + [f"web-{i}" for i in range(1, 9)]), min_size=1, max_size=8, unique=True))
    name = draw(st.sampled_from(["by_city", "hosts", "totals", "prices", "usage"]))
    if draw(st.booleans()):
        inner: dict[str, Any] = {"type": "number"}
        values: st.SearchStrategy[Any] = draw(st.sampled_from([money(), share()]))
    else:
        inner, values = record_of(draw(fields(2, 4)))
    props: dict[str, Any] = {name: {"type": "object", "additionalProperties": inner}}
    value: dict[str, Any] = {name: {k: draw(values) for k in keys}}
    if draw(st.booleans()):
        props["generated_at"] = {"type": "string", "format": "date-time"}
        value["generated_at"] = draw(datetimes())
    return Case("map", root(props), value)


@st.composite
def series(draw: st.DrawFn) -> Case:
    n = draw(st.integers(3, 30))
    step = draw(st.sampled_from([dt.timedelta(minutes=5), dt.timedelta(hours=1), dt.timedelta(days=1)]))
    start = START + dt.timedelta(days=draw(st.integers(0, 600)))
    daily = step == dt.timedelta(days=1) and draw(st.booleans())
    time_key = draw(st.sampled_from(["timestamp", "time", "date", "t"]))
    measures = draw(st.lists(st.sampled_from(["value", "cpu", "memory", "requests", "latency_ms", "price"]), min_size=1, max_size=3, unique=True))
    point = {"type": "object", "properties": {time_key: {"type": "string", "format": "date" if daily else "date-time"},
                                              **{m: {"type": "number"} for m in measures}},
             "required": [time_key, *measures], "additionalProperties": False}
    points = []
    for i in range(n):
        t = start + i * step
        points.append({time_key: t.date().isoformat() if daily else t.isoformat().replace("+00:00", "Z"), **{m: draw(share()) for m in measures}})
    name = draw(st.sampled_from(["points", "series", "data", "history"]))
    props: dict[str, Any] = {name: {"type": "array", "items": point}}
    value: dict[str, Any] = {name: points}
    if draw(st.booleans()):
        props["unit"] = {"type": "string"}
        value["unit"] = draw(st.sampled_from(["percent", "requests per second", "EUR"]))
    return Case("series", root(props), value)


@st.composite
def paging(draw: st.DrawFn) -> Case:
    row, rows = record_of(draw(fields(2, 5, with_id=True)))
    items = draw(st.lists(rows, min_size=0, max_size=10))
    cursor = draw(st.none() | st.integers(10, 9000).map(lambda n: f"cursor-{n}"))
    cursor_schema = draw(st.sampled_from([{"anyOf": [{"type": "string"}, {"type": "null"}]}, {"type": ["string", "null"]}]))
    props = {"items": {"type": "array", "items": row}, "nextCursor": cursor_schema, "total": {"type": "integer"}}
    value: dict[str, Any] = {"items": items, "nextCursor": cursor, "total": len(items) + draw(st.integers(0, 500))}
    if draw(st.booleans()):
        props["page"] = {"type": "integer", "minimum": 1}
        value["page"] = draw(st.integers(1, 40))
    return Case("paging", root(props, required=["items", "total"]), value)


NODE_TYPES = ["Seq Scan", "Index Scan", "Hash Join", "Nested Loop", "Sort", "Aggregate", "Limit"]
TABLES = ["orders", "customers", "invoices", "line_items", "products"]


@st.composite
def plan_node(draw: st.DrawFn, depth: int) -> dict[str, Any]:
    node: dict[str, Any] = {"nodeType": draw(st.sampled_from(NODE_TYPES)), "totalCost": draw(money()), "rows": draw(st.integers(1, 90_000))}
    if draw(st.booleans()):
        node["relation"] = draw(st.sampled_from(TABLES))
    if depth > 1:
        node["children"] = draw(st.lists(plan_node(depth - 1), min_size=0 if depth < 3 else 1, max_size=3 if depth > 2 else 2))
    return node


@st.composite
def tree(draw: st.DrawFn) -> Case:
    """A recursive structure: a query plan of nodes holding their child nodes ($ref to itself)."""
    node = {"type": "object", "properties": {"nodeType": {"type": "string"}, "totalCost": {"type": "number"},
                                             "rows": {"type": "integer"}, "relation": {"type": "string"},
                                             "children": {"type": "array", "items": {"$ref": "#/$defs/PlanNode"}}},
            "required": ["nodeType", "totalCost", "rows"]}
    schema = root({"plan": {"$ref": "#/$defs/PlanNode"}, "planningTimeMs": {"type": "number"}})
    schema["$defs"] = {"PlanNode": node}
    return Case("tree", schema, {"plan": draw(plan_node(draw(st.integers(3, 4)))), "planningTimeMs": draw(share())})


# --------------------------------------------------------------------------- issue 40's long tail

COLUMN_TYPES = {"name": "VARCHAR", "place": "VARCHAR", "count": "BIGINT", "amount": "DECIMAL(12,2)", "share": "DOUBLE", "when": "TIMESTAMP WITH TIME ZONE"}


@st.composite
def table_rows(draw: st.DrawFn, low: int = 1, high: int = 12) -> tuple[list[str], list[str], list[list[Any]]]:
    """Column names, their SQL types and rows of values (no nulls: a cell shows its value)."""
    kinds = draw(st.lists(st.sampled_from(list(COLUMN_TYPES)), min_size=2, max_size=6))
    names: list[str] = []
    for k in kinds:
        pool = [n for n in SCALARS[k][0] if n not in names]
        names.append(draw(st.sampled_from(pool)) if pool else f"{SCALARS[k][0][0]}_{len(names)}")
    rows = draw(st.lists(st.tuples(*(SCALARS[k][2] for k in kinds)).map(list), min_size=low, max_size=high))
    return names, [COLUMN_TYPES[k] for k in kinds], rows


@st.composite
def columns_rows(draw: st.DrawFn) -> Case:
    names, types, rows = draw(table_rows())
    names_key = draw(st.sampled_from(["columns", "fields", "headers", "Columns", "FIELDS"]))
    rows_key = draw(st.sampled_from(["rows", "data", "values", "Rows", "DATA"]))
    typed = draw(st.booleans())
    column = {"type": "object", "properties": {"name": {"type": "string"}, "type": {"type": "string"}}, "required": ["name", "type"]} if typed else {"type": "string"}
    schema = root({names_key: {"type": "array", "items": column}, rows_key: {"type": "array", "items": {"type": "array"}}, "rowCount": {"type": "integer"}})
    value = {names_key: [{"name": n, "type": t} for n, t in zip(names, types, strict=True)] if typed else names, rows_key: rows, "rowCount": len(rows)}
    return Case("columns", schema, value)


def _text_case(kind: str, text: str, error: bool = False) -> Case:
    return Case(kind, {"type": "object"}, {}, {"content": [{"type": "text", "text": text}], **({"isError": True} if error else {})})


def _cell(value: Any) -> str:
    return str(value).replace("|", "/")


@st.composite
def markdown_text(draw: st.DrawFn) -> Case:
    names, _, rows = draw(table_rows(101, 200)) if draw(st.booleans()) else draw(table_rows(2, 12))
    if draw(st.booleans()):  # a table under a heading, a paragraph after it
        lines = [f"## {draw(st.sampled_from(['Export', 'Sheet1', 'Results']))}", "", "| " + " | ".join(names) + " |", "|" + "---|" * len(names)]
        lines += ["| " + " | ".join(_cell(v) for v in row) + " |" for row in rows]
        return _text_case("markdown", "\n".join([*lines, "", draw(st.sampled_from(SENTENCES))]))
    records = [dict(zip(names, row, strict=True)) for row in rows[:12]]  # a section of JSON rows, then code
    code = draw(st.sampled_from(["await page.locator('tr').allTextContents();", "select * from sales order by 1;"]))
    return _text_case("markdown", f"### Result\n{json.dumps(records, indent=draw(st.sampled_from([None, 2])))}\n\n### Ran code\n```js\n{code}\n```\n")


@st.composite
def html_text(draw: st.DrawFn) -> Case:
    names, _, rows = draw(table_rows(1, 12))
    head = "<tr>" + "".join(f"<th>{n}</th>" for n in names) + "</tr>" if draw(st.booleans()) else ""
    body = "\n".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row) + "</tr>" for row in rows)
    before = f"<h2>{draw(st.sampled_from(['Sheet Data', 'Range A1:F9', 'Report']))}</h2>\n" if draw(st.booleans()) else ""
    after = f"\n<p>{draw(st.sampled_from(SENTENCES))}</p>" if draw(st.booleans()) else ""
    return _text_case("html", f"{before}<table>\n{head}\n{body}\n</table>{after}")


@st.composite
def error_text(draw: st.DrawFn) -> Case:
    how = draw(st.sampled_from(["json", "caret", "traceback", "csv", "log"]))
    if how == "json":
        data = draw(record_of(draw(fields(1, 4)))[1])
        return _text_case("error", json.dumps({"error": draw(st.sampled_from(SENTENCES)), **data}), True)
    if how == "caret":
        query = f"select {draw(st.sampled_from(WORDS))} from {draw(st.sampled_from(['orders', 'sales', 'users']))} wher id = {draw(st.integers(1, 99))}"
        at = query.index("wher")
        return _text_case("error", f"syntax error at line 1, col {at + 1}\n{query}\n{' ' * at}^", True)
    if how == "traceback":
        name = draw(st.sampled_from(["load", "parse", "convert"]))
        return _text_case("error", f"Traceback (most recent call last):\n  File \"/srv/app.py\", line {draw(st.integers(2, 400))}, in {name}\n"
                          f"    rows = {name}(handle)\nValueError: {draw(st.sampled_from(SENTENCES))}", True)
    names, _, rows = draw(table_rows(2, 8))
    if how == "csv":
        lines = [",".join(names)] + [",".join(_cell(v).replace(",", " ") for v in row) for row in rows]
        return _text_case("error", f"{len(rows)} rows were refused:\n" + "\n".join(lines), True)
    stamps = draw(st.lists(datetimes(), min_size=2, max_size=6))
    return _text_case("error", "\n".join(f"{t} {draw(st.sampled_from(['INFO', 'WARN', 'ERROR']))} {draw(st.sampled_from(SENTENCES))}" for t in stamps), True)


BY_KIND = {"record": record, "records": records, "nested": nested, "long": lambda: long_cells() | cohorts(), "matrix": matrix,
           "map": mapping, "series": series, "paging": paging, "columns": columns_rows, "markdown": markdown_text, "html": html_text,
           "error": error_text, "tree": tree}


def cases(kind: str | None = None) -> st.SearchStrategy[Case]:
    """Cases of one kind, or of every kind held to one click (``ONE_CLICK``), each equally likely."""
    if kind is not None:
        return BY_KIND[kind]()
    return st.one_of([BY_KIND[k]() for k in ONE_CLICK])


def result(case: Case) -> dict[str, Any]:
    """The tool result a server sends: structuredContent and its JSON text copy (the spec's); or
    the case's own result (text, an error)."""
    if case.raw is not None:
        return case.raw
    return {"content": [{"type": "text", "text": json.dumps(case.value)}], "structuredContent": case.value}


def sample(kind: str | None, n: int, seed: int = 0) -> list[Case]:
    """``n`` cases drawn with a fixed seed, outside a test (the bench's figures): the same cases
    on every run of the same code."""
    from hypothesis import HealthCheck, Phase, given, settings
    from hypothesis import seed as seeded

    out: list[Case] = []

    @seeded(seed)
    @settings(max_examples=n, database=None, phases=[Phase.generate], deadline=None, suppress_health_check=list(HealthCheck))
    @given(cases(kind))
    def collect(case: Case) -> None:
        out.append(case)

    collect()
    return out
