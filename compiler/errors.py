"""The one error type user-facing failures travel as, and the one place that raises it."""

from __future__ import annotations

from typing import NoReturn


class CompileUIError(Exception):
    """A problem a user can fix: what (a message from ``compiler.messages``) and where.

    ``pointer`` is a JSON Pointer into ``source`` (a file name, ``-`` for stdin, or a label).
    """

    def __init__(self, message: str, *, pointer: str = "", source: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.pointer = pointer
        self.source = source

    def __str__(self) -> str:
        where = self.source or ""
        if self.pointer or where:
            where = f"{where}#{self.pointer}" if self.pointer else where
            return f"{where}: {self.message}"
        return self.message


def fail(template: str, *, pointer: str = "", source: str | None = None, **values: object) -> NoReturn:
    """Raise a ``CompileUIError`` from a catalog template (``compiler.messages``)."""
    raise CompileUIError(template.format(**values), pointer=pointer, source=source)
