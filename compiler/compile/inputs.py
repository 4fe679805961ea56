"""Compile inputs: a normalized input schema → the ``Form`` subtree.

One builder per field type (``_BUILDERS``), chosen by ``widgets.field_type``; each builder is
given the shape, the JSON Pointer it binds to, its label and whether it is required, and builds
its children the same way. Ids are ``f:<bind>``, plus a ``#<n>`` per enclosing union branch (the
branches of a union share their ``bind``) and ``#rest(<object>)`` inside an object's
additional-properties map (whose own id ends in ``+rest``); ``%``, ``#``, ``+`` and parentheses in
names are percent-escaped, so every id in a tree is unique and stable.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import msgspec

from compiler import messages
from compiler.compile import dates
from compiler.normalize import (
    UNSET,
    AnyShape,
    BooleanShape,
    ConstShape,
    EnumShape,
    NeverShape,
    NullShape,
    ObjectShape,
    SomeShape,
    StringShape,
    normalize,
)
from components import pointers
from components.nodes import (
    Action,
    AnyNode,
    ArrayField,
    ArrayFieldProps,
    BooleanField,
    BooleanFieldProps,
    ConstField,
    ConstFieldProps,
    DateFormat,
    DateTimeField,
    DateTimeFieldProps,
    FileField,
    FileFieldProps,
    Form,
    FormProps,
    JsonField,
    JsonFieldProps,
    MapField,
    MapFieldProps,
    MultiSelectField,
    MultiSelectFieldProps,
    NumberField,
    NumberFieldProps,
    ObjectField,
    ObjectFieldProps,
    Option,
    SelectField,
    SelectFieldProps,
    TextField,
    TextFieldProps,
    TupleField,
    TupleFieldProps,
    UnionField,
    UnionFieldProps,
)

from . import widgets
from .budget import fold, folded_whole
from .naming import as_text, described_example, humanize, label_for

MAX_OPTION_LABEL = 200


class Site:
    """Where a field sits: its pointer, label, whether required, and its id scope."""

    __slots__ = ("bind", "label", "required", "scope")

    def __init__(self, bind: str, label: str, required: bool, scope: str = "") -> None:
        self.bind, self.label, self.required, self.scope = bind, label, required, scope

    @property
    def id(self) -> str:
        return f"f:{_escape_id(self.bind)}{self.scope}"

    def child(self, token: str | int, label: str, required: bool) -> Site:
        return Site(pointers.child(self.bind, token), label, required, self.scope)


def _escape_id(bind: str) -> str:
    """'#', '+', '(' and ')' only ever come from scopes and markers: escaped in names, ids stay unique."""
    return bind.replace("%", "%25").replace("#", "%23").replace("+", "%2B").replace("(", "%28").replace(")", "%29")


def compile_form(input_schema: Any, tool_name: str) -> Form:
    """The form for a tool's arguments; a raw (not yet normalized) ``inputSchema``."""
    return form_of(normalize(input_schema), tool_name)


def form_of(shape: SomeShape, tool_name: str) -> Form:
    """The form for a tool's arguments, from the normalized ``inputSchema``."""
    return Form(
        id="form",
        props=FormProps(toolName=tool_name),
        children=fold(root_fields(shape)),
        actions=(Action(id="submit", label=messages.SUBMIT_LABEL, primary=True),),
    )


def root_fields(shape: SomeShape) -> tuple[AnyNode, ...]:
    """The arguments object's fields. A root that is not a plain object (a union, a map, …) is
    one field bound to the whole arguments (``""``); a root that allows anything has none."""
    if isinstance(shape, ObjectShape) and widgets.field_type(shape) == "ObjectField":
        whole = folded_whole(len(shape.properties) + (_rest_value(shape) is not None))
        if whole is not None:  # too many to keep: not built only to be folded (compile stays linear)
            return (whole,)
        return object_children(shape, Site("", messages.ARGUMENTS_LABEL, True))
    if isinstance(shape, AnyShape) and shape.reason == AnyShape().reason:
        return ()
    if isinstance(shape, ObjectShape) and widgets.field_type(shape) == "JsonField" and not shape.patterns:
        return ()  # ``{"type": "object"}``: the tool takes no arguments
    return (field(shape, Site("", shape.title or messages.ARGUMENTS_LABEL, True)),)


def field(shape: SomeShape, site: Site) -> AnyNode:
    return _BUILDERS[widgets.field_type(shape)](shape, site)


def common(shape: SomeShape, site: Site) -> dict[str, Any]:
    """The props every field has."""
    props: dict[str, Any] = {"bind": site.bind, "label": site.label}
    if shape.description:
        props["help"] = shape.description
    for flag in ("nullable", "readOnly", "writeOnly", "deprecated"):
        if getattr(shape, flag):
            props[flag] = True
    if site.required:
        props["required"] = True
    if shape.default is not UNSET:
        props["default"] = shape.default
    if shape.examples:
        props["placeholder"] = as_text(shape.examples[0])
    elif isinstance(shape, StringShape) and (example := described_example(shape.description)):
        props["placeholder"] = example  # its description's "e.g. 'main'"
    return props


