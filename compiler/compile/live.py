"""Results that stay live (issue 51): which tools may run without a click, which inputs re-run
them, and which other tools feed an input's picker. Pure; the same list read once (``tools``).

**Only a read-only tool ever runs without a click** (a timer, an input that re-runs, a picker):
``may_run_unasked`` is issue 41's reading — read-only (``readOnlyHint`` true, or not false and a
read verb in its name) and not destructive (``destructiveHint``, or a destructive word in its
name or description) — and, unless ``readOnlyHint`` says it only reads, no word of its name that
writes (``update_status`` reads as a status to issue 41's links; it never runs on a timer).

**Live inputs** (``live_inputs``): every input is bounded — a number with a minimum and a maximum,
an enum, a boolean — and there is at least one: a person can move them without typing.

**Pickers** (``pickers``): the lead index read the other way, for any tool's form (one that
writes too: the picker calls only its source, and a person still sends the form). A tool T feeds
an input ``a`` of this tool when T may run unasked and a value of T's result fills ``a`` by the
links' rules (``leads.feeds``: uncapped, this tool's other inputs left to the person); T's own
required inputs must each come from this form's input of the same (normalized) name and a
compatible type. At most ``MAX_SOURCES`` per input, list order; the page offers the first, a
LayoutSpec may choose the other or none (``input.pickers``). A tool that makes something new (a
word of ``MAKE_WORDS``) is offered no existing value for the new thing's own name (``name``,
``title``, ``path``, ``filename``, ``<its thing>_name``: ``create_directory``'s path,
``task_create``'s title), only for what it refers to (``create_issue``'s ``repo``).

**Current state** (``says_current``): the tool's name has a word of ``CURRENT_WORDS``, or — for a
tool without required inputs — its description's first sentence has one (``current`` aside: "the
current page" is where, not when); the heuristic turns a timer on for those (``layout.heuristic``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any
from weakref import WeakKeyDictionary

from compiler.normalize import (
    BooleanShape,
    ConstShape,
    EnumShape,
    NumberShape,
    ObjectShape,
    SomeShape,
    normalize,
)
from components.nodes import Link, LinkFill, Live, LiveProps, Picker, PickerProps

from .leads import feeds
from .leads.tools import MAX_DESCRIPTION, ToolInfo, Tools, fits, normal, read_tool, words_of

__all__ = ["CURRENT_WORDS", "MAKE_WORDS", "WRITE_WORDS", "MAX_SOURCES", "live_inputs", "live_node", "may_run_unasked", "pickers", "says_current"]

MAX_SOURCES = 2
"""Tools offered as one input's picker sources (the page offers the first; a LayoutSpec may choose)."""
WRITE_WORDS = frozenset(
    "set update create add insert write send post put edit modify move rename copy upload push commit merge apply "
    "run exec execute start stop restart trigger toggle enable disable save store install publish submit".split()
)
"""Words of a name that write: a tool named so never runs unasked unless ``readOnlyHint`` says it only reads."""
MAKE_WORDS = frozenset("create add new make mkdir register init".split())
"""Words of a name that makes something new: its own name is the person's to give."""
OWN_NAMES = frozenset("name title path filename filepath label".split())
"""Inputs of a tool that makes something that name the new thing (normalized)."""
CURRENT_WORDS = frozenset(
    "monitor monitoring status stats statistics current currently live health healthcheck metrics usage uptime realtime".split()
)


def may_run_unasked(tool: Mapping[str, Any] | ToolInfo | None) -> bool:
    """Whether ``tool`` may ever run without a person's click: read-only and not destructive."""
    info = tool if isinstance(tool, ToolInfo) or tool is None else read_tool(-1, tool)
    if info is None or not info.read_only or info.destructive:
        return False
    hints = info.tool.get("annotations")
    said_read = isinstance(hints, Mapping) and hints.get("readOnlyHint") is True
    return said_read or not set(words_of(info.name)) & WRITE_WORDS


