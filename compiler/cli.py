"""The ``compile-ui`` command: a thin dispatcher over plain functions.

``compile-ui FILE …`` compiles tool definitions (``compiler.compile_cli``); the subcommands
live beside the code they drive and are imported only when used, so ``compile-ui FILE`` never
pays for the proxy's imports.
"""

from __future__ import annotations

import gc
import importlib
import os
import sys
from collections.abc import Callable
from typing import Any

# subcommand → "module:function"; each function takes the remaining argv and returns an exit code.
SUBCOMMANDS = {
    "proxy": "compiler.proxy.drivers.cli:main",
    "preview": "compiler.preview.cli:main",
    "demo": "compiler.preview.cli:demo_main",
    "install": "compiler.install.cli:install_main",
    "uninstall": "compiler.install.cli:uninstall_main",
    "export": "compiler.export.cli:main",
}


COMPILE = "compiler.compile_cli:main"


def main(argv: list[str] | None = None) -> int:
    """Run a command; ``argv`` None: as the program itself (the installed ``compile-ui``,
    ``python -m compiler``), which ``compile-ui FILE`` then ends at once (``_end_now``)."""
    args = sys.argv[1:] if argv is None else argv
    if args == ["--version"]:
        return print(f"compile-ui {importlib.import_module('compiler').__version__}") or 0
    target = SUBCOMMANDS.get(args[0]) if args else None
    if target is None:
        target, rest = COMPILE, args
    else:
        rest = args[1:]
    if target == SUBCOMMANDS["proxy"]:
        import signal  # only the proxy: compile-ui FILE never signals

        # a host may signal the proxy while it is still importing: end quietly (host-lifecycle.md)
        signal.signal(signal.SIGTERM, _exit_quietly)
    module_name, function_name = target.split(":")
    function: Callable[[list[str]], int] = getattr(_import_command(module_name), function_name)
    code = function(rest)
    if argv is None and target == COMPILE:
        _end_now(code)
    return code


def _end_now(code: int) -> None:
    """End the process with ``code`` once its output is flushed, without the interpreter's
    teardown: after ``compile-ui FILE`` nothing is left to do (no thread, server or child of its
    own; its files are written whole and closed), and freeing the objects its imports made, one
    module at a time, was ~10 ms of its CPU over the bare interpreter's (bench/bench_start.py).
    When the flush fails (a reader gone), it returns and the usual ending reports it, as before."""
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        return
    os._exit(code)


def _import_command(module_name: str) -> Any:
    """Import a command's module with the cyclic collector paused, then freeze what it made.

    An import makes tens of thousands of objects (classes, functions, msgspec's and the catalog's
    types) that live as long as the process and none of which is garbage: the collector walked
    them all several times while they were made and once more at exit, ~13 ms of compile-ui
    FILE's ~48 over the bare interpreter (bench/bench_start.py). gc.freeze() moves them out of
    its reach for good; objects made later are collected as usual. Only a first import freezes
    (a test calling main() again freezes nothing more of its process)."""
    if module_name in sys.modules:
        return sys.modules[module_name]
    enabled = gc.isenabled()
    gc.disable()
    try:
        _import_msgspec_alone()
        module = importlib.import_module(module_name)
    finally:
        if enabled:
            gc.enable()
    gc.freeze()
    return module


def _import_msgspec_alone() -> None:
    """Import msgspec without typing_extensions, when neither is imported yet.

    msgspec takes typing_extensions' ``get_type_hints`` if it can import the module, else
    typing's. That import, with the ``inspect`` it pulls in, was ~15 ms of compile-ui FILE's
    start (bench/bench_start.py, ``-X importtime``), and no command needs it: on Python ≥ 3.11
    typing's function resolves every annotation of our Structs the same (their types come from
    typing, never typing_extensions). The module is hidden only during msgspec's import; a later
    import (pydantic's, in the proxy) gets the real one."""
    if "msgspec" in sys.modules or "typing_extensions" in sys.modules:
        return
    sys.modules["typing_extensions"] = None  # type: ignore[assignment]  # makes its import fail
    try:
        importlib.import_module("msgspec")
    finally:
        del sys.modules["typing_extensions"]


def _exit_quietly(signum: int, frame: Any) -> None:
    raise SystemExit(0)


if __name__ == "__main__":
    sys.exit(main())
