"""apply(tree, spec): a checked LayoutSpec applied to a compiled tree. Pure and deterministic.

A spec only rearranges and re-presents what the tree has: it orders, groups and folds the
form's fields, picks widgets from each field's own enum, re-presents one data view
(columns, cards, a chart with the table: above it, beside it, or a second tab), and says how the
result is presented (the ResultView's ``present``: formats, headline, the parts' order). Its strings (title, summary, group titles, submit
label) land in text props, which the runtime only ever sets as ``textContent``.
"""

from __future__ import annotations

from collections.abc import Callable

from msgspec.structs import replace

from compiler import messages
from compiler.compile.facts import Facts, facts_of
from components import pointers
from components.nodes import (
    AnyNode,
    App,
    CardGrid,
    CardGridProps,
    Chart,
    ChartEncoding,
    ChartProps,
    Column,
    FieldFormat,
    FieldNode,
    Form,
    JsonView,
    KeyValue,
    Leads,
    Live,
    Picker,
    Present,
    ResultView,
    Section,
    SectionProps,
    Stack,
    StackProps,
    Table,
    TableProps,
    Tabs,
    TabsProps,
    Text,
    TextProps,
    ViewProps,
)

from .choices import QUANTITATIVE, TEMPORAL, WIDGET_FAMILIES, DataPath, choices, own_fields
from .spec import InputLayout, LayoutSpec, OutputLayout, PresentLayout


def apply(tree: App, spec: LayoutSpec, facts: Facts | None = None) -> App:
    """The tree laid out by ``spec`` (which ``check_spec`` accepted for this tree); ``facts``:
    compile's facts of its fields (built from the tree when not given)."""
    facts = facts_of(tree) if facts is None else facts
    children: list[AnyNode] = []
    for child in tree.children:
        if isinstance(child, Form):
            if spec.summary:
                children.append(Text(id="summary", props=TextProps(text=spec.summary, tone="muted")))
            children.append(_form(child, spec.input, own_fields(facts)))
        elif isinstance(child, ResultView):
            path = choices(tree, facts).path(spec.output.path) if spec.output is not None else None
            placement = spec.present.chart if spec.present is not None and spec.present.chart else "first"
            shown = _present(child, spec.output, path, placement) if spec.output is not None and path else child
            children.append(_pickers(_live(_presented(_leads(shown, spec), spec.present), spec), spec.input))
        else:
            children.append(child)
    props = replace(tree.props, title=spec.title) if spec.title else tree.props
    return replace(tree, props=props, children=tuple(children))


# --------------------------------------------------------------------------- input


def _form(form: Form, layout: InputLayout, own: frozenset[str]) -> Form:
    widgets = {w.field: w.widget for w in layout.widgets}
    fields: dict[str, AnyNode] = {}
    for child in form.children:
        if not isinstance(child, FieldNode):  # compile puts fields in a form, nothing else
            raise TypeError(f"{child.id}: a form to lay out holds fields only")
        fields[child.props.bind] = _with_widgets(child, widgets, own)
    order = list(dict.fromkeys([*layout.order, *fields]))
    grouped = {name: i for i, g in enumerate(layout.groups) for name in g.fields}
    advanced = set(layout.advanced)
    children: list[AnyNode] = []
    emitted: set[int] = set()
    for name in order:  # a group stands where its first field would
        group = grouped.get(name)
        if name in advanced or group in emitted:
            continue
        if group is None:
            children.append(fields[name])
        else:
            emitted.add(group)
            children.append(_group(layout, group, fields))
    if layout.advanced:
        children.append(
            Section(
                id="advanced",
                props=SectionProps(title=messages.ADVANCED_SECTION, collapsible=True, collapsed=True),
                children=tuple(fields[name] for name in order if name in advanced),
            )
        )
    actions = form.actions
    if layout.submitLabel:
        actions = tuple(replace(a, label=layout.submitLabel) if a.id == "submit" else a for a in actions)
    return replace(form, children=tuple(children), actions=actions)


def _group(layout: InputLayout, index: int, fields: dict[str, AnyNode]) -> Section:
    group = layout.groups[index]
    return Section(id=f"group:{index}", props=SectionProps(title=group.title), children=tuple(fields[n] for n in group.fields))


