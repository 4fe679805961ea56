"""The normalizer: any JSON value, read as a JSON Schema, becomes one ``SomeShape``.

Total: it never raises on JSON input; what it cannot use becomes an ``AnyShape`` with a reason
(the compiler turns that into a JSON editor that says why) or an entry in ``ignored``.

Two passes per schema object:

1. ``expand`` removes ``$ref`` and ``allOf``: a reference is replaced by its target merged with
   its siblings, ``allOf`` parts are merged (``merge.py``). A reference already on the current
   path more than ``MAX_REF_REPEAT`` times is recursion: it stops there with a reason. So a
   recursive schema is expanded lazily, as deep as the form will show it, and no further.
2. ``_build`` reads the flat schema: ``const`` → ``enum`` → ``oneOf``/``anyOf`` → ``type``
   (inferred from keywords when absent), one small function per type.

Work is bounded by ``MAX_DEPTH`` (nesting) and ``MAX_STEPS`` (shapes built plus references
expanded), so a pathological schema costs bounded time and memory.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from .. import messages
from ..text import humanize
from .merge import merge_parts
from .refs import Refs
from .shapes import (
    UNSET,
    AnyShape,
    ArrayShape,
    BooleanShape,
    ConstShape,
    EnumShape,
    NeverShape,
    NullShape,
    NumberShape,
    ObjectShape,
    Property,
    SomeShape,
    StringShape,
    TupleShape,
    UnionShape,
)

MAX_DEPTH = 32
MAX_REF_REPEAT = 2
MAX_STEPS = 30_000
MAX_REF_SHAPES = 500
"""Shapes built from inside references, per schema: recursive refs that fan out (a union that
refers back to the root, several times per level) stop here rather than growing a form no one
could fill — or render. Flat schemas (10 000 plain properties) are not affected."""
MAX_TITLE = 300
MAX_DESCRIPTION = 4_000
MAX_EXAMPLES = 5

TYPES = ("object", "array", "string", "number", "integer", "boolean", "null")

# Keywords each type reads; used to infer a missing ``type`` and to report what was ignored.
_OBJECT_KEYS = frozenset(
    {
        "properties",
        "required",
        "additionalProperties",
        "patternProperties",
        "propertyNames",
        "minProperties",
        "maxProperties",
        "dependentRequired",
        "dependentSchemas",
        "dependencies",
        "if",
        "then",
        "else",
    }
)
_ARRAY_KEYS = frozenset({"items", "prefixItems", "additionalItems", "minItems", "maxItems", "uniqueItems"})
_STRING_KEYS = frozenset({"minLength", "maxLength", "pattern", "format", "contentEncoding", "contentMediaType"})
_NUMBER_KEYS = frozenset({"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"})
_META_KEYS = frozenset(
    {"title", "description", "default", "examples", "readOnly", "writeOnly", "deprecated", "nullable"}
)
_SILENT_KEYS = frozenset(
    {"$schema", "$id", "$comment", "$anchor", "$dynamicAnchor", "$defs", "definitions", "$vocabulary", "type"}
)
_KEYS_BY_TYPE = {
    "object": _OBJECT_KEYS,
    "array": _ARRAY_KEYS,
    "string": _STRING_KEYS,
    "number": _NUMBER_KEYS,
    "integer": _NUMBER_KEYS,
    "boolean": frozenset(),
    "null": frozenset(),
}


def normalize(schema: Any) -> SomeShape:
    """Normalize any JSON value read as a JSON Schema. Never raises on JSON input."""
    walk = _Walk(schema)
    return walk.shape(schema, walk.root_refs, (), 0)


class _Walk:
    def __init__(self, root: Any) -> None:
        self.steps = 0
        self.ref_shapes = 0
        self.root_refs = Refs.for_root(root)

    # ------------------------------------------------------------------ entry per schema

    def shape(self, raw: Any, refs: Refs, path: tuple[str, ...], depth: int) -> SomeShape:
        self.steps += 1
        if self.steps > MAX_STEPS:
            return AnyShape(reason=messages.SCHEMA_TOO_LARGE.format(limit=MAX_STEPS))
        if depth > MAX_DEPTH:
            return AnyShape(reason=messages.SCHEMA_TOO_DEEP.format(limit=MAX_DEPTH))
        if path:
            self.ref_shapes += 1
            if self.ref_shapes > MAX_REF_SHAPES:
                return AnyShape(reason=messages.REF_BUDGET.format(limit=MAX_REF_SHAPES))
        flat = self.expand(raw, refs, path)
        if isinstance(flat, (AnyShape, NeverShape)):
            return flat
        schema, refs, path, notes = flat
        return _Build(self, schema, refs, path, depth, notes).shape()

    def expand(self, raw: Any, refs: Refs, path: tuple[str, ...]) -> Any:
        """``raw`` without ``$ref``/``allOf``: ``(schema, refs, path, notes)``, or a fallback shape."""
        self.steps += 1
        if self.steps > MAX_STEPS:
            return AnyShape(reason=messages.SCHEMA_TOO_LARGE.format(limit=MAX_STEPS))
        if raw is True:
            return {}, refs, path, []
        if raw is False:
            return NeverShape()
        if not isinstance(raw, dict):
            return AnyShape(reason=messages.NOT_A_SCHEMA.format(kind=_kind(raw)))
        notes: list[str] = []
        if "$ref" in raw:
            expanded = self._expand_ref(raw, refs, path, notes)
            if not isinstance(expanded, tuple):
                return expanded
            raw, refs, path = expanded
        if "allOf" in raw:
            return self._expand_all_of(raw, refs, path, notes)
        return raw, refs, path, notes

    def _expand_ref(self, raw: dict[str, Any], refs: Refs, path: tuple[str, ...], notes: list[str]) -> Any:
        ref = raw["$ref"]
        siblings = {k: v for k, v in raw.items() if k != "$ref"}
        if not isinstance(ref, str):
            notes.append(messages.IGNORED_KEYWORD.format(keyword="$ref", why="not a string"))
            return siblings, refs, path
        if path.count(ref) >= MAX_REF_REPEAT:
            return AnyShape(
                reason=messages.REF_RECURSIVE.format(ref=_clip(ref, 80), times=MAX_REF_REPEAT),
                **_meta_only(siblings),
            )
        found = refs.lookup(ref)
        if isinstance(found, str):
            notes.append(found)
            return siblings, refs, path
        target, target_refs = found
        inner = self.expand(target, target_refs, path + (ref,))
        if not isinstance(inner, tuple):
            return inner
        target_schema, inner_refs, inner_path, inner_notes = inner
        notes.extend(inner_notes)
        if not siblings:
            return target_schema, inner_refs, inner_path
        # siblings first: a ``description`` beside a ``$ref`` describes this use of the target
        merged = merge_parts([siblings, target_schema])
        notes.extend(merged.conflicts)
        if merged.unsatisfiable:
            return NeverShape(reason=merged.unsatisfiable)
        return merged.schema, inner_refs, inner_path

    def _expand_all_of(self, raw: dict[str, Any], refs: Refs, path: tuple[str, ...], notes: list[str]) -> Any:
        parts_raw = raw["allOf"]
        base = {k: v for k, v in raw.items() if k != "allOf"}
        if not isinstance(parts_raw, list):
            notes.append(messages.IGNORED_KEYWORD.format(keyword="allOf", why="not an array"))
            return base, refs, path, notes
        parts = [base]
        through = path  # every reference the parts went through: recursion must stay visible
        for part in parts_raw:
            expanded = self.expand(part, refs, path)
            if isinstance(expanded, NeverShape):
                return expanded
            if isinstance(expanded, AnyShape):
                notes.append(messages.ALLOF_PART_DROPPED.format(reason=expanded.reason))
                continue
            part_schema, _part_refs, part_path, part_notes = expanded
            notes.extend(part_notes)
            parts.append(part_schema)
            through = through + part_path[len(path):]
        merged = merge_parts(parts)
        notes.extend(merged.conflicts)
        if merged.unsatisfiable:
            return NeverShape(reason=merged.unsatisfiable)
        return merged.schema, refs, through, notes


_ALWAYS_USED = _META_KEYS | _SILENT_KEYS
_SINGLE_TYPES: dict[str, tuple[tuple[str, ...], bool]] = {t: ((t,), False) for t in TYPES if t != "null"}
_SINGLE_TYPES["null"] = ((), True)


class _Build:
    """Reads one flat schema object (no ``$ref``, no ``allOf``) into a shape."""

    __slots__ = ("walk", "schema", "refs", "path", "depth", "notes", "used", "branch_sites")

    def __init__(
        self, walk: _Walk, schema: dict[str, Any], refs: Refs, path: tuple[str, ...], depth: int, notes: list[str]
    ) -> None:
        self.walk = walk
        self.schema = schema
        self.refs = refs
        self.path = path
        self.depth = depth
        self.notes = notes
        self.used: set[str] = set(_ALWAYS_USED)

    def child(self, raw: Any) -> SomeShape:
        return self.walk.shape(raw, self.refs, self.path, self.depth + 1)

    def meta(self, **extra: Any) -> dict[str, Any]:
        """The annotations of this schema, plus what the caller folds in (``nullable``)."""
        s = self.schema
        meta: dict[str, Any] = {}
        if _META_KEYS.isdisjoint(s):  # most subschemas carry no annotation at all
            meta.update(extra)
            if meta.get("nullable") is False:
                del meta["nullable"]
            return meta
        if isinstance(s.get("title"), str) and s["title"].strip():
            meta["title"] = _clip(s["title"].strip(), MAX_TITLE)
        if isinstance(s.get("description"), str) and s["description"].strip():
            meta["description"] = _clip(s["description"].strip(), MAX_DESCRIPTION)
        if "default" in s:
            meta["default"] = s["default"]
        if isinstance(s.get("examples"), list) and s["examples"]:
            meta["examples"] = tuple(s["examples"][:MAX_EXAMPLES])
        for flag in ("readOnly", "writeOnly", "deprecated"):
            if s.get(flag) is True:
                meta[flag] = True
        if s.get("nullable") is True:  # OpenAPI 3.0's spelling, common in the wild
            meta["nullable"] = True
        meta.update(extra)
        if meta.get("nullable") is False:
            del meta["nullable"]
        return meta

    def ignored(self) -> tuple[str, ...]:
        if not self.notes and self.used.issuperset(self.schema):
            return ()
        unused = [k for k in self.schema if k not in self.used]
        return tuple(self.notes) + tuple(messages.IGNORED_KEYWORD.format(keyword=k, why="not used") for k in unused)

    def finish(self, cls: Callable[..., SomeShape], nullable: bool = False, **fields: Any) -> SomeShape:
        return cls(**self.meta(**({"nullable": True} if nullable else {})), ignored=self.ignored(), **fields)

    # ------------------------------------------------------------------ dispatch

    def shape(self) -> SomeShape:
        s = self.schema
        if "const" in s:
            self.used.add("const")
            return self.finish(ConstShape, value=s["const"])
        if isinstance(s.get("enum"), list):
            return self.enum(s["enum"])
        if "oneOf" in s or "anyOf" in s:
            return self.union()
        types, nullable = self.types()
        return self.typed(types, nullable)

    def typed(self, types: Sequence[str], nullable: bool) -> SomeShape:
        if not types:
            if nullable:
                return self.finish(NullShape)
            return self.finish(AnyShape)
        if len(types) == 1:
            return _BUILDERS[types[0]](self, nullable)
        branches = tuple(_BUILDERS[t](self.narrowed(t), False) for t in types)
        return self.finish(
            UnionShape,
            nullable,
            branches=branches,
            labels=tuple(messages.TYPE_LABELS[t] for t in types),
        )

    def narrowed(self, type_name: str) -> _Build:
        """The same schema, read as one of its types (for ``type: ["boolean", "string"]``)."""
        keep = _KEYS_BY_TYPE[type_name] | {"type"}
        schema = {k: v for k, v in self.schema.items() if k in keep}
        return _Build(self.walk, schema, self.refs, self.path, self.depth, [])

    def types(self) -> tuple[Sequence[str], bool]:
        """The types this schema allows (``null`` folded into ``nullable``)."""
        raw = self.schema.get("type")
        if isinstance(raw, str) and raw in _SINGLE_TYPES:  # the common case, without building lists
            return _SINGLE_TYPES[raw]
        if isinstance(raw, str):
            raw = [raw]
        if isinstance(raw, list):
            names = _dedupe(t for t in raw if isinstance(t, str) and t in TYPES)
            if "integer" in names and "number" in names:
                names.remove("integer")
            if names:
                nullable = "null" in names
                rest = [t for t in names if t != "null"]
                return rest, nullable
            if raw:
                self.notes.append(messages.IGNORED_KEYWORD.format(keyword="type", why="no known type"))
        return self.inferred(), False

    def inferred(self) -> list[str]:
        present = set(self.schema)
        found = [
            name
            for name, keys in (
                ("object", _OBJECT_KEYS),
                ("array", _ARRAY_KEYS),
                ("string", _STRING_KEYS),
                ("number", _NUMBER_KEYS),
            )
            if present & keys
        ]
        return found

    # ------------------------------------------------------------------ enum / union

    def enum(self, values: list[Any]) -> SomeShape:
        self.used.add("enum")
        kept = _dedupe_json(values)
        nullable = any(v is None for v in kept)
        kept = [v for v in kept if v is not None]
        if not kept:
            return self.finish(NullShape) if nullable else self.finish(NeverShape, reason=messages.EMPTY_ENUM)
        return self.finish(EnumShape, nullable, values=tuple(kept))

    def union(self) -> SomeShape:
        s = self.schema
        key = "oneOf" if "oneOf" in s else "anyOf"
        self.used.add(key)
        if key == "oneOf" and "anyOf" in s:
            self.notes.append(messages.IGNORED_KEYWORD.format(keyword="anyOf", why="beside oneOf"))
            self.used.add("anyOf")
        raw_branches = s[key]
        if not isinstance(raw_branches, list) or not raw_branches:
            self.notes.append(messages.IGNORED_KEYWORD.format(keyword=key, why="not a non-empty array"))
            types, nullable = self.types()
            return self.typed(types, nullable)
        base = {
            k: v for k, v in s.items() if k not in ("oneOf", "anyOf") and k not in _META_KEYS and k not in _SILENT_KEYS
        }
        if "type" in s:
            base["type"] = s["type"]
        branches: list[dict[str, Any]] = []
        self.branch_sites: list[tuple[Refs, tuple[str, ...]]] = []
        nullable = False
        for raw in raw_branches:
            merged = self.walk.expand({"allOf": [base, raw]} if base else raw, self.refs, self.path)
            if isinstance(merged, tuple):
                schema = merged[0]
                if _is_null_schema(schema):
                    nullable = True
                    continue
                branches.append(schema)
                # the branch keeps the references it went through, so recursion stays bounded
                self.branch_sites.append((merged[1], merged[2]))
            elif isinstance(merged, AnyShape):
                branches.append({"__fallback__": merged.reason})
                self.branch_sites.append((self.refs, self.path))
        return self.branches(branches, nullable)

    def branch(self, index: int, schema: dict[str, Any]) -> SomeShape:
        refs, path = self.branch_sites[index]
        return self.walk.shape(schema, refs, path, self.depth + 1)

    def branches(self, branches: list[dict[str, Any]], nullable: bool) -> SomeShape:
        if not branches:
            return self.finish(NullShape) if nullable else self.finish(NeverShape, reason=messages.NO_BRANCH)
        consts = [_constant(b) for b in branches]
        if all(c is not _NO_CONST for c in consts):
            return self.finish(
                EnumShape,
                nullable,
                values=tuple(consts),
                labels=tuple(_text(b.get("title")) for b in branches),
                descriptions=tuple(_text(b.get("description")) for b in branches),
            )
        if len(branches) == 1:
            inner = self.branch(0, branches[0])
            return _with_meta(inner, self.meta(nullable=nullable or inner.nullable))
        shapes = tuple(
            AnyShape(reason=b["__fallback__"]) if "__fallback__" in b else self.branch(i, b) for i, b in enumerate(branches)
        )
        discriminator = _discriminator(shapes)
        labels = _distinct(tuple(_branch_label(shapes, i, discriminator) for i in range(len(shapes))))
        return self.finish(UnionShape, nullable, branches=shapes, labels=labels, discriminator=discriminator)

    # ------------------------------------------------------------------ one builder per type

    def string(self, nullable: bool) -> SomeShape:
        s = self.schema
        self.used.update(_STRING_KEYS)
        fields: dict[str, Any] = {}
        for key in ("format", "pattern", "contentEncoding", "contentMediaType"):
            if isinstance(s.get(key), str):
                fields[key] = s[key]
        for key in ("minLength", "maxLength"):
            if key in s and _count(s[key]) is not None:
                fields[key] = _count(s[key])
        return self.finish(StringShape, nullable, **fields)

    def number(self, nullable: bool, integer: bool = False) -> SomeShape:
        s = self.schema
        self.used.update(_NUMBER_KEYS)
        minimum, maximum = _number(s.get("minimum")), _number(s.get("maximum"))
        low, high = s.get("exclusiveMinimum"), s.get("exclusiveMaximum")
        # draft-04 booleans: ``exclusiveMinimum: true`` makes ``minimum`` exclusive
        if low is True:
            low, minimum = minimum, None
        if high is True:
            high, maximum = maximum, None
        multiple = _number(s.get("multipleOf"))
        return self.finish(
            NumberShape,
            nullable,
            integer=integer,
            minimum=minimum,
            maximum=maximum,
            exclusiveMinimum=_number(low),
            exclusiveMaximum=_number(high),
            multipleOf=multiple if multiple and multiple > 0 else None,
        )

    def integer(self, nullable: bool) -> SomeShape:
        return self.number(nullable, integer=True)

    def boolean(self, nullable: bool) -> SomeShape:
        return self.finish(BooleanShape, nullable)

    def null(self, nullable: bool) -> SomeShape:
        return self.finish(NullShape)

    def array(self, nullable: bool) -> SomeShape:
        s = self.schema
        self.used.update(_ARRAY_KEYS)
        bounds = {"minItems": _count(s.get("minItems")), "maxItems": _count(s.get("maxItems"))}
        if isinstance(s.get("prefixItems"), list):
            rest = s.get("items")
            return self.tuple_(s["prefixItems"], rest, nullable, bounds)
        if isinstance(s.get("items"), list):  # draft-07 tuple form
            return self.tuple_(s["items"], s.get("additionalItems"), nullable, bounds)
        items = self.child(s["items"]) if "items" in s else AnyShape()
        return self.finish(ArrayShape, nullable, items=items, uniqueItems=s.get("uniqueItems") is True, **bounds)

    def tuple_(self, prefix: list[Any], rest: Any, nullable: bool, bounds: dict[str, Any]) -> SomeShape:
        shapes = tuple(self.child(p) for p in prefix)
        rest_shape = None if rest is None or rest is False else self.child(rest)
        return self.finish(TupleShape, nullable, prefix=shapes, rest=rest_shape, **bounds)

    def object(self, nullable: bool) -> SomeShape:
        s = self.schema
        self.used.update(_OBJECT_KEYS)
        raw_required = given if isinstance(given := s.get("required"), list) else []
        required = _dedupe(r for r in raw_required if isinstance(r, str))
        required_set = set(required)
        raw_props = given if isinstance(given := s.get("properties"), dict) else {}
        properties = [Property(name, self.child(sub), name in required_set) for name, sub in raw_props.items()]
        named = set(raw_props)
        # a required name with no schema must still be present: any value
        properties += [Property(name, AnyShape(), True) for name in required if name not in named]
        named.update(required)
        conditional = self.conditional_properties(named)
        properties += [Property(name, self.child(sub), False) for name, sub in conditional]
        return self.finish(
            ObjectShape,
            nullable,
            properties=tuple(properties),
            additional=self.additional(s.get("additionalProperties")),
            patterns=self.patterns(s.get("patternProperties")),
            propertyNames=self.child(s["propertyNames"]) if "propertyNames" in s else None,
            minProperties=_count(s.get("minProperties")),
            maxProperties=_count(s.get("maxProperties")),
            dependentRequired=self.dependent_required(),
            conditional=tuple(name for name, _ in conditional),
        )

    def additional(self, raw: Any) -> SomeShape | None:
        if raw is None or raw is True or raw == {}:
            return None
        return self.child(raw)

    def patterns(self, raw: Any) -> tuple[tuple[str, SomeShape], ...]:
        if not isinstance(raw, dict):
            return ()
        return tuple((pattern, self.child(sub)) for pattern, sub in raw.items())

    def dependent_required(self) -> tuple[tuple[str, tuple[str, ...]], ...]:
        s = self.schema
        pairs: dict[str, tuple[str, ...]] = {}
        for source in (s.get("dependencies"), s.get("dependentRequired")):
            if isinstance(source, dict):
                for name, needs in source.items():
                    if isinstance(needs, list):
                        pairs[name] = tuple(n for n in needs if isinstance(n, str))
        return tuple(pairs.items())

    def conditional_properties(self, named: set[str]) -> list[tuple[str, Any]]:
        """Properties that only ``then``/``else``/``dependentSchemas`` (draft-07 schema
        ``dependencies``) name: offered as optional, in the order first met."""
        s = self.schema
        sources: list[Any] = [s.get("then"), s.get("else")]
        for key in ("dependentSchemas", "dependencies"):
            if isinstance(s.get(key), dict):
                sources += [v for v in s[key].values() if isinstance(v, (dict, bool))]
        found: list[tuple[str, Any]] = []
        for source in sources:
            expanded = self.walk.expand(source, self.refs, self.path) if source is not None else None
            if not isinstance(expanded, tuple):
                continue
            props = expanded[0].get("properties")
            for name, sub in props.items() if isinstance(props, dict) else ():
                if name not in named:
                    named.add(name)
                    found.append((name, sub))
        return found


_BUILDERS = {
    "string": _Build.string,
    "number": _Build.number,
    "integer": _Build.integer,
    "boolean": _Build.boolean,
    "null": _Build.null,
    "array": _Build.array,
    "object": _Build.object,
}


# --------------------------------------------------------------------------- helpers

_NO_CONST = object()


def _constant(schema: dict[str, Any]) -> Any:
    """The single value a branch allows (``const`` or a one-value ``enum``), else ``_NO_CONST``."""
    if "const" in schema:
        return schema["const"]
    enum = schema.get("enum")
    if isinstance(enum, list) and len(enum) == 1:
        return enum[0]
    return _NO_CONST


def _is_null_schema(schema: dict[str, Any]) -> bool:
    keys = set(schema) - _META_KEYS - _SILENT_KEYS | ({"type"} & set(schema))
    if schema.get("type") == "null" and keys <= {"type"}:
        return True
    return "const" in schema and schema["const"] is None and keys <= {"const", "type"}


def _discriminator(shapes: tuple[SomeShape, ...]) -> str | None:
    """An object property every branch fixes to a different constant."""
    if not all(isinstance(s, ObjectShape) for s in shapes):
        return None
    first = shapes[0]
    assert isinstance(first, ObjectShape)
    for prop in first.properties:
        values = [_fixed(s, prop.name) for s in shapes]
        if all(v is not _NO_CONST for v in values) and len({_json(v) for v in values}) == len(values):
            return prop.name
    return None


def _fixed(shape: SomeShape, name: str) -> Any:
    assert isinstance(shape, ObjectShape)
    for prop in shape.properties:
        if prop.name == name:
            if isinstance(prop.shape, ConstShape):
                return prop.shape.value
            if isinstance(prop.shape, EnumShape) and len(prop.shape.values) == 1:
                return prop.shape.values[0]
    return _NO_CONST


def _branch_label(shapes: tuple[SomeShape, ...], index: int, discriminator: str | None) -> str:
    """A branch's title; else its discriminator value; else, for an object, the properties only
    it has ("With line"); else its kind ("Text"); else "Option n"."""
    shape = shapes[index]
    if shape.title:
        return shape.title
    if discriminator is not None:
        value = _fixed(shape, discriminator)
        return value if isinstance(value, str) else _json(value)
    if isinstance(shape, ObjectShape):
        others = [o for i, o in enumerate(shapes) if i != index and isinstance(o, ObjectShape)]
        own = [p.name for p in shape.properties if not all(_has(o, p.name) for o in others)]
        if own and others:
            return messages.BRANCH_WITH.format(names=", ".join(humanize(n).lower() for n in own[:2]))
    kind = type(shape).__name__.removesuffix("Shape")
    return messages.SHAPE_LABELS.get(kind) or messages.BRANCH_LABEL.format(n=index + 1)


def _has(shape: ObjectShape, name: str) -> bool:
    return any(p.name == name for p in shape.properties)


def _distinct(labels: tuple[str, ...]) -> tuple[str, ...]:
    """Labels a person can tell apart: a repeated label gets its position ("Text (2)")."""
    return tuple(
        label if labels.count(label) == 1 else f"{label} ({i + 1})" for i, label in enumerate(labels)
    )


def _with_meta(shape: SomeShape, meta: dict[str, Any]) -> SomeShape:
    """The branch's shape, carrying the union's own annotations where it has none."""
    changes = {k: v for k, v in meta.items() if getattr(shape, k) in (None, (), False, UNSET) or k == "nullable"}
    return msgspec.structs.replace(shape, **changes)


def _meta_only(schema: dict[str, Any]) -> dict[str, Any]:
    meta: dict[str, Any] = {}
    if isinstance(schema.get("title"), str):
        meta["title"] = _clip(schema["title"], MAX_TITLE)
    if isinstance(schema.get("description"), str):
        meta["description"] = _clip(schema["description"], MAX_DESCRIPTION)
    return meta


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _count(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return value if isinstance(value, int) and 0 <= value < 2**53 else None


def _number(value: Any) -> float | None:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:
        return None
    if not math.isfinite(number):
        return None
    return value  # ints stay ints: ``minimum: 72`` is shown as 72, not 72.0


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _kind(value: Any) -> str:
    return {dict: "object", list: "array", str: "string", bool: "boolean", type(None): "null"}.get(
        type(value), "number"
    )


def _json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _dedupe(values: Any) -> list[Any]:
    return list(dict.fromkeys(values))


def _dedupe_json(values: list[Any]) -> list[Any]:
    seen: set[Any] = set()
    out = []
    for v in values:
        # scalars key by (type, value) — no serializing; 1 and True and 1.0 stay distinct values
        key = (type(v), v) if isinstance(v, (str, int, float, bool, type(None))) else _json(v)
        if key not in seen:
            seen.add(key)
            out.append(v)
    return out
