"""``compile-ui preview`` and ``compile-ui demo``.

    compile-ui preview [--port N] [--no-browser] -- COMMAND [ARGS…]   any MCP server
    compile-ui preview [--port N] [--no-browser] FILE                 tool definitions only
    compile-ui demo    [--port N] [--no-browser]                      the built-in demo server

Prints the URL on its first line of output, then serves until interrupted (Ctrl-C).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import socket
import sys
import webbrowser
from pathlib import Path

import uvicorn

from compiler.httpguard import GuardSettings, guard

from .backend import Backend, app

DEFAULT_PORT = 8765
GRACE_S = 2
"""On SIGTERM or Ctrl-C, how long requests in flight may still finish. uvicorn's default waits for
them without end, and a page's calls may be long: its question poll (``_ui_question``, sent a
second into any run still going) is held up to 25 s, a tool may never answer."""


def parser(prog: str, with_target: bool) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog=prog, description=__doc__.splitlines()[0], formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog=__doc__.split("\n\n", 1)[1])
    p.add_argument("--port", type=int, default=None, help=f"port on 127.0.0.1 (default {DEFAULT_PORT}, or any free one if taken)")
    p.add_argument("--no-browser", action="store_true", help="do not open a browser")
    p.add_argument("--results", metavar="DIR", help="FILE mode: recorded results (corpus format) to answer calls with")
    if with_target:
        p.add_argument("target", nargs=argparse.REMAINDER, help="FILE, or -- COMMAND [ARGS…]")
    return p


def main(argv: list[str]) -> int:
    args = parser("compile-ui preview", True).parse_args(argv)
    target = args.target[1:] if args.target[:1] == ["--"] else args.target
    if not target:
        print("compile-ui preview: error: give a FILE of tool definitions, or -- COMMAND [ARGS…]", file=sys.stderr)
        return 2
    if len(target) == 1 and Path(target[0]).is_file() and args.target[:1] != ["--"]:
        upstream = [sys.executable, "-m", "compiler.preview.recorded", target[0]]
        if args.results:
            upstream += ["--results", args.results]
    else:
        upstream = target
    return serve(upstream, args.port, not args.no_browser)


def demo_main(argv: list[str]) -> int:
    args = parser("compile-ui demo", False).parse_args(argv)
    return serve([sys.executable, "-m", "compiler.demo.server"], args.port, not args.no_browser)


def bind(port: int | None) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(("127.0.0.1", DEFAULT_PORT if port is None else port))
    except OSError:
        if port is not None:
            raise
        sock.bind(("127.0.0.1", 0))  # the default port is taken: any free one
    sock.listen(128)  # listening before the URL is printed: early connections wait in the backlog
    return sock


def serve(upstream: list[str], port: int | None, open_browser: bool) -> int:
    try:
        sock = bind(port)
    except OSError as error:
        print(f"compile-ui preview: error: cannot listen on 127.0.0.1:{port}: {error.strerror}", file=sys.stderr)
        return 2
    url = f"http://127.0.0.1:{sock.getsockname()[1]}/"
    with contextlib.suppress(KeyboardInterrupt):
        asyncio.run(_serve(upstream, sock, url, open_browser))
    return 0


async def _serve(upstream: list[str], sock: socket.socket, url: str, open_browser: bool) -> None:
    backend = Backend(upstream, ["--no-cache"])
    await backend.start()
    try:
        settings = GuardSettings(port=sock.getsockname()[1], own_header=True)
        server = uvicorn.Server(uvicorn.Config(guard(app(backend), settings), log_level="warning", lifespan="off",
                                               timeout_graceful_shutdown=GRACE_S))
        print(url, flush=True)
        print(f"compile-ui: previewing {backend.server.get('name', 'the server')} at {url} (Ctrl-C to stop)", file=sys.stderr, flush=True)
        if open_browser:
            webbrowser.open(url)
        await server.serve(sockets=[sock])
    finally:
        await backend.stop()
