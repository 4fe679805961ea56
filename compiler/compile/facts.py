"""What layout needs to know about each form field, stated by compile — which made the ids and
the binds — so that layout never reads their grammar (``#`` scopes in ids, ``*`` in binds).

    facts_of(tree) → {node id: FieldFacts}     for every field under the tree's Form

A side table, not props: the published component schema stays as it is. ``compiler.pipeline``
builds it once per tool (``Compiled.facts``) and hands it to every layout step; a layout step
given a bare tree builds it from that tree.

What each template holds is read off the catalog classes: an ``ArrayField``'s child is its item
template, a ``MapField``'s its value template (an object's rest map included), a ``UnionField``'s
children its branches. Nothing in them is a field of its own: a spec cannot name it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import msgspec

from components import pointers
from components.nodes import App, ArrayField, FieldNode, Form, MapField, Node, UnionField

__all__ = ["Facts", "FieldFacts", "Template", "facts_of"]

Template = Literal["item", "value", "branch"]


class FieldFacts(msgspec.Struct, frozen=True, kw_only=True):
    name: str | None = None
    """The property (or tuple position) the field is bound to, as the schema writes it; ``None``
    for a template, a branch, an object's rest map and the whole arguments."""
    template: Template | None = None
    """The nearest template the field lies in — ``item`` (an array's item template), ``value`` (a
    map's value template), ``branch`` (a union branch) — or ``None``: a field of its own."""


Facts = Mapping[str, FieldFacts]
"""Node id → its facts (only fields have facts)."""

_HOLDS: dict[type[Node], Template] = {ArrayField: "item", MapField: "value", UnionField: "branch"}
"""Field kinds whose children are templates, and what kind."""


def facts_of(tree: App) -> dict[str, FieldFacts]:
    """The facts of every field of the tree's Form (none without a Form)."""
    facts: dict[str, FieldFacts] = {}
    for form in tree.children:
        if isinstance(form, Form):
            for child in form.children:
                _walk(child, "", None, None, facts)
    return facts


def _walk(node: Node, parent_bind: str, holds: Template | None, inside: Template | None, facts: dict[str, FieldFacts]) -> None:
    """``holds``: what the parent field's children are (a template kind, or ``None``: properties or
    positions); ``inside``: the template the parent lies in."""
    if not isinstance(node, FieldNode):  # a Section or Stack in the form: look through it
        for child in node.children:
            _walk(child, parent_bind, holds, inside, facts)
        return
    template = holds or inside
    name = None if holds else _token(node.props.bind, parent_bind)
    facts[node.id] = FieldFacts(name=name, template=template)
    for child in node.children:
        _walk(child, node.props.bind, _HOLDS.get(type(node)), template, facts)


def _token(bind: str, parent_bind: str) -> str | None:
    """The one reference token ``bind`` adds to its parent's (``None``: it adds none)."""
    names, parent = pointers.tokens(bind), pointers.tokens(parent_bind)
    return names[-1] if len(names) == len(parent) + 1 and names[:-1] == parent else None
