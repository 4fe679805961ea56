"""Where a result leads (issue 41): links from its values to the tools that take them, and the
same tool's next page. Inferred at build time from the whole tool list; pure and deterministic.

    index(tools)         → Tools        the list read once (normalized inputs, read/destroy, by argument)
    leads(tool, tools)   → LeadsProps | None
    feeds(tool, tools)   → the links a form's picker reads the other way (issue 51): every tool a
                           value of the result fills, uncapped, whatever that tool does
    leads_node(tool, tools) → the ``Leads`` node (id ``result:leads``) with one ``LinkedView`` per
                           linked tool (that tool's own compiled result views, ids ``linked:<tool>:…``)

Tool definitions are untrusted: anything odd (a name that is not a string, a schema that is not
an object, annotations that are a list) is skipped, never raised on; names and descriptions are
only compared as words, never run or shown as markup.

Its phases, one module each; ``links`` and ``paging`` import ``tools``, this module all three,
nothing imports back:

    tools.index(tools)     the list read once: inputs, read/destroy, targets by argument name
    links.find_links(…)    the other tools a result's values fill (inferred, ranked, capped)
    links.find_feeds(…)    the same for a form a person fills (uncapped, the rest left to them)
    paging.find_paging(…)  the tool's own next page

Cost: ``index`` reads every tool's input once and files targets under each required argument's
name; a tool's links come from looking its result's names up there, never from walking pairs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from msgspec.structs import replace

from compiler.normalize import SomeShape, normalize
from components.nodes import AnyNode, Leads, LeadsProps, Link, LinkedView, LinkedViewProps

from .links import MAX_LINKS, MAX_PER_KEY, find_feeds, find_links
from .paging import find_paging
from .tools import Tools, index, normal, read_tool

__all__ = ["MAX_LINKS", "MAX_PER_KEY", "Tools", "describe", "feeds", "index", "leads", "leads_node", "linked_id", "normal"]

# --------------------------------------------------------------------------- leads


def leads(tool: Mapping[str, Any], tools: Sequence[Any] | Tools) -> LeadsProps | None:
    """Where ``tool``'s result leads among ``tools`` (its own list; ``tool`` may be in it): its
    links and its paging, or None when it leads nowhere."""
    listed = index(tools)
    me = read_tool(-1, tool)
    if me is None or not listed.by_name:
        return None
    shape = _output_shape(tool)
    links = tuple(find_links(me, shape, listed))
    paging = find_paging(me, shape)
    return LeadsProps(links=links, paging=paging) if links or paging else None


def feeds(tool: Mapping[str, Any], tools: Sequence[Any] | Tools) -> tuple[Link, ...]:
    """The tools of ``tools`` a value of ``tool``'s result fills an input of, for a person to
    send (issue 51's pickers; ``links.find_feeds``): none when ``tool`` cannot be read."""
    listed = index(tools)
    me = read_tool(-1, tool)
    return () if me is None else tuple(find_feeds(me, _output_shape(tool), listed))


def _output_shape(tool: Mapping[str, Any]) -> SomeShape | None:
    output = tool.get("outputSchema")
    return normalize(output) if isinstance(output, (Mapping, bool)) else None


def linked_id(tool: str, node_id: str) -> str:
    """A linked tool's view id in the page: ``linked:<tool>:<its own id>``."""
    return f"linked:{tool}:{node_id}"


def leads_node(tool: Mapping[str, Any], tools: Sequence[Any] | Tools) -> Leads | None:
    """The ``Leads`` node of ``tool``'s result (``result:leads``): its links and paging, and one
    ``LinkedView`` per linked tool holding that tool's own result views (no ``Leads`` of theirs)."""
    listed = index(tools)
    props = leads(tool, listed)
    if props is None:
        return None
    linked = dict.fromkeys(link.tool for link in props.links if link.tool in listed.by_name)
    children = tuple(_linked_view(name, listed) for name in linked)
    return Leads(id="result:leads", props=props, children=children)


def _linked_view(name: str, listed: Tools) -> LinkedView:
    view = listed.result_view(name)
    views = tuple(_prefixed(child, name) for child in view.children if not isinstance(child, Leads))
    return LinkedView(
        id=f"linked:{name}",
        props=LinkedViewProps(tool=name, title=listed.by_name[name].title, source=view.props.source),
        children=views,
    )


def _prefixed(node: AnyNode, tool: str) -> AnyNode:
    children = tuple(_prefixed(c, tool) for c in node.children)
    return replace(node, id=linked_id(tool, node.id), children=children)

# --------------------------------------------------------------------------- as text (compile-ui --print-leads)


def describe(name: str, props: LeadsProps | None) -> str:
    """A tool's links and paging as a person reads them (``compile-ui FILE --print-leads``)."""
    if props is None:
        return f"{name}: leads nowhere\n"
    lines = [f"{name}:"]
    for link in props.links:
        state = "offered" if link.offered else "not offered (" + ("destructive" if link.destructive else "not read-only") + ")"
        lines.append(f"  link {link.id} -> {link.tool} \"{link.label}\", {state}")
        for fill in link.fills:
            if fill.source == "value":
                how = "the clicked value" + (f" matching {link.test}" if link.test else "") + (
                    f" (a relative one joined to this run's {fill.argument})" if fill.join else "")
            else:
                how = f"this run's {fill.name or fill.argument}"
            lines.append(f"    {fill.argument} <- {how}")
        where = ", ".join(link.at) if link.at else "any depth"
        lines.append(f"    values under keys {', '.join(link.keys)} ({where})" + ("; whole text lines too" if link.lines else ""))
    paging = props.paging
    if paging is not None:
        said = [f"{key} {value}" for key, value in (
            ("next", ", ".join(paging.next)), ("more", paging.more), ("total", paging.total),
            ("limit", paging.limit), ("rows", paging.rows)) if value]
        mode = "More (rows appended)" if paging.mode == "more" else "previous/next pages"
        lines.append(f"  paging: {mode} by {paging.style} input {paging.argument}" + (f"; {'; '.join(said)}" if said else ""))
    return "\n".join(lines) + "\n"
