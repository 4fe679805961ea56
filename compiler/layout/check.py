"""``check_spec(tree, value)``: any JSON value → the LayoutSpec it is for this tree, or every problem.

First its shape (pydantic's validation, ``validation.py``, imported with the first check), then
what it names: only what the tree offers (``choices``). Each problem carries the JSON Pointer of
the offending part (what also goes back to the model for repair).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from compiler.compile.facts import Facts
from components import pointers
from components.validate import Problem

from .choices import Choices, DataPath, choices
from .spec import Chart, LayoutSpec, OutputLayout


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
