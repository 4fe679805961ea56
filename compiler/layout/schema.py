"""``spec_schema(tree)``: the JSON Schema of the LayoutSpecs one tool accepts (what a model fills).

It is the LayoutSpec's JSON Schema (pydantic's, from ``validation.py``) narrowed for one
tree: every field reference becomes an enum of that tree's real JSON Pointers, and a chart's ``y``
may only name numeric columns.
"""

from __future__ import annotations

from typing import Any

from compiler.compile.facts import Facts
from components import pointers

from .choices import Choices, DataPath, choices


def spec_schema(tree: Any, facts: Facts | None = None) -> dict[str, Any]:
    """The JSON Schema of the LayoutSpecs valid for this tree (sent to the model): the
    ``LayoutSpec`` model's own schema, with every pointer narrowed to an enum of the tree's.
    ``facts``: compile's facts of the tree's fields (built from the tree when not given)."""
    offer = choices(tree, facts)
    schema = _model_schema()
    fields: dict[str, Any] = {"type": "string", "enum": list(offer.fields)} if offer.fields else {"not": {}}
    layout = schema["properties"]["input"]
    for name in ("order", "advanced"):
        layout["properties"][name].update(items=fields, uniqueItems=True)
    layout["properties"]["groups"]["items"]["properties"]["fields"].update(items=fields, uniqueItems=True)
    widget = layout["properties"]["widgets"]["items"]
    choices_by_family = [
        _with(widget, field={"enum": binds}, widget={"enum": list(options)}) for options, binds in _by_family(offer).items()
    ]
    widgets: dict[str, Any] = {"anyOf": choices_by_family} if choices_by_family else {"not": {}}
    layout["properties"]["widgets"]["items"] = widgets
    output = next(branch for branch in schema["properties"]["output"]["anyOf"] if branch.get("type") == "object")
    outputs = [_output_schema(output, p) for p in offer.paths]
    schema["properties"]["output"] = {"anyOf": [*outputs, {"type": "null"}]} if outputs else {"type": "null"}
    _leads_schema(schema, offer)
    _present_schema(schema, offer)
    if not offer.live:  # a tool that may write: no timer, no inputs that re-run (issue 51)
        del schema["properties"]["live"]
        del layout["properties"]["live"]
    _pickers_schema(layout, offer)
    return schema


def _pickers_schema(layout: dict[str, Any], offer: Choices) -> None:
    """``input.pickers``: each input with pickers named once, its tool one of its sources or
    null (no picker); empty where no input has one (as ``widgets``)."""
    pickers = layout["properties"]["pickers"]
    if not offer.pickers:
        pickers["items"] = {"not": {}}
        return
    choice = pickers["items"]
    pickers.update(
        items={"anyOf": [_with(choice, field={"enum": [bind]}, tool={"enum": [*tools, None]}) for bind, tools in offer.pickers.items()]},
        maxItems=len(offer.pickers),
        uniqueItems=True,
    )


def _present_schema(schema: dict[str, Any], offer: Choices) -> None:
    """``present`` with its pointers an enum of the result's scalar leaves (when it has an output
    schema: else any pointer), the headline's too, each section once. Formats, units, chart
    placements and sections are enums already (the spec's Literals)."""
    present = next(b for b in schema["properties"]["present"]["anyOf"] if b.get("type") == "object")
    properties = present["properties"]
    if offer.leaves is not None:
        leaf: dict[str, Any] = {"type": "string", "enum": list(offer.leaves)} if offer.leaves else {"not": {}}
        choice = properties["formats"]["items"]
        properties["formats"]["items"] = _with(choice, field=leaf)
        headline = next(b for b in properties["headline"]["anyOf"] if b.get("type") == "array")
        headline.update(items=leaf, uniqueItems=True)
    properties["sections"]["uniqueItems"] = True


def _leads_schema(schema: dict[str, Any], offer: Choices) -> None:
    """``links`` narrowed to the tree's link ids, ``paging`` offered only where there is paging;
    a result that leads nowhere is offered neither (its schema is the one it always had)."""
    properties = schema["properties"]
    links = properties.pop("links")
    paging = properties.pop("paging")
    if offer.links:
        array = next(b for b in links["anyOf"] if b.get("type") == "array")
        item = array["items"]
        narrowed = _with(item, id={"enum": list(offer.links)})
        properties["links"] = {
            "anyOf": [{**array, "items": narrowed, "maxItems": len(offer.links), "uniqueItems": True}, {"type": "null"}]
        }
    if offer.paging:
        properties["paging"] = paging


def _model_schema() -> dict[str, Any]:
    """The LayoutSpec's JSON Schema with its ``$ref``s inlined, and without ``title`` and
    ``default`` (words the model need not read)."""
    from .validation import json_schema  # pydantic: only when a schema is asked for

    raw = json_schema()
    defs = raw.pop("$defs", {})

    def clean(value: Any, names: bool = False) -> Any:
        if isinstance(value, dict) and names:  # a ``properties`` map: its keys are names, kept
            return {k: clean(v) for k, v in value.items()}
        if isinstance(value, dict):
            if "$ref" in value:
                return clean(defs[pointers.tokens(value["$ref"].removeprefix("#"))[-1]])
            return {k: clean(v, k == "properties") for k, v in value.items() if k not in ("title", "default")}
        if isinstance(value, list):
            return [clean(v) for v in value]
        return value

    schema: dict[str, Any] = clean(raw)
    return schema


def _with(object_schema: dict[str, Any], **narrowed: dict[str, Any]) -> dict[str, Any]:
    """A copy of an object schema whose named properties are replaced."""
    return {**object_schema, "properties": {**object_schema["properties"], **narrowed}}


def _by_family(offer: Choices) -> dict[tuple[str, ...], list[str]]:
    families: dict[tuple[str, ...], list[str]] = {}
    for bind, options in offer.widgets.items():
        families.setdefault(options, []).append(bind)
    return families


def _output_schema(output: dict[str, Any], path: DataPath) -> dict[str, Any]:
    """``OutputLayout``'s schema for one data path: its bind, its views, its columns."""
    properties = dict(output["properties"])
    properties["path"] = {"const": path.bind}
    properties["view"] = {"enum": list(path.views)}
    if path.columns:
        properties["columns"] = {**properties["columns"], "items": {"enum": list(path.pointers)}, "uniqueItems": True}
    else:
        del properties["columns"]
    chart = next(b for b in properties.pop("chart")["anyOf"] if b.get("type") == "object")
    if "chart" in path.views:
        narrowed = dict(chart["properties"])
        narrowed["x"] = {"enum": list(path.pointers)}
        narrowed["y"] = {**narrowed["y"], "items": {"enum": list(path.numeric)}}
        if path.categories:
            narrowed["color"] = {"enum": list(path.categories)}
        else:
            del narrowed["color"]
        properties["chart"] = {**chart, "properties": narrowed}
    return {**output, "properties": properties}
