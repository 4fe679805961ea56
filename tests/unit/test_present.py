"""Issue 49, the compiler's side of presenting a result: the kinds compile infers from the output
schema (``compile.semantics``), the LayoutSpec's ``present`` (checked with pointers, offered as
enums), what the heuristic fills and ``apply`` writes into the ResultView, and a spec from
elsewhere overriding only what it names."""

from __future__ import annotations

import json

import jsonschema
import pytest

from compiler.compile import compile_tree
from compiler.compile.semantics import kind_of, semantics, words
from compiler.layout import apply, check_spec, heuristic_spec, spec_json, spec_schema
from compiler.layout.heuristic import present_of
from compiler.normalize import normalize
from compiler.pipeline import Given, compile, laid_out
from components.validate import encode, validate


def kind(name: str, schema: dict, **context):
    found = kind_of(name, normalize(schema), **context)
    return None if found is None else (found.format, found.currency, found.unit)


NUMBER = {"type": "number"}
INTEGER = {"type": "integer"}


def tool(properties: dict, description: str | None = None) -> dict:
    out = {"name": "t", "inputSchema": {"type": "object"}, "outputSchema": {"type": "object", "properties": properties}}
    return out | ({"description": description} if description else {})


# --------------------------------------------------------------------------- the rules


def test_words_split_snake_camel_kebab_and_spaces():
    assert words("totalRevenueUSD") == ("total", "revenue", "usd")
    assert words("size_bytes") == ("size", "bytes") and words("p95-latency Ms") == ("p", "95", "latency", "ms")


@pytest.mark.parametrize("name", ["price", "unit_price", "totalCost", "revenue", "mrr", "ending_mrr", "arr", "budget",
                                  "balance", "fees", "salary", "profit", "total_spend", "sales", "payments", "value_usd"])
def test_money_by_name(name):
    assert kind(name, NUMBER)[0] == "money"


@pytest.mark.parametrize("name", ["price_id", "order_id", "priceCount", "cost_rate", "revenue_growth_pct", "profit_margin",
                                  "invoice_number", "time_spent", "tokens_spent", "amount_index",
                                  "amount_cents", "balance_wei"])
def test_never_money_when_the_name_also_says_an_id_a_count_or_a_rate(name):
    assert (kind(name, NUMBER) or ("",))[0] != "money"


def test_money_takes_its_currency_from_a_sibling_field_the_schema_or_the_tool():
    out = semantics(tool({"currency": {"type": "string", "const": "EUR"}, "total": NUMBER, "count": INTEGER,
                          "rows": {"type": "array", "items": {"type": "object", "properties": {"price": NUMBER}}}}))
    assert [(k.field, k.format, k.currency) for k in out.formats] == [("/total", "money", "EUR"), ("/rows/-/price", "money", "EUR")]
    enum = semantics(tool({"currency": {"enum": ["GBP"]}, "amount": NUMBER})).formats
    default = semantics(tool({"currency": {"type": "string", "default": "JPY"}, "amount": NUMBER})).formats
    assert enum[0].currency == "GBP" and default[0].currency == "JPY"
    # a currency field of no single value: money still, by name, its currency left to the data
    assert semantics(tool({"currency": {"type": "string"}, "price": NUMBER})).formats[0].currency is None
    # a code or a symbol in the value's own title or description, or in the tool's description
    assert kind("cost", {"type": "number", "description": "Cost per run, in USD"}) == ("money", "USD", None)
    assert kind("value", {"type": "number", "title": "Value ($)"}) == ("money", "$", None)
    assert kind("net", {"type": "number", "description": "Net of fees, € 10 minimum"}) == ("money", "€", None)
    assert semantics(tool({"budget": NUMBER}, "Plans a budget in EUR")).formats[0].currency == "EUR"
    assert semantics(tool({"budget": NUMBER}, "Converts USD to EUR")).formats[0].currency is None  # two: which?
    # a word that says money only beside a currency
    assert kind("total", NUMBER) is None and kind("total", NUMBER, currency="USD") == ("money", "USD", None)
    assert kind("price", NUMBER, tool_currency="GBP") == ("money", "GBP", None)


