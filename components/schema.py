"""The catalog's JSON Schema and its catalog of kinds, both generated from the node types.

``components/schema.json`` is committed: it is the contract with the runtime and with anyone who
writes trees by hand. ``components/catalog.json`` lists every kind with its category (from the
category base classes), the runtime module that builds or hydrates it, the runtime tables it must
be registered in (``runtime_js.catalog`` checks the runtime against it) and its one renderer,
the server or the runtime. ``python -m
components.schema`` regenerates both; a test fails on drift.

The node union dispatches on ``type``: ``AnyNode`` requires a known ``type`` and then applies, for
each kind, ``if {type: const K} then {$ref K}``. A standard validator therefore checks each node
against one definition only, and a tree validates in time linear in its size (an ``anyOf`` of
every kind made python-jsonschema retry every branch at every level: exponential in depth).
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import msgspec

from . import pointers
from .nodes import NODE_TYPES, AnyNode, category

SCHEMA_PATH = Path(__file__).with_name("schema.json")
CATALOG_PATH = Path(__file__).with_name("catalog.json")

HOOKS = {"field": ("FIELDS",), "view": ("NODES",)}
"""Per category: the runtime tables that must list a kind (layout kinds are in none: the runtime
looks through any node that is not a field, and only hydrates tabs)."""


def catalog_schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of a component tree, from the msgspec types."""
    schema = _cleaned(msgspec.json.schema(AnyNode))
    defs = schema.pop("$defs")
    ref = {"$ref": "#/$defs/AnyNode"}
    # msgspec inlines the whole tagged union at every ``children``; name it once instead.
    defs = {name: _name_union(body, schema, ref) for name, body in defs.items()}
    defs["AnyNode"] = _dispatch(schema)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://compile-ui.invalid/components/schema.json",
        "title": "compile-ui component tree",
        **ref,
        "$defs": defs,
    }


def _cleaned(schema: Any) -> Any:
    """``schema`` with every description (a type's docstring) dedented as ``inspect.cleandoc``
    does: msgspec 0.23 does so itself and 0.22 did not, and the committed text must not depend on
    which one is installed."""
    if isinstance(schema, dict):
        return {key: inspect.cleandoc(value) if key == "description" and isinstance(value, str) else _cleaned(value)
                for key, value in schema.items()}
    return [_cleaned(item) for item in schema] if isinstance(schema, list) else schema


def _dispatch(union: dict[str, Any]) -> dict[str, Any]:
    """``anyOf`` of every kind → one ``if``/``then`` per kind on the ``type`` const."""
    kinds = [pointers.tokens(branch["$ref"].removeprefix("#"))[-1] for branch in union["anyOf"]]
    return {
        "type": "object",
        "required": ["type"],
        "properties": {"type": {"enum": kinds}},
        "allOf": [
            {
                "if": {"required": ["type"], "properties": {"type": {"const": kind}}},
                "then": {"$ref": f"#/$defs/{kind}"},
            }
            for kind in kinds
        ],
    }


def _name_union(value: Any, union: dict[str, Any], ref: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {k: ref if v == union else _name_union(v, union, ref) for k, v in value.items()}
    if isinstance(value, list):
        return [_name_union(v, union, ref) for v in value]
    return value


def catalog() -> dict[str, Any]:
    """kind → category, runtime module, hooks (the runtime tables that must list it), and its one
    renderer (``server``: compiler/render.py; ``runtime``: the runtime module)."""
    kinds = {}
    for kind, cls in NODE_TYPES.items():
        cat = category(cls)
        kinds[kind] = {"category": cat, "runtime": cls.runtime, "hooks": list(HOOKS.get(cat, ())), "renderer": cls.renderer}
    return {"kinds": kinds}


def _text(value: dict[str, Any]) -> str:
    return json.dumps(value, indent=2, sort_keys=True) + "\n"


def catalog_schema_text() -> str:
    return _text(catalog_schema())


def catalog_text() -> str:
    return _text(catalog())


def main() -> None:
    SCHEMA_PATH.write_text(catalog_schema_text(), encoding="utf-8")
    CATALOG_PATH.write_text(catalog_text(), encoding="utf-8")
    print(f"wrote {SCHEMA_PATH} and {CATALOG_PATH}")


if __name__ == "__main__":
    main()
