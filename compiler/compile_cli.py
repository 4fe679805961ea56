"""``compile-ui FILE``: compile tool definitions into component trees (and pages).

A thin layer: parse arguments, call ``compiler.tools`` and ``compiler.pipeline`` (``compile`` once
per tool, then ``make_page``/``laid_out`` from the layout source the options name), write. Every
failure a user can fix is a ``CompileUIError`` and ends as one line on stderr and exit status 2;
outputs are produced whole in memory first and written atomically, so nothing is half-written.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any, NoReturn

import msgspec

from . import messages
from .cli import SUBCOMMANDS
from .compile.leads import describe, index, leads
from .errors import CompileUIError, fail
from .jsonread import parse_json
from .layout import check_spec, spec_json
from .pipeline import (
    Compiled,
    Fresh,
    Given,
    Heuristic,
    Model,
    Page,
    compile,
    laid_out,
    make_page,
    page_file_name,
)
from .tools import load_tools, pick_tool

EXAMPLES = """\
examples:
  compile-ui tool.json                      print the component tree of the tool in tool.json
  compile-ui tools.json --tool search       only the tool named "search"
  curl … | compile-ui -                     read a tools/list result from stdin
  compile-ui tools.json --out trees.json    write the trees instead of printing them
  compile-ui tool.json --html page.html     write the tool's MCP App page
  compile-ui tools.json --html pages/       one page per tool: pages/<tool>.html
  compile-ui tool.json --print-spec         the heuristic LayoutSpec (no model needed)
  compile-ui tools.json --print-leads       where each tool's result leads: its links to the
                                            other tools of the file and its paging (text)
  compile-ui tool.json --layout spec.json   apply a LayoutSpec you wrote (checked first)
  ANTHROPIC_API_KEY=… compile-ui tool.json --llm
                                            ask the model for a layout; prints the spec it
                                            used (and where each part came from) beside the tree