def test_percent_as_a_ratio_or_as_points():
    assert kind("cpu_percent", NUMBER) == ("percent", None, "points")
    assert kind("usage_pct", NUMBER) == ("percent", None, "points")
    assert kind("conversion_rate", {"type": "number", "maximum": 1}) == ("percent", None, "ratio")
    assert kind("win_ratio", NUMBER) == ("percent", None, "ratio")
    assert kind("share", {"type": "number", "maximum": 100}) == ("percent", None, "points")
    assert kind("humidity", {"type": "number", "description": "Humidity percentage"}) == ("percent", None, "points")
    assert kind("load", {"type": "number", "title": "Load (%)"}) == ("percent", None, "points")
    assert kind("churn", {"type": "number", "description": "Churn as a fraction of the cohort"}) == ("percent", None, "ratio")
    assert kind("growth_rate", NUMBER) == ("percent", None, None)  # the runtime decides from the data
    assert kind("growth", {"type": "number", "description": "Growth between 0 and 1 (0.05 for 5%)"}) == ("percent", None, "ratio")
    assert kind("price", {"type": "number", "description": "Price, with 20% VAT"}) == ("money", None, None)


@pytest.mark.parametrize("name", ["exchange_rate", "sample_rate", "heart_rate", "rate_limit", "frame_rate",
                                  "retention_days", "hourly_rate", "share_count"])
def test_rates_that_are_no_percent(name):
    assert (kind(name, NUMBER) or ("",))[0] != "percent"


def test_bytes_and_their_unit():
    assert kind("size_bytes", INTEGER) == ("bytes", None, None)
    assert kind("totalBytes", INTEGER) == ("bytes", None, None)
    assert kind("byte_count", INTEGER) == ("bytes", None, None)
    assert kind("memory_mb", NUMBER) == ("bytes", None, "MB")
    assert kind("disk", INTEGER) == ("bytes", None, None)
    assert kind("size", {"type": "integer", "description": "File size in bytes"}) == ("bytes", None, None)
    assert kind("size", INTEGER) is None  # a size in no unit: a count of items, maybe
    assert kind("disk_count", INTEGER) is None and kind("memory_percent", NUMBER)[0] == "percent"


def test_durations_and_their_unit():
    assert kind("duration_ms", INTEGER) == ("duration", None, "ms")
    assert kind("elapsedMs", INTEGER) == ("duration", None, "ms")
    assert kind("wait_seconds", NUMBER) == ("duration", None, None)  # seconds: the default unit
    assert kind("duration", NUMBER) == ("duration", None, None)
    assert kind("duration_minutes", NUMBER) == ("duration", None, "min")
    assert kind("latency", {"type": "number", "description": "Round trip (ms)"}) == ("duration", None, "ms")
    assert kind("uptime", {"type": "number", "description": "Uptime in hours"}) == ("duration", None, "h")
    assert kind("latency", NUMBER) is None  # in no stated unit: not guessed
    assert kind("mtimeMs", INTEGER) is None and kind("created_at_ms", INTEGER) is None  # points in time


def test_colours_by_name_or_by_their_examples():
    assert kind("color", {"type": "string"}) == ("colour", None, None)
    assert kind("backgroundColour", {"type": "string"}) == ("colour", None, None)
    assert kind("fill", {"type": "string", "examples": ["#3b82f6"]}) == ("colour", None, None)
    assert kind("color_scheme", {"type": "string"}) is None
    assert kind("color", {"type": "string", "format": "uri"}) is None
    assert kind("color", {"enum": ["red", "green"]}) is None  # an enum: badges, not swatches


