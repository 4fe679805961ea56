"""``check_spec(tree, value)``: any JSON value → the LayoutSpec it is for this tree, or every problem.

First its shape (pydantic's validation, ``validation.py``, imported with the first check), then
what it names: only what the tree offers (``choices``). Each problem carries the JSON Pointer of
the offending part (what also goes back to the model for repair).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from compiler import messages
from compiler.compile.facts import Facts
from components import pointers
from components.validate import Problem

from .choices import Choices, DataPath, choices
from .spec import Chart, LayoutSpec, OutputLayout, PresentLayout

UNITS_OF = {"percent": ("ratio", "points"), "duration": ("ms", "s", "min", "h"), "bytes": ("B", "KB", "MB", "GB")}
"""The units each format is measured in (a format not listed takes none)."""


def check_spec(tree: Any, value: Any, facts: Facts | None = None) -> tuple[LayoutSpec | None, list[Problem]]:
    """The spec, if ``value`` is a valid LayoutSpec for this tree; else every problem. ``facts``:
    compile's facts of the tree's fields (built from the tree when not given)."""
    from .validation import parse  # pydantic: only when a spec comes from outside

    spec, errors = parse(value)
    if spec is None:
        return None, [Problem(_pointer(loc), message) for loc, message in errors]
    problems = list(_semantic(spec, choices(tree, facts)))
    return (None, problems) if problems else (spec, [])


def _pointer(loc: tuple[Any, ...]) -> str:
    return pointers.join(loc)


def _semantic(spec: LayoutSpec, offer: Choices) -> Iterator[Problem]:
    known = set(offer.fields)
    placed: dict[str, str] = {}
    for where, names in (
        ("/input/order", spec.input.order),
        ("/input/advanced", spec.input.advanced),
        *((f"/input/groups/{i}/fields", g.fields) for i, g in enumerate(spec.input.groups)),
    ):
        for i, name in enumerate(names):
            if name not in known:
                yield Problem(f"{where}/{i}", f"no top-level input field {name!r}")
            elif where != "/input/order" and name in placed:
                yield Problem(f"{where}/{i}", f"{name!r} is already placed at {placed[name]}")
            elif where != "/input/order":
                placed[name] = f"{where}/{i}"
    for i, choice in enumerate(spec.input.widgets):
        options = offer.widgets.get(choice.field)
        if options is None:
            yield Problem(f"/input/widgets/{i}/field", f"no field {choice.field!r} with a widget choice")
        elif choice.widget not in options:
            yield Problem(f"/input/widgets/{i}/widget", f"{choice.widget!r} is not one of {list(options)}")
    if spec.output is not None:
        yield from _check_output(spec.output, offer)
    yield from _check_leads(spec, offer)
    yield from _check_live(spec, offer)
    yield from _check_pickers(spec, offer)
    if spec.present is not None:
        yield from _check_present(spec.present, offer)


def _check_pickers(spec: LayoutSpec, offer: Choices) -> Iterator[Problem]:
    """Each input named once, one with pickers, its tool one of that input's sources (issue 51)."""
    named: set[str] = set()
    for i, choice in enumerate(spec.input.pickers):
        sources = offer.pickers.get(choice.field)
        if sources is None:
            yield Problem(f"/input/pickers/{i}/field", f"no input {choice.field!r} with a picker")
        elif choice.field in named:
            yield Problem(f"/input/pickers/{i}/field", f"{choice.field!r} is already chosen")
        elif choice.tool is not None and choice.tool not in sources:
            yield Problem(f"/input/pickers/{i}/tool", f"{choice.tool!r} is not one of {list(sources)}")
        named.add(choice.field)


def _check_live(spec: LayoutSpec, offer: Choices) -> Iterator[Problem]:
    """A timer or inputs that re-run only for a tool that may run unasked (issue 51)."""
    if offer.live:
        return
    if spec.live is not None and spec.live.every:
        yield Problem("/live/every", messages.MAY_WRITE)
    if spec.input.live:
        yield Problem("/input/live", messages.MAY_WRITE)


def _check_leads(spec: LayoutSpec, offer: Choices) -> Iterator[Problem]:
    """Links a spec names are the compiler's (it chooses among them, never adds one), each once."""
    seen: dict[str, int] = {}
    for i, choice in enumerate(spec.links or ()):
        if choice.id not in offer.links:
            yield Problem(f"/links/{i}/id", f"no link {choice.id!r}; choose among {list(offer.links)}")
        elif choice.id in seen:
            yield Problem(f"/links/{i}/id", f"{choice.id!r} is already listed at /links/{seen[choice.id]}")
        else:
            seen[choice.id] = i
    if spec.paging is not None and not offer.paging:
        yield Problem("/paging", "the result has no paging")


