"""FastMCP's proxy over stdio in front of an upstream, for bench_proxy's comparison.

Run with an interpreter that has ``fastmcp`` installed (it is not a dependency of compile-ui):

    FASTMCP_PYTHON=/path/to/venv/bin/python python bench/bench_proxy.py

    <python-with-fastmcp> bench/fastmcp_proxy.py [--http PORT] COMMAND [ARGS…]

With ``--http PORT`` it serves streamable HTTP at ``http://127.0.0.1:PORT/mcp`` instead of stdio.
"""

import sys

from fastmcp.server import create_proxy

if __name__ == "__main__":
    argv = sys.argv[1:]
    port = int(argv[1]) if argv[0] == "--http" else None
    command, *args = argv[2:] if port else argv
    config = {"mcpServers": {"upstream": {"command": command, "args": args, "transport": "stdio"}}}
    if port:
        create_proxy(config).run(transport="http", host="127.0.0.1", port=port, path="/mcp", show_banner=False)
    else:
        create_proxy(config).run(show_banner=False)