def test_the_headline_is_two_to_eight_summary_numbers():
    top = semantics(tool({"ending_mrr": NUMBER, "total_revenue": NUMBER, "months": INTEGER, "page": INTEGER, "name": {"type": "string"}}))
    assert top.headline == ("/ending_mrr", "/total_revenue", "/months")  # paging is not a summary
    summary = semantics(tool({"count": INTEGER, "summary": {"type": "object", "properties": {"total": NUMBER, "profit": NUMBER}},
                              "rows": {"type": "array", "items": {"type": "object"}}}))
    assert summary.headline == ("/summary/total", "/summary/profit")
    for name in ("totals", "stats", "metrics", "kpis"):
        nested = {name: {"type": "object", "properties": {"a": NUMBER, "b": NUMBER}}}
        assert semantics(tool(nested)).headline == (f"/{name}/a", f"/{name}/b")
    # none found: None, the runtime looks in the data (as it does for a tool without a schema)
    assert semantics(tool({"one": NUMBER})).headline is None  # one number is no headline
    assert semantics(tool({f"n{i}": NUMBER for i in range(9)})).headline is None  # nine are a table's worth
    assert semantics(tool({"order_id": INTEGER, "total": NUMBER})).headline is None  # an id is no summary
    # an instant (epoch seconds, drawn as a time) is no summary either: a file's facts lead nothing
    assert semantics(tool({"size": INTEGER, "created": NUMBER, "mtime": NUMBER, "line_count": INTEGER})).headline is None
    # a list's size beside it is the list's (jupyter's {outputs, count, images}: "4 Count" led the page)
    listed = tool({"outputs": {"type": "array", "items": {}}, "count": INTEGER, "images": INTEGER, "total_revenue": NUMBER})
    assert semantics(listed).headline == ("/images", "/total_revenue")
    assert semantics(tool({"count": INTEGER, "total_revenue": NUMBER})).headline == ("/count", "/total_revenue")  # no list: a count is a summary
    order = tool({"line_items": {"type": "array", "items": {}}, "subtotal": NUMBER, "tax": NUMBER, "total": NUMBER})
    assert semantics(order).headline == ("/subtotal", "/tax", "/total")  # a money total beside a list stays
    custom = {"customSummary": {"type": "object", "properties": {"endingMRR": NUMBER, "arr": NUMBER}}}
    assert semantics(tool(custom)).headline == ("/customSummary/endingMRR", "/customSummary/arr")  # a summary by its words
    assert semantics({"name": "t", "inputSchema": {}}).headline is None  # no schema: the runtime decides
    assert semantics({"name": "t", "outputSchema": {"type": "array", "items": NUMBER}}).headline is None


def test_inference_is_deterministic_and_in_schema_order():
    schema = tool({"price": NUMBER, "size_bytes": INTEGER, "color": {"type": "string"}, "took_ms": INTEGER, "rate": NUMBER})
    first = semantics(schema)
    assert [k.field for k in first.formats] == ["/price", "/size_bytes", "/color", "/took_ms", "/rate"]
    assert all(semantics(json.loads(json.dumps(schema))) == first for _ in range(3))


# --------------------------------------------------------------------------- the spec


SHOP = tool({
    "currency": {"type": "string", "const": "USD"},
    "total_revenue": NUMBER,
    "growth_pct": NUMBER,
    "orders": {"type": "array", "items": {"type": "object", "properties": {
        "month": {"type": "string", "format": "date"}, "revenue": NUMBER, "cost": NUMBER}}},
})


def test_the_heuristic_fills_present_and_apply_writes_it_into_the_result_view():
    tree = compile_tree(SHOP)
    spec = heuristic_spec(tree, SHOP)
    assert spec_json(spec.present, exclude_defaults=True, exclude_none=True) == {
        "formats": [
            {"field": "/total_revenue", "format": "money", "currency": "USD"},
            {"field": "/growth_pct", "format": "percent", "unit": "points"},
            {"field": "/orders/-/revenue", "format": "money", "currency": "USD"},
            {"field": "/orders/-/cost", "format": "money", "currency": "USD"},
        ],
        "headline": ["/total_revenue", "/growth_pct"],
        "chart": "first",
    }
    assert check_spec(tree, spec_json(spec))[1] == []
    out = json.loads(encode(apply(tree, spec)))
    assert validate(out) == []
    result = out["children"][1]
    assert result["props"]["present"] == {
        "formats": [
            {"field": "/total_revenue", "format": "money", "currency": "USD"},
            {"field": "/growth_pct", "format": "percent", "unit": "points"},
            {"field": "/orders/-/revenue", "format": "money", "currency": "USD"},
            {"field": "/orders/-/cost", "format": "money", "currency": "USD"},
        ],
        "headline": ["/total_revenue", "/growth_pct"],
    }  # chart "first", the sections and "fold" are the defaults: left out
    stack = result["children"][0]["children"][0]
    assert stack["type"] == "Stack" and [c["type"] for c in stack["children"]] == ["Chart", "Table"]


