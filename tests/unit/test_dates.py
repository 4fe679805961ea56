"""Dates a schema does not declare (issue 51 item 6): which string inputs get a date or date-time
picker from their name or description, and which stay text boxes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from compiler.compile.dates import inferred_format, numbered_format
from compiler.compile.inputs import compile_form
from components.validate import encode

FIELD = Path(__file__).parents[2] / "fixtures" / "field"


@pytest.mark.parametrize(
    "name, description, expected",
    [
        ("start", "Start datetime (ISO 8601)", "date-time"),
        ("since", "Show commits more recent than a specific date (ISO 8601 format).", "date"),
        ("day", "The day, YYYY-MM-DD", "date"),
        ("when", "e.g. 2026-01-31", "date"),
        ("when", "e.g. 2026-01-31T09:30:00Z", "date-time"),
        ("when", "Format: YYYY-MM-DDTHH:mm:ss±HH:mm", "date-time"),
        ("end", "End of the window as an RFC 3339 timestamp", "date-time"),
        ("created_at", None, "date-time"),
        ("updatedAt", None, "date-time"),
        ("created_at", "When it was created (ISO 8601)", "date-time"),
        # a zone-less date-time asks for a string the page does not send: text
        ("when", "Local time, YYYY-MM-DDTHH:MM:SS", None),
        ("when", "e.g. 2026-01-31T09:30:00", None),
        # not dates
        ("start", "Start time as RFC3339 or Unix timestamp", None),
        ("length", "ISO 8601 duration, e.g. PT5M", None),
        ("time", "Time to convert in 24-hour format (HH:MM)", None),
        ("timezone", "IANA timezone name (e.g., 'America/New_York')", None),
        ("format", "ISO 8601", None),
        ("chat", None, None),
        ("flat", "A flat price", None),
        ("created_at", "Who created it", None),
    ],
)
def test_inferred_format(name, description, expected):
    assert inferred_format(name, description) == expected


def _form(schema: dict) -> dict:
    return json.loads(encode(compile_form(schema, "t")))


def test_an_inferred_date_becomes_a_date_field():
    (node,) = _form({"type": "object", "properties": {"since": {"type": "string", "description": "A date (ISO 8601)"}}})["children"]
    assert node["type"] == "DateTimeField" and node["props"]["format"] == "date"


def test_a_declared_pattern_or_format_wins():
    (a, b) = _form({"type": "object", "properties": {
        "since": {"type": "string", "description": "A date (ISO 8601)", "pattern": "^\\d{8}$"},
        "site": {"type": "string", "description": "A date (ISO 8601)", "format": "uri"},
    }})["children"]
    assert a["type"] == "TextField" and b["type"] == "TextField"


def _field_tool(stem: str) -> dict:
    return json.loads((FIELD / f"{stem}.json").read_text())["tool"]


@pytest.mark.parametrize(
    "stem, pickers",
    [
        # "Date string (ISO8601)"; date2 ("Second date for diff") numbers it: the same picker
        ("calc__date", {"date": "date", "date2": "date"}),
        ("git-node__git_log", {"since": "date", "until": "date"}),
        ("prometheus__execute_range_query", {}),  # "RFC3339 or Unix timestamp": a picker would refuse the second
        ("time__convert_time", {}),  # "HH:MM": no zone, no seconds — not format: time
    ],
)
def test_field_corpus_pickers(stem, pickers):
    form = _form(_field_tool(stem)["inputSchema"])
    got = {n["props"]["bind"].lstrip("/"): n["props"]["format"] for n in form["children"] if n["type"] == "DateTimeField"}
    assert got == pickers


@pytest.mark.parametrize(
    "name, description, formats, expected",
    [
        ("date2", "Second date for diff", {"date": "date", "date2": None}, "date"),
        ("end_2", None, {"end_1": "date-time", "end_2": None}, "date-time"),
        ("date2", "Days to add (a duration)", {"date": "date"}, None),  # its words say what it is not
        ("date2", None, {"date": None, "date2": None}, None),  # its sibling no date either
        ("page2", None, {"page": None}, None),
        ("date", None, {"date": "date"}, None),  # no number: its own rule only
        ("time2", "Time of day, HH:MM", {"time": "date-time"}, None),  # a form of its own
        ("date2", "End date as MM/DD/YYYY", {"date": "date"}, None),
    ],
)
def test_a_numbered_input_takes_its_siblings_date_format(name, description, formats, expected):
    assert numbered_format(name, description, formats) == expected
