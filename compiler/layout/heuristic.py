"""The heuristic layout: deterministic rules that give every tool a good spec without a model.

Input: required fields first; when a form has many optional fields, they fold under "Advanced";
long text gets a textarea; a small bounded integer gets a slider. Output: the first table of the
result is the default view with all its columns (issue 32: the table, records or matrix first; a
typed view is never weaker than the shape view of the same data, which shows every column). A chart is laid out with
the table (above it: ``present.chart`` "first") only when it says more than the table: a series over time (a date column and numbers), or numbers along a label axis of rows
that are not records with ids (a region's revenue, not a task list's priorities). The heuristic spec always
passes ``check_spec`` for its own tree (a test checks the corpus).

Liveness (issue 51), for a read-only tool only (the tree's ``Live``): a tool whose name or
description says it reports current state refreshes every ``CURRENT_EVERY`` seconds once a result
shows; one whose inputs are all bounded (numbers with both bounds, enums, booleans) re-runs as they
change, its numbers as sliders.

Presentation (issue 49): the formats and the headline compile infers from the output schema
(``compile.semantics``), on the values the tree shows; a chart laid out with its table goes
above it (``first``). A spec from elsewhere (a model's, ``_ui_refine``'s, a file) only overrides
what this fills (``with_present``): its formats field by field, its other parts where it gives
them.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from msgspec.structs import replace

from compiler.compile.facts import Facts, FieldFacts, facts_of
from compiler.compile.live import input_shape_of, live_inputs, says_current
from compiler.compile.semantics import semantics
from components import pointers
from components.nodes import App, FieldNode, Node, NumberField, Table, TextField

from .choices import TEMPORAL, WIDGET_FAMILIES, Choices, DataPath, choices
from .spec import (
    Chart,
    FormatChoice,
    InputLayout,
    LayoutSpec,
    LiveChoice,
    OutputLayout,
    PresentLayout,
    WidgetChoice,
)

MAX_SERIES = 3
CURRENT_EVERY = 15
"""Seconds between refreshes the heuristic turns on for a read-only tool that reports current
state (issue 51: a monitor, a status, health, metrics)."""
MANY_FIELDS = 6
MANY_OPTIONAL = 3
SLIDER_MAX_RANGE = 100
LONG_TEXT_NAMES = re.compile(
    r"(content|body|description|message|prompt|notes?|comment|code|script|markdown|html|sql|instructions)$", re.I
)
IDENTIFIER = r"^(id|ids|index|idx|rank|key|pk|hash|sha|uuid|guid|oid)$|(_id|Id|ID|_key|Hash|_hash|Sha|_sha|_uuid)$"
"""Fields that name rows rather than measure or label them (ids, keys, hashes): never charted,
never on a chart's axis (issue 26: "the axis uses a label field, not an id")."""
NOT_A_MEASURE = r"^(timestamp|epoch|ts|line|page|position|offset)$|(Timestamp|_timestamp|Number|_number|_no)$"
"""Numbers that place a row (a time as a number, a line or page number) rather than measure it:
never a chart's series."""
LABEL = r"(?i)(name|label|title|cohort|category|group|region|country|city|product|author|kind|type)$"
"""Text fields that read as a row's label: the first choice for a chart's axis.
The three are patterns compiled by ``re`` when a chart is first considered (and cached there),
not at import: most tools have none to chart (~0.7 ms of compile-ui FILE's start)."""
GEOMETRY = frozenset({"x", "y", "z", "width", "height", "left", "top", "right", "bottom", "w", "h"})
"""A thing's place and size on a page or a plane: no measure of it, beside both an x and a y."""
NOT_A_LABEL = frozenset({"uuid", "uri", "email", "boolean"})
"""Formats that are addresses, ids or yes/no, never a chart's axis."""


def heuristic_spec(tree: App, tool: Mapping[str, Any] | None = None, facts: Facts | None = None) -> LayoutSpec:
    """The spec for ``tree``; ``facts``: compile's facts of its fields (built from the tree when
    not given)."""
    facts = facts_of(tree) if facts is None else facts
    offer = choices(tree, facts)
    output = _output(offer)
    timer, moving = _live(offer, tool)
    return LayoutSpec(
        input=_input(tree, offer, facts, moving), output=output, present=present_of(tree, tool, facts, output), live=timer
    )


def present_of(
    tree: App, tool: Mapping[str, Any] | None, facts: Facts | None = None, output: OutputLayout | None = None
) -> PresentLayout | None:
    """What the heuristic says of the result's presentation (None: nothing, every default): the
    kinds compile infers of the values the tree shows, the headline, the chart above its table."""
    offer = choices(tree, facts)
    inferred = semantics(tool) if tool is not None else None
    shown = set(offer.leaves or ())
    formats = [
        FormatChoice(field=k.field, format=k.format, currency=k.currency, unit=k.unit)
        for k in (inferred.formats if inferred else ())
        if k.field in shown
    ]
    headline = None
    if inferred is not None and inferred.headline is not None:
        kept = [p for p in inferred.headline if p in shown]
        headline = kept if len(kept) >= 2 else None
    if output is None:
        output = _output(offer)
    chart = "first" if output is not None and output.chart is not None else None
    present = PresentLayout(formats=formats, headline=headline, chart=chart)
    return None if present == PresentLayout() else present


def _live(offer: Choices, tool: Mapping[str, Any] | None) -> tuple[LiveChoice | None, bool]:
    """The timer (a tool that reports current state) and whether the inputs re-run the tool
    (every one bounded), for a result that may stay live; else neither."""
    if not offer.live or tool is None:
        return None, False
    timer = LiveChoice(every=CURRENT_EVERY) if says_current(tool) else None
    return timer, live_inputs(input_shape_of(tool))


