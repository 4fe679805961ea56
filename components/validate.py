"""Tree validation: every problem in a component tree, each with the JSON Pointer where it is.

Works on plain JSON values (what travels to the runtime, what a test or a spec hands us), so a
tree that does not even decode still gets a full list of problems rather than the first one.
Each props field is checked on its own, so one bad field never hides another.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import msgspec

from . import pointers
from .nodes import FIELD_TYPES, LAYOUT_TYPES, NODE_TYPES, VIEW_TYPES, Action, AnyNode, Node, kind_of

__all__ = ["Problem", "validate", "decode", "encode"]

_NODE_KEYS = frozenset({"type", "id", "props", "children", "actions"})
_POINTER = re.compile(r"^(/([^~/]|~[01])*)*$")

# Which node types may be children of which. A type not listed takes no children.
_GROUPS = FIELD_TYPES | LAYOUT_TYPES
_VIEWS = VIEW_TYPES | LAYOUT_TYPES
_ALLOWED_CHILDREN: dict[str, frozenset[str]] = {
    "App": frozenset(NODE_TYPES) - {"App"},
    "Card": frozenset(NODE_TYPES) - {"App", "Form", "ResultView"},
    "Stack": frozenset(NODE_TYPES) - {"App", "Form", "ResultView"},
    "Section": frozenset(NODE_TYPES) - {"App", "Form", "ResultView"},
    "Tabs": frozenset({"Section"}),
    "Form": _GROUPS,
    "ObjectField": _GROUPS,
    "ArrayField": FIELD_TYPES,
    "TupleField": FIELD_TYPES,
    "MapField": FIELD_TYPES,
    "UnionField": FIELD_TYPES,
    "ResultView": _VIEWS - {"LinkedView"},
    "KeyValue": _VIEWS - {"Leads", "LinkedView", "Live", "Picker"},
    "Leads": frozenset({"LinkedView"}),
    "LinkedView": _VIEWS - {"Leads", "LinkedView", "Live", "Picker"},
    "Live": frozenset(),
}
_EXACTLY_ONE_CHILD = frozenset({"ArrayField", "MapField"})


class Problem(msgspec.Struct, frozen=True):
    """One thing wrong with a tree: where (a JSON Pointer into the tree) and what."""

    pointer: str
    message: str

    def __str__(self) -> str:
        return f"{self.pointer or '/'}: {self.message}"


def encode(tree: Node) -> bytes:
    """The canonical JSON bytes of a tree (what the runtime receives; byte-stable)."""
    return msgspec.json.encode(tree)


def decode(data: bytes | str | Any) -> Node:
    """A typed tree from JSON bytes/str or a plain JSON value; raises ``msgspec.ValidationError``."""
    node: AnyNode = msgspec.json.decode(data, type=AnyNode) if isinstance(data, bytes | str) else msgspec.convert(data, type=AnyNode)
    return node


def validate(tree: Node | Any) -> list[Problem]:
    """Every problem in ``tree`` (a typed tree or a plain JSON value); empty when it is valid."""
    value = msgspec.json.decode(encode(tree)) if isinstance(tree, Node) else tree
    seen_ids: dict[str, str] = {}
    return list(_check_node(value, "", seen_ids))


def _check_node(value: Any, where: str, seen_ids: dict[str, str]) -> Iterator[Problem]:
    if not isinstance(value, dict):
        yield Problem(where, f"a node must be an object, not {type(value).__name__}")
        return
    node_type = value.get("type")
    cls = NODE_TYPES.get(node_type) if isinstance(node_type, str) else None
    if cls is None:
        yield Problem(f"{where}/type", f"unknown node type {node_type!r}")
        return
    for key in sorted(set(value) - _NODE_KEYS):
        yield Problem(pointers.child(where, key), f"unknown key {key!r} on a {node_type} node")
    yield from _check_id(value.get("id"), f"{where}/id", seen_ids)
    yield from _check_props(cls, value.get("props"), f"{where}/props")
    yield from _check_actions(value.get("actions", []), f"{where}/actions")
    yield from _check_children(kind_of(cls), value, where, seen_ids)


def _check_id(node_id: Any, where: str, seen_ids: dict[str, str]) -> Iterator[Problem]:
    if not isinstance(node_id, str) or not node_id:
        yield Problem(where, "a node needs a non-empty string id")
    elif node_id in seen_ids:
        yield Problem(where, f"duplicate id {node_id!r} (first at {seen_ids[node_id] or '/'})")
    else:
        seen_ids[node_id] = where


def _check_props(cls: type[Node], props: Any, where: str) -> Iterator[Problem]:
    props_type = next(f.type for f in msgspec.structs.fields(cls) if f.name == "props")
    if not isinstance(props, dict):
        yield Problem(where, "props must be an object")
        return
    fields = {f.encode_name: f for f in msgspec.structs.fields(props_type)}
    for key in sorted(set(props) - set(fields)):
        yield Problem(pointers.child(where, key), f"unknown prop {key!r}")
    for name, info in fields.items():
        if name not in props:
            if info.required:
                yield Problem(pointers.child(where, name), f"missing required prop {name!r}")
            continue
        try:
            msgspec.convert(props[name], type=info.type)
        except msgspec.ValidationError as exc:
            yield Problem(pointers.child(where, name), _message(exc))
    yield from _check_pointers(props, where)
    yield from _check_semantics(kind_of(cls), props, where)


def _message(exc: msgspec.ValidationError) -> str:
    # msgspec says "... - at `$...`"; the pointer already says where, so keep only what.
    return str(exc).split(" - at `", 1)[0]


def _check_pointers(props: dict[str, Any], where: str) -> Iterator[Problem]:
    for key in ("bind", "titlePointer"):
        pointer = props.get(key)
        if isinstance(pointer, str) and not _POINTER.match(pointer):
            yield Problem(f"{where}/{key}", f"{pointer!r} is not a JSON Pointer")
    for group in ("columns", "fields"):
        for i, column in enumerate(props.get(group) or ()):
            pointer = column.get("pointer") if isinstance(column, dict) else None
            if isinstance(pointer, str) and not _POINTER.match(pointer):
                yield Problem(f"{where}/{group}/{i}/pointer", f"{pointer!r} is not a JSON Pointer")


def _check_semantics(node_type: str, props: dict[str, Any], where: str) -> Iterator[Problem]:
    if node_type in ("SelectField", "MultiSelectField") and props.get("options") == []:
        yield Problem(f"{where}/options", "a select needs at least one option")
    if node_type == "Chart" and props.get("y") == []:
        yield Problem(f"{where}/y", "a chart needs at least one y encoding")


def _check_actions(actions: Any, where: str) -> Iterator[Problem]:
    if not isinstance(actions, list):
        yield Problem(where, "actions must be an array")
        return
    seen: set[str] = set()
    for i, action in enumerate(actions):
        try:
            parsed = msgspec.convert(action, type=Action)
        except msgspec.ValidationError as exc:
            yield Problem(f"{where}/{i}", _message(exc))
            continue
        if parsed.id in seen:
            yield Problem(f"{where}/{i}/id", f"duplicate action id {parsed.id!r}")
        seen.add(parsed.id)


def _check_children(
    node_type: str, value: dict[str, Any], where: str, seen_ids: dict[str, str]
) -> Iterator[Problem]:
    children = value.get("children", [])
    if not isinstance(children, list):
        yield Problem(f"{where}/children", "children must be an array")
        return
    allowed = _ALLOWED_CHILDREN.get(node_type, frozenset())
    if node_type in _EXACTLY_ONE_CHILD and len(children) != 1:
        yield Problem(f"{where}/children", f"a {node_type} has exactly one child (its template)")
    if node_type == "UnionField":
        branches = (value.get("props") or {}).get("branches")
        if isinstance(branches, list) and len(branches) != len(children):
            yield Problem(f"{where}/children", "a UnionField has one child per branch label")
    for i, child in enumerate(children):
        here = f"{where}/children/{i}"
        child_type = child.get("type") if isinstance(child, dict) else None
        if child_type in NODE_TYPES and child_type not in allowed:
            yield Problem(f"{here}/type", f"a {child_type} cannot be a child of a {node_type}")
        yield from _check_node(child, here, seen_ids)

