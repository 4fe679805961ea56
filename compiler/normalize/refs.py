"""Local ``$ref`` resolution, through ``referencing`` (the library ``jsonschema`` itself uses).

Only references inside the schema being normalized resolve: ``#``, ``#/$defs/x``,
``#/definitions/x``, any JSON Pointer fragment, ``$anchor``s and ``$id``-relative references to
embedded resources. Nothing is ever fetched: a reference to another document is unresolvable and
the caller records why. The dialect comes from ``$schema`` (draft-07 and 2020-12 differ in how
``$id`` and ``$ref`` siblings behave); without one, 2020-12, the MCP default.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from referencing import Resource

from .. import messages

_ROOT_URI = "urn:compile-ui:root"


class Refs:
    """Resolves references relative to one position in the schema (a ``referencing`` resolver)."""

    __slots__ = ("_resolver", "_root")

    def __init__(self, resolver: Any, root: Any = None) -> None:
        self._resolver = resolver
        self._root = root

    @classmethod
    def for_root(cls, root: Any) -> "Refs":
        """Resolution from the document root; the registry is built on the first ``$ref`` only
        (most tool schemas have none, and building it is most of the cost of a small schema)."""
        return cls(None, root)

    def lookup(self, ref: str) -> tuple[Any, "Refs"] | str:
        """The referenced schema and the resolver for inside it, or the reason it is unresolvable."""
        from referencing.exceptions import Unresolvable  # imported with the first $ref: most schemas have none

        if self._resolver is None:
            from referencing import Registry

            registry = Registry().with_resource(_ROOT_URI, _resource(self._root))
            self._resolver = registry.resolver(base_uri=_ROOT_URI)
        try:
            resolved = self._resolver.lookup(ref)
        except Unresolvable:
            return messages.REF_UNRESOLVABLE.format(ref=ref)
        except (ValueError, TypeError, KeyError, IndexError, AttributeError):
            # a malformed reference (bad percent-escape, pointer through a non-container …)
            return messages.REF_UNRESOLVABLE.format(ref=ref)
        return resolved.contents, Refs(resolved.resolver)


def _resource(root: Any) -> Resource:
    from referencing import Resource
    import referencing.jsonschema as dialects

    try:
        return Resource.from_contents(root, default_specification=dialects.DRAFT202012)
    except (dialects.UnknownDialect, TypeError, AttributeError, ValueError):
        # an unknown or non-string ``$schema``: read it as 2020-12 rather than refuse it
        return dialects.DRAFT202012.create_resource(root)