def with_live(spec: LayoutSpec, tree: App, tool: Mapping[str, Any] | None, facts: Facts | None = None) -> LayoutSpec:
    """``spec`` over what the heuristic infers of liveness: its ``live`` and ``input.live`` where
    it gives them, the heuristic's where it does not (a model's spec overrides, never erases).
    The sliders live inputs bring stay the spec's own widget choices."""
    timer, moving = _live(choices(tree, facts), tool)
    live = spec.live if spec.live is not None else timer
    inputs = spec.input.live if spec.input.live is not None else (moving or None)
    if live == spec.live and inputs == spec.input.live:
        return spec
    return replace(spec, live=live, input=replace(spec.input, live=inputs))


def with_present(spec: LayoutSpec, inferred: PresentLayout | None) -> LayoutSpec:
    """``spec`` over what the heuristic inferred of the presentation: its formats replace the
    inferred ones field by field (the others stay), its headline, chart placement, sections and
    text where it gives them."""
    if inferred is None:
        return spec
    given = spec.present or PresentLayout()
    named = {f.field for f in given.formats}
    present = PresentLayout(
        formats=[*(f for f in inferred.formats if f.field not in named), *given.formats],
        headline=given.headline if given.headline is not None else inferred.headline,
        chart=given.chart or inferred.chart,
        sections=given.sections or inferred.sections,
        text=given.text or inferred.text,
    )
    return replace(spec, present=present)


def _input(tree: App, offer: Choices, facts: Facts, moving: bool = False) -> InputLayout:
    required = [f for f in offer.fields if f in offer.required]
    optional = [f for f in offer.fields if f not in offer.required]
    order = required + optional if required and optional and required + optional != list(offer.fields) else []
    advanced: list[str] = []
    if len(offer.fields) >= MANY_FIELDS and len(optional) >= MANY_OPTIONAL:
        keep = 0 if required else MANY_OPTIONAL  # a form never opens empty
        advanced = optional[keep:]
    return InputLayout(order=order, advanced=advanced, widgets=_widgets(tree, offer, facts, moving), live=moving or None)


def _widgets(tree: App, offer: Choices, facts: Facts, moving: bool = False) -> list[WidgetChoice]:
    """Textareas for long text, sliders for small ranges (every bounded number when the inputs
    re-run the tool: a person moves them and watches the result)."""
    chosen = []
    for node, fact in _fields(tree, facts):
        bind = node.props.bind
        options = offer.widgets.get(bind, ())
        if isinstance(node, TextField) and node.props.widget == "text" and _long_text(node, fact) and "textarea" in options:
            chosen.append(WidgetChoice(field=bind, widget="textarea"))
        elif isinstance(node, NumberField) and "slider" in options and (moving or _small_range(node)):
            chosen.append(WidgetChoice(field=bind, widget="slider"))
    return chosen


def _fields(node: Node, facts: Facts) -> Iterator[tuple[FieldNode, FieldFacts]]:
    """Fields of their own (in no template, no branch) that have a widget to choose, with their facts."""
    for child in node.children:
        fact = facts.get(child.id)
        if isinstance(child, FieldNode) and type(child.props) in WIDGET_FAMILIES and fact is not None and fact.template is None:
            yield child, fact
        yield from _fields(child, facts)


def _long_text(node: TextField, fact: FieldFacts) -> bool:
    return bool(LONG_TEXT_NAMES.search(fact.name or "")) and not node.props.format and (node.props.maxLength or 10_000) > 80


def _small_range(node: NumberField) -> bool:
    p = node.props
    return bool(
        p.integer
        and p.minimum is not None
        and p.maximum is not None
        and 0 < p.maximum - p.minimum <= SLIDER_MAX_RANGE
    )


# --------------------------------------------------------------------------- output


def _output(offer: Choices) -> OutputLayout | None:
    table = next((p for p in offer.paths if issubclass(p.kind, Table) and p.columns), None)
    if table is None:
        return None
    return OutputLayout(path=table.bind, view="table", chart=_chart(table))


def _chart(path: DataPath) -> Chart | None:
    if "chart" not in path.views:
        return None
    temporal = [c.pointer for c in path.columns if c.format in TEMPORAL]
    if not temporal and any(_names(c.pointer, IDENTIFIER) for c in path.columns):
        return None  # records with ids: a list of things, not a series
    # Things placed on a page or a plane (a PDF's form fields at x, y, with a width and a height):
    # where they are and how big is no measure to chart (over time, x and y are a path: charted).
    placed = not temporal and {"x", "y"} <= {_last(c.pointer) for c in path.columns}
    x = temporal[0] if temporal else _label(path)
    y = [
        p for p in path.numeric
        if p != x and not _names(p, IDENTIFIER) and not _names(p, NOT_A_MEASURE) and not (placed and _last(p) in GEOMETRY)
    ][:MAX_SERIES]
    if x is None or not y:
        return None
    return Chart(mark="line" if temporal else "bar", x=x, y=y)


def _last(pointer: str) -> str:
    return pointers.tokens(pointer)[-1].lower()


def _names(pointer: str, pattern: str) -> bool:
    return bool(re.search(pattern, pointers.tokens(pointer)[-1]))


def _label(path: DataPath) -> str | None:
    """The column that labels the rows on a chart's axis: a text field named like a label before
    any other; never an id, a hash, an address (None when only those name the rows: no chart)."""
    labels = [
        p for p in path.categories
        if not _names(p, IDENTIFIER) and (column := path.column(p)) is not None and column.format not in NOT_A_LABEL
    ]
    return next((p for p in labels if _names(p, LABEL)), labels[0] if labels else None)
