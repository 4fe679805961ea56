"""The runtime's words: named in its sources by key, written into its shipped bytes from the catalog.

Every word the runtime shows a person lives in ``compiler.messages.RUNTIME`` (beside the server's
words), by key. A runtime source names one as ``M.key``; a word with places (``"At least {0}."``)
is called with their values, ``M.atLeast(p.minimum)``; a pair of noun forms (``["row", "rows"]``)
is an array. ``fill`` replaces each with its text as a JavaScript literal — a call with the
concatenation of the text's parts and the arguments, ``("At least " + (p.minimum) + ".")`` — before
the build minifies the source (and when the compact sources ship, ``COMPILE_UI_RUNTIME=sources``).
So a page carries exactly the words its modules use, for the bytes an inline literal takes.

A source never names ``M`` otherwise; a key the catalog lacks, or a call that does not fit its
word, fails the build. Typography (``—``, ``…``, ``·``) and what is not for a person (JSON-RPC
errors to the host, log lines) stay in the code.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator, Mapping
from functools import cache

__all__ = ["catalog", "declaration", "fill", "used"]

_USE = re.compile(r"\bM\.([A-Za-z]\w*)")
_PLACE = re.compile(r"\{(\d+)\}")
_PAIRS = {"(": ")", "[": "]", "{": "}"}


@cache
def catalog() -> Mapping[str, str | tuple[str, ...]]:
    from compiler.messages import RUNTIME

    return RUNTIME


def used(source: str) -> set[str]:
    """The keys a source names."""
    return set(_USE.findall(source))


def fill(source: str, words: Mapping[str, str | tuple[str, ...]] | None = None) -> str:
    """``source`` with every ``M.key`` (or ``M.key(args)``) replaced by its word as a literal."""
    words = catalog() if words is None else words
    out, at = [], 0
    for match in _USE.finditer(source):
        if match.start() < at:  # in the values of a word just replaced (filled with it)
            continue
        key = match.group(1)
        if key not in words:
            raise ValueError(f"the runtime names M.{key}, which compiler.messages.RUNTIME lacks")
        out.append(source[at : match.start()])
        literal, at = _literal(key, words, source, match.end())
        out.append(literal)
    out.append(source[at:])
    return "".join(out)


def _literal(key: str, words: Mapping[str, str | tuple[str, ...]], source: str, end: int) -> tuple[str, int]:
    """The literal for the word of ``key``, named at ``source[:end]``, and where the source goes on."""
    word = words[key]
    places = {int(n) for n in _PLACE.findall(word)} if isinstance(word, str) else set()
    called = source.startswith("(", end)
    if not isinstance(word, str) or not places:  # a list of words, or a word with nothing to fill
        if called:
            raise ValueError(f"M.{key} is called, but its word has no places: {word!r}")
        return json.dumps(list(word) if isinstance(word, tuple) else word, ensure_ascii=False), end
    if not called:
        raise ValueError(f"M.{key} has places to fill ({word!r}): call it with their values")
    args, end = _arguments(source, end)
    if places != set(range(len(args))):
        raise ValueError(f"M.{key} takes {len(places)} values ({word!r}), not {len(args)}")
    values = [fill(arg, words).strip() for arg in args]  # a value may name words too
    pieces = [json.dumps(part, ensure_ascii=False) if i % 2 == 0 else f"({values[int(part)]})"
              for i, part in enumerate(_PLACE.split(word)) if part]
    if len(pieces) < 2 or not (pieces[0].startswith('"') or pieces[1].startswith('"')):
        pieces.insert(0, '""')  # no text in the first two: + must join text, never add numbers
    return "(" + " + ".join(pieces) + ")", end


def _arguments(source: str, start: int) -> tuple[list[str], int]:
    """The comma-separated arguments of the call whose ``(`` is at ``start``, and the index just
    past its ``)``. Brackets nest; strings are skipped whole (a regex literal in an argument must
    hold no bracket, quote or comma)."""
    args, stack, i, begin = [], [], start, start + 1
    for i, ch in _scan(source, start):
        if ch in _PAIRS:
            stack.append(_PAIRS[ch])
        elif ch in ")]}":
            if not stack or stack.pop() != ch:
                raise ValueError(f"unbalanced {ch!r} at {i} in the arguments of a word")
            if not stack:
                args.append(source[begin:i])
                return ([] if args == [""] else args), i + 1
        elif ch == "," and len(stack) == 1:
            args.append(source[begin:i])
            begin = i + 1
    raise ValueError(f"the call of a word at {start} never closes")


def _scan(source: str, start: int) -> Iterator[tuple[int, str]]:
    """Each character outside string literals, from ``start``."""
    i = start
    while i < len(source):
        ch = source[i]
        if ch in "\"'`":
            i += 1
            while source[i] != ch:
                i += 2 if source[i] == "\\" else 1
        else:
            yield i, ch
        i += 1


DECLARATION = "types/words.d.ts"
"""Where the build writes ``declaration()``, beside the runtime's other type declarations."""


def declaration(words: Mapping[str, str | tuple[str, ...]] | None = None) -> str:
    """TypeScript's view of the words (``runtime_js/types/words.d.ts``, written by the build): the
    sources' ``M.key`` checked by ``tsc`` as the build's ``fill`` reads them — a word with places is
    a function of that many values, a pair of noun forms a pair of strings, any other a string."""
    words = catalog() if words is None else words
    lines = [
        "// Written by `python -m runtime_js.build` from compiler.messages.RUNTIME: do not edit.",
        "// The runtime's words as its sources name them (M.key); the build writes each in as a literal.",
        "declare const M: {",
    ]
    for key in sorted(words):
        word = words[key]
        if not isinstance(word, str):
            lines.append(f"  readonly {key}: readonly [{', '.join('string' for _ in word)}];")
            continue
        places = sorted({int(n) for n in _PLACE.findall(word)})
        if places:
            params = ", ".join(f"value{n}: unknown" for n in places)
            lines.append(f"  {key}({params}): string;")
        else:
            lines.append(f"  readonly {key}: string;")
    lines.append("};")
    return "\n".join(lines) + "\n"

