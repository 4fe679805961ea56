"""Trees for layout tests: a compiled form plus a hand-built result subtree with a typed table."""

from __future__ import annotations

import msgspec

from compiler.compile import compile_tree
from components.nodes import (
    Column,
    KeyValue,
    KeyValueProps,
    List,
    ListProps,
    Metric,
    MetricProps,
    ResultView,
    ResultViewProps,
    Table,
    TableProps,
)

FORECAST_TOOL = {
    "name": "forecast",
    "description": "Daily forecast.",
    "inputSchema": {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "days": {"type": "integer", "minimum": 1, "maximum": 14},
            "units": {"enum": ["metric", "imperial"]},
            "notes": {"type": "string"},
            "verbose": {"type": "boolean"},
            "lang": {"type": "string"},
            "source": {"type": "string"},
        },
        "required": ["city"],
    },
}


def forecast_tree():
    """The forecast form, and a result: city (key/value), a daily table, a list, a metric."""
    tree = compile_tree(FORECAST_TOOL)
    columns = (
        Column(pointer="/date", label="Date", format="date"),
        Column(pointer="/high", label="High", format="number"),
        Column(pointer="/low", label="Low", format="number"),
        Column(pointer="/sky", label="Sky", format="enum"),
        Column(pointer="/station", label="Station", format="text"),
        Column(pointer="/id", label="ID", format="uuid"),
        Column(pointer="/raw", label="Raw", format="json"),
        Column(pointer="/wind", label="Wind", format="integer"),
        Column(pointer="/url", label="URL", format="uri"),
    )
    result = ResultView(
        id="result",
        props=ResultViewProps(source="structured"),
        children=(
            KeyValue(id="v:", props=KeyValueProps(bind="", fields=(Column(pointer="/city", label="City"),)),
                     children=(Table(id="v:/days", props=TableProps(bind="/days", columns=columns)),)),
            List(id="v:/alerts", props=ListProps(bind="/alerts")),
            Metric(id="v:/score", props=MetricProps(bind="/score")),
        ),
    )
    return msgspec.structs.replace(tree, children=(tree.children[0], result))
