"""What the result's values mean to a person (issue 49), read off the tool's output schema.

    semantics(tool) → Semantics(formats, headline)

* ``formats``: the semantic kind of each scalar leaf whose name, title or description says one —
  money (with its currency when the data says which), percent (a ratio or points), bytes, a
  duration (and its unit), a colour — by JSON Pointer into the result data, array items ``-``;
* ``headline``: the pointers of a result's summary numbers, 2 to 8 of them: those of an object
  named like a summary (summary, totals, stats, metrics, kpis), else the top level's; ``()``
  when the result is an object with none; ``None`` when there is no object to read (the runtime
  decides from the data).

It is compile's: it reads the schemas, as ``outputs.column_format`` and ``outputs.unit_of`` do,
and states facts; layout's heuristic (``layout.heuristic``) turns them into the LayoutSpec's
``present``, which a model's spec may correct. The runtime has the same name table for data
without a schema (present-contract.md). Deterministic: the schema's order, nothing else.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any, Literal

import msgspec

from compiler.normalize import normalize
from compiler.normalize.shapes import ArrayShape, ConstShape, EnumShape, NumberShape, ObjectShape, StringShape
from components import pointers

from .outputs import unit_of

__all__ = ["Kind", "Semantics", "kind_of", "semantics", "words"]

Format = Literal["money", "percent", "bytes", "duration", "colour"]


class Kind(msgspec.Struct, frozen=True, kw_only=True):
    """The semantic kind of the values at ``field`` (a pointer into the result data)."""

    field: str
    format: Format
    currency: str | None = None
    unit: str | None = None


class Semantics(msgspec.Struct, frozen=True, kw_only=True):
    formats: tuple[Kind, ...] = ()
    headline: tuple[str, ...] | None = None


MIN_HEADLINE, MAX_HEADLINE = 2, 8

# --------------------------------------------------------------------------- the name table

MONEY = frozenset(
    "price cost revenue amount budget balance fee salary mrr arr income profit spend spent sales payment "
    "usd eur gbp".split()
)
"""Words that say money (whole words, or a snake/camel part of a name; plurals too)."""
MONEY_WITH_CURRENCY = frozenset("total subtotal value net gross tax discount due paid owed refund credit debit".split())
"""Words that say money only when a currency says so too (a sibling field, the field's schema)."""
NOT_MONEY = frozenset("time token tokens calorie kcal energy point gas step word cents cent minor wei gwei satoshi sats lamports".split())
"""What is spent or totalled but not in money (time_spent, tokens_spent, total_calories), and
money in a minor unit (amount_cents, balance_wei): drawn as money, 1999 would read $1,999."""
PERCENT = frozenset("percent percentage pct rate ratio share margin growth churn retention utilization probability progress".split())
POINTS = frozenset({"percent", "percentage", "pct"})
"""Percent words whose numbers are points (25 is 25 %)."""
RATIOS = frozenset({"ratio", "probability", "fraction"})
"""Percent words whose numbers are ratios (0.25 is 25 %)."""
NOT_A_PERCENT = frozenset(
    "exchange fx heart sample sampling bit bits frame refresh baud limit limits per request requests tokens "
    "days day hours hour minutes seconds ms weeks months years count hourly".split()
)
"""A rate that is a frequency, a price or a limit (exchange_rate, sample_rate, rate_limit), and
a retention or growth measured in days or counted: not a percent."""
BYTES = frozenset({"byte", "bytes", "memory", "mem", "disk", "filesize"})
BYTE_UNITS = {"b": "B", "bytes": "B", "kb": "KB", "kib": "KB", "mb": "MB", "mib": "MB", "gb": "GB", "gib": "GB"}
DURATION = frozenset({"duration", "elapsed", "latency", "uptime", "runtime", "took"})
DURATION_UNITS = {
    "ms": "ms", "millis": "ms", "milliseconds": "ms", "msec": "ms",
    "s": "s", "sec": "s", "secs": "s", "seconds": "s",
    "min": "min", "mins": "min", "minutes": "min",
    "h": "h", "hr": "h", "hrs": "h", "hours": "h",
}
UNIT_SUFFIXES = frozenset({"ms", "millis", "milliseconds", "seconds", "secs"})
"""A name ending in these is a duration by itself (``time_ms``, ``wait_seconds``)."""
NOT_A_DURATION = frozenset("at mtime ctime atime timestamp epoch ts created updated modified expires expiry deadline since until date".split())
"""Points in time written as numbers (``created_at_ms``), not lengths of time."""
COLOUR = frozenset({"color", "colour"})
IDENTIFIER = frozenset(
    "id ids uuid guid key pk hash sha code number no num index idx rank version year zip phone port pid count".split()
)
"""Names that count or name rather than measure: never money, percent, a duration (``count`` may
still be bytes: ``byte_count``)."""
NOT_IN_HEADLINE = frozenset(
    "page pages limit offset cursor per size timestamp epoch ts created modified updated changed deleted "
    "mtime ctime atime birthtime expires expiry".split()
) | IDENTIFIER - {"count"}
"""Paging, identifiers and instants (a number named created or mtime is a time in epoch seconds,
drawn as that time: present.js): numbers of the result that are not its summary."""
PLAN = frozenset({"node type", "plan rows", "plan width"})
"""A query plan's keys (PostgreSQL's EXPLAIN): its "Startup Cost" and "Total Cost" are the
planner's units, not money."""
SUMMARY = r"(?i)^(summary|totals?|stats|statistics|metrics|kpis?|overview)$"
"""A word of an object's name that makes it a summary ("customSummary", "totals"), as the runtime reads it."""

CURRENCY_CODES = frozenset(
    "USD EUR GBP JPY CNY INR CAD AUD CHF SEK NOK DKK BRL MXN KRW RUB ZAR SGD HKD NZD PLN TRY ILS AED SAR THB IDR "
    "CZK HUF".split()
)
_CODE = r"\b(" + "|".join(sorted(CURRENCY_CODES)) + r")\b"
SYMBOLS = frozenset("$€£¥₹₩₽₺")
_SYMBOL = r"\(\s*([$€£¥₹₩₽₺])\s*\)|\bin ([$€£¥₹₩₽₺])|([$€£¥₹₩₽₺])\s?\d"
_COLOUR_VALUE = r"^(#[0-9a-fA-F]{3,8}|rgba?\(.*\)|hsla?\(.*\))$"
_RATIO_TEXT = r"(?i)\b(0\s*(-|–|to|and)\s*1(\.0)?\b|fraction|between 0 and 1|ratio)"
_POINTS_TEXT = r"(?i)(%|\bpercent(age)?\b|0\s*(-|–|to)\s*100\b)"
_PERCENT_TEXT = r"(?i)\bpercent(age)?\b|%"
"""A number its schema says is a percentage ("Humidity percentage", "Share of the total, %")."""
_CAMEL = r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|\d+"
"""The patterns are compiled by ``re`` when first used (and cached there), not at import: most
tools have no output schema to read (the currency symbols' alone took ~14 ms to compile)."""


def words(name: str) -> tuple[str, ...]:
    """A name's words, lower case: ``totalRevenueUSD`` → (total, revenue, usd); snake, kebab,
    camel and spaces alike."""
    return tuple(w.lower() for part in re.split(r"[\W_]+", name) for w in re.findall(_CAMEL, part))


def _says(names: tuple[str, ...], table: frozenset[str], plural: bool = False) -> bool:
    return any(w in table or (plural and w.endswith("s") and w[:-1] in table) for w in names)


def currency_in(text: str | None) -> str | None:
    """The one currency a text names (an ISO 4217 code, or a symbol beside a number, in
    parentheses, or after "in"); None when it names none, or several."""
    if not text:
        return None
    found = set(re.findall(_CODE, text))
    if not SYMBOLS.isdisjoint(text):  # the symbols' pattern is slow to compile: only when one is there
        found |= {next(g for g in m if g) for m in re.findall(_SYMBOL, text)}
    return found.pop() if len(found) == 1 else None


def _text(shape: Any) -> str:
    return " ".join(t for t in (shape.title, shape.description) if t)


# --------------------------------------------------------------------------- one leaf


def kind_of(name: str, shape: Any, currency: str | None = None, tool_currency: str | None = None) -> Kind | None:
    """The kind of the values of property ``name`` (its ``field`` left empty); ``currency``: what a
    sibling currency field says (``""``: there is one, of no single value); ``tool_currency``: the
    one the tool's description names."""
    names = words(name)
    if isinstance(shape, StringShape):
        return Kind(field="", format="colour") if _colour(names, shape) else None
    if not isinstance(shape, NumberShape) or not names:
        return None
    text, unit = _text(shape), (unit_of(shape) or "").lower()
    if _says(names, IDENTIFIER, plural=True) and not {"byte", "bytes"} & set(names):
        return None
    said_percent = re.search(_PERCENT_TEXT, text) is not None and not _says(names, MONEY, plural=True)  # "20% VAT" on a price
    if unit == "%" or said_percent or (_says(names, PERCENT) and not _says(names, NOT_A_PERCENT)):
        kind = _percent(names, shape, text, unit)
        if kind is not None:
            return kind
    return _duration(names, text, unit) or _bytes(names, shape, text, unit) or _money(names, text, currency, tool_currency)


def _colour(names: tuple[str, ...], shape: StringShape) -> bool:
    """A CSS colour: named so (``color``, ``background_color``, ``colour_hex``), or shown so by
    the schema's examples or default; never a string of another format."""
    if shape.format is not None:
        return False
    named = bool(names) and (names[-1] in COLOUR or (names[-1] in {"hex", "rgb", "code", "value"} and _says(names, COLOUR)))
    shown = any(isinstance(v, str) and re.match(_COLOUR_VALUE, v) for v in (*shape.examples, shape.default))
    return named or shown


def _percent(names: tuple[str, ...], shape: NumberShape, text: str, unit: str) -> Kind | None:
    if currency_in(text):  # a margin in dollars
        return None
    top = shape.maximum if shape.maximum is not None else shape.exclusiveMaximum
    if unit == "%" or _says(names, POINTS) or top == 100:
        scale: str | None = "points"
    elif _says(names, RATIOS) or top == 1 or re.search(_RATIO_TEXT, text):
        scale = "ratio"  # before a "%" in the text: "0.05 for 5%"
    elif re.search(_POINTS_TEXT, text):
        scale = "points"
    else:
        scale = None  # the runtime decides from the data
    return Kind(field="", format="percent", unit=scale)


def _duration(names: tuple[str, ...], text: str, unit: str) -> Kind | None:
    last = names[-1]
    if _says(names, NOT_A_DURATION):
        return None
    if last in UNIT_SUFFIXES:
        said: str | None = DURATION_UNITS[last]
    elif _says(names, DURATION):
        said = DURATION_UNITS.get(last) or DURATION_UNITS.get(unit) or _unit_in(text)
        if said is None and "duration" not in names:
            return None  # latency, elapsed, uptime in no stated unit: too often milliseconds to guess
    else:
        return None
    return Kind(field="", format="duration", unit=None if said in (None, "s") else said)


def _unit_in(text: str) -> str | None:
    m = re.search(r"(?i)\b(?:in|\()\s*(milliseconds|ms|seconds|secs?|s|minutes|mins?|hours|hrs?|h)\b", text)
    return DURATION_UNITS.get(m.group(1).lower()) if m else None


def _bytes(names: tuple[str, ...], shape: NumberShape, text: str, unit: str) -> Kind | None:
    described = re.search(r"(?i)\bbytes\b", text) is not None
    if not (_says(names, BYTES) or "file_size" in "_".join(names) or (described and ("size" in names or shape.integer))):
        return None
    said = BYTE_UNITS.get(names[-1]) or BYTE_UNITS.get(unit)
    if said is None and not (described or "bytes" in names) and not shape.integer:
        return None  # memory as a share, a disk's name as a number: not a size
    return Kind(field="", format="bytes", unit=None if said in (None, "B") else said)


def _money(names: tuple[str, ...], text: str, currency: str | None, tool_currency: str | None) -> Kind | None:
    own = currency_in(text)
    if _says(names, NOT_MONEY, plural=True):
        return None
    by_name = _says(names, MONEY, plural=True) or "salaries" in names
    with_currency = own is not None or currency is not None
    if not (by_name or (with_currency and _says(names, MONEY_WITH_CURRENCY, plural=True))):
        return None
    code = own or currency or tool_currency or _code_in_name(names)
    return Kind(field="", format="money", currency=code or None)


def _code_in_name(names: tuple[str, ...]) -> str | None:
    return next((w.upper() for w in names if w.upper() in CURRENCY_CODES), None)


# --------------------------------------------------------------------------- the schema


def semantics(tool: Mapping[str, Any]) -> Semantics:
    """The kinds of a tool's result values, and its headline (nothing without an output schema)."""
    schema = tool.get("outputSchema")
    if not isinstance(schema, dict):
        return Semantics()
    shape = normalize(schema)
    description = tool.get("description")
    tool_currency = currency_in(description if isinstance(description, str) else None)
    formats = tuple(_leaves(shape, "", None, tool_currency, 0))
    return Semantics(formats=formats, headline=_headline(shape))


MAX_DEPTH = 6


def _leaves(shape: Any, at: str, currency: str | None, tool_currency: str | None, depth: int) -> Iterator[Kind]:
    if depth > MAX_DEPTH:
        return
    if isinstance(shape, ArrayShape):
        yield from _leaves(shape.items, pointers.child(at, "-"), currency, tool_currency, depth + 1)
        return
    if not isinstance(shape, ObjectShape):
        return
    currency = _sibling_currency(shape, currency)
    plan = not PLAN.isdisjoint(" ".join(words(p.name)) for p in shape.properties)
    for prop in shape.properties:
        here = pointers.child(at, prop.name)
        kind = kind_of(prop.name, prop.shape, currency, tool_currency)
        if kind is not None and not (plan and kind.format == "money"):
            yield msgspec.structs.replace(kind, field=here)
        yield from _leaves(prop.shape, here, currency, tool_currency, depth + 1)


def _sibling_currency(shape: ObjectShape, inherited: str | None) -> str | None:
    """What a ``currency`` property of this object says: its one value (const, single enum,
    default), ``""`` when it has none, else what an enclosing object's said."""
    for prop in shape.properties:
        if words(prop.name)[:1] != ("currency",) or len(words(prop.name)) > 2:
            continue
        s = prop.shape
        if isinstance(s, ConstShape) and isinstance(s.value, str):
            return s.value
        if isinstance(s, EnumShape) and len(s.values) == 1 and isinstance(s.values[0], str):
            return str(s.values[0])
        if isinstance(s.default, str) and s.default:
            return s.default
        if isinstance(s, (StringShape, EnumShape)):
            return currency_in(_text(s)) or ""
    return inherited


def _headline(shape: Any) -> tuple[str, ...] | None:
    if not isinstance(shape, ObjectShape) or not shape.properties:
        return None
    for prop in shape.properties:
        if any(re.match(SUMMARY, word) for word in words(prop.name)) and isinstance(prop.shape, ObjectShape):
            inner = _numbers(prop.shape, pointers.child("", prop.name))
            if MIN_HEADLINE <= len(inner) <= MAX_HEADLINE:
                return inner
    top = _numbers(shape, "")
    # none found: None, so the runtime still looks in the data (a summary the schema leaves open)
    return top if MIN_HEADLINE <= len(top) <= MAX_HEADLINE else None


# A count beside a list is that list's size ({outputs: […], count}): the list says it, no tile
# (an integer only, named count, n or length or ending in count: a money total stays a summary).
LIST_SIZE = frozenset({"count", "n", "length"})


def _numbers(shape: ObjectShape, at: str) -> tuple[str, ...]:
    lists = any(isinstance(p.shape, ArrayShape) for p in shape.properties)
    return tuple(
        pointers.child(at, p.name)
        for p in shape.properties
        if isinstance(p.shape, NumberShape)
        and not _says(words(p.name), NOT_IN_HEADLINE, plural=True)
        and not (lists and p.shape.integer and (set(words(p.name)) <= LIST_SIZE or words(p.name)[-1:] == ("count",)))
    )
