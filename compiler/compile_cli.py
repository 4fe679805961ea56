"""``compile-ui FILE``: compile tool definitions into component trees (and pages).

A thin layer: parse arguments, call ``compiler.tools`` and ``compiler.pipeline``, write. Every
failure a user can fix is a ``CompileUIError`` and ends as one line on stderr and exit status 2;
outputs are produced whole in memory first and written atomically, so nothing is half-written.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from pathlib import Path

import msgspec

from . import messages
from .errors import CompileUIError, fail
from .pipeline import build_page, compile_tool
from .tools import Tool, load_tools, pick_tool

EXAMPLES = """\
examples:
  compile-ui tool.json                      print the component tree of the tool in tool.json
  compile-ui tools.json --tool search       only the tool named "search"
  curl … | compile-ui -                     read a tools/list result from stdin
  compile-ui tools.json --out trees.json    write the trees instead of printing them
  compile-ui tool.json --html page.html     write the tool's MCP App page
  compile-ui tools.json --html pages/       one page per tool: pages/<tool>.html

FILE holds one tool, a JSON array of tools, or an object with a "tools" array (a tools/list
result). One tool prints its tree; several print a JSON array of trees, in input order.
Exit status: 0 on success, 2 when the input is unusable (the message names the file and the
JSON Pointer of the problem).
"""

EXIT_USAGE = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse exits 2 too; keep its one-line shape
        self.exit(EXIT_USAGE, f"compile-ui: error: {message}\n")


def parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="compile-ui",
        description="Compile MCP tool definitions into component trees and MCP App pages. "
        "Subcommands: proxy, preview, demo (see compile-ui SUBCOMMAND --help).",
        epilog=EXAMPLES,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("file", metavar="FILE", help="tool definitions (JSON); - for stdin")
    p.add_argument("--tool", metavar="NAME", help="compile only the tool with this name")
    p.add_argument("--out", metavar="FILE", help="write the tree(s) to FILE instead of stdout")
    p.add_argument("--html", metavar="PATH", help="write the page: a file for one tool, a directory for several")
    return p


def main(argv: list[str]) -> int:
    args = parser().parse_args(argv)
    try:
        run(args)
    except CompileUIError as error:
        print(f"compile-ui: error: {error}", file=sys.stderr)
        return EXIT_USAGE
    return 0


def run(args: argparse.Namespace) -> None:
    source = "<stdin>" if args.file == "-" else args.file
    found = load_tools(read_input(args.file, source), source)
    if args.tool is not None:
        found = pick_tool(found, args.tool, source)
    tools = [tool for _, tool in found]
    if args.html:
        write_pages(tools, Path(args.html))
    trees = [compile_tool(tool) for tool in tools]
    if args.html and not args.out:
        return
    payload = trees[0] if len(trees) == 1 else trees
    text = msgspec.json.format(msgspec.json.encode(payload), indent=2) + b"\n"
    if args.out:
        write_atomic(Path(args.out), text)
    else:
        sys.stdout.buffer.write(text)
        sys.stdout.flush()


def read_input(name: str, source: str) -> bytes:
    try:
        return sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    except OSError as error:
        fail(messages.CANNOT_READ, source=source, detail=error.strerror or str(error))


def write_pages(tools: list[Tool], target: Path) -> None:
    pages = [(tool["name"], build_page(tool).encode()) for tool in tools]
    if len(pages) == 1 and not target.is_dir() and not str(target).endswith(os.sep):
        write_atomic(target, pages[0][1])
        return
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(messages.CANNOT_WRITE, source=str(target), detail=error.strerror or str(error))
    for name, page in pages:
        write_atomic(target / page_file_name(name), page)


def page_file_name(tool_name: str) -> str:
    """A safe file name for a tool's page (tool names are untrusted: no separators, no dots first)."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "_", tool_name).lstrip(".") or "tool"
    return safe[:120] + ".html"


def write_atomic(path: Path, data: bytes) -> None:
    """Write through a temporary file in the same directory, then rename over the target."""
    try:
        fd, tmp = tempfile.mkstemp(dir=path.parent if str(path.parent) else ".", prefix=f".{path.name}.")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError as error:
        fail(messages.CANNOT_WRITE, source=str(path), detail=error.strerror or str(error))
