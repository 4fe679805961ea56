"""What a compiled tree offers a layout: the only things a LayoutSpec may name.

A spec chooses, never invents. Everything it can refer to is read off the tree here:

* input — the Form's top-level fields (by ``bind``), and for each widget family the fields that
  have that family's ``widget`` prop (a slider only where both bounds exist) and are fields of
  their own: not inside a template or a branch, as compile's facts say (``compiler.compile.facts``);
* output — the views under the ResultView that show a data path (by ``bind``): tables and card
  grids (with their typed columns), key/value views (with their fields), lists and metrics;
* leads — the ids of the result's links (``Leads``), and whether it has paging (issue 41);
* live — whether the result may stay live (a ``Live`` node: a timer, inputs that re-run; issue 51);
* pickers — each input's picker sources (``Picker`` nodes, issue 51);
* present — the result's scalar leaves a format or the headline may name (issue 49), as JSON
  Pointers into the result data, array items ``-``: the fields of its key/value views, the columns
  of its tables and card grids, the items of its lists (none without an output schema: then any
  pointer may be named).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TypeVar, get_args

import msgspec

from compiler.compile.facts import Facts, facts_of
from components import pointers
from components.nodes import (
    App,
    CardGrid,
    Column,
    FieldNode,
    FieldProps,
    Form,
    KeyValue,
    Leads,
    List,
    Live,
    Metric,
    Node,
    NumberField,
    Picker,
    ResultView,
    Table,
    ViewNode,
    ViewProps,
    field_type,
)

T = TypeVar("T")


def _subclasses(cls: type[T]) -> Iterator[type[T]]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _widget_options(props: type[FieldProps]) -> tuple[str, ...]:
    return get_args(field_type(props, "widget"))


WIDGET_FAMILIES: dict[type[FieldProps], tuple[str, ...]] = {
    props: _widget_options(props) for props in _subclasses(FieldProps) if "widget" in props.__struct_fields__
}
"""Widget enum per field props class (in catalog order): the values its ``widget`` prop accepts.
Read off the props classes alone, so resolving the node classes' annotations (most of the cost
of importing layout) is never needed."""

VIEW_KINDS = ("table", "cards", "key_value", "list", "chart", "metric", "text", "json")
QUANTITATIVE = frozenset({"number", "integer"})
TEMPORAL = frozenset({"date", "date-time", "time"})
NOMINAL = frozenset({"text", "enum", "boolean", "email", "uuid", "uri"})


class DataPath(msgspec.Struct, frozen=True):
    """One view of the result data a spec may choose to present differently: where it is bound,
    the kind of view the tree shows there (its catalog class), and the columns or fields it has."""

    bind: str
    kind: type[Table | CardGrid | KeyValue | List | Metric]
    columns: tuple[Column, ...] = ()

    @property
    def views(self) -> tuple[str, ...]:
        if issubclass(self.kind, (Table, CardGrid)):
            views = ("table", "cards") + (("chart",) if self.numeric and len(self.columns) > 1 else ())
            return views + ("json",)
        if issubclass(self.kind, KeyValue):
            return ("key_value", "json")
        if issubclass(self.kind, List):
            return ("list", "json")
        return ("metric", "json")

    @property
    def pointers(self) -> tuple[str, ...]:
        return tuple(c.pointer for c in self.columns)

    @property
    def numeric(self) -> tuple[str, ...]:
        return tuple(c.pointer for c in self.columns if c.format in QUANTITATIVE)

    @property
    def ordered(self) -> tuple[str, ...]:
        """Columns a line or area can run along (time or numbers)."""
        return tuple(c.pointer for c in self.columns if c.format in TEMPORAL | QUANTITATIVE)

    @property
    def categories(self) -> tuple[str, ...]:
        return tuple(c.pointer for c in self.columns if c.format in NOMINAL)

    def column(self, pointer: str) -> Column | None:
        return next((c for c in self.columns if c.pointer == pointer), None)


class Choices(msgspec.Struct, frozen=True):
    fields: tuple[str, ...]
    """Top-level input fields, by ``bind``, in schema order."""
    required: frozenset[str]
    widgets: dict[str, tuple[str, ...]] = msgspec.field(default_factory=dict)
    """Field ``bind`` → the widgets it may take (any depth)."""
    paths: tuple[DataPath, ...] = ()
    links: tuple[str, ...] = ()
    """The ids of the result's links (offered or not), in the compiler's order."""
    paging: bool = False
    """The result has paging."""
    live: bool = False
    """The result may stay live (a ``Live`` node: the tool may run unasked, issue 51)."""
    pickers: dict[str, tuple[str, ...]] = msgspec.field(default_factory=dict)
    """Top-level input ``bind`` → the tools its picker may list, in the compiler's order."""
    leaves: tuple[str, ...] | None = None
    """The result's scalar leaves (pointers into the result data, array items ``-``) a format or
    the headline may name; None: the result has no output schema (any pointer may be named)."""

    def path(self, bind: str) -> DataPath | None:
        return next((p for p in self.paths if p.bind == bind), None)


