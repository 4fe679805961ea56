"""An MCP server that serves compile-ui apps for its own tools — no proxy in between.

    python examples/unit_converter.py            (stdio; put it in any MCP host's config)

Built on the SDK's ``MCPServer`` with its MCP Apps extension (``mcp.server.apps.Apps``): each
tool is registered with ``@app_tool(...)``, which asks compile-ui for the tool's page (from the
same schema the server publishes) and binds it as the tool's ``ui://`` resource.
"""

from __future__ import annotations

from typing import Annotated, Literal

from mcp.server.apps import Apps
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.tools import Tool
from pydantic import BaseModel, Field

import compile_ui

apps = Apps()


def app_tool(**kwargs):
    """``@apps.tool`` with a generated app: the tool's page is compiled from its own schemas."""

    def register(fn):
        published = Tool.from_function(fn, **kwargs)  # what tools/list will show for it
        definition = {"name": published.name, "title": published.title, "description": published.description,
                      "inputSchema": published.parameters, "outputSchema": published.output_schema}
        definition = {key: value for key, value in definition.items() if value is not None}
        uri = compile_ui.resource_uri(definition)
        apps.add_html_resource(uri, compile_ui.page(definition), name=f"{published.name} app")
        return apps.tool(resource_uri=uri, **kwargs)(fn)

    return register


# --------------------------------------------------------------------------- the tools

Length = Literal["mm", "cm", "m", "km", "in", "ft", "yd", "mi"]
METRES = {"mm": 0.001, "cm": 0.01, "m": 1.0, "km": 1000.0, "in": 0.0254, "ft": 0.3048, "yd": 0.9144, "mi": 1609.344}


class Conversion(BaseModel):
    value: float
    unit: Length
    converted: float
    to: Length


@app_tool(title="Convert a length")
def convert_length(
    value: Annotated[float, Field(description="How much")],
    unit: Annotated[Length, Field(description="From this unit")] = "km",
    to: Annotated[Length, Field(description="Into this unit")] = "mi",
) -> Conversion:
    """Convert a length between metric and imperial units."""
    return Conversion(value=value, unit=unit, converted=round(value * METRES[unit] / METRES[to], 6), to=to)


class Share(BaseModel):
    person: int
    pays: float


class Bill(BaseModel):
    total: float
    shares: list[Share]


@app_tool(title="Split a bill")
def split_bill(
    total: Annotated[float, Field(gt=0, description="The bill, before tip")],
    people: Annotated[int, Field(ge=1, le=20, description="How many people pay")] = 2,
    tip_percent: Annotated[int, Field(ge=0, le=30)] = 10,
) -> Bill:
    """Split a bill with tip evenly; the first person pays any rounding difference."""
    with_tip = round(total * (1 + tip_percent / 100), 2)
    each = round(with_tip / people, 2)
    first = round(with_tip - each * (people - 1), 2)
    return Bill(total=with_tip, shares=[Share(person=i + 1, pays=first if i == 0 else each) for i in range(people)])


server = MCPServer("unit-converter", instructions="Converts lengths and splits bills.", extensions=[apps])

if __name__ == "__main__":
    server.run()