def _check_output(out: OutputLayout, offer: Choices) -> Iterator[Problem]:
    path = offer.path(out.path)
    if path is None:
        yield Problem("/output/path", f"no view of the result at {out.path!r}")
        return
    if out.view not in path.views:
        yield Problem("/output/view", f"{out.view!r} cannot show {out.path!r}; choose one of {list(path.views)}")
    for i, pointer in enumerate(out.columns):
        if pointer not in path.pointers:
            yield Problem(f"/output/columns/{i}", f"no column {pointer!r} at {out.path!r}")
    if out.view == "chart" and out.chart is None:
        yield Problem("/output/chart", "view 'chart' needs a chart")
    if out.chart is not None and out.view not in ("chart", "table"):
        yield Problem("/output/chart", "a chart is given with view 'chart' (shown first) or 'table' (a second tab)")
    if out.chart is not None and out.view in path.views and "chart" in path.views:
        yield from _check_chart(out.chart, path)
    elif out.chart is not None and out.view == "table":
        yield Problem("/output/chart", f"{out.path!r} has no chart to offer")


def _check_chart(chart: Chart, path: DataPath) -> Iterator[Problem]:
    if chart.x not in path.pointers:
        yield Problem("/output/chart/x", f"no column {chart.x!r}")
    for i, y in enumerate(chart.y):
        if y not in path.numeric:
            yield Problem(f"/output/chart/y/{i}", f"{y!r} is not a numeric column")
    if chart.color is not None and chart.color not in path.categories:
        yield Problem("/output/chart/color", f"{chart.color!r} is not a category column")
    if chart.mark in ("line", "area") and chart.x in path.pointers and chart.x not in path.ordered:
        yield Problem("/output/chart/x", f"a {chart.mark} needs an ordered x (a date or a number)")
    if chart.mark == "arc" and (chart.x not in path.categories or len(chart.y) != 1):
        yield Problem("/output/chart", "an arc needs a category x and exactly one y")


def _check_present(present: PresentLayout, offer: Choices) -> Iterator[Problem]:
    """Formats and the headline name the result's values (its scalar leaves, when it has an
    output schema; any pointer otherwise), each once; a currency goes with money, a unit with
    the format it measures; each section is listed once."""
    seen: dict[str, str] = {}
    for i, choice in enumerate(present.formats):
        where = f"/present/formats/{i}"
        yield from _check_leaf(choice.field, f"{where}/field", offer, seen)
        if choice.currency is not None and choice.format != "money":
            yield Problem(f"{where}/currency", messages.PRESENT_CURRENCY_NOT_MONEY.format(format=choice.format))
        allowed = UNITS_OF.get(choice.format, ())
        if choice.unit is not None and choice.unit not in allowed:
            takes = f"choose among {list(allowed)}" if allowed else "it takes none"
            yield Problem(f"{where}/unit", messages.PRESENT_BAD_UNIT.format(unit=choice.unit, format=choice.format, allowed=takes))
    seen = {}
    for i, pointer in enumerate(present.headline or ()):
        yield from _check_leaf(pointer, f"/present/headline/{i}", offer, seen)
    listed: dict[str, int] = {}
    for i, section in enumerate(present.sections):
        if section in listed:
            where = f"/present/sections/{listed[section]}"
            yield Problem(f"/present/sections/{i}", messages.PRESENT_SECTION_TWICE.format(section=section, where=where))
        listed.setdefault(section, i)


def _check_leaf(pointer: str, where: str, offer: Choices, seen: dict[str, str]) -> Iterator[Problem]:
    if pointer == "":
        yield Problem(where, messages.PRESENT_EMPTY_POINTER)
    elif not pointer.startswith("/"):
        yield Problem(where, messages.PRESENT_BAD_POINTER.format(pointer=pointer))
    elif offer.leaves is not None and pointer not in offer.leaves:
        yield Problem(where, messages.PRESENT_NO_LEAF.format(pointer=pointer, leaves=list(offer.leaves)[:30]))
    elif pointer in seen:
        yield Problem(where, messages.PRESENT_TWICE.format(pointer=pointer, where=seen[pointer]))
    else:
        seen[pointer] = where
