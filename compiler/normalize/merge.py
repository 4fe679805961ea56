"""``allOf``: merge several (already ``$ref``-expanded) schema objects into one.

Deterministic: parts merge left to right, and for annotations the first part wins. One function
per keyword family; a keyword with no rule keeps the first value and, when a later part disagrees,
the disagreement is recorded (``conflicts``) rather than silently dropped. A combination no value
can satisfy (``string`` and ``number``, disjoint enums) is reported by ``unsatisfiable``.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .. import messages

Merged = dict[str, Any]

_NUMERIC_TYPES = {"integer", "number"}


class Merge:
    """Accumulates parts into one schema object, noting conflicts and unsatisfiable keywords."""

    def __init__(self) -> None:
        self.schema: Merged = {}
        self.conflicts: list[str] = []
        self.unsatisfiable: str | None = None

    def add(self, part: dict[str, Any]) -> None:
        for key, value in part.items():
            if key not in self.schema:
                self.schema[key] = value
                continue
            rule = _RULES.get(key, _keep_first)
            rule(self, key, self.schema[key], value)

    # --- helpers used by the rules

    def conflict(self, key: str, kept: Any, dropped: Any) -> None:
        self.conflicts.append(
            messages.ALLOF_CONFLICT.format(keyword=key, kept=_short(kept), dropped=_short(dropped))
        )

    def impossible(self, key: str) -> None:
        if self.unsatisfiable is None:
            self.unsatisfiable = messages.ALLOF_UNSATISFIABLE.format(keyword=key)


def merge_parts(parts: list[dict[str, Any]]) -> Merge:
    merge = Merge()
    for part in parts:
        merge.add(part)
    return merge


# --------------------------------------------------------------------------- rules


def _keep_first(merge: Merge, key: str, kept: Any, other: Any) -> None:
    if _canonical(kept) != _canonical(other):
        merge.conflict(key, kept, other)


def _annotation(merge: Merge, key: str, kept: Any, other: Any) -> None:
    """Titles, descriptions, defaults, examples: the first part's annotation is the one shown."""


def _type(merge: Merge, key: str, kept: Any, other: Any) -> None:
    left, right = _type_set(kept), _type_set(other)
    if left is None or right is None:
        merge.schema[key] = other if left is None else kept
        return
    both = [t for t in left if t in right]
    if "integer" in left and "number" in right and "integer" not in both:
        both.append("integer")
    if "number" in left and "integer" in right and "integer" not in both:
        both.append("integer")
    if not both:
        merge.impossible("type")
        return
    merge.schema[key] = both[0] if len(both) == 1 else both


def _larger(merge: Merge, key: str, kept: Any, other: Any) -> None:
    if _is_number(kept) and _is_number(other):
        merge.schema[key] = max(kept, other)
    elif _is_number(other):
        merge.schema[key] = other


def _smaller(merge: Merge, key: str, kept: Any, other: Any) -> None:
    if _is_number(kept) and _is_number(other):
        merge.schema[key] = min(kept, other)
    elif _is_number(other):
        merge.schema[key] = other


def _required(merge: Merge, key: str, kept: Any, other: Any) -> None:
    names = list(kept) if isinstance(kept, list) else []
    for name in other if isinstance(other, list) else []:
        if name not in names:
            names.append(name)
    merge.schema[key] = names


def _schema_map(merge: Merge, key: str, kept: Any, other: Any) -> None:
    """``properties``, ``patternProperties``, ``$defs``: union; a name in both gets both."""
    if not isinstance(kept, dict) or not isinstance(other, dict):
        merge.schema[key] = kept if isinstance(kept, dict) else other
        return
    combined = dict(kept)
    for name, schema in other.items():
        combined[name] = _both(combined[name], schema) if name in combined else schema
    merge.schema[key] = combined


def _subschema(merge: Merge, key: str, kept: Any, other: Any) -> None:
    """``items``, ``additionalProperties``, ``propertyNames``, …: a value must satisfy both."""
    merge.schema[key] = _both(kept, other)


def _enum(merge: Merge, key: str, kept: Any, other: Any) -> None:
    if not isinstance(kept, list) or not isinstance(other, list):
        merge.schema[key] = kept if isinstance(kept, list) else other
        return
    allowed = {_canonical(v) for v in other}
    values = [v for v in kept if _canonical(v) in allowed]
    if not values:
        merge.impossible("enum")
    merge.schema[key] = values


def _const(merge: Merge, key: str, kept: Any, other: Any) -> None:
    if _canonical(kept) != _canonical(other):
        merge.impossible("const")


def _combinator(merge: Merge, key: str, kept: Any, other: Any) -> None:
    """Two ``oneOf``/``anyOf`` lists: each value must match a branch of both, so the branches
    are the pairwise combinations (kept small; beyond that the second list is recorded)."""
    if not isinstance(kept, list) or not isinstance(other, list):
        merge.schema[key] = kept if isinstance(kept, list) else other
        return
    if len(kept) * len(other) > 16:
        merge.conflict(key, kept, other)
        return
    merge.schema[key] = [_both(a, b) for a in kept for b in other]


def _flag_any(merge: Merge, key: str, kept: Any, other: Any) -> None:
    merge.schema[key] = bool(kept) or bool(other)


_RULES: dict[str, Callable[[Merge, str, Any, Any], None]] = {
    "title": _annotation,
    "description": _annotation,
    "default": _annotation,
    "examples": _annotation,
    "$comment": _annotation,
    "$schema": _annotation,
    "$id": _annotation,
    "$anchor": _annotation,
    "type": _type,
    "minimum": _larger,
    "exclusiveMinimum": _larger,
    "minLength": _larger,
    "minItems": _larger,
    "minProperties": _larger,
    "maximum": _smaller,
    "exclusiveMaximum": _smaller,
    "maxLength": _smaller,
    "maxItems": _smaller,
    "maxProperties": _smaller,
    "required": _required,
    "properties": _schema_map,
    "patternProperties": _schema_map,
    "$defs": _schema_map,
    "definitions": _schema_map,
    "dependentSchemas": _schema_map,
    "items": _subschema,
    "additionalProperties": _subschema,
    "additionalItems": _subschema,
    "propertyNames": _subschema,
    "contains": _subschema,
    "not": _subschema,
    "enum": _enum,
    "const": _const,
    "oneOf": _combinator,
    "anyOf": _combinator,
    "readOnly": _flag_any,
    "writeOnly": _flag_any,
    "deprecated": _flag_any,
    "uniqueItems": _flag_any,
}


# --------------------------------------------------------------------------- small helpers


def _both(a: Any, b: Any) -> Any:
    if a is True or a == {}:
        return b
    if b is True or b == {}:
        return a
    if a is False or b is False:
        return False
    return {"allOf": [a, b]}


def _type_set(value: Any) -> list[str] | None:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return list(value)
    return None


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=str)


def _short(value: Any) -> str:
    text = _canonical(value)
    return text if len(text) <= 60 else text[:57] + "..."
