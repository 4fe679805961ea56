"""Local ``$ref`` resolution, through ``referencing`` (the library ``jsonschema`` itself uses).

Only references inside the schema being normalized resolve: ``#``, ``#/$defs/x``,
``#/definitions/x``, any JSON Pointer fragment, ``$anchor``s and ``$id``-relative references to
embedded resources. Nothing is ever fetched: a reference to another document is unresolvable and
the caller records why. The dialect comes from ``$schema`` (draft-07 and 2020-12 differ in how
``$id`` and ``$ref`` siblings behave); without one, 2020-12, the MCP default.

Most tool schemas (pydantic's among them) refer only by pointer (``#/$defs/X``) inside a document
that embeds no other resource: no ``$id`` below the root, no draft-04 ``id``. There a pointer
means the same place from anywhere, and it is followed here, to the place ``referencing`` finds
(``_follow``; tests/unit/test_refs.py holds the two to the same answers); importing ``referencing`` (~25 ms, most of a small tool's start-up) waits for
a reference that needs it — an anchor, a URI, a document with embedded resources.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from components import pointers

if TYPE_CHECKING:
    from referencing import Resource

from .. import messages

_ROOT_URI = "urn:compile-ui:root"


class Refs:
    """Resolves references relative to one position in the schema (a ``referencing`` resolver;
    ``None``: the root document's, made when a reference first needs it)."""

    __slots__ = ("_resolver", "_root", "_plain")

    def __init__(self, resolver: Any, root: Any = None) -> None:
        self._resolver = resolver
        self._root = root
        self._plain: bool | None = None

    @classmethod
    def for_root(cls, root: Any) -> Refs:
        """Resolution from the document root; the registry is built on the first ``$ref`` only
        (most tool schemas have none, and building it is most of the cost of a small schema)."""
        return cls(None, root)

    def lookup(self, ref: str) -> tuple[Any, Refs] | str:
        """The referenced schema and the resolver for inside it, or the reason it is unresolvable."""
        if self._resolver is None and ref[:1] == "#" and ref[1:2] in ("", "/") and self._is_plain():
            try:
                found = _follow(self._root, ref[1:])
            except (LookupError, TypeError):  # where referencing fails too: no such key, a boolean
                return messages.REF_UNRESOLVABLE.format(ref=ref)
            if found is not _ASK_REFERENCING:
                return found, self
        from referencing.exceptions import Unresolvable  # imported with the first $ref that needs it

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


    def _is_plain(self) -> bool:
        if self._plain is None:
            self._plain = _embeds_nothing(self._root)
        return self._plain


def _embeds_nothing(root: Any) -> bool:
    """An object with no ``$id`` below it, and not a draft-04 (or -03) document, whose ``id`` can
    hide in any schema: every pointer then resolves against the root, wherever it is written."""
    if not isinstance(root, dict):
        return False
    dialect = root.get("$schema")
    if isinstance(dialect, str) and ("draft-04" in dialect or "draft-03" in dialect):
        return False
    stack = list(root.values())
    while stack:
        value = stack.pop()
        if isinstance(value, dict):
            if "$id" in value:
                return False
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return True


_ASK_REFERENCING = object()


def _follow(root: dict[str, Any], pointer: str) -> Any:
    """What the JSON Pointer ``pointer`` (a fragment, percent-encoded: decoded before it is split,
    as ``referencing`` reads it) points to in ``root``, through objects only; a missing key raises
    ``KeyError``. ``_ASK_REFERENCING`` when a step lands on a value that is neither an object nor
    a boolean: ``referencing`` reads such a value as a schema, or fails on it, depending on the
    keyword above it and the dialect, so it answers that one."""
    contents: Any = root
    for token in pointers.tokens(unquote(pointer)):
        contents = contents[token]
        if not isinstance(contents, (dict, bool)):
            return _ASK_REFERENCING
    return contents


def _resource(root: Any) -> Resource:
    import referencing.jsonschema as dialects
    from referencing import Resource

    try:
        return Resource.from_contents(root, default_specification=dialects.DRAFT202012)
    except (dialects.UnknownDialect, TypeError, AttributeError, ValueError):
        # an unknown or non-string ``$schema``: read it as 2020-12 rather than refuse it
        return dialects.DRAFT202012.create_resource(root)
