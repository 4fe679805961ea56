"""The tool's own next page, from its input and ``outputSchema`` (``leads``' paging phase).

**Paging** (the tool itself), from its input:

* cursor — an input ``cursor``, ``page_token``, ``next_page_token``, ``next_token``,
  ``continuation_token``, ``after`` or ``starting_after`` (string or integer). With an
  ``outputSchema`` the next value is a property named ``next_cursor``/``next_page_token``/
  ``next_token``/``next``/``end_cursor``/``continuation_token`` (or ``next_<argument>``) at the top
  or one object down (``pageInfo.endCursor``, its ``hasNextPage`` beside it is ``more``); none: no
  paging. Without one, ``next`` holds the conventional top-level pointers (the runtime tries them).
  Mode ``more`` (rows appended).
* page — an integer input ``page``; offset — an integer ``offset``/``skip``/``start`` beside a
  limit-like input (``limit``, ``page_size``, ``per_page``, ``count``, ``max_results``, ``top``,
  ``size``: ``limit`` names it). Both need an ``outputSchema`` that says there is more: a
  ``has_more``/``has_next``/``more`` boolean, a ``total``/``total_count`` (offset) or
  ``total_pages``/``page_count`` (page), or a ``next_offset``/``next_page``. Mode ``pages``.
* ``rows``: the first array property beside the next value (else at the top), when the schema has one.
"""

from __future__ import annotations

from typing import Literal

from compiler.normalize import ArrayShape, ObjectShape, SomeShape
from components import pointers
from components.nodes import Paging

from .tools import Arg, ToolInfo, normal

# --------------------------------------------------------------------------- paging names

CURSOR_INPUTS = frozenset(
    {"cursor", "pagetoken", "nextpagetoken", "nexttoken", "continuationtoken", "after", "startingafter"}
)
OFFSET_INPUTS = frozenset({"offset", "skip", "start"})
LIMIT_INPUTS = ("limit", "pagesize", "perpage", "count", "maxresults", "top", "size")
NEXT_NAMES = ("nextcursor", "nextpagetoken", "nexttoken", "next", "endcursor", "continuationtoken", "nextcontinuationtoken")
MORE_NAMES = ("hasmore", "hasnext", "hasnextpage", "more", "moreresults")
TOTAL_NAMES = ("total", "totalcount", "totalitems", "totalresults")
TOTAL_PAGES_NAMES = ("totalpages", "pagecount", "pages")
NEXT_OFFSET_NAMES = ("nextoffset",)
NEXT_PAGE_NAMES = ("nextpage",)
CONVENTIONAL_NEXT = (
    "/next_cursor", "/nextCursor", "/next_page_token", "/nextPageToken", "/next_token", "/nextToken",
    "/pageInfo/endCursor", "/next",
)
"""Where a cursor's next value usually is, when no ``outputSchema`` says (tried in order)."""

# --------------------------------------------------------------------------- paging


def find_paging(me: ToolInfo, shape: SomeShape | None) -> Paging | None:
    """How ``me`` pages (None: it does not); ``shape``: its ``outputSchema``, normalized."""
    inputs = list(me.inputs.values())
    cursor = next((a for a in inputs if a.norm in CURSOR_INPUTS and a.kind in ("string", "integer")), None)
    if cursor is not None:
        return _cursor(cursor, shape)
    page = next((a for a in inputs if a.norm == "page" and a.kind == "integer"), None)
    limit = next((me.inputs[n] for n in LIMIT_INPUTS if n in me.inputs and me.inputs[n].kind == "integer"), None)
    offset = next((a for a in inputs if a.norm in OFFSET_INPUTS and a.kind == "integer"), None)
    if page is not None and isinstance(shape, ObjectShape):
        return _counted("page", page, shape, TOTAL_PAGES_NAMES, NEXT_PAGE_NAMES, None)
    if offset is not None and limit is not None and isinstance(shape, ObjectShape):
        return _counted("offset", offset, shape, TOTAL_NAMES, NEXT_OFFSET_NAMES, limit)
    return None


def _cursor(cursor: Arg, shape: SomeShape | None) -> Paging | None:
    if shape is None:
        return Paging(style="cursor", argument=cursor.name, next=CONVENTIONAL_NEXT, mode="more")
    if not isinstance(shape, ObjectShape):
        return None
    found = _find(shape, (*NEXT_NAMES, "next" + cursor.norm))
    if not found:
        return None
    parent = found[0].rsplit("/", 1)[0]
    return Paging(
        style="cursor",
        argument=cursor.name,
        next=tuple(found),
        more=next(iter(_find(shape, MORE_NAMES)), None),
        rows=_rows(shape, parent),
        mode="more",
    )


def _counted(
    style: Literal["page", "offset"], arg: Arg, shape: ObjectShape, totals: tuple[str, ...],
    nexts: tuple[str, ...], limit: Arg | None,
) -> Paging | None:
    more = next(iter(_find(shape, MORE_NAMES)), None)
    total = next(iter(_find(shape, totals)), None)
    after = _find(shape, nexts)
    if more is None and total is None and not after:
        return None  # nothing says there is a next page
    return Paging(
        style=style, argument=arg.name, next=tuple(after), more=more, total=total,
        limit=limit.name if limit else None, rows=_rows(shape, ""), mode="pages",
    )


def _find(shape: ObjectShape, names: tuple[str, ...]) -> list[str]:
    """Pointers of the properties named ``names`` (in that order of preference), at the top, then
    one object down (``pageInfo.endCursor``)."""
    wanted = {n: i for i, n in enumerate(names)}
    top = [(wanted[normal(p.name)], pointers.child("", p.name)) for p in shape.properties if normal(p.name) in wanted]
    nested = [
        (wanted[normal(q.name)], pointers.child(pointers.child("", p.name), q.name))
        for p in shape.properties if isinstance(p.shape, ObjectShape)
        for q in p.shape.properties if normal(q.name) in wanted
    ]
    return [pointer for _, pointer in sorted(top)] + [pointer for _, pointer in sorted(nested)]


def _rows(shape: ObjectShape, parent: str) -> str | None:
    """The first array beside the next value (``parent``), else at the top."""
    for where in dict.fromkeys((parent, "")):
        holder = _at(shape, where)
        if holder is not None:
            for prop in holder.properties:
                if isinstance(prop.shape, ArrayShape):
                    return pointers.child(where, prop.name)
    return None


def _at(shape: ObjectShape, pointer: str) -> ObjectShape | None:
    for token in pointers.tokens(pointer):
        prop = next((p for p in shape.properties if p.name == token), None)
        if prop is None or not isinstance(prop.shape, ObjectShape):
            return None
        shape = prop.shape
    return shape