def _with_widgets(node: AnyNode, widgets: dict[str, str], own: frozenset[str]) -> AnyNode:
    """``node`` with the chosen widgets: on fields of their own only (``own``), never on a template
    or a branch that shares a chosen field's ``bind``."""
    if isinstance(node, FieldNode) and type(node.props) in WIDGET_FAMILIES and node.id in own and node.props.bind in widgets:
        node = replace(node, props=replace(node.props, widget=widgets[node.props.bind]))
    if node.children:
        node = replace(node, children=tuple(_with_widgets(c, widgets, own) for c in node.children))
    return node


# --------------------------------------------------------------------------- output


def _leads(result: AnyNode, spec: LayoutSpec) -> AnyNode:
    """The result's links and paging as the spec chooses: its links, in its order and words (only
    ids the compiler proposed: ``check_spec``), else the offered ones; the paging shown or not.
    A ``LinkedView`` no remaining link calls goes, and the ``Leads`` when nothing remains."""
    leads = next((c for c in result.children if isinstance(c, Leads)), None)
    if leads is None:
        return result
    links = leads.props.links
    if spec.links is None:
        kept = tuple(link for link in links if link.offered)
    else:
        by_id = {link.id: link for link in links}
        kept = tuple(
            replace(by_id[c.id], offered=True, label=c.label or by_id[c.id].label) for c in spec.links if c.id in by_id
        )
    paging = leads.props.paging
    if paging is not None and spec.paging is not None:
        paging = None if not spec.paging.show else replace(paging, label=spec.paging.label or paging.label)
    others = tuple(c for c in result.children if c is not leads)
    if not kept and paging is None:
        return replace(result, children=others)
    needed = {link.tool for link in kept}
    views = tuple(v for v in leads.children if getattr(v.props, "tool", None) in needed)
    props = replace(leads.props, links=kept, paging=paging)
    return replace(result, children=(*others, replace(leads, props=props, children=views)))



def _live(result: AnyNode, spec: LayoutSpec) -> AnyNode:
    """The result's ``Live`` (a read-only tool's, issue 51) with the spec's timer and whether
    its inputs re-run it (a tool that may write has none: ``check_spec`` refuses both there)."""
    live = next((c for c in result.children if isinstance(c, Live)), None)
    if live is None or (spec.live is None and spec.input.live is None):
        return result
    props = replace(
        live.props,
        every=spec.live.every if spec.live is not None else live.props.every,
        inputs=spec.input.live if spec.input.live is not None else live.props.inputs,
    )
    return replace(result, children=tuple(replace(c, props=props) if c is live else c for c in result.children))


def _pickers(result: AnyNode, layout: InputLayout) -> AnyNode:
    """The result's ``Picker``s as the spec chose (issue 51): an input named keeps only its
    chosen source's, or none; the others stay as compiled (the page offers each input's first)."""
    if not layout.pickers:
        return result
    chosen = {choice.field: choice.tool for choice in layout.pickers}

    def kept(child: AnyNode) -> bool:
        if not isinstance(child, Picker):
            return True
        bind = pointers.child("", child.props.argument)
        return bind not in chosen or chosen[bind] == child.props.tool

    return replace(result, children=tuple(child for child in result.children if kept(child)))


def _presented(result: AnyNode, layout: PresentLayout | None) -> AnyNode:
    """The ResultView with the spec's presentation as its ``present`` (the default when the spec
    says nothing, left out of its JSON)."""
    if layout is None or not isinstance(result, ResultView):
        return result
    default = Present()
    present = Present(
        formats=tuple(FieldFormat(field=f.field, format=f.format, currency=f.currency, unit=f.unit) for f in layout.formats),
        headline=tuple(layout.headline) if layout.headline is not None else None,
        chart=layout.chart or default.chart,
        sections=tuple(layout.sections) or default.sections,
        text=layout.text or default.text,
    )
    return replace(result, props=replace(result.props, present=present))