# --------------------------------------------------------------------------- one builder per field


def text_field(shape: StringShape, site: Site) -> AnyNode:
    return TextField(
        id=site.id,
        props=TextFieldProps(
            **common(shape, site),
            widget=widgets.text_widget(shape),
            format=shape.format,
            minLength=shape.minLength,
            maxLength=shape.maxLength,
            pattern=shape.pattern,
        ),
    )


def number_field(shape: Any, site: Site) -> AnyNode:
    return NumberField(
        id=site.id,
        props=NumberFieldProps(
            **common(shape, site),
            integer=shape.integer,
            minimum=shape.minimum,
            maximum=shape.maximum,
            exclusiveMinimum=shape.exclusiveMinimum,
            exclusiveMaximum=shape.exclusiveMaximum,
            multipleOf=shape.multipleOf,
        ),
    )


def boolean_field(shape: SomeShape, site: Site) -> AnyNode:
    return BooleanField(id=site.id, props=BooleanFieldProps(**common(shape, site)))


def date_field(shape: StringShape, site: Site) -> AnyNode:
    return DateTimeField(id=site.id, props=DateTimeFieldProps(**common(shape, site), format=widgets.date_format(shape)))


def file_field(shape: StringShape, site: Site) -> AnyNode:
    return FileField(id=site.id, props=FileFieldProps(**common(shape, site), accept=shape.contentMediaType))


def const_field(shape: ConstShape | NullShape, site: Site) -> AnyNode:
    value = None if isinstance(shape, NullShape) else shape.value
    return ConstField(id=site.id, props=ConstFieldProps(**common(shape, site), value=value))


def select_field(shape: EnumShape | BooleanShape, site: Site) -> AnyNode:
    """One of an enum's values, or of a nullable boolean's three: true, false, null."""
    return SelectField(
        id=site.id,
        props=SelectFieldProps(**common(shape, site), options=options(shape), widget=widgets.select_widget(shape)),
    )


def multi_select_field(shape: Any, site: Site) -> AnyNode:
    return MultiSelectField(
        id=site.id,
        props=MultiSelectFieldProps(
            **common(shape, site), options=options(shape.items), minItems=shape.minItems, maxItems=shape.maxItems
        ),
    )


def options(shape: EnumShape | BooleanShape) -> tuple[Option, ...]:
    if isinstance(shape, BooleanShape):
        return tuple(Option(value=value, label=label) for value, label in messages.TRI_STATE)
    labels = shape.labels or _constants_said(shape.values) or (None,) * len(shape.values)
    descriptions = shape.descriptions or (None,) * len(shape.values)
    return tuple(
        Option(value=value, label=label or as_text(value, MAX_OPTION_LABEL), description=description)
        for value, label, description in zip(shape.values, labels, descriptions, strict=True)
    )


_CONSTANT = re.compile(r"[A-Z][A-Z0-9]*(_[A-Z0-9]+)*")


def _constants_said(values: tuple[Any, ...]) -> tuple[str, ...] | None:
    """An enum of a program's constants, as words: GitHub's APPROVE, REQUEST_CHANGES, COMMENT are
    "Approve", "Request changes", "Comment" (the value sent stays the constant). Only where every
    value is in UPPER_SNAKE_CASE and one at least has an underscore: USD, EUR or GET, POST (no
    underscore), lower-case names (a table's ``order_items``: the name is what a person types
    elsewhere) and mixed lists stay as written."""
    if not all(isinstance(value, str) for value in values) or not any("_" in value for value in values):
        return None
    if not all(_CONSTANT.fullmatch(value) for value in values):
        return None
    return tuple(humanize(value) for value in values)


def object_field(shape: ObjectShape, site: Site) -> AnyNode:
    return ObjectField(id=site.id, props=ObjectFieldProps(**common(shape, site)), children=object_children(shape, site))


def object_children(shape: ObjectShape, site: Site) -> tuple[AnyNode, ...]:
    formats = {prop.name: _date_format(prop.name, prop.shape) for prop in shape.properties}
    children = [
        field(_dated(prop.name, prop.shape, formats), site.child(prop.name, label_for(prop.shape.title, prop.name), prop.required))
        for prop in shape.properties
    ]
    rest = _rest_value(shape)
    if rest is not None:
        # the scope names which object's rest map this is: two rest maps may hold the same pointers
        rest_site = Site(site.bind, messages.VALUE_LABEL, False, f"{site.scope}#rest({_escape_id(site.bind)})")
        children.append(map_node(shape, rest, rest_site, rest=True, node_id=f"{site.id}+rest"))
    return tuple(children)


