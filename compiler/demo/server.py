"""A demo MCP server with tools a person recognises. Deterministic, offline, tools only.

    python -m compiler.demo.server          (stdio)

forecast        a daily forecast with an outputSchema (a numeric series per day)
tasks_list / task_create / task_update / task_delete
                an in-memory task list (enums, dates, booleans)
search_records  records as a JSON array of objects in text (no outputSchema)
chart_image     a small PNG drawn in code (an image content block)
slow_job        reports progress while it works
failing_tool    always answers with an error result
"""

from __future__ import annotations

import asyncio
import base64
import datetime as dt
import hashlib
import json
import struct
import zlib
from collections.abc import Callable
from typing import Annotated, Any, Literal, get_args

from mcp.server.mcpserver import Context, MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp_types import ImageContent, TextContent
from pydantic import BaseModel, Field

server = MCPServer("compile-ui-demo", instructions="A demo server: weather, tasks, records, an image, a slow job.")

# --------------------------------------------------------------------------- forecast


Sky = Literal["sunny", "cloudy", "rain", "snow"]
SKIES: tuple[Sky, ...] = get_args(Sky)


class Day(BaseModel):
    date: dt.date
    high: float = Field(description="Highest temperature")
    low: float = Field(description="Lowest temperature")
    precipitation: float = Field(description="Rain, in mm")
    sky: Sky


class Forecast(BaseModel):
    city: str
    units: Literal["metric", "imperial"]
    days: list[Day]


def _seed(*parts: object) -> int:
    return int(hashlib.sha256(json.dumps(parts).encode()).hexdigest()[:8], 16)


@server.tool(description="Daily weather forecast for a city.")
def forecast(
    city: Annotated[str, Field(description="City name, e.g. Oslo")],
    days: Annotated[int, Field(ge=1, le=14, description="How many days")] = 5,
    units: Literal["metric", "imperial"] = "metric",
) -> Forecast:
    seed = _seed(city.lower())
    start = dt.date(2026, 11, 23)
    rows = []
    for i in range(days):
        n = (seed >> (i % 24)) + i * 7919
        high = 4 + (n % 90) / 10
        sky = SKIES[n % 4]
        rain = round((n % 50) / 5, 1) if sky in ("rain", "snow") else 0.0
        if units == "imperial":
            high = high * 9 / 5 + 32
        rows.append(Day(date=start + dt.timedelta(days=i), high=round(high, 1), low=round(high - 3 - n % 5, 1), precipitation=rain, sky=sky))
    return Forecast(city=city, units=units, days=rows)


# --------------------------------------------------------------------------- tasks

Priority = Literal["low", "normal", "high"]


class Task(BaseModel):
    id: int
    title: str
    priority: Priority = "normal"
    due: dt.date | None = None
    done: bool = False


TASKS: dict[int, Task] = {
    1: Task(id=1, title="Water the plants", priority="low", due=dt.date(2026, 11, 24)),
    2: Task(id=2, title="Send the quarterly report", priority="high", due=dt.date(2026, 11, 27)),
}


class TaskList(BaseModel):
    tasks: list[Task]
    open: int


@server.tool(description="List tasks, optionally only open ones.")
def tasks_list(only_open: bool = False) -> TaskList:
    tasks = [t for t in TASKS.values() if not (only_open and t.done)]
    return TaskList(tasks=tasks, open=sum(1 for t in TASKS.values() if not t.done))


@server.tool(description="Create a task.")
def task_create(
    title: Annotated[str, Field(min_length=1, max_length=200)],
    priority: Priority = "normal",
    due: dt.date | None = None,
) -> Task:
    task = Task(id=max(TASKS, default=0) + 1, title=title, priority=priority, due=due)
    TASKS[task.id] = task
    return task


@server.tool(description="Update a task: title, priority, due date or done.")
def task_update(
    id: int,
    title: str | None = None,
    priority: Priority | None = None,
    due: dt.date | None = None,
    done: bool | None = None,
) -> Task:
    if id not in TASKS:
        raise ToolError(f"No task with id {id}")
    changes = {k: v for k, v in {"title": title, "priority": priority, "due": due, "done": done}.items() if v is not None}
    TASKS[id] = TASKS[id].model_copy(update=changes)
    return TASKS[id]


@server.tool(description="Delete a task.")
def task_delete(id: int) -> str:
    if TASKS.pop(id, None) is None:
        raise ToolError(f"No task with id {id}")
    return f"Deleted task {id}"


# --------------------------------------------------------------------------- records

RECORDS: list[dict[str, Any]] = [
    {"id": f"r{i:03d}", "name": name, "country": country, "population": pop, "founded": year, "capital": capital,
     "url": f"https://en.wikipedia.org/wiki/{name}"}
    for i, (name, country, pop, year, capital) in enumerate(
        [
            ("Oslo", "Norway", 709037, 1040, True),
            ("Bergen", "Norway", 289330, 1070, False),
            ("Lisbon", "Portugal", 548703, -1200, True),
            ("Porto", "Portugal", 231800, -300, False),
            ("Kyoto", "Japan", 1464890, 794, False),
            ("Tokyo", "Japan", 14094034, 1457, True),
            ("Quito", "Ecuador", 2800388, 1534, True),
            ("Cusco", "Peru", 428450, 1100, False),
        ]
    )
]


@server.tool(description="Search city records by name or country.")
def search_records(query: str = "", limit: Annotated[int, Field(ge=1, le=50)] = 10) -> list[TextContent]:
    q = query.lower()
    found = [r for r in RECORDS if q in r["name"].lower() or q in r["country"].lower()][:limit]
    return [TextContent(type="text", text=json.dumps(found))]


# --------------------------------------------------------------------------- image


def _png(width: int, height: int, pixel: Callable[[int, int], tuple[int, int, int]]) -> bytes:
    rows = b"".join(b"\x00" + b"".join(bytes(pixel(x, y)) for x in range(width)) for y in range(height))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")


@server.tool(description="Draw a small bar chart image of numbers.")
def chart_image(  # the default is the schema's "default" (MCPServer reads it) and is never mutated
    values: Annotated[list[int], Field(min_length=1, max_length=12)] = [3, 7, 4, 9, 5],  # noqa: B006
) -> list[ImageContent | TextContent]:
    width, height, top = 24 * len(values), 120, max(max(values), 1)

    def pixel(x: int, y: int) -> tuple[int, int, int]:
        bar = x // 24
        filled = height - y <= values[bar] / top * (height - 10) and 3 <= x % 24 <= 20
        return (37, 99, 235) if filled else (248, 250, 252)

    data = base64.b64encode(_png(width, height, pixel)).decode()
    return [ImageContent(type="image", data=data, mime_type="image/png"), TextContent(type="text", text=f"{len(values)} bars")]


# --------------------------------------------------------------------------- slow, failing


@server.tool(description="A job that takes a while and reports its progress.")
async def slow_job(seconds: Annotated[float, Field(ge=0.1, le=30)] = 3, *, ctx: Context) -> str:
    steps = 10
    for i in range(steps):
        await ctx.report_progress(i + 1, steps, f"step {i + 1} of {steps}")
        await asyncio.sleep(seconds / steps)
    return f"Finished after {seconds:g} s"


@server.tool(description="Always fails, to show how errors look.")
def failing_tool(message: str = "Something went wrong") -> str:
    raise ToolError(message)


def main() -> None:
    server.run("stdio")


if __name__ == "__main__":
    main()