def _present(node: AnyNode, out: OutputLayout, path: DataPath, placement: str = "first") -> AnyNode:
    """``node`` with the first view bound to ``out.path`` (a chart never is) re-presented as
    ``out`` says; a chart placed with its table as ``placement`` says."""
    done = False

    def visit(current: AnyNode) -> AnyNode:
        nonlocal done
        props = current.props
        if not done and isinstance(props, ViewProps) and props.bind == out.path and not isinstance(current, Chart):
            done = True
            if out.view in ("table", "chart") and out.chart is not None:
                return _chart(current, props, out, path, placement)
            return _VIEWS[out.view](current, props, out, path)
        if current.children and not isinstance(current, Leads):  # linked tools' views are theirs
            return replace(current, children=tuple(visit(c) for c in current.children))
        return current

    return visit(node)


def _columns(out: OutputLayout, path: DataPath) -> tuple[Column, ...]:
    if not out.columns:
        return path.columns
    return tuple(c for pointer in out.columns if (c := path.column(pointer)) is not None)


def _table(node: AnyNode, props: ViewProps, out: OutputLayout, path: DataPath) -> Table:
    page_size = node.props.pageSize if isinstance(node, Table) else TableProps(bind="").pageSize
    return Table(id=node.id, props=TableProps(bind=out.path, label=props.label, columns=_columns(out, path), pageSize=page_size))


def _cards(node: AnyNode, props: ViewProps, out: OutputLayout, path: DataPath) -> AnyNode:
    columns = _columns(out, path)
    title = next((c.pointer for c in columns if c.format == "text"), None)
    return CardGrid(
        id=node.id,
        props=CardGridProps(bind=out.path, label=props.label, titlePointer=title, fields=columns),
    )


def _key_value(node: AnyNode, props: ViewProps, out: OutputLayout, path: DataPath) -> AnyNode:
    if not isinstance(node, KeyValue) or not out.columns:
        return node
    return replace(node, props=replace(node.props, fields=_columns(out, path)))


def _keep(node: AnyNode, props: ViewProps, out: OutputLayout, path: DataPath) -> AnyNode:
    return node


def _json(node: AnyNode, props: ViewProps, out: OutputLayout, path: DataPath) -> AnyNode:
    return JsonView(id=node.id, props=ViewProps(bind=out.path, label=props.label))


def _chart(node: AnyNode, props: ViewProps, out: OutputLayout, path: DataPath, placement: str = "tab") -> AnyNode:
    """A chart with its table, as ``placement`` says: ``first``, a Stack of the chart above the
    table (both in sight); ``beside``, a horizontal Stack (side by side on a wide frame, the chart
    first; it wraps, the chart above, on a narrow one); ``tab``, Tabs of the two — the chart first
    only when the spec's view is "chart" (a spec that asked for it), else the table first."""
    spec = out.chart
    assert spec is not None  # check_spec guarantees a chart with view == "chart"
    table = _table(node, props, out, path)
    chart = Chart(
        id=f"{node.id}:chart",
        props=ChartProps(
            bind=out.path,
            label=props.label,
            mark=spec.mark,
            x=_encoding(path, spec.x),
            y=tuple(_encoding(path, y) for y in spec.y),
            color=_encoding(path, spec.color) if spec.color else None,
            aggregate=spec.aggregate,
            sort=spec.sort,
        ),
    )
    if placement in ("first", "beside"):
        stack = StackProps(direction="horizontal") if placement == "beside" else StackProps()
        return Stack(id=f"{node.id}:stack", props=stack, children=(chart, table))
    tabs = (
        Section(id=f"{node.id}:chart-tab", props=SectionProps(title=messages.CHART_TAB), children=(chart,)),
        Section(id=f"{node.id}:table-tab", props=SectionProps(title=messages.TABLE_TAB), children=(table,)),
    )
    return Tabs(id=f"{node.id}:tabs", props=TabsProps(), children=tabs if out.view == "chart" else tabs[::-1])


def _encoding(path: DataPath, pointer: str) -> ChartEncoding:
    column = path.column(pointer)
    assert column is not None
    return ChartEncoding(
        pointer=pointer,
        label=column.label,
        type="quantitative" if column.format in QUANTITATIVE else "temporal" if column.format in TEMPORAL else "nominal",
    )


_VIEWS: dict[str, Callable[[AnyNode, ViewProps, OutputLayout, DataPath], AnyNode]] = {
    "table": _table,
    "cards": _cards,
    "key_value": _key_value,
    "list": _keep,
    "metric": _keep,
    "chart": _table,  # a chart without one: check_spec refuses it (view "chart" needs a chart)
    "json": _json,
    "text": _json,
}
