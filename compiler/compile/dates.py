"""Dates a schema does not declare: a string input whose name or description says it is a date or
a date-time gets that ``format`` (so a ``DateTimeField`` and its native picker), issue 51 item 6.

Many servers write "Start datetime (ISO 8601)" or "YYYY-MM-DD" where JSON Schema has ``format``.
The rule reads, in order of strength: an example in the description (``2026-01-31`` or
``2026-01-31T09:30:00Z``), a template (``YYYY-MM-DD``, ``YYYY-MM-DDTHH:MM:SSZ``), the words
"ISO 8601" / "RFC 3339" with "date" or "time" words, and a name ending in ``_at`` / ``At``
(``created_at``, ``startsAt``); last, a numbered name (``date2``) takes the format of the sibling it
numbers (``date`` or ``date1``: calc's "Second date for diff" beside "Date string (ISO8601)").
It infers only what the page can send exactly:

* a date is ``YYYY-MM-DD``, what ``<input type=date>`` gives;
* a date-time is sent with its offset (RFC 3339). A description that shows a date-time *without*
  a zone (``YYYY-MM-DDTHH:MM:SS``, ``2026-01-31T09:30:00``) asks for a string the page would not
  send, so that field stays a text box;
* a time is never inferred: "HH:MM" asks for no seconds and no zone, unlike ``format: time``.

Durations, intervals, Unix timestamps and epoch numbers are not dates here.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from components.nodes import DateFormat

_NOT_A_DATE = re.compile(r"\b(duration|interval|period|unix|epoch|milliseconds|seconds since|cron|timezone name)\b", re.I)
_DATE_TIME_EXAMPLE = re.compile(r"\b\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?)?(?P<zone>Z|[+-]\d\d:?\d\d)?", re.I)
_DATE_EXAMPLE = re.compile(r"\b\d{4}-\d\d-\d\d\b")
_DATE_TIME_TEMPLATE = re.compile(r"\bYYYY-MM-DD[T ]HH:mm(:ss(\.s+)?)?(?P<zone>Z|[+-]HH:?mm|±HH:?mm)?", re.I)
_DATE_TEMPLATE = re.compile(r"\bYYYY-MM-DD\b", re.I)
_STANDARD = re.compile(r"\b(ISO[ -]?8601|RFC[ -]?3339)\b", re.I)
_DATE_TIME_WORDS = re.compile(r"\b(date[ -]?times?|timestamps?|date and time|instant)\b", re.I)
_DATE_WORDS = re.compile(r"\bdates?\b", re.I)
_ZONE_WORDS = re.compile(r"\b(offset|time ?zone|UTC|Z)\b")
_AT_NAME = re.compile(r"(_at|[a-z]At)$")
_NUMBERED = re.compile(r"(?P<stem>.+?)[_-]?\d")
_OWN_FORM = re.compile(r"\b(YYYY|MM/DD|DD/MM|HH:MM|\d{4}-\d\d|\d\d?/\d\d?|time of day)", re.I)
"""A description that writes its own form ("HH:MM", "MM/DD/YYYY", an example): a numbered input's own rule, not its sibling's."""


def inferred_format(name: str, description: str | None) -> DateFormat | None:
    """The date format a string input named ``name`` with ``description`` asks for, or None."""
    text = description or ""
    if _NOT_A_DATE.search(text):
        return None
    if (m := _DATE_TIME_EXAMPLE.search(text)) or (m := _DATE_TIME_TEMPLATE.search(text)):
        zoned = m.group("zone") or _ZONE_WORDS.search(text)
        return "date-time" if zoned else None  # a zone-less date-time is not what the page sends
    if _DATE_EXAMPLE.search(text) or _DATE_TEMPLATE.search(text):
        return "date"
    if _STANDARD.search(text):
        if _DATE_TIME_WORDS.search(text) or _AT_NAME.search(name):
            return "date-time"
        if _DATE_WORDS.search(text) and not re.search(r"\btime\b", text, re.I):
            return "date"
        return None
    if _AT_NAME.search(name) and not text:
        return "date-time"
    return None


def numbered_format(
    name: str, description: str | None, formats: Mapping[str, DateFormat | None]
) -> DateFormat | None:
    """The date format of the sibling a numbered input names (``date2`` beside ``date`` or
    ``date1``, ``end_2`` beside ``end_1``), from ``formats`` (each sibling's declared or inferred
    format); None where its description says what it is not (a duration, an epoch) or writes a
    form of its own ("Time of day, HH:MM", "End date as MM/DD/YYYY")."""
    numbered = _NUMBERED.fullmatch(name)
    text = description or ""
    if not numbered or _NOT_A_DATE.search(text) or _OWN_FORM.search(text):
        return None
    stem = numbered.group("stem")
    return next(
        (
            found
            for other in (stem, f"{stem}1", f"{stem}_1")
            if other != name and (found := formats.get(other))
        ),
        None,
    )
