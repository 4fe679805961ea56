"""pydantic models of the LayoutSpec, derived from its types (``spec.py``) on first use.

Only a spec from outside needs them (``check_spec``, ``spec_schema``): the heuristic layout never
imports this module, nor pydantic. Each spec part becomes a model of the same name and fields:
a ``msgspec.Meta`` length bound becomes the field's ``min_length``/``max_length``, a nested part
its model, a default the same default; models forbid extra keys and are frozen. So pydantic's
errors and JSON Schema are what they were when the spec was written as pydantic models.
"""

from __future__ import annotations

import types
from functools import cache
from typing import Annotated, Any, Union, get_args, get_origin

import msgspec
from pydantic import BaseModel, ConfigDict, Field, create_model

from .spec import LayoutSpec, _Spec, fields_of

_CONFIG = ConfigDict(extra="forbid", frozen=True, defer_build=True)


@cache
def model_for(part: type[_Spec]) -> type[BaseModel]:
    """The pydantic model of one spec part (``LayoutSpec``, ``InputLayout``, …)."""
    hints = {f.name: f.type for f in msgspec.structs.fields(part)}
    fields: dict[str, Any] = {}
    for name, default in fields_of(part):
        annotation, bounds = _split(hints[name])
        if isinstance(default, _Spec):
            default = model_for(type(default))()
        fields[name] = (annotation, Field(... if default is msgspec.NODEFAULT else default, **bounds))
    return create_model(part.__name__, __config__=_CONFIG, __module__=__name__, **fields)


def _split(hint: Any) -> tuple[Any, dict[str, int]]:
    """A field's type for pydantic, and its length bounds (which pydantic takes on the field)."""
    if get_origin(hint) is Annotated:
        inner, *metas = get_args(hint)
        bounds = {k: v for m in metas if isinstance(m, msgspec.Meta) for k in ("min_length", "max_length")
                  if (v := getattr(m, k)) is not None}
        return _split(inner)[0], bounds
    if get_origin(hint) in (Union, types.UnionType):
        parts = [_split(arg) for arg in get_args(hint)]
        bounds = {k: v for _, b in parts for k, v in b.items()}
        return Union[tuple(t for t, _ in parts)], bounds  # noqa: UP007 - a union of types known only at run time
    if get_origin(hint) is list:
        return list[_split(get_args(hint)[0])[0]], {}
    if isinstance(hint, type) and issubclass(hint, _Spec):
        return model_for(hint), {}
    return hint, {}


def validate(part: type[_Spec], value: Any) -> Any:
    """``value`` as ``part`` (pydantic's validation: raises ``pydantic.ValidationError``)."""
    model = model_for(part).model_validate(value)
    return msgspec.convert(model.model_dump(), part)


def parse(value: Any) -> tuple[LayoutSpec | None, list[tuple[tuple, str]]]:
    """``value`` as a LayoutSpec, or each error's location and message."""
    from pydantic import ValidationError

    try:
        return validate(LayoutSpec, value), []
    except ValidationError as error:
        return None, [(e["loc"], e["msg"]) for e in error.errors()]