FILE holds one tool, a JSON array of tools, or an object with a "tools" array (a tools/list
result). One tool prints its tree; several print a JSON array of trees, in input order. Each
tool is compiled with the whole list of FILE (--tool too): a value of its result that another
read-only tool takes links to it, a paged result gets its next page (the tree's Leads node).
Exit status: 0 on success, 2 when the input is unusable (the message names the file and the
JSON Pointer of the problem).
"""

EXIT_USAGE = 2


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """argparse's, with the terminal's width read without ``shutil`` (argparse imports it, and
    ``bz2`` and ``lzma`` with it, for every argument it adds: ~3 ms of every run, for --help)."""

    def __init__(self, prog: str, **kwargs: Any) -> None:
        try:
            columns = int(os.environ["COLUMNS"])
        except (KeyError, ValueError):
            columns = 0
        if columns <= 0:  # as shutil.get_terminal_size: the environment, then the terminal, then 80
            try:
                columns = os.get_terminal_size(sys.__stdout__.fileno()).columns if sys.__stdout__ else 0
            except (AttributeError, ValueError, OSError):
                columns = 0
        super().__init__(prog, **kwargs, width=(columns or 80) - 2)


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse exits 2 too; keep its one-line shape
        self.exit(EXIT_USAGE, f"compile-ui: error: {message}\n")


def parser() -> argparse.ArgumentParser:
    p = _Parser(
        prog="compile-ui",
        description="Compile MCP tool definitions into component trees and MCP App pages. "
        f"Subcommands: {', '.join(SUBCOMMANDS)} (see compile-ui SUBCOMMAND --help); compile-ui --version.",
        epilog=EXAMPLES,
        formatter_class=_Formatter,
    )
    p.add_argument("file", metavar="FILE", help="tool definitions (JSON); - for stdin")
    p.add_argument("--tool", metavar="NAME", help="compile only the tool with this name")
    p.add_argument("--out", metavar="FILE", help="write the tree(s) to FILE instead of stdout")
    p.add_argument("--html", metavar="PATH", help="write the page: a file for one tool, a directory for several")
    layout = p.add_mutually_exclusive_group()
    layout.add_argument("--layout", metavar="SPEC", help="apply this LayoutSpec (JSON) instead of the heuristic one")
    layout.add_argument("--llm", action="store_true", help="ask the model (ANTHROPIC_API_KEY) for the layout")
    layout.add_argument("--print-spec", action="store_true", help="print the heuristic LayoutSpec instead of the tree")
    layout.add_argument("--print-leads", action="store_true", help="print each tool's links and paging instead of the tree")
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
    listed = index([tool for _, tool in found])  # the whole list, read once: where results lead
    if args.tool is not None:
        found = pick_tool(found, args.tool, source)
    if args.print_leads:
        sys.stdout.write("".join(describe(tool["name"], leads(tool, listed)) for _, tool in found))
        return
    compiled = [compile(tool, listed) for _, tool in found]  # each tool normalized and compiled once
    sources = layout_sources(args, compiled)
    pages = [make_page(c, src) if args.html else laid_out(c, src) for c, src in zip(compiled, sources, strict=True)]
    if args.html:
        write_pages([(c.tool["name"], p.html.encode()) for c, p in zip(compiled, pages, strict=True)], Path(args.html))
        if not args.out:
            return
    results = [output_for(args, page) for page in pages]
    payload = results[0] if len(results) == 1 else results
    text = msgspec.json.format(msgspec.json.encode(payload), indent=2) + b"\n"
    if args.out:
        write_atomic(Path(args.out), text)
    else:
        sys.stdout.buffer.write(text)
        sys.stdout.flush()


def layout_sources(args: argparse.Namespace, compiled: list[Compiled]) -> list[Fresh]:
    """The layout source per tool: the given spec (checked), the model's, or the heuristic."""
    if args.layout:
        if len(compiled) != 1:
            fail(messages.LAYOUT_NEEDS_ONE_TOOL, source=args.layout, count=len(compiled))
        data = parse_json(read_input(args.layout, args.layout), args.layout)
        spec, problems = check_spec(compiled[0].tree, data, compiled[0].facts)
        if spec is None:
            fail(messages.BAD_LAYOUT, pointer=problems[0].pointer, source=args.layout,
                 problems="; ".join(str(p) for p in problems))
        return [Given(spec)]
    if args.llm:
        import asyncio

        from .layout import LLMLayout, LLMSettings

        layout = LLMLayout(LLMSettings.from_env())
        generations = asyncio.run(_generate_all(layout, compiled))
        for c, generation in zip(compiled, generations, strict=True):
            if "*" in generation.reasons:  # the whole layout fell back: say why, once per tool
                print(f"compile-ui: {c.tool['name']}: heuristic layout ({generation.reasons['*']})", file=sys.stderr)
        return [Model(g) for g in generations]
    return [Heuristic()] * len(compiled)


async def _generate_all(layout: Any, compiled: list[Compiled]) -> list[Any]:
    import asyncio

    return list(await asyncio.gather(*(layout.generate(c.tool, c.tree, facts=c.facts) for c in compiled)))


def output_for(args: argparse.Namespace, page: Page) -> Any:
    if args.print_spec:
        return spec_json(page.spec, exclude_defaults=True)
    if args.llm:
        return {"spec": dict(page.record or {}), "tree": page.tree}
    return page.tree


def read_input(name: str, source: str) -> bytes:
    try:
        return sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
    except OSError as error:
        fail(messages.CANNOT_READ, source=source, detail=error.strerror or str(error))


def write_pages(pages: list[tuple[str, bytes]], target: Path) -> None:
    """(tool name, page) → one file at ``target``, or one file per tool in the directory ``target``."""
    if len(pages) == 1 and not target.is_dir() and not str(target).endswith(os.sep):
        write_atomic(target, pages[0][1])
        return
    try:
        target.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        fail(messages.CANNOT_WRITE, source=str(target), detail=error.strerror or str(error))
    for name, page in pages:
        write_atomic(target / page_file_name(name), page)


def write_atomic(path: Path, data: bytes) -> None:
    """Write through a temporary file in the same directory, then rename over the target. A
    target that is not a regular file (``/dev/null``, a FIFO, a terminal) is written into as it
    is: a rename would put a file in its place (as root, ``--html /dev/null`` replaced the device)."""
    import stat
    import tempfile  # only when writing: printing a tree never needs it

    try:
        if path.exists() and not stat.S_ISREG(path.stat().st_mode):
            with open(path, "wb") as handle:
                handle.write(data)
            return
        fd, tmp = tempfile.mkstemp(dir=path.parent if str(path.parent) else ".", prefix=f".{path.name}.")
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError as error:
        fail(messages.CANNOT_WRITE, source=str(path), detail=error.strerror or str(error))
