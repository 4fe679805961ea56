"""JSON Pointer (RFC 6901): the one place Python escapes, joins and parses pointers.

    escape(name)        a reference token: ``~`` → ``~0``, ``/`` → ``~1``
    unescape(token)     the name a token stands for (``escape`` undone)
    join(tokens)        ``["a/b", 0]`` → ``"/a~1b/0"``; no tokens → ``""`` (the whole document)
    child(pointer, t)   ``pointer`` one token deeper
    tokens(pointer)     ``"/a~1b/0"`` → ``["a/b", "0"]``; a pointer must be empty or start with ``/``

Binds, column pointers, ids and every problem's location are built and read through these
(the runtime has its own pair, ``tok`` and ``esc`` in runtime_js/runtime.js). No imports: every phase,
``components`` included, may use it.
"""

from __future__ import annotations

from collections.abc import Iterable

__all__ = ["escape", "unescape", "join", "child", "tokens"]


def escape(name: str | int) -> str:
    return str(name).replace("~", "~0").replace("/", "~1")


def unescape(token: str) -> str:
    return token.replace("~1", "/").replace("~0", "~")


def join(parts: Iterable[str | int]) -> str:
    return "".join("/" + escape(part) for part in parts)


def child(pointer: str, name: str | int) -> str:
    return pointer + "/" + escape(name)


def tokens(pointer: str) -> list[str]:
    if not pointer:
        return []
    if not pointer.startswith("/"):
        raise ValueError(f"{pointer!r} is not a JSON Pointer: it must be empty or start with '/'")
    return [unescape(token) for token in pointer[1:].split("/")]
