"""``compile-ui export``: one page per tool plus manifest.json, for shipping the pages yourself.

    compile-ui export DIR FILE                                   tools from a file
    compile-ui export DIR -- COMMAND [ARGS…]                     a server started over stdio
    compile-ui export DIR --upstream-url URL [--upstream-transport streamable-http|sse]

Each page is DIR/<tool>.html, to serve as ui://compile-ui/<tool> (the URI the proxy serves it under)
with mimeType text/html;profile=mcp-app;
manifest.json maps every tool to its URI, file, sha256, the runtime version and the layout used.
Tools that bring their own app are left out. Re-running with unchanged tools rewrites nothing.
Exit status: 0 on success, 2 when the input or the server is unusable (nothing is written).
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import NoReturn

from .. import messages
from ..errors import CompileUIError, fail
from . import files, sources

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message}\n")


def parser() -> argparse.ArgumentParser:
    p = _Parser(prog="compile-ui export", description=__doc__.splitlines()[0], epilog=__doc__.split("\n\n", 1)[1],
                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("dir", metavar="DIR", help="where the pages and manifest.json go")
    p.add_argument("file", metavar="FILE", nargs="?", help="tool definitions (JSON), as compile-ui FILE reads them")
    p.add_argument("--upstream-url", metavar="URL", help="a server over streamable HTTP (or SSE)")
    p.add_argument("--upstream-transport", choices=["streamable-http", "sse"], default="streamable-http")
    p.add_argument("--tool", action="append", metavar="NAME", help="only these tools (repeatable)")
    return p


def main(argv: list[str]) -> int:
    cut = argv.index("--") if "--" in argv else len(argv)  # everything after -- is the server's
    args = parser().parse_args(argv[:cut])
    args.command = argv[cut + 1:]
    try:
        run(args)
    except CompileUIError as error:
        print(f"compile-ui export: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    return 0


def run(args: argparse.Namespace) -> None:
    from compiler import __version__
    from runtime_js import RUNTIME_VERSION

    if sum(map(bool, (args.file, args.upstream_url, args.command))) != 1:
        fail(messages.EXPORT_ONE_SOURCE)
    if args.file:
        tools = sources.from_file(args.file)
    else:
        tools = asyncio.run(sources.from_server(args.command, args.upstream_url, args.upstream_transport))
    listed = tools  # links lead to any tool of the server, exported or not (their views are inlined)
    if args.tool:
        tools = [t for t in tools if t.get("name") in set(args.tool)]
    plan = files.plan(tools, f"compile-ui {__version__}", RUNTIME_VERSION, listed)
    for name, uri in plan.skipped.items():
        print("compile-ui export: " + messages.EXPORT_SKIPPED.format(name=name, uri=uri), file=sys.stderr)
    if not plan.pages:
        fail(messages.EXPORT_NO_TOOLS, skipped=", ".join(plan.skipped) or "none")
    outcome = files.write(Path(args.dir), plan)
    print("compile-ui export: " + messages.EXPORT_SUMMARY.format(
        written=len(outcome.written), unchanged=len(outcome.unchanged), removed=len(outcome.removed),
        manifest=outcome.manifest), file=sys.stderr)
