"""``compile-ui install`` and ``compile-ui uninstall``.

    compile-ui install TARGET [--name N] [--env K=V]… [--config FILE] [--dry-run] -- COMMAND [ARGS…]
    compile-ui uninstall TARGET --name N [--config FILE] [--dry-run]

TARGET: claude-desktop, cursor, vscode (the workspace's .vscode/mcp.json), or mcp-json (prints
the entry; with --config FILE merges into that file, e.g. a project's .mcp.json).
The entry runs this interpreter's compile-ui by absolute path:  proxy -- COMMAND…
Exit status: 0 on success, 2 when the file or the arguments are unusable (nothing is written).
"""

from __future__ import annotations

import argparse
import difflib
import json
import os
import sys
from collections.abc import Callable
from copy import deepcopy
from pathlib import Path
from typing import Any, NoReturn

from .. import messages
from ..errors import CompileUIError, fail
from . import configfile
from .targets import TARGETS, Target, config_path, default_name, proxy_command, server_entry

EXIT_USAGE = 2
MASK = "…"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def parser(prog: str, install: bool) -> argparse.ArgumentParser:
    p = _Parser(prog=prog, description=__doc__.splitlines()[0], epilog=__doc__.split("\n\n", 1)[1],
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("target", choices=sorted(TARGETS), metavar="TARGET", help=", ".join(sorted(TARGETS)))
    p.add_argument("--name", required=not install, help="the server's name in the host (default: from the command)")
    p.add_argument("--config", metavar="FILE", help="this config file instead of the host's usual one")
    p.add_argument("--dry-run", action="store_true", help="show the change, write nothing")
    if install:
        p.add_argument("--env", action="append", default=[], metavar="K=V", help="environment for the server (repeatable)")
    return p


def install_main(argv: list[str]) -> int:
    cut = argv.index("--") if "--" in argv else len(argv)  # everything after -- is the server's
    args = parser("compile-ui install", True).parse_args(argv[:cut])
    args.command = argv[cut + 1:]
    return _run(lambda: install(args), "compile-ui install")


def uninstall_main(argv: list[str]) -> int:
    args = parser("compile-ui uninstall", False).parse_args(argv)
    return _run(lambda: uninstall(args), "compile-ui uninstall")


def _run(action: Callable[[], None], prog: str) -> int:
    try:
        action()
    except CompileUIError as error:
        print(f"{prog}: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    return 0


def install(args: argparse.Namespace) -> None:
    upstream = args.command
    if not upstream:
        fail(messages.INSTALL_NO_COMMAND)
    target = TARGETS[args.target]
    name = args.name or default_name(upstream)
    entry = server_entry(target, upstream, parse_env(args.env), proxy_command())
    if target.name == "mcp-json" and not args.config:
        print(json.dumps({target.servers_key: {name: entry}}, indent=2, ensure_ascii=False))
        return
    config = configfile.read(target_path(target, args.config), target.servers_key)
    action = "updated" if name in config.data.get(target.servers_key, {}) else "added"
    apply(config, configfile.with_entry(config, target.servers_key, name, entry), target, name, args.dry_run, action)


def uninstall(args: argparse.Namespace) -> None:
    target = TARGETS[args.target]
    if target.name == "mcp-json" and not args.config:
        fail(messages.INSTALL_NO_HOME, variable="config", target="mcp-json", platform="this machine")
    config = configfile.read(target_path(target, args.config), target.servers_key)
    apply(config, configfile.without_entry(config, target.servers_key, args.name), target, args.name, args.dry_run, "removed")


def apply(config: configfile.ConfigFile, data: dict[str, Any], target: Target, name: str, dry_run: bool, action: str) -> None:
    if config.text is not None and data == config.data:
        print(messages.INSTALL_UNCHANGED.format(path=config.path, name=name), file=sys.stderr)
        return
    text = config.render(data)
    if dry_run:
        print(messages.INSTALL_DRY_RUN.format(path=config.path), file=sys.stderr)
        sys.stdout.writelines(diff(config, data))
        return
    backup = configfile.write(config, text)
    if backup is None:
        print(messages.INSTALL_CREATED.format(name=name, path=config.path), file=sys.stderr)
    else:
        print(messages.INSTALL_WROTE.format(action=action, name=name, path=config.path, backup=backup), file=sys.stderr)
    print(messages.INSTALL_RESTART.format(host=target.host), file=sys.stderr)


def diff(config: configfile.ConfigFile, data: dict[str, Any]) -> list[str]:
    """A unified diff of the change, environment values masked (they may be keys)."""
    old = config.render(masked(config.data)) if config.text is not None else ""
    new = config.render(masked(data))
    return list(difflib.unified_diff(old.splitlines(True), new.splitlines(True), str(config.path), str(config.path)))


def masked(data: dict[str, Any]) -> dict[str, Any]:
    copy = deepcopy(data)
    for servers in (copy.get("mcpServers"), copy.get("servers")):
        for entry in (servers or {}).values() if isinstance(servers, dict) else ():
            if isinstance(entry, dict) and isinstance(entry.get("env"), dict):
                entry["env"] = {k: MASK for k in entry["env"]}
    return copy


def parse_env(pairs: list[str]) -> dict[str, str]:
    env = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            fail(messages.INSTALL_BAD_ENV, value=pair)
        env[key] = value
    return env


def target_path(target: Target, given: str | None) -> Path:
    if given:
        return Path(given).expanduser()
    return Path(config_path(target.name, platform=sys.platform, env=os.environ, home=Path.home(), cwd=Path.cwd()))
