"""The catalog's JSON Schema, generated from the node types.

``components/schema.json`` is committed: it is the contract with the runtime and with anyone who
writes trees by hand. ``python -m components.schema`` regenerates it; a test fails on drift.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec

from .nodes import AnyNode

SCHEMA_PATH = Path(__file__).with_name("schema.json")


def catalog_schema() -> dict[str, Any]:
    """The JSON Schema (2020-12) of a component tree, from the msgspec types."""
    schema = msgspec.json.schema(AnyNode)
    defs = schema.pop("$defs")
    # msgspec inlines the whole tagged union at every ``children``; name it once instead.
    defs["AnyNode"] = schema
    ref = {"$ref": "#/$defs/AnyNode"}
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://compile-ui.invalid/components/schema.json",
        "title": "compile-ui component tree",
        **ref,
        "$defs": {name: _name_union(body, schema, ref) for name, body in defs.items()},
    }


def _name_union(value: Any, union: dict[str, Any], ref: dict[str, str]) -> Any:
    if isinstance(value, dict):
        return {k: ref if v == union else _name_union(v, union, ref) for k, v in value.items()}
    if isinstance(value, list):
        return [_name_union(v, union, ref) for v in value]
    return value


def catalog_schema_text() -> str:
    return json.dumps(catalog_schema(), indent=2, sort_keys=True) + "\n"


def main() -> None:
    SCHEMA_PATH.write_text(catalog_schema_text(), encoding="utf-8")
    print(f"wrote {SCHEMA_PATH}")


if __name__ == "__main__":
    main()