def choices(tree: App, facts: Facts | None = None) -> Choices:
    """What ``tree`` offers a spec; ``facts``: compile's facts of its fields (built from the tree
    when not given)."""
    form, result = _form(tree), _result(tree)
    top = [c for c in form.children if isinstance(c, FieldNode)] if form else []
    fields = tuple(c.props.bind for c in top)
    required = frozenset(c.props.bind for c in top if c.props.required)
    own = own_fields(facts_of(tree) if facts is None else facts)
    widgets = {bind: options for bind, options in _widget_fields(form, own)} if form else {}
    paths = tuple(_data_paths(result)) if result else ()
    leads = leads_of(tree)
    links = tuple(link.id for link in leads.props.links) if leads else ()
    paging = leads is not None and leads.props.paging is not None
    leaves = tuple(dict.fromkeys(_leaves(result))) if isinstance(result, ResultView) and result.props.source == "structured" else None
    live = result is not None and any(isinstance(c, Live) for c in result.children)
    pickers: dict[str, tuple[str, ...]] = {}
    for picker in (c for c in result.children if isinstance(c, Picker)) if result is not None else ():
        bind = pointers.child("", picker.props.argument)
        pickers[bind] = (*pickers.get(bind, ()), picker.props.tool)
    return Choices(
        fields=fields, required=required, widgets=widgets, paths=paths, links=links, paging=paging, live=live,
        pickers=pickers, leaves=leaves,
    )


def leads_of(tree: App) -> Leads | None:
    """The result's ``Leads`` (its links and paging), when it has one."""
    result = _result(tree)
    return next((c for c in result.children if isinstance(c, Leads)), None) if result else None


def _form(tree: App) -> Node | None:
    return next((c for c in tree.children if isinstance(c, Form)), None)


def _result(tree: App) -> Node | None:
    return next((c for c in tree.children if isinstance(c, ResultView)), None)


def own_fields(facts: Facts) -> frozenset[str]:
    """Ids of the fields that are fields of their own (in no template, no branch)."""
    return frozenset(node_id for node_id, fact in facts.items() if fact.template is None)


def _widget_fields(node: Node, own: frozenset[str]) -> Iterator[tuple[str, tuple[str, ...]]]:
    for child in node.children:
        if isinstance(child, FieldNode) and child.id in own and (options := WIDGET_FAMILIES.get(type(child.props), ())):
            yield child.props.bind, ("number",) if isinstance(child, NumberField) and not _bounded(child) else options
        yield from _widget_fields(child, own)


def _bounded(node: NumberField) -> bool:
    p = node.props
    low = p.minimum if p.minimum is not None else p.exclusiveMinimum
    high = p.maximum if p.maximum is not None else p.exclusiveMaximum
    return low is not None and high is not None


def _data_paths(node: Node) -> Iterator[DataPath]:
    seen: set[str] = set()
    for bind, view in _views(node):
        if bind in seen:
            continue
        seen.add(bind)
        if isinstance(view, Table):
            yield DataPath(bind, Table, view.props.columns)
        elif isinstance(view, (CardGrid, KeyValue)):
            yield DataPath(bind, type(view), view.props.fields)
        elif isinstance(view, (List, Metric)):
            yield DataPath(bind, type(view))


def _leaves(node: Node) -> Iterator[str]:
    """The scalar leaves the result's views show, as pointers into the result data: a key/value
    view's fields, a table's or card grid's columns (each row's, ``-``), a list's items. A value
    drawn as JSON (an object in a cell) is no leaf."""
    for bind, view in _views(node):
        if isinstance(view, KeyValue):
            yield from (bind + c.pointer for c in view.props.fields if c.format != "json")
        elif isinstance(view, (Table, CardGrid)):
            columns = view.props.columns if isinstance(view, Table) else view.props.fields
            yield from (pointers.child(bind, "-") + c.pointer for c in columns if c.format != "json")
        elif isinstance(view, List) and view.props.format != "json":
            yield pointers.child(bind, "-")


def _views(node: Node) -> Iterator[tuple[str, ViewNode]]:
    """Every view below ``node`` that binds data, with its bind (``ContentBlocks`` binds none);
    not the linked tools' views (under ``Leads``): those are theirs, not this result's."""
    for child in node.children:
        if isinstance(child, Leads):
            continue
        if isinstance(child, ViewNode) and isinstance(child.props, ViewProps):
            yield child.props.bind, child
        yield from _views(child)