def test_a_tool_with_nothing_to_present_keeps_its_tree():
    plain = tool({"name": {"type": "string"}, "items": {"type": "array", "items": {"type": "string"}}})
    tree = compile_tree(plain)
    spec = heuristic_spec(tree, plain)
    assert spec.present is None  # no format, no headline found, no chart: every default
    no_schema = {"name": "t", "inputSchema": {"type": "object"}}
    bare = compile_tree(no_schema)
    assert heuristic_spec(bare, no_schema).present is None
    assert "present" not in json.loads(encode(apply(bare, heuristic_spec(bare, no_schema))))["children"][1]["props"]


def test_present_is_refused_part_by_part_with_its_pointer():
    tree = compile_tree(SHOP)
    bad = {"present": {
        "formats": [
            {"field": "/orders/-/nope", "format": "money"},
            {"field": "", "format": "money"},
            {"field": "total", "format": "money"},
            {"field": "/growth_pct", "format": "percent", "unit": "ms", "currency": "USD"},
            {"field": "/growth_pct", "format": "plain"},
            {"field": "/total_revenue", "format": "money", "currency": "DOLLARS!!"},
            {"field": "/total_revenue", "format": "cash"},
        ],
        "headline": ["/orders", "/total_revenue", "/total_revenue"],
        "chart": "below",
        "sections": ["data", "data"],
    }}
    spec, problems = check_spec(tree, bad)
    assert spec is None
    pointers = {p.pointer for p in problems}
    assert {"/present/formats/5/currency", "/present/formats/6/format", "/present/chart"} <= pointers  # the shape first
    fixed = json.loads(json.dumps(bad))
    fixed["present"]["formats"] = fixed["present"]["formats"][:5]
    fixed["present"]["chart"] = "beside"
    spec, problems = check_spec(tree, fixed)
    assert spec is None
    found = {p.pointer: p.message for p in problems}
    assert set(found) == {
        "/present/formats/0/field", "/present/formats/1/field", "/present/formats/2/field", "/present/formats/3/unit",
        "/present/formats/3/currency", "/present/formats/4/field", "/present/headline/0", "/present/headline/2",
        "/present/sections/1",
    }
    assert "no value at '/orders/-/nope'" in found["/present/formats/0/field"] and "/orders/-/revenue" in found["/present/formats/0/field"]
    assert "not ''" in found["/present/formats/1/field"] and "not a JSON Pointer" in found["/present/formats/2/field"]
    assert "'ratio', 'points'" in found["/present/formats/3/unit"]
    assert "already given at /present/formats/3/field" in found["/present/formats/4/field"]
    assert "already listed at /present/sections/0" in found["/present/sections/1"]
    assert check_spec(tree, {"present": {"headline": [f"/{i}" for i in range(9)]}})[1][0].pointer == "/present/headline"


def test_without_an_output_schema_any_pointer_may_be_named():
    no_schema = {"name": "t", "inputSchema": {"type": "object"}}
    tree = compile_tree(no_schema)
    spec, problems = check_spec(tree, {"present": {"formats": [{"field": "/rows/-/price", "format": "money", "currency": "€"}],
                                                   "headline": ["/mrr", "/growth"]}})
    assert problems == [] and spec.present.formats[0].currency == "€"
    assert check_spec(tree, {"present": {"headline": [""]}})[1][0].pointer == "/present/headline/0"
    present = spec_schema(tree)["properties"]["present"]["anyOf"][0]["properties"]
    assert present["formats"]["items"]["properties"]["field"] == {"type": "string"}