def says_current(tool: Mapping[str, Any]) -> bool:
    """The tool reports current state, by its name or its description's first sentence."""
    name = tool.get("name")
    description = tool.get("description")
    if isinstance(name, str) and set(words_of(name)) & CURRENT_WORDS:
        return True
    info = read_tool(-1, tool)
    if info is None or info.required or not isinstance(description, str):
        return False
    return bool(set(words_of(description.split(". ")[0], MAX_DESCRIPTION)) & (CURRENT_WORDS - {"current", "currently"}))


def live_inputs(shape: SomeShape) -> bool:
    """Every top-level input is bounded (a number with both bounds, an enum, a boolean), and
    there is at least one."""
    if not isinstance(shape, ObjectShape) or not shape.properties:
        return False
    return all(_bounded(p.shape) for p in shape.properties)


def _bounded(shape: SomeShape) -> bool:
    if isinstance(shape, BooleanShape):
        return True
    if isinstance(shape, NumberShape):
        low = shape.minimum if shape.minimum is not None else shape.exclusiveMinimum
        high = shape.maximum if shape.maximum is not None else shape.exclusiveMaximum
        return low is not None and high is not None
    return isinstance(shape, (EnumShape, ConstShape))


def pickers(tool: Mapping[str, Any], tools: Tools) -> tuple[Picker, ...]:
    """The pickers of ``tool``'s inputs (ids ``result:pick:<input>:<source>``): for each input
    another tool's result provides, the tools that may run unasked and give it (``MAX_SOURCES``
    at most per input, list order), whether ``tool`` itself reads or writes."""
    me = read_tool(-1, tool)
    if me is None:
        return ()
    out: list[Picker] = []
    per_input: dict[str, int] = {}
    for source, link in providers(tools).get(me.name, ()):
        if source.name == me.name:
            continue
        key = next((f.argument for f in link.fills if f.source == "value"), None)
        fills = _source_fills(me, source)
        if key is None or fills is None or per_input.get(key, 0) == MAX_SOURCES or _names_the_new(me, key):
            continue
        per_input[key] = per_input.get(key, 0) + 1
        props = PickerProps(argument=key, tool=source.name, title=source.title, keys=link.keys, lines=link.lines,
                            test=link.test, valueType=link.valueType, fills=fills)
        out.append(Picker(id=f"result:pick:{key}:{source.name}", props=props))
    return tuple(out)


_PROVIDERS: WeakKeyDictionary[Tools, dict[str, list[tuple[ToolInfo, Link]]]] = WeakKeyDictionary()


def providers(listed: Tools) -> dict[str, list[tuple[ToolInfo, Link]]]:
    """The lead index read the other way, once per list: by target tool, each tool that may run
    unasked and its link feeding that target, in list order."""
    found = _PROVIDERS.get(listed)
    if found is None:
        found = _PROVIDERS[listed] = {}
        for info in listed.by_name.values():
            if may_run_unasked(info):
                for link in feeds(info.tool, listed):
                    found.setdefault(link.tool, []).append((info, link))
    return found


def _names_the_new(me: ToolInfo, argument: str) -> bool:
    """Whether ``argument`` names the thing ``me`` makes (``task_create``'s title)."""
    norm = normal(argument)
    return bool(me.words & MAKE_WORDS) and (norm in OWN_NAMES or any(norm == word + "name" for word in me.words))


def _source_fills(me: ToolInfo, source: ToolInfo) -> tuple[LinkFill, ...] | None:
    """The source's required inputs, each from this form's input of the same name (None: one
    has none)."""
    fills = []
    for arg in source.required:
        mine = me.inputs.get(arg.norm)
        if mine is None or not fits(mine.kind, arg.kind):
            return None
        fills.append(LinkFill(argument=arg.name, source="argument", name=None if mine.name == arg.name else mine.name))
    return tuple(fills)


def live_node(tool: Mapping[str, Any]) -> Live | None:
    """The ``Live`` node of a tool that may run unasked (``result:live``); None for a tool that
    may write."""
    return Live(id="result:live", props=LiveProps()) if may_run_unasked(tool) else None


def input_shape_of(tool: Mapping[str, Any]) -> SomeShape:
    """The tool's input schema, normalized (an object when it has none)."""
    schema = tool.get("inputSchema", {"type": "object"})
    return normalize(schema if isinstance(schema, (Mapping, bool)) else {"type": "object"})
