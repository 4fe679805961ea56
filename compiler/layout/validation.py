"""pydantic models of the LayoutSpec, derived from its types (``spec.py``) on first use.

Only a spec from outside needs them: ``check_spec`` (``parse``) and ``spec_schema``
(``json_schema``) import this module when first called; the heuristic layout never imports it,
nor pydantic. Each spec part becomes a model of the same name and fields:
a ``msgspec.Meta`` length bound becomes the field's ``min_length``/``max_length``, a nested part
its model, a default the same default; models forbid extra keys and are frozen. So pydantic's
errors and JSON Schema are what they were when the spec was written as pydantic models.
"""

from __future__ import annotations

import types
from functools import cache
from typing import Annotated, Any, TypedDict, Union, get_args, get_origin

import msgspec
from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from .spec import LayoutSpec, SpecPart, fields_of

_CONFIG = ConfigDict(extra="forbid", frozen=True, defer_build=True)


@cache
def model_for(part: type[SpecPart]) -> type[BaseModel]:
    """The pydantic model of one spec part (``LayoutSpec``, ``InputLayout``, …)."""
    hints = {f.name: f.type for f in msgspec.structs.fields(part)}
    fields: dict[str, Any] = {}
    for name, default in fields_of(part):
        annotation, bounds = _split(hints[name])
        if isinstance(default, SpecPart):
            default = model_for(type(default))()
        fields[name] = (annotation, Field(... if default is msgspec.NODEFAULT else default, **bounds))
    return create_model(part.__name__, __config__=_CONFIG, __module__=__name__, **fields)


class _Bounds(TypedDict, total=False):
    min_length: int
    max_length: int


def _split(hint: Any) -> tuple[Any, _Bounds]:
    """A field's type for pydantic, and its length bounds (which pydantic takes on the field)."""
    if get_origin(hint) is Annotated:
        inner, *metas = get_args(hint)
        bounds: _Bounds = {}
        for meta in metas:
            if isinstance(meta, msgspec.Meta) and meta.min_length is not None:
                bounds["min_length"] = meta.min_length
            if isinstance(meta, msgspec.Meta) and meta.max_length is not None:
                bounds["max_length"] = meta.max_length
        return _split(inner)[0], bounds
    if get_origin(hint) in (Union, types.UnionType):
        parts = [_split(arg) for arg in get_args(hint)]
        merged: _Bounds = {}
        for _, part_bounds in parts:
            merged.update(part_bounds)
        return Union[tuple(t for t, _ in parts)], merged  # noqa: UP007 - a union of types known only at run time
    if get_origin(hint) is list:
        return types.GenericAlias(list, (_split(get_args(hint)[0])[0],)), {}
    if isinstance(hint, type) and issubclass(hint, SpecPart):
        return model_for(hint), {}
    return hint, {}


def parse(value: Any) -> tuple[LayoutSpec | None, list[tuple[tuple[str | int, ...], str]]]:
    """``value`` as a LayoutSpec (pydantic's rules), or each error's location and message."""
    try:
        model = model_for(LayoutSpec).model_validate(value)
    except ValidationError as error:
        return None, [(e["loc"], e["msg"]) for e in error.errors()]
    return msgspec.convert(model.model_dump(), LayoutSpec), []


def json_schema() -> dict[str, Any]:
    """The JSON Schema pydantic gives for a LayoutSpec (``spec_schema`` narrows it per tool)."""
    return model_for(LayoutSpec).model_json_schema()
