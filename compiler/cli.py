"""The ``compile-ui`` command: a thin dispatcher over plain functions.

``compile-ui FILE …`` compiles tool definitions (``compiler.compile_cli``); the subcommands
live beside the code they drive and are imported only when used, so ``compile-ui FILE`` never
pays for the proxy's imports.
"""

from __future__ import annotations

import importlib
import signal
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


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args == ["--version"]:
        return print(f"compile-ui {importlib.import_module('compiler').__version__}") or 0
    target = SUBCOMMANDS.get(args[0]) if args else None
    if target is None:
        target, rest = "compiler.compile_cli:main", args
    else:
        rest = args[1:]
    if target == SUBCOMMANDS["proxy"]:
        # a host may signal the proxy while it is still importing: end quietly (host-lifecycle.md)
        signal.signal(signal.SIGTERM, _exit_quietly)
    module_name, function_name = target.split(":")
    function: Callable[[list[str]], int] = getattr(importlib.import_module(module_name), function_name)
    return function(rest)


def _exit_quietly(signum: int, frame: Any) -> None:
    raise SystemExit(0)


if __name__ == "__main__":
    sys.exit(main())
