"""A form stays usable however large its schema: past ``MAX_FIELDS`` fields, the rest folds.

Fields are kept in document order while the budget lasts; an object field that does not fit
keeps its own fields as far as the budget goes, and any other field that does not fit (a list, a
map, a union — their templates cannot be split) becomes one ``JsonField`` bound to the same value,
its ``reason`` saying why. When even the top-level fields do not fit, the whole arguments object
becomes one ``JsonField``. Every fold is recorded in the tree (the reason is shown on the page).
"""

from __future__ import annotations

from collections.abc import Iterable

import msgspec

from compiler import messages
from components.nodes import AnyNode, FieldNode, FieldProps, JsonField, JsonFieldProps, Node, ObjectField

MAX_FIELDS = 300
"""Fields per form; a select's options count too, one per ``OPTIONS_PER_FIELD``."""
OPTIONS_PER_FIELD = 50
_COMMON = FieldProps.__struct_fields__


def fold(fields: tuple[AnyNode, ...], limit: int = MAX_FIELDS) -> tuple[AnyNode, ...]:
    """``fields`` (a form's children) within ``limit``; the same tuple when they fit."""
    if sum(_size(n) for n in fields) <= limit:
        return fields
    whole = folded_whole(len(fields), limit)
    if whole is not None:
        return (whole,)
    budget = [limit - len(fields)]  # every top-level field keeps at least its own place
    return tuple(_fit(n, budget, limit) for n in fields)


def folded_whole(top_level: int, limit: int = MAX_FIELDS) -> JsonField | None:
    """What ``fold`` makes of ``top_level`` fields, known before they are built: when they cannot
    each keep their own place, the whole arguments object as one ``JsonField``; else None."""
    return _whole(limit) if top_level > limit else None


def _fit(node: AnyNode, budget: list[int], limit: int) -> AnyNode:
    extra = _size(node) - 1  # its own place is already counted
    if extra <= budget[0]:
        budget[0] -= extra
        return node
    if isinstance(node, ObjectField) and budget[0] >= len(node.children):
        budget[0] -= len(node.children)
        return msgspec.structs.replace(node, children=tuple(_fit(c, budget, limit) for c in node.children))
    return as_json(node, messages.FOLDED.format(limit=limit)) if isinstance(node, FieldNode) else node


def _size(node: Node) -> int:
    options = getattr(node.props, "options", ())
    return 1 + len(options) // OPTIONS_PER_FIELD + sum(_size(c) for c in node.children)


def as_json(node: FieldNode, reason: str) -> JsonField:
    """The field as a JSON editor bound to the same value, keeping its label, help and default."""
    common = {name: getattr(node.props, name) for name in _COMMON}
    return JsonField(id=node.id, props=JsonFieldProps(**common, reason=reason))


def _whole(limit: int) -> JsonField:
    reason = messages.FOLDED.format(limit=limit)
    return JsonField(id="f:", props=JsonFieldProps(bind="", label=messages.ARGUMENTS_LABEL, required=True, reason=reason))


def count(nodes: Iterable[Node]) -> int:
    """Fields in ``nodes`` and below (what the budget counts)."""
    return sum(_size(n) for n in nodes)