def test_the_model_is_offered_formats_units_placements_sections_and_the_pointers_as_enums():
    tree = compile_tree(SHOP)
    schema = spec_schema(tree)
    present = schema["properties"]["present"]["anyOf"][0]["properties"]
    choice = present["formats"]["items"]["properties"]
    assert choice["field"]["enum"] == ["/currency", "/total_revenue", "/growth_pct", "/orders/-/month", "/orders/-/revenue", "/orders/-/cost"]
    assert set(choice["format"]["enum"]) >= {"money", "percent", "bytes", "duration", "compact", "colour", "badge", "plain"}
    assert choice["unit"]["anyOf"][0]["enum"] == ["ratio", "points", "ms", "s", "min", "h", "B", "KB", "MB", "GB"]
    assert present["chart"]["anyOf"][0]["enum"] == ["first", "beside", "tab"]
    assert present["sections"]["items"]["enum"] == ["headline", "chart", "data", "text"] and present["sections"]["uniqueItems"]
    headline = present["headline"]["anyOf"][0]
    assert headline["items"]["enum"] == choice["field"]["enum"] and headline["maxItems"] == 8
    jsonschema.validate(spec_json(heuristic_spec(tree, SHOP), exclude_none=True), schema)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"present": {"formats": [{"field": "/nope", "format": "money"}]}}, schema)


def test_a_spec_from_elsewhere_overrides_only_what_it_names():
    compiled = compile(SHOP)
    chart = {"mark": "line", "x": "/month", "y": ["/revenue"]}
    given, problems = check_spec(compiled.tree, {"output": {"path": "/orders", "view": "table", "chart": chart}, "present": {
        "formats": [{"field": "/orders/-/cost", "format": "plain"}], "chart": "tab"}}, compiled.facts)
    assert problems == []
    page = laid_out(compiled, Given(given))
    present = page.spec.present
    formats = {f.field: (f.format, f.currency) for f in present.formats}
    assert formats == {"/total_revenue": ("money", "USD"), "/growth_pct": ("percent", None),
                       "/orders/-/revenue": ("money", "USD"), "/orders/-/cost": ("plain", None)}
    assert present.headline == ["/total_revenue", "/growth_pct"] and present.chart == "tab"
    result = json.loads(encode(page.tree))["children"][1]
    assert result["props"]["present"]["chart"] == "tab" and result["children"][0]["children"][0]["type"] == "Tabs"
    # an empty headline is a choice (no headline), not "as inferred"
    none, _ = check_spec(compiled.tree, {"present": {"headline": []}}, compiled.facts)
    assert laid_out(compiled, Given(none)).spec.present.headline == []
    assert check_spec(compiled.tree, spec_json(page.spec), compiled.facts)[1] == []


def test_the_heuristic_reads_only_the_values_the_tree_shows():
    """Values inside a table's cells drawn as JSON (a nested list) are no leaf a spec may name:
    the runtime formats them by their key's name."""
    nested = tool({"cohorts": {"type": "array", "items": {"type": "object", "properties": {
        "cohort": {"type": "string"}, "cells": {"type": "array", "items": {"type": "object", "properties": {"retention": NUMBER}}}}}}})
    assert [k.field for k in semantics(nested).formats] == ["/cohorts/-/cells/-/retention"]
    tree = compile_tree(nested)
    assert present_of(tree, nested) is None or present_of(tree, nested).formats == []


def test_a_query_plans_costs_are_no_money():
    """PostgreSQL's EXPLAIN (a field recording): "Total Cost" is in the planner's units."""
    node = {"Node Type": {"type": "string"}, "Startup Cost": NUMBER, "Total Cost": NUMBER, "Plan Rows": INTEGER}
    plan = tool({"plans": {"type": "array", "items": {"type": "object", "properties": node}}})
    assert semantics(plan).formats == ()
    assert kind("Total Cost", NUMBER) == ("money", None, None)  # the same words elsewhere: money


def test_apply_writes_the_sections_the_text_and_no_headline_as_the_spec_says():
    tree = compile_tree(SHOP)
    spec, problems = check_spec(tree, {"present": {"sections": ["data", "headline"], "text": "show", "headline": []}})
    assert problems == []
    present = json.loads(encode(apply(tree, spec)))["children"][1]["props"]["present"]
    assert present == {"headline": [], "sections": ["data", "headline"], "text": "show"}