def _plain_string(shape: SomeShape) -> StringShape | None:
    """A string input that declares no format, pattern or encoding: one whose words may make it a date."""
    if isinstance(shape, StringShape) and not (shape.format or shape.pattern or shape.contentEncoding):
        return shape
    return None


def _date_format(name: str, shape: SomeShape) -> DateFormat | None:
    """The date format a string input declares, or its name or description says (``dates.inferred_format``)."""
    if isinstance(shape, StringShape) and shape.format in ("date", "date-time"):
        return "date" if shape.format == "date" else "date-time"
    plain = _plain_string(shape)
    return dates.inferred_format(name, plain.description) if plain else None


def _dated(name: str, shape: SomeShape, formats: dict[str, DateFormat | None]) -> SomeShape:
    """A string input whose name or description says it is a date or a date-time, or that numbers
    a sibling that is one (``date2`` beside ``date``), with that ``format``: it becomes a
    ``DateTimeField`` and gets a picker."""
    plain = _plain_string(shape)
    if plain is None:
        return shape
    inferred = formats[name] or dates.numbered_format(name, plain.description, formats)
    return msgspec.structs.replace(plain, format=inferred) if inferred else shape


def map_field(shape: ObjectShape, site: Site) -> AnyNode:
    value = _rest_value(shape)
    assert value is not None  # the tester only picks MapField when there is a value schema
    return map_node(shape, value, site, rest=False)


def map_node(shape: ObjectShape, value: SomeShape, site: Site, rest: bool, node_id: str | None = None) -> AnyNode:
    props = common(shape, site) if not rest else {"bind": site.bind, "label": site.label}
    names = shape.propertyNames
    key_options = options(names) if isinstance(names, EnumShape) else ()
    key_pattern = names.pattern if isinstance(names, StringShape) else None
    if key_pattern is None and shape.patterns and not _editable(shape.additional):
        key_pattern = shape.patterns[0][0]
    template = field(value, Site(pointers.child(site.bind, "*"), value.title or messages.VALUE_LABEL, True, site.scope))
    return MapField(
        id=node_id or site.id,
        props=MapFieldProps(
            **props,
            keyPattern=key_pattern,
            keyOptions=key_options,
            minProperties=shape.minProperties,
            maxProperties=shape.maxProperties,
            rest=rest,
        ),
        children=(template,),
    )


def _rest_value(shape: ObjectShape) -> SomeShape | None:
    """The schema of properties the object does not name, when one is given."""
    if _editable(shape.additional):
        return shape.additional
    editable = [p for _, p in shape.patterns if _editable(p)]
    return editable[0] if editable else None


def _editable(shape: SomeShape | None) -> bool:
    return shape is not None and not isinstance(shape, NeverShape)


def array_field(shape: Any, site: Site) -> AnyNode:
    item = shape.items
    template = field(item, Site(pointers.child(site.bind, "*"), item.title or messages.ITEM_LABEL, True, site.scope))
    return ArrayField(
        id=site.id,
        props=ArrayFieldProps(
            **common(shape, site), minItems=shape.minItems, maxItems=shape.maxItems, uniqueItems=shape.uniqueItems
        ),
        children=(template,),
    )


def tuple_field(shape: Any, site: Site) -> AnyNode:
    positions = tuple(
        field(
            item,
            site.child(
                i,
                item.title or messages.POSITION_LABEL.format(n=i + 1),
                shape.minItems is None or i < shape.minItems,
            ),
        )
        for i, item in enumerate(shape.prefix)
    )
    return TupleField(
        id=site.id,
        props=TupleFieldProps(**common(shape, site), minItems=shape.minItems, additionalItems=shape.rest is not None),
        children=positions,
    )


def union_field(shape: Any, site: Site) -> AnyNode:
    branches = tuple(
        field(branch, Site(site.bind, label, True, f"{site.scope}#{i}"))
        for i, (branch, label) in enumerate(zip(shape.branches, shape.labels, strict=True))
    )
    return UnionField(
        id=site.id,
        props=UnionFieldProps(**common(shape, site), branches=shape.labels, discriminator=shape.discriminator),
        children=branches,
    )


def json_field(shape: SomeShape, site: Site) -> AnyNode:
    return JsonField(id=site.id, props=JsonFieldProps(**common(shape, site), reason=widgets.json_reason(shape)))


_BUILDERS: dict[str, Callable[[Any, Site], AnyNode]] = {
    "TextField": text_field,
    "NumberField": number_field,
    "BooleanField": boolean_field,
    "DateTimeField": date_field,
    "FileField": file_field,
    "ConstField": const_field,
    "SelectField": select_field,
    "MultiSelectField": multi_select_field,
    "ObjectField": object_field,
    "MapField": map_field,
    "ArrayField": array_field,
    "TupleField": tuple_field,
    "UnionField": union_field,
    "JsonField": json_field,
}
